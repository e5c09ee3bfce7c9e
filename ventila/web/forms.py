"""The staff UI's forms. Act forms are built from the rulebook's event specs (``FieldSpec``), so a
form offers exactly the data the rulebook validates; the rulebook then validates them again."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ventila import clock
from ventila.bodies.models import Body, ElectionDay, OfficeTerm, Person
from ventila.cases.actions import ActInput, UploadedDocument, voting_members
from ventila.cases.evaluation import event_spec
from ventila.cases.labels import CHOICES, FIELDS, VOTES
from ventila.cases.models import Case, DocketEntry, Party
from ventila.cases.voting import vote_rule
from ventila.rules import PR_TZ
from ventila.rules.engine import EventSpec, FieldSpec

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TIME_WIDGET = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
DATETIME_WIDGET = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
LONG_TEXT = {"reasons", "description", "reason"}


class SignInForm(AuthenticationForm):
    error_messages = {
        "invalid_login": _("Usuario o contraseña incorrectos. Revise ambos; las contraseñas distinguen mayúsculas."),
        "inactive": _("Esta cuenta está desactivada."),
    }


def _moment(day: dt.date, time: dt.time | None) -> tuple[dt.datetime, bool]:
    if time is None:
        return dt.datetime.combine(day, dt.time(), PR_TZ), False
    return dt.datetime.combine(day, time, PR_TZ), True


class WhenMixin(forms.Form):
    """The moment the act happened: a date, and the hour when known."""

    occurred_date = forms.DateField(label=FIELDS["occurred_at"], widget=DATE_WIDGET,
                                    help_text=_("El día en que ocurrió el acto; de él corren los términos."))
    occurred_time = forms.TimeField(label=FIELDS["occurred_time"], widget=TIME_WIDGET, required=False,
                                    help_text=_("Anótela si la conoce: los términos en horas la necesitan."))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        day = data.get("occurred_date")
        if day is not None and day > clock.today():
            self.add_error("occurred_date", _("La fecha del acto no puede ser posterior a hoy."))
        return data

    def moment(self) -> tuple[dt.datetime, bool]:
        return _moment(self.cleaned_data["occurred_date"], self.cleaned_data.get("occurred_time"))


class AttachmentMixin(forms.Form):
    note = forms.CharField(label=FIELDS["note"], required=False, widget=forms.Textarea(attrs={"rows": 3}),
                           help_text=_("Observaciones para el expediente."))
    attachment = forms.FileField(label=FIELDS["attachment"], required=False,
                                 help_text=_("Se guarda con su huella SHA-256, que prueba su integridad."))

    def documents(self) -> list[UploadedDocument]:
        f = self.cleaned_data.get("attachment")
        return [UploadedDocument(f.name, f, getattr(f, "content_type", "") or "")] if f else []


def _payload_field(name: str, spec: FieldSpec, case: Case | None, day: dt.date, event_type: str = "") -> forms.Field:
    label = FIELDS.get(name, name)
    help_text = _(spec.help) if spec.help else ""
    req = spec.required
    if name == "member" and case is not None and event_type:
        from ventila.web.procedure_forms import member_field

        field = member_field(case, day, event_type, label)
        if field is not None:
            return field
    if name == "member" and case is not None:
        members = voting_members(case, day)
        recused = [ex.person for ex in case.exclusions.select_related("person").filter(reason="recused")]
        choices = [(str(p.pk), str(p)) for p in [*members, *recused]]
        return forms.ChoiceField(label=label, choices=[("", "—"), *choices], required=req, help_text=help_text)
    if name == "substitute" and case is not None:
        reps = Person.objects.filter(offices__role=OfficeTerm.Role.REPRESENTATIVE).exclude(
            memberships__body=case.body).distinct()
        return forms.ChoiceField(label=label, choices=[("", "—"), *[(str(p.pk), str(p)) for p in reps]],
                                 required=req, help_text=help_text)
    t = spec.type
    if t == "date":
        return forms.DateField(label=label, required=req, widget=DATE_WIDGET, help_text=help_text)
    if t == "datetime":
        return forms.DateTimeField(label=label, required=req, widget=DATETIME_WIDGET, help_text=help_text,
                                   input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"])
    if t == "bool":
        if req:
            return forms.TypedChoiceField(label=label, choices=[("1", _("Sí")), ("0", _("No"))],
                                          coerce=lambda v: v == "1", widget=forms.RadioSelect, help_text=help_text)
        if name == "initial":
            return forms.TypedChoiceField(
                label=label, required=False, coerce=lambda v: v == "1", empty_value=None,
                choices=[("", _("Determinarlo por el expediente (la primera vista notificada es la inicial)")),
                         ("1", _("Sí")), ("0", _("No"))], help_text=help_text)
        return forms.BooleanField(label=label, required=False, help_text=help_text)
    if t == "int":
        return forms.IntegerField(label=label, required=req, min_value=0, help_text=help_text)
    if t == "money":
        return forms.DecimalField(label=label, required=req, min_value=Decimal("0"), decimal_places=2,
                                  help_text=help_text)
    if t == "str":
        widget = forms.Textarea(attrs={"rows": 3}) if name in LONG_TEXT else forms.TextInput
        return forms.CharField(label=label, required=req, widget=widget, help_text=help_text)
    choices = [(c, CHOICES.get(c, c)) for c in _limit_choices(name, spec.choices, case)]
    if t == "choice":
        widget = forms.RadioSelect if len(choices) <= 6 else forms.Select
        return forms.ChoiceField(label=label, required=req, choices=choices, widget=widget, help_text=help_text)
    if t == "choices":
        return forms.MultipleChoiceField(label=label, required=req, choices=choices,
                                         widget=forms.CheckboxSelectMultiple, help_text=help_text)
    raise ValueError(f"unknown field type {t}")


def _limit_choices(name: str, choices: tuple[str, ...], case: Case | None) -> tuple[str, ...]:
    """Sec. 26: only the sanctions the respondent's role admits are offered."""
    if name == "sanctions" and case is not None and case.body.rulebook == "camara-171":
        from ventila.rules.rulebooks.camara_171.s25_s31_reports import allowed_sanctions

        return allowed_sanctions(case.respondent_role)[1]
    return choices


def _payload_value(spec: FieldSpec, value: Any) -> Any:
    """A cleaned form value as the rulebook's JSON wants it (None: leave the field out)."""
    if value in (None, "", []):
        return None
    if spec.type == "date":
        return value.isoformat()
    if spec.type == "datetime":
        if isinstance(value, dt.datetime):
            return value.astimezone(PR_TZ).replace(tzinfo=None).isoformat(timespec="minutes")
        return value.isoformat()
    if spec.type == "money":
        return float(value)
    if spec.type == "choices":
        return list(value)
    if spec.type == "bool" and value is False and not spec.required:
        return None
    return value


class ActForm(WhenMixin, AttachmentMixin):
    """One act of the rulebook, with its payload fields, and a roll call when the act is voted."""

    def __init__(self, *args: Any, case: Case, event_type: str, supersedes: DocketEntry | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.case = case
        self.event_type = event_type
        self.spec: EventSpec = event_spec(case.body.rulebook, case.kind, event_type)
        self.supersedes = supersedes
        day = clock.today()
        self.payload_names: list[str] = []
        for name, fspec in self.spec.fields.items():
            self.fields[name] = _payload_field(name, fspec, case, day, event_type)
            self.payload_names.append(name)
        self.detail_names: list[str] = []
        if event_type == "resolved":
            self._final_report_fields()
        from ventila.web.procedure_forms import add_procedure_fields

        self.detail_names += add_procedure_fields(self, case, event_type, day)
        if event_type == "report_referred" and case.body.rulebook == "camara-171":
            from ventila.rules.rulebooks.camara_171.s25_s31_reports import report_route

            self.fields["to"].initial = report_route(case.respondent_role)
            self.fields["to"].help_text = _("Sec. 25: el Informe sobre un Representante o funcionario va a la Cámara en "
                                            "Pleno; sobre un jefe de dependencia, al Presidente de la Cámara.")
        self.voters: list[Person] = []
        self.vote_rule = vote_rule(case.body.rulebook, event_type)
        if self.vote_rule is not None:
            self.voters = voting_members(case, day)
            if event_type == "recusal_decided":
                # Sec. 9 ¶4: the member whose recusal is decided does not vote on it.
                from ventila.web.procedure_forms import pending_recusal_members

                pending = {p.pk for p in pending_recusal_members(case)}
                if len(pending) == 1:
                    self.voters = [p for p in self.voters if p.pk not in pending]
            for p in self.voters:
                self.fields[f"vote_{p.pk}"] = forms.ChoiceField(
                    label=str(p), choices=list(VOTES.items()), widget=forms.RadioSelect,
                    error_messages={"required": _("Indique el voto de %(name)s.") % {"name": p}},
                )
        self.field_order = ["occurred_date", "occurred_time", *self.payload_names, *self.detail_names,
                            *[f"vote_{p.pk}" for p in self.voters], "note", "attachment"]
        self.order_fields(self.field_order)
        if supersedes is not None and not self.is_bound:
            self._prefill(supersedes)
        elif not self.is_bound:
            self.initial.setdefault("occurred_date", day)
        if event_type == "hearing_noticed" and case.body.rulebook == "camara-171":
            self._hearing_hint(day)
        elif event_type == "hearing_noticed" and case.body.rulebook == "municipal":
            from ventila.web.procedure_forms import municipal_hearing_hint

            municipal_hearing_hint(self, day)

    def _hearing_hint(self, day: dt.date) -> None:
        """Say up front the earliest hearing date a notice given today allows (Sec. 21(c)(10))."""
        from ventila.cases.actions import case_facts
        from ventila.cases.evaluation import compute_calendar
        from ventila.rules.calendar import format_date_es
        from ventila.rules.rulebooks.camara_171.s20_s24_complaints import earliest_hearing_date

        calendar, settings = compute_calendar(case_facts(self.case))
        initial = not self.case.entries.filter(event_type="hearing_noticed").exists()
        earliest, rule_id = earliest_hearing_date(calendar, day, initial=initial, settings=settings)
        self.fields["hearing_date"].help_text = _(
            "Con notificación hoy, la vista %(which)sno puede celebrarse antes del %(day)s (%(rule)s)."
        ) % {"which": _("inicial ") if initial else "", "day": format_date_es(earliest), "rule": rule_id}

    def _final_report_fields(self) -> None:
        self.fields["report_findings"] = forms.CharField(
            label=_("Determinaciones de hechos y de derecho del Informe Final"), widget=forms.Textarea(attrs={"rows": 5}),
            help_text=_("Lo que la Comisión determina probado o no probado, con sus fundamentos."))
        self.fields["recommendation"] = forms.CharField(
            label=_("Recomendación"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
            help_text=_("La recomendación al cuerpo que decide (Sec. 25), incluida la sanción que se recomienda."))
        self.detail_names = ["report_findings", "recommendation"]

    def _prefill(self, entry: DocketEntry) -> None:
        local = entry.occurred_at.astimezone(PR_TZ)
        self.initial["occurred_date"] = local.date()
        if entry.has_time:
            self.initial["occurred_time"] = local.time()
        for name in self.payload_names:
            if name in entry.payload:
                v = entry.payload[name]
                spec = self.spec.fields[name]
                if spec.type == "bool" and spec.required:
                    v = "1" if v else "0"
                elif spec.type == "bool" and name == "initial":
                    v = "1" if v else "0"
                elif spec.type == "datetime" and isinstance(v, str) and len(v) == 10:
                    v = v + "T00:00"
                self.initial[name] = v
        for name in self.detail_names:
            self.initial[name] = entry.details.get(name, "")

    def vote_fields(self) -> list[forms.BoundField]:
        return [self[f"vote_{p.pk}"] for p in self.voters]

    def plain_fields(self) -> list[forms.BoundField]:
        skip = {f"vote_{p.pk}" for p in self.voters} | {"occurred_date", "occurred_time", "note", "attachment"}
        return [self[n] for n in self.fields if n not in skip]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.event_type == "determination_made":
            outcome, grounds = data.get("outcome"), data.get("grounds") or []
            if outcome == "dismissed" and not grounds:
                self.add_error("grounds", _("Una desestimación debe indicar al menos una de las causas de la "
                                            "Sec. 21(c)(2)."))
            if outcome == "probable_cause" and grounds:
                self.add_error("grounds", _("Las causas de desestimación no aplican a una determinación de causa "
                                            "probable."))
        from ventila.web.procedure_forms import clean_procedure_fields

        clean_procedure_fields(self, data)
        if self.event_type == "sanction_decided" and self.case.body.rulebook == "camara-171":
            from ventila.rules.rulebooks.camara_171.s25_s31_reports import check_fine

            sanctions = data.get("sanctions") or []
            amount = data.get("fine_amount")
            if "fine" in sanctions and amount is None:
                self.add_error("fine_amount", _("Indique la cantidad de la multa."))
            elif amount is not None and "fine" not in sanctions:
                self.add_error("fine_amount", _("Hay una cantidad de multa pero no se marcó la sanción «Multa»."))
            elif amount is not None:
                problem = check_fine(self.case.respondent_role, float(amount))
                if problem:
                    self.add_error("fine_amount", problem)
        return data

    def act_input(self) -> ActInput:
        at, has_time = self.moment()
        payload = {}
        for name in self.payload_names:
            v = _payload_value(self.spec.fields[name], self.cleaned_data.get(name))
            if v is not None:
                payload[name] = v
        details = {n: self.cleaned_data[n] for n in self.detail_names if self.cleaned_data.get(n)}
        details.update(getattr(self, "extra_details", {}))
        ballots = {p.pk: self.cleaned_data[f"vote_{p.pk}"] for p in self.voters} if self.voters else None
        return ActInput(self.event_type, at, has_time, payload, details, self.cleaned_data.get("note", ""),
                        self.documents(), ballots, self.supersedes)


# -- docketing a new case --------------------------------------------------------------------------


def respondent_choices(body: Body, day: dt.date) -> list[tuple[str, str]]:
    roles = ["mayor"] if body.rulebook == "municipal" else ["representative", "officer", "department_head",
                                                            "employee"]
    offices = (OfficeTerm.objects.filter(role__in=roles, start__lte=day)
               .filter(Q(end__isnull=True) | Q(end__gte=day)).select_related("person")
               .order_by("person__family_name", "person__given_name"))
    return [(str(o.pk), f"{o.person} — {o.title}") for o in offices]


# The act that opens a case of each kind the staff docket by hand.
FILING_EVENTS = {
    "complaint": "complaint_filed",
    "referral": "referral_received",
    "suspension_proceeding": "special_proceeding_filed",
    "deadlock": "deadlock_reported",
}


class FilingForm(WhenMixin, AttachmentMixin):
    """A complaint (or an OEG referral) received in person or by e-mail, docketed by staff."""

    respondent_office = forms.ChoiceField(
        label=_("Parte querellada"), help_text=_("La persona y el cargo que ocupa, del registro (Sec. 21(a)(1))."))
    respondent_candidate = forms.BooleanField(
        label=_("La parte querellada es candidata en las próximas elecciones"), required=False,
        help_text=_("Una querella presentada 120 días o menos antes de las elecciones sigue el procedimiento sumario "
                    "(Sec. 24)."))
    complainant_name = forms.CharField(label=_("Nombre completo de la parte querellante"), max_length=200,
                                       help_text=_("Requerido (Sec. 20(7))."))
    complainant_address = forms.CharField(label=_("Dirección postal"), required=False,
                                          widget=forms.Textarea(attrs={"rows": 2}))
    complainant_email = forms.EmailField(label=_("Correo electrónico"), required=False)
    complainant_phone = forms.CharField(label=_("Teléfono"), max_length=40,
                                        help_text=_("Requerido (Sec. 20(7))."))
    facts = forms.CharField(label=_("Relación detallada y específica de los hechos"),
                            widget=forms.Textarea(attrs={"rows": 6}), help_text=_("Sec. 21(a)(2)."))
    provisions = forms.CharField(label=_("Disposiciones del Código que se alegan infringidas"),
                                 help_text=_("Sec. 21(a)(12); por ejemplo «Sec. 10(j)»."))
    witnesses = forms.CharField(label=_("Testigos y sus direcciones"), required=False,
                                widget=forms.Textarea(attrs={"rows": 2}), help_text=_("Sec. 21(a)(11)."))
    sworn = forms.BooleanField(
        label=_("La querella está jurada bajo apercibimiento de perjurio, con sus consecuencias mostradas y aceptadas"),
        help_text=_("Sec. 20(2): sin juramento no se puede presentar."),
        error_messages={"required": _("La querella debe estar jurada bajo apercibimiento de perjurio (Sec. 20(2)).")})
    personal_knowledge = forms.BooleanField(
        label=_("El querellante declara conocimiento propio y personal de los hechos"),
        help_text=_("Sec. 21(a)(3)."),
        error_messages={"required": _("La querella debe declarar conocimiento propio y personal (Sec. 21(a)(3)).")})

    def __init__(self, *args: Any, body: Body, kind: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.body = body
        self.kind = kind
        self.event_type = FILING_EVENTS[kind]
        self.spec = event_spec(body.rulebook, kind, self.event_type)
        self.fields["respondent_office"].choices = [("", "—"), *respondent_choices(body, clock.today())]
        self.payload_names = list(self.spec.fields)
        for name, fspec in self.spec.fields.items():
            field = _payload_field(name, fspec, None, clock.today())
            if name == "channel":
                field.choices = [c for c in field.choices if c[0] in ("in_person", "email")]
                field.required = True
                field.help_text = _("Sec. 20(4): en persona en la Oficina de la Comisión o por correo electrónico.")
            if name == "knowledge_date" and kind == "complaint" and body.rulebook == "camara-171":
                field.required = True
            if name == "complainant_kind":
                field.required = True
            self.fields[name] = field
        self.fields["occurred_date"].label = _("Fecha de recibo")
        self.fields["occurred_time"].label = _("Hora de recibo")
        if body.rulebook != "camara-171":
            # The Cámara's Sec. 21(a) requirements do not bind the municipal Commission.
            for name in ("personal_knowledge", "provisions"):
                del self.fields[name]
            for name in ("complainant_name", "complainant_phone", "facts", "witnesses", "channel"):
                if name in self.fields:
                    self.fields[name].help_text = ""
            if "sworn" in self.spec.fields:
                self.fields["sworn"].label = _("La querella está jurada")
        if kind != "complaint":
            for name in ("complainant_name", "complainant_address", "complainant_email", "complainant_phone",
                         "sworn", "personal_knowledge", "provisions", "witnesses"):
                self.fields.pop(name, None)
            self.fields["facts"].label = {
                "referral": _("Resumen del referido"),
                "suspension_proceeding": _("Cargos notificados y fundamentos del interés público (¶19)"),
                "deadlock": _("Resumen del informe de fricción (¶35)"),
            }.get(kind, _("Resumen"))
            if kind in ("suspension_proceeding", "deadlock"):
                self.fields["respondent_candidate"].widget = forms.HiddenInput()
                self.fields["respondent_office"].label = _("Alcalde")
        self.order_fields(["respondent_office", "respondent_candidate", "occurred_date", "occurred_time",
                           *self.payload_names])

    def clean_respondent_office(self) -> OfficeTerm:
        value = self.cleaned_data["respondent_office"]
        office = OfficeTerm.objects.select_related("person").filter(pk=value).first()
        if office is None:
            raise forms.ValidationError(_("Elija la parte querellada del registro."))
        return office

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.kind == "complaint" and not (data.get("complainant_address") or data.get("complainant_email")):
            self.add_error("complainant_address",
                           _("Indique la dirección postal o el correo electrónico del querellante (Sec. 20(7))."))
        return data

    def act_input(self) -> ActInput:
        at, has_time = self.moment()
        payload = {}
        for name in self.payload_names:
            v = _payload_value(self.spec.fields[name], self.cleaned_data.get(name))
            if v is not None:
                payload[name] = v
        details = {k: self.cleaned_data[k] for k in ("facts", "provisions", "witnesses") if self.cleaned_data.get(k)}
        return ActInput(self.event_type, at, has_time, payload, details, self.cleaned_data.get("note", ""),
                        self.documents())

    def complainant(self) -> dict[str, str] | None:
        if self.kind != "complaint":
            return None
        return {
            "name": self.cleaned_data["complainant_name"],
            "postal_address": self.cleaned_data.get("complainant_address", ""),
            "email": self.cleaned_data.get("complainant_email", ""),
            "phone": self.cleaned_data.get("complainant_phone", ""),
        }


class CounselForm(forms.Form):
    represents = forms.ModelChoiceField(queryset=Party.objects.none(), label=_("Representa a"),
                                        help_text=_("La parte a quien representa."))
    name = forms.CharField(label=_("Nombre completo"), max_length=200)
    email = forms.EmailField(label=_("Correo electrónico"), required=False)
    phone = forms.CharField(label=_("Teléfono"), max_length=40, required=False)
    postal_address = forms.CharField(label=_("Dirección postal"), required=False,
                                     widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, case: Case, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["represents"].queryset = case.parties.exclude(role=Party.Role.COUNSEL)


class ClosureForm(forms.Form):
    day = forms.DateField(label=_("Día de cierre"), widget=DATE_WIDGET,
                          help_text=_("No contará como día laborable en ningún término del cuerpo."))
    reason = forms.CharField(label=_("Motivo"), max_length=200,
                             help_text=_("Por ejemplo «Orden Ejecutiva OE-2027-041 (huracán)»."))

    def __init__(self, *args: Any, body: Body, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.body = body

    def clean_day(self) -> dt.date:
        day = self.cleaned_data["day"]
        if self.body.closures.filter(day=day).exists():
            raise forms.ValidationError(_("Ese día ya está declarado como cierre."))
        return day


class ElectionForm(forms.Form):
    kind = forms.ChoiceField(label=_("Tipo"), choices=ElectionDay.Kind.choices, widget=forms.RadioSelect)
    day = forms.DateField(label=_("Día de la elección"), widget=DATE_WIDGET)
    reason = forms.CharField(label=_("Motivo"), max_length=200,
                             help_text=_("De dónde sale la fecha, por ejemplo «Código Electoral, Art. 10.1»."))

    def clean_day(self) -> dt.date:
        day = self.cleaned_data["day"]
        if ElectionDay.objects.filter(day=day).exists():
            raise forms.ValidationError(_("Ese día ya está anotado como elección."))
        return day


class RemovalForm(forms.Form):
    """Why a closure or an election day is removed (it moves every open term of the body)."""

    reason = forms.CharField(label=_("Motivo"), max_length=300)


class QueueFilterForm(forms.Form):
    """The work queue's filters (a GET form): only the values the page offers. A value typed into the
    address that is not one of them (a NUL, a made-up stage, a body the user does not see) never
    reaches the database: no case matches it, and the page says which filter."""

    body = forms.ChoiceField(label=_("Cuerpo"), required=False)
    kind = forms.ChoiceField(label=_("Tipo"), required=False)
    stage = forms.ChoiceField(label=_("Etapa"), required=False)
    due = forms.ChoiceField(label=_("Vencimiento"), required=False,
                            choices=[("", ""), ("overdue", _("Vencidos")), ("week", _("Vencen esta semana"))])
    status = forms.ChoiceField(label=_("Estado"), required=False,
                               choices=[("", ""), *Case.Status.choices, ("all", _("Todos"))])

    def __init__(self, *args: Any, bodies: list[Body], kinds: list[tuple[str, Any]], stages: list[tuple[str, Any]],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["body"].choices = [("", ""), *((b.slug, b.short_name) for b in bodies)]  # type: ignore[attr-defined]
        self.fields["kind"].choices = [("", ""), *kinds]  # type: ignore[attr-defined]
        self.fields["stage"].choices = [("", ""), *stages]  # type: ignore[attr-defined]

    def filters(self) -> dict[str, str]:
        """The valid filters (an invalid one as if not given; the view then shows no case)."""
        self.is_valid()
        return {name: str(self.cleaned_data.get(name) or "") for name in self.fields}
