"""The work queue as a work list (issue 29), in Chromium: at 1,366 × 768 at least eight case rows on the
first screen, the opening acts behind one «Anotar…» menu, the filters in one collapsible row, each row
in at most two lines; at 320 px nothing scrolls sideways. Screenshots go to ``VENTILA_SCREENSHOTS`` when set."""

from __future__ import annotations

from typing import Any

import pytest
from factories import file_complaint, record

from .axe import serious_violations, settle
from .conftest import shot, signed_in_context
from .test_accessibility import sideways

pytestmark = pytest.mark.django_db(transaction=True)

WIDE = {"width": 1366, "height": 768}
NARROW = {"width": 320, "height": 640}


def rows_on_first_screen(page: Any) -> int:
    """How many case rows lie wholly inside the viewport as the page opens (scrolled to the top)."""
    return int(
        page.evaluate(
            """() => [...document.querySelectorAll('table.table tbody tr')]
                .filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length"""
        )
    )


def lines_per_row(page: Any) -> list[float]:
    """Each row's height in lines of the table's text (its line height)."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('table.table tbody tr')].map((r) => {
                const cell = r.querySelector('td');
                const line = parseFloat(getComputedStyle(cell).lineHeight);
                const pad = parseFloat(getComputedStyle(cell).paddingTop) + parseFloat(getComputedStyle(cell).paddingBottom);
                return (r.getBoundingClientRect().height - pad - 1) / line; })"""
        )
    )


def test_the_queue_shows_the_work_on_the_first_screen(e2e_world: Any, now: Any, browser: Any, live_server: Any) -> None:
    world = e2e_world
    now.set("2027-02-01 11:00")
    cases = [file_complaint(world, when=f"2027-02-01 10:{i:02d}", knowledge="2027-01-25") for i in range(12)]
    now.set("2027-02-02 12:00")
    for c in cases[:4]:
        record(world, c, "respondent_notified", "2027-02-02")
    now.set("2027-03-10 12:00")

    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    page.set_viewport_size(WIDE)
    page.goto("/expedientes/")
    settle(page)
    shot(page, "queue-1366", full_page=False)
    assert rows_on_first_screen(page) >= 8
    assert max(lines_per_row(page)) < 2.5  # two lines (a tag is a little taller than text)
    # The opening acts: one «Anotar…» menu, closed; the filters: one collapsed row.
    menu = page.locator("details.menu")
    assert menu.count() == 1 and menu.locator("summary").inner_text().startswith("Anotar")
    assert not menu.locator("a").first.is_visible()
    menu.locator("summary").click()
    assert menu.get_by_role("link", name="Anotar querella: Ética Cámara").is_visible()
    shot(page, "queue-1366-menu", full_page=False)
    filters = page.locator("details.filters-box")
    assert filters.count() == 1 and not page.locator("#f-kind").is_visible()
    filters.locator("summary").click()
    assert page.locator("#f-kind").is_visible()
    found = serious_violations(page) + sideways(page)
    # «Por hacer»: its count is that of the rows it lists, each with an act to record now.
    page.get_by_role("link", name="Por hacer").click()
    page.wait_for_load_state("load")
    tab = page.locator('nav.tabs [aria-current="page"] .tab-count').inner_text()
    assert int(tab) == page.locator("table.table tbody tr").count() > 0
    page.set_viewport_size(NARROW)
    page.goto("/expedientes/")
    settle(page)
    shot(page, "queue-320", full_page=True)
    found += sideways(page)
    context.close()
    assert found == []


def test_a_staff_form_with_errors_focuses_its_summary(e2e_world: Any, now: Any, browser: Any, live_server: Any) -> None:
    """One error pattern (issue 29): «Error: » in the title, the summary focused, its links to the fields."""
    world = e2e_world
    case = file_complaint(world, when="2027-03-01 10:00")
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    page.set_viewport_size(WIDE)
    page.goto(f"/expedientes/{case.number}/actos/respondent_notified/")
    page.fill("#id_occurred_date", "2027-02-30")
    with page.expect_navigation(wait_until="load"):
        page.locator("main form button[type=submit]").first.click()
    settle(page)
    assert page.title().startswith("Error: ")
    assert page.evaluate("document.activeElement.id") == "errores"
    heading = page.locator("#errores h2").inner_text()
    assert heading.startswith("No se anotó «") and page.locator("#errores a").count() >= 1
    shot(page, "act-errors-1366", full_page=False)
    found = serious_violations(page) + sideways(page)
    context.close()
    assert found == []


def test_the_open_a_case_forms_cancel_link_is_a_target_of_its_own_at_320(
    e2e_world: Any, now: Any, browser: Any, live_server: Any
) -> None:
    """axe's target-size at 320 px (issue 29): «Cancelar» was 2 px under the submit button."""
    context = signed_in_context(browser, live_server, e2e_world.users["secretaria"])
    page = context.new_page()
    page.set_viewport_size(NARROW)
    page.goto(f"/expedientes/nuevo/{e2e_world.camara.slug}/complaint/")
    settle(page)
    cancel = page.locator("main form").get_by_role("link", name="Cancelar").bounding_box()
    button = page.locator("main form button[type=submit]").last.bounding_box()
    assert cancel is not None and button is not None
    assert cancel["height"] >= 24 and cancel["width"] >= 24
    gap = max(cancel["y"] - (button["y"] + button["height"]), button["y"] - (cancel["y"] + cancel["height"]))
    assert gap >= 0 or cancel["x"] >= button["x"] + button["width"]  # beside it, or clear below it
    shot(page, "file-case-320", full_page=True)
    found = serious_violations(page) + sideways(page)
    context.close()
    assert found == []
