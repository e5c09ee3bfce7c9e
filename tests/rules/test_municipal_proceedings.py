"""Rulebook ``municipal`` · kinds ``suspension_proceeding`` (¶19–¶28) and ``deadlock`` (¶35–¶36).

Hand-computed dates (pr-calendar facts §1): 2027 — Mar 22 (Mon, Abolición), Oct 11 (Mon, Día de la
Raza), Nov 11 (Thu, Veterano), Nov 25 (Thu, Acción de Gracias), Dec 24 (Fri, counted whole), Dec 25 (Sat).
"""

from __future__ import annotations

from typing import Any

import pytest
from rule_input import ev

from ventila.rules import evaluate


def run(kind: str, events: list[dict[str, Any]], as_of: str, **extra: Any) -> Any:
    return evaluate({"rulebook": "municipal", "kind": kind, "as_of": as_of, "events": events, **extra})


# --- suspension_proceeding -------------------------------------------------------------------------

FILED = ev("special_proceeding_filed", "2027-11-05", charges_notified_on="2027-10-20", public_interest_determined=True)


@pytest.mark.parametrize(("events", "as_of", "status", "stage", "nxt"), [
    pytest.param([FILED], "2027-11-10", "open", "awaiting_court_decision", ["court_decision"],
                 id="MUN-SUS-03 court decision 20 days from Fri 5 Nov 2027 ends Thu 25 Nov (Thanksgiving) → Fri 26 Nov"),
    pytest.param([FILED], "2027-11-29", "missed", "awaiting_court_decision", ["court_decision"],
                 id="MUN-SUS-03 the court's term passes: tracked as missed, no finding, no stay"),
    pytest.param([FILED, ev("court_decision", "2027-11-26", suspension_ordered=False)], "2027-11-29", "met",
                 "suspension_denied", [], id="MUN-SUS-03 decided on the last day, suspension denied"),
])  # fmt: skip
def test_court_decision_term(events: list[dict[str, Any]], as_of: str, status: str, stage: str, nxt: list[str]) -> None:
    e = run("suspension_proceeding", events, as_of)
    d = e.deadline("court_decision")
    assert (d.due.isoformat(), d.rule.id, d.status) == ("2027-11-26", "MUN-SUS-03", status)
    assert e.finding_ids() == []
    assert (e.procedure, e.stage, e.allowed_next) == ("ordinary", stage, nxt)


ORDERED = [FILED, ev("court_decision", "2027-11-20", suspension_ordered=True)]


@pytest.mark.parametrize(("notice", "review", "as_of", "due", "status", "findings"), [
    pytest.param("2027-12-15", "2027-12-27", "2027-12-28", "2027-12-27", "met", [],
                 id="MUN-SUS-11 review 10 days from Wed 15 Dec 2027 ends Sat 25 Dec (Navidad) → Mon 27 Dec"),
    pytest.param("2027-12-15", "2027-12-28", "2027-12-28", "2027-12-27", "missed", ["review_request_untimely"],
                 id="MUN-SUS-11 certiorari a day late is untimely"),
    pytest.param("2027-12-15", None, "2027-12-20", "2027-12-27", "open", [],
                 id="MUN-SUS-11 review window open"),
])  # fmt: skip
def test_review_term(notice: str, review: str | None, as_of: str, due: str, status: str, findings: list[str]) -> None:
    events = [*ORDERED, ev("suspension_order_notified", notice, effective_date="2027-12-16")]
    if review:
        events.append(ev("review_filed", review))
    e = run("suspension_proceeding", events, as_of)
    d = e.deadline("review")
    assert (d.due.isoformat(), d.rule.id, d.status) == (due, "MUN-SUS-11", status)
    assert e.finding_ids() == findings
    if review is None:
        assert (e.stage, e.allowed_next) == ("suspended_from_office", ["review_filed"])
    else:
        assert (e.stage, e.allowed_next) == ("under_review", [])


def test_mun_sus_11_review_ending_on_abolition_day() -> None:
    # «MUN-SUS-11» archivo en autos Fri 12 Mar 2027 + 10 = Mon 22 Mar (Abolición) → Tue 23 Mar.
    e = run(
        "suspension_proceeding",
        [
            ev("special_proceeding_filed", "2027-02-10"),
            ev("court_decision", "2027-03-01", suspension_ordered=True),
            ev("suspension_order_notified", "2027-03-12", effective_date="2027-03-12"),
        ],
        "2027-03-24",
    )
    d = e.deadline("review")
    assert (d.due.isoformat(), d.status) == ("2027-03-23", "missed")
    assert e.allowed_next == []  # the window has closed


def test_suspension_proceeding_findings() -> None:
    e = run(
        "suspension_proceeding",
        [
            ev(
                "special_proceeding_filed",
                "2027-11-05",
                charges_notified_on="2027-11-08",
                public_interest_determined=False,
            ),
            ev("court_decision", "2027-11-20", suspension_ordered=True),
            ev("suspension_order_notified", "2027-11-22"),
        ],
        "2027-11-23",
    )
    assert e.finding_ids() == [
        "special_proceeding_premature",
        "special_proceeding_without_determination",
        "suspension_effective_date_missing",
    ]
    assert e.stage == "suspended_from_office"


def test_suspension_proceeding_new_and_out_of_order() -> None:
    e = run("suspension_proceeding", [], "2027-11-23")
    assert (e.stage, e.allowed_next) == ("new", ["special_proceeding_filed"])
    e = run("suspension_proceeding", [ev("review_filed", "2027-11-01")], "2027-11-23")
    assert e.finding_ids() == ["act_not_allowed"]


def test_mun_sus_13_no_stay_note_on_the_terms() -> None:
    e = run("suspension_proceeding", [FILED], "2027-11-10")
    assert any("No paraliza" in line for line in e.deadline("court_decision").trace())


# --- deadlock --------------------------------------------------------------------------------------

REFERRED = [ev("deadlock_reported", "2027-10-09", by="municipal_assembly"), ev("referred_to_commission", "2027-10-12")]
# Referred, then heard: noticed Tue 12 Oct 2027 for Wed 27 Oct, concluded that day.
CONCLUDED = [
    *REFERRED,
    ev("hearing_noticed", "2027-10-12", hearing_date="2027-10-27"),
    ev("hearing_concluded", "2027-10-27"),
]


@pytest.mark.parametrize(("events", "deadline", "due", "status"), [
    pytest.param(REFERRED, "refer_to_commission", "2027-10-12", "met",
                 id="MUN-DLK-03 report received Sat 9 Oct 2027: 'immediately' rolls past Mon 11 Oct (Día de la Raza) to Tue 12 Oct"),
    pytest.param([*REFERRED, ev("governor_order_issued", "2027-10-12"), ev("documents_delivered", "2027-10-13")],
                 "deliver_documents", "2027-10-12", "missed",
                 id="MUN-DLK-04 documents due the same day as the Governor's order (Tue 12 Oct 2027)"),
])  # fmt: skip
def test_immediate_terms(events: list[dict[str, Any]], deadline: str, due: str, status: str) -> None:
    e = run("deadlock", events, "2027-10-14")
    d = e.deadline(deadline)
    assert (d.due.isoformat(), d.status) == (due, status)
    assert e.finding_ids() == []


def test_mun_dlk_06_recommendations_ending_on_veterans_day() -> None:
    # «MUN-DLK-06» hearing concluded Wed 27 Oct 2027 + 15 = Thu 11 Nov (Veterano) → Fri 12 Nov.
    e = run("deadlock", CONCLUDED, "2027-11-12")
    d = e.deadline("recommendations")
    assert (d.due.isoformat(), d.rule.id, d.status) == ("2027-11-12", "MUN-DLK-06", "open")
    assert (e.stage, e.allowed_next) == (
        "awaiting_recommendations",
        ["recommendations_issued", "governor_order_issued"],
    )


def test_mun_dlk_06_missed_recommendations_warn_only() -> None:
    e = run("deadlock", CONCLUDED, "2027-11-15")
    assert e.deadline("recommendations").status == "missed"
    assert e.finding_ids() == ["compulsory_term_missed"]


@pytest.mark.parametrize(("hearing", "settings", "short"), [
    pytest.param("2027-10-27", {}, False, id="deadlock hearing noticed Tue 12 Oct 2027 for Wed 27 Oct (D+15): enough"),
    pytest.param("2027-10-26", {}, True, id="deadlock hearing at D+14 is short (ambiguity 12, 15 days)"),
    pytest.param("2027-10-27", {"deadlock_hearing_notice_days": 20}, True,
                 id="deadlock_hearing_notice_days=20 makes D+15 short"),
    pytest.param("2027-10-26", {"deadlock_hearing_notice_days": None}, False,
                 id="deadlock_hearing_notice_days=null checks no notice"),
])  # fmt: skip
def test_deadlock_hearing_notice(hearing: str, settings: dict[str, Any], short: bool) -> None:
    e = run(
        "deadlock",
        [*REFERRED, ev("hearing_noticed", "2027-10-12", hearing_date=hearing)],
        "2027-10-13",
        settings=settings,
    )
    found = [f for f in e.findings if f.id == "insufficient_hearing_notice"]
    assert bool(found) is short
    if found:
        assert found[0].rule.id == "MUN-DLK-05"
    assert e.stage == "hearing_scheduled"


def test_mun_dlk_09_no_resolution_before_a_hearing() -> None:
    e = run("deadlock", [*REFERRED, ev("recommendations_issued", "2027-10-20")], "2027-10-21")
    assert "resolution_before_hearing" in e.finding_ids()
    assert e.stage == "under_investigation"


def test_commission_act_before_referral_is_not_allowed() -> None:
    e = run(
        "deadlock",
        [ev("deadlock_reported", "2027-10-09"), ev("hearing_noticed", "2027-10-10", hearing_date="2027-10-30")],
        "2027-10-11",
    )
    assert [f.rule.id for f in e.findings if f.id == "act_not_allowed"] == ["MUN-POW-02"]
    assert (e.stage, e.allowed_next) == ("reported", ["referred_to_commission"])


@pytest.mark.parametrize(("payload", "settings", "findings", "stage"), [
    pytest.param(dict(mayor_accepts=False, assembly_accepts=False, irreparable_harm=True, vacancies=["mayor"]), {},
                 ["vacancy_filling_handoff"], "vacancies_declared", id="neither accepts, harm: vacancy declared"),
    pytest.param(dict(mayor_accepts=False, assembly_accepts=False, irreparable_harm=True), {},
                 ["vacancy_required"], "recommendations_issued", id="neither accepts, harm: vacancy required"),
    pytest.param(dict(mayor_accepts=True, assembly_accepts=True, irreparable_harm=True), {},
                 ["deadlock_acceptance_ambiguous", "vacancy_required"], "recommendations_issued",
                 id="both accept: the literal reading still requires a vacancy, with a warning"),
    pytest.param(dict(mayor_accepts=True, assembly_accepts=True, irreparable_harm=True, vacancies=["mayor"]),
                 {"deadlock_vacancy_acceptance": "neither"},
                 ["vacancy_not_warranted", "vacancy_filling_handoff"], "vacancies_declared",
                 id="both accept, reading 'neither': a vacancy is not warranted"),
    pytest.param(dict(mayor_accepts=True, assembly_accepts=False, irreparable_harm=True), {},
                 ["deadlock_acceptance_ambiguous"], "recommendations_issued", id="only one accepts: warning only"),
    pytest.param(dict(mayor_accepts=False, assembly_accepts=False, irreparable_harm=False), {},
                 [], "recommendations_issued", id="no irreparable harm: no vacancy"),
])  # fmt: skip
def test_mun_dlk_07_vacancies(
    payload: dict[str, Any], settings: dict[str, Any], findings: list[str], stage: str
) -> None:
    e = run(
        "deadlock", [*CONCLUDED, ev("recommendations_issued", "2027-11-05", **payload)], "2027-11-06", settings=settings
    )
    assert e.deadline("recommendations").status == "met"
    assert e.finding_ids() == findings
    assert e.stage == stage


def test_mun_dlk_07_positions_recorded_later_and_acceptance_window() -> None:
    recs = ev("recommendations_issued", "2027-11-05", irreparable_harm=True)
    e = run("deadlock", [*CONCLUDED, recs], "2027-11-06")
    assert e.finding_ids() == []
    assert e.allowed_next == ["positions_recorded", "vacancies_declared"]
    e = run(
        "deadlock",
        [*CONCLUDED, recs, ev("positions_recorded", "2027-11-08", mayor_accepts=False, assembly_accepts=False)],
        "2027-11-09",
    )
    assert e.finding_ids() == ["vacancy_required"]
    assert e.allowed_next == ["vacancies_declared"]
    # With a 10-day window, silence after it closes counts as not accepting.
    e = run("deadlock", [*CONCLUDED, recs], "2027-11-16", settings={"deadlock_acceptance_window_days": 10})
    assert e.finding_ids() == ["vacancy_required"]
    e = run("deadlock", [*CONCLUDED, recs], "2027-11-15", settings={"deadlock_acceptance_window_days": 10})
    assert e.finding_ids() == []


def test_deadlock_new_case() -> None:
    e = run("deadlock", [], "2027-10-01")
    assert (e.procedure, e.stage, e.allowed_next, e.deadlines) == ("ordinary", "new", ["deadlock_reported"], [])
