"""The e-mail that serves a document: the PDF attached, or a signed link that expires.

The link is ``/documentos/enlace/<token>/``; the token is signed with the site's secret
(:mod:`django.core.signing`) and carries the delivery's id, so each recipient's link is their own
and stops working after ``VENTILA_DOCUMENT_LINK_DAYS`` days.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import files
from ventila.cases.labels import confidentiality_notice

from . import mail
from .catalog import long_date
from .models import Delivery, Document
from .signing import base_url

LINK_SALT = "ventila.documents.link"


def link_token(delivery: Delivery) -> str:
    return signing.TimestampSigner(salt=LINK_SALT).sign_object({"d": delivery.pk, "doc": delivery.document_id})


def read_link_token(token: str) -> dict[str, Any] | None:
    """The token's content if it is genuine and not expired; None otherwise."""
    try:
        value = signing.TimestampSigner(salt=LINK_SALT).unsign_object(
            token, max_age=dt.timedelta(days=settings.VENTILA_DOCUMENT_LINK_DAYS)
        )
    except (signing.BadSignature, ValueError):
        return None
    return value if isinstance(value, dict) else None


def link_url(delivery: Delivery) -> str:
    return f"{base_url()}/documentos/enlace/{link_token(delivery)}/"


def build_message(d: Delivery, now: dt.datetime) -> EmailMessage:
    doc: Document = d.document
    lang = doc.language
    with translation.override(lang):
        subject = _("%(number)s · %(title)s") % {"number": doc.case.number, "title": doc.title}
        lines = [
            _("Estimado/a %(name)s:") % {"name": d.recipient_name},
            "",
            _("La %(body)s le notifica el documento «%(title)s» del expediente %(number)s, expedido el %(day)s.")
            % {
                "body": doc.case.body.name,
                "title": doc.title,
                "number": doc.case.number,
                "day": long_date(doc.issued_at.date(), lang),
            },
            _("Lo exige: %(citation)s (%(rule)s).") % {"citation": doc.citation, "rule": doc.rule_id},
        ]
        if d.method == Delivery.Method.EMAIL_LINK:
            expires = (now + dt.timedelta(days=settings.VENTILA_DOCUMENT_LINK_DAYS)).date()
            lines += [
                "",
                _("Puede descargarlo en este enlace personal, válido hasta el %(day)s:")
                % {"day": long_date(expires, lang)},
                link_url(d),
            ]
        else:
            lines += ["", _("El documento se acompaña en PDF.")]
        lines += [
            "",
            _("Huella SHA-256 del PDF: %(sha)s") % {"sha": doc.sha256},
            "",
            confidentiality_notice(doc.case.body.rulebook, doc.case.kind),
            _("Por favor, acuse recibo respondiendo a este mensaje."),
        ]
    message = EmailMessage(
        subject=subject,
        body="\n".join(lines),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[d.recipient_email],
        headers={"Message-ID": mail.message_id()},
    )
    if d.method == Delivery.Method.EMAIL_ATTACHMENT:
        message.attach(doc.filename, files.read_verified(doc.file, doc.sha256), "application/pdf")
    return message


def send_message(message: EmailMessage) -> mail.SendResult:
    return mail.send(message)
