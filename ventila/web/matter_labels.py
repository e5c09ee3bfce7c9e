"""What the preventive matters' forms (issue 16) show differently from other kinds: the queue's buttons,
who the person concerned is, the kind's own field labels and the limits on every text. Imported by
the generic act form (:mod:`ventila.web.forms`) and the matter form alike."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _

from ventila.cases.labels import KIND_FIELDS

# The kinds staff open with this form, and the queue's button for each (offered where the body's
# rulebook has the kind).
MATTER_BUTTONS = {
    "outside_activity": _("Anotar notificación de actividad extra-legislativa"),
    "report_access_request": _("Anotar solicitud de acceso a un informe financiero"),
    "regulation": _("Anotar reglamento o circulación del Código"),
    "advisory_opinion": _("Anotar solicitud de opinión consultiva"),
}
# Who the person concerned is, by kind (the register's person the matter is about).
PERSON_LABELS = {
    "outside_activity": _("Representante que notifica"),
    "report_access_request": _("Persona cuyo informe se solicita"),
    "advisory_opinion": _("Quién solicita la opinión"),
}
# A yes/no the form asks outright (a box left unticked would say nothing): the rulebook reads «No».
ASKED_YES_NO = {("report_access_request", "report_is_final")}
# Long texts get a text area; every text has a limit (a longer one is refused, never cut).
LONG_TEXTS = {"nature", "interest_statement", "grounds", "requester_address", "facts", "opinion_text"}
TEXT_LIMIT, LONG_TEXT_LIMIT = 300, 4000


def relabel(form: forms.Form, kind: str, names: list[str]) -> None:
    """The labels a field takes in this kind of case (``KIND_FIELDS``), and a limit on every text."""
    for name in names:
        field = form.fields.get(name)
        if field is None:
            continue
        if (kind, name) in KIND_FIELDS:
            field.label = KIND_FIELDS[(kind, name)]
        if isinstance(field, forms.CharField) and not isinstance(field, forms.EmailField):
            limit = LONG_TEXT_LIMIT if name in LONG_TEXTS else TEXT_LIMIT
            field.max_length = field.max_length or limit
            field.validators.append(MaxLengthValidator(field.max_length))
            field.widget.attrs.setdefault("maxlength", str(field.max_length))
            if name in LONG_TEXTS and not isinstance(field.widget, forms.Textarea):
                field.widget = forms.Textarea(attrs={"rows": 3, "maxlength": str(field.max_length)})
