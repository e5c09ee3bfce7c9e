"""A per-address rate limit kept in the database, so every server process sees the same count.

Fixed windows: one row per (action:address, window); the increment is a single UPDATE (or an
INSERT the first time), atomic on SQLite and PostgreSQL alike, so two processes can never both
take the last slot.
"""

from __future__ import annotations

import time

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest

from .models import RateCounter


def client_address(request: HttpRequest) -> str:
    """The address the request came from (``REMOTE_ADDR``: a proxy in front must set it)."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")[:64]


def hit(action: str, address: str, limit: int, window: int, *, now: float | None = None) -> tuple[bool, int]:
    """Count one attempt; return (allowed, seconds until the window ends)."""
    moment = time.time() if now is None else now
    index = int(moment // window)
    key = f"{action}:{address}"[:120]
    with transaction.atomic():
        updated = RateCounter.objects.filter(key=key, window=index).update(count=F("count") + 1)
        if not updated:
            try:
                with transaction.atomic():
                    RateCounter.objects.create(key=key, window=index, count=1)
            except IntegrityError:
                RateCounter.objects.filter(key=key, window=index).update(count=F("count") + 1)
        count = RateCounter.objects.filter(key=key, window=index).values_list("count", flat=True).get()
    remaining = int((index + 1) * window - moment) + 1
    return count <= limit, remaining


def peek(action: str, address: str, limit: int, window: int, *, now: float | None = None) -> bool:
    """Whether one more attempt would be allowed, without counting it."""
    moment = time.time() if now is None else now
    key = f"{action}:{address}"[:120]
    count = RateCounter.objects.filter(key=key, window=int(moment // window)).values_list("count", flat=True).first()
    return (count or 0) < limit
