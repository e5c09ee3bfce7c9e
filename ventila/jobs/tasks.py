"""The jobs. Each is run by the queue's worker (the library's); each can be run again (its worker died, a
second scheduler) without doing its work twice: the e-mail and reminder jobs check their own record first,
the sweeps only enqueue keyed jobs or do what is idempotent (re-derivation, the day's published head)."""

from __future__ import annotations

import datetime as dt
import io
import logging

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django_tasks import task

from ventila import clock
from ventila.audit import chain
from ventila.audit import state as audit_state
from ventila.cases.actions import rederive, stale_cases
from ventila.documents import actions as documents
from ventila.documents import reminders
from ventila.rules import PR_TZ
from ventila.stats import stored
from ventila.web import longwork

from .models import JobKey
from .queue import enqueue_once

log = logging.getLogger("ventila.jobs")


@task()
def rederive_stale(budget: float = 30.0) -> dict[str, int]:
    """Re-derive the cases left stale (a term passed, a closure, election or seat changed), in short batches
    for up to ``budget`` seconds; the rest stays stale for the next round."""
    now = clock.now()
    # A case's new state (a stage the law moved) is a version in the audit chain: who and why.
    with audit_state.acting(None, "Recálculo de los expedientes pendientes", name="ventila worker"):
        result = rederive(stale_cases(now), now=now, budget=budget)
    if result.done:
        log.info("expedientes recalculados: %s; pendientes: %s", result.done, result.remaining)
    return {"done": result.done, "remaining": result.remaining}


@task()
def keep_stats_current() -> int:
    """This year's statistics of each body recomputed before they age past ``VENTILA_STATS_OPEN_SECONDS``,
    and last year's public ones stored if missing (issue 30): the dashboard's and the public page's default
    views read a stored row instead of computing from the docket; how many were computed."""
    return stored.keep_current()


@task()
def publish_head() -> int | None:
    """The day's head of the audit chain on the public record (issue 32); once a day."""
    published = chain.publish_head(clock.now(), PR_TZ)
    if published is None:
        return None
    log.info("cabeza publicada: eslabón %s %s", published.seq, published.hash)
    return published.seq


@task()
def retry_deliveries() -> int:
    """One job per e-mail whose next attempt is due, keyed by the e-mail and its attempt; how many enqueued."""
    return sum(
        1
        for delivery_id, attempts in documents.due_deliveries()
        if enqueue_once(f"delivery:{delivery_id}:{attempts}", retry_delivery, delivery_id, attempts)
    )


@task()
def retry_delivery(delivery_id: int, attempts: int) -> bool | None:
    """The next attempt of one e-mail (none if it was made meanwhile); whether the server took it."""
    a = documents.retry_delivery(delivery_id, attempts)
    if a is None:
        return None
    state = "aceptado" if a.ok else "falló"
    log.info("envío %s a %s: %s · %s", a.delivery_id, a.recipient, state, a.server_answer)
    return a.ok


@task()
def send_reminders(day: str, days: int = reminders.DEFAULT_DAYS, force: bool = False) -> int:
    """The day's reminder sweep: one job per user, keyed by the user and the day (``force``: a new one even
    if the day's was sent, as ``ventila reminders --force`` asks); how many enqueued."""
    reminders.prepare(clock.now())
    suffix = f":forced:{clock.now().isoformat()}" if force else ""
    return sum(
        1
        for user_id in reminders.recipients()
        if enqueue_once(f"reminder:{user_id}:{day}{suffix}", remind, user_id, day, days, force)
    )


@task()
def remind(user_id: int, day: str, days: int = reminders.DEFAULT_DAYS, force: bool = False) -> int:
    """One user's reminder of the day, unless it was sent; the number of terms in it."""
    n = reminders.remind(user_id, dt.date.fromisoformat(day), days=days, force=force)
    if n:
        username = get_user_model().objects.filter(pk=user_id).values_list("username", flat=True).first()
        log.info("recordatorio a %s: %s términos", username, n)
    return n


@task()
def command(name: str) -> str:
    """A ``ventila`` command of the daily sweeps (sweep_compulsory_terms, filing_purge, purge_expired …)
    that were cron lines; what it printed."""
    out = io.StringIO()
    call_command(name, stdout=out)
    log.info("%s: %s", name, out.getvalue().strip()[:500])
    return out.getvalue()[-2000:]


@task()
def prune(days: int = 30) -> int:
    """The finished jobs and their keys older than ``days``, and the long works (imports, exports: issue 30) with
    their files; how many keys went."""
    call_command("prune_db_task_results", "--min-age-days", str(days), "--failed-min-age-days", str(days), verbosity=0)
    cutoff = clock.now() - dt.timedelta(days=days)
    longwork.prune(cutoff)
    return JobKey.objects.filter(enqueued_at__lt=cutoff).delete()[0]
