"""What every request of the public form reads and almost never changes, kept per process.

The bodies (looked up by slug on every step), the register of office holders (the respondent step's
choices and the submission), and the closure and election days that move terms. Each server process
keeps them until a **version stamp** changes: any save or delete of a body, an office term, a person, a
closure day or an election day — through the ORM, in any process or on any node — writes a new stamp
into Django's shared cache (``CACHES["default"]``: the database cache on one machine, Redis when
``VENTILA_CACHE_URL`` says so; settings.py) and bumps this process's generation at once. Reading the
stamp is one cache read per request; the stamp is written again once the transaction commits, so that
no process caches what it read before the commit.
A change made behind the ORM (SQL by hand) is picked up after :data:`MAX_AGE` seconds at most.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import transaction

log = logging.getLogger(__name__)

MAX_AGE = 300.0  # seconds: the longest a value is kept even when the stamp does not change
T = TypeVar("T")

_lock = threading.Lock()
_values: dict[Any, tuple[tuple[int, str], float, Any]] = {}
_generation = [0]


STAMP_KEY = "ventila:stamp:registro"


def stamp() -> tuple[int, str]:
    """This process's generation and the shared stamp (empty when none was written yet)."""
    try:
        shared = str(cache.get(STAMP_KEY) or "")
    except Exception as exc:  # the cache is down: MAX_AGE still bounds how long a value is kept
        log.warning("could not read the cache stamp: %s", exc)
        shared = ""
    return _generation[0], shared


def _write_stamp() -> None:
    try:
        cache.set(STAMP_KEY, uuid.uuid4().hex, None)
    except Exception as exc:  # the request goes on: MAX_AGE still bounds how long another process keeps the old value
        log.warning("could not write the cache stamp: %s", exc)


def bump(**_kwargs: Any) -> None:
    """A registered model changed: forget now (this process) and tell the others (now and at commit)."""
    with _lock:
        _generation[0] += 1
        _values.clear()
    _write_stamp()
    transaction.on_commit(_write_stamp)


def cached(key: Any, build: Callable[[], T]) -> T:
    """``build()``'s value, computed once per process until the stamp changes (or MAX_AGE passes)."""
    current = stamp()
    now = time.monotonic()
    hit = _values.get(key)
    if hit is not None and hit[0] == current and now - hit[1] < MAX_AGE:
        return hit[2]
    value = build()
    with _lock:
        if _generation[0] == current[0]:
            _values[key] = (current, now, value)
    return value
