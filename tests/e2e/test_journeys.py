"""Issue 29, done when: the six journeys — the secretary, the compliance clerk, a commissioner, a House member, the
municipal secretary and a citizen (in Spanish and in English) — walked in Chromium at 1,366 × 768 and 320 × 640, every page
scanned by axe-core with 0 violations of any impact (WCAG 2.0–2.2 A/AA and axe's best practices: heading order,
landmarks, regions — no rule left out) and none wider than its viewport (``document.documentElement.scrollWidth``);
the secretary's queue shows at least eight case rows on its first screen at 1,366 × 768. One browser context per width; each journey its own session
cookie in it.
With ``VENTILA_SCREENSHOTS=<dir>`` each page is saved there as ``<journey>-<n>-<width>.png``."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from factories import complete_second_factor, file_complaint, file_municipal_complaint, record, to_hearing, unanimous
from web.english_check import spanish_in

from tests.web.test_advisory import member, open_request

from .axe import EVERY_RULE, TAGS, all_violations, axe_everywhere, settle
from .conftest import SCREENSHOTS
from .test_english_browser import VISIBLE_TEXT
from .test_work_list_browser import NARROW, WIDE, rows_on_first_screen

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = (1366, 320)
SCREENS = {1366: WIDE, 320: NARROW}  # the 1,366 × 768 and 320 × 640
QUEUE_ROWS = 8  # «≥ 8 case rows visible on the first screen at 1,366 × 768»
CHART_MAX = 528  # px: a statistics chart's widest (33rem, 14 px labels), never scaled up (issue 29: oversized labels)


def _session(user: Any) -> str:
    client = Client()
    client.force_login(user)
    complete_second_factor(client, user)
    return str(client.cookies[settings.SESSION_COOKIE_NAME].value)


# The journeys in groups of at most five pages, each group a test at each width (one test of 42 pages took 66 s;
# a test stays under 10 s): a failure names its journey and width.
GROUPS = {
    "secretaria-caso": ("secretaria", 0, 3),
    "secretaria-calendario": ("secretaria", 3, 6),
    "secretaria-opiniones": ("secretaria", 6, 9),
    "cumplimiento-y-miembro": ("cumplimiento", "miembro"),
    "comisionado": ("comisionado",),
    "municipal": ("municipal", "municipal-en"),
    "ciudadano": ("ciudadano", "citizen-en"),
}


def _journeys(world: Any, now: Any) -> dict[str, tuple[Any, list[str]]]:
    case = file_complaint(world)
    to_hearing(world, case, now)
    now.set("2027-04-02 12:00")
    file_complaint(world, when="2027-04-02 10:00")  # a second case, its notice still to serve
    for minute in range(7):  # a day's intake: the secretary's queue holds more cases than its first screen
        file_complaint(world, when=f"2027-04-02 09:{minute:02d}", knowledge="2027-03-20")
    municipal = file_municipal_complaint(world)
    house_member = member(world, person=world.respondent)
    # Her request, issued and then amended: the opinion register and her own list show an opinion and its history.
    staff = Client()
    staff.force_login(world.users["secretaria"])
    opinion, _check = open_request(staff, world, occurred_date="2027-04-02", facts_date="2027-07-15")
    record(world, opinion, "opinion_issued", "2027-04-02", opinion_text="La charla es compatible.",
           ballots=unanimous(world, 4))  # fmt: skip
    record(world, opinion, "opinion_revised", "2027-04-02", revision="modify", reason="new_evidence",
           opinion_text="Solo sin paga y fuera del horario.", ballots=unanimous(world, 4))  # fmt: skip
    camara, mun = world.camara.slug, world.municipal.slug
    return {
        "secretaria": (
            world.users["secretaria"],
            [
                "/expedientes/",
                f"/expedientes/{case.number}/",
                f"/cuerpos/{camara}/agenda/?mes=2027-04",
                f"/cuerpos/{camara}/calendario/",
                "/estadisticas/",
                f"/cuerpos/{camara}/informe-anual/",
                f"/cuerpos/{camara}/opiniones/",
                f"/expedientes/nuevo/{camara}/complaint/",
                f"/cuerpos/{camara}/agenda/semana/?semana=2027-04-05",  # the week the notices of 2 April fall due
            ],
        ),
        "cumplimiento": (
            world.users["personal"],
            [f"/cuerpos/{camara}/obligados/tablero/", f"/cuerpos/{camara}/obligados/"],
        ),
        "comisionado": (
            world.users["comisionado"],
            ["/mi-despacho/", f"/expedientes/{case.number}/", "/calendario/", f"/cuerpos/{camara}/agenda/?mes=2027-04"],
        ),
        "miembro": (house_member, ["/mis-opiniones/", f"/mis-opiniones/{camara}/nueva/"]),
        "municipal": (
            world.users["secretaria_municipal"],
            ["/expedientes/", f"/expedientes/{municipal.number}/", f"/cuerpos/{mun}/agenda/?mes=2027-04"],
        ),
        "ciudadano": (
            None,
            ["/querellas/", f"/querellas/{mun}/", "/querellas/seguimiento/", "/estadisticas/publicas/"],
        ),
        "citizen-en": (None, [f"/querellas/{mun}/", "/querellas/seguimiento/"]),
        "municipal-en": (world.users["secretaria_municipal"], [f"/expedientes/{municipal.number}/"]),
    }


def test_the_groups_walk_every_page_of_every_journey_once() -> None:
    """The split keeps the walk whole: every journey is in a group, the secretary's nine pages in three parts."""
    named = [j for group in GROUPS.values() for j in group if isinstance(j, str)]
    assert sorted(named) == sorted(
        ["secretaria", "secretaria", "secretaria", "cumplimiento", "miembro", "comisionado", "municipal", "municipal-en",
         "ciudadano", "citizen-en"]
    )  # fmt: skip
    assert [g[1:] for g in GROUPS.values() if g[0] == "secretaria"] == [(0, 3), (3, 6), (6, 9)]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("group", list(GROUPS))
def test_six_journeys_at_two_widths_axe_clean_and_no_page_wider_than_its_viewport(
    e2e_world: Any, browser: Any, live_server: Any, now: Any, group: str, width: int
) -> None:
    journeys = _journeys(e2e_world, now)
    if GROUPS[group][0] == "secretaria" and len(GROUPS[group]) == 3:
        name, start, end = GROUPS[group]
        walk = [(name, journeys[name][0], journeys[name][1][start:end], start)]
    else:
        walk = [(name, *journeys[name], 0) for name in GROUPS[group]]
    assert len(journeys["secretaria"][1]) == 9  # the three parts above cover it
    found: list[str] = []
    english: list[str] = []
    pages = queue_rows = 0
    context = browser.new_context(base_url=live_server.url, viewport=SCREENS[width])
    axe_everywhere(context)
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    for name, user, urls, first in walk:
        context.clear_cookies()
        cookies = []
        if user is not None:
            cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": _session(user), "url": live_server.url})
        if name.endswith("-en"):
            cookies.append({"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url})
        if cookies:
            context.add_cookies(cookies)
        for n, url in enumerate(urls, start=first):
            response = page.goto(url)
            pages += 1
            assert response is not None and response.status == 200, f"{name} {url}: {response and response.status}"
            if (name, url, width) == ("secretaria", "/expedientes/", 1366):  # the queue's first screen
                settle(page)
                queue_rows = rows_on_first_screen(page)
                assert queue_rows >= QUEUE_ROWS, f"la cola muestra {queue_rows} casos en la primera pantalla"
            if url == "/estadisticas/":  # charts at their own size on a wide screen; at 320 the tables alone
                charts = page.evaluate("[...document.querySelectorAll('svg.chart')].map((s) => s.clientWidth)")
                assert charts and all((0 < w <= CHART_MAX) if width > 320 else w == 0 for w in charts), charts
            found.extend(all_violations(page, EVERY_RULE))
            wide = page.evaluate("document.documentElement.scrollWidth")
            if wide > width:
                found.append(f"{name} {url} a {width} px mide {wide} px de ancho")
            if name.endswith("-en"):
                english.extend(f"{url}: {t}" for t in spanish_in(page.evaluate(VISIBLE_TEXT)))
            if SCREENSHOTS:
                page.screenshot(path=f"{SCREENSHOTS}/{name}-{n}-{width}.png", full_page=True)
    context.close()
    assert pages == sum(len(urls) for _name, _user, urls, _first in walk) > 0
    if group == "secretaria-caso" and width == 1366:
        assert queue_rows >= QUEUE_ROWS  # the queue was walked and counted
    assert found == [], "\n".join(found)
    assert english == [], "\n".join(english)


def test_the_walk_scans_axes_best_practices_of_any_impact(browser: Any) -> None:
    """The scan the walk runs (:data:`EVERY_RULE`) reports what the WCAG tags alone let through: a skipped heading
    level (heading-order, moderate) and content outside any landmark (region, moderate)."""
    context = browser.new_context()
    axe_everywhere(context)
    page = context.new_page()
    page.set_content('<html lang="es"><title>Prueba</title><main><h1>Uno</h1><h3>Tres</h3></main><p>Fuera</p></html>')
    every = " ".join(all_violations(page, EVERY_RULE))
    wcag = " ".join(all_violations(page, TAGS))
    context.close()
    assert "heading-order (moderate)" in every and "region (moderate)" in every
    assert "heading-order" not in wcag and "region" not in wcag
