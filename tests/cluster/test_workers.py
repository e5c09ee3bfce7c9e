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
from ventila.documents.models import ReminderLog
from ventila.documents.reminders import sweep

from .conftest import free_port


class SlowInbox:
    """An SMTP server that takes its time over each message, so that two workers' sweeps overlap."""

    def __init__(self) -> None:
        self.to: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
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
    purge_docket(connection)


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

    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            barrier.wait()
            sweep()
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    if not claims.can_claim():
        # SQLite: one machine, one worker (docs/deploy.md): no row locks to claim with; one sweep sends once.
        sweep()
        sweep()
    else:
        started = time.monotonic()
        threads = [threading.Thread(target=worker) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert not errors, errors
        # The two sweeps ran side by side: the slow server's 0.3 s per message were not paid twice over.
        assert time.monotonic() - started < 0.3 * 2 * len(slow_smtp.to) + 5
    sent_to = sorted(slow_smtp.to)
    assert sent_to and len(sent_to) == len(set(sent_to))  # nobody got the day's reminder twice
    assert set(sent_to) <= set(recipients)
    assert ReminderLog.objects.count() == len(sent_to)
