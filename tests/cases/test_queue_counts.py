"""The work queue's counts kept per body and turn (issue 30, item 5): after every kind of write — a case
opened, an act recorded, a case closed, ``ventila rederive``, the generator — the stored counts are
the ones the queue's filter counts from the cases, on any day; on both databases (``-m db``)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from factories import assert_stored_counts_hold, file_complaint, file_municipal_complaint, record, unanimous

from ventila.cases.actions import rederive
from ventila.cases.models import Case, QueueCount
from ventila.cases.queue_counts import recount

pytestmark = pytest.mark.django_db


def test_the_stored_counts_follow_openings_acts_closings_and_rederives(world, now):
    now.set("2027-02-01 11:00")
    late = file_complaint(world, when="2027-02-01 10:00", knowledge="2027-01-25")  # opened
    assert_stored_counts_hold("2027-02-01")
    now.set("2027-02-02 12:00")
    record(world, late, "respondent_notified", "2027-02-02")  # an act: the respondent's term runs
    assert_stored_counts_hold("2027-02-02", "2027-02-24", "2027-02-25", "2027-03-10")
    now.set("2027-03-01 11:00")
    running = file_complaint(world, when="2027-03-01 10:20")
    municipal = file_municipal_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, running, "respondent_notified", "2027-03-03")
    record(world, municipal, "respondent_notified", "2027-03-03", user="secretaria_municipal")
    assert_stored_counts_hold("2027-03-03", "2027-03-18", "2027-03-19", "2027-04-01")
    now.set("2027-03-20 12:00")  # the House case dismissed and closed (CAM-21D-01)
    record(world, running, "answer_filed", "2027-03-10")
    assert_stored_counts_hold("2027-03-20")
    record(
        world,
        running,
        "determination_made",
        "2027-03-15",
        ballots=unanimous(world),
        outcome="dismissed",
        grounds=["frivolous"],
    )
    record(world, running, "determination_notified", "2027-03-16")
    record(world, running, "case_closed", "2027-03-17")
    assert Case.objects.get(pk=running.pk).status == Case.Status.CLOSED  # closed: out of the counts
    assert_stored_counts_hold("2027-03-20", "2027-04-01")
    now.set("2027-04-01 12:00")
    assert rederive(Case.objects.all(), force=True).done == 3  # the batch path (and the generator's)
    assert_stored_counts_hold("2027-04-01", "2027-05-01")
    Case.objects.update(turn="")  # a derivation from scratch puts every turn back
    call_command("rederive", "--all", stdout=io.StringIO())
    assert_stored_counts_hold("2027-04-01")
    before = sorted(QueueCount.objects.filter(n__gt=0).values_list("body_id", "turn", "due", "n"))
    recount()  # a rebuild from the cases leaves what the triggers kept
    assert sorted(QueueCount.objects.filter(n__gt=0).values_list("body_id", "turn", "due", "n")) == before


def test_the_stored_counts_hold_after_the_generator(now, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    now.set("2027-06-01 10:00")
    call_command("generate", "--cases", "12", "--batch", "5", "--seed", "7", stdout=io.StringIO())
    assert Case.objects.count() == 12
    assert_stored_counts_hold("2027-06-01", "2027-07-15")
