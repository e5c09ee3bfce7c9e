"""The procedures around the main flow: Sec. 8 substitutes, Sec. 23 suspensions, the candidate mark
of Sec. 24, the municipal Commission's compulsory terms (¶17) and its per-diem ledger (¶4).

Every change is a ``do_*`` function in one transaction, like :mod:`ventila.cases.actions`; the
other functions read rows the last evaluation wrote (they never re-evaluate a case).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock
from ventila.bodies.models import Body, ExpenseClaim, Meeting, Person
from ventila.rules import PR_TZ
from ventila.rules.calendar import format_date_es
from ventila.rules.engine import Evaluation

from .models import Case, CaseDeadline, DocketEntry

SYSTEM_USERNAME = "sistema"
SUSPENSION_EVENTS = ("proceedings_suspended", "proceedings_resumed")
WITNESS_EVENTS = ("witness_summoned", "summons_issued")


def _fold(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.strip().lower())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


# -- Sec. 8: members who are parties or witnesses ---------------------------------------------------


def member_witnesses(case: Case, live_entries: Iterable[DocketEntry]) -> list[int]:
    """Members of the body named as the witness of a summons in this case (Sec. 8: cited as a
    witness, they are replaced for the case). The name must be the member's full name as in the
    register (accents and case do not matter)."""
    names = {_fold(e.payload.get("witness", "")) for e in live_entries
             if e.event_type in WITNESS_EVENTS and e.payload.get("witness")}
    if not names:
        return []
    return [m.person_id for m in case.body.memberships.select_related("person")
            if _fold(str(m.person)) in names]


def sec8_warnings(case: Case, entries: Sequence[DocketEntry]) -> list[str]:
    """Members a party or a witness in the case for whom no substitute has been asked for (CAM-08-01).

    The message is the rulebook's (``check_member_involvement``); it stops once the substitute is
    asked for or appointed."""
    if case.body.rulebook != "camara-171":
        return []
    from ventila.rules.rulebooks.camara_171.s01_s09_commission import Seat, check_member_involvement

    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    live = [e for e in entries if e.pk not in superseded]
    asked = {str(e.payload.get("member")) for e in live if e.event_type in ("substitute_requested",
                                                                            "substitute_appointed")}
    offices = {m.person_id: m.position for m in case.body.memberships.all()}
    chair = {"president": "chair", "vice_president": "vice_chair"}
    seats, respondents, witnesses = [], [], []
    for x in case.exclusions.select_related("person"):
        if x.reason == "recused" or str(x.person_id) in asked:
            continue
        name = str(x.person)
        seats.append(Seat(name, office=chair.get(offices.get(x.person_id, ""), "member")))
        (respondents if x.reason == "party" else witnesses).append(name)
    return [f.message for f in check_member_involvement(seats, respondents=respondents, witnesses=witnesses)]


# -- Sec. 23 / ¶28: what a suspension moved -----------------------------------------------------------


def suspension_spans(entries: Sequence[DocketEntry]) -> list[dict[str, Any]]:
    """The suspensions on the docket: start, end (None while open), reason, court case, decision."""
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    spans: list[dict[str, Any]] = []
    for e in sorted(entries, key=lambda e: (e.occurred_at, e.seq)):
        if e.pk in superseded:
            continue
        if e.event_type == "proceedings_suspended" and (not spans or spans[-1]["end"] is not None):
            spans.append({"start": e.occurred_day, "end": None,
                          "reason": e.payload.get("reason") or e.details.get("court_case", ""),
                          "court_order": e.payload.get("court_order", ""),
                          "court_case": e.details.get("court_case", ""), "decision": ""})
        elif e.event_type == "proceedings_resumed" and spans and spans[-1]["end"] is None:
            spans[-1]["end"] = e.occurred_day
            spans[-1]["decision"] = e.details.get("final_decision", "")
    for s in spans:
        s["days"] = ((s["end"] or clock.today()) - s["start"]).days
    return spans


def _spans_text(spans: Sequence[dict[str, Any]]) -> str:
    parts = []
    for s in spans:
        why = s["reason"] or s["court_order"] or s["court_case"]
        if s["end"] is None:
            text = _("suspendido desde el %(start)s") % {"start": format_date_es(s["start"])}
        else:
            text = _("suspendido desde el %(start)s, reanudado el %(end)s") % {
                "start": format_date_es(s["start"]), "end": format_date_es(s["end"])}
        parts.append(f"{text} ({why})" if why else text)
    return "; ".join(parts)


def moved_due_dates(case: Case, evaluation: Evaluation, entries: Sequence[DocketEntry], live: set[int],
                    now: dt.datetime) -> list[tuple[dt.date | None, str]]:
    """For each term of ``evaluation``: the due date it would have without the suspensions on the
    docket, when they moved it, and why (Sec. 23 for the House, ¶28 for the municipal Commission)."""
    none: list[tuple[dt.date | None, str]] = [(None, "")] * len(evaluation.deadlines)
    live_entries = [e for e in entries if e.pk in live]
    if not any(e.event_type == "proceedings_suspended" for e in live_entries):
        return none
    from .actions import case_facts
    from .evaluation import compute_evaluation, live_events

    events = [e for e in live_events(entries) if e.event_type not in SUSPENSION_EVENTS]
    try:
        without = compute_evaluation(case_facts(case), events, now)
    except Exception:  # noqa: BLE001 — the counterfactual is an aid; never block the real evaluation
        return none
    base: dict[tuple[str, int], dt.date] = {}
    seen: dict[str, int] = {}
    for d in without.deadlines:
        n = seen.get(d.id, 0)
        seen[d.id] = n + 1
        base[(d.id, n)] = d.due_date
    spans = suspension_spans(live_entries)
    with translation.override("es"):  # a derived record, written in the record's language (like the trace)
        reason = _spans_text(spans)
    first_start = min(sp["start"] for sp in spans)
    out: list[tuple[dt.date | None, str]] = []
    seen = {}
    for d in evaluation.deadlines:
        n = seen.get(d.id, 0)
        seen[d.id] = n + 1
        before = base.get((d.id, n))
        sat = d.satisfied_at
        sat_day = sat.astimezone(PR_TZ).date() if isinstance(sat, dt.datetime) else sat
        if sat_day is not None and sat_day < first_start:
            out.append((None, ""))  # met before any suspension: nothing moved that matters
            continue
        if before is not None and before != d.due_date:
            out.append((before, reason[:300]))
        elif before is not None and d.status == "suspended":
            out.append((before, reason[:300]))
        else:
            out.append((None, ""))
    return out


# -- Sec. 24: the candidate mark --------------------------------------------------------------------


def do_set_candidate(*, case: Case, candidate: bool, now: dt.datetime | None = None, user: Any = None) -> Case:
    """Mark (or unmark) the respondent as a candidate; the case is re-evaluated at once (Sec. 24). The
    case's new state is a version in the audit chain that names ``user``."""
    from ventila.audit import state

    from .actions import do_refresh_case

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
    if case.body.rulebook != "municipal":
        return ""
    rows = list(deadlines) if deadlines is not None else list(case.deadlines.filter(deadline_id="decide"))
    d = next((r for r in rows if r.deadline_id == "decide" and r.satisfied_on is None
              and r.status in ("open", "missed")), None)
    if d is None:
        return ""
    left = (d.due - today).days
    if left > warning_days():
        return ""
    due = format_date_es(d.due)
    if left < 0:
        return _("El término para decidir venció el %(due)s: la querella se desestima con perjuicio (¶17, "
                 "MUN-DEC-04); ventila lo anota automáticamente.") % {"due": due}
    if left == 0:
        return _("Hoy, %(due)s, vence el término para decidir; sin decisión, la querella se desestima con "
                 "perjuicio (¶17, MUN-DEC-04).") % {"due": due}
    if left == 1:
        return _("Queda 1 día para decidir (vence el %(due)s); sin decisión, la querella se desestima con perjuicio "
                 "(¶17, MUN-DEC-04).") % {"due": due}
    return _("Quedan %(n)s días para decidir (vence el %(due)s); sin decisión, la querella se desestima con "
             "perjuicio (¶17, MUN-DEC-04).") % {"n": left, "due": due}


def system_user() -> Any:
    """The account ventila records acts of law with (it cannot sign in)."""
    from ventila.accounts.models import User

    user, created = User.objects.get_or_create(
        username=SYSTEM_USERNAME, defaults={"first_name": "ventila", "last_name": "(sistema)", "is_active": False})
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
    dismissed is no longer in the stage this looks for."""
    from .actions import ActInput, ActRefused, do_record_act, refresh_if_stale

    now = now or clock.now()
    results: list[SweepResult] = []
    candidates = Case.objects.filter(body__rulebook="municipal", kind="complaint", status=Case.Status.OPEN)
    for case in candidates.select_related("body").order_by("id"):
        case = refresh_if_stale(case, now)
        if "dismissed_with_prejudice" not in case.allowed_next or case.stage != "decision_term_expired":
            continue
        term = (case.deadlines.filter(deadline_id__in=("decide", "commissioner_report", "study"), status="missed")
                .order_by("due").first())
        if term is None:
            continue
        day = term.due + dt.timedelta(days=1)
        at = min(dt.datetime.combine(day, dt.time(0, 0), PR_TZ), now)
        with translation.override("es"):  # the docket is kept in Spanish, whoever runs the sweep
            reason = _("Desestimada con perjuicio por disposición de ley: el término de %(term)s para %(what)s "
                       "venció el %(due)s sin que la Comisión actuara (%(rule)s, %(citation)s; ¶17, MUN-DEC-04). "
                       "Anotado automáticamente por ventila.") % {
                "term": term.term, "what": _term_purpose(term.deadline_id), "due": format_date_es(term.due),
                "rule": term.rule_id, "citation": term.citation}
        try:
            entry = do_record_act(user=system_user(), case=case, now=now, act=ActInput(
                "dismissed_with_prejudice", at, False, {}, {"reason": reason}))
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


def do_record_meeting(*, user: Any, body: Body, person: Person, day: dt.date, description: str = "",
                      official_business: bool = True) -> Meeting:
    with transaction.atomic():
        return Meeting.objects.create(body=body, person=person, day=day, description=description,
                                      official_business=official_business, recorded_by=user)


def do_record_expense(*, user: Any, body: Body, person: Person, day: dt.date, amount: Decimal,
                      description: str) -> ExpenseClaim:
    with transaction.atomic():
        return ExpenseClaim.objects.create(body=body, person=person, day=day, amount=amount,
                                           description=description, recorded_by=user)


def monthly_statement(body: Body, year: int, month: int) -> Any:
    """The month's statement from the rulebook (:func:`compute_monthly_statement`, MUN-DIE-02/03),
    with the per diem the rulebook's settings fix."""
    from ventila.rules import RULEBOOKS
    from ventila.rules.rulebooks.municipal.per_diem import Expense, compute_monthly_statement
    from ventila.rules.rulebooks.municipal.per_diem import Meeting as RMeeting

    first = dt.date(year, month, 1)
    last = (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    meetings = [RMeeting(m.day, str(m.person), m.official_business, m.description)
                for m in Meeting.objects.filter(body=body, day__range=(first, last)).select_related("person")]
    expenses = [Expense(e.day, str(e.person), e.amount, e.description)
                for e in ExpenseClaim.objects.filter(body=body, day__range=(first, last)).select_related("person")]
    return compute_monthly_statement(year, month, meetings, expenses,
                                     settings=RULEBOOKS["municipal"].resolve_settings({}))
