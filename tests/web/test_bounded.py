"""Every web request bounded in time (issue 30): on PostgreSQL the server cancels a statement past
``VENTILA_STATEMENT_TIMEOUT_MS``, on SQLite a request's database work stops past
``VENTILA_REQUEST_TIMEOUT_SECONDS``; either way the person gets a 503 in Spanish, never a traceback."""

from __future__ import annotations

import os
import signal
import threading

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


def test_a_request_past_twice_the_bound_ends_its_gunicorn_worker(settings, monkeypatch):
    """A request that no database bounds (a Python loop) makes the watchdog end its worker process: SIGTERM past
    twice ``VENTILA_REQUEST_TIMEOUT_SECONDS`` (gunicorn lets the other requests finish), SIGKILL after the grace."""
    settings.VENTILA_REQUEST_TIMEOUT_SECONDS = 60
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(bounded, "_running", {1: 1000.0, 2: 1100.0})
    monkeypatch.setattr(bounded, "_ending", [])

    def kill(pid: int, sig: int) -> None:
        sent.append((pid, sig))

    assert bounded.watch_once(1000.0 + 120, kill) is None  # at the bound: not yet
    assert bounded.watch_once(1000.0 + 121, kill) == signal.SIGTERM
    assert bounded.watch_once(1000.0 + 121 + bounded.GRACE_SECONDS, kill) is None
    assert bounded.watch_once(1000.0 + 122 + bounded.GRACE_SECONDS, kill) == signal.SIGKILL
    assert sent == [(os.getpid(), signal.SIGTERM), (os.getpid(), signal.SIGKILL)]


def test_the_middleware_tells_the_watchdog_which_requests_are_running(monkeypatch):
    monkeypatch.setattr(bounded, "_running", {})
    seen = {}

    def view(request):
        seen.update(bounded._running)
        return HttpResponse("done")

    bounded.RequestDeadlineMiddleware(view)(RequestFactory().get("/"))
    assert list(seen) == [threading.get_ident()] and bounded._running == {}
