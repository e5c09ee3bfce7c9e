"""The staff form that opens a case by hand (a complaint received in person or by e-mail, an OEG referral,
a body's other kinds), its respondent from the register of offices, and the queue's buttons that lead to it."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ventila import clock
from ventila.bodies.models import Body, OfficeTerm, offices_held_on
from ventila.cases.actions import ActInput
from ventila.cases.evaluation import event_spec
from ventila.rules import RULEBOOKS
from ventila.rules.engine import FormContext
from ventila.web.forms import AttachmentMixin, WhenMixin, _payload_field, apply_hints, payload_of


def respondent_of(office: OfficeTerm | None) -> dict[str, Any]:
    """The new case's respondent (:func:`do_file_case`'s arguments): the person in ``office`` and that office (none:
    a matter that concerns nobody, a regulation)."""
    if office is None:
        return {"respondent": None, "respondent_role": "", "respondent_office": ""}
    return {"respondent": office.person, "respondent_role": office.role, "respondent_office": office.title}


def respondent_choices(body: Body, day: dt.date) -> list[tuple[str, str]]:
    roles = RULEBOOKS[body.rulebook].register.roles
    offices = offices_held_on(day, roles)
    return [(str(o.pk), f"{o.person} — {o.title}") for o in offices]


def filing_event(body: Body, kind: str) -> str:
    """The act that opens a case of ``kind`` the staff docket by hand ("": the body files none by hand)."""
    spec = RULEBOOKS[body.rulebook].kinds.get(kind)
    return spec.filing_act if spec is not None else ""


# The queue's button for docketing each kind but the complaint, offered where the body's rulebook has it.
FILING_BUTTONS = {
    "referral": _("Anotar referido de la OEG"),
    "suspension_proceeding": _("Anotar procedimiento especial de suspensión"),
    "deadlock": _("Anotar estado de fricción"),
}
# The queue's button for each of a body's own pages (``Rulebook.pages.offered``): its view and its label.
PAGE_BUTTONS = {
    "composition": ("web:composition", _("Composición")),
    "per_diem": ("web:per_diem", _("Dietas y gastos")),
}


class FilingForm(WhenMixin, AttachmentMixin):
    """A complaint (or an OEG referral) received in person or by e-mail, docketed by staff."""

    # The body's own citations and words are its rulebook's form hints (``EventSpec.hints``, filing=True).
    respondent_office = forms.ChoiceField(label=_("Parte querellada"))
    respondent_candidate = forms.BooleanField(
        label=_("La parte querellada es candidata en las próximas elecciones"), required=False
    )
    complainant_name = forms.CharField(label=_("Nombre completo de la parte querellante"), max_length=200)
    complainant_address = forms.CharField(
        label=_("Dirección postal"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    complainant_email = forms.EmailField(label=_("Correo electrónico"), required=False)
    complainant_phone = forms.CharField(label=_("Teléfono"), max_length=40)
    facts = forms.CharField(
        label=_("Relación detallada y específica de los hechos"), widget=forms.Textarea(attrs={"rows": 6})
    )
    provisions = forms.CharField(label=_("Disposiciones del Código que se alegan infringidas"))
    witnesses = forms.CharField(
        label=_("Testigos y sus direcciones"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    sworn = forms.BooleanField(
        label=_("La querella está jurada bajo apercibimiento de perjurio, con sus consecuencias mostradas y aceptadas")
    )
    personal_knowledge = forms.BooleanField(
        label=_("El querellante declara conocimiento propio y personal de los hechos")
    )

    def __init__(self, *args: Any, body: Body, kind: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.body = body
        self.kind = kind
        self.event_type = filing_event(body, kind)
        self.spec = event_spec(body.rulebook, kind, self.event_type)
        self.fields["respondent_office"].choices = [("", "—"), *respondent_choices(body, clock.today())]
        self.payload_names = list(self.spec.fields)
        for name, fspec in self.spec.fields.items():
            field = _payload_field(name, fspec, None, clock.today())
            if name == "channel":
                field.choices = [c for c in field.choices if c[0] in ("in_person", "email")]
                field.required = True
            if name == "complainant_kind":
                field.required = True
            self.fields[name] = field
        self.fields["occurred_date"].label = _("Fecha de recibo")
        self.fields["occurred_time"].label = _("Hora de recibo")
        for name in self.spec.hide:  # what this body's filing does not ask for
            self.fields.pop(name, None)
        if self.spec.hints is not None:
            apply_hints(self, self.spec.hints(FormContext("", clock.today(), kind, filing=True)))
        if kind != "complaint":
            for name in (
                "complainant_name",
                "complainant_address",
                "complainant_email",
                "complainant_phone",
                "sworn",
                "personal_knowledge",
                "provisions",
                "witnesses",
            ):
                self.fields.pop(name, None)
            self.fields["facts"].label = {
                "referral": _("Resumen del referido"),
                "suspension_proceeding": _("Cargos notificados y fundamentos del interés público (¶19)"),
                "deadlock": _("Resumen del informe de fricción (¶35)"),
            }.get(kind, _("Resumen"))
            if kind in ("suspension_proceeding", "deadlock"):
                self.fields["respondent_candidate"].widget = forms.HiddenInput()
                self.fields["respondent_office"].label = _("Alcalde")
        self.order_fields(
            ["respondent_office", "respondent_candidate", "occurred_date", "occurred_time", *self.payload_names]
        )

    def clean_respondent_office(self) -> OfficeTerm:
        value = self.cleaned_data["respondent_office"]
        office = OfficeTerm.objects.select_related("person").filter(pk=value).first()
        if office is None:
            raise forms.ValidationError(_("Elija la parte querellada del registro."))
        return office

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.kind == "complaint" and not (data.get("complainant_address") or data.get("complainant_email")):
            self.add_error(
                "complainant_address",
                _("Indique la dirección postal o el correo electrónico del querellante (Sec. 20(7))."),
            )
        return data

    def act_input(self) -> ActInput:
        at, has_time = self.moment()
        payload = payload_of(self.spec, self.payload_names, self.cleaned_data)
        details = {k: self.cleaned_data[k] for k in ("facts", "provisions", "witnesses") if self.cleaned_data.get(k)}
        return ActInput(
            self.event_type, at, has_time, payload, details, self.cleaned_data.get("note", ""), self.documents()
        )

    def complainant(self) -> dict[str, str] | None:
        if self.kind != "complaint":
            return None
        return {
            "name": self.cleaned_data["complainant_name"],
            "postal_address": self.cleaned_data.get("complainant_address", ""),
            "email": self.cleaned_data.get("complainant_email", ""),
            "phone": self.cleaned_data.get("complainant_phone", ""),
        }
