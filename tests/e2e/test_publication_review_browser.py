"""The review of a matter's redacted text before publication (issue 26) in a real browser: the secretary
finds the matter waiting, reads the text, adds a nickname to remove, sees the text again and approves it —
axe-core (WCAG 2.2 AA) finds no serious or critical violation and nothing scrolls sideways at 1,366 or
320 px; once approved, the public page shows it, redacted."""

from __future__ import annotations

from typing import Any

import pytest
from web.test_public_safety import RESPONDENT, _dismissed

from .axe import serious_violations
from .conftest import signed_in_context
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def docs_world(e2e_world: Any) -> Any:
    """The e2e world; its documents go before the docket they point at when the tables are emptied."""
    from django.db import connection

    from ventila.documents.db_triggers import purge_documents

    yield e2e_world
    purge_documents(connection)


def test_issue_26_the_secretary_reviews_and_approves_a_publication(
    docs_world: Any, browser: Any, live_server: Any, now: Any
) -> None:
    text = f"La Sra. Quiñones Ejemplo querelló contra {RESPONDENT}; la llaman «la Nena»."
    complainant = {"name": "Ana Quiñones Ejemplo", "phone": "787-555-0100"}
    case = _dismissed(docs_world, now, notice_text=text, complainant=complainant, witnesses="")
    page = signed_in_context(browser, live_server, docs_world.users["secretaria"]).new_page()
    found: list[str] = []

    def check() -> None:
        for width in (1366, 320):
            page.set_viewport_size({"width": width, "height": 900})
            found.extend(serious_violations(page) + sideways(page))
        page.set_viewport_size({"width": 1280, "height": 900})

    page.goto("/estadisticas/?cuerpo=etica-camara")
    page.get_by_role("link", name="Publicaciones por revisar").click()
    page.wait_for_load_state("load")
    check()
    page.get_by_role("link", name=case.number).click()
    page.wait_for_load_state("load")
    assert "comparte un nombre con la parte querellada" in page.content()
    check()
    page.get_by_label("Otros nombres o datos que se deben suprimir, uno por línea").fill("la Nena")
    submit(page.get_by_role("button", name="Ver el texto"))
    assert "«[dato suprimido]»" in page.content() and "Nena" not in page.locator(".public-text").inner_text()
    check()
    submit(page.get_by_role("button", name="Aprobar la publicación de este texto"))
    assert "Publicación aprobada" in page.content() and "Ningún asunto espera revisión." in page.content()
    public = browser.new_context(base_url=live_server.url).new_page()
    public.goto(f"/registro-publico/etica-camara/{case.number}/")
    assert RESPONDENT in public.content() and "Quiñones Ejemplo" not in public.content()
    assert found == [], found
