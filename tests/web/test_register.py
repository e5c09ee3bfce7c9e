"""The register of obligated people (issue 16, Secs. 3, 14): the import from the HR office's file
(CSV and XLSX, messy as such files are), the person's page with the financial-report duties the
engine computes (hand-computed dates citing rule IDs), and a report received recorded as an act.

Dates counted by hand (Puerto Rico's holidays; 15 Aug 2027 is a Sunday; 2027: 26 Mar Good Friday):
Mon 4 Jan 2027 + 90 days = Sun 4 Apr 2027 → Mon 5 Apr 2027 (CAM-14D-01).
"""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from django.test import Client
from factories import make_person

from ventila.audit import chain
from ventila.audit.models import StateRecord
from ventila.bodies.models import OfficeTerm, Person
from ventila.cases.procedures import system_user
from ventila.compliance.models import FinancialReport, RegisterImport
from ventila.compliance.tenures import sweep_tenures

pytestmark = pytest.mark.django_db

REGISTER = "/cuerpos/etica-camara/obligados/"
IMPORT = REGISTER + "importar/"

# What an HR export looks like: Spanish headers with accents, «;» as separator (Excel in Spanish),
# blank rows, the same person twice (reelected: two terms), one row repeated, dates in three formats.
MESSY_CSV = (
    "Núm. de empleado;Nombre;Apellidos;Categoría;Puesto;Fecha de toma de posesión;Fecha de cese;Correo electrónico\r\n"
    "\r\n"
    "E-001;Ángel Luis;Muñiz Irizarry;Representante;Representante del Distrito 8;02/01/2025;31/12/2028;amuniz@example.org\r\n"
    "E-001;Ángel Luis;Muñiz Irizarry;Representante;Representante del Distrito 8;2029-01-02;;\r\n"
    ";;;;;;;\r\n"
    "E-002;Begoña;Ñeco Ortiz;Funcionaria;Subsecretaria;4 de enero de 2027;;\r\n"
    "E-003;José;Pérez Quiñones;Jefe de dependencia;Director de Finanzas;02/01/2025;30 de septiembre de 2027;\r\n"
    "E-002;Begoña;Ñeco Ortiz;Funcionaria;Subsecretaria;4 de enero de 2027;;\r\n"
    "\r\n"
)


@pytest.fixture
def secretaria(world):
    c = Client()
    c.force_login(world.users["secretaria"])
    return c


def _upload(client, name, data, content_type="text/csv"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(IMPORT, {"file": SimpleUploadedFile(name, data, content_type=content_type)})


def _mapping_url(response) -> str:
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def _guessed_post(page_html: str) -> dict[str, str]:
    """The mapping form as the page pre-filled it (each select's selected option)."""
    out = {}
    for name, body in re.findall(r'<select name="(col_\w+)"[^>]*>(.*?)</select>', page_html, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body)
        out[name] = chosen[1] if chosen else ""
    return out


def _import(client, name, data, **kwargs) -> tuple[str, dict[str, str]]:
    url = _mapping_url(_upload(client, name, data, **kwargs))
    page = client.get(url)
    assert page.status_code == 200
    return url, _guessed_post(page.content.decode())


def test_import_a_messy_csv_then_the_same_file_again_changes_nothing(world, now, secretaria):
    now.set("2027-10-01 10:00")
    data = MESSY_CSV.encode("utf-8-sig")
    url, mapping = _import(secretaria, "RRHH octubre.csv", data)
    # The columns were guessed from the Spanish headers (accents and «Núm.» included).
    assert mapping == {
        "col_hr_number": "0",
        "col_given_name": "1",
        "col_family_name": "2",
        "col_role": "3",
        "col_title": "4",
        "col_start": "5",
        "col_end": "6",
        "col_email": "7",
    }
    preview = secretaria.get(url).content.decode()
    assert "Personas nuevas" in preview and "Importar al registro" in preview
    assert "La fila 8 repite la fila 6." in preview  # file rows as a spreadsheet numbers them
    people_before = Person.objects.count()
    r = secretaria.post(url, {**mapping, "action": "import"})
    assert r.status_code == 302 and r["Location"] == REGISTER
    assert "3 personas nuevas, 4 cargos nuevos y 0 cargos cambiados" in secretaria.get(REGISTER).content.decode()
    assert Person.objects.count() == people_before + 3
    angel = Person.objects.get(hr_number="E-001")
    assert (angel.given_name, angel.family_name, angel.email) == ("Ángel Luis", "Muñiz Irizarry", "amuniz@example.org")
    assert list(angel.offices.order_by("start").values_list("role", "start", "end")) == [
        ("representative", dt.date(2025, 1, 2), dt.date(2028, 12, 31)),
        ("representative", dt.date(2029, 1, 2), None),
    ]
    assert list(Person.objects.get(hr_number="E-003").offices.values_list("start", "end")) == [
        (dt.date(2025, 1, 2), dt.date(2027, 9, 30))
    ]
    assert Person.objects.get(hr_number="E-002").offices.get().start == dt.date(2027, 1, 4)
    record = RegisterImport.objects.get()
    assert (record.rows, record.people_created, record.offices_created) == (5, 3, 4)
    # Each new row is a chained version saying who and why.
    version = StateRecord.objects.get(kind="bodies.Person", object_id=str(angel.pk))
    assert version.username == "secretaria" and "RRHH octubre.csv" in version.reason
    assert chain.verify().ok

    # The same file again: nothing changes, nothing is written, not even the import's record.
    versions = StateRecord.objects.count()
    url2, mapping2 = _import(secretaria, "RRHH octubre.csv", data)
    assert "Este archivo no cambia nada" in secretaria.get(url2).content.decode()
    r = secretaria.post(url2, {**mapping2, "action": "import"})
    assert r.status_code == 302
    assert "El archivo no cambia nada" in secretaria.get(REGISTER).content.decode()
    assert Person.objects.count() == people_before + 3
    assert OfficeTerm.objects.filter(person__hr_number__startswith="E-").count() == 4
    assert RegisterImport.objects.count() == 1
    assert StateRecord.objects.count() == versions

    # A later file records a departure: the office is changed, not doubled.
    later = data.decode("utf-8-sig").replace(
        "E-002;Begoña;Ñeco Ortiz;Funcionaria;Subsecretaria;4 de enero de 2027;;",
        "E-002;Begoña;Ñeco Ortiz;Funcionaria;Subsecretaria;4 de enero de 2027;15/09/2027;",
    )
    url3, mapping3 = _import(secretaria, "RRHH noviembre.csv", later.encode("cp1252"))  # saved by Excel as ANSI
    assert secretaria.post(url3, {**mapping3, "action": "import"}).status_code == 302
    assert Person.objects.get(hr_number="E-002").offices.get().end == dt.date(2027, 9, 15)
    assert Person.objects.get(hr_number="E-002").given_name == "Begoña"  # read as Windows-1252
    assert RegisterImport.objects.order_by("imported_at", "pk").last().offices_changed == 1


def test_a_bad_row_imports_nothing_and_names_the_row(world, now, secretaria):
    bad = MESSY_CSV.replace("4 de enero de 2027;;\r\nE-003", "31/02/2027;;\r\nE-003").replace(
        "Jefe de dependencia", "Conserje"
    )
    url, mapping = _import(secretaria, "rrhh.csv", bad.encode("utf-8"))
    people = Person.objects.count()
    r = secretaria.post(url, {**mapping, "action": "import"})
    assert r.status_code == 400
    html = r.content.decode()
    assert "No se importó nada: 2 filas tienen errores" in html
    assert "Fila 6: fecha de toma de posesión: «31/02/2027» no es una fecha que exista" in html
    assert "Fila 7: «Conserje» no es una categoría que el Código obligue" in html
    assert "Importar al registro" not in html  # no import button while a row is wrong
    assert Person.objects.count() == people and not RegisterImport.objects.exists()
    # Typed into the form anyway: the action refuses it the same way.
    assert not Person.objects.filter(hr_number="E-001").exists()


def test_the_mapping_can_be_changed_and_must_name_each_column_once(world, now, secretaria):
    text = "Nombre,Apellidos,Tipo de cargo,Cargo,Inicio\nAna,Ríos Vega,Funcionario,Auditora,2027-01-04\n"
    url, mapping = _import(secretaria, "f.csv", text.encode())
    assert mapping["col_title"] == "3" and mapping["col_start"] == "4"
    r = secretaria.post(url, {**mapping, "col_role": "3", "action": "preview"})  # the same column twice
    assert r.status_code == 400
    assert (
        "Esa columna ya se usa para «Categoría (Representante, funcionario o jefe de dependencia)»"
        in r.content.decode()
    )
    r = secretaria.post(url, {**mapping, "col_role": "2", "action": "import"})
    assert r.status_code == 302
    assert Person.objects.get(family_name="Ríos Vega").offices.get().role == "officer"


def test_import_an_xlsx_with_date_cells_text_dates_and_blank_rows(world, now, secretaria):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["Número de empleado", "Nombre", "Apellidos", "Categoría", "Cargo", "Toma de posesión", "Cese"])
    sheet.append(
        [1001, "Érika", "Colón Ñeco", "Representante", "Representante por Acumulación", dt.date(2025, 1, 2), None]
    )
    sheet.append([None, None, None, None, None, None, None])
    sheet.append(
        [
            1002,
            "Iván",
            "Álvarez Soto",
            "Jefe de dependencia",
            "Director de Seguridad",
            "12 de enero de 2027",
            "2027-03-01",
        ]
    )
    sheet.append(
        [1001, "Érika", "Colón Ñeco", "Representante", "Representante por Acumulación", dt.date(2025, 1, 2), None]
    )
    buf = io.BytesIO()
    book.save(buf)
    url, mapping = _import(
        secretaria,
        "registro.xlsx",
        buf.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    assert secretaria.post(url, {**mapping, "action": "import"}).status_code == 302
    erika = Person.objects.get(hr_number="1001")  # the number cell read as 1001, not 1001.0
    assert erika.offices.get().start == dt.date(2025, 1, 2)
    ivan = Person.objects.get(family_name="Álvarez Soto")
    assert list(ivan.offices.values_list("start", "end")) == [(dt.date(2027, 1, 12), dt.date(2027, 3, 1))]


def test_uploads_are_limited_and_refused_in_spanish(world, now, secretaria, settings):
    settings.VENTILA_REGISTER_MAX_MB = 0.001  # about 1 KB
    r = _upload(secretaria, "grande.csv", b"Nombre,Apellidos\n" + b"Ana,Ruiz\n" * 400)
    assert r.status_code == 400
    assert "El archivo pesa 4 KB; el máximo es 1 KB." in r.content.decode()
    settings.VENTILA_REGISTER_MAX_MB = 2
    r = _upload(secretaria, "hoja.xls", b"\xd0\xcf\x11\xe0 old excel")
    assert "Los libros .xls (Excel 97–2003) no se leen" in r.content.decode()
    r = _upload(secretaria, "roto.xlsx", b"not a zip at all")
    assert "no es un libro de Excel (.xlsx) válido" in r.content.decode()
    r = _upload(secretaria, "vacio.csv", b"\r\n\r\n")
    assert (
        r.status_code == 400 and "El archivo está vacío" in r.content.decode() or "no tiene filas" in r.content.decode()
    )
    r = secretaria.post(IMPORT, {})
    assert "Elija el archivo que va a importar." in r.content.decode()


def test_another_users_upload_is_not_theirs(world, now, secretaria):
    url = _mapping_url(_upload(secretaria, "f.csv", MESSY_CSV.encode()))
    other = Client()
    other.force_login(world.users["personal"])
    assert other.get(url).status_code == 404  # the ticket is the secretary's
    assert secretaria.get(IMPORT + "no-es-un-boleto/").status_code == 404


# -- the person's page: duties computed by the engine -----------------------------------------------


def _person_url(person) -> str:
    """The person's page, once the daily sweep has brought their financial-report cases in line with
    the offices the test wrote (as the administration site would: ``ventila sweep_tenures``)."""
    sweep_tenures(user=system_user())
    return f"{REGISTER}{person.pk}/"


def _row(html: str, label: str) -> str:
    """The duty table row whose first cell starts with ``label``."""
    m = re.search(
        r"<tr[^>]*>\s*<th scope=\"row\">" + re.escape(label) + r".*?</tr>\s*<tr class=\"trace-row\">.*?</tr>",
        html,
        re.S,
    )
    assert m, f"no row «{label}»"
    return m[0]


def test_cam_14_01_initial_report_due_90_days_after_taking_office_on_person_page(world, now, secretaria):
    now.set("2027-01-10 09:00")
    person = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    html = secretaria.get(_person_url(person)).content.decode()
    row = _row(html, "Informe financiero inicial")
    assert "lunes, 5 de abril de 2027" in row  # Sun 4 Apr → Mon 5 Apr
    assert "CAM-14D-01" in row and "Sec. 14(d)(1)" in row
    assert "¿Por qué esta fecha?" in row and "domingo" in row.lower()  # the trace names the day skipped
    assert "quedan 85 días" in row


def test_cam_14c_01_annual_report_and_cam_14e_02_final_report(world, now, secretaria):
    now.set("2027-10-01 09:00")
    person = make_person("Luis", "Ficticio Mora", role="department_head", title="Director", start=dt.date(2026, 1, 2))
    office = person.offices.get()
    office.end = dt.date(2027, 9, 30)
    office.save()
    html = secretaria.get(_person_url(person)).content.decode()
    # 15 Aug 2027 is a Sunday → Mon 16 Aug 2027, the report for 2026 (CAM-14C-01); late.
    annual = _row(html, "Informe financiero anual")
    assert "lunes, 16 de agosto de 2027" in annual and "CAM-14C-01" in annual and "row-overdue" in annual
    # Left Thu 30 Sep 2027: + 90 calendar days = Wed 29 Dec 2027 (CAM-14E-02).
    final = _row(html, "Informe financiero de cese")
    assert "miércoles, 29 de diciembre de 2027" in final and "CAM-14E-02" in final
    assert "CAM-14C-01 (Sec. 14(c))" in html  # the finding of the late report, with its rule


def test_cam_14e_03_reelected_representative_files_no_exit_report(world, now, secretaria):
    now.set("2029-09-01 09:00")
    person = make_person("Rosa", "Ficticia Vega", role=None)
    OfficeTerm.objects.create(
        person=person, role="representative", title="Rep.", start=dt.date(2025, 1, 2), end=dt.date(2028, 12, 31)
    )
    OfficeTerm.objects.create(person=person, role="representative", title="Rep.", start=dt.date(2029, 1, 2))
    html = secretaria.get(_person_url(person)).content.decode()
    assert "CAM-14E-03 (Sec. 14(e)(3))" in html and "no radica Informe Financiero de Cese" in html
    assert "Informe financiero de cese" not in html
    # The 2028 report, due 15 August 2029 (a Wednesday), as if no term had ended (CAM-14C-01).
    assert re.search(
        r'data-rule="CAM-14C-01">\s*<th scope="row">Informe financiero anual.*?miércoles, 15 de agosto de 2029',
        html,
        re.S,
    )


def test_cam_14f_01_under_60_days_no_report(world, now, secretaria):
    now.set("2027-03-10 09:00")
    person = make_person("Iris", "Ficticia Paz", role=None)
    OfficeTerm.objects.create(
        person=person, role="officer", title="Asesora", start=dt.date(2027, 1, 4), end=dt.date(2027, 3, 3)
    )
    html = secretaria.get(_person_url(person)).content.decode()
    assert "CAM-14F-01 (Sec. 14(f))" in html and "59 días naturales" in html
    assert "No hay deberes pendientes." in html


def test_recording_a_report_marks_the_duty_met(world, now, secretaria):
    now.set("2027-03-26 09:00")
    person = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    url = _person_url(person)
    form = {"covers_year": "2026", "report_type": "initial", "filed_on": "2027-03-25", "sworn": "on", "electronic": "on",
            "secretary_notified_on": "2027-03-26", "note": "Acuse OEG-1"}  # fmt: skip
    r = secretaria.post(url, form)
    assert r.status_code == 302
    html = secretaria.get(url).content.decode()
    assert "Se anotó el informe inicial (sec. 14(d)) que cubre 2026, radicado el 25/03/2027." in html
    assert "No hay deberes pendientes." in html
    assert re.search(
        r"Informe financiero inicial</th><td>lunes, 5 de abril de 2027</td>\s*<td>Cumplido \(jueves, 25 de marzo de 2027\)",
        html,
    )
    report = FinancialReport.objects.get(person=person)
    assert (report.covers_year, report.sworn, report.electronic, report.recorded_by.username) == (
        2026,
        True,
        True,
        "secretaria",
    )
    version = StateRecord.objects.get(kind="compliance.FinancialReport", object_id=str(report.pk))
    assert version.username == "secretaria" and "CAM-14A-01" in version.reason
    # The same report again is refused beside the field; so is a date after today.
    r = secretaria.post(url, form)
    assert r.status_code == 400 and "Ya consta un informe de ese tipo que cubre ese año" in r.content.decode()
    r = secretaria.post(url, {**form, "report_type": "annual", "covers_year": "2027", "filed_on": "2027-04-01"})
    assert r.status_code == 400 and "La fecha de radicación no puede ser posterior a hoy." in r.content.decode()
    r = secretaria.post(url, {**form, "covers_year": "", "report_type": ""})
    assert "Escriba el año que cubre el informe" in r.content.decode() and 'value="2027-03-25"' in r.content.decode()
    assert FinancialReport.objects.count() == 1


def test_an_unsworn_report_is_a_finding(world, now, secretaria):
    now.set("2027-03-26 09:00")
    person = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    secretaria.post(_person_url(person), {"covers_year": "2026", "report_type": "initial", "filed_on": "2027-03-25"})
    assert "CAM-14A-01 (Sec. 14(a)–(b))" in secretaria.get(_person_url(person)).content.decode()


def test_the_list_filters_by_role_and_searches_by_name(world, now, secretaria):
    make_person("Begoña", "Ñeco Ficticia", role="officer", title="Subsecretaria")
    make_person("Tomás", "Ficticio Lugo", role="department_head", title="Director")
    make_person("Ana", "Empleada Ficticia", role="employee", title="Oficinista")  # not bound: not listed
    html = secretaria.get(REGISTER).content.decode()
    assert "Ñeco Ficticia, Begoña" in html and "Ficticio Lugo, Tomás" in html and "Empleada Ficticia" not in html
    html = secretaria.get(REGISTER, {"categoria": "department_head"}).content.decode()
    assert "Ficticio Lugo, Tomás" in html and "Ñeco Ficticia" not in html
    html = secretaria.get(REGISTER, {"q": "neco"}).content.decode()  # accents and capitals aside
    assert "Ñeco Ficticia, Begoña" in html and "Ficticio Lugo" not in html
    assert "Importar el archivo de Recursos Humanos" in html
    # A member reads the register but is offered no import, and sees no form to record a report.
    c = Client()
    c.force_login(world.users["comisionado"])
    html = c.get(REGISTER).content.decode()
    assert "Ñeco Ficticia, Begoña" in html and "Importar el archivo" not in html
    begona = Person.objects.get(family_name="Ñeco Ficticia")
    assert "Anotar un informe recibido" not in c.get(_person_url(begona)).content.decode()
    assert c.post(_person_url(begona), {"covers_year": "2026"}).status_code == 403


def test_the_navigation_links_the_register_only_for_those_who_may_read_it(world, now):
    for role, shown in (
        ("secretaria", True),
        ("comisionado", True),
        ("secretaria_municipal", False),
        ("ajeno", False),
        ("admin", False),
    ):
        c = Client()
        c.force_login(world.users[role])
        assert ('href="/cuerpos/etica-camara/obligados/"' in c.get("/calendario/").content.decode()) is shown, role


def test_the_list_exports_as_filtered_to_csv_and_xlsx_with_formulas_neutralised(world, now, secretaria):
    """Issue 18: the register's list as CSV and XLSX (ventila/exports.py), the filter on screen kept."""
    from openpyxl import load_workbook

    make_person("Tomás", "Ficticio Lugo", role="department_head", title="Director", start=dt.date(2026, 7, 1))
    make_person('=HYPERLINK("http://example.org")', "+Ficticia Mal", role="department_head", title="@SUM(A1)")
    make_person("Begoña", "Ñeco Ficticia", role="officer", title="Subsecretaria")
    html = secretaria.get(REGISTER, {"categoria": "department_head"}).content.decode()
    assert 'href="?categoria=department_head&amp;formato=csv"' in html
    assert 'href="?categoria=department_head&amp;formato=xlsx"' in html
    r = secretaria.get(REGISTER, {"categoria": "department_head", "formato": "csv"})
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    assert r["Content-Disposition"].startswith('attachment; filename="registro-etica-camara-')
    text = r.getvalue().decode("utf-8-sig")
    lines = text.split("\r\n")
    assert lines[0] == "Apellidos;Nombre;Número de empleado;Cargo;Categoría;Desde;Hasta;En el cargo"
    # Every cell a spreadsheet would take for a formula starts with an apostrophe (ventila/exports.py).
    assert lines[1] == ("'+Ficticia Mal;\"'=HYPERLINK(\"\"http://example.org\"\")\";;'@SUM(A1);"
                        "Jefe de dependencia;2025-01-02;;Sí")  # fmt: skip
    assert "Ficticio Lugo;Tomás;;Director;" in lines[2] and ";2026-07-01;;Sí" in lines[2]
    assert len([x for x in lines if x]) == 3 and "Ñeco" not in text  # the officer is filtered out
    r = secretaria.get(REGISTER, {"categoria": "department_head", "formato": "xlsx"})
    assert r.status_code == 200 and r["Content-Disposition"].endswith('.xlsx"')
    ws = load_workbook(io.BytesIO(r.content)).active
    rows = list(ws.iter_rows(values_only=True))
    assert rows[0][:3] == ("Apellidos", "Nombre", "Número de empleado")
    assert rows[1][0] == "'+Ficticia Mal" and rows[1][1] == '\'=HYPERLINK("http://example.org")'
    assert rows[1][3] == "'@SUM(A1)"
    assert ws.cell(row=3, column=6).value.date() == dt.date(2026, 7, 1)  # a date cell
    assert ws.cell(row=3, column=6).number_format == "DD/MM/YYYY"
    assert len(rows) == 3
    # The search on screen is kept too; and the export reads like the page: nobody else gets it.
    r = secretaria.get(REGISTER, {"q": "lugo", "formato": "csv"})
    assert "Ficticio Lugo" in r.getvalue().decode("utf-8-sig") and "HYPERLINK" not in r.getvalue().decode("utf-8-sig")
    outsider = Client()
    outsider.force_login(world.users["secretaria_municipal"])
    assert outsider.get(REGISTER, {"formato": "csv"}).status_code in (403, 404)


def test_a_register_row_names_each_cell_for_the_narrow_screen(client, world):
    """At 320 px the register's rows stack (issue 29, the journeys' screenshots): each cell carries its column's
    name (``data-label``), shown before it, so «jueves, 2 de enero de 2025» reads «Desde: …»."""
    client.force_login(world.users["secretaria"])
    page = client.get(f"/cuerpos/{world.camara.slug}/obligados/").content.decode()
    row = page.split("<tbody>", 1)[1].split("</tr>", 1)[0]
    assert re.findall(r'data-label="([^"]+)"', row) == ["Cargo", "Categoría", "Desde", "Hasta"]
