"""Advisory opinions under R. de la C. 171, Sec. 19: hand-computed cases.

Dates were counted by hand on a calendar with Puerto Rico's 2027–2028 holidays (2 Mar, 22 Mar,
26 Mar Good Friday, 31 May, 24 Dec, 25 Dec (Sat) 2027; 1 Jan 2028 (Sat, not moved), 6 Jan 2028).
The comment on each case shows the count: the request day does not count.
"""

from __future__ import annotations

from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import evaluate


def advisory(*events: dict[str, Any], as_of: str = "2027-03-02", **extra: Any) -> dict[str, Any]:
    return case("camara-171", "advisory_opinion", *events, as_of=as_of, **extra)


def request(at: str, facts: str, **payload: Any) -> dict[str, Any]:
    return ev("opinion_requested", at, facts_date=facts, **payload)


# --- CAM-19D-01: 30 business days to issue, +30 at most -----------------------------------------


@pytest.mark.parametrize(
    ("requested", "facts", "closures", "expected"),
    [
        # Mon 1 Mar 2027: 2 Mar (Ciudadanía) skipped; 3–5 (1–3), 8–12 (4–8), 15–19 (9–13), 22 Mar
        # (Abolición) skipped, 23–25 (14–16), 26 Mar Good Friday skipped, 29–31 (17–19),
        # 1–2 Apr (20–21), 5–9 (22–26), 12–15 (27–30) → Thu 15 Apr 2027.
        pytest.param("2027-03-01", "2027-06-30", [], "2027-04-15",
                     id="CAM-19D-01 opinion 30 business days crossing 2 Mar, 22 Mar and Good Friday"),
        # Same, with the offices closed on Wed 14 Apr: 13 Apr (28), 15 (29), 16 (30) → Fri 16 Apr.
        pytest.param("2027-03-01", "2027-06-30", ["2027-04-14"], "2027-04-16",
                     id="CAM-19D-01 opinion term skips a declared closure"),
        # Wed 1 Dec 2027: 2–3 (1–2), 6–10 (3–7), 13–17 (8–12), 20–23 (13–16), 24 Dec skipped,
        # 27–31 (17–21), 1 Jan 2028 is Saturday, 3–5 Jan (22–24), 6 Jan Reyes skipped, 7 (25),
        # 10–14 (26–30) → Fri 14 Jan 2028.
        pytest.param("2027-12-01", "2028-06-30", [], "2028-01-14",
                     id="CAM-19D-01 opinion term crosses Nochebuena and the year end"),
    ],
)  # fmt: skip
def test_issue_opinion_term(requested: str, facts: str, closures: list[str], expected: str) -> None:
    result = evaluate(advisory(request(requested, facts), calendar={"closures": closures}, as_of=requested))
    d = result.deadline("issue_opinion")
    assert (d.due.isoformat(), d.rule.id, d.status, d.trigger) == (expected, "CAM-19D-01", "open", "opinion_requested")
    assert result.stage == "under_consideration"
    assert result.finding_ids() == []


def test_extension_adds_30_business_days_CAM_19D_01() -> None:
    # Original due Thu 15 Apr 2027; + 30 bd: 16 Apr (1), 19–23 (2–6), 26–30 (7–11), 3–7 May (12–16),
    # 10–14 (17–21), 17–21 (22–26), 24–27 (27–30) → Thu 27 May 2027 (before Memorial Day, 31 May).
    events = [request("2027-03-01", "2027-09-01"), ev("opinion_extension_granted", "2027-04-12", business_days=30)]
    result = evaluate(advisory(*events, as_of="2027-04-20"))
    assert result.deadline("issue_opinion").due.isoformat() == "2027-05-27"
    assert "extension_over_maximum" not in result.finding_ids()
    assert "opinion_extension_granted" not in result.allowed_next


def test_extension_over_maximum_is_capped_CAM_19D_01() -> None:
    events = [request("2027-03-01", "2027-09-01"), ev("opinion_extension_granted", "2027-04-12", business_days=40)]
    result = evaluate(advisory(*events, as_of="2027-04-20"))
    assert result.deadline("issue_opinion").due.isoformat() == "2027-05-27"
    f = next(f for f in result.findings if f.id == "extension_over_maximum")
    assert (f.rule.id, f.data["granted"], f.data["maximum"]) == ("CAM-19D-01", 40, 30)


def test_two_extensions_add_up_to_the_cap_CAM_19D_01() -> None:
    events = [
        request("2027-03-01", "2027-09-01"),
        ev("opinion_extension_granted", "2027-04-08", business_days=20),
        ev("opinion_extension_granted", "2027-04-12", business_days=20),
    ]
    result = evaluate(advisory(*events, as_of="2027-04-20"))
    assert result.deadline("issue_opinion").due.isoformat() == "2027-05-27"
    assert "extension_over_maximum" in result.finding_ids()


def test_extension_granted_after_the_term_CAM_19D_01() -> None:
    events = [request("2027-03-01", "2027-09-01"), ev("opinion_extension_granted", "2027-04-16", business_days=10)]
    result = evaluate(advisory(*events, as_of="2027-04-20"))
    assert "extension_untimely" in result.finding_ids()
    # 15 Apr + 10 bd: 16, 19–23, 26–29 → Thu 29 Apr 2027.
    assert result.deadline("issue_opinion").due.isoformat() == "2027-04-29"


def test_opinion_issued_in_time_and_binding_CAM_19D_01_CAM_19E_01() -> None:
    events = [request("2027-03-01", "2027-09-01"), ev("opinion_issued", "2027-04-15", yes_votes=4)]
    result = evaluate(advisory(*events, as_of="2027-04-20"))
    d = result.deadline("issue_opinion")
    assert (d.status, d.satisfied_by) == ("met", "opinion_issued")
    assert result.stage == "issued"
    assert result.finding_ids() == ["opinion_binding"]
    assert result.allowed_next == ["opinion_revised"]


def test_opinion_issued_late_is_missed_CAM_19D_01() -> None:
    events = [request("2027-03-01", "2027-09-01"), ev("opinion_issued", "2027-04-16")]
    assert evaluate(advisory(*events, as_of="2027-04-20")).deadline("issue_opinion").status == "missed"


def test_term_missed_without_opinion_CAM_19D_01() -> None:
    result = evaluate(advisory(request("2027-03-01", "2027-09-01"), as_of="2027-04-16"))
    assert result.deadline("issue_opinion").status == "missed"
    assert set(result.allowed_next) == {"opinion_issued", "opinion_rejected", "opinion_extension_granted"}


def test_opinion_needs_the_sec_6_majority_CAM_19D_02() -> None:
    events = [request("2027-03-01", "2027-09-01"), ev("opinion_issued", "2027-04-15", yes_votes=3)]
    result = evaluate(advisory(*events, as_of="2027-04-20"))
    f = next(f for f in result.findings if f.id == "opinion_without_majority")
    assert (f.rule.id, f.data["required"]) == ("CAM-19D-02", 4)
    # With majority_base=seated and no roll call every seat counts as filled: still 4 of 7.
    seated = evaluate(advisory(*events, as_of="2027-04-20", settings={"majority_base": "seated"}))
    assert "opinion_without_majority" in seated.finding_ids()


# --- CAM-19C-01 / CAM-19C-02: when a request may be filed ------------------------------------------


@pytest.mark.parametrize(
    ("facts", "untimely"),
    [
        # Filed Mon 1 Mar 2027: the 30th business day after it is Thu 15 Apr (see above).
        pytest.param("2027-04-15", False, id="CAM-19C-01 facts exactly 30 business days after the request"),
        pytest.param("2027-04-14", True, id="CAM-19C-01 facts 29 business days after the request"),
        # Sat 17 Apr: the 30th business day (15 Apr) is before it.
        pytest.param("2027-04-17", False, id="CAM-19C-01 facts on a Saturday after the 30th business day"),
    ],
)
def test_request_at_least_30_business_days_before_the_facts(facts: str, untimely: bool) -> None:
    result = evaluate(advisory(request("2027-03-01", facts)))
    assert ("advisory_opinion_untimely" in result.finding_ids()) is untimely


def test_untimely_request_names_the_last_day_to_file_CAM_19C_01() -> None:
    # Facts Fri 9 Apr 2027. 30 business days back: 8–5 Apr (1–4), 2–1 Apr (5–6), 31–29 Mar (7–9),
    # Good Friday skipped, 25–23 (10–12), 22 Mar skipped, 19–15 (13–17), 12–8 (18–22), 5–3 (23–25),
    # 2 Mar skipped, 1 Mar (26), 26–23 Feb (27–30) → Tue 23 Feb 2027.
    result = evaluate(advisory(request("2027-03-01", "2027-04-09")))
    f = next(f for f in result.findings if f.id == "advisory_opinion_untimely")
    assert (f.rule.id, f.data["latest_request_date"], f.data["earliest_facts_date"]) == (
        "CAM-19C-01",
        "2027-02-23",
        "2027-04-15",
    )
    # Default reading: flag only; the Commission's term still runs.
    assert result.deadline("issue_opinion").due.isoformat() == "2027-04-15"
    assert result.stage == "under_consideration"


def test_untimely_request_rejected_under_the_reject_setting_CAM_19C_01() -> None:
    result = evaluate(advisory(request("2027-03-01", "2027-04-09"), settings={"advisory_late_request": "reject"}))
    assert "advisory_opinion_untimely" in result.finding_ids()
    assert result.stage == "not_admissible"
    assert result.allowed_next == ["opinion_rejected"]
    with pytest.raises(KeyError):
        result.deadline("issue_opinion")
    done = evaluate(
        advisory(
            request("2027-03-01", "2027-04-09"),
            ev("opinion_rejected", "2027-03-03", grounds="untimely"),
            settings={"advisory_late_request": "reject"},
            as_of="2027-03-04",
        )
    )
    assert (done.stage, done.allowed_next) == ("rejected", [])


@pytest.mark.parametrize(
    ("facts", "payload"),
    [
        pytest.param("2027-02-20", {}, id="CAM-19C-02 facts already happened"),
        pytest.param("2027-03-01", {}, id="CAM-19C-02 facts on the day of the request"),
        pytest.param("2027-09-01", {"facts_ongoing": True}, id="CAM-19C-02 facts ongoing"),
    ],
)
def test_past_or_ongoing_facts_no_jurisdiction(facts: str, payload: dict[str, Any]) -> None:
    result = evaluate(advisory(request("2027-03-01", facts, **payload)))
    assert "advisory_no_jurisdiction" in result.finding_ids()
    assert "advisory_opinion_untimely" not in result.finding_ids()
    assert result.stage == "not_admissible"
    assert result.deadlines == []


def test_related_complaint_blocks_the_opinion_CAM_19A_02() -> None:
    result = evaluate(advisory(request("2027-03-01", "2027-09-01", related_complaint=True)))
    f = next(f for f in result.findings if f.id == "advisory_related_complaint")
    assert f.rule.id == "CAM-19A-02"
    assert result.stage == "not_admissible"


def test_requester_must_be_a_member_or_official_CAM_19A_01() -> None:
    bad = evaluate(advisory(request("2027-03-01", "2027-09-01", requester_role="employee")))
    assert "advisory_requester_not_allowed" in bad.finding_ids()
    ok = evaluate(advisory(request("2027-03-01", "2027-09-01", requester_role="speaker")))
    assert ok.finding_ids() == []


def test_incomplete_request_may_be_rejected_CAM_19B_01() -> None:
    result = evaluate(advisory(request("2027-03-01", "2027-09-01", detailed=False)))
    assert "advisory_request_incomplete" in result.finding_ids()
    rejected = evaluate(
        advisory(
            request("2027-03-01", "2027-09-01", detailed=False),
            ev("opinion_rejected", "2027-03-05", grounds="incomplete"),
            as_of="2027-03-08",
        )
    )
    assert rejected.stage == "rejected"
    assert rejected.deadline("issue_opinion").status == "met"


def test_revision_needs_a_reason_CAM_19F_01() -> None:
    base = [request("2027-03-01", "2027-09-01"), ev("opinion_issued", "2027-04-01")]
    ok = evaluate(advisory(*base, ev("opinion_revised", "2027-05-03", reason="new_evidence"), as_of="2027-05-04"))
    assert ok.stage == "revised" and "revision_without_grounds" not in ok.finding_ids()
    bad = evaluate(advisory(*base, ev("opinion_revised", "2027-05-03"), as_of="2027-05-04"))
    assert "revision_without_grounds" in bad.finding_ids()
    early = evaluate(
        advisory(request("2027-03-01", "2027-09-01"), ev("opinion_revised", "2027-03-03", reason="new_evidence"))
    )
    assert "revision_before_opinion" in early.finding_ids()


def test_nothing_filed_yet() -> None:
    result = evaluate(advisory())
    assert (result.stage, result.allowed_next, result.deadlines) == ("new", ["opinion_requested"], [])


def test_facts_date_is_required() -> None:
    from ventila.rules import InputError

    with pytest.raises(InputError) as exc:
        evaluate(advisory(ev("opinion_requested", "2027-03-01")))
    assert exc.value.field == "events[0].facts_date"
