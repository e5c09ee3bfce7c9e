"""E-mail through Django's SMTP backend, keeping the server's answer to each message.

Django's backend discards what the server says after DATA (``250 2.0.0 Ok: queued as …``); the
proof of service needs it. :class:`RecordingSMTPBackend` sends each message with the same
``MAIL``/``RCPT``/``DATA`` exchange and records the answer in :attr:`replies`, keyed by Message-ID.
Configure the server with the usual settings (``EMAIL_HOST``, ``EMAIL_PORT``… from the environment).
"""

from __future__ import annotations

import logging
import smtplib
import socket
import ssl
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
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

log = logging.getLogger(__name__)


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
            raise smtplib.SMTPRecipientsRefused(refused)
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


# The answers recorded when no server answered (kept in Spanish, like the docket they go to).
NO_ANSWER = gettext_noop("Sin respuesta del servidor de correo")
_NO_ANSWER_WHY = (
    (ConnectionRefusedError, gettext_noop("rechazó la conexión")),
    (socket.timeout, gettext_noop("no respondió a tiempo")),
    (socket.gaierror, gettext_noop("no se encontró su dirección")),
    (ssl.SSLError, gettext_noop("falló la conexión cifrada")),
    (smtplib.SMTPServerDisconnected, gettext_noop("cortó la conexión")),
)
_CANNOT_CONNECT = gettext_noop("no se pudo conectar")


def no_answer(exc: BaseException) -> str:
    """What the record says of a message no server accepted or answered: words, not an exception."""
    why = next((w for kind, w in _NO_ANSWER_WHY if isinstance(exc, kind)), _CANNOT_CONNECT)
    return f"{NO_ANSWER}: {why}."


def answer_shown(answer: str) -> str:
    """A recorded answer as the page shows it: the words of :func:`no_answer` in the user's language;
    a server's own answer (``250 …``, ``451 …``) as the server gave it."""
    for why in (*(w for _k, w in _NO_ANSWER_WHY), _CANNOT_CONNECT):
        if answer == f"{NO_ANSWER}: {why}.":
            return f"{_(NO_ANSWER)}: {_(why)}."
    return answer


def failure_sentence(answer: str, email: str = "") -> str:
    """The sentence a clerk reads about a failed e-mail (in the user's language): what happened and
    what to do — never an exception's text. ``answer`` is what was recorded for the attempt."""
    code = answer[:3] if answer[:3].isdigit() else ""
    refused_rcpt = bool(email) and answer.startswith(f"{email}:")
    if answer.startswith(NO_ANSWER) or not (code or refused_rcpt):
        return _(
            "No se pudo enviar: el servidor de correo no respondió. Inténtelo de nuevo más tarde o "
            "notifique por otro medio."
        )
    if refused_rcpt or code in ("550", "551", "553"):
        return _(
            "No se pudo enviar: el servidor de correo rechazó la dirección %(email)s. Compruebe la "
            "dirección o notifique por otro medio."
        ) % {"email": email}
    if code.startswith("4"):
        return _(
            "No se pudo enviar: el servidor de correo no aceptó el mensaje por ahora. Inténtelo de "
            "nuevo más tarde o notifique por otro medio."
        )
    return _(
        "No se pudo enviar: el servidor de correo rechazó el mensaje. Notifique por otro medio o "
        "consulte al administrador del correo."
    )


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
        # No answer from a server: the record says so in words (the exception goes to the log only).
        log.warning("e-mail %s not sent: %s: %s", mid, type(exc).__name__, exc)
        return SendResult(False, mid, no_answer(exc))
    if not sent:
        return SendResult(False, mid, "sin destinatarios")
    replies = getattr(connection, "replies", {})
    return SendResult(True, mid, replies.get(mid, "250 (aceptado; el servidor no devolvió texto)"))
