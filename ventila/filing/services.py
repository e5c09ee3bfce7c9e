"""Submitting a filing, its receipt (page, PDF, e-mail) and the follow-up key.

:func:`submit` opens the case through :func:`ventila.cases.actions.do_file_case` — the same action
staff use for a complaint received in person or by e-mail, here with the channel ``online``
(Sec. 20(4)) — inside ONE transaction that also stores the :class:`~.models.Filing`. If anything
fails (a quarantined file gone, the disk full, the rulebook refusing), nothing is left: no case,
no number taken (the counter's row is locked until commit and the rollback returns it).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q, Sum
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock, files
from ventila.accounts.models import User
from ventila.audit import state
from ventila.bodies.models import Body, Person
from ventila.cases.actions import ActInput, ActRefused, UploadedDocument, do_file_case
from ventila.cases.labels import STAGES
from ventila.cases.models import Case
from ventila.documents import signing
from ventila.documents.pdf import render_signed  # fetches nothing but the app's static files
from ventila.rules import PR_TZ, RULEBOOKS

from . import conf, register_cache
from .draft import Draft, UploadRejected, discard, human_size, quarantine, read_quarantined
from .models import Filing, FilingClaim, Supplement
from .procedures import Procedure, late_warning_once, procedure_for, public_filing

log = logging.getLogger(__name__)

ONLINE_USERNAME = "formulario-en-linea"


class FilingFailed(Exception):
    """The filing could not be completed; nothing was created. ``message`` says why, in Spanish."""

    def __init__(self, message: str, step: str = "juramento") -> None:
        super().__init__(message)
        self.message = message
        self.step = step


def online_user() -> Any:
    """The account that records public filings on the docket; it cannot sign in. Kept per process (until
    the register's stamp changes) once it is known to be committed: read outside any transaction."""
    if connection.in_atomic_block:
        return _online_user()
    return register_cache.cached("online_user", _online_user)


def _online_user() -> Any:
    return User.machine(ONLINE_USERNAME, "Formulario", "en línea")


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
    repeated: bool = False  # another submit of the same draft opened the case; this one got its receipt


# A claim whose submission never finished (its process died) frees its draft after this long.
STALE_CLAIM = dt.timedelta(minutes=10)


def _claim(draft_id: str, now: dt.datetime) -> bool:
    """Claim the draft for this submit, in a transaction of its own; False if another submit has it.

    The unique draft id decides: of two concurrent INSERTs the second waits for the first's commit
    (PostgreSQL's unique index; SQLite's single writer) and then fails."""
    for _attempt in range(2):
        try:
            with transaction.atomic():
                FilingClaim.objects.create(draft=draft_id, claimed_at=now)
        except IntegrityError:
            # Taken: by a live submit (False), or by one whose process died (stale: freed, and claimed again).
            stale = FilingClaim.objects.filter(draft=draft_id, filing__isnull=True, claimed_at__lt=now - STALE_CLAIM)
            if not stale.delete()[0]:
                return False
        else:
            return True
    return False


def _release(draft_id: str) -> None:
    """The submission failed: free the draft so that it can be submitted again."""
    FilingClaim.objects.filter(draft=draft_id, filing__isnull=True).delete()


def _await_claim(draft_id: str) -> Filing | None:
    """Wait for the submit that holds the draft: its filing, or None if it failed (the claim is gone)."""
    deadline = time.monotonic() + conf.claim_wait_seconds()
    while True:
        row = FilingClaim.objects.filter(draft=draft_id).values_list("filing_id", flat=True)
        found = list(row)
        if not found:
            return None
        if found[0] is not None:
            return Filing.objects.select_related("case", "case__body").get(pk=found[0])
        if time.monotonic() > deadline:
            raise FilingFailed(
                _(
                    "Su querella se está presentando desde otra pestaña o con un clic anterior. "
                    "Espere un momento y vuelva a presentar: no se presentará dos veces."
                )
            )
        time.sleep(0.05)


def submit_once(
    proc: Procedure,
    draft: Draft,
    *,
    language: str = "es",
    admit: Callable[[], None] | None = None,
    now: dt.datetime | None = None,
) -> Submitted:
    """Submit the draft exactly once, however many times it is submitted at the same moment.

    The first submit claims the draft (:func:`_claim`) before the submission's transaction; then
    ``admit`` runs (the rate limit, which may raise :class:`ventila.accounts.ratelimit.RateLimited`) and :func:`submit`, whose
    transaction records the filing on the claim. Every other submit of the same draft counts against
    nothing: it waits for the first and answers with the same case and key (``repeated``), or, if the
    first failed (its claim released), tries itself."""
    for _attempt in range(3):
        if _claim(draft.id, clock.now()):
            try:
                if admit is not None:
                    admit()
                return submit(proc, draft, language=language, now=now)
            except BaseException:
                _release(draft.id)
                raise
        filing = _await_claim(draft.id)
        if filing is not None:
            key = draft.follow_up_key
            if key_hash(key) != filing.key_hash:  # not the same draft's key: never show a key that does not open
                raise FilingFailed(
                    _("Su querella ya se presentó con el número %(n)s; su acuse está en la ventana donde la presentó.")
                    % {"n": filing.case.number}
                )
            draft.clear(keep_files=True)  # the first submit moved them to the case and cleared them
            return Submitted(filing.case, filing, key, repeated=True)
    raise FilingFailed(_("No se pudo presentar la querella. Su borrador sigue aquí; intente de nuevo en unos minutos."))


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
            {
                "kind": kinds.get(e.get("kind", ""), e.get("kind", "")),
                "description": e.get("description", ""),
                "file": ({k: e["file"][k] for k in ("name", "size", "sha256", "label")} if e.get("file") else None),
            }
            for e in draft.evidence
        ],
        "witnesses": [{"name": w.get("name", ""), "address": w.get("address", "")} for w in draft.witnesses],
        "signature": str(d.get("signature") or ""),
        "late_warning": late_warning_once(proc, draft, now),
    }


def _details(proc: Procedure, receipt: dict[str, Any]) -> dict[str, Any]:
    details: dict[str, Any] = {"facts": receipt["facts"]}
    if receipt["provisions"]:
        details["provisions"] = "; ".join(proc.spec.provisions.get(p, p) for p in receipt["provisions"])
    if receipt["witnesses"]:
        details["witnesses"] = "; ".join(f"{w['name']} — {w['address']}" for w in receipt["witnesses"])
    if receipt["evidence"]:
        details["evidence"] = "; ".join(
            f"{e['kind']}: {e['description']}" + (f" ({e['file']['name']})" if e["file"] else "")
            for e in receipt["evidence"]
        )
    details["sworn"] = _("Jurada bajo apercibimiento de perjurio y firmada en línea por %(name)s") % {
        "name": receipt["signature"]
    }
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
        try:
            content = read_quarantined(draft, f)
        except files.FileDamaged:
            raise FilingFailed(
                _(
                    "El archivo «%(name)s» ya no está disponible (se guarda %(h)s horas como máximo). "
                    "Quítelo y súbalo de nuevo; no se presentó nada."
                )
                % {"name": f["name"], "h": conf.quarantine_hours()},
                "evidencia",
            ) from None
        sha256 = hashlib.sha256(content).hexdigest()
        if sha256 != f["sha256"]:
            raise FilingFailed(
                _("El archivo «%(name)s» cambió desde que se subió. Quítelo y súbalo de nuevo; no se presentó nada.")
                % {"name": f["name"]},
                "evidencia",
            )
        documents.append(UploadedDocument(f["name"], content, f["content_type"], sha256))  # hashed once, here
    name, role, title, office = proc.respondent(d)
    key = draft.follow_up_key
    act = ActInput(
        "complaint_filed",
        now,
        True,
        proc.payload(draft),
        _details(proc, receipt),
        note=_("Presentada por el formulario electrónico (Sec. 20(4)–(5))."),
        attachments=documents,
    )
    complainant = {
        "name": d.get("complainant_name", ""),
        "postal_address": d.get("complainant_address", ""),
        "email": d.get("complainant_email", ""),
        "phone": d.get("complainant_phone", ""),
    }
    recorder = online_user()
    try:
        # One deferred block for the case's and the filing's versions: the chain's head is locked
        # and moved once, at the end, for the whole filing.
        with transaction.atomic(), state.deferred():
            if office is not None:
                person = office.person
            else:
                given, family = _split_name(name)
                person = Person.objects.create(given_name=given, family_name=family)
            case = do_file_case(
                user=recorder,
                body=proc.body,
                kind=proc.kind,
                respondent=person,
                respondent_role=role,
                respondent_office=title,
                respondent_candidate=bool(d.get("respondent_candidate")) and proc.asks_candidate,
                complainant=complainant,
                act=act,
                now=now,
                calendar=proc.calendar(),
            )
            receipt["number"] = case.number
            receipt["files"] = [
                {"name": e["file"]["name"], "size": e["file"]["size"], "sha256": e["file"]["sha256"]}
                for e in draft.evidence
                if e.get("file")
            ]  # verified against the bytes above
            filing = Filing.objects.create(
                case=case,
                key_hash=key_hash(key),
                filed_at=now,
                receipt=receipt,
                email=str(d.get("complainant_email") or ""),
                language=language[:8],
            )
            FilingClaim.objects.filter(draft=draft.id).update(filing=filing)
    except ActRefused as exc:
        raise FilingFailed(str(exc)) from None  # its plain text: the message, else the fields' errors
    except OSError:
        log.exception("public filing failed while storing its documents")
        raise FilingFailed(
            _(
                "No se pudieron guardar los archivos en el servidor. No se presentó nada y su borrador "
                "sigue aquí; intente de nuevo en unos minutos."
            )
        ) from None
    draft.clear()
    return Submitted(case, filing, key)


# -- receipt ----------------------------------------------------------------------------------


def receipt_context(filing: Filing, key: str | None) -> dict[str, Any]:
    r = dict(filing.receipt)
    proc = procedure_for(filing.case.body)
    filed_at = dt.datetime.fromisoformat(r["filed_at"]).astimezone(PR_TZ)
    try:
        knowledge = dt.date.fromisoformat(r.get("knowledge_date") or "")
    except ValueError:
        knowledge = None
    return {
        "knowledge_date": knowledge,
        "filing": filing,
        "case": filing.case,
        "r": r,
        "key": key,
        "filed_at": filed_at,
        "provisions": [_(public_filing(filing.case.body).provisions.get(p, p)) for p in r.get("provisions", [])],
        "stage": STAGES.get(filing.case.stage, filing.case.stage),
        "tz": "America/Puerto_Rico",
        "key_groups": key.split("-") if key else [],
        "next_steps": proc.next_steps() if proc else [],
        "letterhead": RULEBOOKS[filing.case.body.rulebook].letterhead,
        # The public address of the follow-up page (the PDF and the e-mail have no request to ask).
        "followup_url": signing.base_url() + reverse("filing:followup"),
        "files": [{**f, "human_size": human_size(int(f.get("size") or 0))} for f in r.get("files", [])],
    }


def receipt_pdf(filing: Filing, key: str | None) -> bytes:
    """The receipt as a PDF signed by the body, each one handed out recorded for ``/verificar/`` by its
    hash only (it carries the follow-up key, which is never stored)."""
    now = clock.now()
    context = receipt_context(filing, key)
    signed = render_signed(
        lambda url: render_to_string("filing/receipt_pdf.html", {**context, "verify_url": url}),
        body=filing.case.body,
        issued_at=now,
        language=filing.language if filing.language in ("es", "en") else "es",
    )
    with transaction.atomic():
        signing.record_signed(
            signed, kind=signing.FILING_RECEIPT, body=filing.case.body, issued_at=now, case=filing.case
        )
    return signed.data


def send_receipt(filing: Filing, key: str) -> bool:
    """E-mail the receipt (text, with the PDF attached) when the complainant gave an address."""
    if not filing.email:
        return False
    with translation.override(filing.language or "es"):
        ctx = receipt_context(filing, key)
        body = render_to_string("filing/receipt_email.txt", ctx)
        message = EmailMessage(
            subject=_("Acuse de recibo de su querella %(n)s") % {"n": filing.case.number},
            body=body,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[filing.email],
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


class SupplementRefused(Exception):
    """Why a piece of evidence could not be added (a limit of the case), in Spanish."""


def add_supplement(
    filing: Filing,
    *,
    kind: str,
    description: str,
    upload: Any | None,
    draft: Draft | None = None,
    now: dt.datetime | None = None,
) -> Supplement:
    """Store evidence the complainant adds later: each file checked like any upload (size, type by
    content), and the case's limits like a filing's — how many pieces (``VENTILA_FILING_SUPPLEMENT_MAX``),
    how many files (``VENTILA_FILING_MAX_FILES``) and how many bytes in all
    (``VENTILA_FILING_SUPPLEMENT_MAX_TOTAL_MB``) — checked with the filing's row locked, so two
    additions at the same moment cannot both take the last place. Raises :class:`UploadRejected`
    (the file) or :class:`SupplementRefused` (the case's limits)."""
    now = now or clock.now()
    _check_supplement_limits(filing, None)  # before the file is even kept, when it is already full
    record = None
    content = b""
    if upload is not None:
        assert draft is not None
        record = quarantine(draft, upload)
        content = read_quarantined(draft, record)
    try:
        with transaction.atomic():
            Filing.objects.select_for_update().filter(pk=filing.pk).values_list("pk", flat=True).get()
            _check_supplement_limits(filing, record)
            s = Supplement(filing=filing, kind=kind, description=description, received_at=now)
            if record is not None:
                s.filename, s.size, s.sha256, s.content_type = (
                    record["name"],
                    record["size"],
                    record["sha256"],
                    record["content_type"],
                )
                files.store(s.file, record["name"], content)
            s.save()
    finally:
        if record is not None and draft is not None:
            discard(draft, record)
    return s


def _check_supplement_limits(filing: Filing, record: dict[str, Any] | None) -> None:
    added = filing.supplements.aggregate(n=Count("id"), files=Count("id", filter=~Q(filename="")), size=Sum("size"))
    if added["n"] >= conf.max_supplements():
        raise SupplementRefused(
            _(
                "Ya añadió %(n)s evidencias a esta querella, el máximo permitido por el "
                "formulario. Si tiene más, llévelas a la Secretaría de la Comisión."
            )
            % {"n": conf.max_supplements()}
        )
    if record is None:
        return
    if added["files"] >= conf.max_files():
        raise UploadRejected(
            _(
                "Ya añadió %(n)s archivos a esta querella, el máximo permitido; puede añadir la "
                "evidencia sin archivo o llevarlo a la Secretaría de la Comisión."
            )
            % {"n": conf.max_files()}
        )
    total = int(added["size"] or 0) + int(record["size"])
    if total > conf.max_supplement_total_bytes():
        raise UploadRejected(
            _("Con «%(name)s» los archivos añadidos a esta querella sumarían %(size)s; el máximo es %(max)s.")
            % {"name": record["name"], "size": human_size(total), "max": human_size(conf.max_supplement_total_bytes())}
        )


def public_bodies() -> list[Body]:
    return register_cache.cached(
        "public_bodies", lambda: [b for b in Body.objects.public().order_by("name") if procedure_for(b) is not None]
    )
