"""Statistics figures are numbers in the workbook (issue 29: «72,4» was stored as text), written with a
decimal comma on the page and in the CSV."""

from __future__ import annotations

import io

from openpyxl import load_workbook

from ventila.exports import to_csv, to_xlsx
from ventila.stats.present import Number, Table, export_sheets


def test_a_figure_is_a_number_cell_and_reads_with_a_comma():
    table = Table("t", "Tiempos", ["Etapa", "Casos", "Mediana (días)"], [["Estudio", 4, Number(72.4)]], "")
    ws = load_workbook(io.BytesIO(to_xlsx(export_sheets([table]))))["Tiempos"]
    assert [c.value for c in ws[2]] == ["Estudio", 4, 72.4] and ws["C2"].data_type == "n"
    assert str(Number(72.4)) == "72,4" and str(Number(3.0)) == "3"
    assert "72,4" in to_csv(table.headers, table.rows).decode("utf-8-sig")
