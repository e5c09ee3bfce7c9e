"""Whose move, and what next, in a real browser (issue 15): the queue's tabs and its stage filter,
and the case page's suggested act first — with axe-core at 0 serious or critical violations and
nothing scrolling sideways."""

from __future__ import annotations

from typing import Any

import pytest
from web.test_whose_move import complaints_by_turn

from ventila.rules import RULEBOOKS

from .axe import serious_violations
from .conftest import signed_in_context
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_queue_tabs_the_stage_filter_and_the_suggested_act(
    e2e_world: Any, now: Any, browser: Any, live_server: Any
) -> None:
    world = e2e_world
    cases = complaints_by_turn(world, now, notice=False)
    late, running = cases["late"], cases["running"]

    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    found: list[str] = []
    page.goto("/expedientes/")
    found += serious_violations(page) + sideways(page)
    tabs = page.get_by_role("navigation", name="A quién le toca")
    assert tabs.get_by_role("link").all_inner_texts() == ["Todos 2", "Por hacer 1", "En espera de otros 1"]

    # The «Por hacer» tab, by keyboard: only the case whose party's term ran out, with its next act.
    mine = tabs.get_by_role("link", name="Por hacer")
    mine.focus()
    with page.expect_navigation(wait_until="load"):
        page.keyboard.press("Enter")
    assert page.url.endswith("/expedientes/?turn=mine")
    assert tabs.locator('[aria-current="page"]').inner_text() == "Por hacer 1"
    body_rows = page.locator("table.table tbody tr")
    assert body_rows.count() == 1 and late.number in body_rows.first.inner_text()
    assert "La parte querellada no actuó a tiempo" in body_rows.first.inner_text()
    found += serious_violations(page) + sideways(page)
    page.get_by_role("link", name="En espera de otros").click()
    page.wait_for_load_state("load")
    assert page.locator("table.table tbody tr").count() == 1
    assert running.number in page.locator("table.table tbody tr").first.inner_text()

    # The stage filter narrows to the chosen kind's stages once the kind is chosen.
    page.goto("/expedientes/")
    page.locator("details.filters-box > summary").click()  # the filters: one row that opens (issue 29)
    page.select_option("#f-kind", "advisory_opinion")
    submit(page.get_by_role("button", name="Filtrar"))
    stages = [v for v in page.eval_on_selector_all("#f-stage option", "els => els.map(e => e.value)") if v]
    assert stages == [str(s) for s in RULEBOOKS["camara-171"].kinds["advisory_opinion"].stages]

    # The case page: the suggested act is the first thing in the acts section, a primary button.
    page.goto(f"/expedientes/{late.number}/")
    found += serious_violations(page) + sideways(page)
    section = page.locator("section[aria-labelledby=actos]")
    first_link = section.get_by_role("link").first
    assert first_link.inner_text() == "Rebeldía declarada"
    assert "button" in (first_link.get_attribute("class") or "").split()
    assert section.locator(".button:not(.button-secondary)").count() == 1  # one primary button, not ten
    why = section.locator("#siguiente-acto").inner_text()
    assert "«Contestar la querella»" in why and "CAM-21B-02" in why
    others = section.locator(".acts-list li")
    assert others.count() >= 3 and "Cuando la parte querellada presenta su contestación" in others.first.inner_text()
    box_first, box_others = section.locator("#siguiente-acto").bounding_box(), others.first.bounding_box()
    assert box_first is not None and box_others is not None and box_first["y"] < box_others["y"]
    with page.expect_navigation(wait_until="load"):
        first_link.click()
    assert page.url.endswith(f"/expedientes/{late.number}/actos/default_declared/")
    context.close()
    assert found == []
