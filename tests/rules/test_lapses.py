"""Issue 27, class 7: a window whose lapse is the expected outcome (KindSpec.lapses) ends ``lapsed`` —
«Transcurrido sin objeción», with the act that follows — never ``missed``; an act after it is late."""

from __future__ import annotations

from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules.engine import evaluate
from ventila.rules.explain import explain
from ventila.rules.rulebooks import RULEBOOKS

REQUEST: dict[str, Any] = {
    "type": "access_requested",
    "at": "2027-11-15",
    "requester_name": "Periódico Ficticio",
    "requester_address": "Calle 1",
    "requester_occupation": "periodista",
    "on_behalf_of": "el periódico",
    "interest_statement": "interés público",
    "sworn": True,
    "report_is_final": True,
    "knows_use_limits": True,
    "knows_penalty": True,
}


def _access(*events: dict[str, Any], as_of: str) -> Any:
    return evaluate(
        case("camara-171", "report_access_request", REQUEST, ev("subject_notified", "2027-11-22"), *events, as_of=as_of)
    )


def test_cam_17_04_silence_lapses_and_says_what_follows() -> None:
    ev = _access(as_of="2027-12-15")  # the 15 business days ended Tue 14 Dec 2027
    window = ev.deadline("subject_objection")
    assert (window.status, window.due.isoformat()) == ("lapsed", "2027-12-14")
    assert ev.next_due is None or ev.next_due.id != "subject_objection"  # nothing to chase
    text = explain(ev)
    assert "transcurrido sin objeción" in text and "Sigue: Transcurrieron los 15 días laborables" in text


def test_cam_17_04_an_objection_after_the_window_is_late_not_lapsed() -> None:
    ev = _access({"type": "objection_filed", "at": "2027-12-16"}, as_of="2027-12-20")
    window = ev.deadline("subject_objection")
    assert (window.status, window.satisfied_by) == ("missed", "objection_filed")
    assert "access_objection_untimely" in ev.finding_ids()


def test_cam_17_04_while_the_window_runs_it_is_open() -> None:
    assert _access(as_of="2027-12-14").deadline("subject_objection").status == "open"


@pytest.mark.parametrize(
    ("kind", "deadline"),
    [
        pytest.param("outside_activity", "objection_window", id="CAM-11C-01"),
        pytest.param("report_access_request", "subject_objection", id="CAM-17-04"),
        pytest.param("regulation", "house_rejection_window", id="CAM-27-01"),
    ],
)
def test_the_objection_windows_of_secs_11_17_27_are_declared_lapses(kind: str, deadline: str) -> None:
    spec = RULEBOOKS["camara-171"].kinds[kind]
    assert set(spec.lapses) == {deadline}
    assert spec.lapses[deadline].es().startswith("Transcurrieron")
