"""Forms for drafts, service and receipts; every message in Spanish, nothing typed is lost."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.html import format_html_join, mark_safe
from django.utils.translation import gettext_lazy as _

from . import catalog
from .models import Delivery, Language


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Idioma del documento"),
        choices=Language.choices,
        initial="es",
        help_text=_("El documento se genera en este idioma."),
    )


class DraftForm(forms.Form):
    title = forms.CharField(label=_("Título"), max_length=200, help_text=_("El título que encabeza el documento."))

    def __init__(self, *args: Any, document: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.document = document
        self.initial.setdefault("title", document.title)
        for s in document.sections:
            name = f"section_{s['key']}"
            self.fields[name] = forms.CharField(
                label=s["heading"] or s["key"], required=False, widget=forms.Textarea(attrs={"rows": 4})
            )
            self.initial.setdefault(name, s["text"])

    def section_fields(self) -> list[dict[str, Any]]:
        """Each section's field with its key and heading (the page puts «Regenerar» beside each)."""
        return [
            {"field": self[f"section_{s['key']}"], "key": s["key"], "heading": s["heading"] or s["key"]}
            for s in self.document.sections
        ]

    def texts(self) -> dict[str, str]:
        return {s["key"]: self.cleaned_data.get(f"section_{s['key']}", "") for s in self.document.sections}


class RevealRadioSelect(forms.RadioSelect):
    """Radios whose options name the panel of fields each one reveals (``data-reveals``): the page
    shows a panel only while its option is chosen (CSS ``:has``; without it, every panel shows)."""

    def __init__(self, *args: Any, reveals: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reveals = reveals or {}

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        panel = self.reveals.get(str(value))
        if panel:
            option["attrs"] = {**option["attrs"], "data-reveals": panel}
        return option


EMAIL_METHODS = (Delivery.Method.EMAIL_ATTACHMENT, Delivery.Method.EMAIL_LINK)
RECEIPT_METHODS = (Delivery.Method.HAND, Delivery.Method.MAIL)
# The capacity of a recipient who is not a party (the labels of the roles a document may go to).
OTHER_ROLES = [("speaker", _("Presidente de la Cámara")), ("requester", _("Solicitante")), ("other", _("Otra"))]


class DeliveryForm(forms.Form):
    """Who receives the document and how; each method asks only what it needs (conditional reveal),
    and only the chosen method's fields are checked."""

    recipient = forms.ChoiceField(
        label=_("Destinatario"),
        widget=RevealRadioSelect(reveals={"other": "other"}),
        error_messages={"required": _("Elija a quién se notifica.")},
    )
    name = forms.CharField(label=_("Nombre"), max_length=200, required=False)
    role = forms.ChoiceField(label=_("Calidad"), required=False, choices=OTHER_ROLES)
    method = forms.ChoiceField(
        label=_("Medio"),
        choices=Delivery.Method.choices,
        widget=RevealRadioSelect(
            reveals={**{m.value: "email" for m in EMAIL_METHODS}, **{m.value: "receipt" for m in RECEIPT_METHODS}}
        ),
        error_messages={"required": _("Elija cómo se notifica el documento.")},
    )
    email = forms.CharField(label=_("Correo electrónico"), max_length=254, required=False)
    received_on = forms.CharField(
        label=_("Fecha de recibo"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("El día en que el destinatario lo recibió; de ese día corren los términos."),
    )
    note = forms.CharField(
        label=_("Constancia"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Quién recibió, dónde, y la constancia (firma, acuse)."),
    )

    def __init__(self, *args: Any, document: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parties = {f"party-{p.pk}": p for p in document.case.parties.all()}
        self.fields["recipient"].choices = [
            (k, f"{p.name} ({p.get_role_display()})") for k, p in self.parties.items()
        ] + [("other", _("Otra persona"))]
        self.fields["name"].help_text = _("Por ejemplo, el Presidente de la Cámara.")
        # The document's addressee first: the first of its recipients not yet served, a party if it is
        # one (its capacity is the party's role), else another person in that capacity.
        served = {d.recipient_role for d in document.deliveries.all()}
        roles = list(catalog.BY_KEY[document.template].recipients)
        role = next((r for r in roles if r not in served), roles[0] if roles else "")
        party = next((k for k, p in self.parties.items() if p.role == role), None)
        if party is not None:
            self.initial.setdefault("recipient", party)
        elif role:
            self.initial.setdefault("recipient", "other")
            if role in dict(OTHER_ROLES):
                self.initial.setdefault("role", role)
            addressee = next((s["text"] for s in document.sections if s["key"] == "addressee"), "")
            self.initial.setdefault("name", addressee.split("\n", 1)[0].strip())
        self.fields["email"].help_text = self._email_hint()

    def _email_hint(self) -> Any:
        """Whose address a blank e-mail field stands for: the selected recipient's (issue 29: it named the
        complainant while the respondent was selected). One sentence per recipient, the others ``hidden``;
        web/forms.js shows the one of the recipient chosen next (without it, the one chosen when the page came)."""
        chosen = str(self.data.get("recipient") if self.is_bound else self.initial.get("recipient", ""))
        hints = [
            (
                key,
                _("Si lo deja en blanco, se usa el que consta de %(name)s: %(email)s.")
                % {"name": p.name, "email": p.email}
                if p.email
                else _("No consta el correo de %(name)s: escríbalo.") % {"name": p.name},
            )
            for key, p in self.parties.items()
        ]
        hints.append(("other", _("Escriba el correo de la persona que recibe el documento.")))
        return format_html_join(
            "",
            '<span data-hint-for="{}"{}>{}</span>',
            ((key, mark_safe(" hidden") if key != chosen else "", text) for key, text in hints),  # nosec B308 B703
        )

    # The template lays the form out from these: each radio, and after the last radio of a panel the
    # fields it reveals.
    PANELS = {"other": ("name", "role"), "email": ("email",), "receipt": ("received_on", "note")}

    def layout(self, field: str) -> list[tuple[Any, dict[str, Any] | None]]:
        """(radio, the fields revealed after it) for each option of ``field``."""
        widget = self.fields[field].widget
        radios = list(self[field])
        out: list[tuple[Any, dict[str, Any] | None]] = []
        for i, radio in enumerate(radios):
            panel = widget.reveals.get(str(radio.data["value"]))
            after = radios[i + 1].data["value"] if i + 1 < len(radios) else None
            last = panel and widget.reveals.get(str(after)) != panel
            out.append((radio, {"id": panel, "fields": [self[f] for f in self.PANELS[panel]]} if last else None))
        return out

    def recipient_layout(self) -> list[tuple[Any, Any]]:
        return self.layout("recipient")

    def method_layout(self) -> list[tuple[Any, Any]]:
        return self.layout("method")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        key, method = data.get("recipient"), data.get("method")
        # Only the fields of the chosen recipient and method count; what the others hold is ignored.
        if key != "other":
            data["name"], data["role"] = "", ""
        if method not in EMAIL_METHODS:
            data["email"] = ""
        if method not in RECEIPT_METHODS:
            data["received_on"], data["note"] = None, ""
        if key == "other":
            data["name"] = (data.get("name") or "").strip()
            if not data["name"]:
                self.add_error("name", _("Indique el nombre del destinatario."))
            data["role_value"] = data.get("role") or "other"
        elif key in self.parties:
            p = self.parties[key]
            data["name"] = p.name
            data["role_value"] = p.role
            if method in EMAIL_METHODS and not (data.get("email") or "").strip():
                data["email"] = p.email
        if method in EMAIL_METHODS:
            email = (data.get("email") or "").strip()
            data["email"] = email
            if not email:
                self.add_error("email", _("Indique el correo electrónico del destinatario."))
            else:
                try:
                    validate_email(email)
                except ValidationError:
                    self.add_error("email", _("Escriba una dirección de correo válida, como nombre@ejemplo.org."))
        if method in RECEIPT_METHODS:
            raw = (data.get("received_on") or "").strip()
            try:
                data["received_on"] = dt.date.fromisoformat(raw) if raw else None
            except ValueError:
                data["received_on"] = None
                self.add_error("received_on", _("Escriba una fecha válida (AAAA-MM-DD)."))
            else:
                if data["received_on"] is None:
                    self.add_error("received_on", _("Indique la fecha en que el destinatario recibió el documento."))
        return data


class ReceiptForm(forms.Form):
    received_on = forms.DateField(
        label=_("Fecha de recibo"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("El día en que el destinatario recibió el documento; de ese día corren los términos."),
        error_messages={
            "required": _("Indique la fecha de recibo."),
            "invalid": _("Escriba una fecha válida (AAAA-MM-DD)."),
        },
    )
    note = forms.CharField(
        label=_("Constancia"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("El acuse de recibo, la firma o la constancia del correo."),
    )
