"""The public verification page /verificar/ (issue 32): anyone uploads a PDF, types its SHA-256 or opens the
link printed on it, and learns which body issued it, when, what kind of document — «sin cambios» or «no
coincide con ningún documento expedido». Of a confidential matter nothing else (Secs. 5(5), 21(d):
CAM-05-02, CAM-21D-01); of a public one, the public record's link. Hostile input gets a plain message,
never a 500; every look-up counts against the client's rate limit."""

from __future__ import annotations

import hashlib

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from documents.helpers import issue, signing_dir, throwaway_ca  # noqa: F401 (fixtures)
from factories import file_complaint, record

from ventila.documents.models import SignedFile
from web.test_public_record import _dismissed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("throwaway_ca")]

URL = "/verificar/"
NAMES = ("Rafael", "Quiñones", "Ana Ejemplo", "ana@example.org", "CE-2027-0001")


def _notice(world):
    case = file_complaint(world)
    return case, issue(world, case, "notice_of_complaint").file.read()


def _post_file(client, data: bytes, name: str = "documento.pdf"):
    return client.post(URL, {"file": SimpleUploadedFile(name, data, content_type="application/pdf")})


def _text(response) -> str:
    return response.content.decode()


def test_an_issued_pdf_of_a_confidential_matter_answers_body_date_kind_and_nothing_else(client, world):
    _case, data = _notice(world)
    r = _post_file(client, data)
    html = _text(r)
    assert r.status_code == 200
    assert "Sin cambios: es el documento tal como se expidió" in html
    assert "Comisión de Ética de la Cámara de Representantes" in html
    assert "lunes, 1 de marzo de 2027" in html and "Notificación de la querella" in html
    assert hashlib.sha256(data).hexdigest() in html
    for secret in NAMES:  # no case number, no names: the matter is confidential (CAM-21D-01)
        assert secret not in html, secret


def test_the_typed_sha256_forgives_spaces_and_capitals(client, world):
    _case, data = _notice(world)
    digest = hashlib.sha256(data).hexdigest().upper()
    r = client.post(URL, {"sha256": " ".join(digest[i : i + 8] for i in range(0, 64, 8))})
    assert r.status_code == 200 and "Sin cambios" in _text(r)


def test_the_link_printed_on_the_document_opens_its_record(client, world):
    _case, data = _notice(world)
    code = SignedFile.objects.get(sha256=hashlib.sha256(data).hexdigest()).code
    r = client.get(f"{URL}{code}/")
    assert r.status_code == 200
    assert "Documento expedido" in _text(r) and hashlib.sha256(data).hexdigest() in _text(r)
    assert not any(secret in _text(r) for secret in NAMES)
    missing = client.get(f"{URL}no-existe-este-codigo/")
    assert missing.status_code == 404 and "No coincide con ningún documento expedido" in _text(missing)


def test_a_changed_byte_does_not_match(client, world):
    _case, data = _notice(world)
    changed = bytearray(data)
    changed[len(data) // 3] ^= 0x01
    r = _post_file(client, bytes(changed))
    assert r.status_code == 200 and "No coincide con ningún documento expedido" in _text(r)
    assert "Sin cambios" not in _text(r)


def test_changes_appended_after_issue_are_recognised_as_changes(client, world):
    """An issued PDF someone annotated (an incremental update after its %%EOF) holds the issued file."""
    _case, data = _notice(world)
    r = _post_file(client, data + b"1 0 obj\n<< /Annotated true >>\nendobj\n%%EOF\n")
    html = _text(r)
    assert r.status_code == 200 and "Cambiado: contiene un documento expedido" in html
    assert "Comisión de Ética de la Cámara de Representantes" in html and "Sin cambios" not in html


def test_a_public_matter_links_its_public_record(client, world, now):
    """CAM-21D-01: once the matter is resolved and closed, the answer links the public record."""
    from ventila.documents.models import Document

    case = _dismissed(world, now, close=False)  # dismissed and notified, not yet closed
    doc = Document.objects.get(case=case, template="determination")
    pending = client.post(URL, {"sha256": doc.sha256})
    assert "Sin cambios" in _text(pending) and "CE-2027-0001" not in _text(pending)  # not public yet
    record(world, case, "case_closed", "2027-03-17")
    r = client.post(URL, {"sha256": doc.sha256})
    assert r.status_code == 200 and "Sin cambios" in _text(r)
    assert 'href="/registro-publico/etica-camara/CE-2027-0001/"' in _text(r)
    assert client.get("/registro-publico/etica-camara/CE-2027-0001/").status_code == 200


HOSTILE = {
    "not a PDF": ({"file": ("foto.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64)}, "El archivo no es un PDF"),
    "a huge file": ({"file": ("grande.pdf", b"%PDF-1.7\n" + b"0" * 40_000)}, "el máximo que se comprueba es"),
    "a PDF with many revisions": (
        {"file": ("revisiones.pdf", b"%PDF-1.7\n" + b"1 0 obj\n<<>>\nendobj\n%%EOF\n" * 150)},
        "El PDF tiene 150 revisiones",
    ),
    "an empty file": ({"file": ("vacio.pdf", b"")}, "está vacío"),
    "nothing": ({}, "Elija el PDF o escriba su huella SHA-256."),
    "both": ({"sha256": "a" * 64, "file": ("x.pdf", b"%PDF-1.7\n")}, "no ambas cosas"),
    "a NUL in the hash": ({"sha256": "ab\x00cd"}, "caracteres de control"),
    "CR/LF in the hash": ({"sha256": "ab\r\ncd"}, "caracteres de control"),
    "10,000 characters": ({"sha256": "a" * 10_000}, "La huella tiene 64 caracteres"),
    "not hexadecimal": ({"sha256": "z" * 64}, "Eso no es una huella SHA-256"),
}


@pytest.mark.parametrize("label", list(HOSTILE))
def test_hostile_input_gets_a_plain_message_never_a_500(client, world, settings, label):
    settings.VENTILA_VERIFY_MAX_MB = 0.03  # ≈ 31 KB: the "huge" file is over it, the others under
    data, message = HOSTILE[label]
    post = {k: (SimpleUploadedFile(v[0], v[1]) if k == "file" else v) for k, v in data.items()}
    r = client.post(URL, post)
    html = _text(r)
    assert r.status_code == 400, html[:500]
    assert message in html
    assert "<title>Error:" in html and 'role="alert"' in html  # the public forms' error pattern
    assert "Traceback" not in html and "\x00" not in html


def test_every_look_up_counts_against_the_clients_rate_limit(client, world, settings):
    settings.VENTILA_VERIFY_RATE = "2/3600"
    _case, data = _notice(world)
    digest = hashlib.sha256(data).hexdigest()
    assert client.post(URL, {"sha256": digest}).status_code == 200
    assert client.get(f"{URL}cualquiera/").status_code == 404
    r = client.post(URL, {"sha256": digest})
    assert r.status_code == 429 and "Demasiadas comprobaciones desde su dirección de red" in _text(r)
    assert "Sin cambios" not in _text(r) and "<title>Error:" in _text(r)


def test_the_page_answers_in_english(client, world):
    _case, data = _notice(world)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Verify a document" in _text(client.get(URL))
    r = _post_file(client, data)
    assert "Unchanged: this is the document as it was issued" in _text(r)
    assert "Notice of complaint" in _text(r)
    miss = client.post(URL, {"sha256": "0" * 64})
    assert "Does not match any issued document" in _text(miss)
