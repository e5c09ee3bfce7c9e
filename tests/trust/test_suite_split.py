"""Issue 25: ``./run test`` runs the database tests on SQLite and PostgreSQL and everything else once.

The PostgreSQL pass selects ``-m db``; the mark is given by ``tests/conftest.py`` to every test that asks for a
database. These tests check that the split cannot lose a database test: a test that asks for no database
cannot reach one (pytest-django's blocker), and every test of this run that asks for one carries the mark.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import uses_database
from django.db import connection


def test_a_test_without_a_database_fixture_cannot_reach_the_database() -> None:
    with pytest.raises(RuntimeError, match="Database access not allowed"):
        connection.ensure_connection()


def test_every_test_that_asks_for_a_database_is_in_the_postgresql_pass(request: Any) -> None:
    items = request.session.items
    database = [item for item in items if uses_database(item)]
    unmarked = [item.nodeid for item in database if item.get_closest_marker("db") is None]
    assert unmarked == []
    # The web app's tests ask for one (when this run collected any), the rules engine's never do.
    web = [item for item in items if item.nodeid.startswith("tests/web/")]
    assert not web or any(uses_database(item) for item in web)
    assert not any(item.nodeid.startswith("tests/rules/") for item in database)


@pytest.mark.django_db
def test_a_test_with_the_django_db_mark_is_marked_db(request: Any) -> None:
    assert request.node.get_closest_marker("db") is not None
    assert connection.vendor in ("sqlite", "postgresql")


def test_a_test_without_one_is_not(request: Any) -> None:
    assert request.node.get_closest_marker("db") is None
