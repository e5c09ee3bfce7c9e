"""The engine's order of a docket's events: by day; within a day the timed events in time order and
a date-only event in its place — also when a date-only event stands between two timed ones."""

from __future__ import annotations

from typing import Any

from rule_input import ev

from ventila.rules.engine import order_events, parse_events
from ventila.rules.rulebooks import RULEBOOKS

FILED = ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-02-10")


def _order(*after_the_filing: dict[str, Any]) -> list[int]:
    """The engine's order of a House complaint's docket: the filing of 1 Mar 2027, then these events."""
    rulebook = RULEBOOKS["camara-171"]
    events = [FILED, *after_the_filing]
    return [e.index for e in order_events(parse_events(events, rulebook.kinds["complaint"], rulebook))]


def test_timed_events_of_a_day_are_put_in_time_order_across_a_date_only_event_between_them():
    notified, answered = ev("respondent_notified", "2027-03-02T15:00"), ev("answer_filed", "2027-03-02")
    assert _order(notified, answered, ev("extension_requested", "2027-03-02T09:00")) == [0, 3, 2, 1]


def test_a_docket_already_in_order_is_kept_as_it_is():
    notified, extension = ev("respondent_notified", "2027-03-02"), ev("extension_requested", "2027-03-02T09:00")
    assert _order(notified, extension, ev("answer_filed", "2027-03-03T11:00")) == [0, 1, 2, 3]


def test_a_later_day_recorded_first_goes_after_the_earlier_day():
    assert _order(ev("answer_filed", "2027-03-04"), ev("respondent_notified", "2027-03-02")) == [0, 2, 1]
