"""English mode says nothing in Spanish (issue 15, "English").

The demo's world (both bodies, every kind of case the demo builds, with their terms' traces, findings,
documents and service) is walked in English as its users would: the work queue with its filters,
every case page, the calendars, the account pages, and the public filing of both bodies through
every error state to the receipt and the follow-up. Every visible text outside ``lang="es"`` (the
law's quotations, issued documents) and ``translate="no"`` (what people typed) is checked against
the catalogue's msgids and a Spanish-marker heuristic (``english_check``). The failure lists every
offending string with the first page it was seen on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client
from filing.helpers import PDF, PNG, upload
from web.english_check import known_data, spanish_in, visible_texts

from ventila.accounts.models import User
from ventila.cases.models import Case

pytestmark = pytest.mark.django_db


def english(client: Client) -> Client:
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


class Walk:
    """The pages seen, and every Spanish text with the first page that showed it."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}
        self.pages = 0
        self.data: frozenset[str] = frozenset()

    def see(self, where: str, response: Any, status: Iterable[int] = (200,)) -> str:
        assert response.status_code in tuple(status), (where, response.status_code)
        html = response.content.decode()
        assert '<html lang="en"' in html, f"{where}: not in English"
        self.pages += 1
        for line in spanish_in(visible_texts(html, self.data)):
            self.found.setdefault(line, where)
        return html

    def get(self, client: Client, url: str, status: Iterable[int] = (200,)) -> str:
        return self.see(f"GET {url}", client.get(url), status)

    def post(self, client: Client, url: str, data: dict[str, Any], status: Iterable[int] = (422, 200)) -> Any:
        response = client.post(url, data)
        if response.status_code == 302:
            return response
        self.see(f"POST {url} {sorted(data)}", response, status)
        return response

    def report(self) -> str:
        by_page: dict[str, list[str]] = {}
        for text, where in self.found.items():
            by_page.setdefault(where, []).append(text)
        lines = [f"{len(self.found)} Spanish texts in English mode over {self.pages} pages:"]
        for where, texts in by_page.items():
            lines.append(f"  {where}")
            lines.extend(f"      {t}" for t in sorted(texts))
        return "\n".join(lines)


def _staff_pages(walk: Walk, username: str, part: str) -> None:
    """The pages a staff user reaches: ``part`` "lists" (queue, search, calendars, statistics, registers) or
    "cases-1" / "cases-2" (every case they see — every other one, from the first or the second —, its first acts'
    forms and its documents: the two halves together are every case, each test under 10 s)."""
    walk.data = known_data()
    client = english(Client())
    user = User.objects.get(username=username)
    client.force_login(user)
    from ventila.cases import access

    if part.startswith("cases-"):
        half = int(part.removeprefix("cases-")) - 1
        _case_pages(walk, client, list(access.access_cases_for_user(user).order_by("number"))[half::2])
        return
    queue = walk.get(client, "/expedientes/")
    # Every filter, one at a time, and a value no case can have (its message).
    for name, values in re.findall(r'<select[^>]*name="(\w+)"[^>]*>(.*?)</select>', queue, re.S):
        for value in re.findall(r'<option value="([^"]+)"', values)[:6]:
            walk.get(client, f"/expedientes/?{name}={value}")
    walk.get(client, "/expedientes/?stage=no-such-stage")
    walk.get(client, "/cuenta/")
    walk.get(client, "/calendario/")
    # Issue 17: the search page, its results (the texts found stay as written), its errors and empty answers.
    for query in ("", "querella", "notificacion", "zzzzqqq", "de la", "a" * 300):
        walk.get(client, f"/buscar/?q={query}")
    for body in access.visible_bodies(user):
        walk.get(client, f"/cuerpos/{body.slug}/calendario/")
        # Issue 18: the statistics (with a period it cannot read), the public page and the annual reports.
        walk.get(client, f"/estadisticas/?cuerpo={body.slug}&anio=2027")
        walk.get(client, f"/estadisticas/?cuerpo={body.slug}&desde=2027-05-01&hasta=2027-04-01", status=(400,))
        walk.get(client, f"/estadisticas/publicas/?cuerpo={body.slug}&anio=2027&periodo=T1")  # a closed quarter
        walk.get(client, f"/cuerpos/{body.slug}/revision-publicacion/")
        walk.get(client, f"/cuerpos/{body.slug}/informe-anual/")
    # Issue 16: the register, the financial-reports board and each obligated person's page.
    from ventila.compliance import access as register_access

    for body in register_access.register_bodies(user):
        base = f"/cuerpos/{body.slug}/obligados/"
        walk.get(client, base)
        walk.get(client, base + "tablero/")
        walk.get(client, base + "tablero/?estado=late&mes=2024-01")
        walk.get(client, base + "tablero/?mes=no-such-month", (400,))
        for person in register_access.obligated_people(body).order_by("pk"):
            page = walk.get(client, f"{base}{person.pk}/")
            for turn in re.findall(r'href="(/expedientes/[^"/]+/referido-oeg/)"', page):
                walk.get(client, turn)


def _case_pages(walk: Walk, client: Client, cases: Iterable[Case]) -> None:
    for case in cases:
        page = walk.get(client, f"/expedientes/{case.number}/")
        for act in Case.objects.get(pk=case.pk).allowed_next[:3]:
            url = f"/expedientes/{case.number}/actos/{act}/"
            walk.get(client, url)
            walk.post(client, url, {})  # the act form with its errors
        for doc in re.findall(rf'href="(/expedientes/{re.escape(case.number)}/(?:documentos|borradores)/\d+/)"', page):
            walk.get(client, doc)


@pytest.mark.parametrize("part", ["lists", "cases-1", "cases-2"])
@pytest.mark.parametrize("username", ["secretaria", "secretaria-municipal"])
def test_staff_pages_in_english_have_no_spanish(demo, username, part):
    walk = Walk()
    _staff_pages(walk, username, part)
    # 440 pages in all on the demo of 2027-06-15 (the House secretary's lists 70 and cases 271 — in halves of about
    # 135; the municipal's 31, and 68 in halves of about 34).
    least = {
        ("secretaria", "lists"): 60,
        ("secretaria", "cases-1"): 110,
        ("secretaria", "cases-2"): 110,
        ("secretaria-municipal", "lists"): 25,
    }.get((username, part), 12)
    assert walk.pages > least
    assert not walk.found, walk.report()


def _filing(walk: Walk, client: Client, body: str, respondent: dict[str, str], who: dict[str, str]) -> str:
    base = f"/querellas/{body}/"
    walk.get(client, "/querellas/")
    assert client.get(base)["Location"] == base + "quien/"
    walk.get(client, base + "quien/")
    walk.post(client, base + "quien/", {})  # every error
    walk.post(client, base + "quien/", {**who, "complainant_email": "no-es-correo"})
    assert walk.post(client, base + "quien/", who).status_code == 302
    walk.get(client, base + "querellado/")
    walk.post(client, base + "querellado/", {})
    assert walk.post(client, base + "querellado/", respondent).status_code == 302
    walk.get(client, base + "hechos/")
    walk.post(client, base + "hechos/", {})
    walk.post(client, base + "hechos/", {"facts": "x", "knowledge_date": "2027-02-30"})  # not a real date
    walk.post(client, base + "hechos/", {"facts": "x", "knowledge_date": "2099-01-01"})  # in the future
    facts = {"facts": "Hechos de prueba en el expediente.", "knowledge_date": "2027-01-02"}  # late: warned
    if body == "etica-camara":
        facts |= {"personal_knowledge": "on", "provisions": ["10(i)"]}
    late = walk.post(client, base + "hechos/", facts)  # a late date stops once on its step, warned
    if late.status_code == 200:
        late = walk.post(client, base + "hechos/", facts)
    assert late.status_code == 302
    walk.get(client, base + "evidencia/")
    ev = base + "evidencia/"
    walk.post(client, ev, {"nav": "add_evidence", "ev_kind": "", "ev_description": "", "ev_file": upload("a.pdf", PDF)})
    walk.post(
        client,
        ev,
        {
            "nav": "add_evidence",
            "ev_kind": "public_documents",
            "ev_description": "Texto",
            "ev_file": upload("a.pdf", b"no"),
        },
    )
    walk.post(client, ev, {"wit_name": "Testigo", "wit_address": ""})
    kind = re.search(r'name="ev_kind"[^>]*>.*?<option value="(\w+)"', walk_html(client, ev), re.S)
    client.post(
        ev,
        {
            "nav": "add_evidence",
            "ev_kind": kind.group(1) if kind else "",
            "ev_description": "Documento",
            "ev_file": upload("a.pdf", PDF),
        },
    )
    assert client.post(ev, {}).status_code == 302
    walk.get(client, base + "juramento/")
    walk.post(client, base + "juramento/", {"nav": "submit"})
    walk.post(client, base + "juramento/", {"nav": "submit", "perjury_acknowledged": "on", "signature": "Otra Persona"})
    r = client.post(
        base + "juramento/", {"nav": "submit", "perjury_acknowledged": "on", "signature": who["complainant_name"]}
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    receipt = walk.get(client, r["Location"])
    key = re.search(r"[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}", receipt)
    assert key, "the receipt shows the follow-up key"
    return key.group(0)


def walk_html(client: Client, url: str) -> str:
    return client.get(url).content.decode()


def test_public_filing_in_english_has_no_spanish(demo):
    walk = Walk()
    keys = []
    for body, who in (
        (
            "etica-camara",
            {
                "complainant_name": "Ana Ejemplo Ficticia",
                "complainant_email": "ana@example.org",
                "complainant_phone": "787-555-0100",
            },
        ),
        (
            "querellas-municipales",
            {
                "complainant_name": "Ana Ejemplo Ficticia",
                "complainant_email": "ana@example.org",
                "complainant_kind": "citizen",
            },
        ),
    ):
        client = english(Client())
        client.post(f"/querellas/{body}/quien/", who)
        options = re.findall(
            r'name="respondent_office".*?<option value="(\d+)"',
            walk_html(client, f"/querellas/{body}/querellado/"),
            re.S,
        )
        client.cookies.clear()
        client = english(Client())
        respondent = {"respondent_office": options[0]} if options else {"respondent_name": "Persona Ficticia"}
        walk.data = known_data()
        keys.append((client, _filing(walk, client, body, respondent, who)))
    walk.data = known_data()
    followup = english(Client())
    walk.get(followup, "/querellas/seguimiento/")
    walk.post(followup, "/querellas/seguimiento/", {"key": ""})
    walk.post(followup, "/querellas/seguimiento/", {"key": "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE"})
    r = followup.post("/querellas/seguimiento/", {"key": keys[0][1]})
    assert r.status_code == 302
    walk.get(followup, r["Location"])
    walk.post(followup, r["Location"], {"kind": "official_documents", "description": "", "file": upload("c.png", PNG)})
    walk.post(
        followup, r["Location"], {"kind": "official_documents", "description": "x", "file": upload("c.pdf", b"texto")}
    )
    assert walk.pages > 25
    assert not walk.found, walk.report()


def test_public_record_in_english_has_no_spanish(demo):
    """The public record (issue 17) in English: the bodies, each body's resolved matters, a search and
    its error, and every matter's page — the issued documents' text is marked Spanish (lang="es")."""
    walk = Walk()
    walk.data = known_data()
    client = english(Client())
    walk.get(client, "/")
    walk.get(client, "/registro-publico/")
    for body in ("etica-camara", "querellas-municipales"):
        page = walk.get(client, f"/registro-publico/{body}/")
        walk.get(client, f"/registro-publico/{body}/?q=multa")
        walk.get(client, f"/registro-publico/{body}/?q=a%0Ab", (400,))
        for url in sorted(set(re.findall(rf'href="(/registro-publico/{body}/[^"/]+/)"', page))):
            walk.get(client, url)
    assert walk.pages >= 8
    assert not walk.found, walk.report()
