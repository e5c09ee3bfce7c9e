"""Spreadsheet exports shared by every list (the work queue, the compliance board, the statistics): CSV
and XLSX with Spanish headers, dates as dates, and every text a spreadsheet could take for a formula
neutralised. One place, so every export is safe in the same way."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from django.http import StreamingHttpResponse
from django.utils import translation
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class Formatted(NamedTuple):
    """A workbook cell with its own number format (a month as ``mmm yyyy``, not the export's DD/MM/YYYY)."""

    value: Any
    number_format: str


def safe_cell(value: Any) -> Any:
    """A text that a spreadsheet would take for a formula (it starts with = + - @, a tab or a line break:
    OWASP's advice on CSV injection) is neutralised with a leading apostrophe; other values are kept as they are."""
    if isinstance(value, str) and value[:1] in FORMULA_STARTS:
        return "'" + value
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Formatted):
        value = value.value
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return "" if value is None else value


CHUNK = 500  # rows per piece of a streamed CSV


class _Echo:
    """A file for :mod:`csv` that hands back what it is given (one line at a time, nothing kept)."""

    def write(self, value: str) -> str:
        return value


def line_writer(delimiter: str = ";") -> Any:
    """A :mod:`csv` writer whose ``writerow`` hands back the line (CRLF-ended) instead of writing it: the
    one way ventila streams a CSV a row at a time (the cells are the caller's, each through :func:`safe_cell`)."""
    return csv.writer(_Echo(), delimiter=delimiter, lineterminator="\r\n")


def csv_chunks(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> Iterator[bytes]:
    """A CSV for Excel in Spanish, a piece at a time (:data:`CHUNK` rows each): «;» between fields, CRLF,
    UTF-8 with its BOM (Excel reads the accents with it), ISO dates. Reads ``rows`` as it goes: memory
    stays constant whatever their number."""
    writer = line_writer()
    piece = ["\ufeff" + writer.writerow([safe_cell(str(h)) for h in headers])]
    for row in rows:
        piece.append(writer.writerow([safe_cell(_plain(v)) for v in row]))
        if len(piece) >= CHUNK:
            yield "".join(piece).encode("utf-8")
            piece = []
    yield "".join(piece).encode("utf-8")


def to_csv(headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """:func:`csv_chunks` as one piece."""
    return b"".join(csv_chunks(headers, rows))


def csv_response(headers: Sequence[str], rows: Iterable[Sequence[Any]], filename: str) -> StreamingHttpResponse:
    """A download of :func:`csv_chunks`, streamed: its first bytes leave before the rows are all read
    (``rows`` may be a lazy query), in the language of the request that asked for it."""
    language = translation.get_language()

    def chunks() -> Iterator[bytes]:
        with translation.override(language):
            yield from csv_chunks(headers, rows)

    response = StreamingHttpResponse(chunks(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def counted(
    rows: Iterable[Sequence[Any]], total: int, progress: Callable[[int, int], None], every: int = 200
) -> Iterator[Sequence[Any]]:
    """``rows`` as they are, telling ``progress(done, total)`` every ``every`` rows and at the end (a long
    export's page says how far along it is)."""
    done = 0
    for row in rows:
        yield row
        done += 1
        if done % every == 0:
            progress(done, total)
    progress(done, total)


def to_xlsx(sheets: Sequence[tuple[str, Sequence[str], Iterable[Sequence[Any]]]]) -> bytes:
    """An XLSX workbook, one sheet per ``(title, headers, rows)``: dates are date cells shown as
    DD/MM/YYYY, numbers are numbers, texts are neutralised. Written row by row (openpyxl's write-only
    mode: each row goes to the sheet's file as it comes, nothing is looked up again), so its time and
    memory grow linearly with the rows."""
    wb = Workbook(write_only=True)
    for title, headers, rows in sheets:
        ws = wb.create_sheet(title=_sheet_title(title))
        ws.append([safe_cell(str(h)) for h in headers])
        for row in rows:
            ws.append([_xlsx_cell(ws, safe_cell(v)) for v in row])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _xlsx_cell(ws: Any, value: Any) -> Any:
    if isinstance(value, Formatted):
        cell = WriteOnlyCell(ws, value=value.value)
        cell.number_format = value.number_format
        return cell
    if isinstance(value, dt.datetime):
        cell = WriteOnlyCell(ws, value=value)
        cell.number_format = "DD/MM/YYYY HH:MM"
        return cell
    if isinstance(value, dt.date):
        cell = WriteOnlyCell(ws, value=value)
        cell.number_format = "DD/MM/YYYY"
        return cell
    return value


def _sheet_title(title: str) -> str:
    for ch in "[]:*?/\\":
        title = title.replace(ch, " ")
    return title[:31] or "Hoja"
