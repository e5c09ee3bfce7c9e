"""Fixtures for the documents tests: the shared world, and a real SMTP server on loopback."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from factories import fast_password_hasher, now, world  # noqa: F401  (fixtures)


@dataclass
class Inbox:
    """What the SMTP server received; ``refuse`` makes it answer DATA with a temporary failure."""

    messages: list[EmailMessage] = field(default_factory=list)
    envelopes: list[Any] = field(default_factory=list)
    refuse: str = ""
    queued: int = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse:
            return self.refuse
        self.queued += 1
        self.envelopes.append(envelope)
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))  # type: ignore[arg-type]
        return f"250 2.0.0 Ok: queued as VNT{self.queued:04d}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp(settings: Any) -> Iterator[Inbox]:
    """A real SMTP server (aiosmtpd) on a free loopback port; Django's backend points at it."""
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "ventila.documents.mail.RecordingSMTPBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 5
    settings.DEFAULT_FROM_EMAIL = "Comisión de Ética <notificaciones@etica.example.org>"
    settings.VENTILA_BASE_URL = "http://testserver"
    try:
        yield inbox
    finally:
        controller.stop()


@pytest.fixture
def no_smtp(settings: Any) -> int:
    """Django's backend pointed at a loopback port where nothing listens."""
    port = free_port()
    settings.EMAIL_BACKEND = "ventila.documents.mail.RecordingSMTPBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_TIMEOUT = 2
    return port
