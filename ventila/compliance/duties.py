"""A person's financial-report duties (Secs. 14–16), computed by the rules engine from the offices
the register gives them and the reports recorded — never stored, never typed here.

The rulebook says how the offices make tenures (``Obligations.tenures``: reelection, a change of
role) and each tenure is one scenario of its ``kind``, evaluated as of today on the body's calendar
(its closure days and election days), exactly as a case's terms are.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases.evaluation import CaseFacts, PlannedEvent, compute_evaluation
from ventila.cases.queries import body_config
from ventila.rules import PR_TZ, InputError
from ventila.rules.engine import Evaluation, Obligations, Tenure

from .access import obligations_of
from .models import FinancialReport


@dataclass
class TenureDuties:
    """One tenure of the person and what the engine says it owes; ``error`` when the engine could
    not evaluate it (a date outside the years the legal calendar knows), in Spanish."""

    tenure: Tenure
    offices: list[OfficeTerm]
    reports: list[FinancialReport] = field(default_factory=list)
    evaluation: Evaluation | None = None
    error: str = ""


def _offices(person: Person, obligations: Obligations) -> list[OfficeTerm]:
    return list(person.offices.filter(role__in=obligations.roles).order_by("start", "pk"))


def _reports_by_tenure(tenures: Sequence[Tenure], reports: Sequence[FinancialReport]) -> list[list[FinancialReport]]:
    """Each report goes with the latest tenure whose years it may cover: from the year before the
    tenure began (the initial report's, Sec. 14(d)) to the year it ended (the exit report's)."""
    out: list[list[FinancialReport]] = [[] for _ in tenures]
    for report in reports:
        best = None
        for i, t in enumerate(tenures):
            last = t.end.year if t.end is not None else None
            if report.covers_year >= t.start.year - 1 and (last is None or report.covers_year <= last):
                best = i
        if best is not None:
            out[best].append(report)
    return out


def _event(data: dict[str, object]) -> PlannedEvent:
    day = dt.date.fromisoformat(str(data["at"]))
    payload = {k: v for k, v in data.items() if k not in ("type", "at")}
    return PlannedEvent(str(data["type"]), dt.datetime.combine(day, dt.time(), PR_TZ), False, payload)


def notice_event(obligations: Obligations, report: FinancialReport) -> PlannedEvent | None:
    """The filer's notice of compliance to the House's Secretary, when recorded with the report."""
    if report.secretary_notified_on is None:
        return None
    moment = dt.datetime.combine(report.secretary_notified_on, dt.time(), PR_TZ)
    return PlannedEvent(obligations.notice_event, moment, False, {"covers_year": report.covers_year})


def report_event(obligations: Obligations, report: FinancialReport) -> PlannedEvent:
    """A report received, as the engine's event (its payload the rulebook's fields)."""
    payload = {
        "covers_year": report.covers_year,
        "report_type": report.report_type,
        "sworn": report.sworn,
        "electronic": report.electronic,
    }
    return PlannedEvent(
        obligations.report_event, dt.datetime.combine(report.filed_on, dt.time(), PR_TZ), False, payload
    )


def compute_duties(body: Body, person: Person, today: dt.date) -> list[TenureDuties]:
    """Every tenure of ``person`` in an office ``body``'s rulebook binds, with its evaluation."""
    obligations = obligations_of(body)
    assert obligations is not None
    offices = _offices(person, obligations)
    tenures = obligations.tenures([(o.role, o.start, o.end) for o in offices])
    reports = list(FinancialReport.objects.filter(person=person, body=body).order_by("filed_on", "pk"))
    config = body_config(body)
    out: list[TenureDuties] = []
    for tenure, own in zip(tenures, _reports_by_tenure(tenures, reports), strict=True):
        item = TenureDuties(tenure, [offices[i] for i in tenure.offices], own)
        facts = CaseFacts(body.rulebook, obligations.kind, tenure.role, False, config.closures, config.elections)
        events = [_event(dict(e)) for e in tenure.events] + [report_event(obligations, r) for r in own]
        events += [e for e in (notice_event(obligations, r) for r in own) if e is not None]
        events.sort(key=lambda e: e.occurred_at)
        try:
            item.evaluation = compute_evaluation(facts, events, today)
        except InputError as exc:
            item.error = exc.message
        out.append(item)
    return out
