"""Submitting a filing, its receipt (page, PDF, e-mail) and the follow-up key.

:func:`submit` opens the case through :func:`ventila.cases.actions.do_file_case` — the same action
staff use for a complaint received in person or by e-mail, here with the channel ``online``
(Sec. 20(4)) — inside ONE transaction that also stores the :class:`~.models.Filing`. If anything
fails (a quarantined file gone, the disk full, the rulebook refusing), nothing is left: no case,
no number taken (the counter's row is locked until commit and the rollback returns it).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock
from ventila.bodies.models import Body, Person
from ventila.cases.actions import ActInput, ActRefused, UploadedDocument, do_file_case
from ventila.cases.labels import STAGES
from ventila.cases.models import Case
from ventila.rules import PR_TZ

from . import conf
from .draft import Draft, UploadRejected, quarantined_path
from .models import Filing, Supplement
from .procedures import Procedure

log = logging.getLogger(__name__)

ONLINE_USERNAME = "formulario-en-linea"


class FilingFailed(Exception):
    """The filing could not be completed; nothing was created. ``message`` says why, in Spanish."""

    def __init__(self, message: str, step: str = "juramento") -> None:
        super().__init__(message)
        self.message = message
        self.step = step


def online_user() -> Any:
    """The account that records public filings on the docket; it cannot sign in."""
    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=ONLINE_USERNAME, defaults={"is_active": False, "first_name": "Formulario", "last_name": "en línea"})
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def new_key() -> str:
    """A follow-up key: 25 base-32 characters (125 bits) in groups of five, easy to copy by hand."""
    raw = base64.b32encode(secrets.token_bytes(16)).decode().rstrip("=")[:25]
    return "-".join(raw[i:i + 5] for i in range(0, 25, 5))


def key_hash(key: str) -> str:
    """The stored form of a key: SHA-256 of its normalised text (the key has 125 random bits)."""
    normal = "".join(c for c in key.upper() if c.isalnum())
    return hashlib.sha256(normal.encode()).hexdigest()


def _split_name(name: str) -> tuple[str, str]:
    parts = name.split()
    if len(parts) == 1:
        return parts[0], ""
    if len(parts) <= 3:
        return parts[0], " ".join(parts[1:])
    return " ".join(parts[:2]), " ".join(parts[2:])


@dataclass
class Submitted:
    case: Case
    filing: Filing
    key: str


def receipt_data(proc: Procedure, draft: Draft, now: dt.datetime) -> dict[str, Any]:
    """What was filed, as the receipt shows it (the complainant's own data only)."""
    d = draft.data
    name, role, title, _office = proc.respondent(d)
    kinds = proc.evidence_kinds()
    return {
        "body": proc.body.name,
        "filed_at": now.astimezone(PR_TZ).isoformat(timespec="seconds"),
        "complainant": {k: str(d.get(f"complainant_{k}", "") or "") for k in ("name", "address", "email", "phone")},
        "complainant_kind": str(d.get("complainant_kind") or ""),
        "respondent": {"name": name, "role": proc.respondent_roles().get(role, role), "office": title},
        "respondent_candidate": bool(d.get("respondent_candidate")),
        "facts": str(d.get("facts") or ""),
        "knowledge_date": str(d.get("knowledge_date") or ""),
        "personal_knowledge": bool(d.get("personal_knowledge")),
        "provisions": list(d.get("provisions") or []),
        "evidence": [
            {"kind": kinds.get(e.get("kind", ""), e.get("kind", "")), "description": e.get("description", ""),
             "file": ({k: e["file"][k] for k in ("name", "size", "sha256", "label")} if e.get("file") else None)}
            for e in draft.evidence
        ],
        "witnesses": [{"name": w.get("name", ""), "address": w.get("address", "")} for w in draft.witnesses],
        "signature": str(d.get("signature") or ""),
        "late_warning": proc.late_warning(d, now),
    }


def _details(proc: Procedure, receipt: dict[str, Any]) -> dict[str, Any]:
    from ventila.rules.rulebooks.camara_171.s20_s24_complaints import CODE_PROVISIONS

    details: dict[str, Any] = {"facts": receipt["facts"]}
    if receipt["provisions"]:
        details["provisions"] = "; ".join(CODE_PROVISIONS.get(p, p) for p in receipt["provisions"])
    if receipt["witnesses"]:
        details["witnesses"] = "; ".join(f"{w['name']} — {w['address']}" for w in receipt["witnesses"])
    if receipt["evidence"]:
        details["evidence"] = "; ".join(
            f"{e['kind']}: {e['description']}" + (f" ({e['file']['name']})" if e["file"] else "")
            for e in receipt["evidence"])
    details["sworn"] = _("Jurada bajo apercibimiento de perjurio y firmada en línea por %(name)s") % {
        "name": receipt["signature"]}
    return details


def submit(proc: Procedure, draft: Draft, *, language: str = "es", now: dt.datetime | None = None) -> Submitted:
    """Create the case, its first docket entry (with the evidence) and the filing, atomically."""
    now = now or clock.now()
    d = draft.data
    receipt = receipt_data(proc, draft, now)
    documents = []
    for e in draft.evidence:
        f = e.get("file")
        if not f:
            continue
        path = quarantined_path(draft, f)
        try:
            content = path.read_bytes()
        except OSError:
            raise FilingFailed(_("El archivo «%(name)s» ya no está disponible (se guarda %(h)s horas como máximo). "
                                 "Quítelo y súbalo de nuevo; no se presentó nada.")
                               % {"name": f["name"], "h": conf.quarantine_hours()}, "evidencia") from None
        sha256 = hashlib.sha256(content).hexdigest()
        if sha256 != f["sha256"]:
            raise FilingFailed(_("El archivo «%(name)s» cambió desde que se subió. Quítelo y súbalo de nuevo; no se "
                                 "presentó nada.") % {"name": f["name"]}, "evidencia")
        documents.append(UploadedDocument(f["name"], content, f["content_type"], sha256))  # hashed once, here
    name, role, title, office = proc.respondent(d)
    key = new_key()
    act = ActInput("complaint_filed", now, True, proc.payload(draft), _details(proc, receipt),
                   note=_("Presentada por el formulario electrónico (Sec. 20(4)–(5))."), attachments=documents)
    complainant = {"name": d.get("complainant_name", ""), "postal_address": d.get("complainant_address", ""),
                   "email": d.get("complainant_email", ""), "phone": d.get("complainant_phone", "")}
    try:
        with transaction.atomic():
            if office is not None:
                person = office.person
            else:
                given, family = _split_name(name)
                person = Person.objects.create(given_name=given, family_name=family)
            case = do_file_case(
                user=online_user(), body=proc.body, kind=proc.kind, respondent=person,
                respondent_role=role, respondent_office=title,
                respondent_candidate=bool(d.get("respondent_candidate")) and proc.asks_candidate,
                complainant=complainant, act=act, now=now, calendar=proc.calendar(),
            )
            receipt["number"] = case.number
            receipt["files"] = [{"name": e["file"]["name"], "size": e["file"]["size"], "sha256": e["file"]["sha256"]}
                                for e in draft.evidence if e.get("file")]  # verified against the bytes above
            filing = Filing.objects.create(case=case, key_hash=key_hash(key), filed_at=now, receipt=receipt,
                                           email=str(d.get("complainant_email") or ""), language=language[:8])
    except ActRefused as exc:
        raise FilingFailed(exc.message or "; ".join(m for ms in exc.field_errors.values() for m in ms)) from None
    except OSError:
        log.exception("public filing failed while storing its documents")
        raise FilingFailed(_("No se pudieron guardar los archivos en el servidor. No se presentó nada y su borrador "
                             "sigue aquí; intente de nuevo en unos minutos.")) from None
    draft.clear()
    return Submitted(case, filing, key)


# -- receipt ----------------------------------------------------------------------------------


def receipt_context(filing: Filing, key: str | None) -> dict[str, Any]:
    from ventila.rules.rulebooks.camara_171.s20_s24_complaints import CODE_PROVISIONS

    r = dict(filing.receipt)
    filed_at = dt.datetime.fromisoformat(r["filed_at"]).astimezone(PR_TZ)
    try:
        knowledge = dt.date.fromisoformat(r.get("knowledge_date") or "")
    except ValueError:
        knowledge = None
    return {
        "knowledge_date": knowledge,
        "filing": filing, "case": filing.case, "r": r, "key": key, "filed_at": filed_at,
        "provisions": [CODE_PROVISIONS.get(p, p) for p in r.get("provisions", [])],
        "stage": STAGES.get(filing.case.stage, filing.case.stage),
        "tz": "America/Puerto_Rico",
    }


def receipt_pdf(filing: Filing, key: str | None) -> bytes:
    from ventila.documents.pdf import weasy_html  # fetches nothing but the app's static files

    html = render_to_string("filing/receipt_pdf.html", receipt_context(filing, key))
    return weasy_html(html).write_pdf()  # type: ignore[no-any-return]


def send_receipt(filing: Filing, key: str) -> bool:
    """E-mail the receipt (text, with the PDF attached) when the complainant gave an address."""
    if not filing.email:
        return False
    with translation.override(filing.language or "es"):
        ctx = receipt_context(filing, key)
        body = render_to_string("filing/receipt_email.txt", ctx)
        message = EmailMessage(
            subject=_("Acuse de recibo de su querella %(n)s") % {"n": filing.case.number},
            body=body, from_email=settings.DEFAULT_FROM_EMAIL, to=[filing.email],
        )
        message.attach(f"acuse-{filing.case.number}.pdf", receipt_pdf(filing, key), "application/pdf")
    try:
        message.send(fail_silently=False)
    except Exception:  # noqa: BLE001 — the filing stands; the page says the e-mail failed
        log.exception("receipt e-mail for %s failed", filing.case.number)
        return False
    Filing.objects.filter(pk=filing.pk).update(emailed=True)
    filing.emailed = True
    return True


# -- follow-up --------------------------------------------------------------------------------


def filing_for_key(key: str) -> Filing | None:
    if not key or len(key) > 80:
        return None
    return Filing.objects.select_related("case", "case__body").filter(key_hash=key_hash(key)).first()


def add_supplement(filing: Filing, *, kind: str, description: str, upload: Any | None,
                   draft: Draft | None = None, now: dt.datetime | None = None) -> Supplement:
    """Store evidence the complainant adds later (checked like any upload, by content)."""
    from .draft import quarantine

    now = now or clock.now()
    record = None
    content = b""
    if upload is not None:
        if filing.supplements.exclude(filename="").count() >= _max_files():
            raise UploadRejected(_("Ya añadió el máximo de archivos permitido por querella."))
        assert draft is not None
        record = quarantine(draft, upload)
        path = quarantined_path(draft, record)
        content = path.read_bytes()
    try:
        with transaction.atomic():
            s = Supplement(filing=filing, kind=kind, description=description, received_at=now)
            if record is not None:
                s.filename, s.size, s.sha256, s.content_type = (record["name"], record["size"], record["sha256"],
                                                                 record["content_type"])
                s.file.save(record["name"], ContentFile(content), save=False)
            s.save()
    finally:
        if record is not None and draft is not None:
            quarantined_path(draft, record).unlink(missing_ok=True)
    return s


def _max_files() -> int:
    from . import conf

    return conf.max_files()


def public_bodies() -> list[Body]:
    from .procedures import procedure_for

    return [b for b in Body.objects.order_by("name") if procedure_for(b) is not None]
