"""Opening a matter of the Code's preventive half by hand (issue 16): a notice of outside activity
(Sec. 11), a sworn request to inspect a financial report (Sec. 17), a regulation of the Commission or
the circulation of the Code (Sec. 27).

The form is built from the opening act's ``EventSpec`` (its payload fields, hints and checks, as for
any act) plus, where the kind concerns someone of the register (``KindSpec.respondent_roles``), the
person concerned and the office they hold. The acts that follow are recorded through the case page's
ordinary act forms (:class:`ventila.web.forms.ActForm`)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ventila import clock
from ventila.bodies.models import Body, OfficeTerm, offices_held_on
from ventila.cases.actions import ActInput
from ventila.cases.evaluation import CaseFacts, compute_caption, compute_evaluation, event_spec, rulebook_and_kind
from ventila.cases.labels import FIELDS
from ventila.rules import RULEBOOKS
from ventila.rules.engine import FormContext
from ventila.web.forms import AttachmentMixin, WhenMixin, _payload_field, apply_hints, payload_of, yes_no_field
from ventila.web.matter_labels import ASKED_YES_NO, MATTER_BUTTONS, PERSON_LABELS, relabel


def matter_kinds(body: Body) -> list[str]:
    """The kinds of this body's rulebook opened with the matter form."""
    kinds = RULEBOOKS[body.rulebook].kinds
    return [k for k in MATTER_BUTTONS if k in kinds]


def opening_acts(body: Body, kind: str) -> list[str]:
    """The acts that may open a case of ``kind``: those the rulebook allows on an empty docket."""
    facts = CaseFacts(body.rulebook, kind, "", False, (), ())
    allowed = compute_evaluation(facts, [], clock.today()).allowed_next
    events = rulebook_and_kind(body.rulebook, kind)[1].events
    return [a for a in allowed if a in events and not events[a].record_only]


def person_choices(body: Body, kind: str, day: dt.date) -> list[tuple[str, str]]:
    """The offices of the register a person concerned by ``kind`` may hold on ``day``."""
    roles = rulebook_and_kind(body.rulebook, kind)[1].respondent_roles
    offices = offices_held_on(day, roles)
    return [(str(o.pk), f"{o.person} — {o.title}") for o in offices]


class MatterForm(WhenMixin, AttachmentMixin):
    """The opening act of a matter, with the person concerned from the register (where the kind has one)."""

    def __init__(self, *args: Any, body: Body, kind: str, event_type: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.body, self.kind, self.event_type = body, kind, event_type
        self.spec = event_spec(body.rulebook, kind, event_type)
        self.kind_spec = rulebook_and_kind(body.rulebook, kind)[1]
        day = clock.today()
        self.has_person = bool(self.kind_spec.respondent_roles)
        if self.has_person:
            self.fields["person_office"] = forms.ChoiceField(
                label=PERSON_LABELS.get(kind, _("Persona concernida")),
                choices=[("", "—"), *person_choices(body, kind, day)],
                help_text=_("La persona y el cargo que ocupa, del registro de personas obligadas."),
                error_messages={
                    "required": _("Elija la persona del registro."),
                    "invalid_choice": _("Elija la persona del registro."),
                },
            )
        self.fields["occurred_date"].label = _("Fecha de recibo")
        self.fields["occurred_date"].help_text = _("El día en que se recibió; de él corren los términos.")
        self.fields["occurred_time"].label = _("Hora de recibo")
        self.payload_names: list[str] = []
        for name, fspec in self.spec.fields.items():
            if name == "requester_role" and self.has_person:
                continue  # Sec. 19(a): the requester's office in the register says who asks (CAM-19A-01)
            if (kind, name) in ASKED_YES_NO:
                required = _("Indique si el informe solicitado es final (Sec. 17(1)).")
                field: forms.Field = yes_no_field(FIELDS.get(name, name), required)
            else:
                field = _payload_field(name, fspec, None, day, event_type)
            self.fields[name] = field
            self.payload_names.append(name)
        relabel(self, kind, self.payload_names)
        if self.spec.hints is not None:
            apply_hints(self, self.spec.hints(FormContext("", day, kind, filing=True)))
        self.order_fields(
            ["person_office", "occurred_date", "occurred_time", *self.payload_names, "note", "attachment"]
        )
        if not self.is_bound:
            self.initial.setdefault("occurred_date", day)

    def clean_person_office(self) -> OfficeTerm:
        value = self.cleaned_data["person_office"]
        allowed = {k for k, _label in self.fields["person_office"].choices if k}
        office = OfficeTerm.objects.select_related("person").filter(pk=value).first() if value in allowed else None
        if office is None:
            raise forms.ValidationError(_("Elija la persona del registro."))
        return office

    def office(self) -> OfficeTerm | None:
        return self.cleaned_data.get("person_office") if self.has_person else None

    def act_input(self) -> ActInput:
        at, has_time = self.moment()
        yes_no = frozenset(n for n in self.payload_names if (self.kind, n) in ASKED_YES_NO)
        payload = payload_of(self.spec, self.payload_names, self.cleaned_data, yes_no)
        office = self.office()
        if "requester_role" in self.spec.fields and office is not None:
            payload["requester_role"] = office.role
        return ActInput(self.event_type, at, has_time, payload, {}, self.cleaned_data.get("note", ""), self.documents())

    def caption(self) -> str:
        """The case's caption: the kind's (``KindSpec.caption``) for the person, or, for a regulation, with its title."""
        office = self.office()
        caption = compute_caption(self.kind_spec, str(office.person) if office else "", office.title if office else "")
        title = str(self.cleaned_data.get("title") or "").strip()
        return f"{caption}: «{title}»" if title and office is None else caption


class ReportForm(forms.Form):
    file = forms.FileField(
        label=_("Copia del informe financiero solicitado (PDF)"),
        error_messages={"required": _("Elija el archivo PDF del informe.")},
    )
    covers_year = forms.IntegerField(
        label=_("Año que cubre (opcional)"), required=False, min_value=2000, max_value=2100
    )

    def __init__(self, *args: Any, rule: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if rule:  # the rulebook's rule on when access lies (Sec. 17(1) ¶2)
            self.fields["file"].help_text = _(
                "Se guarda sellada con su huella SHA-256 y no se muestra hasta que proceda el acceso (Sec. 17, %(rule)s)."
            ) % {"rule": rule}
