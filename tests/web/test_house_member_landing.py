"""A House member (issue 29): she lands on «Mis opiniones consultivas», sees no staff menu, queue or search,
is told in plain words what happens after filing, and reads no rule ID — the citation of the law only."""

from __future__ import annotations

import re

from tests.web.test_advisory import member


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
