"""The engine's order of a docket's events: by day; within a day the timed events in time order and
a date-only event in its place — also when a date-only event stands between two timed ones."""

from __future__ import annotations

from ventila.rules.engine import order_events, parse_events
from ventila.rules.rulebooks import RULEBOOKS


def _order(events: list[dict[str, str]]) -> list[int]:
    rulebook = RULEBOOKS["camara-171"]
    return [e.index for e in order_events(parse_events(events, rulebook.kinds["complaint"], rulebook))]


def test_timed_events_of_a_day_are_put_in_time_order_across_a_date_only_event_between_them():
    events = [
        {"type": "complaint_filed", "at": "2027-03-01T10:15", "knowledge_date": "2027-02-10"},
        {"type": "respondent_notified", "at": "2027-03-02T15:00"},
        {"type": "answer_filed", "at": "2027-03-02"},
        {"type": "extension_requested", "at": "2027-03-02T09:00"},
    ]
    assert _order(events) == [0, 3, 2, 1]


def test_a_docket_already_in_order_is_kept_as_it_is():
    events = [
        {"type": "complaint_filed", "at": "2027-03-01T10:15", "knowledge_date": "2027-02-10"},
        {"type": "respondent_notified", "at": "2027-03-02"},
        {"type": "extension_requested", "at": "2027-03-02T09:00"},
        {"type": "answer_filed", "at": "2027-03-03T11:00"},
    ]
    assert _order(events) == [0, 1, 2, 3]


def test_a_later_day_recorded_first_goes_after_the_earlier_day():
    events = [
        {"type": "complaint_filed", "at": "2027-03-01T10:15", "knowledge_date": "2027-02-10"},
        {"type": "answer_filed", "at": "2027-03-04"},
        {"type": "respondent_notified", "at": "2027-03-02"},
    ]
    assert _order(events) == [0, 2, 1]
