"""Shared by every test directory: the test database is dropped cleanly at the end of the run."""

from __future__ import annotations

import pytest
from django.db import connection


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):  # noqa: ANN001, ANN201 - pytest-django's own fixture, extended
    """pytest-django's test database, and at the end of the run, on PostgreSQL, the sessions other threads
    left open on it (the browser tests' live server) ended first, so that dropping it does not fail with
    "being accessed by other users" and leave it behind on the server."""
    yield
    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
