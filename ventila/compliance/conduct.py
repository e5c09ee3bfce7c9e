"""The engine's word on a person's gifts (Secs. 10(k), 10(n)), court summonses (10(w)) and a kinship
for hiring (10(t)): computed from the rows each time they are shown, never typed or stored here.

- Gifts: ``s10_s13_conduct.check_gifts`` over every gift of the person (the $250.00 cap, the
  pattern of one source, foreign gifts without the House's waiver), each finding attributed to the
  gift that raised it.
- Court summonses: ``s10_s13_conduct.compute_citation_notice_due`` (CAM-10W-01: 5 business days
  from the formal notice) on the body's legal calendar — Puerto Rico's holidays, the body's declared
  closures and election days, as a case's terms are counted — with its "why this date" trace.
- Nepotism: ``ventila.rules.kinship`` (CAM-10T-01: up to the 3rd degree of blood, the 2nd of affinity).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from ventila import clock
from ventila.bodies.models import Body, Person
from ventila.cases import access as case_access
from ventila.cases.evaluation import CaseFacts, compute_calendar
from ventila.cases.labels import DEADLINES
from ventila.cases.queries import body_config
from ventila.cases.rule_messages import term_label
from ventila.documents.term_sources import OutsideTerm
from ventila.rules.calendar import CalendarError, LegalCalendar
from ventila.rules.check import gift_findings_by_gift
from ventila.rules.engine import RULEBOOKS, ConductRules
from ventila.rules.i18n import Msg
from ventila.rules.kinship import Kinship, check_nepotism, compute_kinship
from ventila.rules.terms import Deadline, Finding, Rule

from .conduct_models import CourtSummons, GiftRecord


def rule(rule_id: str) -> Rule:
    """The rule of that ID, in whichever rulebook holds it (the IDs are unique across rulebooks)."""
    return next(rb.rules[rule_id] for rb in RULEBOOKS.values() if rule_id in rb.rules)


def conduct_of(body: Body) -> ConductRules:
    """The norms of conduct of the body's rulebook (``Rulebook.register.conduct``); the pages exist only where it has them."""
    conduct = RULEBOOKS[body.rulebook].register.conduct
    assert conduct is not None, body.rulebook
    return conduct


def engine_gift(g: GiftRecord) -> Any:
    conduct = conduct_of(g.body)
    return conduct.gift(
        received=g.received_on,
        source=g.source,
        value=g.value,
        kind=g.kind,
        foreign=g.foreign,
        waiver=bool(g.waiver.strip()),
    )


@dataclass
class GiftView:
    gift: GiftRecord
    findings: list[Finding] = field(default_factory=list)


def gift_findings(gifts: Sequence[GiftRecord]) -> list[GiftView]:
    """Every gift (in the order received) with the findings the engine raises for it: its own
    (``check_gift``) and the pattern alert it completes (``check_gifts``)."""
    ordered = sorted(gifts, key=lambda g: (g.received_on, g.pk or 0))
    if not ordered:
        return []
    by_gift = gift_findings_by_gift(conduct_of(ordered[0].body), [engine_gift(g) for g in ordered])
    return [GiftView(g, findings) for g, findings in zip(ordered, by_gift, strict=True)]


def person_gift_findings(body: Body, person: Person) -> list[GiftView]:
    return gift_findings(list(GiftRecord.objects.filter(body=body, person=person)))


@dataclass
class SummonsTerm:
    """The 10(w) term of one summons: due day, whether the notice to the Secretary was timely (None
    while it is not recorded), and the trace; ``error`` (Spanish) when the calendar cannot count it."""

    summons: CourtSummons
    due: dt.date | None = None
    timely: bool | None = None
    overdue: bool = False
    lines: list[Msg] = field(default_factory=list)
    error: str = ""
    deadline: Deadline | None = None  # the engine's term (status met, missed or open)


def body_calendar(body: Body) -> LegalCalendar:
    """The legal calendar the body's terms are counted on (its closures and election days)."""
    config = body_config(body)
    calendar, _settings = compute_calendar(CaseFacts(body.rulebook, "", "", False, config.closures, config.elections))
    return calendar


def summons_term(body: Body, summons: CourtSummons, today: dt.date) -> SummonsTerm:
    """CAM-10W-01 on the body's calendar: 5 business days after the formal notice (that day does
    not count), skipping Saturdays, Sundays, Puerto Rico's holidays and the body's closures."""
    calendar = body_calendar(body)
    out = SummonsTerm(summons)
    try:
        calendar.check_input_date(summons.formally_notified_on)
        deadline = conduct_of(body).citation_notice(
            calendar, summons.formally_notified_on, summons.secretary_notified_on, today
        )
    except CalendarError as exc:
        out.error = str(exc)
        return out
    out.deadline = deadline
    out.due = deadline.due_date
    out.lines = deadline.trace_msgs()
    if deadline.satisfied_at is not None:
        out.timely = deadline.status == "met"
    else:
        out.overdue = deadline.status == "missed"
    return out


def person_summons_terms(body: Body, person: Person, today: dt.date) -> list[SummonsTerm]:
    return [summons_term(body, s, today) for s in CourtSummons.objects.filter(body=body, person=person)]


@dataclass(frozen=True)
class NepotismResult:
    path: tuple[str, ...]
    kinship: Kinship | None
    barred: bool
    findings: list[Finding]


def nepotism(
    path: Sequence[str], *, waiver: bool = False, recommended_by_speaker: bool = False, employed_before: bool = False
) -> NepotismResult:
    """The kinship a path describes and whether Sec. 10(t) bars the hiring (ValueError, in Spanish,
    for a path that describes no one)."""
    steps = tuple(path)
    kinship = compute_kinship(steps)
    findings = check_nepotism(
        kinship, waiver=waiver, recommended_by_speaker=recommended_by_speaker, employed_before=employed_before
    )
    return NepotismResult(steps, kinship, bool(findings), findings)


def within_bar(kinship: Kinship | None) -> bool:
    """Whether the kinship is within the degrees of Sec. 10(t), whatever waiver there may be."""
    return bool(check_nepotism(kinship))


def open_summons_terms(user: Any, first: dt.date, last: dt.date) -> list[OutsideTerm]:
    """The 10(w) notices not yet given to the Secretary whose last day falls from ``first`` to ``last``,
    of the registers the user keeps (the staff of a body whose rulebook has norms of conduct): the
    reminders' and the calendar feeds' source (``ventila.documents.term_sources``). Each names the
    court case's number — what the notice itself may say (CAM-10W-02) — never the person."""
    pending = (
        CourtSummons.objects.filter(
            body_id__in=case_access.staff_body_ids(user),
            secretary_notified_on__isnull=True,
            formally_notified_on__lte=last,
        )
        .select_related("body")
        .order_by("formally_notified_on", "pk")
    )  # one query; none at all for the rest when nothing is pending
    out: list[OutsideTerm] = []
    today = clock.today()
    for summons in pending:
        body = summons.body
        if RULEBOOKS[body.rulebook].register.conduct is None:
            continue
        term = summons_term(body, summons, today)
        if term.deadline is None or not first <= term.deadline.due_date <= last:
            continue
        d = term.deadline
        out.append(
            OutsideTerm(
                key=f"citacion-{summons.pk}",
                label=str(DEADLINES.get(d.id, d.id)),
                reference=_("Citación del caso %(number)s") % {"number": summons.case_number},
                due=d.due_date,
                rule_id=d.rule.id,
                citation=d.rule.citation,
                term=term_label(d.term.es()),
            )
        )
    return out
