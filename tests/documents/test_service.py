"""Service and proof: e-mail through a real SMTP server on loopback, signed links, retries by the
worker, and receipts by hand or mail that start the terms (Sec. 21(b)(2), 21(c)(11); ¶12–¶13)."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.test import Client
from factories import file_complaint, to_hearing
from pypdf import PdfReader

from ventila.cases.models import DocketEntry
from ventila.documents.actions import DocumentRefused, do_record_receipt
from ventila.documents.models import Delivery, DeliveryAttempt

from .helpers import deliver, flat, issue, pdf_pages

pytestmark = pytest.mark.django_db


def _notice(world, case):
    return issue(world, case, "notice_of_complaint")


def test_email_with_the_pdf_attached_is_received_and_every_attempt_logged(world, now, smtp):
    case = file_complaint(world)
    doc = _notice(world, case)
    now.set("2027-03-01 15:00")
    d = deliver(world, doc, "email_attachment")
    assert d.status == Delivery.Status.SENT and d.attempts == 1
    [msg] = smtp.messages
    assert msg["To"] == "rafael@example.org"
    assert msg["From"] == "Comisión de Ética <notificaciones@etica.example.org>"
    assert msg["Subject"] == "CE-2027-0001 · Notificación de la querella"
    assert msg["Message-ID"].strip() == d.message_id
    body = msg.get_body(("plain",)).get_content()
    assert doc.sha256 in body and "Sec. 21(b)(4) (CAM-21B-04)" in body
    [att] = list(msg.iter_attachments())
    assert att.get_content_type() == "application/pdf" and att.get_filename() == doc.filename
    pdf = att.get_content()
    assert pdf == doc.file.read()
    text = flat(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages))
    assert "CE-2027-0001" in text and "Advertencia de rebeldía" in text
    [attempt] = DeliveryAttempt.objects.filter(delivery=d)
    assert attempt.ok and attempt.recipient == "rafael@example.org" and attempt.message_id == d.message_id
    assert attempt.server_answer == "250 2.0.0 Ok: queued as VNT0001"
    assert attempt.at == now.set("2027-03-01 15:00")
    # E-mail is not receipt: the term to answer starts only when the receipt is recorded.
    assert not case.entries.filter(event_type="respondent_notified").exists()
    now.set("2027-03-04 09:00")
    do_record_receipt(
        user=world.users["secretaria"],
        delivery=d,
        received_on=dt.date(2027, 3, 3),
        note="Acuse de recibo por correo de la oficina del Representante.",
    )
    entry = case.entries.get(event_type="respondent_notified")
    assert entry.occurred_day == dt.date(2027, 3, 3)
    [pdf_on_docket] = entry.attachments.all()
    assert pdf_on_docket.sha256 == doc.sha256
    case.refresh_from_db()
    # Hand-computed: 15 business days after Wed Mar 3, skipping Mon Mar 22 (Abolition Day) → Thu Mar 25.
    assert case.deadlines.get(deadline_id="answer").due == dt.date(2027, 3, 25)


def test_email_with_a_signed_link_that_expires(world, now, smtp, monkeypatch):
    case = file_complaint(world)
    doc = _notice(world, case)
    d = deliver(world, doc, "email_link", name="Rafael")
    [msg] = smtp.messages
    assert not list(msg.iter_attachments())
    body = msg.get_body(("plain",)).get_content()
    url = next(line for line in body.splitlines() if line.startswith("http://testserver/documentos/enlace/"))
    path = url.removeprefix("http://testserver")
    anonymous = Client()
    r = anonymous.get(path)
    assert r.status_code == 200 and b"".join(r.streaming_content) == doc.file.read()
    assert anonymous.get(path[:-3] + "xx/").status_code == 404  # tampered
    import time

    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 31 * 86400)  # VENTILA_DOCUMENT_LINK_DAYS = 30
    assert anonymous.get(path).status_code == 404
    assert d.status == Delivery.Status.SENT


def test_refused_email_is_retried_by_the_worker_and_shown_to_staff(world, now, smtp):
    case = file_complaint(world)
    doc = _notice(world, case)
    smtp.refuse = "451 4.3.0 Mailbox temporarily unavailable"
    now.set("2027-03-01 15:00")
    d = deliver(world, doc, "email_attachment", name="Rafael")
    assert d.status == Delivery.Status.RETRYING and d.attempts == 1
    assert d.next_attempt_at == now.set("2027-03-01 15:05")
    assert "451" in d.last_error and "Mailbox temporarily unavailable" in d.last_error
    c = Client()
    c.force_login(world.users["secretaria"])
    page = c.get(f"/expedientes/{case.number}/").content.decode()
    assert "Notificaciones por correo que fallaron: 1." in page and "Falló; se reintentará" in page
    # Not yet due: the worker leaves it.
    now.set("2027-03-01 15:04")
    call_command("worker", "--once", "--no-reminders", stdout=io.StringIO())
    assert DeliveryAttempt.objects.filter(delivery=d).count() == 1
    smtp.refuse = ""
    now.set("2027-03-01 15:06")
    out = io.StringIO()
    call_command("worker", "--once", "--no-reminders", stdout=out)
    d.refresh_from_db()
    assert d.status == Delivery.Status.SENT and d.attempts == 2 and len(smtp.messages) == 1
    assert "aceptado · 250 2.0.0 Ok: queued as VNT0001" in out.getvalue()
    attempts = list(DeliveryAttempt.objects.filter(delivery=d).order_by("at"))
    assert [(a.ok, a.server_answer[:3]) for a in attempts] == [(False, "451"), (True, "250")]
    assert "451 4.3.0" in attempts[0].server_answer
    assert attempts[0].message_id != attempts[1].message_id
    from ventila.audit import chain

    assert chain.verify(check_files=False).problems == []  # attempts are chained with the docket
    assert "Notificaciones por correo que fallaron: 1." not in c.get(f"/expedientes/{case.number}/").content.decode()


def test_unreachable_server_gives_up_after_the_last_attempt(world, now, no_smtp):
    from ventila.documents.actions import MAX_ATTEMPTS
    from ventila.jobs.schedule import run_now

    case = file_complaint(world)
    doc = _notice(world, case)
    d = deliver(world, doc, "email_attachment", name="Rafael")
    assert (
        d.status == Delivery.Status.RETRYING
        and d.last_error == "Sin respuesta del servidor de correo: rechazó la conexión."
    )
    moment = now.set("2027-03-01 11:00")
    for _ in range(MAX_ATTEMPTS - 1):
        moment += dt.timedelta(hours=2)
        from ventila import clock

        clock.set_now(moment)
        run_now("deliveries")
    d.refresh_from_db()
    assert d.status == Delivery.Status.FAILED and d.attempts == MAX_ATTEMPTS and d.next_attempt_at is None
    assert DeliveryAttempt.objects.filter(delivery=d, ok=False).count() == MAX_ATTEMPTS


def test_service_by_hand_records_the_date_of_receipt_which_starts_the_term(world, now):
    case = file_complaint(world)
    doc = _notice(world, case)
    c = Client()
    c.force_login(world.users["secretaria"])
    url = f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/"
    respondent = case.parties.get(role="respondent")
    now.set("2027-03-06 10:00")
    # Bad input: the date of receipt is missing; the error is beside the field, nothing is lost.
    r = c.post(url, {"recipient": f"party-{respondent.pk}", "method": "hand", "note": "Entregada en su oficina."})
    page = r.content.decode()
    assert r.status_code == 200 and "Indique la fecha en que el destinatario recibió el documento." in page
    assert "Entregada en su oficina." in page and not Delivery.objects.exists()
    r = c.post(
        url,
        {
            "recipient": f"party-{respondent.pk}",
            "method": "hand",
            "received_on": "2027-03-05",
            "note": "Entregada en su oficina.",
        },
    )
    assert r.status_code == 302
    d = Delivery.objects.get()
    assert d.status == Delivery.Status.RECEIVED and d.received_on == dt.date(2027, 3, 5)
    entry = d.receipt_entry
    assert entry.event_type == "respondent_notified" and entry.occurred_day == dt.date(2027, 3, 5)
    assert doc.sha256 in entry.note and entry.attachments.get().sha256 == doc.sha256
    case.refresh_from_db()
    # 15 business days after Fri Mar 5, skipping Mon Mar 22 (Abolition Day) and Fri Mar 26 (Good Friday).
    assert case.deadlines.get(deadline_id="answer").due == dt.date(2027, 3, 30)
    # The Speaker's copy by mail records speaker_notified on its date of receipt.
    copy = issue(world, case, "speaker_copy")
    deliver(world, copy, "mail", role="speaker", name="Presidente de la Cámara", received_on=dt.date(2027, 3, 6))
    assert DocketEntry.objects.get(case=case, event_type="speaker_notified").occurred_day == dt.date(2027, 3, 6)


def test_receipt_dates_before_issue_or_in_the_future_are_refused(world, now):
    case = file_complaint(world)
    doc = _notice(world, case)
    for day, message in [
        (dt.date(2027, 2, 28), "no pudo recibirse antes"),
        (dt.date(2027, 3, 2), "no puede ser posterior a hoy"),
    ]:
        with pytest.raises(DocumentRefused) as exc:
            deliver(world, doc, "hand", name="R", received_on=day)
        assert message in exc.value.field_errors["received_on"][0]
    assert not Delivery.objects.exists() and not case.entries.filter(event_type="respondent_notified").exists()


def test_initial_summons_is_not_served_on_the_respondent_by_email(world, now, smtp):
    case = file_complaint(world)
    entry = to_hearing(world, case, now)
    doc = issue(world, case, "hearing_summons", seq=entry.seq, edits={"witnesses": "Testigo Uno"})
    with pytest.raises(DocumentRefused) as exc:
        deliver(world, doc, "email_attachment", name="Rafael")
    assert "CAM-21C-08" in exc.value.field_errors["method"][0]
    assert smtp.messages == []
    # To the complainant, e-mail is one of the means Sec. 21(c)(11) allows.
    d = deliver(world, doc, "email_attachment", role="complainant", name="Ana", email="ana@example.org")
    assert d.status == Delivery.Status.SENT
    text = flat(" ".join(pdf_pages(smtp.messages[0].get_payload()[1].get_content())))
    assert "jueves, 15 de abril de 2027 a las 10:00" in text


def test_a_sent_notice_whose_record_fails_once_is_recorded_not_sent_again(world, now, smtp, monkeypatch):
    # The message has left when its record is written: a passing database failure (a deadlock on
    # PostgreSQL) is tried again, so the notice is sent once and its proof kept.
    from django.db import OperationalError

    from ventila.documents import actions

    case = file_complaint(world)
    doc = _notice(world, case)
    real, calls = actions.do_record_entry, []

    def flaky(**kwargs):
        calls.append(kwargs["event_type"])
        if len(calls) == 1:
            raise OperationalError("deadlock detected")
        return real(**kwargs)

    monkeypatch.setattr(actions, "do_record_entry", flaky)
    d = deliver(world, doc, "email_attachment", name="Rafael")
    assert calls == ["service_attempted", "service_attempted"]
    assert d.status == Delivery.Status.SENT and d.attempts == 1 and len(smtp.messages) == 1
    assert DeliveryAttempt.objects.filter(delivery=d).count() == 1
    entry = case.entries.get(event_type="service_attempted")
    assert (entry.payload["attempt"], entry.payload["message_id"]) == (1, d.message_id)


def test_the_worker_goes_on_when_one_attempt_cannot_be_recorded(world, now, smtp, monkeypatch):
    from django.db import OperationalError

    from ventila.documents import actions

    case = file_complaint(world)
    doc = _notice(world, case)
    smtp.refuse = "451 4.3.0 Mailbox temporarily unavailable"
    now.set("2027-03-01 15:00")
    first, second = (
        deliver(world, doc, "email_attachment", role=role, name=name, email=email)
        for role, name, email in (
            ("respondent", "Rafael", "rafael@example.org"),
            ("complainant", "Ana", "ana@example.org"),
        )
    )
    smtp.refuse = ""
    real = actions._record_attempt

    def broken_for_first(d, result, at):
        if d.pk == first.pk:
            raise OperationalError("the database went away")
        return real(d, result, at)

    monkeypatch.setattr(actions, "_record_attempt", broken_for_first)
    now.set("2027-03-01 15:06")
    out = io.StringIO()
    call_command("worker", "--once", "--no-reminders", stdout=out)
    first.refresh_from_db()
    second.refresh_from_db()
    assert second.status == Delivery.Status.SENT and second.attempts == 2
    assert f"envío {second.pk} a ana@example.org: aceptado" in out.getvalue()
    # The first stays due for the next round, its refused first attempt still on record.
    assert first.status == Delivery.Status.RETRYING and first.attempts == 1
    assert first.next_attempt_at <= now.set("2027-03-01 15:06")
