"""The rows the migrations seed (the election days 2024–2036) are there for every test, also for one a worker
runs after a transactional test, whose end empties every table (tests/conftest.py puts them back). Both
tests are transactional (pytest-django runs those after the others, in their order) and run on one worker
(a file is one worker's group): the second starts after the first one's flush."""

from __future__ import annotations

import pytest

from ventila.bodies.models import ElectionDay
from ventila.rules import RULEBOOKS


def _seeded() -> set[tuple[str, object]]:
    return {(e.kind, e.date) for rulebook in RULEBOOKS.values() for e in rulebook.elections}


@pytest.mark.django_db(transaction=True)
def test_a_transactional_test_sees_the_seeded_election_days() -> None:
    assert _seeded() <= set(ElectionDay.objects.values_list("kind", "day"))


@pytest.mark.django_db(transaction=True)
def test_the_next_test_sees_them_again_after_the_flush() -> None:
    assert _seeded() <= set(ElectionDay.objects.values_list("kind", "day"))
