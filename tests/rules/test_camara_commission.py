"""The Commission itself under R. de la C. 171, Secs. 1–9: scope, roster, members involved in a
matter, and the rules of those sections as declared (every catalogue ID, kind and reason)."""

from __future__ import annotations

import datetime as dt

import pytest

from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.rulebooks.camara_171 import s01_s09_commission as commission
from ventila.rules.rulebooks.camara_171.s01_s09_commission import Seat
from ventila.rules.terms import RuleKind

# Secs. 1–19 of the catalogue, with their kinds (a copy kept with the tests: the product never
# reads the catalogue).
SECTIONS_1_TO_19 = """
CAM-01-01 NOT-COMPUTABLE  CAM-01-02 NOT-COMPUTABLE  CAM-02-01 VALIDATION  CAM-02-02 VALIDATION
CAM-03-01 ROLE  CAM-03-02 ROLE  CAM-03-03 ROLE  CAM-03-04 ROLE  CAM-03-05 SUBSTANTIVE  CAM-03-06 SUBSTANTIVE
CAM-03-07 SUBSTANTIVE  CAM-04-01 VALIDATION  CAM-04-02 ROLE  CAM-05-01 STATE  CAM-05-02 CONFIDENTIALITY
CAM-05-03 ROLE  CAM-05-04 ROLE  CAM-05-05 ROLE  CAM-05-06 VOTE  CAM-05-07 NOT-COMPUTABLE  CAM-06-01 VOTE
CAM-07-01 ROLE  CAM-08-01 STATE  CAM-09-01 SUBSTANTIVE  CAM-09-02 SUBSTANTIVE  CAM-09-03 SUBSTANTIVE
CAM-09-04 DEADLINE  CAM-09-05 VOTE  CAM-09-06 VOTE  CAM-09-07 DEADLINE  CAM-09-08 DEADLINE
CAM-10A-01 SUBSTANTIVE  CAM-10B-01 SUBSTANTIVE  CAM-10C-01 SUBSTANTIVE  CAM-10D-01 SUBSTANTIVE
CAM-10E-01 SUBSTANTIVE  CAM-10F-01 SUBSTANTIVE  CAM-10G-01 SUBSTANTIVE  CAM-10H-01 SUBSTANTIVE
CAM-10I-01 SUBSTANTIVE  CAM-10J-01 SUBSTANTIVE  CAM-10K-01 SUBSTANTIVE  CAM-10L-01 SUBSTANTIVE
CAM-10M-01 SUBSTANTIVE  CAM-10N-01 SUBSTANTIVE  CAM-10O-01 SUBSTANTIVE  CAM-10P-01 SUBSTANTIVE
CAM-10Q-01 SUBSTANTIVE  CAM-10R-01 SUBSTANTIVE  CAM-10S-01 SUBSTANTIVE  CAM-10T-01 SUBSTANTIVE
CAM-10U-01 SUBSTANTIVE  CAM-10V-01 SUBSTANTIVE  CAM-10W-01 DEADLINE  CAM-10W-02 CONFIDENTIALITY
CAM-10X-01 SUBSTANTIVE  CAM-11A-01 SUBSTANTIVE  CAM-11A-02 SUBSTANTIVE  CAM-11A-03 SUBSTANTIVE
CAM-11B-01 DEADLINE  CAM-11B-02 VALIDATION  CAM-11B-03 ROLE  CAM-11C-01 DEADLINE  CAM-11C-02 VOTE
CAM-12A-01 SUBSTANTIVE  CAM-12B-01 SUBSTANTIVE  CAM-12B-02 SUBSTANTIVE  CAM-12B-03 DEADLINE
CAM-12B-04 SUBSTANTIVE  CAM-13-01 SUBSTANTIVE  CAM-14A-01 VALIDATION  CAM-14C-01 DEADLINE
CAM-14C-02 DEADLINE  CAM-14D-01 DEADLINE  CAM-14E-01 DEADLINE  CAM-14E-02 DEADLINE  CAM-14E-03 STATE
CAM-14F-01 VALIDATION  CAM-14G-01 VALIDATION  CAM-15-01 DEADLINE  CAM-15-02 STATE  CAM-15-03 STATE
CAM-15-04 DEADLINE  CAM-15-05 DEADLINE  CAM-15-06 ROLE  CAM-16A-01 DEADLINE  CAM-16B-01 VALIDATION
CAM-16B-02 STATE  CAM-17-01 CONFIDENTIALITY  CAM-17-02 VALIDATION  CAM-17-03 DEADLINE  CAM-17-04 DEADLINE
CAM-17-05 STATE  CAM-17-06 VALIDATION  CAM-17-07 CONFIDENTIALITY  CAM-17-08 SUBSTANTIVE
CAM-17-09 VALIDATION  CAM-18-01 SUBSTANTIVE  CAM-19A-01 ROLE  CAM-19A-02 VALIDATION  CAM-19B-01 VALIDATION
CAM-19C-01 DEADLINE  CAM-19C-02 VALIDATION  CAM-19D-01 DEADLINE  CAM-19D-02 VOTE  CAM-19E-01 STATE
CAM-19F-01 STATE
"""


def _catalogue() -> dict[str, str]:
    words = SECTIONS_1_TO_19.split()
    return dict(zip(words[::2], words[1::2], strict=True))


def test_every_rule_of_sections_1_to_19_is_declared_with_its_kind() -> None:
    rules = RULEBOOKS["camara-171"].rules
    catalogue = _catalogue()
    assert len(catalogue) == 107
    assert {rid: rules[rid].kind.value for rid in catalogue if rid in rules} == catalogue
    for rid in catalogue:
        r = rules[rid]
        assert r.citation and r.quote and r.summary, rid
        if r.kind is RuleKind.NOT_COMPUTABLE:
            assert r.not_computable, rid


def test_cause_known_as_soon_as_possible_is_not_computable_CAM_09_04() -> None:
    rule = RULEBOOKS["camara-171"].rules["CAM-09-04"]
    assert rule.kind is RuleKind.DEADLINE
    assert rule.term is None and rule.not_computable and "tan pronto" in rule.quote


def test_immediate_and_two_day_recusal_terms_CAM_09_07_CAM_09_08() -> None:
    rules = RULEBOOKS["camara-171"].rules
    assert (rules["CAM-09-07"].term.amount, rules["CAM-09-07"].term.unit) == (0, "business_days")  # type: ignore[union-attr]
    assert (rules["CAM-09-08"].term.amount, rules["CAM-09-08"].term.unit) == (2, "calendar_days")  # type: ignore[union-attr]


# --- CAM-02-01: the Code's time scope -------------------------------------------------------------


@pytest.mark.parametrize(
    ("facts", "outside"),
    [
        pytest.param(dt.date(2025, 2, 24), True, id="CAM-02-01 facts before the Code's approval"),
        pytest.param(dt.date(2025, 2, 25), False, id="CAM-02-01 facts on the approval date"),
        pytest.param(dt.date(2028, 12, 31), False, id="CAM-02-01 facts on the last covered day"),
        pytest.param(dt.date(2029, 1, 1), True, id="CAM-02-01 facts after 31 December 2028"),
    ],
)
def test_scope(facts: dt.date, outside: bool) -> None:
    assert [f.id for f in commission.check_scope(facts)] == (["facts_outside_scope"] if outside else [])


def test_scope_setting_A3() -> None:
    assert commission.check_scope(dt.date(2025, 2, 24), {"code_approval_date": "2025-01-01"}) == []


# --- CAM-04-01 / CAM-07-01: the roster ----------------------------------------------------------


def _full() -> list[Seat | None]:
    offices = ["chair", "vice_chair", "secretary", "minority_spokesperson", "member", "member", "member"]
    return [Seat(f"Rep. {i}", office=o) for i, o in enumerate(offices, 1)]


def test_full_roster_CAM_04_01() -> None:
    assert commission.check_roster(_full()) == []


def test_vacancy_and_non_representative_CAM_04_01_CAM_07_01() -> None:
    seats = _full()
    seats[6] = None
    seats[5] = Seat("Sargento de Armas", role="officer")
    ids = [f.id for f in commission.check_roster(seats)]
    assert ids == ["commission_vacancy", "commission_member_not_representative"]
    assert [f.id for f in commission.check_roster(_full()[:6])] == ["commission_seat_count"]


# --- CAM-08-01: a member who is respondent or witness needs a substitute ------------------------


def test_member_involved_needs_a_substitute_CAM_08_01() -> None:
    seats = _full()
    findings = commission.check_member_involvement(seats, respondents=["Rep. 5"], witnesses=["Rep. 1"])
    assert [(f.id, f.data["member"], f.data["as"]) for f in findings] == [
        ("substitute_required", "Rep. 1", "witness"),
        ("substitute_required", "Rep. 5", "respondent"),
    ]
    # The Chair is the witness: the Vice-chair asks the Speaker.
    assert "Vicepresidente" in findings[0].message
    assert "el Presidente de la Comisión debe pedir" in findings[1].message
    assert commission.check_member_involvement(seats, respondents=["Rep. 99"]) == []


def test_household_relations_CAM_03_05() -> None:
    assert set(commission.HOUSEHOLD_RELATIONS) == {
        "spouse",
        "consensual_partner",
        "dependent_child",
        "under_legal_financial_control",
    }
