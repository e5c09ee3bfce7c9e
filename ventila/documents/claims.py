"""Claiming a job's row so that two workers never do the same job (``ventila worker`` on several machines).

On PostgreSQL a job is claimed with ``SELECT … FOR UPDATE SKIP LOCKED`` in a transaction held while the job
runs: another worker skips a row that is claimed and, once the claim commits, sees the job done (a reminder's
log, a delivery's attempt); a worker killed mid-job loses its claim with its connection, and the job is due
again for the next round. SQLite (one machine) has no row locks: there the job runs without a claim, as one
worker — holding SQLite's single write lock during an SMTP exchange would stop every filing meanwhile.

Why a claim and not a queue library (procrastinate, django-tasks' database backend): the jobs already live in
the database (a delivery's ``next_attempt_at``, a user's ``ReminderLog`` of the day, the stale cases), so the
one thing missing for several workers was that two of them never take the same one — a row lock does that, with
no new tables, worker process or dependency. procrastinate runs on PostgreSQL only, and a one-machine install
must keep working on SQLite; moving the cron lines into a library's scheduler is left for later.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection, transaction
from django.db.models import Model, QuerySet


def can_claim() -> bool:
    return bool(connection.features.has_select_for_update_skip_locked)


@contextmanager
def claim(queryset: QuerySet[Any]) -> Iterator[Model | None]:
    """The first row of ``queryset``, locked for this worker until the block ends (None: another worker holds
    it, or it is no longer there). Without row locks (SQLite) the row, unlocked."""
    if not can_claim():
        yield queryset.first()
        return
    with transaction.atomic():
        yield queryset.select_for_update(skip_locked=True, of=("self",)).first()
