"""A person's financial-report duties (Secs. 14–16), read from the ``financial_report`` case of each
of their tenures: the terms the engine derived from the case's docket and stored with it
(``CaseDeadline``, with the rule, the citation and the trace), its findings, and the reports
recorded. Nothing is computed here; a case whose evaluation time has overtaken is re-derived first,
as on any read of a case (``refresh_if_stale``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ventila import clock
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases.actions import refresh_if_stale
from ventila.cases.models import Case, CaseDeadline, CaseFinding
from ventila.rules.engine import Tenure

from .access import obligations_of
from .models import FinancialReport, TenureCase
from .tenures import tenure_for_year, tenures_of


@dataclass
class TenureDuties:
    """One tenure of the person, its case (None while it has not begun: its first act is docketed on
    the day it happens) and the case's stored terms and findings."""

    tenure: Tenure
    offices: list[OfficeTerm]
    reports: list[FinancialReport] = field(default_factory=list)
    case: Case | None = None
    deadlines: list[CaseDeadline] = field(default_factory=list)
    findings: list[CaseFinding] = field(default_factory=list)


def compute_duties(body: Body, person: Person, today: dt.date | None = None) -> list[TenureDuties]:
    """Every tenure of ``person`` in an office ``body``'s rulebook binds, with its case's terms."""
    obligations = obligations_of(body)
    assert obligations is not None
    offices, tenures = tenures_of(person, obligations)
    links = {(t.role, t.start): t for t in TenureCase.objects.filter(body=body, person=person).select_related("case")}
    reports = list(FinancialReport.objects.filter(person=person, body=body).order_by("filed_on", "pk"))
    now = clock.now()
    out: list[TenureDuties] = []
    for tenure in tenures:
        item = TenureDuties(tenure, [offices[i] for i in tenure.offices])
        item.reports = [r for r in reports if tenure_for_year(tenures, r.covers_year) is tenure]
        link = links.get((tenure.role, tenure.start))
        if link is not None:
            case = refresh_if_stale(Case.objects.select_related("body").get(pk=link.case_id), now)
            item.case = case
            item.deadlines = list(case.deadlines.all())
            item.findings = list(case.findings.all())
        out.append(item)
    return out
