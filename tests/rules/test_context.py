"""The evaluators' context reads plainly (issue 13, item 4): ``ctx.as_of_day`` is public — the day
of ``as_of`` — and ``ctx.as_of_dt`` the moment when ``as_of`` has an hour."""

from __future__ import annotations

import datetime as dt

from rule_input import case, ev

from ventila.rules import legal_calendar
from ventila.rules.engine import Context, parse_scenario
from ventila.rules.vocabulary import ComplaintStage


def _context(as_of: str) -> Context:
    scenario, rulebook, _kind = parse_scenario(
        case(
            "camara-171",
            "complaint",
            ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-02-10"),
            as_of=as_of,
        )
    )
    return Context(scenario, rulebook, rulebook.resolve_settings({}), legal_calendar(), rulebook.elections)


def test_CAM_21B_02_as_of_day_is_public_for_a_date() -> None:
    ctx = _context("2027-03-10")
    assert ctx.as_of_day == dt.date(2027, 3, 10) and ctx.as_of_dt is None
    assert ctx.stage == ComplaintStage.NEW and isinstance(ctx.stage, ComplaintStage)


def test_CAM_21B_02_as_of_day_is_the_day_of_a_moment() -> None:
    ctx = _context("2027-03-10T23:30")
    assert ctx.as_of_day == dt.date(2027, 3, 10)
    assert ctx.as_of_dt is not None and ctx.as_of_dt.hour == 23
