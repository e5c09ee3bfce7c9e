"""The case page's sections of a preventive matter (issue 16): who the person concerned is, the
outside-income cap of Sec. 11(A), and the requested report of an access request (Sec. 17)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from ventila.cases import access
from ventila.cases.advisory import COMPLAINT_KIND, opinion_of, respondents_opinions
from ventila.cases.advisory import KIND as ADVISORY_KIND
from ventila.cases.matters import access_rule, report_sealed_reason
from ventila.cases.models import Case, DocketEntry
from ventila.rules import RULEBOOKS
from ventila.rules.i18n import money_text

from ..matter_forms import ReportForm
from ..matter_labels import MATTER_BUTTONS, PERSON_LABELS

_money = money_text  # the exact cap, never rounded to the cent


def matter_context(user: Any, case: Case, entries: list[DocketEntry]) -> dict[str, Any]:
    """What the case page shows of a preventive matter besides its docket: who the person concerned is
    (by kind), the outside-income cap of Sec. 11(A) computed from the latest notice, and the requested
    report of an access request (sealed or available)."""
    own = RULEBOOKS[case.body.rulebook].kinds[case.kind].party_labels  # the kind's own words (issue 29)
    out: dict[str, Any] = {
        "respondent_label": _(own["respondent"]) if "respondent" in own else PERSON_LABELS.get(case.kind, ""),
    }
    if case.kind == COMPLAINT_KIND:
        # Sec. 19(e) (CAM-19E-01): the respondent's own opinions bind the Commission if they acted in good faith.
        seen = access.access_cases_for_user(user).filter(body=case.body_id)
        out["good_faith_opinions"] = respondents_opinions(case, seen)
        return out
    if case.kind == ADVISORY_KIND:
        out["opinion"] = [opinion_of(case)]
    if case.kind not in MATTER_BUTTONS:
        return out
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    live = [e for e in entries if e.pk not in superseded]
    income_cap = RULEBOOKS[case.body.rulebook].register.income_cap
    notice = next(
        (e for e in sorted(live, key=lambda e: e.seq, reverse=True) if "legislative_salary" in e.payload), None
    )
    if income_cap is not None and notice is not None:
        salary = Decimal(str(notice.payload["legislative_salary"]))
        cap, share, rule_id = income_cap(salary)
        comp = notice.payload.get("compensation")
        compensation = Decimal(str(comp)) if comp is not None else None
        out["income_cap"] = {
            "salary": _money(salary),
            "share": f"{share:.0f} %",
            "rule": rule_id,
            "citation": RULEBOOKS[case.body.rulebook].rules[rule_id].citation,
            "cap": _money(cap),
            "compensation": _money(compensation) if compensation is not None else "",
            "over": compensation is not None and compensation > cap,
            "margin": _money(abs(cap - compensation)) if compensation is not None else "",
        }
    if case.kind == "report_access_request":
        reports = list(case.requested_reports.order_by("-id"))
        staff = case.body_id in access.staff_body_ids(user)
        out["requested_report"] = {
            "report": reports[0] if reports else None,
            "sealed_reason": report_sealed_reason(case),
            "can_store": staff,
            "can_open": staff,
            "form": ReportForm(rule=access_rule(case)) if staff else None,
        }
    return out
