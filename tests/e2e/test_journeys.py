"""Issue 29, done when: the six journeys — the secretary, the compliance clerk, a commissioner, a House member, the
municipal secretary and a citizen (in Spanish and in English) — walked in Chromium at 1,366 and 320 px, every page
scanned by axe-core with 0 violations of any impact (WCAG 2.0–2.2 A/AA) and none wider than its viewport
(``document.documentElement.scrollWidth``). One browser context per width; each journey its own session cookie in it.
With ``VENTILA_SCREENSHOTS=<dir>`` each page is saved there as ``<journey>-<n>-<width>.png``."""

from __future__ import annotations

from typing import Any

import pytest
from factories import file_complaint, file_municipal_complaint, to_hearing
from web.english_check import spanish_in

from tests.web.test_advisory import member

from .axe import all_violations, axe_everywhere
from .conftest import SCREENSHOTS
from .test_english_browser import VISIBLE_TEXT

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = (1366, 320)


def _session(user: Any) -> str:
    from django.conf import settings
    from django.test import Client
    from factories import complete_second_factor

    client = Client()
    client.force_login(user)
    complete_second_factor(client, user)
    return str(client.cookies[settings.SESSION_COOKIE_NAME].value)


def test_six_journeys_at_two_widths_axe_clean_and_no_page_wider_than_its_viewport(
    e2e_world: Any, browser: Any, live_server: Any, now: Any
) -> None:
    from django.conf import settings

    world = e2e_world
    case = file_complaint(world)
    to_hearing(world, case, now)
    now.set("2027-04-02 12:00")
    file_complaint(world, when="2027-04-02 10:00")  # a second case, its notice still to serve
    municipal = file_municipal_complaint(world)
    house_member = member(world)
    camara, mun = world.camara.slug, world.municipal.slug
    journeys: dict[str, tuple[Any, list[str]]] = {
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
    found: list[str] = []
    english: list[str] = []
    pages = 0
    for width in WIDTHS:
        context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 800})
        axe_everywhere(context)
        page = context.new_page()
        page.emulate_media(reduced_motion="reduce")
        for name, (user, urls) in journeys.items():
            context.clear_cookies()
            cookies = []
            if user is not None:
                cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": _session(user), "url": live_server.url})
            if name.endswith("-en"):
                cookies.append({"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url})
            if cookies:
                context.add_cookies(cookies)
            for n, url in enumerate(urls):
                response = page.goto(url)
                pages += 1
                assert response is not None and response.status == 200, f"{name} {url}: {response and response.status}"
                found.extend(all_violations(page))
                wide = page.evaluate("document.documentElement.scrollWidth")
                if wide > width:
                    found.append(f"{name} {url} a {width} px mide {wide} px de ancho")
                if name.endswith("-en"):
                    english.extend(f"{url}: {t}" for t in spanish_in(page.evaluate(VISIBLE_TEXT)))
                if SCREENSHOTS:
                    page.screenshot(path=f"{SCREENSHOTS}/{name}-{n}-{width}.png", full_page=True)
        context.close()
    assert pages == 2 * sum(len(urls) for _user, urls in journeys.values())
    assert found == [], "\n".join(found)
    assert english == [], "\n".join(english)
