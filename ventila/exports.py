"""Spreadsheet exports shared by every list (the work queue, the compliance board, the statistics): CSV
and XLSX with Spanish headers, dates as dates, and every text a spreadsheet could take for a formula
neutralised. One place, so every export is safe in the same way."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Sequence
from typing import Any

from openpyxl import Workbook

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def safe_cell(value: Any) -> Any:
    """A text that a spreadsheet would take for a formula (it starts with = + - @, a tab or a line break:
    OWASP's advice on CSV injection) is neutralised with a leading apostrophe; other values are kept as they are."""
    if isinstance(value, str) and value[:1] in FORMULA_STARTS:
        return "'" + value
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return "" if value is None else value


def to_csv(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """A CSV for Excel in Spanish: «;» between fields, CRLF, UTF-8 with its BOM, ISO dates."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([safe_cell(str(h)) for h in headers])
    for row in rows:
        writer.writerow([safe_cell(_plain(v)) for v in row])
    return out.getvalue().encode("utf-8-sig")  # Excel reads the accents with the BOM


def to_xlsx(sheets: Sequence[tuple[str, Sequence[str], Iterable[Sequence[Any]]]]) -> bytes:
    """An XLSX workbook, one sheet per ``(title, headers, rows)``: dates are date cells shown as
    DD/MM/YYYY, numbers are numbers, texts are neutralised."""
    wb = Workbook()
    first = wb.active
    assert first is not None
    wb.remove(first)
    for title, headers, rows in sheets:
        ws = wb.create_sheet(title=_sheet_title(title))
        ws.append([safe_cell(str(h)) for h in headers])
        for row in rows:
            ws.append([safe_cell(v) for v in row])
            for cell in ws[ws.max_row]:
                if isinstance(cell.value, dt.datetime):
                    cell.number_format = "DD/MM/YYYY HH:MM"
                elif isinstance(cell.value, dt.date):
                    cell.number_format = "DD/MM/YYYY"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _sheet_title(title: str) -> str:
    for ch in "[]:*?/\\":
        title = title.replace(ch, " ")
    return title[:31] or "Hoja"
