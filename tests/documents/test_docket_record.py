"""Issued documents and every attempt to serve them are docket entries (``document_issued``,
``service_attempted``), written in the same transaction as the frozen document or the attempt row,
chained in the audit record, shown on the case page, and without effect on terms or stage."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import re

import pytest
from django.core.management import call_command
from django.test import Client
from factories import file_complaint, record

from ventila.audit import chain
from ventila.cases.actions import ActRefused
from ventila.cases.models import CaseDeadline, DocketEntry
from ventila.documents import actions as doc_actions
from ventila.documents.actions import SERVICE_USERNAME
from ventila.documents.models import Delivery, DeliveryAttempt, Document, Draft

from .helpers import deliver, issue

pytestmark = pytest.mark.django_db


def _derived(case):
    """Everything the rulebook derives from the docket, as stored on the case."""
    case.refresh_from_db()
    terms = list(
        CaseDeadline.objects.filter(case=case)
        .order_by("position")
        .values_list("deadline_id", "due", "status", "satisfied_by", "satisfied_on")
    )
    findings = sorted(case.findings.values_list("finding_id", "message"))
    return case.stage, case.procedure, list(case.allowed_next), case.next_due, terms, findings


def _stored_sha(doc: Document) -> str:
    with doc.file.open("rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def test_issuing_dockets_the_document_with_the_sha256_of_the_stored_pdf(world, now):
    case = file_complaint(world)
    before = _derived(case)
    now.set("2027-03-01 14:20")
    doc = issue(world, case, "notice_of_complaint")
    entry = case.entries.get(event_type="document_issued")
    assert entry.payload == {
        "document": doc.pk,
        "template": "notice_of_complaint",
        "title": "Notificación de la querella",
        "sha256": doc.sha256,
        "rule": "CAM-21B-04",
        "citation": doc.citation,
        "source_seq": 1,
        "language": "es",
    }
    assert entry.payload["sha256"] == _stored_sha(doc)  # the hash on the docket is the stored file's
    assert entry.seq == 2 and entry.has_time and entry.occurred_at == doc.issued_at == now.set("2027-03-01 14:20")
    assert entry.recorded_by == world.users["secretaria"]
    # A record, not an act: the case re-derived from the docket is exactly what it was.
    from ventila.cases.actions import do_refresh_case

    do_refresh_case(case)
    assert _derived(case) == before
    assert chain.verify(check_files=True).problems == []


def test_issuing_is_one_transaction_with_its_docket_entry(world, now, monkeypatch):
    case = file_complaint(world)

    def refuse(**kwargs):
        raise ActRefused("no")

    monkeypatch.setattr(doc_actions, "do_record_entry", refuse)
    with pytest.raises(ActRefused):
        issue(world, case, "notice_of_complaint")
    # Nothing of the issue survives: no document, the draft still there, no entry.
    assert not Document.objects.exists() and Draft.objects.count() == 1
    assert list(case.entries.values_list("event_type", flat=True)) == ["complaint_filed"]


def test_every_email_attempt_is_docketed_by_the_service_account(world, now, smtp):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    before = _derived(case)
    smtp.refuse = "451 4.3.0 Mailbox temporarily unavailable"
    now.set("2027-03-01 15:00")
    d = deliver(world, doc, "email_attachment")
    assert d.status == Delivery.Status.RETRYING
    smtp.refuse = ""
    now.set("2027-03-01 15:06")
    call_command("worker", "--once", "--no-reminders", stdout=io.StringIO())
    d.refresh_from_db()
    assert d.status == Delivery.Status.SENT
    entries = list(case.entries.filter(event_type="service_attempted").order_by("seq"))
    attempts = list(DeliveryAttempt.objects.filter(delivery=d).order_by("at"))
    assert len(entries) == len(attempts) == 2
    for n, (e, a) in enumerate(zip(entries, attempts, strict=True), start=1):
        assert e.occurred_at == a.at and e.has_time
        assert e.payload == {
            "document": doc.pk,
            "delivery": d.pk,
            "attempt": n,
            "method": "email_attachment",
            "recipient": "rafael@example.org",
            "recipient_name": "Rafael Quiñones Ficticio",
            "recipient_role": "respondent",
            "sha256": doc.sha256,
            "message_id": a.message_id,
            "answer": a.server_answer,
            "ok": a.ok,
        }
    assert [e.payload["ok"] for e in entries] == [False, True]
    assert entries[0].payload["answer"] == "451 4.3.0 Mailbox temporarily unavailable"
    assert entries[1].payload["answer"] == "250 2.0.0 Ok: queued as VNT0001"
    assert entries[1].payload["message_id"] == d.message_id == smtp.messages[0]["Message-ID"].strip()
    # Recorded by the service account, which cannot sign in.
    service = entries[0].recorded_by
    assert {e.recorded_by_id for e in entries} == {service.pk}
    assert service.username == SERVICE_USERNAME and not service.is_active and not service.has_usable_password()
    assert not Client().login(username=SERVICE_USERNAME, password="")
    assert _derived(case) == before  # e-mail is not receipt: nothing derived moved
    assert chain.verify(check_files=True).problems == []
    out = io.StringIO()
    call_command("audit", "verify", stdout=out)


def test_an_unreachable_server_is_docketed_with_its_error(world, now, no_smtp):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    d = deliver(world, doc, "email_link", name="Rafael")
    [e] = case.entries.filter(event_type="service_attempted")
    [a] = DeliveryAttempt.objects.filter(delivery=d)
    assert e.payload["ok"] is False and e.payload["method"] == "email_link"
    assert e.payload["answer"] == a.server_answer and a.server_answer  # the connection error, in words


def test_hand_service_dockets_the_service_and_the_receipt_linked_to_the_document(world, now):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    now.set("2027-03-03 16:00")
    d = deliver(world, doc, "hand", received_on=dt.date(2027, 3, 2), receipt_note="Firmó el acuse en su oficina.")
    service = case.entries.get(event_type="service_attempted")
    assert service.payload == {
        "document": doc.pk,
        "delivery": d.pk,
        "attempt": 1,
        "method": "hand",
        "recipient": "Rafael Quiñones Ficticio",
        "recipient_name": "Rafael Quiñones Ficticio",
        "recipient_role": "respondent",
        "sha256": doc.sha256,
        "ok": True,
        "received_on": "2027-03-02",
    }
    assert service.occurred_day == dt.date(2027, 3, 2) and service.recorded_by == world.users["secretaria"]
    receipt = case.entries.get(event_type="respondent_notified")
    assert d.receipt_entry == receipt and receipt.seq == service.seq + 1
    [pdf] = receipt.attachments.all()
    assert pdf.sha256 == doc.sha256 == _stored_sha(doc)
    case.refresh_from_db()
    # The receipt (an act) starts the term; 15 business days from Tue Mar 2, 2027 (Mar 22 is a holiday).
    assert case.deadlines.get(deadline_id="answer").due == dt.date(2027, 3, 24)
    # The case page links both entries to the document.
    c = Client()
    c.force_login(world.users["secretaria"])
    page = c.get(f"/expedientes/{case.number}/").content.decode()
    link = f'href="/expedientes/{case.number}/documentos/{doc.pk}/"'
    issued = case.entries.get(event_type="document_issued")
    assert link in _timeline_item(page, receipt.seq)
    # The service is folded under the entry of the document's issue (which links the document).
    assert link in _timeline_item(page, issued.seq)
    whole = page[page.index(f'id="anotacion-{issued.seq}"') : page.index('id="anotacion-1"')]  # newest first
    assert f'<li class="timeline-attempt" id="anotacion-{service.seq}">' in whole
    assert "Recibo del documento" in _timeline_item(page, receipt.seq)
    assert "Entrega personal" in _timeline_item(page, service.seq) and "2 de marzo de 2027" in _timeline_item(
        page, service.seq
    )
    # The document's page points back to the entries that record its issue and its service.
    page = c.get(f"/expedientes/{case.number}/documentos/{doc.pk}/").content.decode()
    assert "En el expediente" in page
    for seq in (issued.seq, service.seq):
        assert f'href="/expedientes/{case.number}/#anotacion-{seq}"' in page


def _timeline_item(page: str, seq: int) -> str:
    """The markup of entry ``seq`` in the timeline: a line of its own, or an attempt folded under its
    document (up to the next entry)."""
    m = re.search(
        rf'<li class="timeline-(?:item|attempt)[^"]*" id="anotacion-{seq}">(.*?)(?:<li class="timeline-|</ol>)',
        page,
        re.S,
    )
    assert m, seq
    return m.group(1)


def test_the_case_page_shows_the_records_in_spanish_and_they_cannot_be_corrected(world, now, smtp):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    smtp.refuse = "550 5.1.1 No such user"
    now.set("2027-03-01 15:00")
    deliver(world, doc, "email_attachment")
    issued = case.entries.get(event_type="document_issued")
    attempt = case.entries.get(event_type="service_attempted")
    c = Client()
    c.force_login(world.users["secretaria"])
    page = c.get(f"/expedientes/{case.number}/").content.decode()
    item = _timeline_item(page, issued.seq)
    for text in (
        "Documento expedido",
        "«Notificación de la querella»",
        doc.sha256,
        "Sec. 21(b)(4)",
        "CAM-21B-04",
        "anotación n.º 1",
        "Español",
    ):
        assert text in item, text
    assert "Corregir esta anotación" not in item
    item = _timeline_item(page, attempt.seq)
    for text in (
        "Intento de notificación",
        "Correo electrónico con el PDF adjunto",
        "Rafael Quiñones Ficticio &lt;rafael@example.org&gt;",
        "Intento n.º",
        "550 5.1.1 No such user",
        "Falló",
        "El envío falló",
        attempt.payload["message_id"].strip("<>"),
        doc.sha256,
    ):
        assert text in item, text
    assert "Corregir esta anotación" not in item
    assert "Corregir esta anotación" in _timeline_item(page, 1)  # the acts still can be
    # Members who may see the case see the same record; nobody records or corrects one by hand.
    member = Client()
    member.force_login(world.users["comisionado"])
    assert doc.sha256 in member.get(f"/expedientes/{case.number}/").content.decode()
    r = c.post(f"/expedientes/{case.number}/actos/document_issued/", {"occurred_at": "2027-03-01"})
    assert r.status_code == 409
    assert c.get(f"/expedientes/{case.number}/anotaciones/{issued.seq}/corregir/").status_code == 403
    assert c.post(f"/expedientes/{case.number}/anotaciones/{attempt.seq}/corregir/", {}).status_code == 403
    assert case.entries.count() == 3
    # Who may not see the case learns nothing (404, like a case that does not exist).
    outsider = Client()
    outsider.force_login(world.users["ajeno"])
    assert outsider.get(f"/expedientes/{case.number}/").status_code == 404
    anonymous = Client().get(f"/expedientes/{case.number}/")
    assert anonymous.status_code == 302 and doc.sha256 not in anonymous.content.decode()


def test_record_only_entries_refuse_a_bad_payload_in_spanish(world, now):
    from ventila.cases.actions import do_record_entry

    case = file_complaint(world)

    def entry(event_type, payload):
        user = world.users["secretaria"]
        at = now.set("2027-03-01 12:00")
        do_record_entry(user=user, case=case, event_type=event_type, occurred_at=at, has_time=True, payload=payload)

    with pytest.raises(ActRefused) as exc:
        entry("document_issued", {"document": 1, "template": "x", "title": "x", "rule": "CAM-21B-04"})
    assert list(exc.value.field_errors) == ["sha256"] and "falta este dato" in exc.value.field_errors["sha256"][0]
    with pytest.raises(ActRefused) as exc:
        entry("answer_filed", {})
    assert "no es una anotación de constancia" in exc.value.message
    assert not DocketEntry.objects.exclude(event_type="complaint_filed").exists()


def test_record_only_entries_do_not_change_later_acts_or_their_terms(world, now, smtp):
    """Record-only entries between acts (same day too) leave the next acts allowed and their terms."""
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    deliver(world, doc, "email_attachment", name="Rafael")
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-10 12:00")
    record(world, case, "extension_requested", "2027-03-10", reasons="Acopio de prueba.")
    plain = file_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, plain, "respondent_notified", "2027-03-03")
    now.set("2027-03-10 12:00")
    record(world, plain, "extension_requested", "2027-03-10", reasons="Acopio de prueba.")
    assert case.entries.count() == plain.entries.count() + 2
    assert _derived(case) == _derived(plain)


def test_a_receipt_that_is_no_act_is_docketed_as_a_record(world, now, smtp):
    """The respondent's receipt of the notice is the act that starts the term; a copy e-mailed to
    counsel and acknowledged is docketed as ``service_received``, which starts nothing."""
    from ventila.documents.actions import do_record_receipt

    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    now.set("2027-03-01 15:00")
    to_counsel = deliver(
        world, doc, "email_link", role="counsel", name="Lcda. Olga Abogada Ficticia", email="olga@example.org"
    )
    to_respondent = deliver(world, doc, "email_attachment")
    before = _derived(case)
    now.set("2027-03-03 12:00")
    d = do_record_receipt(
        user=world.users["secretaria"],
        delivery=to_counsel,
        received_on=dt.date(2027, 3, 2),
        note="Acuse por correo de la abogada.",
    )
    record_entry = case.entries.get(event_type="service_received")
    assert d.receipt_entry == record_entry and record_entry.occurred_day == dt.date(2027, 3, 2)
    assert record_entry.payload == {
        "document": doc.pk,
        "delivery": to_counsel.pk,
        "method": "email_link",
        "recipient": "Lcda. Olga Abogada Ficticia",
        "recipient_role": "counsel",
        "received_on": "2027-03-02",
        "sha256": doc.sha256,
    }
    assert not case.entries.filter(event_type="respondent_notified").exists()
    assert _derived(case) == before  # counsel's receipt starts no term
    d = do_record_receipt(user=world.users["secretaria"], delivery=to_respondent, received_on=dt.date(2027, 3, 3))
    assert d.receipt_entry.event_type == "respondent_notified"
    assert case.entries.filter(event_type="service_received").count() == 1
    case.refresh_from_db()
    assert case.deadlines.get(deadline_id="answer").due == dt.date(2027, 3, 25)
    c = Client()
    c.force_login(world.users["secretaria"])
    item = _timeline_item(c.get(f"/expedientes/{case.number}/").content.decode(), record_entry.seq)
    for text in (
        "Recibo de la notificación",
        "Lcda. Olga Abogada Ficticia",
        "2 de marzo de 2027",
        "Correo electrónico con enlace firmado",
        f'/documentos/{doc.pk}/"',
    ):
        assert text in item, text
    assert "Corregir esta anotación" not in item
