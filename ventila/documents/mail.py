"""E-mail through Django's SMTP backend, keeping the server's answer to each message.

Django's backend discards what the server says after DATA (``250 2.0.0 Ok: queued as …``); the
proof of service needs it. :class:`RecordingSMTPBackend` sends each message with the same
``MAIL``/``RCPT``/``DATA`` exchange and records the answer in :attr:`replies`, keyed by Message-ID.
Configure the server with the usual settings (``EMAIL_HOST``, ``EMAIL_PORT``… from the environment).
"""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email.utils import make_msgid
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.smtp import EmailBackend
from django.core.mail.message import sanitize_address


class RecordingSMTPBackend(EmailBackend):
    """Django's SMTP backend, plus the server's final answer to each message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.replies: dict[str, str] = {}

    def _send(self, email_message: EmailMessage) -> bool:
        if not email_message.recipients():
            return False
        encoding = email_message.encoding or settings.DEFAULT_CHARSET
        from_email = sanitize_address(email_message.from_email, encoding)
        recipients = [sanitize_address(addr, encoding) for addr in email_message.recipients()]
        message = email_message.message()
        conn = self.connection
        assert conn is not None
        conn.ehlo_or_helo_if_needed()
        code, resp = conn.mail(from_email)
        if code != 250:
            conn.rset()
            raise smtplib.SMTPSenderRefused(code, resp, from_email)
        refused = {}
        for rcpt in recipients:
            code, resp = conn.rcpt(rcpt)
            if code not in (250, 251):
                refused[rcpt] = (code, resp)
        if len(refused) == len(recipients):
            conn.rset()
            raise smtplib.SMTPRecipientsRefused(refused)  # type: ignore[arg-type]
        code, resp = conn.data(message.as_bytes(linesep="\r\n"))
        if code != 250:
            conn.rset()
            raise smtplib.SMTPDataError(code, resp)
        self.replies[str(message["Message-ID"])] = f"{code} {resp.decode('utf-8', 'replace')}"
        return True


class DemoBackend(BaseEmailBackend):
    """The demo's outbox (``ventila demo``): each message is built (attachments included) and then
    dropped — it never leaves the process, whatever the settings say; the answer recorded says so."""

    ANSWER = "250 Demostración: mensaje retenido en el buzón de demostración; no se envió"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.replies: dict[str, str] = {}

    def send_messages(self, messages: Any) -> int:
        n = 0
        for m in messages:
            m.message()  # built as it would be sent
            self.replies[str(m.extra_headers.get("Message-ID", ""))] = self.ANSWER
            n += 1
        return n


_backend_override: str | None = None


@contextmanager
def demo_outbox() -> Iterator[None]:
    """Within this block every message goes to :class:`DemoBackend`, whatever the settings say."""
    global _backend_override
    previous, _backend_override = _backend_override, "ventila.documents.mail.DemoBackend"
    try:
        yield
    finally:
        _backend_override = previous


@dataclass
class SendResult:
    ok: bool
    message_id: str
    answer: str


def message_id() -> str:
    domain = settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip(" >") or "ventila"
    return make_msgid(idstring="ventila", domain=domain)


def send(message: EmailMessage) -> SendResult:
    """Send one message; never raises: a failure is a result with the error as the answer."""
    mid = str(message.extra_headers.get("Message-ID") or message_id())
    message.extra_headers["Message-ID"] = mid
    try:
        connection = get_connection(_backend_override, fail_silently=False)
        message.connection = connection
        sent = message.send(fail_silently=False)
    except smtplib.SMTPResponseException as exc:
        error = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
        return SendResult(False, mid, f"{exc.smtp_code} {error}")
    except smtplib.SMTPRecipientsRefused as exc:
        answers = "; ".join(
            f"{rcpt}: {code} {resp.decode('utf-8', 'replace') if isinstance(resp, bytes) else resp}"
            for rcpt, (code, resp) in exc.recipients.items()
        )
        return SendResult(False, mid, answers)
    except (smtplib.SMTPException, OSError) as exc:
        return SendResult(False, mid, f"{type(exc).__name__}: {exc}")
    if not sent:
        return SendResult(False, mid, "sin destinatarios")
    replies = getattr(connection, "replies", {})
    return SendResult(True, mid, replies.get(mid, "250 (aceptado; el servidor no devolvió texto)"))
