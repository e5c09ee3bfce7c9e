"""Exports that grow linearly with their rows (issue 30): the CSV is produced a piece at a time as the rows
are read (its first bytes before the rows are all read: constant memory), the XLSX is written row by row
(openpyxl's write-only mode; no per-row look-up of the sheet so far, which made 82k rows take forever)."""

from __future__ import annotations

import datetime as dt
import io
import time

from openpyxl import load_workbook

from ventila import exports


def _rows(n: int, consumed: list[int] | None = None):
    for i in range(n):
        if consumed is not None:
            consumed[0] += 1
        yield [f"CE-2027-{i:05d}", "=SUM(A1)" if i == 0 else f"Querella {i}", dt.date(2027, 3, 1 + i % 28), i]


def test_csv_is_streamed_while_its_rows_are_read():
    consumed = [0]
    chunks = exports.csv_chunks(["Expediente", "Epígrafe", "Vence", "N"], _rows(3 * exports.CHUNK, consumed))
    first = next(chunks)
    assert first.startswith("\ufeff".encode()) and b"Expediente;" in first
    assert consumed[0] <= exports.CHUNK  # the first piece left before the rest was read
    rest = b"".join(chunks)
    assert consumed[0] == 3 * exports.CHUNK
    text = (first + rest).decode("utf-8-sig")
    assert text.count("\r\n") == 3 * exports.CHUNK + 1 and "'=SUM(A1)" in text and ";2027-03-01;" in text
    assert exports.to_csv(["Expediente", "Epígrafe", "Vence", "N"], _rows(3 * exports.CHUNK)) == first + rest


def _xlsx_cpu(n: int) -> float:
    start = time.process_time()
    exports.to_xlsx([("Cola", ["Expediente", "Epígrafe", "Vence", "N"], _rows(n))])
    return time.process_time() - start


def test_xlsx_grows_linearly_with_its_rows_and_keeps_dates_and_safety():
    data = exports.to_xlsx([("Cola", ["Expediente", "Epígrafe", "Vence", "N"], _rows(3))])
    ws = load_workbook(io.BytesIO(data)).active
    assert [c.value for c in ws[1]] == ["Expediente", "Epígrafe", "Vence", "N"]
    assert ws.cell(row=2, column=2).value == "'=SUM(A1)"
    assert ws.cell(row=2, column=3).value.date() == dt.date(2027, 3, 1)
    assert ws.cell(row=2, column=3).number_format == "DD/MM/YYYY" and ws.max_row == 4
    _xlsx_cpu(50)  # openpyxl's first-use costs out of the measure
    small = min(_xlsx_cpu(300) for _ in range(2))
    large = _xlsx_cpu(3000)
    # Linear: ×10 rows ≈ ×10 time. The per-row walk of the sheet made it ×100; the bound leaves room for noise.
    assert large < 25 * max(small, 0.005), (small, large)
