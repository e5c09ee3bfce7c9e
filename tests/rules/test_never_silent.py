"""Never silent (issue 11, item 2): an event the engine cannot place is either refused (exit 2, the
field named) or pointed at by a finding carrying ``"event": index``. Which one, per case, is written in
docs/deadlines-contract.md ("Events the engine cannot place")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import InputError, evaluate

ROOT = Path(__file__).resolve().parents[2]


def cli(scenario: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    """``ventila deadlines`` run on ``scenario`` (JSON on standard input)."""
    return subprocess.run(
        [sys.executable, "-m", "ventila.cli", "deadlines"],
        input=json.dumps(scenario),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def _pointed(result: Any, finding_id: str) -> list[int]:
    return [f.data.get("event") for f in result.findings if f.id == finding_id]


# --- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rulebook", ["camara-171", "municipal"])
def test_cam_20_06_mun_ini_01_knowledge_date_after_the_filing_is_refused(rulebook: str) -> None:
    # Learned of the facts on Fri 5 Mar 2027, four days after filing on Mon 1 Mar: impossible data,
    # from which the 30-day term of Sec. 20(6) would run backwards. Refused, the field named.
    scenario = case(
        rulebook,
        "complaint",
        ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-03-05"),
        as_of="2027-03-10",
    )
    with pytest.raises(InputError) as exc:
        evaluate(scenario)
    assert exc.value.field == "events[0].knowledge_date"
    proc = cli(scenario)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (
        "ventila deadlines: events[0].knowledge_date: 2027-03-05 es posterior a la fecha del evento "
        "(2027-03-01); debe ser ese día o uno anterior\n"
    )


def test_cam_20_06_knowledge_date_on_the_filing_day_is_accepted() -> None:
    # Same day: 1 Mar 2027 + 30 = Wed 31 Mar 2027, met by the filing itself.
    result = evaluate(
        case(
            "camara-171",
            "complaint",
            ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-03-01"),
            as_of="2027-03-02",
        )
    )
    d = result.deadline("file_complaint")
    assert (d.due.isoformat(), d.status) == ("2027-03-31", "met")


# --- findings that point at the event ---------------------------------------------------------------


def test_cam_05_01_a_second_complaint_filing_is_pointed_at() -> None:
    # The case is opened by the filing of Mon 1 Mar 2027; notify_respondent (CAM-21B-01) runs from it:
    # 3 business days → Fri 5 Mar (Tue 2 Mar is Día de la Ciudadanía Americana), not from the repeat.
    result = evaluate(
        case(
            "camara-171",
            "complaint",
            ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-02-10"),
            ev("complaint_filed", "2027-03-03T09:00", knowledge_date="2027-02-10"),
            as_of="2027-03-04",
        )
    )
    assert _pointed(result, "act_not_allowed") == [1]
    assert result.deadline("notify_respondent").due.isoformat() == "2027-03-05"


def test_mun_ini_01_a_second_complaint_filing_is_pointed_at() -> None:
    result = evaluate(
        case(
            "municipal",
            "complaint",
            ev("complaint_filed", "2027-03-01"),
            ev("complaint_filed", "2027-03-03"),
            as_of="2027-03-04",
        )
    )
    assert _pointed(result, "act_not_allowed") == [1]
    assert "repite la del lunes, 1 de marzo de 2027" in result.findings[0].message


FILED = ev(
    "special_proceeding_filed",
    "2027-03-01",
    charges_notified_on="2027-02-20",
    public_interest_determined=True,
)


def _suspension(*after_the_filing: dict[str, Any]) -> Any:
    """A suspension proceeding filed Mon 1 Mar 2027, then these acts, as of 10 Mar."""
    return evaluate(case("municipal", "suspension_proceeding", FILED, *after_the_filing, as_of="2027-03-10"))


def test_mun_sus_03_a_suspension_order_notice_without_a_court_decision_is_pointed_at() -> None:
    result = _suspension(ev("suspension_order_notified", "2027-03-05"))
    assert _pointed(result, "act_not_allowed") == [1]
    assert [f.rule.id for f in result.findings] == ["MUN-SUS-03"]
    # MUN-SUS-03: the court's 20 days from Mon 1 Mar 2027 → Sun 21 Mar → Mon 22 Mar is a holiday
    # (Abolición) → Tue 23 Mar 2027; still open.
    d = result.deadline("court_decision")
    assert (d.due.isoformat(), d.status) == ("2027-03-23", "open")


def test_mun_sus_03_a_notice_after_a_decision_denying_the_suspension_is_pointed_at() -> None:
    result = _suspension(
        ev("court_decision", "2027-03-04", suspension_ordered=False), ev("suspension_order_notified", "2027-03-05")
    )
    assert _pointed(result, "act_not_allowed") == [2]


def test_mun_sus_11_a_certiorari_without_a_suspension_order_is_pointed_at() -> None:
    result = _suspension(ev("court_decision", "2027-03-04", suspension_ordered=True), ev("review_filed", "2027-03-05"))
    assert _pointed(result, "act_not_allowed") == [2]
    assert [f.rule.id for f in result.findings] == ["MUN-SUS-11"]


def test_mun_sus_11_a_certiorari_after_the_notified_order_is_placed() -> None:
    # ¶27: 10 days from the notice on Fri 5 Mar 2027 → Mon 15 Mar; filed Wed 10 Mar: met, no finding.
    result = _suspension(
        ev("court_decision", "2027-03-04", suspension_ordered=True),
        ev("suspension_order_notified", "2027-03-05", effective_date="2027-03-05"),
        ev("review_filed", "2027-03-10"),
    )
    assert result.findings == []
    d = result.deadline("review")
    assert (d.due.isoformat(), d.status) == ("2027-03-15", "met")


def _to_resolution() -> list[dict[str, Any]]:
    return [
        ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-02-10"),
        ev("respondent_notified", "2027-03-03"),
        ev("answer_filed", "2027-03-18"),
        ev("determination_made", "2027-05-03", outcome="probable_cause"),
        ev("hearing_noticed", "2027-05-04", hearing_date="2027-06-01"),
        ev("hearing_held", "2027-06-01"),
        ev("evidentiary_hearing_concluded", "2027-08-02"),
        ev("resolved", "2027-09-10", outcome="charges_proven"),
    ]


@pytest.mark.parametrize(
    ("role", "payload", "expected"),
    [
        pytest.param("representative", {"sanctions": ["fine"], "fine_amount": 6000}, ["fine_out_of_range"],
                     id="CAM-26A-02 a $6,000 fine before the referral is still out of range"),
        pytest.param("officer", {"sanctions": ["expulsion"]}, ["sanction_not_allowed"],
                     id="CAM-26B-01 expulsion of an officer before the referral is still not allowed"),
        pytest.param("representative", {"sanctions": ["fine"], "fine_amount": 250}, [],
                     id="CAM-26A-02 a $250 fine before the referral: only the order is flagged"),
    ],
)  # fmt: skip
def test_cam_26_a_sanction_before_its_report_is_referred_is_checked_and_pointed_at(
    role: str, payload: dict[str, Any], expected: list[str]
) -> None:
    events = [*_to_resolution(), ev("sanction_decided", "2027-09-12", **payload)]
    result = evaluate(
        case("camara-171", "complaint", *events, as_of="2027-09-13", respondent={"role": role, "candidate": False})
    )
    index = len(events) - 1
    assert _pointed(result, "act_not_allowed") == [index]
    assert [f.id for f in result.findings if f.id in ("fine_out_of_range", "sanction_not_allowed")] == expected
    assert all(f.data.get("event") == index for f in result.findings if f.id in expected)
