"""Form pieces for the procedures of recusal and substitutes (Secs. 8–9), suspensions (Sec. 23, ¶28)
and the municipal Commission's per-diem ledger (¶4).

The act form (:class:`ventila.web.forms.ActForm`) asks here for the extra fields the recusal, substitute
and resumption acts need and for their checks; what a body's acts show differently (a dismissal
resolution's contents, a hearing notice's earliest day, a court order) are the form hints of its
rulebook's event specs. The rulebook still validates every payload.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

from ventila.bodies.models import Body, ElectionDay, ExpenseClaim, Meeting, Person
from ventila.cases.actions import voting_members
from ventila.cases.models import Case, MemberVote
from ventila.cases.rule_messages import message_text
from ventila.rules import RULEBOOKS
from ventila.rules.kinship import check_recusal_kinship, compute_kinship

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

# Relations offered by the kinship check, as paths of ``ventila.rules.kinship`` (the degree is the
# rulebook's computation, never this table's).
KINSHIP_PATHS = (
    ("parent", _("padre o madre")),
    ("child", _("hijo o hija")),
    ("sibling", _("hermano o hermana")),
    ("parent+parent", _("abuelo o abuela")),
    ("child+child", _("nieto o nieta")),
    ("parent+parent+parent", _("bisabuelo o bisabuela")),
    ("child+child+child", _("bisnieto o bisnieta")),
    ("parent+sibling", _("tío o tía")),
    ("sibling+child", _("sobrino o sobrina")),
    ("parent+sibling+child", _("primo hermano o prima hermana")),
    ("parent+parent+sibling", _("tío abuelo o tía abuela")),
    ("sibling+child+child", _("sobrino nieto o sobrina nieta")),
    ("parent+parent+sibling+child", _("primo o prima del padre o de la madre")),
    ("parent+parent+sibling+child+child", _("primo segundo o prima segunda")),
    ("spouse", _("cónyuge")),
    ("spouse+parent", _("suegro o suegra")),
    ("child+spouse", _("yerno o nuera")),
    ("spouse+sibling", _("cuñado o cuñada")),
    ("spouse+child", _("hijastro o hijastra")),
    ("parent+spouse", _("padrastro o madrastra")),
    ("spouse+sibling+spouse", _("concuñado o concuñada")),
    ("child+spouse+parent", _("consuegro o consuegra")),
)

KINSHIP_WITH = (
    ("respondent", _("la parte querellada")),
    ("complainant", _("la parte querellante")),
    ("witness", _("un testigo")),
    ("counsel", _("el abogado de una parte")),
)


def pending_recusal_members(case: Case) -> list[Person]:
    """Members with a recusal request not yet decided, in docket order."""
    recusal = RULEBOOKS[case.body.rulebook].docket.recusal
    entries = list(case.entries.filter(event_type__in=(recusal.requested, recusal.decided)).order_by("seq"))
    superseded = {e.supersedes_id for e in case.entries.filter(supersedes__isnull=False)}
    pending: dict[str, None] = {}
    for e in entries:
        if e.pk in superseded:
            continue
        member = str(e.payload.get("member", ""))
        if e.event_type == recusal.requested:
            pending[member] = None
        else:
            pending.pop(member, None)
    ids = [int(m) for m in pending if m.isdigit()]
    people = {p.pk: p for p in Person.objects.filter(pk__in=ids)}
    return [people[i] for i in ids if i in people]


def member_field(case: Case, day: dt.date, event_type: str, label: Any) -> forms.Field | None:
    """The «member» of a recusal or substitute act, limited to the members it can be about."""
    recusal = RULEBOOKS[case.body.rulebook].docket.recusal
    if not event_type:
        return None
    if event_type == recusal.requested:
        people = voting_members(case, day)
        help_text = _("El miembro cuya inhibición se plantea (por sí o a petición de parte).")
    elif event_type == recusal.decided:
        people = pending_recusal_members(case)
        help_text = _("El miembro cuya solicitud de inhibición se resuelve; no vota sobre ella (Sec. 9 ¶4).")
    elif event_type in recusal.substitute_acts:
        people = [x.person for x in case.exclusions.select_related("person")]
        help_text = _("El miembro que no puede actuar en este caso (parte, testigo o inhibido) y a quien se sustituye.")
    else:
        return None
    choices = [(str(p.pk), str(p)) for p in people]
    initial = choices[0][0] if len(choices) == 1 else None
    return forms.ChoiceField(
        label=label,
        choices=[("", "—"), *choices],
        required=True,
        help_text=help_text,
        initial=initial,
        error_messages={
            "required": _("Elija el miembro."),
            "invalid_choice": _("Elija uno de los miembros de la lista."),
        },
    )


def add_procedure_fields(form: Any, case: Case, event_type: str, day: dt.date) -> list[str]:
    """Add the descriptive fields an act needs; returns the names stored in the entry's details."""
    names: list[str] = []
    if event_type and event_type == RULEBOOKS[case.body.rulebook].docket.recusal.requested:
        form.fields["recusal_reasons"] = forms.CharField(
            label=_("Fundamentos por escrito"),
            widget=forms.Textarea(attrs={"rows": 4}),
            help_text=_(
                "La inhibición se plantea verbalmente para récord y por escrito con sus fundamentos (Sec. 9 ¶2)."
            ),
            error_messages={"required": _("Escriba los fundamentos de la inhibición (Sec. 9 ¶2).")},
        )
        form.fields["kinship_relation"] = forms.ChoiceField(
            label=_("Comprobar parentesco (Sec. 9(c))"),
            required=False,
            choices=[("", _("— sin parentesco que comprobar —")), *KINSHIP_PATHS],
            help_text=_(
                "Si la causa es el parentesco, elija cuál: ventila calcula el grado y dice si está dentro "
                "del cuarto grado de consanguinidad o afinidad."
            ),
        )
        form.fields["kinship_with"] = forms.ChoiceField(
            label=_("Parentesco con"), required=False, choices=[("", "—"), *KINSHIP_WITH]
        )
        names.append("recusal_reasons")
        if "grounds" in form.fields:
            form.fields["grounds"].help_text = _(
                "Causas de la Sec. 9: (a) prejuicio o parcialidad, (b) haber sido "
                "abogado o asesor, (c) parentesco; la lista es abierta."
            )
    elif event_type == "proceedings_resumed":
        form.fields["final_decision"] = forms.CharField(
            label=_("Decisión final del tribunal"),
            widget=forms.Textarea(attrs={"rows": 3}),
            help_text=_("La decisión final y firme que levanta la suspensión (Sec. 23): los términos se reanudan."),
            error_messages={"required": _("Describa la decisión final del tribunal.")},
        )
        names.append("final_decision")
    return names


def clean_procedure_fields(form: Any, data: dict[str, Any]) -> None:
    """Cross-field checks of the procedure acts."""
    recusal = RULEBOOKS[form.case.body.rulebook].docket.recusal
    if form.event_type and form.event_type == recusal.requested:
        relation = data.get("kinship_relation")
        grounds = data.get("grounds") or []
        if relation:
            with override("es"):  # the docket records the check in Spanish; the page shows it translated
                with_whom = str(dict(KINSHIP_WITH).get(data.get("kinship_with") or "respondent"))
            findings = check_recusal_kinship(tuple(relation.split("+")), with_whom=with_whom)
            if findings:
                form.extra_details = {
                    "kinship_check": f"{findings[0].message} ({findings[0].rule.id}, {findings[0].rule.citation})"
                }
                form.kinship_result = message_text(findings[0].msg)
            elif "kinship" in grounds:
                kin = compute_kinship(relation.split("+"))
                form.add_error(
                    "kinship_relation",
                    _(
                        "%(rel)s (%(degree)s) no está dentro del cuarto grado de consanguinidad o afinidad: no es la "
                        "causa de la Sec. 9(c) (%(rule)s)."
                    )
                    % {
                        "rule": recusal.kinship_rule,
                        "rel": dict(KINSHIP_PATHS)[relation],
                        "degree": message_text(kin.describe()) if kin else _("la ley no lo cuenta como parentesco"),
                    },
                )
        elif "kinship" in grounds:
            form.add_error("kinship_relation", _("Indique el parentesco para comprobar la causa de la Sec. 9(c)."))


# -- the per-diem ledger and the candidate mark -------------------------------------------------------


class LedgerItemForm(forms.ModelForm):
    """An item of the per-diem ledger (¶4): for one of the body's commissioners."""

    person = forms.ModelChoiceField(
        queryset=Person.objects.none(),
        label=_("Comisionado"),
        empty_label="—",
        error_messages={"required": _("Elija el comisionado.")},
    )

    def __init__(self, *args: Any, body: Body, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["person"].queryset = Person.objects.filter(memberships__body=body).distinct()

    def item(self) -> dict[str, Any]:
        """The item as cleaned: the model's fields the form edits, by name (the ledger's actions take them so)."""
        return {name: self.cleaned_data[name] for name in self._meta.fields or ()}


class MeetingForm(LedgerItemForm):
    confirm = forms.BooleanField(
        label=_("Confirmo que es otra reunión del mismo día, no la misma anotada dos veces"),
        required=False,
    )

    class Meta:
        model = Meeting
        fields = ["person", "day", "description", "official_business"]
        widgets = {"day": DATE_WIDGET}
        labels = {
            "day": _("Día de la reunión"),
            "description": _("Gestiones oficiales realizadas"),
            "official_business": _("Reunión para gestiones de los deberes de la ley"),
        }
        help_texts = {"day": "", "description": "", "official_business": _("Solo estas reuniones generan dieta (¶4).")}

    @property
    def asks_confirmation(self) -> bool:
        """The confirmation is shown once the ledger asked for it (or it was given)."""
        return bool(self.is_bound and (self.has_error("confirm") or self.data.get("confirm")))


class ReversalForm(forms.Form):
    """Reverse one item of the month's statement (¶4): which, and why."""

    item = forms.ChoiceField(
        label=_("Partida que se anula"),
        choices=(),
        error_messages={
            "required": _("Elija la partida que se anula."),
            "invalid_choice": _("Elija una partida de la lista."),
        },
    )
    reason = forms.CharField(
        label=_("Motivo de la anulación"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Queda en el libro con la anulación, por ejemplo «reunión anotada dos veces»."),
        error_messages={"required": _("Escriba por qué se anula la partida; queda en el libro con la anulación.")},
    )

    def __init__(self, *args: Any, items: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["item"].choices = [("", "—"), *items]


class ExpenseForm(LedgerItemForm):
    amount = forms.DecimalField(
        label=_("Cantidad (dólares)"), min_value=Decimal("0.01"), decimal_places=2, max_digits=9
    )

    class Meta:
        model = ExpenseClaim
        fields = ["person", "day", "amount", "description"]
        widgets = {"day": DATE_WIDGET}
        labels = {"day": _("Día del gasto"), "description": _("Gasto y deber oficial")}
        help_texts = {
            "day": "",
            "description": _("Gastos necesarios de los deberes oficiales, sujetos a los reglamentos de Hacienda (¶4)."),
        }


class CandidateForm(forms.Form):
    candidate = forms.TypedChoiceField(
        label=_("La parte querellada es candidata en las próximas elecciones"),
        choices=[("1", _("Sí")), ("0", _("No"))],
        coerce=lambda v: v == "1",
        widget=forms.RadioSelect,
        help_text=_(
            "Con la querella presentada dentro de los 120 días antes de unas elecciones, sigue el "
            "procedimiento sumario (Sec. 24)."
        ),
    )


def upcoming_elections(today: dt.date) -> list[ElectionDay]:
    return list(ElectionDay.objects.filter(day__gte=today).order_by("day")[:4])


class QualificationForm(forms.Form):
    """MUN-COM-04/06: check a person proposed for a seat (nothing is stored)."""

    seat = forms.ChoiceField(
        label=_("Escaño"), choices=[("president", _("Presidente")), ("associate", _("Comisionado asociado"))]
    )
    is_lawyer = forms.BooleanField(label=_("Es abogado"), required=False)
    years_of_practice = forms.DecimalField(
        label=_("Años de ejercicio de la profesión"),
        min_value=Decimal("0"),
        max_digits=4,
        decimal_places=1,
        required=False,
    )
    former_judge = forms.BooleanField(label=_("Fue miembro de la Judicatura"), required=False)


class OwnVoteForm(forms.Form):
    """A member's own vote on a motion (decision 11)."""

    vote = forms.ChoiceField(
        label=_("Su voto"),
        choices=MemberVote.Vote.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Elija su voto: a favor, en contra o abstención.")},
        help_text=_("Puede cambiarlo mientras no se anote la votación: vale el último que anote."),
    )
