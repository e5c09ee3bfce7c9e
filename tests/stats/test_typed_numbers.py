"""Statistics figures are numbers in the workbook (issue 29: «72,4» was stored as text), written with a
decimal comma on the page and in the CSV."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from openpyxl import load_workbook

from ventila.exports import to_csv, to_xlsx
from ventila.stats.present import MONTH_FORMAT, Number, Shown, Table, export_sheets

from .docket import build


def test_a_figure_is_a_number_cell_and_reads_with_a_comma():
    table = Table("t", "Tiempos", ["Etapa", "Casos", "Mediana (días)"], [["Estudio", 4, Number(72.4)]], "")
    ws = load_workbook(io.BytesIO(to_xlsx(export_sheets([table]))))["Tiempos"]
    assert [c.value for c in ws[2]] == ["Estudio", 4, 72.4] and ws["C2"].data_type == "n"
    assert str(Number(72.4)) == "72,4" and str(Number(3.0)) == "3"
    assert "72,4" in to_csv(table.headers, table.rows).decode("utf-8-sig")


def test_a_year_label_is_a_number_cell_and_reads_as_text_on_the_page():
    """The financial reports' «Año» column: «2027» on the page, the number 2027 in the workbook."""
    table = Table("t", "Informes", ["Año", "Cumplidos"], [[Shown("2027", 2027), 3]], "")
    ws = load_workbook(io.BytesIO(to_xlsx(export_sheets([table]))))["Informes"]
    assert ws["A2"].value == 2027 and ws["A2"].data_type == "n"
    assert str(table.rows[0][0]) == "2027"


@pytest.mark.django_db
def test_the_statistics_workbook_stores_months_as_dates_and_figures_as_numbers(client, world, now):
    """The dashboard's XLSX of the hand-counted docket (tests/stats/docket.py): the months of «Términos» are date
    cells shown «mmm yyyy», the counts integers, the median days a float; the page keeps «marzo 2027» as text."""
    build(world, now)
    client.force_login(world.users["secretaria"])
    url = "/estadisticas/?cuerpo=etica-camara&anio=2027"
    wb = load_workbook(io.BytesIO(client.get(url + "&formato=xlsx").content))
    terms = next(ws for ws in wb if ws.title.startswith("Términos cumplidos"))  # a title: 31 characters
    months = [row for row in terms.iter_rows(min_row=2) if row[0].value is not None]
    assert months and all(isinstance(m[0].value, dt.datetime) and m[0].value.day == 1 for m in months)
    assert {m[0].number_format for m in months} == {MONTH_FORMAT} == {"mmm yyyy"}
    assert months[0][0].value.date() == dt.date(2027, 3, 1)
    assert all(type(c.value) is int and c.data_type == "n" for m in months for c in m[1:3])
    assert sum(m[1].value + m[2].value for m in months) == 13  # the docket's 13 terms (10 met, 3 missed)
    times = wb["Días desde la presentación"]
    assert [c.value for c in times[1]] == ["Hasta", "Asuntos", "Mediana (días)", "Percentil 90 (días)"]
    assert type(times["B2"].value) is int and {times[c].data_type for c in ("B2", "C2", "D2")} == {"n"}
    assert (times["C2"].value, times["D2"].value) == (26, 28.4)  # A 29 days, B 23 to their determination
    assert isinstance(times["D2"].value, float)
    html = client.get(url).content.decode()
    assert "marzo 2027" in html and "28,4" in html and "2027-03-01" not in html  # the page reads as before


@pytest.mark.django_db
def test_the_durations_summary_says_why_there_is_no_median(client, world, now):
    """Issue 29 (the journeys' screenshots): a period without determinations read «la mediana … fue de — días»."""
    client.force_login(world.users["secretaria"])
    html = client.get("/estadisticas/?cuerpo=etica-camara&anio=2027").content.decode()
    assert "Ningún asunto llegó a la determinación en el período." in html and "fue de — días" not in html
    build(world, now)  # two matters to their determination: staff see the median, the public page hides it
    html = client.get("/estadisticas/?cuerpo=etica-camara&anio=2027").content.decode()
    assert "La mediana hasta la determinación fue de 26 días." in html
    now.set("2028-01-10 12:00")
    public = client.get("/estadisticas/publicas/?cuerpo=etica-camara&anio=2027").content.decode()
    assert "fue de — días" not in public
    assert "llegó a la determinación en el período." in public or "su mediana no se muestra." in public
