"""The statistics dashboard and the public page in a real browser (issue 18): axe-core (WCAG 2.2 AA)
finds no serious or critical violation, nothing scrolls sideways at 320 or 1,366 px, each chart is an
image with its title and description, and the filter keeps what was typed with the error beside it."""

from __future__ import annotations

from typing import Any

import pytest
from stats.docket import build

from .axe import serious_violations
from .conftest import shot, signed_in_context
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


def test_dashboard_and_public_statistics_in_the_browser(
    e2e_world: Any, browser: Any, live_server: Any, now: Any
) -> None:
    build(e2e_world, now)
    context = signed_in_context(browser, live_server, e2e_world.users["secretaria"])
    page = context.new_page()
    found: list[str] = []
    page.goto("/expedientes/")
    page.get_by_role("link", name="Estadísticas").click()
    page.wait_for_load_state("load")
    page.fill("#anio", "2027")
    submit(page.get_by_role("button", name="Filtrar"))
    assert page.get_by_role("img", name="Términos cumplidos y vencidos, por mes en que vencían").count() == 1
    assert "De 13 términos que vencían en el período, 10 se cumplieron y 3 vencieron." in page.content()
    found += serious_violations(page) + sideways(page)
    shot(page, "stats", widths=(1366, 320))
    page.fill("#anio", "20x7")
    submit(page.get_by_role("button", name="Filtrar"))
    assert "Escriba el año con cuatro cifras" in page.content() and page.locator("#anio").input_value() == "20x7"
    found += serious_violations(page) + sideways(page)
    page.goto("/cuerpos/etica-camara/informe-anual/")
    found += serious_violations(page) + sideways(page)
    public = browser.new_context(base_url=live_server.url).new_page()
    public.goto("/estadisticas/publicas/?cuerpo=etica-camara&anio=2027&periodo=M03")  # a closed month (issue 26)
    assert "Otros (cifras menores de 3, agrupadas)" in public.content()
    found += serious_violations(public) + sideways(public)
    shot(public, "stats-public", widths=(320,))
    assert found == []
