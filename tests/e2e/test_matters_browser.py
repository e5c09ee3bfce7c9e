"""The Code's preventive matters in a real browser (issue 16): from the work queue the secretary opens
an outside-activity notice (Sec. 11) — first with errors shown beside the fields, then right — sees its
5-business-day objection window (CAM-11C-01) and the 35 % cap (CAM-11A-01) on the case page, and
records the Commission's objection by roll call through the act form and its check-your-answers page.
axe-core (WCAG 2.2 AA) finds no serious or critical violation on any of these pages, and none scrolls
sideways at 320 or 1,366 px; screenshots of the new pages are written for review."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from factories import tiny_pdf

from ventila.cases.models import Case

from .pages import Checked, open_from_the_queue
from .test_accessibility import submit

pytestmark = pytest.mark.django_db(transaction=True)


def open_after_the_check(page: Any) -> None:
    """Opening a matter has its check step (issue 29): the form's button shows what will be recorded and the
    terms it opens; the same words on the check page open the case."""
    submit(page.get_by_role("button", name="Anotar y abrir el expediente"))
    assert "Revise antes de anotar" in page.content()
    submit(page.get_by_role("button", name="Anotar y abrir el expediente"))


def test_open_an_outside_activity_notice_and_record_the_objection_in_the_browser(
    e2e_world: Any, browser: Any, live_server: Any, now: Any
) -> None:
    now.set("2027-03-01 15:00")
    check = Checked(browser, live_server, e2e_world.users["secretaria"])
    page = check.page

    open_from_the_queue(page, "Anotar notificación de actividad extra-legislativa")
    check("matter-form")
    # Nothing chosen: the errors are summarised and shown beside each field; what was typed stays.
    page.fill("#id_nature", "Asesoría contable a una cooperativa.")
    submit(page.get_by_role("button", name="Anotar y abrir el expediente"))
    html = page.content()
    assert "No se abrió el expediente: revise lo siguiente" in html and "Elija la persona del registro." in html
    assert "Indique si es otro empleo, un contrato o un negocio." in html
    assert page.locator("#id_nature").input_value() == "Asesoría contable a una cooperativa."
    check("matter-form-errors")
    office = e2e_world.respondent.offices.get()
    page.select_option("#id_person_office", str(office.pk))
    page.check("input[name=activity][value=contract]")
    page.fill("#id_compensation", "30007.96")
    page.fill("#id_legislative_salary", "85737.00")
    page.fill("#id_planned_start", "2027-04-01")
    page.check("#id_certified_no_conflict")
    page.check("#id_copy_to_secretariat")
    open_after_the_check(page)
    case = Case.objects.get(kind="outside_activity")
    assert page.url.endswith(f"/expedientes/{case.number}/")
    # CAM-11C-01: 5 business days from Mon Mar 1 (Tue Mar 2 a holiday) → Tue Mar 9; the cap, one cent over.
    terms = page.locator("table.terms").inner_text()
    assert "martes, 9 de marzo de 2027" in terms and "CAM-11C-01" in terms
    assert "$30,007.95" in page.content() and "supera el tope por $0.01" in page.content()
    page.get_by_text("¿Por qué esta fecha?").first.click()
    check("matter-case")

    # The Commission objects by roll call (Sec. 11(C), Sec. 6 majority: 4 of 7).
    page.get_by_role("link", name="Determinación de la Comisión sobre la oposición").first.click()
    page.wait_for_load_state("load")
    check("matter-act")
    page.check("input[name=objected][value='1']")
    page.fill("#id_grounds", "Sec. 11(A)(a): compromete su independencia de criterio.")
    for i, member in enumerate(e2e_world.members):
        page.check(f"input[name=vote_{member.pk}][value={'yes' if i < 4 else 'no'}]")
    submit(page.get_by_role("button", name="Continuar"))
    check("matter-act-check")
    submit(page.get_by_role("button", name="Anotar"))
    assert "Objetada" in page.content()
    check("matter-case-objected")
    case.refresh_from_db()
    assert case.stage == "objected"
    check.done()


def test_an_access_request_and_a_regulation_in_the_browser(
    e2e_world: Any, browser: Any, live_server: Any, now: Any, tmp_path: Path
) -> None:
    """Sec. 17: the request's contents refused beside the fields, then recorded; its report stored sealed
    (CAM-17-05) and the sealed page; Sec. 27: which act is recorded, then the regulation filed."""
    now.set("2027-03-03 15:00")
    check = Checked(browser, live_server, e2e_world.users["secretaria"])
    page = check.page

    open_from_the_queue(page, "Anotar solicitud de acceso a un informe financiero")
    office = e2e_world.respondent.offices.get()
    page.select_option("#id_person_office", str(office.pk))
    page.fill("#id_occurred_date", "2027-03-01")
    page.fill("#id_requester_name", "Lucía Solicitante Ficticia")
    page.check("input[name=report_is_final][value='1']")
    submit(page.get_by_role("button", name="Anotar y abrir el expediente"))
    html = page.content()
    assert "(a) su dirección" in html and "(e) que conoce la pena por mal uso" in html and "el juramento" in html
    check("access-form-errors")
    page.fill("#id_requester_address", "Calle Luna 5, San Juan")
    page.fill("#id_requester_occupation", "Periodista")
    page.fill("#id_on_behalf_of", "Ella misma")
    page.fill("#id_interest_statement", "Querella presentada; necesita el informe.")
    for box in ("complaint_copy", "knows_use_limits", "knows_penalty", "sworn"):
        page.check(f"#id_{box}")
    open_after_the_check(page)
    case = Case.objects.get(kind="report_access_request")
    # CAM-17-03: 5 business days from Mon Mar 1 (Tue Mar 2 a holiday) → Tue Mar 9, the OEG's move.
    assert "martes, 9 de marzo de 2027" in page.locator("table.terms").inner_text()
    report = tmp_path / "informe.pdf"
    report.write_bytes(tiny_pdf())
    page.set_input_files("#id_file", str(report))
    submit(page.get_by_role("button", name="Guardar sellada"))
    assert "está guardada y sellada" in page.content()
    check("access-case")
    stored = case.requested_reports.get()
    page.goto(f"/expedientes/{case.number}/informe-solicitado/{stored.pk}/")
    assert "El informe está sellado" in page.content()
    check("access-sealed")

    open_from_the_queue(page, "Anotar reglamento o circulación del Código")
    submit(page.get_by_role("button", name="Continuar"))  # nothing chosen
    assert "Elija qué acto anota." in page.content()
    check("regulation-choose")
    page.check("input[name=acto][value=regulation_filed]")
    submit(page.get_by_role("button", name="Continuar"))
    page.fill("#id_occurred_date", "2027-03-01")
    page.fill("#id_title", "Reglamento Interno de la Comisión")
    open_after_the_check(page)
    # CAM-27-01: 10 business days from Mon Mar 1 → Tue Mar 16; the House's move.
    assert "martes, 16 de marzo de 2027" in page.locator("table.terms").inner_text()
    assert "La Cámara de Representantes" in page.content()
    check("regulation-case")
    check.done()
