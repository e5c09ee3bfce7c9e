"""The verification page (issue 32) in a real browser, without an account, in Spanish and in English: the
link from every public page, a form sent empty (the public forms' error pattern), an issued PDF uploaded
(«sin cambios»), a SHA-256 that matches nothing, and the link printed on the document — axe-core (WCAG 2.2
AA) finds no serious or critical violation at 1,366 px nor at 320 px, and no page scrolls sideways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from documents.helpers import issue, signing_dir, throwaway_ca  # noqa: F401 (fixtures)
from factories import file_complaint

from .axe import serious_violations
from .conftest import shot
from .test_accessibility import sideways, submit
from .test_public_record_browser import docs_world  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("throwaway_ca", "docs_world")]


WORDS = {
    "es": {
        "nav": "Verificar un documento",
        "check": "Comprobar",
        "empty": "Elija el PDF o escriba su huella SHA-256.",
        "error": "Error:",
        "unchanged": "Sin cambios: es el documento tal como se expidió",
        "kind": "Notificación de la querella",
        "nomatch": "No coincide con ningún documento expedido",
        "issued": "Documento expedido",
    },
    "en": {
        "nav": "Verify a document",
        "check": "Check",
        "empty": "Choose the PDF or type its SHA-256 fingerprint.",
        "error": "Error:",
        "unchanged": "Unchanged: this is the document as it was issued",
        "kind": "Notice of complaint",
        "nomatch": "Does not match any issued document",
        "issued": "Document issued",
    },
}


@pytest.mark.parametrize("width", [1366, 320])
def test_the_verification_page_in_spanish_and_english(
    e2e_world: Any, browser: Any, live_server: Any, tmp_path: Path, width: int
) -> None:
    from ventila.documents.models import SignedFile

    case = file_complaint(e2e_world)
    doc = issue(e2e_world, case, "notice_of_complaint")
    pdf = tmp_path / "notificacion.pdf"
    pdf.write_bytes(doc.file.open("rb").read())
    code = SignedFile.objects.get(sha256=doc.sha256).code
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900}, locale="es-PR")
    page = context.new_page()
    found: list[str] = []

    def check(name: str) -> None:
        found.extend(f"{name}: {v}" for v in serious_violations(page))
        found.extend(sideways(page))
        shot(page, f"verify-{name}-{width}")

    page.goto("/")
    for lang in ("es", "en"):
        w = WORDS[lang]
        page.goto("/registro-publico/")
        page.get_by_role("link", name=w["nav"]).first.click()
        page.wait_for_load_state("load")
        assert page.locator("h1").inner_text() == w["nav"]
        check(f"{lang}-start")
        submit(page.get_by_role("button", name=w["check"], exact=True))
        assert page.title().startswith(w["error"]) and w["empty"] in page.content()
        check(f"{lang}-error")
        page.set_input_files("#id_file", str(pdf))
        submit(page.get_by_role("button", name=w["check"], exact=True))
        content = page.content()
        assert w["unchanged"] in content and w["kind"] in content and case.number not in content
        check(f"{lang}-unchanged")
        page.fill("#id_sha256", "0" * 64)
        submit(page.get_by_role("button", name=w["check"], exact=True))
        assert w["nomatch"] in page.content()
        check(f"{lang}-nomatch")
        page.goto(f"/verificar/{code}/")
        assert w["issued"] in page.content() and doc.sha256 in page.content()
        check(f"{lang}-link")
        if lang == "es":  # the language switch every page offers
            with page.expect_navigation(wait_until="load"):
                page.get_by_role("button", name="English").click()
    context.close()
    assert found == []
