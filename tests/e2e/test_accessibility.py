"""axe-core on every step of the public form and every staff page: no serious or critical WCAG 2.2
AA violation. Pages are scanned as a person sees them, including with errors shown.

Deterministic (issue 11 item 17): every form is submitted and its next page waited for (its load
event) before the scan, and the scan itself waits for the stylesheets, the fonts and two frames
(:func:`axe.settle`), with a fixed viewport and reduced motion. A scan that ran while the next page
was still arriving saw it unstyled — the skip link, the brand and the header's links as small inline
boxes — and reported axe's ``target-size`` or not depending on the machine's load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from factories import file_complaint, tiny_pdf

from ventila.cases.models import Case

from .axe import serious_violations, settle
from .conftest import PHONE, signed_in_context

pytestmark = pytest.mark.django_db(transaction=True)


def submit(target: Any) -> None:
    """Click a form's button and wait until the page it leads to has loaded."""
    with target.page.expect_navigation(wait_until="load"):
        target.click()


def sideways(page: Any) -> list[str]:
    """The page at 320 px and at 1,366 px: nothing may scroll sideways (WCAG 1.4.10, reflow). The
    viewport the page was scanned at is restored."""
    before = page.viewport_size
    out = []
    for width in (320, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > width:
            out.append(f"{page.url} a {width} px mide {wide} px de ancho")
    page.set_viewport_size(before)
    return out


PUBLIC_SCANS = 11  # the pages each body's walk scans (below); the first half of them, then the rest
FIRST_HALF = 6


@pytest.mark.parametrize("half", ["first", "second"])
@pytest.mark.parametrize("body", ["etica-camara", "querellas-municipales"])
def test_every_public_page(
    e2e_world: Any, browser: Any, live_server: Any, tmp_path: Path, body: str, half: str
) -> None:
    """Each body's filing, step by step with its errors, to the receipt; the start page with the House's, the
    follow-up with the municipal one's. Each half of the walk's scans is a test of its own (one took 11–12 s):
    both walk the whole filing, each scans its half."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    page = context.new_page()
    found: list[str] = []
    scans = 0

    def scan() -> None:
        nonlocal scans
        if (scans < FIRST_HALF) == (half == "first"):
            found.extend(serious_violations(page))
            found.extend(sideways(page))
        scans += 1

    if body == "etica-camara":
        page.goto("/querellas/")
        scan()
    page.goto(f"/querellas/{body}/")
    submit(page.get_by_role("button", name="Continuar"))  # every error shown
    scan()
    page.fill("#id_complainant_name", "Ana Ejemplo Ficticia")
    page.fill("#id_complainant_email", "ana@example.org")
    page.fill("#id_complainant_phone", "787-555-0100")
    if body == "querellas-municipales":
        page.get_by_label("Un ciudadano").check()
    submit(page.get_by_role("button", name="Continuar"))
    scan()  # respondent
    submit(page.get_by_role("button", name="Continuar"))
    scan()  # respondent, with errors
    if body == "etica-camara":
        page.select_option("#id_respondent_office", index=1)
    else:
        page.fill("#id_respondent_name", "Alcaldesa Ficticia")
    submit(page.get_by_role("button", name="Continuar"))
    submit(page.get_by_role("button", name="Continuar"))
    scan()  # facts, with errors
    page.fill("#id_facts", "Hechos de prueba.")
    for box, value in (("", "2"), ("_month", "1"), ("_year", "2027")):  # late for the House
        page.fill(f"#id_knowledge_date{box}", value)
    if body == "etica-camara":
        page.check("#id_personal_knowledge")
        page.locator("#grupo-family_and_posts > summary").click()
        page.get_by_label("Nepotismo").check()
        submit(page.get_by_role("button", name="Continuar"))
        scan()  # the late warning, on the date's own step
    submit(page.get_by_role("button", name="Continuar"))
    scan()  # evidence (with the late warning for the House)
    doc = tmp_path / "a.pdf"
    doc.write_bytes(tiny_pdf())  # a real PDF: uploads are parsed before they are accepted
    page.set_input_files("#id_ev_file", str(doc))
    submit(page.get_by_role("button", name="Añadir esta evidencia"))
    scan()  # evidence with errors and a kept file
    page.select_option("#id_ev_kind", index=1)
    page.fill("#id_ev_description", "Documento")
    submit(page.get_by_role("button", name="Añadir esta evidencia"))
    submit(page.get_by_role("button", name="Continuar"))
    scan()  # review and oath
    submit(page.get_by_role("button", name="Jurar y presentar la querella"))
    scan()  # oath with errors
    page.check("#id_perjury_acknowledged")
    page.fill("#id_signature", "Ana Ejemplo Ficticia")
    submit(page.get_by_role("button", name="Jurar y presentar la querella"))
    page.get_by_text("Su querella se presentó").wait_for()
    scan()  # receipt
    if body == "querellas-municipales":
        page.goto("/querellas/seguimiento/")
        scan()
        submit(page.get_by_role("button", name="Ver mi querella"))
        scan()
    context.close()
    assert scans == PUBLIC_SCANS  # every step of the walk reached, its half of them scanned
    assert found == []


@pytest.mark.parametrize("part", ["case", "acts", "forms"])
def test_every_staff_page(e2e_world: Any, browser: Any, live_server: Any, part: str) -> None:
    """``case``: a case's pages, the queue, the calendar, a missing case; ``acts``: every act form the rulebook
    offers on the case; ``forms``: a form with its errors, the home and sign-in pages, a failed sign-in."""
    world = e2e_world
    case = file_complaint(world)
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    n = case.number
    urls = [
        "/expedientes/",
        f"/expedientes/{n}/",
        f"/expedientes/{n}/anotaciones/1/corregir/",
        f"/expedientes/{n}/representacion/",
        "/expedientes/nuevo/etica-camara/complaint/",
        "/cuerpos/etica-camara/calendario/",
        "/expedientes/CE-2027-9999/",
    ]
    acts = [f"/expedientes/{n}/actos/{act}/" for act in Case.objects.get(pk=case.pk).allowed_next]
    found: list[str] = []
    assert len(acts) > 1  # the act forms the rulebook offers now
    for url in urls if part == "case" else acts if part == "acts" else []:
        response = page.goto(url)
        assert page.url == live_server.url + url, f"{url} redirected to {page.url}"  # signed in, 2FA passed
        assert response.status == (404 if url.endswith("9999/") else 200), url
        found.extend(serious_violations(page))
        found.extend(sideways(page))
    context.close()
    if part in ("case", "acts"):
        assert found == [], "\n".join(found)
        return
    # A form with its errors shown.
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    page.goto("/expedientes/nuevo/etica-camara/complaint/")
    submit(page.locator("form.form button[type=submit]").first)
    found.extend(serious_violations(page))
    context.close()
    anonymous = browser.new_context(base_url=live_server.url)
    page = anonymous.new_page()
    for url in ("/", "/entrar/"):
        page.goto(url)
        found.extend(serious_violations(page))
    page.fill("#id_username", "nadie")
    page.fill("#id_password", "mal")
    submit(page.locator("form button[type=submit]").first)
    found.extend(serious_violations(page))
    anonymous.close()
    assert found == [], "\n".join(found)


def test_the_scanner_does_find_violations(browser: Any) -> None:
    """Guard: the scan above would report a real violation (axe is loaded and its results read)."""
    page = browser.new_page()
    page.set_content(
        '<html><head><title>x</title></head><body><main><img src="x.png"><input type="text"></main></body></html>'
    )
    found = serious_violations(page)
    page.close()
    assert any(" image-alt (critical)" in f for f in found) and any(" label (critical)" in f for f in found)


TARGETS = """() => [...document.querySelectorAll('.skip-link, .brand, .nav a, .nav .link-button, .link-button')]
    .map((e) => { const r = e.getBoundingClientRect();
                  return {what: e.className || e.textContent.trim(), w: r.width, h: r.height}; })"""


def test_header_targets_are_at_least_24px_even_unfocused_or_focused(
    e2e_world: Any, browser: Any, live_server: Any
) -> None:
    """WCAG 2.5.8 (axe ``target-size``): the skip link, the brand, the sign-in link and the link-looking
    buttons measure 24 × 24 px or more on a phone and on a desk, and the focused skip link covers nothing."""
    for options in (PHONE, {"viewport": {"width": 1280, "height": 900}}):
        context = browser.new_context(base_url=live_server.url, reduced_motion="reduce", **options)
        page = context.new_page()
        page.goto("/querellas/querellas-municipales/")
        settle(page)
        small = [t for t in page.evaluate(TARGETS) if t["w"] < 24 or t["h"] < 24]
        assert small == [], small
        page.keyboard.press("Tab")  # the skip link, first in the page, takes the focus and shows
        assert page.evaluate("document.activeElement.className") == "skip-link"
        skip = page.locator(".skip-link").bounding_box()
        brand = page.locator(".brand").bounding_box()
        assert skip["height"] >= 24 and skip["width"] >= 24
        assert skip["y"] + skip["height"] <= brand["y"]  # its own row: it does not cover the brand
        small = [t for t in page.evaluate(TARGETS) if t["w"] < 24 or t["h"] < 24]
        assert small == [], small
        assert serious_violations(page) == []
        context.close()
