"""The public e-filing form over HTTP (Django's test client): the whole filing, the receipt (page,
PDF, e-mail through a real SMTP server on loopback), the follow-up key, and every refusal."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import re
import socket

import pytest
from django.test import Client
from documents.helpers import deliver, issue
from factories import make_person, record, tiny_pdf

from filing.helpers import PDF, PNG, camara_steps, citizen, drafts_of, follow_up_key, upload, walk
from ventila.cases.models import (
    Attachment,
    Case,
    CaseCounter,
    CaseDeadline,
    CaseFinding,
    DocketEntry,
    Party,
)
from ventila.filing.models import Filing, Supplement
from ventila.filing.services import key_hash

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("local_mail_and_media")]

BODY = "etica-camara"


def test_a_full_filing_opens_the_case_with_its_first_entry_and_a_receipt(world, client):
    r = walk(client, BODY, camara_steps(world, files=(("prueba.pdf", PDF), ("foto.png", PNG))))
    case = Case.objects.get()
    assert r["Location"] == f"/querellas/{BODY}/acuse/{case.number}/"
    assert case.number == "CE-2027-0001" and case.stage == "filed"
    entry = DocketEntry.objects.get(case=case)
    assert entry.seq == 1 and entry.event_type == "complaint_filed"
    assert entry.payload == {"knowledge_date": "2027-02-20", "channel": "online"}
    assert entry.recorded_by.username == "formulario-en-linea" and not entry.recorded_by.is_active
    assert "vehículo oficial" in entry.details["facts"] and "Sec. 10(i)" in entry.details["provisions"]
    assert "Luis Testigo Ficticio" in entry.details["witnesses"]
    hashes = sorted(a.sha256 for a in Attachment.objects.filter(entry=entry))
    assert hashes == sorted([hashlib.sha256(PDF).hexdigest(), hashlib.sha256(PNG).hexdigest()])
    complainant = Party.objects.get(case=case, role="complainant")
    assert (complainant.name, complainant.email, complainant.phone) == (
        "Ana Ejemplo Ficticia",
        "ana@example.org",
        "787-555-0100",
    )
    assert Party.objects.get(case=case, role="respondent").person == world.respondent
    # Sec. 21(b)(1): the 3-business-day term to notify runs from the filing, as for any complaint.
    assert CaseDeadline.objects.filter(case=case, rule_id="CAM-21B-01").exists()
    page = client.get(r["Location"]).content.decode()
    key = follow_up_key(page)
    filing = Filing.objects.get(case=case)
    assert filing.key_hash == key_hash(key) and key not in str(filing.receipt) and filing.key_hash != key
    assert "CE-2027-0001" in page and hashlib.sha256(PDF).hexdigest() in page and "11:00:00" in page
    # The clerk sees it in the work queue with its term running.
    staff = Client()
    staff.force_login(world.users["secretaria"])
    assert "CE-2027-0001" in staff.get("/expedientes/").content.decode()


def test_the_pdf_receipt_carries_number_time_key_and_hashes(world, client):
    from pypdf import PdfReader

    r = walk(client, BODY, camara_steps(world))
    key = follow_up_key(client.get(r["Location"]).content.decode())
    pdf = client.get(r["Location"] + "acuse.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    flat = "".join(text.split())
    assert "CE-2027-0001" in text and "1demarzode2027" in flat and "11:00:00" in text
    assert key.replace("-", "") in flat.replace("-", "")
    assert hashlib.sha256(PDF).hexdigest() in flat
    # Another browser (no receipt in its session) gets nothing.
    assert Client().get(r["Location"] + "acuse.pdf").status_code == 404
    assert Client().get(r["Location"]).status_code == 404


class _Sink:
    def __init__(self) -> None:
        self.envelopes: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook name)
        self.envelopes.append(envelope)
        return "250 OK"


@pytest.fixture
def smtp(settings):
    from aiosmtpd.controller import Controller

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    sink = _Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield sink
    controller.stop()


def test_the_receipt_is_emailed_through_a_real_smtp_server(world, client, smtp):
    import email

    r = walk(client, BODY, camara_steps(world, email="ana@example.org"))
    page = client.get(r["Location"]).content.decode()
    assert "Se envió una copia de este acuse a ana@example.org" in page
    assert len(smtp.envelopes) == 1 and smtp.envelopes[0].rcpt_tos == ["ana@example.org"]
    msg = email.message_from_bytes(smtp.envelopes[0].content)
    assert "CE-2027-0001" in str(email.header.make_header(email.header.decode_header(msg["Subject"])))
    parts = {p.get_content_type(): p for p in msg.walk()}
    body = parts["text/plain"].get_payload(decode=True).decode()
    assert follow_up_key(page) in body and hashlib.sha256(PDF).hexdigest() in body
    assert parts["application/pdf"].get_payload(decode=True).startswith(b"%PDF")
    assert Filing.objects.get().emailed


def test_an_smtp_failure_does_not_undo_the_filing(world, client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", s.getsockname()[1]  # nobody listens
    settings.EMAIL_TIMEOUT = 2
    r = walk(client, BODY, camara_steps(world))
    assert "No se pudo enviar el acuse" in client.get(r["Location"]).content.decode()
    assert Case.objects.count() == 1 and not Filing.objects.get().emailed


def test_a_step_with_errors_says_why_in_spanish_and_keeps_what_was_typed(world, client):
    r = client.post(
        f"/querellas/{BODY}/quien/",
        {"complainant_name": "Ana Ejemplo Ficticia", "complainant_email": "no-es-correo", "complainant_address": ""},
    )
    page = r.content.decode()
    assert r.status_code == 422
    assert "Escriba una dirección de correo electrónico válida" in page
    assert "Indique un teléfono donde se le pueda contactar o citar. (Sec. 20(7))" in page
    assert 'value="Ana Ejemplo Ficticia"' in page and 'value="no-es-correo"' in page
    # The next step is not reachable until this one is right.
    assert client.get(f"/querellas/{BODY}/hechos/")["Location"] == f"/querellas/{BODY}/quien/"
    steps = camara_steps(world)
    walk(client, BODY, steps[:2])
    # Going back keeps what was typed on the step left, even unfinished.
    r = client.post(f"/querellas/{BODY}/hechos/", {"nav": "back", "facts": "A medio escribir"})
    assert r.status_code == 302 and r["Location"] == f"/querellas/{BODY}/querellado/"
    assert "A medio escribir" in client.get(f"/querellas/{BODY}/hechos/").content.decode()
    r = client.post(f"/querellas/{BODY}/hechos/", {"facts": "Hechos.", "knowledge_date": "2099-01-01"})
    page = r.content.decode()
    assert r.status_code == 422 and "no puede ser posterior a hoy" in page
    assert "Declare que conoce los hechos de propio y personal conocimiento. (Sec. 21(a)(3))" in page
    assert "Elija al menos una disposición del Código" in page


def test_a_late_complaint_is_warned_about_accepted_and_flagged(world, client):
    from ventila.rules import RULEBOOKS

    days = RULEBOOKS["camara-171"].rules["CAM-20-06"].term.amount
    steps = camara_steps(world, knowledge="2027-01-10")
    walk(client, BODY, steps[:2])
    # Said on the step where the date is entered, in plain words, before going on (Sec. 20(6)).
    r = client.post(f"/querellas/{BODY}/hechos/", steps[2][1])
    page = r.content.decode()
    assert r.status_code == 200 and 'id="aviso-tardio"' in page
    assert f"hace más de {days} días calendario" in page and "CAM-20-06" in page
    assert "cierre sin investigarla" in page and "pulse «Continuar» otra vez" in page
    # Continuing with the same date goes on; the evidence step says it again.
    r = client.post(f"/querellas/{BODY}/hechos/", steps[2][1])
    assert r.status_code == 302 and r["Location"].endswith("/evidencia/")
    page = client.get(f"/querellas/{BODY}/evidencia/").content.decode()
    assert f"hace más de {days} días calendario" in page
    # Back on the date's step, the warning is there beside the date.
    assert 'id="aviso-tardio"' in client.get(f"/querellas/{BODY}/hechos/").content.decode()
    r = walk(client, BODY, steps[3:])
    case = Case.objects.get()
    assert CaseFinding.objects.filter(case=case, finding_id="complaint_time_barred").exists()
    assert "hace más de 30 días calendario" in client.get(r["Location"]).content.decode()


def test_uploads_are_checked_by_content_not_by_name(world, client, settings):
    walk(client, BODY, camara_steps(world)[:3])
    fake = upload("contrato.pdf", b"esto es texto, no un PDF" * 10)
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {"nav": "add_evidence", "ev_kind": "public_documents", "ev_description": "Contrato firmado", "ev_file": fake},
    )
    page = r.content.decode()
    assert r.status_code == 422 and "por su contenido es un tipo no reconocido" in page
    assert "Contrato firmado" in page  # the description is kept
    exe = upload("foto.png", b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff" + b"\x00" * 200)
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {"nav": "add_evidence", "ev_kind": "public_documents", "ev_description": "x", "ev_file": exe},
    )
    assert "application/x-msdownload" in r.content.decode()
    settings.VENTILA_FILING_MAX_FILE_MB = 0.001
    big = tiny_pdf(20)  # over 1 kB
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {"nav": "add_evidence", "ev_kind": "public_documents", "ev_description": "x", "ev_file": upload("a.pdf", big)},
    )
    assert "el máximo por archivo es 1 kB" in r.content.decode()
    settings.VENTILA_FILING_MAX_FILE_MB = 10
    settings.VENTILA_FILING_MAX_FILES = 1
    assert (
        client.post(
            f"/querellas/{BODY}/evidencia/",
            {
                "nav": "add_evidence",
                "ev_kind": "public_documents",
                "ev_description": "uno",
                "ev_file": upload("a.pdf", PDF),
            },
        ).status_code
        == 302
    )
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {
            "nav": "add_evidence",
            "ev_kind": "public_documents",
            "ev_description": "dos",
            "ev_file": upload("b.png", PNG),
        },
    )
    assert "Ya adjuntó 1 archivos, el máximo por querella" in r.content.decode()


def test_a_good_file_is_kept_while_its_description_is_fixed(world, client):
    walk(client, BODY, camara_steps(world)[:3])
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {"nav": "add_evidence", "ev_kind": "", "ev_description": "", "ev_file": upload("a.pdf", PDF)},
    )
    page = r.content.decode()
    assert r.status_code == 422 and "Se recibió el archivo «a.pdf» y se conserva" in page
    assert "Elija el tipo de evidencia de la lista." in page
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {"nav": "add_evidence", "ev_kind": "business_records", "ev_description": "Factura"},
    )
    assert r.status_code == 302
    page = client.get(f"/querellas/{BODY}/evidencia/").content.decode()
    assert "Factura" in page and hashlib.sha256(PDF).hexdigest() in page


def test_the_honeypot_refuses_and_keeps_the_draft(world, client):
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    r = client.post(f"/querellas/{BODY}/juramento/", {**steps[-1][1], "sitio_web": "http://spam.example"})
    assert r.status_code == 400 and "No se presentó" in r.content.decode()
    assert Case.objects.count() == 0
    assert 'value="ana ejemplo ficticia"' in client.get(f"/querellas/{BODY}/juramento/").content.decode()
    walk(client, BODY, steps[-1:])
    assert Case.objects.count() == 1


def test_the_rate_limit_is_per_address_and_loses_nothing(world, settings):
    settings.VENTILA_FILING_RATE = "1/3600"
    first, second, other = (
        Client(REMOTE_ADDR="203.0.113.5"),
        Client(REMOTE_ADDR="203.0.113.5"),
        Client(REMOTE_ADDR="198.51.100.7"),
    )
    walk(first, BODY, camara_steps(world))
    steps = camara_steps(world)
    walk(second, BODY, steps[:-1])
    r = second.post(f"/querellas/{BODY}/juramento/", steps[-1][1])
    assert r.status_code == 429 and "Su borrador se conserva" in r.content.decode()
    assert Case.objects.count() == 1
    assert "Ana Ejemplo Ficticia" in second.get(f"/querellas/{BODY}/juramento/").content.decode()
    walk(other, BODY, camara_steps(world))
    assert Case.objects.count() == 2


def test_a_failed_upload_never_leaves_a_half_created_case(world, client, monkeypatch):
    from django.core.files.storage import FileSystemStorage

    steps = camara_steps(world, files=(("a.pdf", PDF), ("b.png", PNG)))
    walk(client, BODY, steps[:-1])
    real_save = FileSystemStorage._save
    calls = {"n": 0}

    def failing_save(self, name, content):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError("disco lleno")
        return real_save(self, name, content)

    monkeypatch.setattr(FileSystemStorage, "_save", failing_save)
    r = client.post(f"/querellas/{BODY}/juramento/", steps[-1][1])
    assert r.status_code == 409 and "No se presentó nada" in r.content.decode()
    assert Case.objects.count() == 0 and DocketEntry.objects.count() == 0 and Attachment.objects.count() == 0
    assert not CaseCounter.objects.filter(last__gt=0).exists()
    monkeypatch.setattr(FileSystemStorage, "_save", real_save)
    walk(client, BODY, steps[-1:])
    assert Case.objects.get().number == "CE-2027-0001"  # the number was not lost: no gap


def test_a_quarantined_file_gone_stops_the_filing_and_says_so(world, client, settings):
    import shutil

    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    for folder in (settings.MEDIA_ROOT / "quarantine").iterdir():  # the uploads, not the draft beside them
        if not (folder / "borrador.json").exists():
            shutil.rmtree(folder)
    r = client.post(f"/querellas/{BODY}/juramento/", steps[-1][1])
    assert r.status_code == 302 and r["Location"] == f"/querellas/{BODY}/evidencia/"
    assert "ya no está disponible" in client.get(r["Location"]).content.decode()
    assert Case.objects.count() == 0


def test_missing_data_from_an_earlier_step_sends_the_person_back_there(world, client):
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    drafts = drafts_of(client)
    drafts["filing:etica-camara"]["data"]["complainant_phone"] = ""
    drafts.save()
    r = client.post(f"/querellas/{BODY}/juramento/", steps[-1][1])
    assert r.status_code == 302 and r["Location"] == f"/querellas/{BODY}/quien/?revisar=1"
    page = client.get(r["Location"]).content.decode()
    assert "Indique un teléfono" in page and 'value="Ana Ejemplo Ficticia"' in page
    assert Case.objects.count() == 0


def test_the_signature_must_be_the_full_name(world, client):
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    r = client.post(f"/querellas/{BODY}/juramento/", {"nav": "submit", "signature": "Ana"})
    page = r.content.decode()
    assert r.status_code == 422 and "La firma debe ser su nombre completo" in page
    assert "Debe aceptar el apercibimiento de perjurio" in page and Case.objects.count() == 0


def test_a_respondent_not_in_the_register_can_be_typed(world, client):
    steps = camara_steps(world)
    steps[1] = (
        "querellado",
        {
            "respondent_office": "",
            "respondent_name": "Marta Nueva Ficticia",
            "respondent_role": "department_head",
            "respondent_title": "Directora de Compras",
        },
    )
    walk(client, BODY, steps)
    respondent = Party.objects.get(role="respondent")
    assert respondent.name == "Marta Nueva Ficticia" and respondent.office == "Directora de Compras"
    assert Case.objects.get().respondent_role == "department_head"


def test_the_register_offers_only_whom_the_code_covers(world, client):
    make_person("Alcaldesa", "Municipal Ficticia", role="mayor", title="Alcaldesa", municipality="Aibonito")
    walk(client, BODY, camara_steps(world)[:1])
    page = client.get(f"/querellas/{BODY}/querellado/").content.decode()
    assert "Rafael Quiñones Ficticio" in page and "Aibonito" not in page
    walk(
        client,
        "querellas-municipales",
        [citizen()],
    )
    page = client.get("/querellas/querellas-municipales/querellado/").content.decode()
    assert "Aibonito" in page and "Rafael Quiñones Ficticio" not in page


def test_a_complaint_against_a_mayor(world, client):
    mayor = make_person("Alcaldesa", "Municipal Ficticia", role="mayor", title="Alcaldesa", municipality="Aibonito")
    body = "querellas-municipales"
    r = client.post(
        f"/querellas/{body}/quien/",
        {"complainant_name": "Ana Ejemplo Ficticia", "complainant_email": "ana@example.org"},
    )
    assert r.status_code == 422 and "Indique en qué calidad presenta la querella. (¶1)" in r.content.decode()
    steps = [
        citizen(),
        ("querellado", {"respondent_office": str(mayor.offices.get().pk)}),
        ("hechos", {"facts": "La alcaldesa adjudicó un contrato a su cuñado.", "knowledge_date": "2027-02-01"}),
        ("evidencia", {}),
    ]
    walk(client, body, steps)
    page = client.get(f"/querellas/{body}/juramento/").content.decode()
    assert "se anotará que no la acompaña" in page  # MUN-INI-03: a warning, not a block
    walk(
        client,
        body,
        [("juramento", {"nav": "submit", "perjury_acknowledged": "on", "signature": "Ana Ejemplo Ficticia"})],
    )
    case = Case.objects.get()
    assert case.number.startswith("CVQM-2027-") and case.respondent_role == "mayor"
    entry = case.entries.get()
    assert entry.payload == {
        "complainant_kind": "citizen",
        "sworn": True,
        "evidence_attached": False,
        "knowledge_date": "2027-02-01",
    }
    assert set(CaseFinding.objects.filter(case=case).values_list("finding_id", flat=True)) >= {"evidence_missing"}
    assert Party.objects.get(case=case, role="respondent").office == "Alcaldesa (Aibonito)"


def test_the_follow_up_key_shows_the_public_stage_and_takes_evidence(world, client, now):
    r = walk(client, BODY, camara_steps(world))
    key = follow_up_key(client.get(r["Location"]).content.decode())
    case = Case.objects.get()
    other = Client()
    assert other.get(f"/querellas/seguimiento/{case.number}/").status_code == 404
    r = other.post("/querellas/seguimiento/", {"key": "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE"})
    assert r.status_code == 422 and "no corresponde a ninguna querella" in r.content.decode()
    r = other.post("/querellas/seguimiento/", {"key": key.lower().replace("-", " ")})
    assert r["Location"] == f"/querellas/seguimiento/{case.number}/"
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    page = other.get(r["Location"]).content.decode()
    assert "En espera de contestación" in page
    # When it was filed, said once (issue 29: the day twice, «lunes, 1 de marzo de 2027, lunes, 1 de marzo…»).
    filed = page.split("<dt>Presentada</dt><dd>", 1)[1].split("</dd>", 1)[0]
    assert filed.count("de 2027") == 1 and re.fullmatch(r"\w+, \d+ de \w+ de 2027, \d\d:\d\d", filed), filed
    # Nothing confidential about others: not the docket, not the terms, not who recorded what.
    assert "Notificación recibida" not in page and "CAM-21B-02" not in page and "secretaria" not in page
    r = other.post(
        f"/querellas/seguimiento/{case.number}/",
        {"kind": "official_documents", "description": "", "file": upload("c.png", PNG)},
    )
    assert r.status_code == 422 and "Describa brevemente" in r.content.decode()
    r = other.post(
        f"/querellas/seguimiento/{case.number}/",
        {"kind": "official_documents", "description": "Certificación", "file": upload("c.png", PNG)},
    )
    assert r.status_code == 302
    s = Supplement.objects.get()
    assert s.sha256 == hashlib.sha256(PNG).hexdigest() and s.content_type == "image/png"
    assert hashlib.sha256(PNG).hexdigest() in other.get(f"/querellas/seguimiento/{case.number}/").content.decode()
    r = other.post(
        f"/querellas/seguimiento/{case.number}/",
        {"kind": "official_documents", "description": "x", "file": upload("c.pdf", b"texto")},
    )
    assert r.status_code == 422 and "no se aceptó" in r.content.decode() and Supplement.objects.count() == 1
    assert other.get(f"/querellas/seguimiento/{case.number}/acuse.pdf").content.startswith(b"%PDF")
    staff = Client()
    staff.force_login(world.users["secretaria"])
    assert "Certificación" in staff.get(f"/expedientes/{case.number}/").content.decode()


def test_the_follow_up_page_shows_no_document_or_service_record(world, client, now):
    """Issued documents and their service are docketed (record-only entries): the public follow-up
    page still shows only the public stage, nothing of those entries."""
    r = walk(client, BODY, camara_steps(world))
    key = follow_up_key(client.get(r["Location"]).content.decode())
    case = Case.objects.get()
    doc = issue(world, case, "notice_of_complaint")
    now.set("2027-03-03 12:00")
    deliver(world, doc, "hand", received_on=dt.date(2027, 3, 2), receipt_note="Acuse firmado en su oficina.")
    assert set(case.entries.values_list("event_type", flat=True)) == {
        "complaint_filed",
        "document_issued",
        "service_attempted",
        "respondent_notified",
    }
    other = Client()
    r = other.post("/querellas/seguimiento/", {"key": key})
    page = other.get(r["Location"]).content.decode()
    assert "En espera de contestación" in page
    for secret in (
        doc.sha256,
        "Documento expedido",
        "Intento de notificación",
        "Notificación de la querella",
        "Rafael Quiñones",
        "Acuse firmado",
        "Entrega personal",
        "CAM-21B-04",
    ):
        assert secret not in page, secret


def test_key_attempts_are_rate_limited(world, settings):
    settings.VENTILA_FILING_KEY_RATE = "2/3600"
    c = Client(REMOTE_ADDR="203.0.113.9")
    for _i in range(2):
        assert c.post("/querellas/seguimiento/", {"key": "X"}).status_code == 422
    r = c.post("/querellas/seguimiento/", {"key": "X"})
    assert r.status_code == 429 and "Demasiados intentos" in r.content.decode()


def test_the_rate_counter_is_exact_per_window(db):
    from ventila.accounts import ratelimit

    results = [ratelimit.hit("t", "1.2.3.4", 3, 60, now=1000.0)[0] for _i in range(5)]
    assert results == [True, True, True, False, False]
    assert ratelimit.hit("t", "1.2.3.4", 3, 60, now=1010.0)[0] is False
    assert ratelimit.hit("t", "1.2.3.4", 3, 60, now=1021.0)[0] is True  # next window (960–1019 was full)
    assert ratelimit.hit("t", "5.6.7.8", 3, 60, now=1000.0)[0] is True


def test_the_landing_page_lists_both_commissions(world, client):
    page = client.get("/querellas/").content.decode()
    assert "/querellas/etica-camara/" in page and "/querellas/querellas-municipales/" in page
    assert client.get("/querellas/etica-camara/")["Location"] == "/querellas/etica-camara/quien/"
    assert client.get("/querellas/no-existe/").status_code == 404
    assert client.get("/querellas/etica-camara/otro-paso/").status_code == 404


def test_abandoned_uploads_are_purged(world, client, settings):
    import os
    import time

    from django.core.management import call_command

    walk(client, BODY, camara_steps(world)[:4])
    folders = sorted((settings.MEDIA_ROOT / "quarantine").iterdir(), key=lambda f: (f / "borrador.json").exists())
    assert len(folders) == 2 and (folders[1] / "borrador.json").exists()  # the uploads, and the draft itself
    out = io.StringIO()
    call_command("filing_purge", stdout=out)
    assert all(f.exists() for f in folders)  # a fresh draft stays
    old = time.time() - 49 * 3600
    for folder in folders:  # the files' times (object storage has no folders): the newest change counts
        for f in folder.iterdir():
            os.utime(f, (old, old))
    call_command("filing_purge", stdout=out)
    assert not any(f.exists() for f in folders) and "Se borraron 2" in out.getvalue()
    # The abandoned draft is gone with its uploads: the browser starts again, without an error.
    r = client.get(f"/querellas/{BODY}/evidencia/")
    assert r.status_code == 302 and r["Location"] == f"/querellas/{BODY}/quien/"


def test_the_form_in_english_when_chosen(world, client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/querellas/"})
    page = client.get(f"/querellas/{BODY}/quien/").content.decode()
    assert "Who is filing" in page and "Step 1 of 5" in page
