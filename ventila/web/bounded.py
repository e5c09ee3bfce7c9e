"""Every web request bounded in time (issue 30), on both databases, so that no single request holds a core
for minutes:

- **PostgreSQL**: each statement of a web process ends after ``VENTILA_STATEMENT_TIMEOUT_MS`` (default
  30,000; 0 turns it off): ``statement_timeout`` is set on each connection as it opens (once per
  connection, nothing per request), so the server itself cancels a runaway query.
- **SQLite** (no such setting): the database work of a request stops once ``VENTILA_REQUEST_TIMEOUT_SECONDS``
  (default 60, gunicorn's ``--timeout`` and the proxy's) have passed since it began — a progress handler
  checks the request's deadline, which :class:`RequestDeadlineMiddleware` sets.

Only web processes are bounded (``ventila.wsgi`` / ``ventila.asgi`` call :func:`enable`): the worker and
the commands (``ventila generate``, ``rederive``, ``import_records``) run as long as they need. A request cut
short answers 503 with a page in Spanish (never a traceback), and writes nothing: its transaction is rolled back.
"""

from __future__ import annotations

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


def statement_timeout_ms() -> int:
    return max(0, int(getattr(settings, "VENTILA_STATEMENT_TIMEOUT_MS", 30_000)))


def request_timeout_seconds() -> float:
    return max(0.0, float(getattr(settings, "VENTILA_REQUEST_TIMEOUT_SECONDS", 60)))


def enable() -> None:
    """Bound every database connection this process opens from now on (the web entry points call it)."""
    connection_created.connect(_connected, dispatch_uid="web.bounded")


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
        _local.deadline = time.monotonic() + seconds if seconds else None
        try:
            return self.get_response(request)
        finally:
            _local.deadline = None

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not timed_out(exception):
            return None
        response = HttpResponse(loader.get_template("web/errors/503.html").render({}), status=503)
        response["Retry-After"] = "60"
        return response
