"""The dashboard, the public page, the exports and the annual report, from the hand-counted docket."""

from __future__ import annotations

import hashlib
import io

import pytest
from factories import record

from .docket import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def docket(world, now):
    return build(world, now)


def _client(client, world, role):
    client.force_login(world.users[role])
    return client


def test_dashboard_shows_every_figure_to_staff_with_charts_tables_and_summaries(client, world, docket):
    c = _client(client, world, "secretaria")
    r = c.get("/estadisticas/?cuerpo=etica-camara&anio=2027")
    assert r.status_code == 200
    html = r.content.decode()
    assert html.count('role="img"') >= 5 and "<title id=" in html and "<desc id=" in html
    assert "menos de 3" not in html  # staff see the cells of one or two
    assert "De 13 términos que vencían en el período, 10 se cumplieron y 3 vencieron." in html
    assert "CAM-21C-04" in html and "La regla más incumplida es CAM-21C-04." in html
    assert 'fill="url(#terminos-hatch)"' in html  # missed terms hatched, never colour alone
    assert "Reprimenda escrita" in html
    assert "Estadísticas" in c.get("/expedientes/").content.decode()  # the staff navigation links it


def test_public_page_counts_closed_periods_and_final_matters_with_small_cells_grouped(client, world, docket, now):
    a, b = docket["a"], docket["b"]
    now.set("2027-05-02 12:00")
    record(world, b, "determination_notified", "2027-03-26")
    record(world, b, "case_closed", "2027-05-01")
    record(world, a, "case_closed", "2027-05-01")  # C stays open: none of its terms is public
    assert client.get("/estadisticas/publicas/?cuerpo=etica-camara&anio=2027").status_code == 400  # not over yet
    now.set("2028-01-10 12:00")
    r = client.get("/estadisticas/publicas/?cuerpo=etica-camara&anio=2027")
    assert r.status_code == 200
    html = r.content.decode()
    assert "Otros (cifras menores de 3, agrupadas)" in html and "menos de 3" in html
    assert ">2<" not in html and ">1<" not in html  # no count of one or two, in a cell or a chart
    assert "Casos abiertos hoy" not in html  # a count of today is never public
    # The time to determination of two matters is not shown either.
    assert "26" not in html.split('id="tiempos"')[1].split("</section>")[0]
    csv = client.get("/estadisticas/publicas/?cuerpo=etica-camara&anio=2027&formato=csv").content.decode("utf-8-sig")
    assert "Otros" in csv and ";1\r\n" not in csv and ";2\r\n" not in csv


def test_dashboard_refuses_who_is_not_staff_and_bad_periods_are_explained(client, world, docket):
    assert _client(client, world, "comisionado").get("/estadisticas/").status_code == 403
    c = _client(client, world, "secretaria")
    r = c.get("/estadisticas/?anio=20x7&desde=&hasta=")
    assert r.status_code == 400 and "Escriba el año con cuatro cifras" in r.content.decode()
    r = c.get("/estadisticas/?desde=2027-05-01&hasta=2027-04-01")
    assert r.status_code == 400 and "igual o posterior" in r.content.decode()
    r = c.get("/estadisticas/?cuerpo=" + "x\x00" * 5000)
    assert r.status_code == 400 and "Elija uno de los cuerpos" in r.content.decode()


def test_statistics_export_xlsx_has_spanish_headers_and_numbers(client, world, docket):
    from openpyxl import load_workbook

    c = _client(client, world, "secretaria")
    r = c.get("/estadisticas/?cuerpo=etica-camara&anio=2027&formato=xlsx")
    assert r.status_code == 200 and r["Content-Disposition"].endswith('.xlsx"')
    wb = load_workbook(io.BytesIO(r.content))
    ws = wb["Sanciones, por tipo"]
    assert [c.value for c in ws[1]] == ["Sanción", "Veces impuesta"]
    assert [c.value for c in ws[2]] == ["Reprimenda escrita", 1]


def test_export_neutralises_formulas_and_keeps_dates_as_dates():
    import datetime as dt

    from openpyxl import load_workbook

    from ventila.exports import to_csv, to_xlsx

    hostile = ['=HYPERLINK("http://x")', "+1", "-1", "@SUM(A1)", "\tx", "\rx", "normal"]
    rows = [[h, dt.date(2027, 3, 1), 3] for h in hostile]
    import csv

    parsed = list(csv.reader(io.StringIO(to_csv(["Texto", "Fecha", "N"], rows).decode("utf-8-sig")), delimiter=";"))
    assert [r[0] for r in parsed[1:]] == ["'" + h for h in hostile[:-1]] + ["normal"]
    assert parsed[1][1:] == ["2027-03-01", "3"]
    wb = load_workbook(io.BytesIO(to_xlsx([("Hoja", ["Texto", "Fecha", "N"], rows)])))
    ws = wb["Hoja"]
    values = [ws.cell(row=i, column=1).value for i in range(2, 2 + len(hostile))]
    assert all(v.startswith("'") for v in values[:-1]) and values[0] == "'" + hostile[0]  # XML keeps \r as \n
    assert values[-1] == "normal"
    assert all(ws.cell(row=i, column=1).data_type == "s" for i in range(2, 2 + len(hostile)))
    assert ws.cell(row=2, column=2).value.date() == dt.date(2027, 3, 1) and ws.cell(row=2, column=2).is_date
    assert ws.cell(row=2, column=3).value == 3


def test_queue_export_honours_its_filters_and_access(client, world, docket):
    from openpyxl import load_workbook

    c = _client(client, world, "secretaria")
    r = c.get("/expedientes/?status=all&formato=csv")
    text = r.getvalue().decode("utf-8-sig")
    assert r.status_code == 200 and text.count("CE-2027-000") == 3
    assert "Ana Ejemplo" not in text  # the complainant is not on the queue's rows
    r = c.get("/expedientes/?stage=filed&formato=xlsx")
    ws = load_workbook(io.BytesIO(r.content)).active
    assert [c.value for c in ws[1]][:2] == ["Expediente", "Epígrafe"]
    assert ws.max_row == 2 and ws.cell(row=2, column=1).value == "CE-2027-0003"
    other = _client(client, world, "secretaria_municipal").get("/expedientes/?status=all&formato=csv")
    assert "CE-2027" not in other.getvalue().decode("utf-8-sig")


def test_annual_report_is_generated_in_one_action_frozen_hashed_and_chained(client, world, docket, now):
    from factories import record
    from pypdf import PdfReader

    from ventila.audit.models import ChainLink
    from ventila.stats.models import AnnualReport

    # The public record lists final matters only (closed, Secs. 5(5), 21(d)): A and B are closed.
    now.set("2027-05-03 18:00")
    record(world, docket["b"], "determination_notified", "2027-05-03")
    record(world, docket["b"], "case_closed", "2027-05-03")
    record(world, docket["a"], "case_closed", "2027-05-03")
    c = _client(client, world, "secretaria")
    assert c.get("/cuerpos/etica-camara/informe-anual/").status_code == 200
    check = c.post("/cuerpos/etica-camara/informe-anual/", {"anio": "2027"})  # issue 29: confirmed first
    assert check.status_code == 200 and not AnnualReport.objects.exists()
    page = check.content.decode()
    assert "Confirme el informe anual 2027" in page and "El año 2027 no ha terminado" in page
    r = c.post("/cuerpos/etica-camara/informe-anual/", {"anio": "2027", "paso": "confirmar"})
    assert r.status_code == 302
    report = AnnualReport.objects.get()
    data = report.file.open("rb").read()
    assert data.startswith(b"%PDF") and hashlib.sha256(data).hexdigest() == report.sha256
    assert ChainLink.objects.filter(kind="annual_report", object_id=str(report.pk)).exists()
    pdf = PdfReader(io.BytesIO(data))
    assert "/StructTreeRoot" in pdf.trailer["/Root"]  # tagged
    text = "".join(p.extract_text() for p in pdf.pages)
    assert "Informe anual 2027" in text and "CE-2027-0001" in text and "CE-2027-0002" in text
    assert "CE-2027-0003" not in text.split("Asuntos resueltos")[1]  # still open: not resolved
    assert "Ana Ejemplo" not in text and "ana@example.org" not in text  # no complainant's data
    assert "Rafael Quiñones Ficticio" in text  # the respondent, as the public record shows him
    assert "Método" in text
    got = c.get(f"/cuerpos/etica-camara/informe-anual/{report.pk}/")
    assert got.status_code == 200 and b"".join(got.streaming_content) == data
    # Staff read it; only the secretary generates it; other bodies' people do not see it.
    assert (
        _client(client, world, "personal").post("/cuerpos/etica-camara/informe-anual/", {"anio": "2027"}).status_code
        == 403
    )
    assert (
        _client(client, world, "secretaria_municipal")
        .get(f"/cuerpos/etica-camara/informe-anual/{report.pk}/")
        .status_code
        == 404
    )
