"""Every PDF the app makes is tagged for assistive technology (PDF/UA-1): a structure tree, marked
content, the title viewers show and the document's language — issued documents, drafts and the
public filing receipt, all through ``ventila.documents.pdf.weasy_html``."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from factories import file_complaint
from filing.helpers import camara_steps, walk
from pypdf import PdfReader

from .helpers import draft_of, issue

pytestmark = pytest.mark.django_db


def tagged(data: bytes) -> dict:
    """What a PDF says of itself: its catalogue's tagging and language, and its metadata title."""
    reader = PdfReader(io.BytesIO(data))
    root = reader.trailer["/Root"]
    tree = root.get("/StructTreeRoot")
    return {
        "marked": bool(root.get("/MarkInfo", {}).get("/Marked")),
        "tree": tree is not None and tree.get_object().get("/K") is not None,
        "lang": str(root.get("/Lang", "")),
        "title": str((reader.metadata or {}).get("/Title", "")),
        "display_title": bool(root.get("/ViewerPreferences", {}).get("/DisplayDocTitle")),
        "ua": b"pdfuaid" in data or "pdfuaid" in str(root.get("/Metadata").get_object().get_data()),
    }


@pytest.mark.parametrize(
    "lang,title",
    [
        pytest.param("es", "CE-2027-0001 · Notificación de la querella", id="CAM-21B-04 notice es: lang es"),
        pytest.param("en", "CE-2027-0001 · Notice of complaint", id="CAM-21B-04 notice en: lang en"),
    ],
)
def test_an_issued_document_is_a_tagged_pdf_with_its_title_and_language(world, lang, title):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint", language=lang)
    meta = tagged(doc.file.read())
    assert meta == {"marked": True, "tree": True, "lang": lang, "title": title, "display_title": True, "ua": True}


def test_a_draft_preview_is_tagged_too(world):
    case = file_complaint(world)
    draft = draft_of(world, case, "speaker_copy")
    c = Client()
    c.force_login(world.users["secretaria"])
    r = c.get(f"/expedientes/{case.number}/borradores/{draft.pk}/pdf/")
    meta = tagged(r.content)
    assert meta["marked"] and meta["tree"] and meta["lang"] == "es"
    assert meta["title"] == "CE-2027-0001 · Copia de la querella al Presidente de la Cámara"


def test_the_public_filing_receipt_pdf_is_tagged(world, client, settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"
    r = walk(client, "etica-camara", camara_steps(world))
    pdf = client.get(r["Location"] + "acuse.pdf")
    meta = tagged(pdf.content)
    assert meta["marked"] and meta["tree"] and meta["lang"] == "es" and meta["ua"]
    assert "CE-2027-0001" in meta["title"]
