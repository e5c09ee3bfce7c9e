"""Two workers of the jobs' queue (django-tasks' database backend, ventila/jobs) never send a reminder or an
e-mail's attempt twice: the library's worker takes each job with ``SELECT … FOR UPDATE SKIP LOCKED`` on
PostgreSQL (SQLite: its one write lock), each is enqueued once under its key, and a job whose worker died is
run again after the lease without sending twice."""

from __future__ import annotations

import asyncio
import threading
import time
from email import message_from_bytes, policy
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.db import connection
from django.utils.timezone import now as django_now
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from factories import FrozenNow, file_complaint, make_world, record

from ventila.cases.db_triggers import purge_docket
from ventila.documents.actions import do_order_delivery
from ventila.documents.db_triggers import purge_documents
from ventila.documents.models import Delivery, DeliveryAttempt, ReminderLog
from ventila.jobs import schedule, tasks
from ventila.jobs.models import JobKey
from ventila.jobs.queue import enqueue_once, requeue_stalled, run_ready

from .conftest import free_port


class SlowInbox:
    """An SMTP server that takes its time over each message, so that two workers' sweeps overlap."""

    def __init__(self) -> None:
        self.to: list[str] = []
        self.refuse = ""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse:
            return self.refuse
        await asyncio.sleep(0.3)
        self.to.append(str(message_from_bytes(envelope.content, policy=policy.default)["To"]))
        return "250 2.0.0 Ok"


@pytest.fixture
def slow_smtp(settings: Any) -> Any:
    inbox = SlowInbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "ventila.documents.mail.RecordingSMTPBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", port, 5
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    yield inbox
    controller.stop()


@pytest.fixture
def committed_world(transactional_db: Any) -> Any:
    n = FrozenNow()
    n.set("2027-03-01 11:00")
    world = make_world()
    yield world, n
    n.set(None)
    DBTaskResult.objects.all().delete()
    JobKey.objects.all().delete()
    purge_documents(connection)  # before the docket their rows point at
    purge_docket(connection)


def _side_by_side(job: Any) -> None:
    """``job`` in two threads (two workers, each with its own database connection) started together."""
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            barrier.wait()
            job()
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors


def test_two_workers_retry_each_due_e_mail_once(committed_world, slow_smtp):
    from documents.helpers import issue

    world, now = committed_world
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    slow_smtp.refuse = "451 4.3.0 Mailbox temporarily unavailable"
    now.set("2027-03-01 15:00")
    deliveries = [
        do_order_delivery(
            user=world.users["secretaria"],
            document=doc,
            role="respondent",
            name="Rafael",
            email=f"rafael{i}@example.org",
            method="email_link",
        )
        for i in range(3)
    ]
    assert all(d.status == Delivery.Status.RETRYING for d in deliveries)
    slow_smtp.refuse = ""
    now.set("2027-03-01 15:06")
    schedule.enqueue_due(only=["deliveries"])
    schedule.enqueue_due(only=["deliveries"])  # a second scheduler (cron on another node) enqueues nothing more
    _side_by_side(run_ready)  # two workers (on SQLite too: the library takes each job under the write lock)
    assert sorted(slow_smtp.to) == [f"rafael{i}@example.org" for i in range(3)]  # each once
    for d in deliveries:
        d.refresh_from_db()
        assert d.status == Delivery.Status.SENT and d.attempts == 2
    assert DeliveryAttempt.objects.filter(ok=True).count() == 3


def test_two_workers_send_each_reminder_once(committed_world, slow_smtp):
    world, now = committed_world
    recipients = []
    for name in ("secretaria", "comisionado", "secretaria_municipal"):
        u = world.users[name]
        u.email = f"{name}@example.org"
        u.save(update_fields=["email"])
        recipients.append(u.email)
    case = file_complaint(world)
    now.set("2027-03-03 18:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-20 07:30")

    schedule.enqueue_due(only=["reminders"])
    schedule.enqueue_due(only=["reminders"])  # two schedulers: one sweep of the day
    started = time.monotonic()
    _side_by_side(run_ready)
    sent_to = sorted(slow_smtp.to)
    assert sent_to and len(sent_to) == len(set(sent_to))  # nobody got the day's reminder twice
    assert set(sent_to) <= set(recipients)
    assert ReminderLog.objects.count() == len(sent_to)
    if connection.vendor == "postgresql":  # the two workers sent side by side: 0.3 s a message not paid twice
        assert time.monotonic() - started < 0.3 * 2 * len(sent_to) + 5
    # The next round's sweep of the day enqueues no user's job: each one of the day succeeded.
    schedule.run_now("reminders")
    assert ReminderLog.objects.count() == len(slow_smtp.to) == len(sent_to)


def _secretaria_with_a_term(committed_world: Any) -> Any:
    """The secretary, with an e-mail address and a case whose answer term runs; the clock on Mar 20, 07:30."""
    world, now = committed_world
    u = world.users["secretaria"]
    u.email = "secretaria@example.org"
    u.save(update_fields=["email"])
    case = file_complaint(world)
    now.set("2027-03-03 18:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-20 07:30")
    return u, now


def test_a_dead_workers_reminder_runs_again_after_the_lease_and_is_sent_once(committed_world, slow_smtp, settings):
    u, now = _secretaria_with_a_term(committed_world)
    day = "2027-03-20"
    job = enqueue_once(f"reminder:{u.pk}:{day}", tasks.remind, u.pk, day)
    assert job and enqueue_once(f"reminder:{u.pk}:{day}", tasks.remind, u.pk, day) is None  # one job per key
    # Its worker took it and was killed (-9) before it sent anything: the job stays "running".
    DBTaskResult.objects.filter(id=job).update(status=TaskResultStatus.RUNNING, started_at=django_now())
    assert run_ready() == 0 and requeue_stalled() == 0  # within the lease: nobody else takes it
    settings.VENTILA_JOB_LEASE_SECONDS = 0
    assert requeue_stalled() == 1
    assert run_ready() == 1 and slow_smtp.to == ["secretaria@example.org"]
    # Killed again after the message left and its log was written: run again, it sends nothing.
    DBTaskResult.objects.filter(id=job).update(status=TaskResultStatus.RUNNING)
    assert requeue_stalled() == 1 and run_ready() == 1
    assert slow_smtp.to == ["secretaria@example.org"] and ReminderLog.objects.count() == 1


def test_a_refused_reminder_fails_its_job_and_the_next_sweep_tries_again(committed_world, slow_smtp):
    u, now = _secretaria_with_a_term(committed_world)
    slow_smtp.refuse = "451 4.3.0 Mailbox temporarily unavailable"
    schedule.run_now("reminders")
    assert DBTaskResult.objects.filter(status=TaskResultStatus.FAILED, task_path__endswith=".remind").count() == 1
    assert not ReminderLog.objects.exists()
    slow_smtp.refuse = ""
    now.set("2027-03-20 09:30")
    schedule.run_now("reminders")
    assert slow_smtp.to == ["secretaria@example.org"] and ReminderLog.objects.count() == 1
