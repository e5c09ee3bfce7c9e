"""The public record (issue 17) in a real browser, without an account: the bodies, a body's resolved
matters, its search (with an error shown), and a matter's page — axe-core (WCAG 2.2 AA) finds no
serious or critical violation at 1,366 px nor at 320 px, and no page scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest
from web.test_public_record import _dismissed

from .axe import serious_violations
from .conftest import shot
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def docs_world(e2e_world: Any) -> Any:
    """The e2e world; its documents go before the docket they point at when the tables are emptied."""
    from django.db import connection

    from ventila.documents.db_triggers import purge_documents

    yield e2e_world
    purge_documents(connection)


@pytest.mark.parametrize("width", [1366, 320])
def test_cam_21d_01_public_record_list_and_detail_accessible(
    docs_world: Any, browser: Any, live_server: Any, now: Any, width: int
) -> None:
    case = _dismissed(docs_world, now)
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900}, locale="es-PR")
    page = context.new_page()
    found: list[str] = []

    def check(name: str) -> None:
        found.extend(serious_violations(page))
        found.extend(sideways(page))
        shot(page, f"public-{name}-{width}")

    page.goto("/")
    page.get_by_role("link", name="Ver los asuntos resueltos de cada Comisión").click()
    page.wait_for_load_state("load")
    check("index")
    page.get_by_role("link", name="Comisión de Ética de la Cámara de Representantes").click()
    page.wait_for_load_state("load")
    assert case.number in page.content() and "Ana Ejemplo" not in page.content()
    check("list")
    page.goto("/registro-publico/etica-camara/?q=contrato%0D%0ASet-Cookie:%20x")  # a CR/LF in the search
    assert "no puede contener caracteres de control ni saltos de línea" in page.content()
    check("list-error")
    page.fill("#id_q", "quinones desestimacion")
    submit(page.get_by_role("button", name="Buscar"))
    assert "1 asunto contiene" in page.content()
    check("search")
    page.get_by_role("link", name=case.number).click()
    page.wait_for_load_state("load")
    content = page.content()
    assert "Determinación final de desestimación" in content and "ana@example.org" not in content
    check("detail")
    context.close()
    assert found == []
