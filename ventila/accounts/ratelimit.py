"""The project's one rate limiter: fixed windows, shared by every server process and node.

Every limit of ventila counts here — the public form (filings, follow-up keys, added evidence), the
API (per token, and per address for requests without a valid token) — keyed ``action:subject``
(the subject: the client's address as :func:`ventila.accounts.client.client_address` sees it, or a
token's digest). The failed sign-ins are not counted here: their limits are read from the sign-in
history (:mod:`ventila.accounts.throttle`), which the user sees on «Mi cuenta».

Where the counts live is a setting, ``VENTILA_RATE_LIMIT_BACKEND``:

- ``database`` (the default): one row per (key, window) in :class:`~ventila.accounts.models.RateCounter`.
  The increment is a single upsert statement (``INSERT … ON CONFLICT … DO UPDATE … RETURNING``),
  atomic on SQLite and PostgreSQL alike, so two processes can never both take the last slot. A
  counter whose window has ended is deleted by :func:`purge` (``ventila purge_expired``, daily) and
  the client's own when it comes back.
- ``cache``: the Django cache named by ``VENTILA_RATE_LIMIT_CACHE`` (a ``CACHES`` alias, ``default``
  unless set), for a cache every node shares whose increment is atomic (Redis, Memcached). A cache
  private to each process (``LocMemCache``) would give each worker its own count: production
  refuses it (``ventila/settings.py``).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest

from .client import client_address
from .models import RateCounter

BACKENDS = ("database", "cache")


def backend() -> str:
    name = str(getattr(settings, "VENTILA_RATE_LIMIT_BACKEND", "database") or "database")
    if name not in BACKENDS:
        raise ValueError(f"VENTILA_RATE_LIMIT_BACKEND: {name!r} (one of {', '.join(BACKENDS)})")
    return name


def address(request: HttpRequest) -> str:
    """The subject of a per-address limit: the client's address (``unknown`` without one)."""
    return client_address(request) or "unknown"


def parse_rate(text: str, default_window: int = 3600) -> tuple[int, int]:
    """``"5/3600"`` → (5, 3600): how many per how many seconds."""
    count, _sep, window = str(text).partition("/")
    return int(count), int(window or default_window)


def _key(action: str, subject: str) -> str:
    return f"{action}:{subject}"[:120]


class RateLimited(Exception):
    """A client reached a limit: ``limit`` attempts a window; ``wait``, the seconds until its window ends."""

    def __init__(self, limit: int, wait: int) -> None:
        super().__init__(limit, wait)
        self.limit = limit
        self.wait = wait

    @property
    def minutes(self) -> int:
        """The wait in whole minutes, at least one (what a message tells the person)."""
        return max(1, (self.wait + 59) // 60)


def check(action: str, subject: str, rate: tuple[int, int], *, now: float | None = None) -> None:
    """Count one attempt of ``subject`` at ``action`` against ``rate`` (how many, per how many seconds):
    :func:`hit`, raising :class:`RateLimited` past the limit."""
    limit, window = rate
    allowed, wait = hit(action, subject, limit, window, now=now)
    if not allowed:
        raise RateLimited(limit, wait)


def hit(action: str, subject: str, limit: int, window: int, *, now: float | None = None) -> tuple[bool, int]:
    """Count one attempt of ``subject`` at ``action``; return (allowed, seconds until the window ends)."""
    moment = time.time() if now is None else now
    index = int(moment // window)
    end = (index + 1) * window
    key = _key(action, subject)
    if backend() == "cache":
        count = _cache_increment(key, index, window)
    else:
        count = _increment(key, index, end)
        if count == 1:  # the first attempt of a new window: this client's earlier windows are over
            RateCounter.objects.filter(key=key, window__lt=index).delete()
    return count <= limit, int(end - moment) + 1


def peek(action: str, subject: str, limit: int, window: int, *, now: float | None = None) -> bool:
    """Whether one more attempt would be allowed, without counting it."""
    moment = time.time() if now is None else now
    index = int(moment // window)
    key = _key(action, subject)
    if backend() == "cache":
        count = caches[_cache_alias()].get(f"ventila-rate:{key}:{index}")
    else:
        count = RateCounter.objects.filter(key=key, window=index).values_list("count", flat=True).first()
    return int(count or 0) < limit


def purge(*, now: float | None = None) -> int:
    """Delete every counter whose window has ended; return how many (a cache forgets them by itself)."""
    if backend() == "cache":
        return 0
    moment = time.time() if now is None else now
    return int(RateCounter.objects.filter(expires__lte=int(moment)).delete()[0])


def _increment(key: str, index: int, end: int) -> int:
    """Add one to the (key, window) row, creating it the first time; return the new count. One
    statement (an upsert), atomic on SQLite and PostgreSQL alike."""
    table = connection.ops.quote_name(RateCounter._meta.db_table)
    q = connection.ops.quote_name
    # Only the model's own table and column names go into the text (quoted by the backend); the key, the
    # window and its end are parameters.
    sql = (
        f"INSERT INTO {table} ({q('key')}, {q('window')}, {q('count')}, {q('expires')}) "  # nosec B608
        f"VALUES (%s, %s, 1, %s) "
        f"ON CONFLICT ({q('key')}, {q('window')}) DO UPDATE SET {q('count')} = {table}.{q('count')} + 1 "
        f"RETURNING {q('count')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, index, end])
        return int(cursor.fetchone()[0])


def _cache_alias() -> str:
    return str(getattr(settings, "VENTILA_RATE_LIMIT_CACHE", "default") or "default")


def _cache_increment(key: str, index: int, window: int) -> int:
    cache = caches[_cache_alias()]
    name = f"ventila-rate:{key}:{index}"
    cache.add(name, 0, window + 60)
    try:
        return int(cache.incr(name))
    except ValueError:  # evicted between add and incr: this is its first count again
        cache.add(name, 1, window + 60)
        return 1
