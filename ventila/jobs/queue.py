"""Enqueuing under a key, handing out again a dead worker's job, and running the ready jobs in this process.

The queue, its claims and its worker are the library's (``django_tasks_db``): a job is taken with ``SELECT …
FOR UPDATE SKIP LOCKED`` (PostgreSQL) or under SQLite's one write lock, marked running with the worker's id,
and run outside that transaction. What the library leaves to the application is here:

- :func:`enqueue_once`: a job per key (:class:`JobKey`), for the jobs two schedulers would otherwise
  enqueue twice;
- :func:`requeue_stalled`: the library marks a job running and never looks at it again; a worker killed
  mid-job (kill -9, a lost machine) leaves it so. A job running for longer than the lease
  (``VENTILA_JOB_LEASE_SECONDS``, far longer than any job takes) is made ready again, for any worker. The
  jobs are written to be run again: each checks its own record (the reminder log of the day, the e-mail's
  number of attempts) before it sends;
- :func:`run_ready`: the library's worker loop, one job at a time until none is ready, in this process
  (``ventila worker``, the tests) — the claim and the run are the library's own.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, OperationalError, transaction
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction, is_locked_database_exception

from .models import JobKey

log = logging.getLogger("ventila.jobs")

LIVE = {TaskResultStatus.READY, TaskResultStatus.RUNNING}


def enqueue_once(key: str, task: Any, *args: Any, repeat: bool = False) -> str | None:
    """Enqueue ``task(*args)`` unless the job of ``key`` is waiting or running — or, without ``repeat``,
    has already succeeded. A failed one is replaced. The new job's id, or None."""
    try:
        with transaction.atomic():
            previous = JobKey.objects.select_for_update().filter(key=key).values_list("task_id", flat=True).first()
            if previous is not None:
                status = DBTaskResult.objects.filter(id=previous).values_list("status", flat=True).first()
                if status in LIVE or (status == TaskResultStatus.SUCCESSFUL and not repeat):
                    return None
            result = task.enqueue(*args)
            JobKey.objects.update_or_create(
                key=key, defaults={"task_id": str(result.id), "enqueued_at": timezone.now()}
            )
            return str(result.id)
    except IntegrityError:  # another scheduler enqueued it at the same moment
        return None


def requeue_stalled(now: dt.datetime | None = None) -> int:
    """Make ready again the jobs running for longer than the lease (their worker died); how many."""
    cutoff = (now or timezone.now()) - dt.timedelta(seconds=settings.VENTILA_JOB_LEASE_SECONDS)
    n = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING, started_at__lt=cutoff).update(
        status=TaskResultStatus.READY
    )
    if n:
        log.warning("trabajos de un proceso que murió, de nuevo en la cola: %s", n)
    return n


def run_ready(worker_id: str | None = None, backend: str = "default") -> int:
    """Run the ready jobs, one at a time, until none is left (the ones they enqueue too); how many ran."""
    worker = Worker(
        queue_names=["*"],
        interval=0,
        batch=True,
        backend_name=backend,
        startup_delay=False,
        max_tasks=None,
        worker_id=worker_id or get_random_string(32),
        excluded_queue_names=[],
    )
    ran = 0
    while True:
        ready = DBTaskResult.objects.ready().filter(backend_name=backend)
        try:
            with exclusive_transaction(ready.db):
                job = ready.get_locked()
                if job is not None:
                    job.claim(worker.worker_id)
        except OperationalError as exc:
            if not is_locked_database_exception(exc):
                raise
            time.sleep(0.05)  # SQLite's write lock is taken: try again
            continue
        if job is None:
            return ran
        worker.run_task(job)
        ran += 1
