"""Money as the law states it (issue 27, class 3): Decimal end to end, compared with the exact legal
fraction. Sec. 11(A) (CAM-11A-01) caps outside income at «35% de su salario» — 35/100 of the salary, not
35 % rounded to the cent: on $73,428.16 the cap is $25,699.856, so $25,699.86 exceeds it."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_input import case, ev

from ventila.rules import InputError, evaluate
from ventila.rules.rulebooks.camara_171.s10_s13_conduct import check_outside_income, compute_outside_income_cap

CENT = Decimal("0.01")


def notice(compensation: Any, salary: Any) -> dict[str, Any]:
    return case(
        "camara-171",
        "outside_activity",
        ev(
            "outside_activity_notified",
            "2027-03-01",
            activity="employment",
            compensation=compensation,
            legislative_salary=salary,
            nature="Docencia",
            certified_no_conflict=True,
            copy_to_secretariat=True,
        ),
        as_of="2027-03-02",
    )


def _over(result: Any) -> bool:
    return "outside_income_over_cap" in result.finding_ids()


@pytest.mark.parametrize(
    ("compensation", "salary", "over"),
    [
        pytest.param(25699.86, 73428.16, True, id="CAM-11A-01 25,699.86 on 73,428.16 exceeds 25,699.856"),
        pytest.param(25699.85, 73428.16, False, id="CAM-11A-01 25,699.85 on 73,428.16 is within"),
        pytest.param(35000, 100000, False, id="CAM-11A-01 exactly 35 % is within"),
        pytest.param(35000.01, 100000, True, id="CAM-11A-01 a cent over 35 % exceeds"),
    ],
)
def test_cam_11a_01_the_cap_is_the_exact_fraction(compensation: float, salary: float, over: bool) -> None:
    assert _over(evaluate(notice(compensation, salary))) is over


def test_cam_11a_01_the_message_states_the_exact_cap() -> None:
    finding = next(f for f in evaluate(notice(25699.86, 73428.16)).findings if f.id == "outside_income_over_cap")
    assert "$25,699.856" in finding.message
    assert finding.data["cap"] == "25699.8560"


def test_cam_11a_01_the_cap_is_not_rounded() -> None:
    assert compute_outside_income_cap(Decimal("73428.16")) == Decimal("25699.856")
    assert check_outside_income(Decimal("25699.86"), Decimal("73428.16"))


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -1, "mil", "1000.001", True, None])
def test_cam_11a_01_a_money_field_that_is_no_amount_is_refused(bad: Any) -> None:
    with pytest.raises(InputError) as exc:
        evaluate(notice(bad, 73428.16))
    assert exc.value.field == "events[0].compensation"


@settings(max_examples=150, deadline=None, derandomize=True)
@given(cents=st.integers(min_value=1, max_value=50_000_000))
def test_cam_11a_01_boundary_on_generated_salaries(cents: int) -> None:
    """For any salary in cents, the largest compensation in cents within 35/100 of it passes and the next
    cent fails, whatever the salary's last cent (the exact fraction, computed with Fraction)."""
    salary = Decimal(cents) / 100
    exact = Fraction(cents, 100) * Fraction(35, 100)
    within = Decimal(int(exact * 100)) / 100  # the cap rounded down to the cent
    assert not check_outside_income(within, salary)
    assert check_outside_income(within + CENT, salary)
    assert _over(evaluate(notice(float(within + CENT), float(salary))))
    assert not _over(evaluate(notice(float(within), float(salary))))
