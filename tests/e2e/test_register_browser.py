"""The register of obligated people in a real browser (issue 16): the secretary uploads the HR file,
maps its columns on screen, sees the preview with a row in error, corrects the mapping, imports,
opens a person's page and records a report received — axe-core (WCAG 2.2 AA) finds no serious or
critical violation on any of these pages, with and without errors shown, and none scrolls sideways
at 320 or 1,366 px."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from ventila.bodies.models import Person
from ventila.compliance.models import FinancialReport

from .pages import Checked
from .test_accessibility import submit

pytestmark = pytest.mark.django_db(transaction=True)

HR_FILE = (
    "Número de empleado,Nombre,Apellidos,Categoría,Puesto,Fecha de toma de posesión,Fecha de cese\n"
    "E-100,Begoña,Ñeco Ficticia,Funcionaria,Subsecretaria,4 de enero de 2027,\n"
    "\n"
    "E-101,Tomás,Ficticio Lugo,Jefe de dependencia,Director de Finanzas,02/01/2025,2027-02-15\n"
    "E-102,Iris,Ficticia Paz,Conserje,Oficinista,2027-01-04,\n"
)


def test_import_the_register_and_record_a_report_in_the_browser(
    e2e_world: Any, browser: Any, live_server: Any, tmp_path: Path, now: Any
) -> None:
    now.set("2027-03-26 09:00")
    check = Checked(browser, live_server, e2e_world.users["secretaria"])
    page = check.page

    page.goto("/cuerpos/etica-camara/obligados/")
    check()
    page.get_by_role("link", name="Importar el archivo de Recursos Humanos").click()
    page.wait_for_load_state("load")
    submit(page.get_by_role("button", name="Subir y revisar"))  # no file: the error beside the field
    assert "Elija el archivo que va a importar." in page.content()
    check()
    hr = tmp_path / "rrhh.csv"
    hr.write_text(HR_FILE, encoding="utf-8")
    page.set_input_files("#id_file", str(hr))
    submit(page.get_by_role("button", name="Subir y revisar"))
    # The mapping, guessed from the Spanish headers; the preview names the row in error.
    assert page.locator("#id_col_role").input_value() == "3"
    assert "Fila 5: «Conserje» no es una categoría que el Código obligue" in page.content()
    assert page.get_by_role("button", name="Importar al registro").count() == 0
    check()
    # Map «Categoría» to nothing: the required field is refused next to it, the choices kept.
    page.select_option("#id_col_role", "")
    submit(page.get_by_role("button", name="Ver cómo quedaría"))
    assert "Diga qué columna del archivo tiene este dato." in page.content()
    assert page.locator("#id_col_title").input_value() == "4"
    check()
    assert Person.objects.filter(hr_number__startswith="E-1").count() == 0  # nothing imported yet

    # The file corrected and uploaded again: imported at once.
    hr.write_text(HR_FILE.replace("Conserje", "Funcionario"), encoding="utf-8")
    page.goto("/cuerpos/etica-camara/obligados/importar/")
    page.set_input_files("#id_file", str(hr))
    submit(page.get_by_role("button", name="Subir y revisar"))
    check()
    submit(page.get_by_role("button", name="Importar al registro"))
    assert "3 personas nuevas, 3 cargos nuevos" in page.content()
    check()

    # A person's page: the initial report, Mon 4 Jan 2027 + 90 days = Sun 4 Apr → Mon 5 Apr (CAM-14D-01).
    page.get_by_role("link", name="Ñeco Ficticia, Begoña").click()
    page.wait_for_load_state("load")
    row = page.locator("tr[data-rule='CAM-14D-01']").first
    assert "lunes, 5 de abril de 2027" in row.inner_text()
    page.get_by_text("¿Por qué esta fecha?").first.click()
    assert "CAM-14D-01 (Sec. 14(d)(1))" in page.locator("ol.trace").first.inner_text()
    check()
    submit(page.get_by_role("button", name="Anotar el informe"))  # empty: errors beside the fields
    assert "Escriba el año que cubre el informe" in page.content()
    check()
    page.fill("#id_covers_year", "2026")
    page.check("input[name=report_type][value=initial]")
    page.fill("#id_filed_on", "2027-03-25")
    page.check("#id_sworn")
    page.check("#id_electronic")
    submit(page.get_by_role("button", name="Anotar el informe"))
    assert "Se anotó el informe inicial" in page.content()
    # The initial report is met; the filer's notice to the House Secretary (CAM-14C-02) is now due.
    assert "1 deber cumplido" in page.content()
    assert "Informar a la Secretaría de la Cámara la radicación" in page.locator("table.terms").inner_text()
    check()
    report = FinancialReport.objects.get(person__hr_number="E-100")
    assert (report.covers_year, report.filed_on, report.sworn) == (2026, dt.date(2027, 3, 25), True)
    check.done()
