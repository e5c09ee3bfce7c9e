"""Forms for drafts, service and receipts; every message in Spanish, nothing typed is lost."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

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

    def texts(self) -> dict[str, str]:
        return {s["key"]: self.cleaned_data.get(f"section_{s['key']}", "") for s in self.document.sections}


class DeliveryForm(forms.Form):
    recipient = forms.ChoiceField(label=_("Destinatario"), help_text=_("Una parte del caso u otra persona."))
    name = forms.CharField(
        label=_("Nombre"),
        max_length=200,
        required=False,
        help_text=_("Para otra persona (por ejemplo, el Presidente de la Cámara)."),
    )
    email = forms.EmailField(
        label=_("Correo electrónico"),
        required=False,
        help_text=_("Se usa el de la parte si se deja en blanco."),
        error_messages={"invalid": _("Escriba una dirección de correo válida, como nombre@ejemplo.org.")},
    )
    role = forms.ChoiceField(
        label=_("Calidad (otra persona)"),
        required=False,
        choices=[("speaker", _("Presidente de la Cámara")), ("requester", _("Solicitante")), ("other", _("Otra"))],
    )
    method = forms.ChoiceField(label=_("Medio"), choices=Delivery.Method.choices, widget=forms.RadioSelect)
    received_on = forms.DateField(
        label=_("Fecha de recibo"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_(
            "Para entrega personal o por correo postal: el día en que el destinatario lo recibió; de "
            "ese día corren los términos."
        ),
        error_messages={"invalid": _("Escriba una fecha válida (AAAA-MM-DD).")},
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

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        key = data.get("recipient")
        if key == "other":
            if not data.get("name"):
                self.add_error("name", _("Indique el nombre del destinatario."))
            data["role_value"] = data.get("role") or "other"
        elif key in self.parties:
            p = self.parties[key]
            data["name"] = data.get("name") or p.name
            data["email"] = data.get("email") or p.email
            data["role_value"] = p.role
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
