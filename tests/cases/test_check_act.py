"""``check_act`` hands the roll call's tally to the writer (issue 13, item 4): the tally is returned,
not smuggled through the act's ``details`` (which are stored on the docket entry as given)."""

from __future__ import annotations

import pytest
from factories import at, file_complaint, record, unanimous

from ventila.cases.actions import ActInput, case_facts, check_act
from ventila.cases.evaluation import live_events
from ventila.cases.models import DocketEntry
from ventila.rules.votes import VoteOutcome

pytestmark = pytest.mark.django_db


def test_CAM_21C_check_act_returns_the_determination_tally_and_leaves_details_alone(world, now):
    case = file_complaint(world)
    now.set("2027-03-03 18:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-10 18:00")
    record(world, case, "answer_filed", "2027-03-10")
    now.set("2027-03-30 18:00")
    act = ActInput(
        "determination_made",
        at("2027-03-30 00:00"),
        False,
        {"outcome": "probable_cause"},
        {"origin": "test"},
        ballots=unanimous(world, yes=5),
    )
    _evaluation, voters, outcome = check_act(
        case, case_facts(case), live_events(case.entries.all()), act, at("2027-03-30 18:00")
    )
    assert isinstance(outcome, VoteOutcome)
    assert outcome.carried and (outcome.yes, outcome.no) == (5, 2) and len(voters) == 7
    assert act.details == {"origin": "test"}  # nothing added for the writer to strip


def test_CAM_21C_recorded_roll_call_is_the_tally_check_act_returned(world, now):
    case = file_complaint(world)
    now.set("2027-03-03 18:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-30 18:00")
    entry = record(
        world,
        case,
        "determination_made",
        "2027-03-30",
        ballots=unanimous(world, yes=6),
        details={"origin": "test"},
        outcome="probable_cause",
    )
    entry = DocketEntry.objects.get(pk=entry.pk)
    assert entry.details == {"origin": "test"}
    rc = entry.roll_call
    assert (rc.yes, rc.no, rc.carried) == (6, 1, True) and rc.rule_id and rc.citation
    assert rc.ballots.count() == 7
