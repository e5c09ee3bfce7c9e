"""Every web request bounded in time (issue 30): on PostgreSQL the server cancels a statement past
``VENTILA_STATEMENT_TIMEOUT_MS``, on SQLite a request's database work stops past
``VENTILA_REQUEST_TIMEOUT_SECONDS``; either way the person gets a 503 in Spanish, never a traceback."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.http import HttpResponse
from django.test import RequestFactory

from ventila.web import bounded

pytestmark = pytest.mark.django_db

SLOW = {
    "postgresql": "SELECT pg_sleep(3)",
    "sqlite": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 50000000) SELECT count(*) FROM c",
}


def _slow_view(request):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(SLOW[connection.vendor])
    return HttpResponse("done")


def test_a_runaway_request_is_cut_short_with_a_503_in_spanish(settings):
    settings.VENTILA_STATEMENT_TIMEOUT_MS = 50
    settings.VENTILA_REQUEST_TIMEOUT_SECONDS = 0.05
    connection.ensure_connection()
    bounded.bound(connection)  # what a web process does to each connection it opens
    try:
        response = bounded.RequestDeadlineMiddleware(_slow_view)
        request = RequestFactory().get("/")
        try:
            result = response(request)
        except Exception as exc:  # what Django's handler does: the middleware's process_exception
            result = response.process_exception(request, exc)
        assert result is not None and result.status_code == 503
        assert "La consulta tardó demasiado" in result.content.decode() and result["Retry-After"] == "60"
        with connection.cursor() as cursor:  # the connection still works for the next request
            cursor.execute("SELECT 1")
            assert cursor.fetchone() == (1,)
    finally:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT set_config('statement_timeout', '0', false)")
        else:
            connection.connection.set_progress_handler(None, 0)


def test_other_database_errors_are_not_taken_for_a_timeout():
    from django.db import IntegrityError, OperationalError

    assert not bounded.timed_out(OperationalError("database is locked"))
    assert not bounded.timed_out(IntegrityError("duplicate"))
