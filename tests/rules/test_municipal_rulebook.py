"""Rulebook ``municipal``: its structure (rules, kinds, settings) and its pure helpers — per-diem
statement (MUN-DIE-02/03), President qualifications (MUN-COM-04/06), term of office (MUN-COM-05),
earliest hearing date (MUN-HEA-02), days left to decide (MUN-DEC-01/02, MUN-DEC-04) and the deadlock
vacancy rule (MUN-DLK-07).
"""

from __future__ import annotations

import datetime as dt
import io
import json
from decimal import Decimal

import pytest
from rule_input import case, municipal_heard

from ventila.rules import RULEBOOKS, evaluate
from ventila.rules.cli import run_deadlines
from ventila.rules.rulebooks.municipal import RULEBOOK, SETTINGS
from ventila.rules.rulebooks.municipal.complaints import (
    decide_days_remaining,
    decide_term_warning,
    earliest_hearing_date,
)
from ventila.rules.rulebooks.municipal.composition import (
    Candidate,
    add_years,
    check_member,
    check_president,
    compute_term_of_office,
)
from ventila.rules.rulebooks.municipal.deadlock import assess_deadlock_vacancy
from ventila.rules.rulebooks.municipal.per_diem import (
    PER_DIEM_AMOUNT,
    Expense,
    Meeting,
    compute_monthly_statement,
)
from ventila.rules.terms import RuleKind, Term

D = dt.date

# --- structure ------------------------------------------------------------------------------------


def test_rulebook_identity_and_kinds() -> None:
    assert RULEBOOKS["municipal"] is RULEBOOK
    assert RULEBOOK.body == "Comisión para Ventilar Querellas Municipales"
    assert [(e.kind, e.date) for e in RULEBOOK.elections] == [
        ("general", D(2024, 11, 5)),
        ("general", D(2028, 11, 7)),
        ("general", D(2032, 11, 2)),
        ("general", D(2036, 11, 4)),
    ]
    assert list(RULEBOOK.kinds) == ["complaint", "suspension_proceeding", "deadlock"]
    assert len(RULEBOOK.rules) == 90
    assert list(RULEBOOK.rules)[:2] == ["MUN-COM-01", "MUN-COM-02"]
    assert list(RULEBOOK.rules)[-1] == "MUN-SUC-04"


@pytest.mark.parametrize(("rule_id", "amount"), [
    ("MUN-ANS-01", 15), ("MUN-ANS-02", 15), ("MUN-STU-01", 30), ("MUN-HEA-02", 15), ("MUN-REP-01", 15),
    ("MUN-DEC-01", 15), ("MUN-DEC-02", 15), ("MUN-SUS-03", 20), ("MUN-SUS-11", 10), ("MUN-DLK-06", 15),
    ("MUN-SUB-04", 0), ("MUN-DLK-03", 0), ("MUN-DLK-04", 0),
])  # fmt: skip
def test_deadline_rules_carry_unqualified_day_terms(rule_id: str, amount: int) -> None:
    r = RULEBOOK.rules[rule_id]
    assert r.kind is RuleKind.DEADLINE
    assert r.term == Term(amount, "days")


def test_not_computable_rules_say_why() -> None:
    nc = [r for r in RULEBOOK.rules.values() if r.kind is RuleKind.NOT_COMPUTABLE]
    assert [r.id for r in nc] == [
        "MUN-SUS-05",
        "MUN-SUS-06",
        "MUN-SUS-07",
        "MUN-SUS-08",
        "MUN-SUS-09",
        "MUN-SUS-10",
        "MUN-REV-02",
        "MUN-REV-04",
        "MUN-BUD-01",
    ]
    assert all(r.not_computable for r in nc)


@pytest.mark.parametrize(("name", "default"), [
    ("bare_days_unit", "calendar_days"), ("roll_forward", True), ("christmas_eve_is_holiday", True),
    ("hour_terms", "clock"), ("study_trigger_without_answer", "answer_term_end"),
    ("hearing_notice_count", "from_notice"), ("with_prejudice_scope", "decision_only"),
    ("extension_requires_grant", False), ("complaint_limitation_days", None),
    ("decide_trigger_if_report_late", "report_due"), ("votes_required", 2), ("per_diem_amount", 75),
    ("deadlock_hearing_notice_days", 15), ("court_stay_tolls_terms", "explicit_only"),
    ("deadlock_vacancy_acceptance", "neither_or_both"), ("respondent_roles", ("mayor",)),
    ("complainant_scope", "person"),
])  # fmt: skip
def test_settings_defaults(name: str, default: object) -> None:
    s = SETTINGS[name]
    assert s.default == default
    assert s.source and s.help
    if s.choices:
        assert s.default in s.choices and len(s.choices) >= 1


def test_the_decide_deadline_is_fatal_and_only_it() -> None:
    e = evaluate(municipal_heard("2027-07-12", "full", as_of="2027-07-13"))
    assert [(d.id, d.fatal) for d in e.deadlines] == [("answer", False), ("study", False), ("decide", True)]
    assert e.to_json()["deadlines"][-1]["fatal"] is True


def test_cli_explain_for_a_municipal_case() -> None:
    scenario = municipal_heard("2027-07-12", "full", as_of="2027-07-29")
    out, err = io.StringIO(), io.StringIO()
    assert run_deadlines([], io.StringIO(json.dumps(scenario)), out, err) == 0
    data = json.loads(out.getvalue())
    assert data["allowed_next"] == ["dismissed_with_prejudice"]
    assert [f["id"] for f in data["findings"]] == ["compulsory_term_missed", "dismissal_with_prejudice_required"]
    out = io.StringIO()
    assert run_deadlines(["--explain"], io.StringIO(json.dumps(scenario)), out, err) == 0
    text = out.getvalue()
    assert "MUN-DEC-01" in text and "Natalicio de José Celso Barbosa" in text and "28 de julio de 2027" in text


# --- MUN-DIE-02 / MUN-DIE-03: monthly per-diem statement -------------------------------------------


def test_mun_die_02_monthly_statement() -> None:
    meetings = [
        Meeting(D(2027, 3, 2), "Presidente"),
        Meeting(D(2027, 3, 2), "Presidente"),  # two meetings, one day
        Meeting(D(2027, 3, 9), "Asociada A"),
        Meeting(D(2027, 3, 9), "Asociado B"),
        Meeting(D(2027, 3, 16), "Asociado B", official_business=False),
        Meeting(D(2027, 4, 1), "Asociada A"),  # another month
    ]
    expenses = [Expense(D(2027, 3, 9), "Asociada A", Decimal("42.50"), "Millaje")]
    st = compute_monthly_statement(2027, 3, meetings, expenses)
    assert [(ln.commissioner, ln.kind, ln.amount, ln.rule_id) for ln in st.lines] == [
        ("Presidente", "per_diem", Decimal(75), "MUN-DIE-02"),
        ("Presidente", "per_diem", Decimal(75), "MUN-DIE-02"),
        ("Asociada A", "per_diem", Decimal(75), "MUN-DIE-02"),
        ("Asociado B", "per_diem", Decimal(75), "MUN-DIE-02"),
        ("Asociada A", "expense", Decimal("42.50"), "MUN-DIE-03"),
    ]
    assert st.per_diem_by_commissioner == {"Asociada A": 75, "Asociado B": 75, "Presidente": 150}
    assert st.total_by_commissioner == {"Asociada A": Decimal("117.50"), "Asociado B": 75, "Presidente": 150}
    assert (st.per_diem_total, st.expense_total, st.total) == (300, Decimal("42.50"), Decimal("342.50"))
    assert len(st.warnings) == 2  # the non-official meeting and the April one


def test_mun_die_02_settings_one_per_day_and_amount() -> None:
    meetings = [Meeting(D(2027, 3, 2), "Presidente"), Meeting(D(2027, 3, 2), "Presidente")]
    st = compute_monthly_statement(2027, 3, meetings, settings={"per_diem_per_meeting": False})
    assert st.total == PER_DIEM_AMOUNT == Decimal(75)
    st = compute_monthly_statement(2027, 3, meetings, settings={"per_diem_amount": 100})
    assert st.total == 200
    with pytest.raises(ValueError):
        compute_monthly_statement(2027, 3, meetings, settings={"per_diem_amount": -1})


# --- MUN-COM-04 / MUN-COM-06: qualifications ---------------------------------------------------------


@pytest.mark.parametrize(("candidate", "results"), [
    pytest.param(Candidate(True, 5), [], id="MUN-COM-04 lawyer with exactly 5 years qualifies"),
    pytest.param(Candidate(True, 4.5), [("MUN-COM-04", "block"), ("MUN-COM-06", "warn")],
                 id="MUN-COM-04 lawyer with 4.5 years is blocked"),
    pytest.param(Candidate(False, 0, former_judge=True), [("MUN-COM-04", "block")],
                 id="MUN-COM-04 a former judge who is not a lawyer is blocked (preference met)"),
])  # fmt: skip
def test_check_president(candidate: Candidate, results: list[tuple[str, str]]) -> None:
    assert [(c.rule_id, c.severity) for c in check_president(candidate)] == results


def test_mun_com_06_preference_only_warns_for_members() -> None:
    assert [(c.rule_id, c.severity) for c in check_member(Candidate(False))] == [("MUN-COM-06", "warn")]
    assert check_member(Candidate(False, former_judge=True)) == []
    assert check_member(Candidate(True, 7)) == []


# --- MUN-COM-05: term of office --------------------------------------------------------------------


def test_mun_com_05_term_and_holdover() -> None:
    t = compute_term_of_office(took_office=D(2025, 1, 15), on=D(2027, 6, 1))
    assert (t.nominal_end, t.in_office, t.holdover) == (D(2029, 1, 15), True, False)
    t = compute_term_of_office(took_office=D(2025, 1, 15), on=D(2029, 1, 15))
    assert (t.in_office, t.holdover, t.service_ends) == (True, True, None)
    t = compute_term_of_office(took_office=D(2025, 1, 15), on=D(2029, 3, 2), successor_took_office=D(2029, 3, 1))
    assert (t.in_office, t.holdover, t.service_ends) == (False, False, D(2029, 3, 1))
    t = compute_term_of_office(
        took_office=D(2025, 2, 1), appointed=D(2025, 1, 10), on=D(2029, 1, 20), settings={"term_start": "appointed"}
    )
    assert (t.start, t.nominal_end, t.holdover) == (D(2025, 1, 10), D(2029, 1, 10), True)


def test_add_years_never_clamps_silently() -> None:
    assert add_years(D(2028, 2, 29), 4) == D(2032, 2, 29)
    assert add_years(D(2096, 2, 29), 4) == D(2100, 3, 1)


# --- MUN-HEA-02: earliest hearing date -----------------------------------------------------------


def test_mun_hea_02_earliest_hearing_date() -> None:
    assert earliest_hearing_date(D(2027, 5, 3)) == D(2027, 5, 18)
    assert earliest_hearing_date(D(2027, 12, 10)) == D(2027, 12, 25)  # a minimum, not a due date: no roll
    st = {"hearing_notice_count": "clear_days_from_service", "bare_days_unit": "calendar_days"}
    assert earliest_hearing_date(D(2027, 5, 3), settings=st, served_on=D(2027, 5, 4)) == D(2027, 5, 20)
    st = {"hearing_notice_count": "from_notice", "bare_days_unit": "business_days"}
    assert earliest_hearing_date(D(2027, 5, 3), settings=st) == D(2027, 5, 24)
    assert earliest_hearing_date(D(2027, 5, 3), notice_days=20) == D(2027, 5, 23)


# --- MUN-DEC-04: days left before the decision term runs out --------------------------------------

_CASE = [
    {"type": "complaint_filed", "at": "2027-03-01"},
    {"type": "respondent_notified", "at": "2027-04-05"},
    {"type": "answer_filed", "at": "2027-04-20"},
    {"type": "hearing_noticed", "at": "2027-05-03", "hearing_date": "2027-05-18"},
    {"type": "hearing_concluded", "at": "2027-07-12", "before": "full"},
]


@pytest.mark.parametrize(("as_of", "left", "warn_contains"), [
    pytest.param("2027-07-20", 8, None, id="MUN-DEC-01 eight days left on 20 Jul 2027 (due Wed 28 Jul)"),
    pytest.param("2027-07-25", 3, "Quedan 3 días", id="MUN-DEC-01 three days left: warning"),
    pytest.param("2027-07-28", 0, "Hoy", id="MUN-DEC-01 last day"),
    pytest.param("2027-07-30", -2, "debe desestimarse con perjuicio", id="MUN-DEC-04 term run out"),
])  # fmt: skip
def test_decide_days_remaining(as_of: str, left: int, warn_contains: str | None) -> None:
    e = evaluate(case("municipal", "complaint", *_CASE, as_of=as_of))
    assert decide_days_remaining(e) == left
    w = decide_term_warning(e, days_ahead=5)
    if warn_contains is None:
        assert w is None
    else:
        assert w is not None and warn_contains in w


def test_decide_days_remaining_is_none_without_a_running_term() -> None:
    e = evaluate(case("municipal", "complaint", *_CASE[:4], as_of="2027-07-20"))
    assert decide_days_remaining(e) is None
    decided = [*_CASE, {"type": "decision_issued", "at": "2027-07-20", "outcome": "exoneration"}]
    e = evaluate(case("municipal", "complaint", *decided, as_of="2027-07-21"))
    assert decide_days_remaining(e) is None
    assert decide_days_remaining(e, as_of=D(2027, 7, 21)) is None


# --- MUN-DLK-07: vacancy helper ---------------------------------------------------------------------


@pytest.mark.parametrize(("mayor", "assembly", "harm", "reading", "required", "warnings"), [
    (False, False, True, "neither_or_both", True, 0),
    (True, True, True, "neither_or_both", True, 1),
    (True, False, True, "neither_or_both", False, 1),
    (True, True, True, "neither", False, 0),
    (True, False, True, "not_both", True, 1),
    (False, False, False, "neither_or_both", False, 0),
])  # fmt: skip
def test_assess_deadlock_vacancy(
    mayor: bool, assembly: bool, harm: bool, reading: str, required: bool, warnings: int
) -> None:
    a = assess_deadlock_vacancy(
        mayor_accepts=mayor, assembly_accepts=assembly, irreparable_harm=harm, hearing_held=True, reading=reading
    )
    assert (a.required, len(a.warnings), a.missing) == (required, warnings, ())


def test_assess_deadlock_vacancy_waits_for_the_record() -> None:
    a = assess_deadlock_vacancy(mayor_accepts=None, assembly_accepts=False, irreparable_harm=None, hearing_held=False)
    assert not a.required
    assert len(a.missing) == 3
