"""The staff UI's forms. Act forms are built from the rulebook's event specs (``FieldSpec``), so a
form offers exactly the data the rulebook validates; the rulebook then validates them again."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, Self

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from ventila import clock
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases.actions import ActInput, UploadedDocument, current_own_votes, voting_members
from ventila.cases.evaluation import compute_calendar, event_spec, rulebook_text
from ventila.cases.labels import CHOICES, FIELDS, VOTES
from ventila.cases.models import Case, DocketEntry, Party
from ventila.cases.queries import case_facts
from ventila.cases.voting import YES_VOTES_FIELD, vote_rule
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.calendar import format_date_es
from ventila.rules.engine import EventSpec, FieldHint, FieldSpec, FormContext
from ventila.rules.plain import for_users
from ventila.web.matter_labels import MATTER_BUTTONS, relabel
from ventila.web.procedure_forms import (
    add_procedure_fields,
    clean_procedure_fields,
    member_field,
    pending_recusal_members,
)

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TIME_WIDGET = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
DATETIME_WIDGET = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
LONG_TEXT = {"reasons", "description", "reason"}


def has_control_characters(value: str) -> bool:
    """Whether ``value`` holds a control character (NUL, CR, LF, tab, DEL…): a one-line public field refuses it."""
    return any(ord(c) < 32 or ord(c) == 127 for c in value)


def controls_blanked(value: str) -> str:
    """``value`` with each control character as a space: what a page echoes of a refused field."""
    return "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in value)


def refusing_controls(message: Any) -> Callable[[str], None]:
    """A validator that refuses a value holding a control character, with ``message`` (code ``control``)."""

    def validate(value: str) -> None:
        if has_control_characters(value):
            raise forms.ValidationError(message, code="control")

    return validate


def one_line_field(label: Any, help_text: Any, *, controls: Any, too_long: Any, max_length: int, **more: Any) -> Any:
    """The optional free line of a :class:`OneLinePublicForm`: stripped, at most ``max_length`` characters (``too_long``
    past them), a control character refused with ``controls``."""
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=False,
        strip=True,
        max_length=max_length,
        validators=[refusing_controls(controls)],
        error_messages={"max_length": too_long},
        **more,
    )


class OneLinePublicForm(forms.Form):
    """A public form with one free line (the field named ``line``, validated by :func:`refusing_controls`): Django's
    own NUL check gives way to that one message, in words; after validation the page shows what was typed less
    any control character (never echoed)."""

    data: Any  # the bound data, replaced by :meth:`shown` (Django's forms carry no types)
    line: str

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields[self.line]
        field.validators = [v for v in field.validators if not isinstance(v, ProhibitNullCharactersValidator)]

    def shown(self) -> Self:
        if self.is_bound and self.errors:
            data = self.data.copy()
            data[self.line] = controls_blanked(str(data.get(self.line, "")))
            self.data = data
        return self


class SignInForm(AuthenticationForm):
    error_messages = {
        "invalid_login": _("Usuario o contraseña incorrectos. Revise ambos; las contraseñas distinguen mayúsculas."),
        "inactive": _("Esta cuenta está desactivada."),
    }


class WhenMixin(forms.Form):
    """The moment the act happened: a date, and the hour when known."""

    occurred_date = forms.DateField(
        label=FIELDS["occurred_at"],
        widget=DATE_WIDGET,
        help_text=_("El día en que ocurrió el acto; de él corren los términos."),
    )
    occurred_time = forms.TimeField(
        label=FIELDS["occurred_time"],
        widget=TIME_WIDGET,
        required=False,
        help_text=_("Anótela si la conoce: los términos en horas la necesitan."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        day = data.get("occurred_date")
        if day is not None and day > clock.today():
            self.add_error("occurred_date", _("La fecha del acto no puede ser posterior a hoy."))
        return data

    def moment(self) -> tuple[dt.datetime, bool]:
        return clock.moment(self.cleaned_data["occurred_date"], self.cleaned_data.get("occurred_time"))


class AttachmentMixin(forms.Form):
    note = forms.CharField(
        label=FIELDS["note"],
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Observaciones para el expediente."),
    )
    attachment = forms.FileField(
        label=FIELDS["attachment"],
        required=False,
        help_text=_("Se guarda con su huella SHA-256, que prueba su integridad."),
    )

    def documents(self) -> list[UploadedDocument]:
        f = self.cleaned_data.get("attachment")
        return [UploadedDocument(f.name, f, getattr(f, "content_type", "") or "")] if f else []


def _payload_field(name: str, spec: FieldSpec, case: Case | None, day: dt.date, event_type: str = "") -> forms.Field:
    label = FIELDS.get(name, name)
    help_text = for_users(str(_(spec.help))) if spec.help else ""
    req = spec.required
    if name == "member" and case is not None and event_type:
        field = member_field(case, day, event_type, label)
        if field is not None:
            return field
    if name == "member" and case is not None:
        members = voting_members(case, day)
        recused = [ex.person for ex in case.exclusions.select_related("person").filter(reason="recused")]
        choices: list[tuple[str, Any]] = [(str(p.pk), str(p)) for p in [*members, *recused]]
        return forms.ChoiceField(label=label, choices=[("", "—"), *choices], required=req, help_text=help_text)
    if name == "substitute" and case is not None:
        reps = (
            Person.objects.filter(offices__role=OfficeTerm.Role.REPRESENTATIVE)
            .exclude(memberships__body=case.body)
            .distinct()
        )
        return forms.ChoiceField(
            label=label, choices=[("", "—"), *[(str(p.pk), str(p)) for p in reps]], required=req, help_text=help_text
        )
    t = spec.type
    if t == "date":
        return forms.DateField(label=label, required=req, widget=DATE_WIDGET, help_text=help_text)
    if t == "datetime":
        return forms.DateTimeField(
            label=label,
            required=req,
            widget=DATETIME_WIDGET,
            help_text=help_text,
            input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        )
    if t == "bool":
        if req:
            return forms.TypedChoiceField(
                label=label,
                choices=[("1", _("Sí")), ("0", _("No"))],
                coerce=lambda v: v == "1",
                widget=forms.RadioSelect,
                help_text=help_text,
            )
        if name == "initial":
            return forms.TypedChoiceField(
                label=label,
                required=False,
                coerce=lambda v: v == "1",
                empty_value=None,
                choices=[
                    ("", _("Determinarlo por el expediente (la primera vista notificada es la inicial)")),
                    ("1", _("Sí")),
                    ("0", _("No")),
                ],
                help_text=help_text,
            )
        return forms.BooleanField(label=label, required=False, help_text=help_text)
    if t == "int":
        return forms.IntegerField(label=label, required=req, min_value=0, help_text=help_text)
    if t == "money":
        return forms.DecimalField(  # at most 12 digits: an amount too large is refused, never stored as infinity
            label=label, required=req, min_value=Decimal("0"), max_digits=12, decimal_places=2, help_text=help_text
        )
    if t == "str":
        widget = forms.Textarea(attrs={"rows": 3}) if name in LONG_TEXT else forms.TextInput
        return forms.CharField(label=label, required=req, widget=widget, help_text=help_text)
    choices = [(c, _(spec.labels[c]) if c in spec.labels else CHOICES.get(c, c)) for c in spec.choices]
    if t == "choice":
        widget = forms.RadioSelect if len(choices) <= 6 else forms.Select
        return forms.ChoiceField(label=label, required=req, choices=choices, widget=widget, help_text=help_text)
    if t == "choices":
        return forms.MultipleChoiceField(
            label=label, required=req, choices=choices, widget=forms.CheckboxSelectMultiple, help_text=help_text
        )
    raise ValueError(f"unknown field type {t}")


def apply_hints(form: forms.Form, hints: Mapping[str, FieldHint]) -> None:
    """Show the fields as the rulebook's form hints for this case say (``EventSpec.hints``)."""
    for name, hint in hints.items():
        field = form.fields.get(name)
        if field is None:
            continue
        if hint.label is not None:
            field.label = rulebook_text(hint.label)
        if hint.help is not None:
            field.help_text = rulebook_text(hint.help, hint.params)
        if hint.initial is not None:
            field.initial = hint.initial
        if hint.choices is not None:
            words = dict(getattr(field, "choices", ()))  # the field's own words (its spec's labels)
            field.choices = [(c, words.get(c, CHOICES.get(c, c))) for c in hint.choices]
        if hint.required is not None:
            field.required = hint.required
        if hint.required_message:
            field.error_messages["required"] = rulebook_text(hint.required_message)


def add_detail_fields(form: forms.Form, spec: EventSpec) -> list[str]:
    """Add the descriptive fields the act's spec asks for (``EventSpec.details``); returns their names."""
    for name, d in spec.details.items():
        widget = forms.Textarea(attrs={"rows": d.rows}) if d.rows else forms.TextInput
        messages = {"required": rulebook_text(d.required_message)} if d.required_message else None
        form.fields[name] = forms.CharField(
            label=rulebook_text(d.label),
            required=d.required,
            widget=widget,
            max_length=d.max_length,
            help_text=rulebook_text(d.help),
            error_messages=messages,
        )
    return list(spec.details)


def case_form_context(case: Case, day: dt.date) -> FormContext:
    """What the rulebook's form hints may read of ``case`` (its calendar only when one asks)."""
    return FormContext(
        case.respondent_role,
        day,
        case.kind,
        tuple(case.entries.values_list("event_type", flat=True)),
        lambda: compute_calendar(case_facts(case)),
    )


# The details a correction adds to its entry (what was wrong, what changed): not data of the act.
CORRECTION_DETAILS = ("correction_reason", "corrected")


def _shown(key: str, value: Any, words: Mapping[Any, Any] | None = None) -> str:
    """A value of an entry as a correction's line shows it (short, in words; ``words``: the field's own
    choices in words, read before the shared ones)."""
    words = {**CHOICES, **(words or {})}
    if value in (None, "", []):
        return "—"
    if key == "occurred_at":
        moment, has_time = value
        local = moment.astimezone(PR_TZ)
        return format_date_es(local.date()) + (f", {local:%H:%M}" if has_time else "")
    if isinstance(value, bool):
        return str(_("Sí") if value else _("No"))
    if isinstance(value, list):
        return ", ".join(str(words.get(v, v)) for v in value)
    if isinstance(value, str) and len(value) == 10 and value[4] == "-" and value[7] == "-":
        try:
            return format_date_es(dt.date.fromisoformat(value))
        except ValueError:
            pass
    text = str(words.get(value, value)) if isinstance(value, str) else str(value)
    return text if len(text) <= 80 else text[:79] + "…"


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


def payload_of(
    spec: EventSpec, names: list[str], data: Mapping[str, Any], yes_no: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The act's payload from a form's cleaned ``data``: each of ``names`` as the rulebook's JSON wants it, an
    empty one left out; a name in ``yes_no`` (a question asked as Sí/No) kept as a bool."""
    payload: dict[str, Any] = {}
    for name in names:
        v = bool(data.get(name)) if name in yes_no else _payload_value(spec.fields[name], data.get(name))
        if v is not None:
            payload[name] = v
    return payload


def yes_no_field(label: Any, required: Any) -> forms.TypedChoiceField:
    """A question answered Sí or No (radio buttons), cleaned to a bool; ``required``: the message when unanswered."""
    return forms.TypedChoiceField(
        label=label,
        choices=[("1", _("Sí")), ("0", _("No"))],
        coerce=lambda v: v == "1",
        widget=forms.RadioSelect,
        error_messages={"required": required},
    )


class ActForm(WhenMixin, AttachmentMixin):
    """One act of the rulebook, with its payload fields, and a roll call when the act is voted."""

    def __init__(
        self,
        *args: Any,
        case: Case,
        event_type: str,
        supersedes: DocketEntry | None = None,
        kept_file: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.case = case
        self.kept_file = kept_file  # a file chosen at an earlier step waits to be attached (web.pending)
        self.event_type = event_type
        self.spec: EventSpec = event_spec(case.body.rulebook, case.kind, event_type)
        self.supersedes = supersedes
        day = clock.today()
        self.payload_names: list[str] = []
        voted = vote_rule(case.body.rulebook, event_type) is not None
        for name, fspec in self.spec.fields.items():
            if voted and name == YES_VOTES_FIELD:
                continue  # counted from the roll call (Sec. 11(C)), never typed
            self.fields[name] = _payload_field(name, fspec, case, day, event_type)
            self.payload_names.append(name)
        if case.kind in MATTER_BUTTONS:  # the kind's own labels, the texts' limits
            relabel(self, case.kind, self.payload_names)
        self.detail_names: list[str] = []
        if event_type == "resolved":
            self._final_report_fields()
        self.detail_names += add_procedure_fields(self, case, event_type, day)
        self.detail_names += add_detail_fields(self, self.spec)
        self.voters: list[Person] = []
        self.vote_rule = vote_rule(case.body.rulebook, event_type)
        if self.vote_rule is not None:
            self.voters = voting_members(case, day)
            if event_type == RULEBOOKS[case.body.rulebook].docket.recusal.decided:
                # Sec. 9 ¶4: the member whose recusal is decided does not vote on it.
                pending = {p.pk for p in pending_recusal_members(case)}
                if len(pending) == 1:
                    self.voters = [p for p in self.voters if p.pk not in pending]
            # Decision 11: the members' own votes, offered as their ballots (the secretary records the roll call).
            own = current_own_votes(case, event_type) if supersedes is None and self.voters else {}
            for p in self.voters:
                self.fields[f"vote_{p.pk}"] = forms.ChoiceField(
                    label=format_html('<span translate="no">{}</span>', p),  # a name, as written
                    choices=list(VOTES.items()),
                    widget=forms.RadioSelect,
                    error_messages={
                        # the translated template, the member's name escaped and marked as a name
                        "required": mark_safe(  # nosec B308 B703
                            _("Indique el voto de %(name)s.")
                            % {"name": format_html('<span translate="no">{}</span>', p)}
                        )
                    },
                )
                if p.pk in own:
                    mine = own[p.pk]
                    self.initial[f"vote_{p.pk}"] = mine.vote
                    self.fields[f"vote_{p.pk}"].help_text = _(
                        "Anotó su propio voto en ventila: %(vote)s (%(when)s)."
                    ) % {"vote": mine.get_vote_display(), "when": date_format(localtime(mine.recorded_at), "j M Y H:i")}
        self.field_order = [
            "occurred_date",
            "occurred_time",
            *self.payload_names,
            *self.detail_names,
            *[f"vote_{p.pk}" for p in self.voters],
            "note",
            "attachment",
        ]
        if supersedes is not None:
            self.fields["correction_reason"] = forms.CharField(
                label=_("Motivo de la corrección"),
                max_length=500,
                widget=forms.Textarea(attrs={"rows": 2}),
                help_text=_("Qué estaba mal en la anotación original. Queda en el expediente junto a la corrección."),
                error_messages={"required": _("Indique por qué corrige la anotación.")},
            )
            self.field_order.append("correction_reason")
        self.order_fields(self.field_order)
        if supersedes is not None and not self.is_bound:
            self._prefill(supersedes)
        elif not self.is_bound:
            self.initial.setdefault("occurred_date", day)
        if self.spec.hints is not None:
            apply_hints(self, self.spec.hints(case_form_context(case, day)))

    def _final_report_fields(self) -> None:
        self.fields["report_findings"] = forms.CharField(
            label=_("Determinaciones de hechos y de derecho del Informe Final"),
            widget=forms.Textarea(attrs={"rows": 5}),
            help_text=_("Lo que la Comisión determina probado o no probado, con sus fundamentos."),
        )
        self.fields["recommendation"] = forms.CharField(
            label=_("Recomendación"),
            required=False,
            widget=forms.Textarea(attrs={"rows": 3}),
            help_text=_("La recomendación al cuerpo que decide (Sec. 25), incluida la sanción que se recomienda."),
        )
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
        self.initial["note"] = entry.note  # carried forward: the correction keeps the original note unless edited

    def vote_fields(self) -> list[forms.BoundField]:
        return [self[f"vote_{p.pk}"] for p in self.voters]

    def plain_fields(self) -> list[forms.BoundField]:
        skip = {f"vote_{p.pk}" for p in self.voters} | {
            "occurred_date",
            "occurred_time",
            "note",
            "attachment",
            "correction_reason",
        }
        return [self[n] for n in self.fields if n not in skip]

    def clean(self) -> dict[str, Any]:
        """Cross-field checks of the procedure acts; a detail written out sets the payload flags it
        attests. The rulebook's own checks (``EventSpec.validate`` and its findings) answer from the
        write path, as field errors of this form."""
        data = super().clean()
        clean_procedure_fields(self, data)
        for name, detail in self.spec.details.items():
            if data.get(name):
                for flag in detail.attests:
                    if flag in self.fields:
                        data[flag] = True
        # Said together with a missing reason, so that one round of the form shows both.
        others = [name for name in self.errors if name != "correction_reason"]
        if self.supersedes is not None and not others and not self.corrections():
            self.add_error(
                "occurred_date",
                _(
                    "La corrección no cambia nada de la anotación n.º %(seq)s: cambie el dato que estaba mal "
                    "(la fecha, los datos del acto, los votos, la nota o el adjunto), o cancele la corrección."
                )
                % {"seq": self.supersedes.seq},
            )
        return data

    def corrections(self) -> list[str]:
        """What this correction changes of the entry it corrects, one Spanish line per datum."""
        entry = self.supersedes
        assert entry is not None
        new = self._values()
        old: dict[str, Any] = {
            "occurred_at": (entry.occurred_at, entry.has_time),
            **{f"payload:{k}": v for k, v in entry.payload.items()},
            **{f"detail:{k}": v for k, v in entry.details.items() if k not in CORRECTION_DETAILS},
            "note": entry.note,
        }
        roll_call = getattr(entry, "roll_call", None) if hasattr(entry, "roll_call") else None
        if roll_call is not None and self.voters:
            old["ballots"] = {b.person_id: b.vote for b in roll_call.ballots.all()}
        lines = []
        for key in dict.fromkeys([*old, *new]):
            before, after = old.get(key), new.get(key)
            if (before in (None, "", [], {})) and (after in (None, "", [], {})):
                continue
            if before == after:
                continue
            if key == "ballots":
                lines.append(str(_("Votación nominal")))
                continue
            name = key.partition(":")[2] or key
            label = self.fields[name].label if name in self.fields else FIELDS.get(name, name)
            own = dict(getattr(self.fields[name], "choices", ())) if name in self.fields else {}
            lines.append(f"{label}: {_shown(key, before, own)} → {_shown(key, after, own)}")
        if self.cleaned_data.get("attachment") or self.kept_file:
            lines.append(str(_("Se añade un documento adjunto")))
        return lines

    def _values(self) -> dict[str, Any]:
        d = self.cleaned_data
        out: dict[str, Any] = {}
        if d.get("occurred_date") is not None:
            out["occurred_at"] = clock.moment(d["occurred_date"], d.get("occurred_time"))
        out.update({f"payload:{name}": v for name, v in payload_of(self.spec, self.payload_names, d).items()})
        for name in self.detail_names:
            if d.get(name):
                out[f"detail:{name}"] = d[name]
        out["note"] = d.get("note", "")
        if self.voters:
            out["ballots"] = {p.pk: d.get(f"vote_{p.pk}") for p in self.voters}
        return out

    def act_input(self) -> ActInput:
        at, has_time = self.moment()
        payload = payload_of(self.spec, self.payload_names, self.cleaned_data)
        details = {n: self.cleaned_data[n] for n in self.detail_names if self.cleaned_data.get(n)}
        details.update(getattr(self, "extra_details", {}))
        if self.supersedes is not None:
            # What was wrong and what changed stay on the docket beside the correction.
            details["correction_reason"] = self.cleaned_data["correction_reason"]
            details["corrected"] = "; ".join(self.corrections())
        ballots = {p.pk: self.cleaned_data[f"vote_{p.pk}"] for p in self.voters} if self.voters else None
        return ActInput(
            self.event_type,
            at,
            has_time,
            payload,
            details,
            self.cleaned_data.get("note", ""),
            self.documents(),
            ballots,
            self.supersedes,
        )


class CounselForm(forms.Form):
    represents = forms.ModelChoiceField(
        queryset=Party.objects.none(), label=_("Representa a"), help_text=_("La parte a quien representa.")
    )
    name = forms.CharField(label=_("Nombre completo"), max_length=200)
    email = forms.EmailField(label=_("Correo electrónico"), required=False)
    phone = forms.CharField(label=_("Teléfono"), max_length=40, required=False)
    postal_address = forms.CharField(
        label=_("Dirección postal"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args: Any, case: Case, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["represents"].queryset = case.parties.exclude(role=Party.Role.COUNSEL)


class QueueFilterForm(forms.Form):
    """The work queue's filters (a GET form): only the values the page offers. A value typed into the
    address that is not one of them (a NUL, a made-up stage, a body the user does not see) never
    reaches the database: no case matches it, and the page says which filter."""

    body = forms.ChoiceField(label=_("Cuerpo"), required=False)
    kind = forms.ChoiceField(label=_("Tipo"), required=False)
    stage = forms.ChoiceField(label=_("Etapa"), required=False)
    due = forms.ChoiceField(
        label=_("Vencimiento"),
        required=False,
        choices=[("", ""), ("overdue", _("Vencidos")), ("week", _("Vencen esta semana"))],
    )
    status = forms.ChoiceField(
        label=_("Estado"), required=False, choices=[("", ""), *Case.Status.choices, ("all", _("Todos"))]
    )
    # Whose move (ventila/web/views/turns.py): the staff's to do, or waiting on others.
    turn = forms.ChoiceField(
        label=_("Turno"),
        required=False,
        choices=[("", ""), ("mine", _("Por hacer")), ("waiting", _("En espera de otros"))],
    )

    def __init__(
        self, *args: Any, bodies: list[Body], kinds: list[tuple[str, Any]], stages: list[tuple[str, Any]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["body"].choices = [("", ""), *((b.slug, b.short_name) for b in bodies)]
        self.fields["kind"].choices = [("", ""), *kinds]
        self.fields["stage"].choices = [("", ""), *stages]

    def filters(self) -> dict[str, str]:
        """The valid filters (an invalid one as if not given; the view then shows no case)."""
        self.is_valid()
        return {name: str(self.cleaned_data.get(name) or "") for name in self.fields}
