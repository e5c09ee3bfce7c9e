"""A House member (issue 29): she lands on «Mis opiniones consultivas», sees no staff menu, queue or search,
is told in plain words what happens after filing, and reads no rule ID — the citation of the law only."""

from __future__ import annotations

import re

from documents.helpers import issue
from factories import file_complaint, record, unanimous

from tests.web.test_advisory import fresh, member, open_request


def _nav(page: str) -> str:
    return page.split('aria-label="Navegación principal"', 1)[1].split("</nav>", 1)[0]


def test_a_house_member_lands_on_her_requests_without_staff_menus(client, world, now):
    client.force_login(member(world))
    r = client.get("/")
    assert r.status_code == 302 and r["Location"] == "/mis-opiniones/"
    page = client.get("/mis-opiniones/").content.decode()
    nav = _nav(page)
    assert "Mis opiniones consultivas" in nav
    for staff in ("Mi despacho", "Cola de trabajo", "Estadísticas", "Registro de obligados"):
        assert staff not in nav, staff
    assert 'role="search"' not in page
    new = "/mis-opiniones/etica-camara/nueva/"
    data = {"facts": "Dar una charla sin paga.", "facts_date": "2027-04-15", "facts_ongoing": "0"}
    check = client.post(new, {**data, "related_complaint": "0", "paso": "revisar"}).content.decode()
    assert not re.search(r"\bCAM-\d", check) and "Sec. 19" in check
    r = client.post(new, {**data, "related_complaint": "0", "paso": "confirmar"}, follow=True)
    listing = r.content.decode()
    assert "Qué pasa ahora: la Comisión estudia su solicitud y le contestará por escrito a más tardar el" in listing
    assert "15 de abril de 2027" in listing and not re.search(r"\bCAM-\d", listing)


def test_staff_and_members_keep_their_menus(client, world, now):
    client.force_login(world.users["secretaria"])
    nav = _nav(client.get("/expedientes/").content.decode())
    assert "Cola de trabajo" in nav
    client.force_login(world.users["presidente"])
    r = client.get("/")
    assert r["Location"] == "/mi-despacho/"
    assert "Mi despacho" in _nav(client.get(r["Location"]).content.decode())


def test_a_house_member_opens_the_documents_issued_on_her_own_request_and_no_other(
    client, world, now, settings, tmp_path
):
    """Issue 29: she «can open her own requests and documents» — the opinion issued on her request is listed
    under it and opens as its PDF; a document of another case, or her own link for another member, is not found."""
    settings.MEDIA_ROOT = tmp_path
    client.force_login(world.users["secretaria"])
    case, _check = open_request(client, world)
    now.set("2027-04-01 12:00")
    record(world, case, "opinion_issued", "2027-04-01", opinion_text="La charla es compatible.",
           ballots=unanimous(world, 4))  # fmt: skip
    doc = issue(world, fresh(case), "advisory_opinion", seq=2)
    other = issue(world, file_complaint(world, when="2027-03-01 10:00"), "notice_of_complaint")
    client.force_login(member(world, person=world.respondent))
    page = client.get("/mis-opiniones/").content.decode()
    url = f"/mis-opiniones/{case.number}/documentos/{doc.pk}.pdf"
    assert f'href="{url}"' in page and "Documentos" in page
    r = client.get(url)
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert b"".join(r.streaming_content).startswith(b"%PDF")
    assert client.get(f"/mis-opiniones/{case.number}/documentos/{other.pk}.pdf").status_code == 404
    assert client.get(f"/mis-opiniones/{other.case.number}/documentos/{other.pk}.pdf").status_code == 404
    assert client.get(f"/expedientes/{case.number}/documentos/{doc.pk}/pdf/").status_code in (403, 404)
    client.force_login(member(world, person=world.members[0], username="otro_miembro"))
    assert client.get(url).status_code == 404
