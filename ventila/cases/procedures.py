"""The procedures around the main flow: Sec. 8 substitutes, Sec. 23 suspensions, the candidate mark
of Sec. 24, the municipal Commission's compulsory terms (¶17) and its per-diem ledger (¶4).

Every change is a ``do_*`` function in one transaction, like :mod:`ventila.cases.actions`; the
other functions read rows the last evaluation wrote (they never re-evaluate a case).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock
from ventila.accounts.models import User
from ventila.audit import state
from ventila.bodies.models import Body, ExpenseClaim, Meeting, Person
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.calendar import format_date_es

from .actions import ActInput, ActRefused, do_record_act, do_refresh_case, rederive, refresh_if_stale, stale_cases
from .models import Case, CaseDeadline, DocketEntry

SYSTEM_USERNAME = "sistema"


# -- Sec. 8: members who are parties or witnesses ---------------------------------------------------


def sec8_warnings(case: Case, entries: Sequence[DocketEntry], exclusions: Sequence[Any] | None = None) -> list[str]:
    """Members a party or a witness in the case for whom no substitute has been asked for (CAM-08-01).

    The message is the rulebook's (``check_member_involvement``); it stops once the substitute is
    asked for or appointed."""
    involvement = RULEBOOKS[case.body.rulebook].member_involvement
    if involvement is None:
        return []
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    live = [e for e in entries if e.pk not in superseded]
    asked = {
        str(e.payload.get("member")) for e in live if e.event_type in ("substitute_requested", "substitute_appointed")
    }
    rows = case.exclusions.select_related("person") if exclusions is None else exclusions
    named = [x for x in rows if x.reason != "recused" and str(x.person_id) not in asked]
    if not named:  # the usual case: no seat to name, no read of the body's seats
        return []
    offices = {m.person_id: m.position for m in case.body.memberships.all()}
    chair = {"president": "chair", "vice_president": "vice_chair"}
    seats, respondents, witnesses = [], [], []
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
    """A Spanish warning when the municipal decision term (MUN-DEC-01/02) ends within the warning
    window or has ended: without a decision the complaint is dismissed with prejudice (¶17)."""
    warned = RULEBOOKS[case.body.rulebook].warned_deadline
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
    due = format_date_es(d.due)
    if left < 0:
        return _(
            "El término para decidir venció el %(due)s: la querella se desestima con perjuicio (¶17, "
            "MUN-DEC-04); ventila lo anota automáticamente."
        ) % {"due": due}
    if left == 0:
        return _(
            "Hoy, %(due)s, vence el término para decidir; sin decisión, la querella se desestima con "
            "perjuicio (¶17, MUN-DEC-04)."
        ) % {"due": due}
    if left == 1:
        return _(
            "Queda 1 día para decidir (vence el %(due)s); sin decisión, la querella se desestima con perjuicio "
            "(¶17, MUN-DEC-04)."
        ) % {"due": due}
    return _(
        "Quedan %(n)s días para decidir (vence el %(due)s); sin decisión, la querella se desestima con "
        "perjuicio (¶17, MUN-DEC-04)."
    ) % {"n": left, "due": due}


def system_user() -> Any:
    """The account ventila records acts of law with (it cannot sign in)."""
    user, created = User.objects.get_or_create(
        username=SYSTEM_USERNAME, defaults={"first_name": "ventila", "last_name": "(sistema)", "is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


@dataclass(frozen=True)
class SweepResult:
    case: str
    entry_seq: int | None
    message: str


def do_sweep_compulsory_terms(now: dt.datetime | None = None) -> list[SweepResult]:
    """¶17 (MUN-DEC-04): every municipal complaint whose decision term ran out without a decision
    is dismissed with prejudice. The entry is dated the first day after the term ran out (when the
    law dismisses it), recorded by the system user with its reason. Idempotent: a case already
    dismissed is no longer in the stage this looks for.

    Only the cases whose terms passed (``rederive_at``) or whose configuration changed are
    re-derived first, in batches; then the ones in the stage the law dismisses are looked at."""
    now = now or clock.now()
    results: list[SweepResult] = []
    candidates = Case.objects.filter(body__rulebook="municipal", kind="complaint", status=Case.Status.OPEN)
    rederive(stale_cases(now).filter(pk__in=candidates.values("pk")), now=now)
    for case in candidates.filter(stage="decision_term_expired").select_related("body").order_by("id"):
        case = refresh_if_stale(case, now)
        if "dismissed_with_prejudice" not in case.allowed_next or case.stage != "decision_term_expired":
            continue
        term = (
            case.deadlines.filter(deadline_id__in=("decide", "commissioner_report", "study"), status="missed")
            .order_by("due")
            .first()
        )
        if term is None:
            continue
        day = term.due + dt.timedelta(days=1)
        at = min(dt.datetime.combine(day, dt.time(0, 0), PR_TZ), now)
        with translation.override("es"):  # the docket is kept in Spanish, whoever runs the sweep
            reason = _(
                "Desestimada con perjuicio por disposición de ley: el término de %(term)s para %(what)s "
                "venció el %(due)s sin que la Comisión actuara (%(rule)s, %(citation)s; ¶17, MUN-DEC-04). "
                "Anotado automáticamente por ventila."
            ) % {
                "term": term.term,
                "what": _term_purpose(term.deadline_id),
                "due": format_date_es(term.due),
                "rule": term.rule_id,
                "citation": term.citation,
            }
        try:
            entry = do_record_act(
                user=system_user(),
                case=case,
                now=now,
                act=ActInput("dismissed_with_prejudice", at, False, {}, {"reason": reason}),
            )
        except ActRefused as exc:
            results.append(SweepResult(case.number, None, str(exc)))
            continue
        results.append(SweepResult(case.number, entry.seq, reason))
    return results


def _term_purpose(deadline_id: str) -> str:
    return {
        "decide": _("tomar y emitir la decisión"),
        "commissioner_report": _("rendir el informe del Comisionado Asociado"),
        "study": _("estudiar el expediente"),
    }.get(deadline_id, deadline_id)


# -- ¶4: the per-diem ledger -----------------------------------------------------------------------


def do_record_meeting(
    *, user: Any, body: Body, person: Person, day: dt.date, description: str = "", official_business: bool = True
) -> Meeting:
    with transaction.atomic():
        return Meeting.objects.create(
            body=body,
            person=person,
            day=day,
            description=description,
            official_business=official_business,
            recorded_by=user,
        )


def do_record_expense(
    *, user: Any, body: Body, person: Person, day: dt.date, amount: Decimal, description: str
) -> ExpenseClaim:
    with transaction.atomic():
        return ExpenseClaim.objects.create(
            body=body, person=person, day=day, amount=amount, description=description, recorded_by=user
        )


def monthly_statement(body: Body, year: int, month: int) -> Any:
    """The month's statement from the body's rulebook (``Rulebook.per_diem_statement``: the
    municipal Commission's, MUN-DIE-02/03), with the per diem the rulebook's settings fix."""
    rulebook = RULEBOOKS[body.rulebook]
    if rulebook.per_diem_statement is None:
        raise ValueError(f"the rulebook {rulebook.id} keeps no per-diem ledger")
    first = dt.date(year, month, 1)
    last = (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    meetings = [
        (m.day, str(m.person), m.official_business, m.description)
        for m in Meeting.objects.filter(body=body, day__range=(first, last)).select_related("person")
    ]
    expenses = [
        (e.day, str(e.person), e.amount, e.description)
        for e in ExpenseClaim.objects.filter(body=body, day__range=(first, last)).select_related("person")
    ]
    return rulebook.per_diem_statement(year, month, meetings, expenses, rulebook.resolve_settings({}))
