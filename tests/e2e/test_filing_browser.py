"""A person files a complaint on a phone-sized screen, in a real browser (Debian's Chromium)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from factories import tiny_pdf, tiny_png

from ventila.cases.models import Case, DocketEntry

from .axe import serious_violations

pytestmark = pytest.mark.django_db(transaction=True)

PDF = tiny_pdf(2)  # a real PDF: uploads are parsed before they are accepted


def _no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), page.url


def fill_date(page: Any, day: str, month: str, year: str) -> None:
    """The knowledge date, typed as day, month and year (GOV.UK's date input)."""
    page.fill("#id_knowledge_date", day)
    page.fill("#id_knowledge_date_month", month)
    page.fill("#id_knowledge_date_year", year)


def _fill_to_evidence(page: Any, world: Any) -> None:
    page.goto("/querellas/")
    page.get_by_role("link", name="Comisión de Ética de la Cámara de Representantes").click()
    page.fill("#id_complainant_name", "Ana Ejemplo Ficticia")
    page.fill("#id_complainant_address", "Calle Luna 1\nSan Juan, PR 00901")
    page.fill("#id_complainant_email", "ana@example.org")
    page.fill("#id_complainant_phone", "787-555-0100")
    _no_sideways_scroll(page)
    page.get_by_role("button", name="Continuar").click()
    page.select_option("#id_respondent_office", label="Rafael Quiñones Ficticio — Representante del Distrito 40")
    _no_sideways_scroll(page)
    page.get_by_role("button", name="Continuar").click()
    page.fill(
        "#id_facts", "El 3 de febrero de 2027 vi al querellado usar un vehículo oficial para una mudanza privada."
    )
    fill_date(page, "20", "2", "2027")
    page.check("#id_personal_knowledge")
    page.locator("#grupo-public_funds > summary").click()  # the plain-language group opens on its sections
    page.get_by_label("Uso de propiedad o fondos públicos").check()
    _no_sideways_scroll(page)
    page.get_by_role("button", name="Continuar").click()


def _add_evidence(page: Any, tmp_path: Path) -> str:
    doc = tmp_path / "registro-vehiculo.pdf"
    doc.write_bytes(PDF)
    page.select_option("#id_ev_kind", "public_documents")
    page.fill("#id_ev_description", "Registro de uso del vehículo oficial")
    page.set_input_files("#id_ev_file", str(doc))
    page.get_by_role("button", name="Añadir esta evidencia").click()
    page.get_by_text("registro-vehiculo.pdf").wait_for()
    page.fill("#id_wit_name", "Luis Testigo Ficticio")
    page.fill("#id_wit_address", "Calle Sol 2, Ponce")
    page.get_by_role("button", name="Añadir este testigo").click()
    page.get_by_text("Luis Testigo Ficticio — Calle Sol 2, Ponce").wait_for()
    return hashlib.sha256(PDF).hexdigest()


def test_a_full_filing_on_a_phone(e2e_world: Any, phone: Any, tmp_path: Path) -> None:
    page = phone
    _fill_to_evidence(page, e2e_world)
    digest = _add_evidence(page, tmp_path)
    _no_sideways_scroll(page)
    page.get_by_role("button", name="Continuar").click()
    assert page.get_by_role("heading", name="Apercibimiento de perjurio").is_visible()
    page.check("#id_perjury_acknowledged")
    page.fill("#id_signature", "Ana Ejemplo Ficticia")
    _no_sideways_scroll(page)
    page.get_by_role("button", name="Jurar y presentar la querella").click()
    page.get_by_text("Su querella se presentó").wait_for()
    assert "CE-2027-0001" in page.content() and digest in page.content()
    _no_sideways_scroll(page)
    with page.expect_download() as download:
        page.get_by_role("link", name="Descargar el acuse en PDF").click()
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF")
    entry = DocketEntry.objects.get(case__number="CE-2027-0001")
    assert entry.payload["channel"] == "online" and entry.attachments.get().sha256 == digest


def test_a_filing_with_errors_corrected(e2e_world: Any, phone: Any, tmp_path: Path) -> None:
    page = phone
    page.goto("/querellas/etica-camara/")
    page.fill("#id_complainant_name", "Ana Ejemplo Ficticia")
    page.fill("#id_complainant_email", "ana@")
    page.get_by_role("button", name="Continuar").click()
    alert = page.get_by_role("alert")
    assert "Escriba una dirección de correo electrónico válida" in alert.inner_text()
    assert "Indique un teléfono" in alert.inner_text()
    assert page.input_value("#id_complainant_name") == "Ana Ejemplo Ficticia"
    assert page.get_attribute("#id_complainant_email", "aria-invalid") == "true"
    # The error summary links to the field.
    alert.get_by_role("link", name="Correo electrónico").click()
    page.fill("#id_complainant_email", "ana@example.org")
    page.fill("#id_complainant_phone", "787-555-0100")
    page.get_by_role("button", name="Continuar").click()
    page.select_option("#id_respondent_office", label="Rafael Quiñones Ficticio — Representante del Distrito 40")
    page.get_by_role("button", name="Continuar").click()
    page.fill("#id_facts", "Hechos detallados de prueba.")
    fill_date(page, "20", "2", "2027")
    page.get_by_role("button", name="Continuar").click()
    text = page.get_by_role("alert").inner_text()
    assert "propio y personal conocimiento" in text and "al menos una disposición" in text
    assert page.input_value("#id_facts") == "Hechos detallados de prueba."
    page.check("#id_personal_knowledge")
    page.locator("summary").filter(has_text="Conflicto de intereses").click()
    page.get_by_label("Conflicto de interés", exact=True).check()
    page.get_by_role("button", name="Continuar").click()
    # A file that is not what its name says is refused, and the description stays.
    fake = tmp_path / "contrato.pdf"
    fake.write_text("no soy un PDF")
    page.select_option("#id_ev_kind", "business_records")
    page.fill("#id_ev_description", "Contrato")
    page.set_input_files("#id_ev_file", str(fake))
    page.get_by_role("button", name="Añadir esta evidencia").click()
    assert "por su contenido" in page.get_by_role("alert").inner_text()
    assert page.input_value("#id_ev_description") == "Contrato"
    # Continuing adds what was typed (described, without the refused file); going back keeps it all.
    page.get_by_role("button", name="Continuar").click()
    page.get_by_role("heading", name="Revise su querella").wait_for()
    page.get_by_role("button", name="Anterior").click()
    assert page.locator("#evidencia-0").inner_text().startswith("Documentos de un negocio")
    assert page.get_by_text("Todavía no ha añadido evidencia.").count() == 0
    page.get_by_role("button", name="Continuar").click()
    page.fill("#id_signature", "Otra Persona")
    page.get_by_role("button", name="Jurar y presentar la querella").click()
    text = page.get_by_role("alert").inner_text()
    assert "apercibimiento de perjurio" in text and "La firma debe ser su nombre completo" in text
    assert Case.objects.count() == 0
    page.check("#id_perjury_acknowledged")
    page.fill("#id_signature", "Ana Ejemplo Ficticia")
    page.get_by_role("button", name="Jurar y presentar la querella").click()
    page.get_by_text("Su querella se presentó").wait_for()
    assert Case.objects.get().number == "CE-2027-0001"


def test_the_follow_up_key(e2e_world: Any, browser: Any, live_server: Any, phone: Any, tmp_path: Path) -> None:
    from ventila.cases.models import Case
    from ventila.filing.models import Supplement

    page = phone
    _fill_to_evidence(page, e2e_world)
    page.get_by_role("button", name="Continuar").click()
    page.check("#id_perjury_acknowledged")
    page.fill("#id_signature", "Ana Ejemplo Ficticia")
    page.get_by_role("button", name="Jurar y presentar la querella").click()
    key = page.locator("#clave").inner_text().strip()
    assert len(key) == 29
    other = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    p2 = other.new_page()
    p2.goto("/querellas/seguimiento/")
    p2.fill("#id_key", "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE")
    p2.get_by_role("button", name="Ver mi querella").click()
    assert "no corresponde a ninguna querella" in p2.get_by_role("alert").inner_text()
    p2.fill("#id_key", key.lower())
    p2.get_by_role("button", name="Ver mi querella").click()
    p2.get_by_role("heading", name="Su querella CE-2027-0001").wait_for()
    assert "Presentada" in p2.content()
    img = tmp_path / "foto.png"
    img.write_bytes(tiny_png())  # a real image: uploads are parsed before they are accepted
    p2.select_option("#id_kind", "official_documents")
    p2.fill("#id_description", "Foto del vehículo")
    p2.set_input_files("#id_file", str(img))
    p2.get_by_role("button", name="Añadir a mi querella").click()
    p2.get_by_text("Se añadió la evidencia").wait_for()
    assert Supplement.objects.get().filing.case == Case.objects.get()
    assert serious_violations(p2) == []
    other.close()
