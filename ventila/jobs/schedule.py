"""Which sweeps are due when. django-tasks has no periodic scheduler, so a round of ``ventila worker``
(or ``ventila enqueue`` from cron or a systemd timer) calls :func:`enqueue_due`: each sweep is enqueued
under a key of its period (``publish-head:2027-05-27``) or its name; the ones of every round (``repeat``)
again once their last run has finished; two schedulers at the same moment enqueue a sweep once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ventila import clock
from ventila.rules import PR_TZ

from . import tasks
from .queue import enqueue_once, requeue_stalled, run_ready

REMINDER_HOUR = 7  # Puerto Rico time: the day's reminders go out from this hour on


@dataclass(frozen=True)
class Sweep:
    name: str
    task: Any
    period: Callable[[dt.datetime, int], str | None]  # the key's period at a local time; None: not due yet
    args: Callable[[dt.datetime], tuple[Any, ...]] = lambda local: ()
    repeat: bool = False  # enqueued again once its last run finished, within its period (each round)


def every_round(local: dt.datetime, reminder_hour: int) -> str | None:
    return ""


def daily(local: dt.datetime, reminder_hour: int) -> str | None:
    return local.date().isoformat()


def hourly(local: dt.datetime, reminder_hour: int) -> str | None:
    return local.strftime("%Y-%m-%dT%H")


def reminder_day(local: dt.datetime, reminder_hour: int) -> str | None:
    return local.date().isoformat() if local.hour >= reminder_hour else None


SWEEPS = [
    Sweep("rederive", tasks.rederive_stale, every_round, repeat=True),
    Sweep("publish-head", tasks.publish_head, daily),
    Sweep("deliveries", tasks.retry_deliveries, every_round, repeat=True),
    Sweep("stats", tasks.keep_stats_current, every_round, repeat=True),
    # Each round of the day from the reminder hour: the users' jobs are keyed by the day, so only the ones
    # not sent yet (a refused message) are enqueued again.
    Sweep("reminders", tasks.send_reminders, reminder_day, lambda local: (local.date().isoformat(),), repeat=True),
    Sweep("sweep_compulsory_terms", tasks.command, daily, lambda local: ("sweep_compulsory_terms",)),
    Sweep("sweep_tenures", tasks.command, daily, lambda local: ("sweep_tenures",)),
    Sweep("filing_purge", tasks.command, hourly, lambda local: ("filing_purge",)),
    Sweep("purge_expired", tasks.command, daily, lambda local: ("purge_expired",)),
    Sweep("prune", tasks.prune, daily),
]
NAMES = [s.name for s in SWEEPS]


def enqueue_due(
    *,
    now: dt.datetime | None = None,
    only: Iterable[str] | None = None,
    skip: Iterable[str] = (),
    reminder_hour: int = REMINDER_HOUR,
    rederive_seconds: float | None = None,
) -> list[str]:
    """Hand out again the jobs of dead workers, then enqueue the sweeps that are due; their names."""
    requeue_stalled()
    local = (now or clock.now()).astimezone(PR_TZ)
    wanted = set(NAMES if only is None else only) - set(skip)
    enqueued = []
    for sweep in SWEEPS:
        period = sweep.period(local, reminder_hour) if sweep.name in wanted else None
        if period is None:
            continue
        args = sweep.args(local)
        if sweep.name == "rederive" and rederive_seconds is not None:
            args = (rederive_seconds,)
        key = f"{sweep.name}:{period}" if period else sweep.name
        if enqueue_once(key, sweep.task, *args, repeat=sweep.repeat):
            enqueued.append(sweep.name)
    return enqueued


def run_now(*names: str, reminder_hour: int = REMINDER_HOUR) -> list[str]:
    """Enqueue the named sweeps (all when none is named) and run the queue in this process until it is
    empty: one round of ``ventila worker``; the sweeps enqueued."""
    enqueued = enqueue_due(only=names or None, reminder_hour=reminder_hour)
    run_ready()
    return enqueued
