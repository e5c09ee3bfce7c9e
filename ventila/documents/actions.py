"""Every change to documents and their service is a ``do_*`` action here, in one transaction.

- :func:`do_create_draft` generates a document's text from the case's data and docket;
- :func:`do_update_draft` saves staff's edits (only while a draft);
- :func:`do_issue_document` checks the contents the law requires, renders the PDF and creates the
  issued :class:`Document` with its SHA-256 — frozen by the database, chained in the audit record
  and docketed (a ``document_issued`` entry with the SHA-256) in the same transaction — and the
  draft is gone;
- :func:`do_order_delivery` orders service by e-mail (sent at once, retried by the worker) or
  records service by hand or by mail (a ``service_attempted`` entry);
- :func:`attempt_delivery` sends one e-mail; every attempt, the worker's retries included, is a
  :class:`DeliveryAttempt` row and a ``service_attempted`` docket entry (recipient, message ID, the
  server's answer) in one transaction, recorded by the service account, which cannot sign in;
- :func:`do_record_receipt` records the date a recipient received the document; for the notices
  whose receipt starts a term it records the docket act (``respondent_notified``…) on that date
  (any other receipt of an e-mailed document is a record-only ``service_received`` entry),
  through :func:`ventila.cases.actions.do_record_act`, with the issued PDF as its attachment (so the
  SHA-256 of what was served is on the docket).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.db import OperationalError, transaction
from django.db.models import Exists, OuterRef
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock, files
from ventila.accounts.models import User
from ventila.audit import chain
from ventila.cases.actions import (
    ActInput,
    ActPreview,
    ActRefused,
    UploadedDocument,
    do_record_act,
    do_record_entry,
    preview_act,
)
from ventila.cases.models import Case, DocketEntry
from ventila.fields import attributes
from ventila.rules import PR_TZ, RULEBOOKS

from . import catalog, service, signing
from .models import Delivery, DeliveryAttempt, Document, Draft
from .pdf import render_issued

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
RETRY_BASE = dt.timedelta(minutes=5)  # then 10, 20, 40 minutes


class DocumentRefused(Exception):
    """The document action cannot be done: ``message`` says why; ``field_errors`` name fields."""

    def __init__(self, message: str = "", field_errors: Mapping[str, list[str]] | None = None) -> None:
        super().__init__(message or "; ".join(m for ms in (field_errors or {}).values() for m in ms))
        self.message = message
        self.field_errors = {k: list(v) for k, v in (field_errors or {}).items()}


def do_create_draft(
    *, user: Any, case: Case, entry: DocketEntry, template: str, language: str = "es", now: dt.datetime | None = None
) -> Draft:
    now = now or clock.now()
    spec = catalog.BY_KEY.get(template)
    if spec is None or spec not in catalog.specs_for(case, entry):
        raise DocumentRefused(_("Ese documento no corresponde a este acto."))
    if entry.superseded_by.exists():
        raise DocumentRefused(_("La anotación fue corregida; genere el documento desde la anotación que la corrige."))
    rule = spec.rule_for(case, entry)
    sections = catalog.generate_sections(spec, case, entry, language, now.astimezone(PR_TZ).date())
    with translation.override(language):
        title = _(spec.title)
    with transaction.atomic():
        return Draft.objects.create(
            case=case,
            source=entry,
            template=spec.key,
            language=language,
            title=title,
            sections=sections,
            rule_id=rule.id,
            citation=rule.citation,
            created_by=user,
            created_at=now,
        )


@dataclass(frozen=True)
class Prepared:
    """What :func:`do_prepare_drafts` did for one case: the draft to review (``created``: new, else one
    already pending), or none because the document was issued already after ``since``."""

    case: Case
    draft: Draft | None
    created: bool


def do_prepare_drafts(
    *,
    user: Any,
    targets: list[tuple[DocketEntry, dt.date]],
    template: str,
    language: str = "es",
    now: dt.datetime | None = None,
) -> list[Prepared]:
    """Prepare the document ``template`` from each of ``targets`` (the act it is prepared from, and the
    day since which it is owed): the compliance board's «Preparar los avisos de todos los morosos»
    (issue 29). A case with a draft of it pending keeps that one (no second draft); a case where it was
    issued on or after that day gets none. Each new draft is made as :func:`do_create_draft` makes it."""
    now = now or clock.now()
    cases = [e.case for e, _since in targets]
    pending = {
        d.case_id: d for d in Draft.objects.filter(case__in=cases, template=template).order_by("-id").select_related()
    }
    issued = {
        (case_id, day)
        for case_id, day in Document.objects.filter(case__in=cases, template=template).values_list(
            "case_id", "issued_at__date"
        )
    }
    out: list[Prepared] = []
    for entry, since in targets:
        case = entry.case
        if case.pk in pending:
            out.append(Prepared(case, pending[case.pk], False))
        elif any(c == case.pk and day >= since for c, day in issued):
            out.append(Prepared(case, None, False))
        else:
            draft = do_create_draft(user=user, case=case, entry=entry, template=template, language=language, now=now)
            out.append(Prepared(case, draft, True))
    return out


def do_update_draft(*, draft: Draft, title: str, texts: Mapping[str, str]) -> Draft:
    with transaction.atomic():
        d = Draft.objects.select_for_update().get(pk=draft.pk)
        d.title = title.strip() or d.title
        d.sections = [
            {**s, "text": str(texts.get(s["key"], s["text"])).replace("\r\n", "\n").strip()} for s in d.sections
        ]
        d.save(update_fields=["title", "sections"])
    return d


def draft_problems(draft: Draft, texts: Mapping[str, str] | None = None) -> list[catalog.Problem]:
    """What the draft — or the draft with ``texts`` typed over it, not saved — lacks to be issued."""
    sections = [
        {**s, "text": str((texts or {}).get(s["key"], s["text"])).replace("\r\n", "\n").strip()} for s in draft.sections
    ]
    return catalog.missing_contents(catalog.BY_KEY[draft.template], draft.case, draft.source, sections, draft.language)


def draft_digest(draft: Draft) -> str:
    """The SHA-256 of what issuing would freeze (title, language and every section), as the
    confirmation shows it: an issue confirmed for another text than the draft's is refused."""
    payload = json.dumps(
        {"title": draft.title, "language": draft.language, "sections": draft.sections},
        ensure_ascii=False,
        sort_keys=True,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def do_regenerate_section(
    *, draft: Draft, key: str, texts: Mapping[str, str] | None = None, title: str = "", now: dt.datetime | None = None
) -> Draft:
    """Put back section ``key`` as the template generates it from the case today; the other sections
    keep ``texts`` (what was typed) or what the draft had."""
    now = now or clock.now()
    spec = catalog.BY_KEY[draft.template]
    if key not in {s["key"] for s in draft.sections}:
        raise DocumentRefused(_("Esa sección no forma parte del documento."))
    text = catalog.regenerate_section(spec, draft.case, draft.source, draft.language, now.astimezone(PR_TZ).date(), key)
    return do_update_draft(draft=draft, title=title or draft.title, texts={**(texts or {}), key: text})


def do_discard_draft(*, draft: Draft) -> None:
    with transaction.atomic():
        Draft.objects.filter(pk=draft.pk).delete()


def do_issue_document(
    *, user: Any, draft: Draft, digest: str | None = None, now: dt.datetime | None = None
) -> Document:
    """Issue the draft: the PDF, frozen with its SHA-256 and chained in the audit record.

    ``digest`` is the :func:`draft_digest` the user confirmed; a draft changed since is refused. A
    refusal writes nothing: the draft keeps its text."""
    now = now or clock.now()
    with transaction.atomic():
        d = (
            Draft.objects.select_for_update(of=("self",))
            .select_related("case__body", "source")
            .filter(pk=draft.pk)
            .first()
        )
        if d is None:
            raise DocumentRefused(_("El borrador ya no existe (¿se expidió o se descartó?)."))
        if digest is not None and digest != draft_digest(d):
            raise DocumentRefused(
                _("El borrador cambió después de que usted abrió la confirmación. Revise el texto y confirme de nuevo.")
            )
        spec = catalog.BY_KEY[d.template]
        problems = catalog.missing_contents(spec, d.case, d.source, d.sections, d.language)
        if problems:
            errors: dict[str, list[str]] = {}
            for p in problems:
                errors.setdefault(p.section, []).append(f"{p.message} ({p.rule_id})")
            raise DocumentRefused(_("Falta contenido que el texto exige."), errors)
        doc = Document(
            **attributes(d, "case", "source", "template", "language", "title", "sections", "rule_id", "citation"),
            issued_by=user,
            issued_at=now,
        )
        signed = render_issued(doc)  # signed with the body's certificate; the hash is of the signed file
        doc.sha256 = signed.sha256
        doc.size = len(signed.data)
        doc.filename = f"{d.case.number} {d.title}.pdf".replace("/", "-")[:255]
        files.store(doc.file, doc.filename, signed.data)
        doc.save()
        d.delete()
        # On the docket: the document issued, with the SHA-256 of its PDF. First, because it locks the
        # case row before the audit chain's head, the order every act takes (case, then head); the
        # other order deadlocks against an act recorded on the same case meanwhile.
        do_record_entry(
            user=user,
            case=d.case,
            event_type="document_issued",
            occurred_at=now,
            has_time=True,
            payload={
                "document": doc.pk,
                "template": doc.template,
                "title": doc.title,
                "sha256": doc.sha256,
                "rule": doc.rule_id,
                "citation": doc.citation,
                "source_seq": d.source.seq,
                "language": doc.language,
            },
            now=now,
        )
        chain.append("document", doc)  # the tamper-evident record, in this same transaction
        signing.record_signed(signed, kind=doc.template, body=d.case.body, issued_at=now, case=d.case)
    return doc


# -- service ------------------------------------------------------------------------------------------


def _attempt(delivery: Delivery, doc: Document, attempt: int, recipient: str, **outcome: Any) -> dict[str, Any]:
    """The payload of a service attempt's docket entry: which delivery of which document, the attempt, how
    and to whom (``recipient``: the address or the name), then its ``outcome``."""
    return {
        "document": doc.pk,
        "delivery": delivery.pk,
        "attempt": attempt,
        "method": delivery.method,
        "recipient": recipient,
        "recipient_name": delivery.recipient_name,
        "recipient_role": delivery.recipient_role,
        "sha256": doc.sha256,
        **outcome,
    }


def recipient_choices(doc: Document) -> list[tuple[str, str, str, str]]:
    """(key, role, name, email) of the parties who may receive the document."""
    out = []
    for p in doc.case.parties.all():
        out.append((f"party-{p.pk}", p.role, p.name, p.email))
    return out


def do_order_delivery(
    *,
    user: Any,
    document: Document,
    role: str,
    name: str,
    email: str,
    method: str,
    received_on: dt.date | None = None,
    receipt_note: str = "",
    now: dt.datetime | None = None,
) -> Delivery:
    """Order the service of an issued document. E-mail is sent now (and retried by the worker if it
    fails); service by hand or by mail is recorded with its date of receipt."""
    now = now or clock.now()
    doc = Document.objects.select_related("case__body", "source").get(pk=document.pk)
    errors: dict[str, list[str]] = {}
    by_email = method in (Delivery.Method.EMAIL_ATTACHMENT, Delivery.Method.EMAIL_LINK)
    if by_email and not email:
        errors["email"] = [_("Indique el correo electrónico del destinatario.")]
    if not by_email and received_on is None:
        errors["received_on"] = [_("Indique la fecha en que el destinatario recibió el documento.")]
    if doc.template == "hearing_summons" and role == "respondent" and catalog.is_initial_hearing(doc.source):
        # Sec. 21(c)(11): the respondent's initial summons is delivered in writing, in person or
        # to the person authorised; e-mail is for the complainant.
        how = "personal" if method == Delivery.Method.HAND else method
        rulebook = RULEBOOKS[doc.case.body.rulebook]
        contents = set(rulebook.document_contents["hearing_summons"])
        for p in rulebook.document_checks["hearing_summons"](contents, to="respondent", method=how):
            errors.setdefault("method", []).append(f"{p.message} ({p.rule_id})")
    if errors:
        raise DocumentRefused(_("Revise los datos de la notificación."), errors)
    with transaction.atomic():
        delivery = Delivery.objects.create(
            document=doc,
            recipient_role=role,
            recipient_name=name,
            recipient_email=email,
            method=method,
            status=Delivery.Status.PENDING if by_email else Delivery.Status.SENT,
            next_attempt_at=now if by_email else None,
            sent_at=None if by_email else now,
            created_by=user,
            created_at=now,
        )
        if not by_email:
            assert received_on is not None
            # The service by hand or by mail on the docket (the e-mail attempts are docketed one by one).
            do_record_entry(
                user=user,
                case=doc.case,
                event_type="service_attempted",
                occurred_at=clock.start_of_day(received_on),
                has_time=False,
                payload=_attempt(delivery, doc, 1, name, ok=True, received_on=received_on.isoformat()),
                note=receipt_note,
                now=now,
            )
            _record_receipt(user, delivery, received_on, receipt_note, now)
    if by_email:
        attempt_delivery(delivery, now=now)
        delivery.refresh_from_db()
    return delivery


def do_record_receipt(
    *, user: Any, delivery: Delivery, received_on: dt.date, note: str = "", now: dt.datetime | None = None
) -> Delivery:
    """Record when the recipient received the document (an acknowledgement, a signed receipt)."""
    now = now or clock.now()
    with transaction.atomic():
        d = (
            Delivery.objects.select_for_update(of=("self",))
            .select_related("document__case__body", "document__source")
            .get(pk=delivery.pk)
        )
        if d.received_on is not None:
            raise DocumentRefused(_("El recibo de esta notificación ya consta."))
        _record_receipt(user, d, received_on, note, now)
    return d


def _record_receipt(user: Any, d: Delivery, received_on: dt.date, note: str, now: dt.datetime) -> None:
    doc = d.document
    issued_day = doc.issued_at.astimezone(PR_TZ).date()
    if received_on < issued_day:
        raise DocumentRefused(
            _("Revise la fecha."),
            {
                "received_on": [
                    _("El documento se expidió el %(day)s: no pudo recibirse antes.")
                    % {"day": catalog.long_date(issued_day, "es")}
                ]
            },
        )
    if received_on > now.astimezone(PR_TZ).date():
        raise DocumentRefused(
            _("Revise la fecha."), {"received_on": [_("La fecha de recibo no puede ser posterior a hoy.")]}
        )
    d.received_on = received_on
    d.receipt_note = note
    d.status = Delivery.Status.RECEIVED
    spec = catalog.BY_KEY[doc.template]
    entry = _receipt_act(user, d, spec, received_on, note, now)
    if entry is None and d.by_email:
        # No act records this receipt: the docket keeps it as a record of its own (by hand or by
        # mail, the service entry already carries the date of receipt).
        entry = do_record_entry(
            user=user,
            case=doc.case,
            event_type="service_received",
            occurred_at=clock.start_of_day(received_on),
            has_time=False,
            payload={
                "document": doc.pk,
                "delivery": d.pk,
                "method": d.method,
                "recipient": d.recipient_name,
                "recipient_role": d.recipient_role,
                "received_on": received_on.isoformat(),
                "sha256": doc.sha256,
            },
            note=note,
            now=now,
        )
    d.receipt_entry = entry
    d.save(update_fields=["received_on", "receipt_note", "status", "receipt_entry"])


def preview_receipt(
    *, document: Document, role: str, name: str, method: str, received_on: dt.date, now: dt.datetime | None = None
) -> ActPreview | None:
    """What serving ``document`` by hand or by mail on ``received_on`` would record, writing nothing: the
    act its receipt is and the terms that act opens, computed by the engine (the check step before the
    service, issue 29); None when the receipt records no act. Raises :class:`DocumentRefused` as the
    service would."""
    d = Delivery(document=document, recipient_role=role, recipient_name=name, method=method)
    act = _receipt_input(d, catalog.BY_KEY[document.template], received_on, "")
    if act is None:
        return None
    try:
        return preview_act(case=Case.objects.select_related("body").get(pk=document.case_id), act=act, now=now)
    except ActRefused as exc:
        msgs = [m for ms in exc.field_errors.values() for m in ms] or [exc.message]
        raise DocumentRefused(_("Revise la fecha."), {"received_on": msgs}) from None


def _receipt_act(
    user: Any, d: Delivery, spec: catalog.DocSpec, received_on: dt.date, note: str, now: dt.datetime
) -> DocketEntry | None:
    """Record the act the receipt is (``respondent_notified`` starts the term to answer)."""
    act_input = _receipt_input(d, spec, received_on, note)
    if act_input is None:
        return None
    case = Case.objects.select_related("body").get(pk=d.document.case_id)
    pdf = UploadedDocument(
        d.document.filename, files.read_verified(d.document.file, d.document.sha256), "application/pdf"
    )
    try:
        return do_record_act(user=user, case=case, act=replace(act_input, attachments=[pdf]), now=now)
    except ActRefused as exc:
        msgs = [m for ms in exc.field_errors.values() for m in ms] or [exc.message]
        raise DocumentRefused(_("Revise la fecha."), {"received_on": msgs}) from None


def _receipt_input(d: Delivery, spec: catalog.DocSpec, received_on: dt.date, note: str) -> ActInput | None:
    """The act the receipt of ``d`` is, as it would be recorded (without the PDF); None when it records
    none (no receipt act, another recipient, already on the docket)."""
    act = spec.receipt_act
    if act is None or d.recipient_role not in spec.receipt_roles:
        return None
    case = Case.objects.select_related("body").get(pk=d.document.case_id)
    entries = list(case.entries.all())
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    source = d.document.source
    # A notice may concern one of the source's (a denial of recusal, one member: CAM-09-08): it says
    # which, so that it answers that one's term only and another's can still be notified.
    per = spec.receipt_per
    member = source.payload.get(per) if per else None
    if any(
        e.event_type == act
        and e.pk not in superseded
        and e.seq > source.seq
        and (member is None or e.payload.get(per) in (None, member))
        for e in entries
    ):
        return None  # already on the docket (a second recipient of the same notice)
    if spec.receipt_unless and source.payload.get(spec.receipt_unless):
        return None  # e.g. only a denied recusal is notified this way (Sec. 9 ¶5)
    payload = dict(spec.receipt_payload)
    if member is not None:
        payload[per] = member
    if spec.receipt_lists_parties:
        payload["recipients"] = sorted(
            {x.recipient_role for x in d.document.deliveries.all()} & {"respondent", "complainant"}
            | ({d.recipient_role} & {"respondent", "complainant"})
        )
    occurred = clock.start_of_day(received_on)
    method = Delivery.Method(d.method).label
    text = _("Recibo de «%(doc)s» (SHA-256 %(sha)s) por %(name)s; medio: %(method)s.") % {
        "doc": d.document.title,
        "sha": d.document.sha256,
        "name": d.recipient_name,
        "method": method,
    }
    if note:
        text += " " + note
    return ActInput(act, occurred, False, payload, {}, text, [])


# -- e-mail ---------------------------------------------------------------------------------------------

SERVICE_USERNAME = "servicio-de-notificaciones"


def service_user() -> Any:
    """The account that records the e-mail attempts (the worker's) on the docket; it cannot sign in."""
    return User.machine(SERVICE_USERNAME, "Servicio de", "notificaciones")


def attempt_delivery(delivery: Delivery, *, now: dt.datetime | None = None) -> DeliveryAttempt:
    """One attempt to send ``delivery`` by e-mail; the attempt is logged whatever happens."""
    now = now or clock.now()
    d = Delivery.objects.select_related("document__case__body").get(pk=delivery.pk)
    message = service.build_message(d, now)
    result = service.send_message(message)
    # The message has left: what remains is its record. A write that fails for a passing reason (a
    # deadlock or serialization failure on PostgreSQL) is tried again rather than lost — losing it
    # would send the notice twice and drop the proof of the first.
    tries = _RECORD_TRIES
    while True:
        try:
            return _record_attempt(d, result, now)
        except OperationalError:
            tries -= 1
            if not tries:
                raise
            log.warning("service attempt of delivery %s: recording failed, trying again", d.pk, exc_info=True)


_RECORD_TRIES = 3


def _record_attempt(d: Delivery, result: Any, now: dt.datetime) -> DeliveryAttempt:
    """Record one sent (or refused) attempt: the attempt row, its docket entry, its chain link."""
    with transaction.atomic():
        d = Delivery.objects.select_for_update(of=("self",)).select_related("document__case__body").get(pk=d.pk)
        attempt = DeliveryAttempt.objects.create(
            delivery=d,
            at=now,
            recipient=d.recipient_email,
            message_id=result.message_id,
            ok=result.ok,
            server_answer=result.answer[:2000],
        )
        d.attempts += 1
        # Every attempt on the docket, recorded by the service account (nobody signs in as it); before
        # the attempt's own chain link, so that the case row is locked before the chain's head (the
        # order every act takes).
        do_record_entry(
            user=service_user(),
            case=d.document.case,
            event_type="service_attempted",
            occurred_at=now,
            has_time=True,
            payload=_attempt(
                d,
                d.document,
                d.attempts,
                d.recipient_email,
                message_id=result.message_id,
                answer=result.answer[:2000],
                ok=result.ok,
            ),
            now=now,
        )
        chain.append("documents.DeliveryAttempt", attempt)  # the proof of service is tamper-evident too
        if result.ok:
            d.status = Delivery.Status.SENT
            d.sent_at = now
            d.message_id = result.message_id
            d.next_attempt_at = None
            d.last_error = ""
        else:
            d.last_error = result.answer[:2000]
            if d.attempts >= MAX_ATTEMPTS:
                d.status = Delivery.Status.FAILED
                d.next_attempt_at = None
            else:
                d.status = Delivery.Status.RETRYING
                d.next_attempt_at = now + RETRY_BASE * (2 ** (d.attempts - 1))
        d.save(update_fields=["attempts", "status", "sent_at", "message_id", "next_attempt_at", "last_error"])
    return attempt


SERVED_OTHERWISE = "Notificado por otro medio: no se reintenta."


def stop_served_retries() -> int:
    """A document served by any means to its recipient (a receipt recorded: by hand, by mail) stops the
    retries of its e-mails to the same recipient (issue 29): they would serve it twice. Returns how many."""
    served = Delivery.objects.filter(
        document=OuterRef("document"),
        recipient_name=OuterRef("recipient_name"),
        recipient_role=OuterRef("recipient_role"),
        status=Delivery.Status.RECEIVED,
    )
    return Delivery.objects.filter(
        Exists(served), status__in=[Delivery.Status.PENDING, Delivery.Status.RETRYING]
    ).update(status=Delivery.Status.FAILED, next_attempt_at=None, last_error=SERVED_OTHERWISE)


def due_deliveries(*, now: dt.datetime | None = None, limit: int = 100) -> list[tuple[int, int]]:
    """The e-mails whose next attempt is due, as (delivery id, attempts so far): the queue's retry sweep
    (ventila/jobs) enqueues one job for each — keyed by both, so that one attempt is made once. None of a
    document already served to its recipient by another means."""
    now = now or clock.now()
    stop_served_retries()
    return list(
        Delivery.objects.filter(
            status__in=[Delivery.Status.PENDING, Delivery.Status.RETRYING], next_attempt_at__lte=now
        )
        .order_by("next_attempt_at", "id")
        .values_list("id", "attempts")[:limit]
    )


def retry_delivery(delivery_id: int, attempts: int, *, now: dt.datetime | None = None) -> DeliveryAttempt | None:
    """The next attempt of one e-mail, if it is still due and still at ``attempts`` (a job run again after its
    worker died finds it made, and makes no second one); None when there is nothing to do."""
    now = now or clock.now()
    d = (
        Delivery.objects.filter(
            pk=delivery_id,
            attempts=attempts,
            status__in=[Delivery.Status.PENDING, Delivery.Status.RETRYING],
            next_attempt_at__lte=now,
        )
        .select_related("document")
        .first()
    )
    if d is None:
        return None
    return attempt_delivery(d, now=now)
