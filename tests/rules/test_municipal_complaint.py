"""Rulebook ``municipal`` · kind ``complaint``: every term, finding and next act, through
``ventila.rules.evaluate`` with scenarios shaped like the contract's JSON.

Expected dates are hand-computed from the PR holiday table (pr-calendar facts §1, computed dates):
2027 — Mar 22 (Mon), Mar 26 (Good Friday), May 31, Jun 19 (Sat), Jul 5 (Mon, observed), Jul 26 (Mon,
observed), Jul 27 (Tue), Sep 6, Oct 11, Nov 11 (Thu), Nov 19 (Fri), Nov 25 (Thu), Dec 24 (Fri, counted
whole), Dec 25 (Sat); 2028 — Jan 1 (Sat); 2026 — Apr 3 (Good Friday). Unqualified «días» are calendar
days; a last day that is not a business day rolls forward (decision 1).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import InputError, evaluate

FILED = {
    "type": "complaint_filed",
    "at": "2027-01-20",
    "complainant_kind": "citizen",
    "sworn": True,
    "evidence_attached": True,
}
ANYTIME = [
    "proceedings_suspended",
    "protective_order_issued",
    "summons_issued",
    "enforcement_petition_filed",
    "privilege_claimed",
    "frivolous_sanction_imposed",
]


def run(events: list[dict[str, Any]], as_of: str, filed_at: str | None = None, **extra: Any) -> Any:
    filed = {**FILED, "at": filed_at} if filed_at else FILED
    return evaluate({"rulebook": "municipal", "kind": "complaint", "as_of": as_of, "events": [filed, *events], **extra})


def notified(at: str) -> dict[str, Any]:
    return ev("respondent_notified", at, certified_copy=True)


# --- MUN-ANS-01 / MUN-ANS-02: the answer term --------------------------------------------------------

ANSWER_CASES = [
    pytest.param(
        [notified("2027-04-05")],
        {},
        "2027-04-20",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer 15 days from Mon 5 Apr 2027 ends Tue 20 Apr",
    ),
    pytest.param(
        [notified("2027-03-11")],
        {},
        "2027-03-29",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer 15 days ending on Good Friday 26 Mar 2027 rolls to Monday 29 Mar",
    ),
    pytest.param(
        [notified("2027-04-02")],
        {},
        "2027-04-19",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer ending Saturday 17 Apr 2027 rolls to Monday 19 Apr",
    ),
    pytest.param(
        [notified("2026-03-19")],
        {},
        "2026-04-06",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer ending on Good Friday 3 Apr 2026 rolls to Monday 6 Apr",
    ),
    pytest.param(
        [notified("2027-12-09")],
        {},
        "2027-12-27",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer ending Fri 24 Dec 2027 (Nochebuena counted whole) rolls past Christmas to Mon 27 Dec",
    ),
    pytest.param(
        [notified("2027-12-09")],
        {"settings": {"christmas_eve_is_holiday": False}},
        "2027-12-24",
        "MUN-ANS-01",
        id="MUN-ANS-01 with christmas_eve_is_holiday=false Fri 24 Dec 2027 is the last day",
    ),
    pytest.param(
        [notified("2027-12-17")],
        {},
        "2028-01-03",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer crossing year end: Sat 1 Jan 2028 rolls to Mon 3 Jan",
    ),
    pytest.param(
        [notified("2027-09-08")],
        {"calendar": {"closures": ["2027-09-23"]}},
        "2027-09-24",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer ending on a declared closure Thu 23 Sep 2027 rolls to Fri 24 Sep",
    ),
    pytest.param(
        [notified("2028-10-23")],
        {"elections": [{"kind": "general", "date": "2028-11-07"}]},
        "2028-11-08",
        "MUN-ANS-01",
        id="MUN-ANS-01 answer ending on general election day Tue 7 Nov 2028 rolls to Wed 8 Nov",
    ),
    pytest.param(
        [notified("2027-03-11")],
        {"settings": {"bare_days_unit": "business_days"}},
        "2027-04-05",
        "MUN-ANS-01",
        id="MUN-ANS-01 with bare_days_unit=business_days 15 business days skip 22 and 26 Mar",
    ),
    pytest.param(
        [notified("2027-03-11"), ev("extension_requested", "2027-03-20")],
        {},
        "2027-04-12",
        "MUN-ANS-02",
        id="MUN-ANS-02 timely motion adds 15 days: 30 from notice is Sat 10 Apr 2027, rolls to Mon 12 Apr",
    ),
    pytest.param(
        [notified("2027-03-11"), ev("extension_requested", "2027-03-29")],
        {},
        "2027-04-12",
        "MUN-ANS-02",
        id="MUN-ANS-02 motion on the rolled last day of the initial term (Mon 29 Mar) is timely",
    ),
    pytest.param(
        [notified("2027-03-11"), ev("extension_requested", "2027-03-20")],
        {"settings": {"extension_requires_grant": True}},
        "2027-03-29",
        "MUN-ANS-01",
        id="MUN-ANS-02 with extension_requires_grant a motion without a grant extends nothing",
    ),
    pytest.param(
        [
            notified("2027-03-11"),
            ev("extension_requested", "2027-03-20"),
            ev("extension_granted", "2027-03-22", days=10),
        ],
        {"settings": {"extension_requires_grant": True}},
        "2027-04-05",
        "MUN-ANS-02",
        id="MUN-ANS-02 with extension_requires_grant a 10-day grant: 26 Mar + 10 = Mon 5 Apr 2027",
    ),
]


@pytest.mark.parametrize(("events", "extra", "due", "rule"), ANSWER_CASES)
def test_answer_term(events: list[dict[str, Any]], extra: dict[str, Any], due: str, rule: str) -> None:
    e = run(events, as_of=events[-1]["at"], filed_at=events[0]["at"], **extra)
    d = e.deadline("answer")
    assert (d.due.isoformat(), d.rule.id, d.status) == (due, rule, "open")
    assert d.trigger == "respondent_notified"
    assert e.stage == "awaiting_answer"


def test_mun_ans_02_untimely_motion_extends_nothing() -> None:
    e = run([notified("2027-03-11"), ev("extension_requested", "2027-03-30")], as_of="2027-03-31")
    d = e.deadline("answer")
    assert (d.due.isoformat(), d.rule.id, d.status) == ("2027-03-29", "MUN-ANS-01", "missed")
    assert "extension_request_untimely" in e.finding_ids()
    # Answer term over: the study term runs from its end, and no new motion is allowed.
    assert e.stage == "under_study"
    assert "extension_requested" not in e.allowed_next


def test_mun_ans_02_grant_over_the_maximum_is_capped() -> None:
    e = run(
        [
            notified("2027-03-11"),
            ev("extension_requested", "2027-03-20"),
            ev("extension_granted", "2027-03-22", days=20),
        ],
        as_of="2027-03-23",
    )
    assert e.deadline("answer").due.isoformat() == "2027-04-12"
    assert "extension_over_maximum" in e.finding_ids()


def test_mun_ans_01_answer_filed_in_time_is_met() -> None:
    e = run([notified("2027-03-11"), ev("answer_filed", "2027-03-29")], as_of="2027-04-01")
    d = e.deadline("answer")
    assert (d.status, d.satisfied_by) == ("met", "answer_filed")


def test_awaiting_answer_allows_answer_and_motion() -> None:
    e = run([notified("2027-03-11")], as_of="2027-03-15")
    assert e.stage == "awaiting_answer"
    assert e.allowed_next == ["answer_filed", "extension_requested", *ANYTIME]
    assert [d.id for d in e.deadlines] == ["answer"]


# --- MUN-STU-01: the study term --------------------------------------------------------------------

STUDY_CASES = [
    pytest.param(
        [notified("2027-04-05"), ev("answer_filed", "2027-04-20")],
        "2027-04-21",
        "2027-05-20",
        "answer_filed",
        id="MUN-STU-01 study 30 days from the answer's receipt Tue 20 Apr 2027 → Thu 20 May",
    ),
    pytest.param(
        [notified("2027-04-20"), ev("answer_filed", "2027-05-01")],
        "2027-05-02",
        "2027-06-01",
        "answer_filed",
        id="MUN-STU-01 study ending on Memorial Day Mon 31 May 2027 rolls to Tue 1 Jun",
    ),
    pytest.param(
        [notified("2027-03-11")],
        "2027-04-01",
        "2027-04-28",
        "answer_term_ended",
        id="MUN-STU-01 no answer: study runs from the end of the answer term Mon 29 Mar 2027 → Wed 28 Apr",
    ),
    pytest.param(
        [notified("2027-03-11"), ev("extension_requested", "2027-03-20")],
        "2027-04-13",
        "2027-05-12",
        "answer_term_ended",
        id="MUN-STU-01 no answer after an extension: from the term in force Mon 12 Apr 2027 → Wed 12 May",
    ),
    pytest.param(
        [notified("2027-03-11"), ev("answer_filed", "2027-04-05")],
        "2027-04-06",
        "2027-04-28",
        "answer_term_ended",
        id="MUN-STU-01 late answer: study still runs from the end of the answer term (the earlier)",
    ),
]


@pytest.mark.parametrize(("events", "as_of", "due", "trigger"), STUDY_CASES)
def test_study_term(events: list[dict[str, Any]], as_of: str, due: str, trigger: str) -> None:
    e = run(events, as_of=as_of)
    d = e.deadline("study")
    assert (d.due.isoformat(), d.trigger, d.rule.id, d.status) == (due, trigger, "MUN-STU-01", "open")
    assert e.stage == "under_study"
    assert {"dismissed", "hearing_noticed"} <= set(e.allowed_next)


def test_mun_stu_01_never_setting_starts_no_study_without_answer() -> None:
    e = run([notified("2027-03-11")], as_of="2027-04-01", settings={"study_trigger_without_answer": "never"})
    with pytest.raises(KeyError):
        e.deadline("study")


def test_mun_stu_01_missed_study_is_a_compulsory_term_but_not_a_dismissal() -> None:
    e = run([notified("2027-04-05"), ev("answer_filed", "2027-04-20")], as_of="2027-05-21")
    assert e.deadline("study").status == "missed"
    assert e.finding_ids() == ["compulsory_term_missed"]
    assert e.stage == "under_study"
    assert e.allowed_next[:2] == ["dismissed", "hearing_noticed"]


def test_mun_stu_01_all_terms_scope_requires_dismissal_with_prejudice() -> None:
    e = run(
        [notified("2027-04-05"), ev("answer_filed", "2027-04-20")],
        as_of="2027-05-21",
        settings={"with_prejudice_scope": "all_terms"},
    )
    assert e.finding_ids() == ["compulsory_term_missed", "dismissal_with_prejudice_required"]
    assert e.allowed_next == ["dismissed_with_prejudice"]


def test_mun_stu_01_met_by_a_dismissal_and_mun_stu_03_contents() -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20"),
            ev("dismissed", "2027-05-10", facts_stated=True, findings_made=True, conclusions_of_law=False),
        ],
        as_of="2027-05-11",
    )
    d = e.deadline("study")
    assert (d.status, d.satisfied_by) == ("met", "dismissed")
    assert e.stage == "dismissed"
    assert e.finding_ids() == ["dismissal_resolution_incomplete"]
    assert e.allowed_next == ["decision_notified", "frivolous_sanction_imposed"]


def test_mun_stu_01_exit_before_answer_and_before_the_answer_term_ends_is_not_allowed() -> None:
    e = run(
        [notified("2027-03-11"), ev("hearing_noticed", "2027-03-20", hearing_date="2027-04-20")], as_of="2027-03-21"
    )
    f = [f for f in e.findings if f.id == "act_not_allowed"]
    assert [x.rule.id for x in f] == ["MUN-STU-01"]


# --- MUN-HEA-02: hearing notice ------------------------------------------------------------------

HEARING_CASES = [
    pytest.param(
        "2027-05-18", {}, False, id="MUN-HEA-02 hearing exactly 15 days after notice Mon 3 May 2027 is allowed"
    ),
    pytest.param("2027-05-17", {}, True, id="MUN-HEA-02 hearing 14 days after notice is insufficient"),
    pytest.param(
        "2027-05-18",
        {"hearing_notice_count": "clear_days_from_service"},
        True,
        id="MUN-HEA-02 clear-days reading: D+15 is short (needs D+16)",
    ),
    pytest.param(
        "2027-05-19",
        {"hearing_notice_count": "clear_days_from_service"},
        False,
        id="MUN-HEA-02 clear-days reading: D+16 is enough",
    ),
    pytest.param(
        "2027-05-21",
        {"bare_days_unit": "business_days"},
        True,
        id="MUN-HEA-02 business-day reading: 14 business days is short",
    ),
    pytest.param(
        "2027-05-24",
        {"bare_days_unit": "business_days"},
        False,
        id="MUN-HEA-02 business-day reading: 15 business days after Mon 3 May 2027 is Mon 24 May",
    ),
]


@pytest.mark.parametrize(("hearing", "settings", "short"), HEARING_CASES)
def test_hearing_notice(hearing: str, settings: dict[str, Any], short: bool) -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20"),
            ev("hearing_noticed", "2027-05-03", hearing_date=hearing),
        ],
        as_of="2027-05-04",
        settings=settings,
    )
    assert ("insufficient_hearing_notice" in e.finding_ids()) is short
    assert e.deadline("study").status == "met"
    assert e.stage == "hearing_scheduled"
    assert e.allowed_next[:2] == ["hearing_concluded", "hearing_noticed"]


def test_mun_hea_02_finding_names_the_earliest_date_and_the_rule() -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20"),
            ev("hearing_noticed", "2027-05-03", hearing_date="2027-05-17T10:00"),
        ],
        as_of="2027-05-04",
    )
    (f,) = [f for f in e.findings if f.id == "insufficient_hearing_notice"]
    assert (f.rule.id, f.data["earliest"], f.data["hearing_date"]) == ("MUN-HEA-02", "2027-05-18", "2027-05-17")


def test_mun_hea_02_clear_days_count_from_the_later_service() -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20"),
            ev("hearing_noticed", "2027-05-03", hearing_date="2027-05-19", served_on="2027-05-04"),
        ],
        as_of="2027-05-04",
        settings={"hearing_notice_count": "clear_days_from_service"},
    )
    (f,) = [f for f in e.findings if f.id == "insufficient_hearing_notice"]
    assert f.data["earliest"] == "2027-05-20"


# --- the hearing's end, the report and the decision ----------------------------------------------

HEARING = [
    notified("2027-04-05"),
    ev("answer_filed", "2027-04-20"),
    ev("hearing_noticed", "2027-05-03", hearing_date="2027-05-18"),
]


def full(at: str) -> dict[str, Any]:
    return ev("hearing_concluded", at, before="full")


def commissioner(at: str) -> dict[str, Any]:
    return ev("hearing_concluded", at, before="commissioner")


def test_mun_dec_01_decide_ending_on_barbosa_day_rolls_forward() -> None:
    # id="MUN-DEC-01 decide 15 days from Mon 12 Jul 2027 ends Tue 27 Jul (Barbosa) → Wed 28 Jul"
    e = run([*HEARING, full("2027-07-12")], as_of="2027-07-20")
    d = e.deadline("decide")
    assert (d.due.isoformat(), d.rule.id, d.status, d.fatal) == ("2027-07-28", "MUN-DEC-01", "open", True)
    assert e.stage == "awaiting_decision"
    assert e.allowed_next == ["decision_issued", *ANYTIME]


DECIDE_CASES = [
    pytest.param(
        [full("2027-07-12"), ev("decision_issued", "2027-07-28", outcome="exoneration")],
        "2027-07-29",
        "2027-07-28",
        "met",
        [],
        id="MUN-DEC-01 decision on the last day Wed 28 Jul 2027 is in time",
    ),
    pytest.param(
        [full("2027-07-12")],
        "2027-07-28",
        "2027-07-28",
        "open",
        [],
        id="MUN-DEC-01 on the last day the term is still open",
    ),
    pytest.param(
        [full("2027-07-12")],
        "2027-07-29",
        "2027-07-28",
        "missed",
        ["compulsory_term_missed", "dismissal_with_prejudice_required"],
        id="MUN-DEC-01 decision term runs out: MUN-DEC-04 dismissal with prejudice required",
    ),
    pytest.param(
        [full("2027-07-12"), ev("decision_issued", "2027-07-29", outcome="removal")],
        "2027-07-30",
        "2027-07-28",
        "missed",
        ["compulsory_term_missed", "dismissal_with_prejudice_required"],
        id="MUN-DEC-01 late decision: the outcome no longer stands, dismissal with prejudice required",
    ),
    pytest.param(
        [
            full("2027-07-12"),
            ev("decision_issued", "2027-07-28", outcome="exoneration"),
            ev("decision_notified", "2027-07-29"),
        ],
        "2027-07-30",
        "2027-07-28",
        "missed",
        ["compulsory_term_missed", "dismissal_with_prejudice_required"],
        id="MUN-DEC-01 emitir includes notice: notified a day late misses the term (ambiguity 10)",
    ),
]


@pytest.mark.parametrize(("events", "as_of", "due", "status", "findings"), DECIDE_CASES)
def test_decide_term(events: list[dict[str, Any]], as_of: str, due: str, status: str, findings: list[str]) -> None:
    e = run([*HEARING, *events], as_of=as_of)
    d = e.deadline("decide")
    assert (d.due.isoformat(), d.status) == (due, status)
    assert e.finding_ids() == findings
    if status == "missed":
        assert e.stage == "decision_term_expired"
        assert e.allowed_next == ["dismissed_with_prejudice"]
        assert "decision_issued" not in e.allowed_next


def test_mun_dec_01_notice_need_not_be_in_time_when_the_setting_is_off() -> None:
    e = run(
        [
            *HEARING,
            full("2027-07-12"),
            ev("decision_issued", "2027-07-28", outcome="exoneration"),
            ev("decision_notified", "2027-07-29"),
        ],
        as_of="2027-07-30",
        settings={"decide_requires_notice": False},
    )
    assert e.deadline("decide").status == "met"
    assert e.stage == "decided" and e.allowed_next == []


def test_mun_dec_04_dismissal_with_prejudice_recorded_closes_the_case() -> None:
    e = run([*HEARING, full("2027-07-12"), ev("dismissed_with_prejudice", "2027-07-30")], as_of="2027-07-30")
    assert e.stage == "dismissed_with_prejudice"
    assert e.allowed_next == ["decision_notified"]
    assert "dismissal_with_prejudice_premature" not in e.finding_ids()


def test_mun_dec_04_once_recorded_the_dismissal_is_no_longer_asked_for() -> None:
    # Issue 11, item 3: the decision term (MUN-DEC-01, 15 days from Mon 12 Jul 2027 = Tue 27 Jul,
    # Barbosa → Wed 28 Jul) ran out; the dismissal with prejudice is recorded on Thu 29 Jul. The term
    # shows as missed and closed by it; the finding that asks for it is gone; nothing is open.
    e = run([*HEARING, full("2027-07-12"), ev("dismissed_with_prejudice", "2027-07-29")], as_of="2027-08-10")
    d = e.deadline("decide")
    assert (d.due.isoformat(), d.status) == ("2027-07-28", "missed")
    assert (d.satisfied_by, d.satisfied_at) == ("dismissed_with_prejudice", dt.date(2027, 7, 29))
    assert e.finding_ids() == ["compulsory_term_missed"]
    assert e.next_due is None
    out = e.to_json()["deadlines"][-1]
    assert (out["status"], out["satisfied_by"], out["satisfied_at"]) == (
        "missed",
        "dismissed_with_prejudice",
        "2027-07-29",
    )


def test_mun_dec_04_before_the_dismissal_is_recorded_it_is_asked_for() -> None:
    e = run([*HEARING, full("2027-07-12")], as_of="2027-08-10")
    assert e.finding_ids() == ["compulsory_term_missed", "dismissal_with_prejudice_required"]
    assert e.next_due is not None and e.next_due.id == "decide"


def test_mun_dec_04_dismissal_with_prejudice_before_the_term_runs_out_is_premature() -> None:
    e = run([*HEARING, full("2027-07-12"), ev("dismissed_with_prejudice", "2027-07-20")], as_of="2027-07-21")
    assert "dismissal_with_prejudice_premature" in e.finding_ids()


REPORT_CASES = [
    pytest.param(
        [commissioner("2027-06-04")],
        "2027-06-10",
        "2027-06-21",
        "open",
        None,
        None,
        id="MUN-REP-01 report 15 days from Fri 4 Jun 2027 ends Sat 19 Jun (Juneteenth) → Mon 21 Jun",
    ),
    pytest.param(
        [commissioner("2027-06-04"), ev("commissioner_report_filed", "2027-06-15")],
        "2027-06-16",
        "2027-06-21",
        "met",
        "2027-06-30",
        "commissioner_report_filed",
        id="MUN-DEC-02 decide 15 days from the report Tue 15 Jun 2027 → Wed 30 Jun",
    ),
    pytest.param(
        [commissioner("2027-06-04"), ev("commissioner_report_filed", "2027-06-28")],
        "2027-06-29",
        "2027-06-21",
        "missed",
        "2027-07-06",
        "commissioner_report_due",
        id="MUN-DEC-02 late report: decide runs from the report's due date Mon 21 Jun 2027 → Tue 6 Jul (ambiguity 10)",
    ),
    pytest.param(
        [commissioner("2027-06-04")],
        "2027-06-25",
        "2027-06-21",
        "missed",
        "2027-07-06",
        "commissioner_report_due",
        id="MUN-DEC-02 no report yet: decide already runs from the report's due date",
    ),
]


@pytest.mark.parametrize(("events", "as_of", "report_due", "report_status", "decide_due", "trigger"), REPORT_CASES)
def test_commissioner_report_and_decide(
    events: list[dict[str, Any]],
    as_of: str,
    report_due: str,
    report_status: str,
    decide_due: str | None,
    trigger: str | None,
) -> None:
    e = run([*HEARING, *events], as_of=as_of)
    r = e.deadline("commissioner_report")
    assert (r.due.isoformat(), r.rule.id, r.status) == (report_due, "MUN-REP-01", report_status)
    if decide_due is None:
        with pytest.raises(KeyError):
            e.deadline("decide")
        assert e.stage == "awaiting_commissioner_report"
        assert e.allowed_next[0] == "commissioner_report_filed"
    else:
        d = e.deadline("decide")
        assert (d.due.isoformat(), d.rule.id, d.trigger, d.fatal) == (decide_due, "MUN-DEC-02", trigger, True)
    missed_report = report_status == "missed"
    assert ("compulsory_term_missed" in e.finding_ids()) is missed_report
    assert "dismissal_with_prejudice_required" not in e.finding_ids()


def test_mun_dec_02_late_report_literal_reading_counts_from_the_filing() -> None:
    e = run(
        [*HEARING, commissioner("2027-06-04"), ev("commissioner_report_filed", "2027-06-28")],
        as_of="2027-06-29",
        settings={"decide_trigger_if_report_late": "report_filed"},
    )
    d = e.deadline("decide")
    assert (d.due.isoformat(), d.trigger) == ("2027-07-13", "commissioner_report_filed")


def test_mun_dec_02_report_never_filed_decide_runs_out() -> None:
    e = run([*HEARING, commissioner("2027-06-04")], as_of="2027-07-07")
    assert e.deadline("decide").status == "missed"
    assert e.finding_ids() == ["compulsory_term_missed", "compulsory_term_missed", "dismissal_with_prejudice_required"]
    assert e.allowed_next == ["dismissed_with_prejudice"]


def test_mun_rep_01_last_session_counts() -> None:
    # «concluida la vista» is its last session (ambiguity 10): 2 Jun and then 4 Jun.
    e = run([*HEARING, commissioner("2027-06-02"), commissioner("2027-06-04")], as_of="2027-06-05")
    assert e.deadline("commissioner_report").due.isoformat() == "2027-06-21"


# --- court stays (ambiguity 13, MUN-SUS-13) ---------------------------------------------------------

STAY = ev("proceedings_suspended", "2027-07-15", court_order="TPI San Juan, orden del 14 de julio")


@pytest.mark.parametrize(("events", "settings", "as_of", "due", "status"), [
    pytest.param([STAY, ev("proceedings_resumed", "2027-07-20")], {}, "2027-07-30", "2027-08-02", "open",
                 id="MUN-DEC-01 court stay 15→20 Jul 2027 moves the decision term 5 days: Sun 1 Aug → Mon 2 Aug"),
    pytest.param([STAY], {}, "2027-07-30", "2027-07-28", "suspended",
                 id="MUN-DEC-01 an open court stay holds the decision term"),
    pytest.param([STAY, ev("proceedings_resumed", "2027-07-20")], {"court_stay_tolls_terms": "never"},
                 "2027-07-30", "2027-07-28", "missed",
                 id="MUN-DEC-01 with court_stay_tolls_terms=never the stay moves nothing"),
])  # fmt: skip
def test_court_stay_and_the_decision_term(
    events: list[dict[str, Any]], settings: dict[str, Any], as_of: str, due: str, status: str
) -> None:
    e = run([*HEARING, full("2027-07-12"), *events], as_of=as_of, settings=settings)
    d = e.deadline("decide")
    assert (d.due.isoformat(), d.status) == (due, status)
    if status == "suspended":
        assert e.stage == "stayed"
        assert e.allowed_next == ["proceedings_resumed"]
        assert "dismissal_with_prejudice_required" not in e.finding_ids()
        assert any("suspendidos" in line for line in d.trace())


def test_mun_ans_01_court_stay_moves_the_answer_and_the_study_terms() -> None:
    # id="MUN-ANS-01 stay 10→15 Apr 2027: answer Tue 20 Apr + 5 = Sun 25 Apr → Mon 26 Apr; study from there"
    e = run(
        [
            notified("2027-04-05"),
            ev("proceedings_suspended", "2027-04-10", court_order="orden"),
            ev("proceedings_resumed", "2027-04-15"),
        ],
        as_of="2027-04-27",
    )
    assert e.deadline("answer").due.isoformat() == "2027-04-26"
    assert e.deadline("study").due.isoformat() == "2027-05-26"


def test_mun_sus_13_stay_without_a_cited_order_is_flagged_and_does_not_toll() -> None:
    # Issue 11, item 1: ¶28 «salvo que el tribunal emita una orden o resolución para paralizar». The
    # entry cites no order: the finding says the terms keep running, and they do — the decision term
    # (MUN-DEC-01, 15 days from Mon 12 Jul 2027) still ends Wed 28 Jul, not 2 Aug.
    e = run(
        [
            *HEARING,
            full("2027-07-12"),
            ev("proceedings_suspended", "2027-07-15", reason="certiorari"),
            ev("proceedings_resumed", "2027-07-20"),
        ],
        as_of="2027-07-21",
    )
    assert "stay_order_not_cited" in e.finding_ids()
    assert "siguen corriendo" in next(f.message for f in e.findings if f.id == "stay_order_not_cited")
    d = e.deadline("decide")
    assert (d.due.isoformat(), d.status) == ("2027-07-28", "open")
    assert not any("Suspensión" in line or "suspendidos" in line for line in d.trace())


def test_mun_sus_13_open_stay_without_a_cited_order_holds_nothing() -> None:
    # The same stay with no resumption: the term is not «suspended» and the case is not «stayed»;
    # on 29 Jul 2027 the decision term (due 28 Jul) has run out (MUN-DEC-04).
    e = run(
        [*HEARING, full("2027-07-12"), ev("proceedings_suspended", "2027-07-15", reason="certiorari")],
        as_of="2027-07-29",
    )
    d = e.deadline("decide")
    assert (d.due.isoformat(), d.status) == ("2027-07-28", "missed")
    assert e.stage == "decision_term_expired"
    assert "dismissal_with_prejudice_required" in e.finding_ids()


def test_mun_sus_13_a_cited_stay_after_an_uncited_one_tolls_from_its_own_day() -> None:
    # Uncited 15 Jul (runs through), cited 20 Jul, resumed 22 Jul: 2 days held. The last day was Tue
    # 27 Jul (Barbosa, rolled to the 28th); 27 + 2 = Thu 29 Jul 2027, a business day.
    e = run(
        [
            *HEARING,
            full("2027-07-12"),
            ev("proceedings_suspended", "2027-07-15", reason="certiorari"),
            ev("proceedings_suspended", "2027-07-20", court_order="TPI San Juan, orden del 19 de julio"),
            ev("proceedings_resumed", "2027-07-22"),
        ],
        as_of="2027-07-23",
    )
    assert e.deadline("decide").due.isoformat() == "2027-07-29"


# --- MUN-SUB-04: court summons ----------------------------------------------------------------------


@pytest.mark.parametrize(("petition", "issued", "due", "status"), [
    pytest.param("2027-11-18", "2027-11-18", "2027-11-18", "met",
                 id="MUN-SUB-04 the court issues the summons the same day (Thu 18 Nov 2027)"),
    pytest.param("2027-11-18", "2027-11-22", "2027-11-18", "missed",
                 id="MUN-SUB-04 issued later is tracked as missed, with no finding"),
    pytest.param("2027-11-19", None, "2027-11-22", "open",
                 id="MUN-SUB-04 petition on Fri 19 Nov 2027 (Puertorriqueñidad) is due Mon 22 Nov"),
])  # fmt: skip
def test_court_summons(petition: str, issued: str | None, due: str, status: str) -> None:
    events = [
        notified("2027-11-01"),
        ev("summons_issued", "2027-11-05", witness="Tesorero"),
        ev("enforcement_petition_filed", petition, petitioner="president", ground="non_appearance"),
    ]
    if issued:
        events.append(ev("court_summons_issued", issued))
    e = run(events, as_of="2027-11-22")
    d = e.deadline("court_summons")
    assert (d.due.isoformat(), d.status, d.rule.id) == (due, status, "MUN-SUB-04")
    assert e.finding_ids() == []
    assert ("court_summons_issued" in e.allowed_next) is (issued is None)


# --- findings on the filing, notice, parties and side acts ----------------------------------------


def test_filing_and_notice_defects() -> None:
    e = evaluate(
        case(
            "municipal",
            "complaint",
            ev("complaint_filed", "2027-03-01", sworn=False, evidence_attached=False, complainant_kind="person"),
            ev("respondent_notified", "2027-03-11", certified_copy=False, rights_stated=False),
            ev("summons_issued", "2027-03-12", witness="X"),
            as_of="2027-03-12",
            respondent={"role": "municipal_official"},
            settings={"complainant_scope": "citizen"},
        )
    )
    assert e.finding_ids() == [
        "respondent_not_mayor",
        "complainant_not_eligible",
        "not_sworn",
        "evidence_missing",
        "investigation_without_supported_complaint",
        "certified_copy_missing",
        "notice_contents_incomplete",
    ]
    rules = {f.id: f.rule.id for f in e.findings}
    assert rules["not_sworn"] == "MUN-INI-02"
    assert rules["evidence_missing"] == "MUN-INI-03"
    assert rules["certified_copy_missing"] == "MUN-INI-04"
    assert rules["respondent_not_mayor"] == "MUN-COM-01"


def test_respondent_roles_setting_accepts_municipal_officials() -> None:
    e = evaluate(
        case(
            "municipal",
            "complaint",
            FILED,
            as_of="2027-03-12",
            respondent={"role": "municipal_official"},
            settings={"respondent_roles": ["mayor", "municipal_official"]},
        )
    )
    assert e.finding_ids() == []
    assert e.stage == "filed"
    assert e.allowed_next == ["respondent_notified", *ANYTIME]


def test_new_case_allows_only_the_filing() -> None:
    e = evaluate(case("municipal", "complaint", as_of="2027-03-12"))
    assert (e.procedure, e.stage, e.allowed_next) == ("ordinary", "new", ["complaint_filed"])


def test_limitation_and_reminder_settings() -> None:
    e = run([], as_of="2027-03-01", settings={"complaint_limitation_days": 30, "notice_reminder_days": 10})
    assert e.finding_ids() == ["respondent_notice_pending"]
    filed_late = {**FILED, "knowledge_date": "2026-11-01"}
    e = evaluate(
        case("municipal", "complaint", filed_late, as_of="2027-01-21", settings={"complaint_limitation_days": 30})
    )
    assert e.finding_ids() == ["complaint_time_barred"]
    e = evaluate(case("municipal", "complaint", filed_late, as_of="2027-01-21"))
    assert e.finding_ids() == []


def test_outcome_checks() -> None:
    e = run(
        [
            *HEARING,
            full("2027-07-12"),
            ev("decision_issued", "2027-07-20", outcome="exoneration", suspension_date="2027-06-01"),
        ],
        as_of="2027-07-21",
    )
    (f,) = e.findings
    assert (f.id, f.rule.id, f.data["since"]) == ("reinstatement_with_back_pay", "MUN-OUT-03", "2027-06-01")
    assert e.stage == "decided" and e.allowed_next == ["decision_notified"]
    e = run(
        [*HEARING, full("2027-07-12"), ev("decision_issued", "2027-07-20", outcome="admonition")], as_of="2027-07-21"
    )
    assert e.finding_ids() == ["admonition_basis_missing"]
    e = run(
        [
            *HEARING,
            full("2027-07-12"),
            ev("decision_issued", "2027-07-20", outcome="admonition", misconduct_not_reckless=True),
        ],
        as_of="2027-07-21",
    )
    assert e.finding_ids() == []


def test_mun_out_01_decision_without_a_merits_hearing() -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20"),
            ev("decision_issued", "2027-04-30", outcome="removal"),
        ],
        as_of="2027-05-01",
    )
    assert "outcome_without_merits_hearing" in e.finding_ids()


def test_side_act_checks() -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("protective_order_issued", "2027-04-06"),
            ev("enforcement_petition_filed", "2027-04-07", petitioner="secretary"),
            ev("privilege_claimed", "2027-04-08", witness="Y", claim="abogado-cliente"),
        ],
        as_of="2027-04-08",
    )
    assert e.finding_ids() == [
        "protective_order_purpose_missing",
        "enforcement_without_summons",
        "enforcement_petitioner_not_authorized",
    ]
    assert {"court_summons_issued", "privilege_ruled"} <= set(e.allowed_next)


def test_act_order_and_closed_case() -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20"),
            ev("dismissed", "2027-05-10"),
            ev("hearing_noticed", "2027-05-11", hearing_date="2027-06-01"),
            ev("protective_order_issued", "2027-05-12", purposes=["safeguard_evidence"]),
        ],
        as_of="2027-05-12",
    )
    rules = [f.rule.id for f in e.findings if f.id == "act_not_allowed"]
    assert rules == ["MUN-STU-02", "MUN-PRO-01"]
    assert e.stage == "dismissed"


def test_hearing_parties_and_privacy() -> None:
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20", hearing_preference="private"),
            ev("hearing_noticed", "2027-05-03", hearing_date="2027-05-18", public=True, recipients=["respondent"]),
        ],
        as_of="2027-05-04",
    )
    assert e.finding_ids() == ["hearing_notice_recipients_missing", "hearing_privacy_differs"]
    e = run(
        [
            notified("2027-04-05"),
            ev("answer_filed", "2027-04-20", hearing_preference="private"),
            ev("hearing_noticed", "2027-05-03", hearing_date="2027-05-18", public=True),
        ],
        as_of="2027-05-04",
        settings={"hearing_privacy_elected_by": "commission"},
    )
    assert e.finding_ids() == []


def test_report_and_decision_notice_contents() -> None:
    e = run(
        [
            *HEARING,
            commissioner("2027-06-04"),
            ev("commissioner_report_filed", "2027-06-15", findings_of_fact=True, evidence_summary=False),
            ev("decision_issued", "2027-06-25", outcome="exoneration"),
            ev("decision_notified", "2027-06-25", recipients=["respondent"], copy_attached=False),
        ],
        as_of="2027-06-26",
    )
    assert e.finding_ids() == [
        "decision_notice_recipients_missing",
        "decision_notice_without_copy",
        "commissioner_report_incomplete",
    ]
    assert e.deadline("decide").status == "met"
    assert e.stage == "decided" and e.allowed_next == []


def test_decision_before_the_commissioner_report() -> None:
    e = run(
        [*HEARING, commissioner("2027-06-04"), ev("decision_issued", "2027-06-10", outcome="exoneration")],
        as_of="2027-06-11",
    )
    assert "decision_without_commissioner_report" in e.finding_ids()
    assert e.stage == "decided"


def test_migrated_case_is_flagged_for_review() -> None:
    e = evaluate(case("municipal", "complaint", {**FILED, "migrated": True}, as_of="2027-01-21"))
    assert e.finding_ids() == ["migrated_case_review"]
    e = evaluate(
        case(
            "municipal",
            "complaint",
            {**FILED, "migrated": True},
            as_of="2027-01-21",
            settings={"migrated_case_review": False},
        )
    )
    assert e.finding_ids() == []


def test_frivolous_sanction_ground_contradicting_the_record() -> None:
    e = run(
        [notified("2027-04-05"), ev("frivolous_sanction_imposed", "2027-04-06", grounds="missing_evidence")],
        as_of="2027-04-06",
    )
    assert e.finding_ids() == ["sanction_ground_not_on_record"]


# --- input errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("events", "settings", "field"), [
    pytest.param([notified("2027-04-05"), ev("hearing_concluded", "2027-05-20")], {}, "events[2].before",
                 id="hearing_concluded needs before"),
    pytest.param([ev("decision_issued", "2027-05-20", outcome="reprimand")], {}, "events[1].outcome",
                 id="decision outcome is admonition, exoneration or removal"),
    pytest.param([], {"respondent_roles": "mayor"}, "settings.respondent_roles", id="respondent_roles is a list"),
    pytest.param([], {"complaint_limitation_days": -3}, "settings.complaint_limitation_days",
                 id="limitation days is a whole number or null"),
    pytest.param([], {"with_prejudice_scope": "everything"}, "settings.with_prejudice_scope",
                 id="a setting with choices rejects other values"),
])  # fmt: skip
def test_input_errors(events: list[dict[str, Any]], settings: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as exc:
        run(events, as_of="2027-06-01", settings=settings)
    assert exc.value.field == field


def test_mun_ans_01_answer_term_ending_on_election_day_rolls_forward() -> None:
    # Notified Sat 23 Oct 2028 + 15 days = Tue 7 Nov 2028, general-election day (a legal holiday, configured
    # for the rulebook) → Wed 8 Nov.
    result = run([notified("2028-10-23")], as_of="2028-10-24", filed_at="2028-10-20T10:00")
    assert result.deadline("answer").due.isoformat() == "2028-11-08"
