"""MUN-DIE-02/03: the per-diem ledger's reversals and its policy for a second meeting on one day
(ambiguity 17, setting ``per_diem_per_meeting``). Pure: no database."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ventila.rules.rulebooks.municipal.per_diem import (
    PER_DIEM_AMOUNT,
    Expense,
    Meeting,
    compute_monthly_statement,
    per_diem_policy,
)

D = dt.date


def test_mun_die_02_reversed_meeting_keeps_its_line_and_nets_out() -> None:
    meetings = [
        Meeting(D(2027, 3, 2), "Presidente", ref="m-1"),
        Meeting(D(2027, 3, 2), "Presidente", ref="m-2", reversed_because="anotada dos veces"),
        Meeting(D(2027, 3, 9), "Asociada A", ref="m-3"),
    ]
    expenses = [Expense(D(2027, 3, 9), "Asociada A", Decimal("42.50"), "Millaje", "e-1", "no era de un deber oficial")]
    st = compute_monthly_statement(2027, 3, meetings, expenses)
    assert [(ln.ref, ln.amount, ln.reversed, ln.reverses) for ln in st.lines] == [
        ("m-1", Decimal(75), False, False),
        ("m-2", Decimal(75), True, False),
        ("m-2", Decimal(-75), False, True),
        ("m-3", Decimal(75), False, False),
        ("e-1", Decimal("42.50"), True, False),
        ("e-1", Decimal("-42.50"), False, True),
    ]
    assert "anotada dos veces" in st.lines[2].description
    # Hand-computed: Presidente 75 + 75 − 75 = 75; Asociada A 75 + 42.50 − 42.50 = 75.
    assert st.per_diem_by_commissioner == {"Asociada A": 75, "Presidente": 75}
    assert st.expenses_by_commissioner == {"Asociada A": 0, "Presidente": 0}
    assert (st.per_diem_total, st.expense_total, st.total) == (150, 0, 150)


def test_mun_die_02_one_per_day_a_reversed_meeting_frees_the_day() -> None:
    """With one per diem a day, the day's reversed meeting does not take it: the other one earns it."""
    meetings = [
        Meeting(D(2027, 3, 2), "Presidente", ref="m-1", reversed_because="error"),
        Meeting(D(2027, 3, 2), "Presidente", ref="m-2"),
    ]
    st = compute_monthly_statement(2027, 3, meetings, settings={"per_diem_per_meeting": False})
    assert st.total == PER_DIEM_AMOUNT == Decimal(75) and not st.warnings


def test_mun_die_02_policy_for_a_second_meeting_on_one_day() -> None:
    default = per_diem_policy({})
    assert (default.amount, default.second_same_day, default.rule_id) == (Decimal(75), "confirm", "MUN-DIE-02")
    one_a_day = per_diem_policy({"per_diem_per_meeting": False, "per_diem_amount": 100})
    assert (one_a_day.amount, one_a_day.second_same_day) == (Decimal(100), "refuse")
