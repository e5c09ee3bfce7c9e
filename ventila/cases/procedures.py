"""The procedures around the main flow: Sec. 8 substitutes, Sec. 23 suspensions, the candidate mark
of Sec. 24, the municipal Commission's compulsory terms (¶17) and its per-diem ledger (¶4).

Every change is a ``do_*`` function in one transaction, like :mod:`ventila.cases.actions`; the
other functions read rows the last evaluation wrote (they never re-evaluate a case).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ventila import clock
from ventila.accounts.models import User
from ventila.audit import chain, state
from ventila.bodies.models import Body, ExpenseClaim, LedgerReversal, Meeting, Person
from ventila.rules import RULEBOOKS
from ventila.rules.calendar import format_date_es
from ventila.rules.i18n import Msg
from ventila.rules.parts import CompulsoryDismissal

from .actions import ActInput, ActRefused, do_record_act, do_refresh_case, rederive, refresh_if_stale, stale_cases
from .models import Case, CaseDeadline, DocketEntry
from .rule_messages import long_date_in

SYSTEM_USERNAME = "sistema"


# -- Sec. 8: members who are parties or witnesses ---------------------------------------------------


def sec8_warnings(case: Case, entries: Sequence[DocketEntry], exclusions: Sequence[Any] | None = None) -> list[Msg]:
    """Members a party or a witness in the case for whom no substitute has been asked for (CAM-08-01).

    The message is the rulebook's (``check_member_involvement``); it stops once the substitute is
    asked for or appointed."""
    involvement = RULEBOOKS[case.body.rulebook].member_involvement
    if involvement is None:
        return []
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    live = [e for e in entries if e.pk not in superseded]
    substitute_acts = RULEBOOKS[case.body.rulebook].recusal.substitute_acts
    asked = {str(e.payload.get("member")) for e in live if e.event_type in substitute_acts}
    rows = case.exclusions.select_related("person") if exclusions is None else exclusions
    named = [x for x in rows if x.reason != "recused" and str(x.person_id) not in asked]
    if not named:  # the usual case: no seat to name, no read of the body's seats
        return []
    offices = {m.person_id: m.position for m in case.body.memberships.all()}
    chair = {"president": "chair", "vice_president": "vice_chair"}
    seats: list[tuple[str, str]] = []
    respondents: list[str] = []
    witnesses: list[str] = []
    for x in named:
        name = str(x.person)
        seats.append((name, chair.get(offices.get(x.person_id, ""), "member")))
        (respondents if x.reason == "party" else witnesses).append(name)
    return involvement(seats, respondents, witnesses)


# -- Sec. 24: the candidate mark --------------------------------------------------------------------


def do_set_candidate(*, case: Case, candidate: bool, now: dt.datetime | None = None, user: Any = None) -> Case:
    """Mark (or unmark) the respondent as a candidate; the case is re-evaluated at once (Sec. 24). The
    case's new state is a version in the audit chain that names ``user``."""
    reason = "Candidatura de la parte querellada (Sec. 24)" if candidate else "Sin candidatura (Sec. 24)"
    with transaction.atomic(), state.acting(user, reason):
        case = Case.objects.select_for_update().get(pk=case.pk)
        case.respondent_candidate = candidate
        case.save(update_fields=["respondent_candidate"])
        do_refresh_case(case, now=now)
    case.refresh_from_db()
    return case


# -- ¶17: the municipal decision term --------------------------------------------------------------


def warning_days() -> int:
    """How many days ahead the decision term of a municipal complaint is warned about (an office
    preference, not a legal term: ``VENTILA_DECIDE_WARNING_DAYS``, 5 by default)."""
    return int(getattr(settings, "VENTILA_DECIDE_WARNING_DAYS", 5))


def decide_warning(case: Case, today: dt.date, deadlines: Iterable[CaseDeadline] | None = None) -> str:
    """A warning, in the reader's language, when the term the body warns about (``Rulebook.warned_deadline``:
    the municipal decision term, ¶17) ends within the warning window or has ended, in the rulebook's words
    (``Rulebook.warned_texts``)."""
    rulebook = RULEBOOKS[case.body.rulebook]
    warned = rulebook.warned_deadline
    if not warned:
        return ""
    rows = list(deadlines) if deadlines is not None else list(case.deadlines.filter(deadline_id=warned))
    d = next(
        (r for r in rows if r.deadline_id == warned and r.satisfied_on is None and r.status in ("open", "missed")), None
    )
    if d is None:
        return ""
    left = (d.due - today).days
    if left > warning_days():
        return ""
    text = rulebook.warned_texts[
        "ran_out" if left < 0 else "today" if left == 0 else "one_day" if left == 1 else "days"
    ]
    # The date in the reader's language (issue 29: an English page kept a Spanish date).
    return _(text) % {"n": left, "due": long_date_in(d.due)}


def system_user() -> Any:
    """The account ventila records acts of law with (it cannot sign in)."""
    return User.machine(SYSTEM_USERNAME, "ventila", "(sistema)")


@dataclass(frozen=True)
class SweepResult:
    case: str
    entry_seq: int | None
    message: str


def do_sweep_compulsory_terms(now: dt.datetime | None = None) -> list[SweepResult]:
    """A dismissal by operation of law (``Rulebook.compulsory_dismissal``; the municipal ¶17):
    every case whose body's term ran out without the act is given the act the law orders. The entry is
    dated the first day after the term ran out (when the law dismisses it), recorded by the system user
    with its reason. Idempotent: a case already dismissed is no longer in the stage this looks for.

    Only the cases whose terms passed (``rederive_at``) or whose configuration changed are
    re-derived first, in batches; then the ones in the stage the law dismisses are looked at."""
    now = now or clock.now()
    results: list[SweepResult] = []
    for rulebook in RULEBOOKS.values():
        if rulebook.compulsory_dismissal is not None:
            results.extend(_sweep(rulebook.id, rulebook.compulsory_dismissal, now))
    return results


def _sweep(rulebook_id: str, law: CompulsoryDismissal, now: dt.datetime) -> list[SweepResult]:
    results: list[SweepResult] = []
    candidates = Case.objects.filter(body__rulebook=rulebook_id, kind=law.kind, status=Case.Status.OPEN)
    rederive(stale_cases(now).filter(pk__in=candidates.values("pk")), now=now)
    for case in candidates.filter(stage=law.stage).select_related("body").order_by("id"):
        case = refresh_if_stale(case, now)
        if law.act not in case.allowed_next or case.stage != law.stage:
            continue
        term = case.deadlines.filter(deadline_id__in=list(law.terms), status="missed").order_by("due").first()
        if term is None:
            continue
        day = term.due + dt.timedelta(days=1)
        at = min(clock.start_of_day(day), now)
        # the docket is kept in Spanish, whoever runs the sweep: the rulebook's own words
        reason = law.reason % {
            "term": term.term,
            "what": law.terms.get(term.deadline_id, term.deadline_id),
            "due": format_date_es(term.due),
            "rule": term.rule_id,
            "citation": term.citation,
        }
        try:
            entry = do_record_act(
                user=system_user(),
                case=case,
                now=now,
                act=ActInput(law.act, at, False, {}, {"reason": reason}),
            )
        except ActRefused as exc:
            results.append(SweepResult(case.number, None, str(exc)))
            continue
        results.append(SweepResult(case.number, entry.seq, reason))
    return results


# -- ¶4: the per-diem ledger -----------------------------------------------------------------------


class LedgerRefused(Exception):
    """A ledger entry not written: ``field_errors`` maps the form's fields to Spanish messages;
    ``confirm``: the entry may be written once the clerk confirms it (the field ``confirm``)."""

    def __init__(self, field_errors: dict[str, str], *, confirm: bool = False) -> None:
        super().__init__("; ".join(field_errors.values()))
        self.field_errors = field_errors
        self.confirm = confirm


def _policy(body: Body) -> Any:
    rulebook = RULEBOOKS[body.rulebook]
    if rulebook.per_diem_policy is None:
        raise ValueError(f"the rulebook {rulebook.id} keeps no per-diem ledger")
    return rulebook.per_diem_policy(rulebook.resolve_settings({}))


def same_day_meetings(body: Body, person: Person, day: dt.date) -> list[Meeting]:
    """The meetings on official business of ``person`` on ``day`` that earn a per diem (not reversed)."""
    return list(
        Meeting.objects.filter(body=body, person=person, day=day, official_business=True, reversal__isnull=True)
    )


def do_record_meeting(
    *,
    user: Any,
    body: Body,
    person: Person,
    day: dt.date,
    description: str = "",
    official_business: bool = True,
    confirmed: bool = False,
) -> Meeting:
    """A meeting of a commissioner (¶4, MUN-DIE-02), chained in the audit record.

    A second meeting on official business of the same commissioner on the same day is a second per
    diem: the rulebook's policy (``Rulebook.per_diem_policy``; ambiguity 17, setting
    ``per_diem_per_meeting``) says whether it is refused (one a day) or written once ``confirmed``
    (it was another meeting, not the same one typed twice). Raises :class:`LedgerRefused`."""
    with transaction.atomic():
        # The commissioner's row, locked: two clerks recording the same day take turns, so the second sees the first.
        Person.objects.select_for_update().filter(pk=person.pk).first()
        if official_business:
            earlier = same_day_meetings(body, person, day)
            if earlier:
                policy = _policy(body)
                words = {
                    "name": person,
                    "day": format_date_es(day),
                    "amount": f"${policy.amount:,.2f}",
                    "n": len(earlier),
                    "rule": policy.rule_id,
                }
                if policy.second_same_day == "refuse":
                    raise LedgerRefused(
                        {
                            "day": _(
                                "%(name)s ya tiene anotada una reunión el %(day)s que genera la dieta de %(amount)s; "
                                "la Comisión paga una dieta por día (%(rule)s, ajuste per_diem_per_meeting). Si es "
                                "otra reunión, anótela sin marcar «gestiones oficiales»."
                            )
                            % words
                        }
                    )
                if not confirmed:
                    raise LedgerRefused(
                        {
                            "confirm": ngettext(
                                "%(name)s ya tiene una reunión anotada el %(day)s, con la dieta de %(amount)s "
                                "(%(rule)s). Si esta es otra reunión, y no la misma anotada dos veces, marque la "
                                "confirmación: genera otra dieta de %(amount)s.",
                                "%(name)s ya tiene %(n)s reuniones anotadas el %(day)s, cada una con la dieta de "
                                "%(amount)s (%(rule)s). Si esta es otra reunión, y no una de ellas anotada dos veces, "
                                "marque la confirmación: genera otra dieta de %(amount)s.",
                                len(earlier),
                            )
                            % words
                        },
                        confirm=True,
                    )
        meeting = Meeting.objects.create(
            body=body,
            person=person,
            day=day,
            description=description,
            official_business=official_business,
            recorded_by=user,
        )
        chain.append("bodies.Meeting", meeting)
        return meeting


def do_record_expense(
    *, user: Any, body: Body, person: Person, day: dt.date, amount: Decimal, description: str
) -> ExpenseClaim:
    """An expense claim (¶4, MUN-DIE-03), chained in the audit record."""
    with transaction.atomic():
        claim = ExpenseClaim.objects.create(
            body=body, person=person, day=day, amount=amount, description=description, recorded_by=user
        )
        chain.append("bodies.ExpenseClaim", claim)
        return claim


def ledger_item(body: Body, ref: str) -> Meeting | ExpenseClaim | None:
    """The meeting (``"m-<id>"``) or expense claim (``"e-<id>"``) of this body a statement line names."""
    kind, _sep, raw = ref.partition("-")
    if not raw.isdigit():
        return None
    model: Any = {"m": Meeting, "e": ExpenseClaim}.get(kind)
    return None if model is None else model.objects.filter(body=body, pk=int(raw)).first()


def do_reverse_ledger_item(
    *, user: Any, body: Body, item: Meeting | ExpenseClaim, reason: str, now: dt.datetime | None = None
) -> LedgerReversal:
    """Reverse a meeting's per diem or an expense claim: a new record with its reason (never a delete),
    chained in the audit record. Raises :class:`LedgerRefused` without a reason or when the item was
    already reversed."""
    reason = (reason or "").strip()
    if not reason:
        raise LedgerRefused({"reason": _("Escriba por qué se anula la partida; queda en el libro con la anulación.")})
    with transaction.atomic():
        model = type(item)
        item = model.objects.select_for_update().get(pk=item.pk)
        if LedgerReversal.objects.filter(**{"meeting" if isinstance(item, Meeting) else "expense": item}).exists():
            raise LedgerRefused({"reason": _("Esa partida ya está anulada.")})
        reversal = LedgerReversal.objects.create(
            body=body,
            meeting=item if isinstance(item, Meeting) else None,
            expense=item if isinstance(item, ExpenseClaim) else None,
            reason=reason,
            recorded_by=user,
            recorded_at=now or clock.now(),
        )
        chain.append("bodies.LedgerReversal", reversal)
        return reversal


def _ledger_items(
    rows: Any, body: Body, first: dt.date, last: dt.date, prefix: str, value: Callable[[Any], Any]
) -> list[tuple[Any, ...]]:
    """A month's meetings or expenses as the per-diem statement takes them: day, person, ``value`` (official
    business or amount), description, key (``prefix``-id) and the reason of its reversal, if any."""
    return [
        (
            i.day,
            str(i.person),
            value(i),
            i.description,
            f"{prefix}-{i.pk}",
            getattr(getattr(i, "reversal", None), "reason", ""),
        )
        for i in rows.filter(body=body, day__range=(first, last)).select_related("person", "reversal")
    ]


def monthly_statement(body: Body, year: int, month: int) -> Any:
    """The month's statement from the body's rulebook (``Rulebook.per_diem_statement``: the
    municipal Commission's, MUN-DIE-02/03), with the per diem the rulebook's settings fix. Each line
    names its record (``ref``, for :func:`ledger_item`); reversed items carry their reason."""
    rulebook = RULEBOOKS[body.rulebook]
    if rulebook.per_diem_statement is None:
        raise ValueError(f"the rulebook {rulebook.id} keeps no per-diem ledger")
    first = dt.date(year, month, 1)
    last = (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    meetings = _ledger_items(Meeting.objects, body, first, last, "m", lambda m: m.official_business)
    expenses = _ledger_items(ExpenseClaim.objects, body, first, last, "e", lambda e: e.amount)
    return rulebook.per_diem_statement(year, month, meetings, expenses, rulebook.resolve_settings({}))
