"""Issue 11 item 14: no confidential response is kept in a cache (``Cache-Control: no-store`` and
``Pragma: no-cache``): every page and file behind sign-in, and the public receipt, receipt PDF and
follow-up pages. The test walks the real URLs through Django's test client (middleware included)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.test import Client
from documents.helpers import issue
from factories import file_complaint, record
from filing.helpers import PNG, camara_steps, upload, walk
from web.helpers import draft_notice, summon_witness

from ventila.cases.models import Attachment, Case
from ventila.documents.actions import do_order_delivery
from ventila.documents.service import link_url
from ventila.filing.models import Supplement

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _files(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"


def assert_no_store(response, url: str) -> None:
    cache = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    assert "no-store" in cache, (url, response.status_code, response.get("Cache-Control"))
    assert response.get("Pragma") == "no-cache", (url, response.get("Pragma"))


def test_every_page_and_file_behind_sign_in_is_not_stored(world, now):
    case = file_complaint(world)
    entry = summon_witness(world, case, now)
    attachment = Attachment.objects.get(entry=entry)
    doc = issue(world, case, "notice_of_complaint")
    draft = draft_notice(world, case)
    staff = Client()
    staff.force_login(world.users["secretaria"])
    n = case.number
    urls = {
        "/expedientes/": 200,
        f"/expedientes/{n}/": 200,
        f"/expedientes/{n}/anejos/{attachment.pk}/": 200,
        f"/expedientes/{n}/documentos/{doc.pk}/": 200,
        f"/expedientes/{n}/documentos/{doc.pk}/pdf/": 200,
        f"/expedientes/{n}/borradores/{draft.pk}/": 200,
        f"/expedientes/{n}/borradores/{draft.pk}/pdf/": 200,
        "/cuerpos/etica-camara/calendario/": 200,
        "/calendario/": 200,
        "/cuenta/": 200,
        # A page anyone may see, a redirect, and a 404, to a signed-in user.
        "/querellas/": 200,
        "/": 302,
        "/expedientes/CE-2027-9999/": 404,
    }
    for url, status in urls.items():
        r = staff.get(url)
        assert r.status_code == status, (url, r.status_code)
        assert_no_store(r, url)
    # A form answered with a redirect (an act recorded) and the feed of "Mi calendario".
    r = staff.post("/calendario/", {"action": "create"})
    assert_no_store(r, "/calendario/ POST")
    feed = re.search(r"http://testserver(/calendario/[^\"<]+\.ics)", r.content.decode()).group(1)
    # The feed (polled by a calendar program) may be kept privately but is revalidated every time, so its
    # ETag answers 304 (issue 14 item 5); never in a shared cache.
    first = Client().get(feed)
    assert first.status_code == 200
    assert {p.strip() for p in first["Cache-Control"].split(",")} == {"private", "no-cache", "max-age=0"}
    again = Client().get(feed, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert "private" in again["Cache-Control"] and "no-cache" in again["Cache-Control"]


def test_the_public_receipt_follow_up_and_signed_links_are_not_stored(world, now, client):
    # The form's steps show what the complainant typed.
    for step in ("quien", "querellado", "hechos"):
        assert_no_store(client.get(f"/querellas/etica-camara/{step}/"), step)
    r = walk(client, "etica-camara", camara_steps(world))
    receipt = r["Location"]
    page = client.get(receipt)
    assert page.status_code == 200
    assert_no_store(page, receipt)
    assert_no_store(client.get(receipt + "acuse.pdf"), receipt + "acuse.pdf")
    key = re.search(r'id="clave">\s*([^<\s]+)', page.content.decode()).group(1)
    case = Case.objects.get()
    other = Client()
    assert_no_store(other.get("/querellas/seguimiento/"), "/querellas/seguimiento/")
    r = other.post("/querellas/seguimiento/", {"key": key})
    assert r.status_code == 302
    assert_no_store(r, "/querellas/seguimiento/ POST")
    follow = f"/querellas/seguimiento/{case.number}/"
    assert_no_store(other.get(follow), follow)
    assert_no_store(other.get(follow + "acuse.pdf"), follow + "acuse.pdf")
    r = other.post(follow, {"kind": "official_documents", "description": "Certificación", "file": upload("c.png", PNG)})
    assert r.status_code == 302
    # The complainant's added file, to staff.
    staff = Client()
    staff.force_login(world.users["secretaria"])
    supplement = Supplement.objects.get()
    url = f"/querellas/expedientes/{case.number}/evidencia/{supplement.pk}/"
    assert staff.get(url).status_code == 200
    assert_no_store(staff.get(url), url)
    # A served document's signed link, opened by its recipient without an account.
    now.set("2027-03-02 09:00")
    record(world, case, "respondent_notified", "2027-03-02")
    doc = issue(world, case, "notice_of_complaint")
    delivery = do_order_delivery(
        user=world.users["secretaria"],
        document=doc,
        role="respondent",
        name="Rafael",
        email="rafael@example.org",
        method="email_link",
    )
    link = urlsplit(link_url(delivery)).path
    assert link.startswith("/documentos/enlace/") and Client().get(link).status_code == 200
    assert_no_store(Client().get(link), link)
