"""Issue 26, finding 9: uploads are parsed before they are accepted, and the follow-up key is never in the
session in clear. A 45-byte ``%PDF-`` polyglot, an image that does not decode, a damaged Word file are refused
with a plain Spanish message — on the public form, the follow-up, the API and the sealed requested report."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from factories import tiny_pdf, tiny_png

from filing.helpers import HOSTILE_FILES, POLYGLOT, camara_steps, upload, walk
from ventila.cases import uploads
from ventila.cases.models import Case
from ventila.filing.services import key_hash

BODY = "etica-camara"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def test_the_polyglot_of_the_issue_is_45_bytes_and_starts_as_a_pdf():
    assert len(POLYGLOT) == 45 and uploads.guess(POLYGLOT) == "application/pdf"
    assert not uploads.opens_as("application/pdf", POLYGLOT)
    assert uploads.opens_as("application/pdf", tiny_pdf()) and uploads.opens_as("image/png", tiny_png())


@pytest.mark.django_db
@pytest.mark.parametrize("name, content", list(HOSTILE_FILES.values()), ids=list(HOSTILE_FILES))
def test_a_file_that_does_not_open_as_what_it_starts_as_is_refused_on_the_public_form(world, name, content):
    client = Client()
    steps = camara_steps(world)
    walk(client, BODY, steps[:3])  # up to the evidence step
    r = client.post(
        f"/querellas/{BODY}/evidencia/",
        {
            "nav": "add_evidence",
            "ev_kind": "public_documents",
            "ev_description": "Prueba",
            "ev_file": upload(name, content),
        },
    )
    page = r.content.decode()
    assert r.status_code in (200, 422) and "no se puede abrir como tal" in page, page[:2000]
    assert name in page


@pytest.mark.django_db
def test_the_follow_up_key_is_never_in_the_session_in_clear(world):
    client = Client()
    r = walk(client, BODY, camara_steps(world))
    page = client.get(r["Location"]).content.decode()
    start = page.index('id="clave">') + len('id="clave">')
    key = page[start : page.index("<", start)].strip()
    follower = Client()
    assert follower.post("/querellas/seguimiento/", {"key": key}).status_code == 302
    case = Case.objects.get()
    assert follower.get(f"/querellas/seguimiento/{case.number}/").status_code == 200
    stored = [json.dumps(s.get_decoded()) for s in Session.objects.all()]
    compact = key.replace("-", "")
    assert not any(key in s or compact in s for s in stored)
    assert any(key_hash(key) in s for s in stored)  # its digest, which opens the follow-up
    pdf = follower.get(f"/querellas/seguimiento/{case.number}/acuse.pdf")
    assert pdf.status_code == 200 and uploads.opens_as("application/pdf", b"".join([pdf.content]))
    assert io.BytesIO(pdf.content).getvalue().startswith(b"%PDF")
