"""Every web request bounded in time (issue 30), on both databases, so that no single request holds a core
for minutes:

- **PostgreSQL**: each statement of a web process ends after ``VENTILA_STATEMENT_TIMEOUT_MS`` (default
  30,000; 0 turns it off): ``statement_timeout`` is set on each connection as it opens (once per
  connection, nothing per request), so the server itself cancels a runaway query.
- **SQLite** (no such setting): the database work of a request stops once ``VENTILA_REQUEST_TIMEOUT_SECONDS``
  (default 60, gunicorn's ``--timeout`` and the proxy's) have passed since it began — a progress handler
  checks the request's deadline, which :class:`RequestDeadlineMiddleware` sets.

- **Python itself** (a loop no database bounds): under gunicorn a watchdog thread of each worker process
  looks every few seconds at the requests it is answering; one running for more than twice
  ``VENTILA_REQUEST_TIMEOUT_SECONDS`` makes it end its worker — SIGTERM (gunicorn stops taking requests and
  lets the others finish), then SIGKILL :data:`GRACE_SECONDS` later — and gunicorn's master starts a fresh
  one. (gunicorn's own ``--timeout`` does not: a gthread worker keeps heart-beating while a thread is busy.)

Only web processes are bounded (``ventila.wsgi`` / ``ventila.asgi`` call :func:`enable`): the worker and
the commands (``ventila generate``, ``rederive``, ``import_records``) run as long as they need. A request cut
short answers 503 with a page in Spanish (never a traceback), and writes nothing: its transaction is rolled back.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import OperationalError
from django.db.backends.signals import connection_created
from django.http import HttpRequest, HttpResponse
from django.template import loader

_local = threading.local()
SQLITE_CHECK_EVERY = 20_000  # SQLite virtual-machine steps between two looks at the clock
WATCH_EVERY = 5.0  # seconds between two looks of the watchdog
GRACE_SECONDS = 30.0  # after SIGTERM, the other requests of the worker have this long before SIGKILL
_running: dict[int, float] = {}  # thread → when its request began (monotonic)
_ending: list[float] = []  # when the watchdog sent SIGTERM
log = logging.getLogger("ventila.web")


def statement_timeout_ms() -> int:
    return max(0, int(getattr(settings, "VENTILA_STATEMENT_TIMEOUT_MS", 30_000)))


def request_timeout_seconds() -> float:
    return max(0.0, float(getattr(settings, "VENTILA_REQUEST_TIMEOUT_SECONDS", 60)))


def enable() -> None:
    """Bound every database connection this process opens from now on (the web entry points call it), and,
    under gunicorn, start the watchdog in each worker process."""
    connection_created.connect(_connected, dispatch_uid="web.bounded")
    if "gunicorn" in sys.modules:
        _start_watchdog()  # a worker that loaded the app itself (in the master, with --preload: nothing to watch)
        os.register_at_fork(after_in_child=_start_watchdog)  # each worker forked from a preloaded master


def _start_watchdog() -> None:
    _running.clear()
    threading.Thread(target=_watch, name="ventila-watchdog", daemon=True).start()


def _watch() -> None:
    while True:
        time.sleep(WATCH_EVERY)
        watch_once(time.monotonic())


def watch_once(now: float, kill: Callable[[int, int], None] = os.kill) -> int | None:
    """One look: the signal sent to this process (SIGTERM for a request past twice the bound, SIGKILL once
    the grace after it has passed), or None."""
    limit = 2 * request_timeout_seconds()
    if _ending:
        if now - _ending[0] > GRACE_SECONDS:
            kill(os.getpid(), signal.SIGKILL)
            return signal.SIGKILL
        return None
    oldest = min(_running.values(), default=None)
    if not limit or oldest is None or now - oldest <= limit:
        return None
    log.error("una petición lleva %.0f s (límite %.0f s): se termina este proceso de gunicorn", now - oldest, limit)
    _ending.append(now)
    kill(os.getpid(), signal.SIGTERM)
    return signal.SIGTERM


def _connected(sender: Any, connection: Any, **kw: Any) -> None:
    bound(connection)


def bound(connection: Any) -> None:
    """Bound an open connection: PostgreSQL's ``statement_timeout``; on SQLite the request's deadline."""
    if connection.vendor == "postgresql":
        ms = statement_timeout_ms()
        if ms:
            with connection.cursor() as cursor:
                cursor.execute("SELECT set_config('statement_timeout', %s, false)", [str(ms)])
    elif connection.vendor == "sqlite":
        connection.connection.set_progress_handler(_past_deadline, SQLITE_CHECK_EVERY)


def _past_deadline() -> int:
    deadline = getattr(_local, "deadline", None)
    return 1 if deadline is not None and time.monotonic() > deadline else 0  # non-zero: SQLite interrupts


def timed_out(exc: BaseException) -> bool:
    """Whether ``exc`` is a statement the database ended because its time ran out."""
    if not isinstance(exc, OperationalError):
        return False
    cause = exc.__cause__
    return type(cause).__name__ == "QueryCanceled" or str(exc).strip() == "interrupted"


class RequestDeadlineMiddleware:
    """Sets the request's deadline (SQLite's bound) and answers a request cut short by either bound with a
    503 in Spanish, without touching the database (its connection may be in a failed transaction)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seconds = request_timeout_seconds()
        started = time.monotonic()
        _local.deadline = started + seconds if seconds else None
        _running[threading.get_ident()] = started
        try:
            return self.get_response(request)
        finally:
            _local.deadline = None
            _running.pop(threading.get_ident(), None)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not timed_out(exception):
            return None
        response = HttpResponse(loader.get_template("web/errors/503.html").render({}), status=503)
        response["Retry-After"] = "60"
        return response
