"""The one source of "now" for the web app, so tests can freeze time.

Code that needs the current moment calls :func:`now` (an aware datetime in Puerto Rico time) or
:func:`today`; tests call :func:`freeze` (a context manager) or :func:`set_now`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager

from ventila.rules import PR_TZ
from ventila.rules import start_of_day as start_of_day  # the one start-of-day, re-exported

_frozen: dt.datetime | None = None


def now() -> dt.datetime:
    """The current moment in Puerto Rico time (or the frozen one)."""
    if _frozen is not None:
        return _frozen
    return dt.datetime.now(PR_TZ)


def today() -> dt.date:
    return now().date()


def moment(day: dt.date, time: dt.time | None) -> tuple[dt.datetime, bool]:
    """When an act happened, from its date and its hour if known: (the instant in Puerto Rico time, whether
    the hour is known). Without an hour, the start of the day."""
    if time is None:
        return start_of_day(day), False
    return dt.datetime.combine(day, time, PR_TZ), True


def set_now(moment: dt.datetime | None) -> None:
    """Freeze "now" at ``moment`` (None un-freezes). ``moment`` must be aware."""
    global _frozen
    if moment is not None and moment.tzinfo is None:
        raise ValueError("set_now needs an aware datetime")
    _frozen = moment.astimezone(PR_TZ) if moment is not None else None


@contextmanager
def freeze(moment: dt.datetime) -> Iterator[dt.datetime]:
    previous = _frozen
    set_now(moment)
    try:
        yield moment
    finally:
        set_now(previous)
