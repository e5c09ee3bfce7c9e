"""Issue 17: the search box on a staff page and the results page in a real browser — typed into the
header's box (a ``<form role="search">``), the results with their highlighted snippets, an error next
to the field for a search too long, and «Ningún resultado» for a word only a hidden case holds. axe-core
(WCAG 2.2 AA) finds no serious or critical violation at 1,366 and 320 px, and nothing scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest
from factories import at
from web.helpers import complaint_of

from ventila.cases.actions import ActInput, do_record_act

from .axe import serious_violations
from .conftest import shot, signed_in_context
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


def _file(world: Any, facts: str) -> Any:
    return complaint_of(world, facts, complainant={"name": "Ana Ejemplo Ficticia"})


def test_search_from_the_header_and_read_the_results(e2e_world: Any, browser: Any, live_server: Any) -> None:
    world = e2e_world
    first = _file(world, "Contratación de un familiar en su oficina; el contrato no se anunció.")
    second = _file(world, "Contratos de limpieza sin subasta.")
    do_record_act(
        user=world.users["secretaria"],
        case=second,
        act=ActInput(
            "respondent_notified",
            at("2027-03-01 10:40"),
            True,
            note='<script>alert("contrato")</script> Se entregó copia del contrato.',
        ),
    )
    found: list[str] = []
    for width in (1366, 320):
        context = signed_in_context(browser, live_server, world.users["comisionado"])
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": 900})
        page.goto("/expedientes/")
        box = page.get_by_role("search").get_by_label("Buscar en los expedientes")
        box.fill("contratacion")
        submit(page.get_by_role("search").get_by_role("button", name="Buscar"))
        assert "/buscar/?q=contratacion" in page.url
        heading = page.get_by_role("heading", level=2).first.inner_text()
        assert heading == "1 resultado para «contratacion»", heading
        mark = page.locator(".search-result-snippet mark").first
        assert mark.inner_text() == "Contratación"
        found.extend(serious_violations(page))
        found.extend(sideways(page))
        if width == 320:
            shot(page, "search-results-320")

        # «contratos» finds «contrato» in both cases; the note's <script> is text, never run.
        page.goto("/buscar/?q=contratos")
        assert page.get_by_role("heading", level=2).first.inner_text().startswith("3 resultados")
        assert page.locator(".search-results script").count() == 0
        assert page.get_by_text('<script>alert("contrato")</script>', exact=False).count() == 1
        numbers = page.locator(".search-result-meta").all_inner_texts()
        assert {n.split(" · ")[0] for n in numbers} == {first.number, second.number}
        found.extend(serious_violations(page))
        if width == 1366:
            shot(page, "search-results-1366")

        # A search too long: the error summary and the message beside the field, what was typed kept.
        field = page.locator("#id_q")
        field.fill("palabra " * 30)
        submit(page.locator("main").get_by_role("button", name="Buscar"))
        assert page.get_by_role("alert").count() == 1
        assert "Escriba como máximo 200 caracteres" in page.locator(".error-message").inner_text()
        assert page.locator("#id_q").input_value().startswith("palabra palabra")
        found.extend(serious_violations(page))
        found.extend(sideways(page))
        if width == 320:
            shot(page, "search-error-320")
        context.close()

    # An outsider finds nothing of either case: no count, no title, no snippet.
    context = signed_in_context(browser, live_server, world.users["ajeno"])
    page = context.new_page()
    page.goto("/buscar/?q=contratos")
    assert page.get_by_role("heading", level=2).first.inner_text() == "Ningún resultado para «contratos»"
    assert first.number not in page.content() and second.number not in page.content()
    found.extend(serious_violations(page))
    context.close()
    assert found == []
