"""Financial disclosure reports under R. de la C. 171, Secs. 14–16: hand-computed cases.

Dates were counted by hand on a calendar with Puerto Rico's 2026–2028 holidays (15 Aug 2026 is a
Saturday; 2027: 26 Mar Good Friday, 15 Aug a Sunday, 25 Nov Thanksgiving, 24 Dec, 25 Dec (Sat);
2028: 1 Jan (Sat, not moved), 6 Jan Reyes, 17 Jan, 15 Aug a Tuesday). Calendar-day terms end on
their last day and roll forward to the next business day (decision 1).
"""

from __future__ import annotations

from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import evaluate


def reports(
    *events: dict[str, Any], as_of: str = "2027-01-04", role: str = "representative", **extra: Any
) -> dict[str, Any]:
    return case("camara-171", "financial_report", *events, as_of=as_of, **{"respondent": {"role": role}, **extra})


def dues(result: Any, deadline_id: str) -> list[str]:
    return [d.due.isoformat() for d in result.deadlines if d.id == deadline_id]


# --- CAM-14D-01: the first report, 90 days after taking office --------------------------------------


@pytest.mark.parametrize(
    ("took", "closures", "expected"),
    [
        # Mon 4 Jan 2027 + 90 = Sun 4 Apr (27 days left in Jan, 28 Feb, 31 Mar, 4 Apr) → Mon 5 Apr.
        pytest.param("2027-01-04", [], "2027-04-05", id="CAM-14D-01 initial report 90 days ending on a Sunday"),
        # Same with a declared closure on Mon 5 Apr → Tue 6 Apr.
        pytest.param(
            "2027-01-04", ["2027-04-05"], "2027-04-06", id="CAM-14D-01 initial report rolls past a declared closure"
        ),
        # Sat 25 Sep 2027 + 90 = Fri 24 Dec (Nochebuena) → Sat 25 (Navidad), Sun 26 → Mon 27 Dec.
        pytest.param("2027-09-25", [], "2027-12-27", id="CAM-14D-01 initial report ending on Nochebuena and Christmas"),
    ],
)
def test_initial_report(took: str, closures: list[str], expected: str) -> None:
    result = evaluate(reports(ev("took_office", took), calendar={"closures": closures}, as_of=took))
    d = result.deadline("initial_report")
    assert (d.due.isoformat(), d.rule.id, d.status) == (expected, "CAM-14D-01", "open")
    assert result.stage == "in_office"


def test_initial_report_met_by_the_report_for_the_prior_year_CAM_14D_01() -> None:
    events = [ev("took_office", "2027-01-04"), ev("report_filed", "2027-03-25", covers_year=2026)]
    result = evaluate(reports(*events, as_of="2027-03-26"))
    d = result.deadline("initial_report")
    assert (d.status, d.satisfied_by) == ("met", "report_filed")
    wrong_year = evaluate(
        reports(ev("took_office", "2027-01-04"), ev("report_filed", "2027-03-25", covers_year=2027), as_of="2027-04-06")
    )
    assert wrong_year.deadline("initial_report").status == "missed"
    assert "report_overdue" in wrong_year.finding_ids()


# --- CAM-14C-01: 15 August of the year after each year in office -------------------------------------


def test_annual_reports_for_each_ended_year_CAM_14C_01() -> None:
    # In office since 2 Jan 2026; as of 1 Sep 2028 the years 2026 and 2027 have ended.
    # 15 Aug 2027 is a Sunday → Mon 16 Aug; 15 Aug 2028 is a Tuesday.
    result = evaluate(reports(ev("took_office", "2026-01-02"), as_of="2028-09-01"))
    annual = [d for d in result.deadlines if d.id == "annual_report"]
    assert [(d.due.isoformat(), d.trigger, d.trigger_at.isoformat()) for d in annual] == [
        ("2027-08-16", "year_in_office_ended", "2026-12-31"),
        ("2028-08-15", "year_in_office_ended", "2027-12-31"),
    ]
    assert all(d.rule.id == "CAM-14C-01" and d.status == "missed" for d in annual)
    assert [f.id for f in result.findings].count("report_overdue") == 3  # initial + two annual


@pytest.mark.parametrize(
    ("year", "closures", "expected"),
    [
        # 15 Aug 2026 is a Saturday → Mon 17 Aug 2026.
        pytest.param(2025, [], "2026-08-17", id="CAM-14C-01 annual report due on a Saturday rolls to Monday"),
        # 15 Aug 2027 is a Sunday → Mon 16 Aug; closed on the 16th → Tue 17 Aug.
        pytest.param(2026, ["2027-08-16"], "2027-08-17", id="CAM-14C-01 annual report rolls past Sunday and a closure"),
        # 15 Aug 2028 is a Tuesday: due that day.
        pytest.param(2027, [], "2028-08-15", id="CAM-14C-01 annual report due on a business day"),
    ],
)
def test_annual_report_fixed_date(year: int, closures: list[str], expected: str) -> None:
    events = [ev("took_office", f"{year}-01-02"), ev("report_filed", f"{year}-03-01", covers_year=year - 1)]
    result = evaluate(reports(*events, as_of=f"{year + 1}-01-10", calendar={"closures": closures}))
    assert dues(result, "annual_report") == [expected]


def test_annual_report_filed_on_time_CAM_14C_01() -> None:
    events = [
        ev("took_office", "2026-01-02"),
        ev("report_filed", "2026-03-02", covers_year=2025),
        ev("report_filed", "2027-08-16", covers_year=2026, report_type="annual"),
    ]
    result = evaluate(reports(*events, as_of="2027-09-01"))
    assert result.deadline("annual_report").status == "met"
    assert "report_overdue" not in result.finding_ids()


# --- CAM-14E-01 / 14E-02 / 14E-03 / 14F-01: leaving office ------------------------------------------


def test_exit_on_december_31_takes_august_15_CAM_14E_01() -> None:
    events = [ev("took_office", "2025-01-02"), ev("left_office", "2027-12-31")]
    result = evaluate(reports(*events, as_of="2028-01-10"))
    d = result.deadline("final_report")
    assert (d.due.isoformat(), d.rule.id, d.trigger) == ("2028-08-15", "CAM-14E-01", "year_in_office_ended")
    # Years 2025 and 2026 take annual reports; 2027 is covered by the exit report.
    assert dues(result, "annual_report") == ["2026-08-17", "2027-08-16"]
    assert result.stage == "left_office"
    assert "left_office" not in result.allowed_next


@pytest.mark.parametrize(
    ("left", "expected"),
    [
        # Thu 30 Sep 2027 + 90 = Wed 29 Dec 2027 (31 Oct, 30 Nov, 29 Dec).
        pytest.param("2027-09-30", "2027-12-29", id="CAM-14E-02 exit report 90 calendar days"),
        # Fri 8 Oct 2027 + 90 = Thu 6 Jan 2028 (Reyes) → Fri 7 Jan 2028: crosses the year end.
        pytest.param("2027-10-08", "2028-01-07", id="CAM-14E-02 exit report ending on Reyes across the year end"),
    ],
)
def test_exit_before_december_31(left: str, expected: str) -> None:
    events = [ev("took_office", "2025-01-02"), ev("left_office", left)]
    result = evaluate(reports(*events, as_of=left))
    d = result.deadline("final_report")
    assert (d.due.isoformat(), d.rule.id, d.trigger) == (expected, "CAM-14E-02", "left_office")
    assert dues(result, "annual_report") == ["2026-08-17", "2027-08-16"]


def test_exit_report_met_by_a_report_for_the_exit_year_CAM_14E_02() -> None:
    events = [
        ev("took_office", "2025-01-02"),
        ev("left_office", "2027-09-30"),
        ev("report_filed", "2027-12-01", covers_year=2027, report_type="final"),
    ]
    assert evaluate(reports(*events, as_of="2028-01-10")).deadline("final_report").status == "met"


def test_reelected_representative_files_no_exit_report_CAM_14E_03() -> None:
    events = [ev("took_office", "2025-01-02"), ev("left_office", "2028-12-31", reelected=True)]
    result = evaluate(reports(*events, as_of="2029-09-01"))
    assert "final_report_not_required" in result.finding_ids()
    with pytest.raises(KeyError):
        result.deadline("final_report")
    # Still in office: the 2028 annual report is due 15 Aug 2029 (a Wednesday).
    assert dues(result, "annual_report")[-1] == "2029-08-15"
    assert result.stage == "in_office"


def test_reelection_does_not_apply_to_an_officer_CAM_14E_03() -> None:
    events = [ev("took_office", "2025-01-02"), ev("left_office", "2027-09-30", reelected=True)]
    result = evaluate(reports(*events, as_of="2027-10-01", role="officer"))
    assert result.deadline("final_report").rule.id == "CAM-14E-02"


@pytest.mark.parametrize(
    ("left", "settings", "required"),
    [
        # Decision 9 (issue 12): every calendar day in office counts, the first and the last included.
        # From Mon 4 Jan 2027: to Wed 3 Mar is 59 days (28 + 28 + 3); to Thu 4 Mar is 60.
        pytest.param("2027-03-03", {}, False, id="CAM-14F-01 59 days in office, both ends counted: no report"),
        pytest.param("2027-03-04", {}, True, id="CAM-14F-01 60 days in office, both ends counted: reports owed"),
        # The other reading (tenure_count=term_from_act): the first day excluded, as in a term.
        pytest.param("2027-03-04", {"tenure_count": "term_from_act"}, False,
                     id="CAM-14F-01 term_from_act: 4 Jan to 4 Mar is 59 days, no report"),
        pytest.param("2027-03-05", {"tenure_count": "term_from_act"}, True,
                     id="CAM-14F-01 term_from_act: 4 Jan to 5 Mar is 60 days, reports owed"),
    ],
)  # fmt: skip
def test_short_tenure(left: str, settings: dict[str, Any], required: bool) -> None:
    data = reports(ev("took_office", "2027-01-04"), ev("left_office", left), as_of="2027-03-10")
    result = evaluate({**data, "settings": settings})
    assert ("report_not_required" in result.finding_ids()) is not required
    if required:
        assert result.deadline("initial_report").due.isoformat() == "2027-04-05"
    else:
        assert (result.deadlines, result.stage, result.allowed_next) == ([], "report_not_required", [])


def test_in_office_2_january_to_2_march_2027_owes_the_reports_CAM_14F_01() -> None:
    # Issue 12's case: 2 Jan – 2 Mar 2027 is 30 + 28 + 2 = 60 days with both ends: the reports are owed.
    # The final report (CAM-14E-02) falls due 90 calendar days after leaving: 2 Mar + 90 = Mon 31 May
    # 2027, Día de la Recordación → Tue 1 Jun 2027 (decision 1).
    result = evaluate(reports(ev("took_office", "2027-01-02"), ev("left_office", "2027-03-02"), as_of="2027-03-10"))
    assert "report_not_required" not in result.finding_ids()
    d = result.deadline("final_report")
    assert (d.due.isoformat(), d.rule.id, d.status) == ("2027-06-01", "CAM-14E-02", "open")
    # One day shorter (to 1 Mar) is 59 days: exempt, and the message says how the days were counted.
    short = evaluate(reports(ev("took_office", "2027-01-02"), ev("left_office", "2027-03-01"), as_of="2027-03-10"))
    finding = next(f for f in short.findings if f.id == "report_not_required")
    assert finding.data == {"days": 59}
    assert "(59 días naturales, contando el primero y el último)" in finding.message


# --- CAM-14C-02: tell the House Secretary within 2 business days ------------------------------------


@pytest.mark.parametrize(
    ("filed", "expected"),
    [
        # Thu 25 Mar 2027: Good Friday skipped, Mon 29 (1), Tue 30 (2).
        pytest.param("2027-03-25", "2027-03-30", id="CAM-14C-02 notice to the Secretary crossing Good Friday"),
        # Wed 24 Nov 2027: Thanksgiving skipped, Fri 26 (1), Mon 29 (2).
        pytest.param("2027-11-24", "2027-11-29", id="CAM-14C-02 notice to the Secretary crossing Thanksgiving"),
        # Thu 23 Dec 2027: 24 Dec skipped, weekend, Mon 27 (1), Tue 28 (2).
        pytest.param("2027-12-23", "2027-12-28", id="CAM-14C-02 notice to the Secretary crossing Nochebuena"),
    ],
)
def test_notify_secretary(filed: str, expected: str) -> None:
    events = [ev("took_office", "2027-01-04"), ev("report_filed", filed, covers_year=2026)]
    result = evaluate(reports(*events, as_of=filed))
    d = result.deadline("notify_secretary")
    assert (d.due.isoformat(), d.rule.id, d.status) == (expected, "CAM-14C-02", "open")
    assert "secretary_notified" in result.allowed_next


def test_each_report_has_its_own_secretary_notice_CAM_14C_02() -> None:
    events = [
        ev("took_office", "2026-01-02"),
        ev("report_filed", "2026-03-02", covers_year=2025),
        ev("secretary_notified", "2026-03-04"),
        ev("report_filed", "2027-03-25", covers_year=2026),
        ev("secretary_notified", "2027-03-31", covers_year=2026),
    ]
    result = evaluate(reports(*events, as_of="2027-04-01"))
    notices = [(d.due.isoformat(), d.status) for d in result.deadlines if d.id == "notify_secretary"]
    # Mon 2 Mar 2026 is a holiday itself (the trigger day does not count anyway): 3, 4 → Wed 4 Mar.
    assert notices == [("2026-03-04", "met"), ("2027-03-30", "missed")]


# --- CAM-15-01 .. CAM-15-05, CAM-16A-01: the OEG's evaluation --------------------------------------


def _filed(*more: dict[str, Any], filed: str = "2027-08-16") -> list[dict[str, Any]]:
    """In office since 2 Jan 2026; the initial report (2025) was filed, notified and declared final;
    the 2026 report is filed on ``filed``."""
    return [
        ev("took_office", "2026-01-02"),
        ev("report_filed", "2026-03-02", covers_year=2025),
        ev("secretary_notified", "2026-03-03"),
        ev("oeg_final_action", "2026-04-01", outcome="final"),
        ev("report_filed", filed, covers_year=2026),
        ev("secretary_notified", filed),
        *more,
    ]


def test_oeg_evaluation_90_days_CAM_15_01() -> None:
    # Mon 16 Aug 2027 + 90 = Sun 14 Nov (15 + 30 + 31 + 14) → Mon 15 Nov 2027.
    result = evaluate(reports(*_filed(), as_of="2027-08-17"))
    d = result.deadline("oeg_evaluation")
    assert (d.due.isoformat(), d.rule.id, d.status) == ("2027-11-15", "CAM-15-01", "open")
    assert result.stage == "under_oeg_evaluation"
    assert {"preliminary_findings_received", "oeg_final_action"} <= set(result.allowed_next)


def test_report_final_by_lapse_CAM_15_02() -> None:
    result = evaluate(reports(*_filed(), as_of="2027-11-16"))
    assert "report_final_by_lapse" in result.finding_ids()
    assert result.stage == "report_final"
    met = evaluate(reports(*_filed(ev("oeg_final_action", "2027-11-15", outcome="final")), as_of="2027-11-16"))
    assert "report_final_by_lapse" not in met.finding_ids()
    assert met.deadline("oeg_evaluation").status == "met"


def test_preliminary_findings_after_90_days_CAM_15_03() -> None:
    result = evaluate(reports(*_filed(ev("preliminary_findings_received", "2027-11-16")), as_of="2027-11-17"))
    assert {"preliminary_findings_untimely", "report_final_by_lapse"} <= set(result.finding_ids())
    assert result.stage == "report_final"


@pytest.mark.parametrize(
    ("received", "expected"),
    [
        # Wed 15 Dec 2027 + 10 = Sat 25 Dec (Navidad) → Sun 26 → Mon 27 Dec.
        pytest.param("2027-12-15", "2027-12-27", id="CAM-15-04 reply to findings ending on Christmas Saturday"),
        # Tue 16 Nov 2027 + 10 = Fri 26 Nov (after Thanksgiving, a business day).
        pytest.param("2027-11-16", "2027-11-26", id="CAM-15-04 reply to findings 10 calendar days"),
    ],
)
def test_respond_to_findings(received: str, expected: str) -> None:
    events = _filed(ev("preliminary_findings_received", received), filed="2027-10-01")
    result = evaluate(reports(*events, as_of=received))
    d = result.deadline("respond_to_findings")
    assert (d.due.isoformat(), d.rule.id, d.status) == (expected, "CAM-15-04", "open")
    assert result.stage == "awaiting_reply"
    assert "findings_answered" in result.allowed_next
    with pytest.raises(KeyError):
        result.deadline("oeg_final_action")


def test_oeg_final_action_from_the_reply_CAM_15_05() -> None:
    # Reply Mon 20 Dec 2027 (before the 27th): + 30 = Wed 19 Jan 2028.
    events = _filed(
        ev("preliminary_findings_received", "2027-12-15"), ev("findings_answered", "2027-12-20"), filed="2027-10-01"
    )
    result = evaluate(reports(*events, as_of="2027-12-21"))
    d = result.deadline("oeg_final_action")
    assert (d.due.isoformat(), d.rule.id, d.trigger) == ("2028-01-19", "CAM-15-05", "findings_answered")
    assert result.stage == "awaiting_oeg_final_action"


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param([], id="CAM-15-05 OEG term from the end of the reply term when there is no reply"),
        pytest.param(
            [ev("findings_answered", "2028-01-03")],
            id="CAM-15-05 OEG term from the end of the reply term when the reply is late",
        ),
    ],
)
def test_oeg_final_action_from_the_end_of_the_reply_term(answer: list[dict[str, Any]]) -> None:
    # Reply term ends Mon 27 Dec 2027 (rolled from Sat 25): + 30 = Wed 26 Jan 2028.
    events = _filed(ev("preliminary_findings_received", "2027-12-15"), *answer, filed="2027-10-01")
    result = evaluate(reports(*events, as_of="2028-01-04"))
    d = result.deadline("oeg_final_action")
    assert (d.due.isoformat(), d.trigger) == ("2028-01-26", "reply_term_expired")
    assert result.deadline("respond_to_findings").status == "missed"


def test_oeg_referral_within_30_days_CAM_16A_01() -> None:
    events = _filed(
        ev("preliminary_findings_received", "2027-12-15"),
        ev("findings_answered", "2027-12-20"),
        ev("oeg_final_action", "2028-01-14", outcome="referral", evidence_attached=True),
        filed="2027-10-01",
    )
    result = evaluate(reports(*events, as_of="2028-01-20"))
    d = result.deadline("oeg_referral")
    assert (d.due.isoformat(), d.rule.id, d.status) == ("2028-01-19", "CAM-16A-01", "met")
    assert result.deadline("oeg_final_action").status == "met"
    assert result.stage == "referred_to_commission"
    assert "referral_to_commission" in result.finding_ids()
    assert "referral_without_evidence" not in result.finding_ids()


def test_late_referral_without_evidence_CAM_16A_01_CAM_16B_01() -> None:
    events = _filed(
        ev("preliminary_findings_received", "2027-12-15"),
        ev("oeg_final_action", "2028-01-27", outcome="referral", evidence_attached=False),
        filed="2027-10-01",
    )
    result = evaluate(reports(*events, as_of="2028-01-28"))
    d = result.deadline("oeg_referral")
    assert (d.due.isoformat(), d.status) == ("2028-01-26", "missed")
    assert "referral_without_evidence" in result.finding_ids()


def test_preliminary_report_stops_auto_finality_unless_the_setting_says_so_CAM_15_02() -> None:
    events = _filed(
        ev("preliminary_findings_received", "2027-11-01"), ev("findings_answered", "2027-11-05"), filed="2027-08-16"
    )
    default = evaluate(reports(*events, as_of="2027-11-20"))
    assert "report_final_by_lapse" not in default.finding_ids()
    assert default.stage == "awaiting_oeg_final_action"
    auto = evaluate(reports(*events, as_of="2027-11-20", settings={"auto_final_if_prelim": True}))
    assert "report_final_by_lapse" in auto.finding_ids()


def test_unsworn_or_paper_report_CAM_14A_01() -> None:
    events = [ev("took_office", "2027-01-04"), ev("report_filed", "2027-03-25", covers_year=2026, sworn=False)]
    assert "report_not_sworn_or_electronic" in evaluate(reports(*events, as_of="2027-03-26")).finding_ids()


def test_nothing_yet() -> None:
    result = evaluate(reports())
    assert (result.stage, result.allowed_next, result.deadlines) == ("new", ["took_office"], [])


# --- The register's offices as tenures (Secs. 3, 14; docs/decisions.md «eng-tenures») ---------------


def test_register_offices_make_tenures_with_reelection_CAM_14E_03() -> None:
    import datetime as dt

    from ventila.rules import RULEBOOKS

    obligations = RULEBOOKS["camara-171"].register.obligations
    assert obligations is not None and obligations.kind == "financial_report"
    d = dt.date
    offices = [
        ("representative", d(2029, 1, 2), None),  # reelected: begins two days after the first term's end
        ("employee", d(2020, 1, 2), d(2024, 12, 31)),  # not bound by the Code: left out
        ("representative", d(2025, 1, 2), d(2028, 12, 31)),
        ("officer", d(2033, 2, 1), d(2033, 3, 1)),  # a change of role: a tenure of its own
    ]
    tenures = obligations.tenures(offices)
    assert [(t.role, t.start, t.end, t.offices) for t in tenures] == [
        ("representative", d(2025, 1, 2), None, (2, 0)),
        ("officer", d(2033, 2, 1), d(2033, 3, 1), (3,)),
    ]
    assert list(tenures[0].events) == [
        {"type": "took_office", "at": "2025-01-02"},
        {"type": "left_office", "at": "2028-12-31", "reelected": True},
    ]
    # The engine reads the reelection as Sec. 14(e)(3) does: no exit report; the 2028 annual report
    # is due 15 August 2029 (a Wednesday).
    result = evaluate(reports(*tenures[0].events, as_of="2029-09-01"))
    assert "final_report_not_required" in result.finding_ids()
    assert dues(result, "annual_report")[-1] == "2029-08-15"


def test_a_gap_of_three_days_is_not_a_reelection() -> None:
    import datetime as dt

    from ventila.rules import RULEBOOKS

    obligations = RULEBOOKS["camara-171"].register.obligations
    assert obligations is not None
    d = dt.date
    tenures = obligations.tenures(
        [("representative", d(2025, 1, 2), d(2028, 12, 30)), ("representative", d(2029, 1, 2), None)]
    )
    assert [(t.start, t.end) for t in tenures] == [(d(2025, 1, 2), d(2028, 12, 30)), (d(2029, 1, 2), None)]
    assert tenures[0].events[-1] == {"type": "left_office", "at": "2028-12-30"}
    # Officers' successive offices of the same role are one tenure and one exit (no reelection flag).
    officer = obligations.tenures(
        [("officer", d(2025, 1, 2), d(2026, 6, 30)), ("officer", d(2026, 7, 1), d(2027, 1, 31))]
    )
    assert [list(t.events) for t in officer] == [
        [{"type": "took_office", "at": "2025-01-02"}, {"type": "left_office", "at": "2027-01-31"}]
    ]
