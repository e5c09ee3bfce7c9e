"""Norms of conduct under R. de la C. 171, Secs. 10–13: the outside-activity notice and the
Commission's 5 business days to object (Sec. 11), and the pure checks (gifts, foreign gifts,
agency contracts, outside income, the role × norm matrix, the 10(w) notice).

Dates were counted by hand on a calendar with Puerto Rico's 2026–2028 holidays (24–25 Dec 2026,
1 Jan 2027, 2 Mar, 26 Jul (observed), 27 Jul Barbosa, 25 Nov Thanksgiving, 24 Dec 2027; 1 Jan 2028
is a Saturday and is not moved).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import evaluate, legal_calendar
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.rulebooks.camara_171 import s10_s13_conduct as conduct
from ventila.rules.rulebooks.camara_171.s10_s13_conduct import Gift


def activity(*events: dict[str, Any], as_of: str = "2027-03-02", **extra: Any) -> dict[str, Any]:
    return case(
        "camara-171", "outside_activity", *events, as_of=as_of, **{"respondent": {"role": "representative"}, **extra}
    )


def notice(at: str, **payload: Any) -> dict[str, Any]:
    full = {
        "nature": "Práctica de la abogacía",
        "certified_no_conflict": True,
        "compensation": 20000,
        "legislative_salary": 73000,
        "copy_to_secretariat": True,
    }
    full.update(payload)
    return ev("outside_activity_notified", at, **full)


# --- CAM-11C-01: 5 business days to object ---------------------------------------------------------


@pytest.mark.parametrize(
    ("received", "closures", "expected"),
    [
        # Mon 1 Mar 2027: 2 Mar (Ciudadanía) skipped; 3, 4, 5 (1–3), 8, 9 (4–5) → Tue 9 Mar.
        pytest.param("2027-03-01", [], "2027-03-09", id="CAM-11C-01 objection window crossing 2 March"),
        # Closure Thu 4 Mar too: 3 (1), 5 (2), 8, 9, 10 (3–5) → Wed 10 Mar.
        pytest.param("2027-03-01", ["2027-03-04"], "2027-03-10", id="CAM-11C-01 objection window skips a closure"),
        # Fri 23 Jul 2027: 26 Jul (Constitución, observed) and 27 Jul (Barbosa) skipped;
        # 28, 29, 30 (1–3), 2, 3 Aug (4–5) → Tue 3 Aug.
        pytest.param("2027-07-23", [], "2027-08-03", id="CAM-11C-01 objection window crossing 26-27 July Barbosa"),
        # Tue 23 Nov 2027: 24 (1), 25 Thanksgiving skipped, 26 (2), 29, 30 (3–4), 1 Dec (5) → Wed 1 Dec.
        pytest.param("2027-11-23", [], "2027-12-01", id="CAM-11C-01 objection window crossing Thanksgiving"),
        # Tue 28 Dec 2027: 29, 30, 31 (1–3), 1 Jan 2028 Saturday, 3, 4 Jan (4–5) → Tue 4 Jan 2028.
        pytest.param("2027-12-28", [], "2028-01-04", id="CAM-11C-01 objection window crossing the year end"),
    ],
)
def test_objection_window(received: str, closures: list[str], expected: str) -> None:
    result = evaluate(activity(notice(received), calendar={"closures": closures}, as_of=received))
    d = result.deadline("objection_window")
    assert (d.due.isoformat(), d.rule.id, d.status) == (expected, "CAM-11C-01", "open")
    assert result.stage == "under_review"
    assert result.allowed_next == ["objection_decided", "activity_started", "outside_activity_notified"]


def test_silence_is_no_objection_CAM_11C_01() -> None:
    open_ = evaluate(activity(notice("2027-03-01"), as_of="2027-03-09"))
    assert open_.stage == "under_review" and "no_objection_by_silence" not in open_.finding_ids()
    passed = evaluate(activity(notice("2027-03-01"), as_of="2027-03-10"))
    assert passed.stage == "cleared_by_silence"
    f = next(f for f in passed.findings if f.id == "no_objection_by_silence")
    assert (f.rule.id, f.data["due"]) == ("CAM-11C-01", "2027-03-09")


def test_objection_in_time_with_majority_CAM_11C_01_CAM_11C_02() -> None:
    events = [
        notice("2027-03-01"),
        ev(
            "objection_decided", "2027-03-09", objected=True, yes_votes=4, grounds="Conflicto de interés, Sec. 11(A)(a)"
        ),
    ]
    result = evaluate(activity(*events, as_of="2027-03-12"))
    assert result.deadline("objection_window").status == "met"
    assert result.stage == "objected"
    assert result.finding_ids() == []
    assert "activity_started" not in result.allowed_next


def test_objection_without_absolute_majority_CAM_11C_02() -> None:
    events = [notice("2027-03-01"), ev("objection_decided", "2027-03-05", objected=True, yes_votes=3, grounds="x")]
    result = evaluate(activity(*events, as_of="2027-03-12"))
    f = next(f for f in result.findings if f.id == "objection_without_majority")
    assert (f.rule.id, f.data["yes_votes"], f.data["required"]) == ("CAM-11C-02", 3, 4)
    assert result.stage == "cleared"


def test_late_objection_and_missing_grounds_CAM_11C_01() -> None:
    events = [notice("2027-03-01"), ev("objection_decided", "2027-03-10", objected=True)]
    result = evaluate(activity(*events, as_of="2027-03-12"))
    assert result.deadline("objection_window").status == "missed"
    assert {"objection_untimely", "objection_without_grounds"} <= set(result.finding_ids())


def test_commission_decides_not_to_object() -> None:
    result = evaluate(
        activity(notice("2027-03-01"), ev("objection_decided", "2027-03-03", objected=False), as_of="2027-03-12")
    )
    assert (result.stage, result.deadline("objection_window").status) == ("cleared", "met")


def test_each_notice_of_a_change_opens_its_window_CAM_11B_03() -> None:
    events = [notice("2027-03-01"), notice("2027-07-23", change=True)]
    result = evaluate(activity(*events, as_of="2027-07-26"))
    windows = [d for d in result.deadlines if d.id == "objection_window"]
    assert [d.due.isoformat() for d in windows] == ["2027-03-09", "2027-08-03"]
    # The first window ran out in silence: the expected outcome, not a missed term (issue 27, class 7).
    assert [d.status for d in windows] == ["lapsed", "open"]
    assert result.stage == "under_review"


# --- CAM-11A-01: outside income within 35 % of the legislative salary ------------------------------


@pytest.mark.parametrize(
    ("compensation", "over"),
    [
        # 35 % of $73,000.00 = $25,550.00.
        pytest.param(25550, False, id="CAM-11A-01 compensation exactly at the 35 percent cap"),
        pytest.param(25550.01, True, id="CAM-11A-01 compensation one cent over the cap"),
        pytest.param(30000, True, id="CAM-11A-01 compensation well over the cap"),
    ],
)
def test_outside_income_cap(compensation: float, over: bool) -> None:
    result = evaluate(activity(notice("2027-03-01", compensation=compensation)))
    assert ("outside_income_over_cap" in result.finding_ids()) is over
    if over:
        f = next(f for f in result.findings if f.id == "outside_income_over_cap")
        assert (f.rule.id, f.data["cap"]) == ("CAM-11A-01", "25550.00")


def test_outside_income_without_salary_is_unverified_CAM_11A_01() -> None:
    data = activity(notice("2027-03-01"))
    del data["events"][0]["legislative_salary"]
    assert "outside_income_unverified" in evaluate(data).finding_ids()


def test_compute_outside_income_cap_CAM_11A_01() -> None:
    assert conduct.compute_outside_income_cap(73000) == Decimal("25550.00")
    assert conduct.check_outside_income(Decimal("25550.00"), 73000) == []
    [f] = conduct.check_outside_income(26000, 73000)
    assert f.id == "outside_income_over_cap" and "$25,550.00" in f.message


# --- CAM-11B-01 / CAM-11B-02: the notice, before the start ------------------------------------------


def test_notice_after_the_activity_started_CAM_11B_01() -> None:
    result = evaluate(activity(notice("2027-03-01", planned_start="2027-02-15")))
    f = next(f for f in result.findings if f.id == "notice_after_activity_start")
    assert (f.rule.id, f.data["start"]) == ("CAM-11B-01", "2027-02-15")
    assert "activity_starts_before_objection_window_ends" not in result.finding_ids()


def test_notice_on_the_start_day_is_not_prior_CAM_11B_01() -> None:
    assert (
        "notice_after_activity_start"
        in evaluate(activity(notice("2027-03-01", planned_start="2027-03-01"))).finding_ids()
    )


def test_actual_start_before_the_notice_CAM_11B_01() -> None:
    events = [ev("activity_started", "2027-02-22"), notice("2027-03-01", planned_start="2027-03-15")]
    assert "notice_after_activity_start" in evaluate(activity(*events)).finding_ids()


@pytest.mark.parametrize(
    ("start", "warned"),
    [
        # Window due Tue 9 Mar 2027 (received Mon 1 Mar).
        pytest.param("2027-03-05", True, id="CAM-11C-01 activity starts inside the objection window"),
        pytest.param("2027-03-08", True, id="CAM-11C-01 activity starts the day before the window ends"),
        pytest.param("2027-03-09", False, id="CAM-11C-01 activity starts on the window's last day (A-10 start < due)"),
        pytest.param("2027-03-15", False, id="CAM-11C-01 activity starts after the window"),
    ],
)
def test_start_before_the_objection_window_ends(start: str, warned: bool) -> None:
    result = evaluate(activity(notice("2027-03-01", planned_start=start)))
    assert ("activity_starts_before_objection_window_ends" in result.finding_ids()) is warned
    assert "notice_after_activity_start" not in result.finding_ids()


def test_notice_contents_CAM_11B_02() -> None:
    bare = evaluate(activity(ev("outside_activity_notified", "2027-03-01", certified_no_conflict=False)))
    f = next(f for f in bare.findings if f.id == "notice_incomplete")
    assert (f.rule.id, f.data["missing"]) == ("CAM-11B-02", 3)
    full = evaluate(activity(notice("2027-03-01")))
    assert full.finding_ids() == []


def test_copy_to_the_secretariat_CAM_11B_03() -> None:
    result = evaluate(activity(notice("2027-03-01", copy_to_secretariat=False)))
    assert "secretariat_copy_missing" in result.finding_ids()


def test_no_notice_yet() -> None:
    result = evaluate(activity())
    assert (result.stage, result.allowed_next) == ("new", ["outside_activity_notified"])


# --- CAM-10K-01 / CAM-10N-01: gifts -----------------------------------------------------------------

D = dt.date


@pytest.mark.parametrize(
    ("gift", "expected"),
    [
        pytest.param(Gift(D(2027, 3, 1), "Club Cívico", 250), [], id="CAM-10K-01 social gift of exactly 250.00 excluded"),
        pytest.param(Gift(D(2027, 3, 1), "Club Cívico", 250.01), ["gift_not_excluded"],
                     id="CAM-10K-01 social gift of 250.01 not excluded"),
        pytest.param(Gift(D(2027, 3, 1), "Ateneo", 5000, "award"), [], id="CAM-10K-01 merit award excluded at any value"),
        pytest.param(Gift(D(2027, 3, 1), "Empresa X", 100, "payment"), ["gift_not_excluded"],
                     id="CAM-10K-01 payment for official duties never excluded"),
        pytest.param(Gift(D(2027, 3, 1), "Partido", 2000, "political_contribution"), [],
                     id="CAM-03-07 political contribution is neither gift nor income"),
        pytest.param(Gift(D(2027, 3, 1), "Consulado de Y", 50, "donation", foreign=True), ["foreign_gift_prohibited"],
                     id="CAM-10N-01 foreign donation of any amount"),
        pytest.param(Gift(D(2027, 3, 1), "Embajada de Y", 300, foreign=True),
                     ["gift_not_excluded", "foreign_gift_prohibited"], id="CAM-10N-01 foreign gift over 250.00"),
        pytest.param(Gift(D(2027, 3, 1), "Embajada de Y", 200, foreign=True), [],
                     id="CAM-10N-01 foreign social gift under 250.00"),
        pytest.param(Gift(D(2027, 3, 1), "Gobierno de Y", 0, "decoration", foreign=True), ["foreign_gift_prohibited"],
                     id="CAM-10N-01 foreign decoration"),
        pytest.param(Gift(D(2027, 3, 1), "Gobierno de Y", 0, "decoration", foreign=True, waiver=True), [],
                     id="CAM-10N-01 foreign decoration waived by House Resolution"),
    ],
)  # fmt: skip
def test_single_gift(gift: Gift, expected: list[str]) -> None:
    assert [f.id for f in conduct.check_gift(gift)] == expected


def test_repeat_donor_alert_at_the_second_excluded_gift_CAM_10K_01() -> None:
    gifts = [
        Gift(D(2027, 2, 14), "Cooperativa Z", 100),
        Gift(D(2027, 12, 20), "cooperativa z ", 200),  # same source, other spelling
        Gift(D(2027, 6, 1), "Otra Entidad", 100),
        Gift(D(2028, 1, 5), "Cooperativa Z", 100),  # a new year starts a new count
        Gift(D(2027, 7, 1), "Cooperativa Z", 900),  # not excluded: not counted in the pattern
    ]
    findings = conduct.check_gifts(gifts)
    patterns = [f for f in findings if f.id == "gift_pattern"]
    assert [(f.data["year"], f.data["count"]) for f in patterns] == [(2027, 2)]
    assert [f.id for f in findings if f.id != "gift_pattern"] == ["gift_not_excluded"]
    assert conduct.check_gifts(gifts, settings={"gift_pattern_threshold": 3}) == [
        f for f in findings if f.id != "gift_pattern"
    ]


# --- CAM-11A-03: agency contracts need an exception --------------------------------------------------


def test_agency_contract_exception_CAM_11A_03() -> None:
    [f] = conduct.check_agency_contract(None, agency="la Autoridad de Tierras")
    assert (f.id, f.rule.id) == ("agency_contract_without_exception", "CAM-11A-03")
    for code in conduct.AGENCY_CONTRACT_EXCEPTIONS:
        assert conduct.check_agency_contract(code) == []
    assert len(conduct.AGENCY_CONTRACT_EXCEPTIONS) == 6
    with pytest.raises(ValueError, match="no es una excepción"):
        conduct.check_agency_contract("friendship")


# --- CAM-13-01: which norms bind officers and department heads ------------------------------------


@pytest.mark.parametrize(
    ("role", "rule_id", "binds"),
    [
        pytest.param("representative", "CAM-10A-01", True, id="CAM-13-01 representative bound by 10(a)"),
        pytest.param("officer", "CAM-10A-01", False, id="CAM-13-01 officer not bound by 10(a)"),
        pytest.param("department_head", "CAM-10R-01", False, id="CAM-13-01 department head not bound by 10(r)"),
        pytest.param("officer", "CAM-10M-01", True, id="CAM-13-01 officer bound by 10(m)"),
        pytest.param("department_head", "CAM-10T-01", True, id="CAM-13-01 department head bound by 10(t)"),
        pytest.param("officer", "CAM-11A-03", True, id="CAM-13-01 officer bound by Sec. 11 (A-1 legacy map)"),
        pytest.param("department_head", "CAM-12B-04", True, id="CAM-13-01 department head bound by Sec. 12"),
        pytest.param("employee", "CAM-10H-01", True, id="CAM-13-01 employee bound by 10(h) only (A-4)"),
        pytest.param("employee", "CAM-10J-01", False, id="CAM-13-01 employee not bound by 10(j)"),
    ],
)
def test_role_norm_matrix(role: str, rule_id: str, binds: bool) -> None:
    assert conduct.norm_binds(role, rule_id) is binds


def test_norm_matrix_counts_CAM_13_01() -> None:
    matrix = conduct.norm_matrix()
    n = len(conduct.norm_rule_ids())
    assert n == 25 + 8 + 5  # Sec. 10: 24 incisos, 10(w) with two rules; Sec. 11: 8; Sec. 12: 5
    assert sum(matrix["representative"].values()) == n
    assert sum(matrix["officer"].values()) == n - 7
    assert matrix["officer"] == matrix["department_head"]
    assert [rid for rid, b in matrix["employee"].items() if b] == ["CAM-10H-01"]
    [f] = conduct.check_norms_for_role("officer", ["CAM-10A-01", "CAM-10M-01"])
    assert (f.id, f.rule.id, f.data["norm"]) == ("norm_not_applicable", "CAM-13-01", "CAM-10A-01")
    with pytest.raises(ValueError):
        conduct.norm_binds("officer", "CAM-21B-02")
    with pytest.raises(ValueError):
        conduct.norm_binds("mayor", "CAM-10A-01")


# --- CAM-10W-01: notice of a judicial or administrative citation --------------------------------


@pytest.mark.parametrize(
    ("formal_notice", "expected"),
    [
        # Wed 23 Dec 2026: 24 and 25 Dec skipped, 28–31 (1–4), 1 Jan 2027 skipped, Mon 4 Jan (5).
        pytest.param(
            D(2026, 12, 23), D(2027, 1, 4), id="CAM-10W-01 five business days crossing Christmas and New Year"
        ),
        # Fri 19 Mar 2027: 22 Mar skipped, 23, 24, 25 (1–3), Good Friday skipped, 29, 30 (4–5).
        pytest.param(D(2027, 3, 19), D(2027, 3, 30), id="CAM-10W-01 five business days crossing Good Friday"),
    ],
)
def test_citation_notice_due(formal_notice: dt.date, expected: dt.date) -> None:
    cal = legal_calendar()
    assert conduct.compute_citation_notice_due(cal, formal_notice).due == expected


def test_asap_terms_are_declared_not_computable_CAM_12B_03() -> None:
    rule = RULEBOOKS["camara-171"].rules["CAM-12B-03"]
    assert rule.term is None and rule.not_computable and "brevedad" in rule.quote
