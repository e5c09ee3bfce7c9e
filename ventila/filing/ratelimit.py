"""A per-client rate limit kept in the database, so every server process sees the same count.

Fixed windows: one row per (action:address, window); the increment is a single upsert statement
(``INSERT … ON CONFLICT … DO UPDATE … RETURNING``), atomic on SQLite and PostgreSQL alike, so two
processes can never both take the last slot. The address is the client's as the sign-in throttle
sees it (:func:`ventila.accounts.client.client_address`: behind the reverse proxy, its header), never
the proxy's. A counter whose window has ended is deleted: the client's own when it comes back
(:func:`hit`), everyone's by :func:`purge` (``ventila filing_purge``).
"""

from __future__ import annotations

import time

from django.db import connection
from django.http import HttpRequest

from ventila.accounts.client import client_address as _client_address

from . import conf
from .models import RateCounter


def client_address(request: HttpRequest) -> str:
    """The client's address (the one function the sign-in throttle uses too); ``unknown`` without one."""
    return _client_address(request) or "unknown"


def hit(action: str, address: str, limit: int, window: int, *, now: float | None = None) -> tuple[bool, int]:
    """Count one attempt; return (allowed, seconds until the window ends)."""
    moment = time.time() if now is None else now
    index = int(moment // window)
    key = f"{action}:{address}"[:120]
    count = _increment(key, index)
    if count == 1:  # the first attempt of a new window: this client's earlier windows are over
        RateCounter.objects.filter(key=key, window__lt=index).delete()
    remaining = int((index + 1) * window - moment) + 1
    return count <= limit, remaining


def _increment(key: str, index: int) -> int:
    """Add one to the (key, window) row, creating it the first time; return the new count. One
    statement (an upsert), atomic on SQLite and PostgreSQL alike."""
    table = connection.ops.quote_name(RateCounter._meta.db_table)
    q = connection.ops.quote_name
    # Only the model's own table and column names go into the text (quoted by the backend); the key and
    # the window are parameters.
    sql = (
        f"INSERT INTO {table} ({q('key')}, {q('window')}, {q('count')}) VALUES (%s, %s, 1) "  # nosec B608
        f"ON CONFLICT ({q('key')}, {q('window')}) DO UPDATE SET {q('count')} = {table}.{q('count')} + 1 "
        f"RETURNING {q('count')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, index])
        return int(cursor.fetchone()[0])


def peek(action: str, address: str, limit: int, window: int, *, now: float | None = None) -> bool:
    """Whether one more attempt would be allowed, without counting it."""
    moment = time.time() if now is None else now
    key = f"{action}:{address}"[:120]
    count = RateCounter.objects.filter(key=key, window=int(moment // window)).values_list("count", flat=True).first()
    return (count or 0) < limit


def purge(*, now: float | None = None) -> int:
    """Delete every counter whose window has ended (each action with its own window); return how many."""
    moment = time.time() if now is None else now
    removed = 0
    for action, (_limit, window) in conf.rates().items():
        removed += RateCounter.objects.filter(key__startswith=f"{action}:", window__lt=int(moment // window)).delete()[
            0
        ]
    return removed
