"""Two ``ventila worker`` processes on one PostgreSQL never send a reminder twice: each user's reminder of the
day is claimed with ``SELECT … FOR UPDATE SKIP LOCKED`` (ventila/documents/claims.py) while it is sent."""

from __future__ import annotations

import asyncio
import threading
import time
from email import message_from_bytes, policy
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.db import connection
from factories import FrozenNow, file_complaint, make_world, record

from ventila.cases.db_triggers import purge_docket
from ventila.documents import claims
from ventila.documents.actions import do_order_delivery, process_due_deliveries
from ventila.documents.db_triggers import purge_documents
from ventila.documents.models import Delivery, DeliveryAttempt, ReminderLog
from ventila.documents.reminders import sweep

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
    if claims.can_claim():
        _side_by_side(process_due_deliveries)
    else:  # SQLite: one worker (docs/deploy.md)
        process_due_deliveries()
        process_due_deliveries()
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

    if not claims.can_claim():
        # SQLite: one machine, one worker (docs/deploy.md): no row locks to claim with; one sweep sends once.
        sweep()
        sweep()
    else:
        started = time.monotonic()
        _side_by_side(sweep)
        # The two sweeps ran side by side: the slow server's 0.3 s per message were not paid twice over.
        assert time.monotonic() - started < 0.3 * 2 * len(slow_smtp.to) + 5
    sent_to = sorted(slow_smtp.to)
    assert sent_to and len(sent_to) == len(set(sent_to))  # nobody got the day's reminder twice
    assert set(sent_to) <= set(recipients)
    assert ReminderLog.objects.count() == len(sent_to)
