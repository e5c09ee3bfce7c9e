"""Third-party access to a final financial report under R. de la C. 171, Sec. 17: hand-computed cases.

Dates were counted by hand on a calendar with Puerto Rico's 2027 holidays (22 Mar, 26 Mar Good
Friday, 5 Jul (4 Jul observed), 26 Jul (25 Jul observed), 27 Jul Barbosa). The trigger day does
not count. Access opens on the next business day after the 15th business day (A-15).
"""

from __future__ import annotations

from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import evaluate

COMPLETE = {
    "requester_name": "Ana Rivera",
    "requester_address": "Calle Luna 1, San Juan",
    "requester_occupation": "Periodista",
    "on_behalf_of": "Ella misma",
    "interest_statement": "Datos para la querella presentada el 1 de marzo",
    "complaint_copy": True,
    "knows_use_limits": True,
    "knows_penalty": True,
    "sworn": True,
    "report_is_final": True,
}


def access(*events: dict[str, Any], as_of: str = "2027-03-19", **extra: Any) -> dict[str, Any]:
    return case("camara-171", "report_access_request", *events, as_of=as_of, **extra)


def requested(at: str = "2027-03-19", **payload: Any) -> dict[str, Any]:
    return ev("access_requested", at, **{**COMPLETE, **payload})


# --- CAM-17-03: notify the Representative within 5 business days -----------------------------------


@pytest.mark.parametrize(
    ("at", "closures", "expected"),
    [
        # Fri 19 Mar 2027: 22 Mar skipped, 23–25 (1–3), Good Friday skipped, 29, 30 (4–5) → Tue 30 Mar.
        pytest.param("2027-03-19", [], "2027-03-30", id="CAM-17-03 notice to the subject crossing 22 March and Good Friday"),
        # Closure Wed 24 Mar too: 23 (1), 25 (2), 29, 30, 31 (3–5) → Wed 31 Mar.
        pytest.param("2027-03-19", ["2027-03-24"], "2027-03-31", id="CAM-17-03 notice to the subject skips a closure"),
        # Thu 1 Jul 2027: 2 (1), 5 Jul (4 Jul observed) skipped, 6, 7, 8, 9 (2–5) → Fri 9 Jul.
        pytest.param("2027-07-01", [], "2027-07-09", id="CAM-17-03 notice to the subject crossing Independence Day observed"),
    ],
)  # fmt: skip
def test_notify_subject(at: str, closures: list[str], expected: str) -> None:
    result = evaluate(access(requested(at), as_of=at, calendar={"closures": closures}))
    d = result.deadline("notify_subject")
    assert (d.due.isoformat(), d.rule.id, d.status) == (expected, "CAM-17-03", "open")
    assert (result.stage, result.allowed_next) == ("awaiting_notice", ["subject_notified"])
    assert "access_not_yet_allowed" in result.finding_ids()


# --- CAM-17-04 / CAM-17-05: 15 business days to object; access after them ---------------------------


@pytest.mark.parametrize(
    ("received", "expected", "opens"),
    [
        # Thu 25 Mar 2027: Good Friday skipped, 29–31 (1–3), 1–2 Apr (4–5), 5–9 (6–10), 12–16 (11–15)
        # → Fri 16 Apr; access from Mon 19 Apr.
        pytest.param("2027-03-25", "2027-04-16", "2027-04-19", id="CAM-17-04 objection window crossing Good Friday"),
        # Mon 12 Jul 2027: 13–16 (1–4), 19–23 (5–9), 26 and 27 Jul skipped, 28–30 (10–12),
        # 2–4 Aug (13–15) → Wed 4 Aug; access from Thu 5 Aug.
        pytest.param("2027-07-12", "2027-08-04", "2027-08-05", id="CAM-17-04 objection window crossing 26-27 July Barbosa"),
    ],
)  # fmt: skip
def test_subject_objection_window(received: str, expected: str, opens: str) -> None:
    events = [requested("2027-03-19"), ev("subject_notified", "2027-03-24", received_on=received)]
    during = evaluate(access(*events, as_of=expected))
    d = during.deadline("subject_objection")
    assert (d.due.isoformat(), d.rule.id, d.status) == (expected, "CAM-17-04", "open")
    assert during.stage == "awaiting_subject"
    f = next(f for f in during.findings if f.id == "access_not_yet_allowed")
    assert f.data["opens_on"] == opens
    after = evaluate(access(*events, as_of=opens))
    assert (after.stage, after.allowed_next) == ("access_open", ["access_granted"])
    f = next(f for f in after.findings if f.id == "access_allowed")
    assert (f.rule.id, f.data["opens_on"]) == ("CAM-17-05", opens)


def test_objection_window_runs_from_the_notice_when_no_receipt_date_CAM_17_04() -> None:
    events = [requested("2027-03-19"), ev("subject_notified", "2027-03-25")]
    assert evaluate(access(*events)).deadline("subject_objection").due.isoformat() == "2027-04-16"


def test_objection_holds_access_until_resolved_CAM_17_05() -> None:
    base = [requested("2027-03-19"), ev("subject_notified", "2027-03-25"), ev("objection_filed", "2027-04-05")]
    pending = evaluate(access(*base, as_of="2027-05-03"))
    assert pending.deadline("subject_objection").status == "met"
    assert (pending.stage, pending.allowed_next) == ("objection_pending", ["objection_resolved"])
    assert "Director de la OEG" in next(f for f in pending.findings if f.id == "access_not_yet_allowed").message
    by_commission = evaluate(access(*base, as_of="2027-05-03", settings={"sec17_objection_resolver": "commission"}))
    assert "Comisión de Ética" in next(f for f in by_commission.findings if f.id == "access_not_yet_allowed").message

    overruled = evaluate(access(*base, ev("objection_resolved", "2027-05-04", upheld=False), as_of="2027-05-04"))
    assert overruled.stage == "access_open"
    assert next(f for f in overruled.findings if f.id == "access_allowed").data["opens_on"] == "2027-05-04"
    upheld = evaluate(access(*base, ev("objection_resolved", "2027-05-04", upheld=True), as_of="2027-05-04"))
    assert (upheld.stage, upheld.allowed_next) == ("access_denied", [])


def test_late_objection_does_not_hold_access_CAM_17_04() -> None:
    events = [requested("2027-03-19"), ev("subject_notified", "2027-03-25"), ev("objection_filed", "2027-04-19")]
    result = evaluate(access(*events, as_of="2027-04-20"))
    assert result.deadline("subject_objection").status == "missed"
    assert "access_objection_untimely" in result.finding_ids()
    assert result.stage == "access_open"


def test_access_given_too_early_CAM_17_05() -> None:
    events = [requested("2027-03-19"), ev("subject_notified", "2027-03-25"), ev("access_granted", "2027-04-16")]
    result = evaluate(access(*events, as_of="2027-04-20"))
    assert "access_before_allowed" in result.finding_ids()
    ok = evaluate(
        access(
            requested("2027-03-19"),
            ev("subject_notified", "2027-03-25"),
            ev("access_granted", "2027-04-19"),
            as_of="2027-04-20",
        )
    )
    assert "access_before_allowed" not in ok.finding_ids()
    assert (ok.stage, ok.allowed_next) == ("access_granted", [])


# --- CAM-17-01 / 17-02 / 17-06 / 17-09: what the request must be ------------------------------------


def test_non_final_report_is_never_shown_CAM_17_01() -> None:
    result = evaluate(
        access(requested(report_is_final=False), ev("subject_notified", "2027-03-25"), as_of="2027-05-03")
    )
    assert "report_not_final" in result.finding_ids()
    assert result.stage == "blocked_report_not_final"
    assert "access_allowed" not in result.finding_ids()


def test_request_contents_CAM_17_06_CAM_17_02() -> None:
    data = access(
        ev("access_requested", "2027-03-19", report_is_final=True, sworn=True),
        ev("subject_notified", "2027-03-25"),
        as_of="2027-04-19",
    )
    result = evaluate(data)
    f = next(f for f in result.findings if f.id == "access_request_incomplete")
    assert (f.rule.id, f.data["missing"]) == ("CAM-17-06", 7)
    assert "access_without_complaint" in result.finding_ids()
    # The term no longer bars access, but the deficient request does; an amended request cures it.
    assert (result.stage, result.allowed_next) == ("request_deficient", ["access_requested"])
    assert "access_allowed" not in result.finding_ids()
    cured = evaluate(access(*data["events"], requested("2027-04-12"), as_of="2027-04-19"))
    assert cured.stage == "access_open"
    # The terms still run from the first request.
    assert cured.deadline("notify_subject").due.isoformat() == "2027-03-30"


def test_official_investigation_copy_is_free_CAM_17_09() -> None:
    result = evaluate(access(requested(official_investigation=True)))
    assert "copy_free_of_charge" in result.finding_ids()


def test_nothing_requested_yet() -> None:
    result = evaluate(access())
    assert (result.stage, result.allowed_next) == ("new", ["access_requested"])
