"""Documents in the browser (issue 15): the service form reveals only the chosen method's fields (CSS
``:has``, no script), the issue of a draft goes through a confirmation with a warning-styled button,
and every state is scanned by axe-core (0 serious or critical) and for sideways scrolling."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from documents.helpers import issue
from factories import file_complaint

from ventila.documents.models import Delivery, Document

from .axe import serious_violations
from .conftest import shot, signed_in_context
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def docs_world(e2e_world: Any) -> Any:
    """The e2e world; its documents go before the docket they point at when the tables are emptied."""
    from django.db import connection

    from ventila.documents.db_triggers import purge_documents

    yield e2e_world
    purge_documents(connection)


def test_the_service_form_reveals_only_what_the_chosen_method_needs(docs_world: Any, browser: Any, live_server: Any):
    world = docs_world
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    found: list[str] = []
    page.goto(f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/")
    # The addressee is chosen; no method yet, so no method's fields are shown.
    assert page.get_by_label("Rafael Quiñones Ficticio (Parte querellada)").is_checked()
    for field in ("#id_name", "#id_email", "#id_received_on", "#id_note"):
        assert not page.locator(field).is_visible(), field
    found += serious_violations(page) + sideways(page)
    page.get_by_label("Correo electrónico con el PDF adjunto").check()
    assert page.locator("#id_email").is_visible() and not page.locator("#id_received_on").is_visible()
    page.get_by_label("Entrega personal").check()
    assert page.locator("#id_received_on").is_visible() and page.locator("#id_note").is_visible()
    assert not page.locator("#id_email").is_visible()
    page.get_by_label("Otra persona").check()
    assert page.locator("#id_name").is_visible() and page.locator("#id_role").is_visible()
    page.get_by_label("Rafael Quiñones Ficticio (Parte querellada)").check()
    assert not page.locator("#id_name").is_visible()
    found += serious_violations(page) + sideways(page)
    shot(page, "notificar", widths=(1366, 320))
    # Without the date: the error is beside the revealed field, and the summary links to it.
    submit(page.get_by_role("button", name="Notificar"))
    assert page.title().startswith("Error:")
    assert page.locator("#id_received_on").is_visible()
    assert "Indique la fecha en que el destinatario recibió el documento." in page.locator("#errores").inner_text()
    found += serious_violations(page) + sideways(page)
    shot(page, "notificar-error", widths=(1366, 320))
    page.fill("#id_received_on", "2027-03-01")
    page.fill("#id_note", "Entregada en su oficina.")
    submit(page.get_by_role("button", name="Notificar"))
    # Issue 29: a check step first, with the term the receipt starts (computed by the engine).
    assert page.get_by_role("heading", level=1).inner_text().endswith("Revise antes de anotar")
    assert "Se abre el término «Contestar la querella»" in page.locator(".effects").inner_text()
    assert not Delivery.objects.exists()
    found += serious_violations(page) + sideways(page)
    shot(page, "notificar-revisar", widths=(1366, 320))
    submit(page.get_by_role("button", name="Anotar la notificación"))
    assert Delivery.objects.get().received_on.isoformat() == "2027-03-01"
    found += serious_violations(page) + sideways(page)
    context.close()
    assert found == []


def test_issuing_a_draft_is_confirmed_with_a_warning_button(docs_world: Any, browser: Any, live_server: Any):
    from ventila.documents.actions import do_create_draft

    world = docs_world
    case = file_complaint(world)
    draft = do_create_draft(
        user=world.users["secretaria"], case=case, entry=case.entries.get(seq=1), template="notice_of_complaint"
    )
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    found: list[str] = []
    page.goto(f"/expedientes/{case.number}/borradores/{draft.pk}/")
    save = page.get_by_role("button", name="Guardar borrador").last
    go_on = page.get_by_role("button", name="Revisar y expedir…")
    background = "el => getComputedStyle(el).backgroundColor"
    assert save.evaluate(background) == "rgb(255, 255, 255)"  # secondary: looks unlike issuing
    assert go_on.evaluate(background) == "rgb(0, 94, 162)"
    found += serious_violations(page) + sideways(page)
    # An emptied paragraph: refused beside it, nothing saved, the typed text kept.
    page.fill("#id_section_answer_term", "")
    page.fill("#id_section_intro", "Texto revisado en el navegador.")
    submit(go_on)
    assert (
        page.title().startswith("Error:") and page.input_value("#id_section_intro") == "Texto revisado en el navegador."
    )
    found += serious_violations(page) + sideways(page)
    # Put the paragraph back from the template, then go on to the confirmation.
    submit(page.get_by_role("button", name="Regenerar «Término para contestar y prórroga» desde la plantilla"))
    assert "15 días laborables" in page.input_value("#id_section_answer_term")
    assert page.input_value("#id_section_intro") == "Texto revisado en el navegador."
    submit(page.get_by_role("button", name="Revisar y expedir…"))
    assert page.get_by_role("heading", name="Confirme la expedición").is_visible()
    assert page.get_by_text("Después de expedirlo no podrá cambiarse").is_visible()
    confirm = page.get_by_role("button", name="Expedir y congelar el documento")
    assert confirm.evaluate(background) == "rgb(181, 9, 9)"  # the warning-styled primary button
    assert not Document.objects.exists()
    found += serious_violations(page) + sideways(page)
    shot(page, "confirmar-expedicion", widths=(1366, 320))
    submit(confirm)
    doc = Document.objects.get()
    assert urlsplit(page.url).path.endswith(f"/documentos/{doc.pk}/") and doc.sha256 in page.content()
    found += serious_violations(page) + sideways(page)
    context.close()
    assert found == []
