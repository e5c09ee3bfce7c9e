"""Issue 26, finding 8: the register's import attacked with malformed workbooks. Each answers with a message
(the file's or the row's), never a server error, on SQLite and PostgreSQL; a small file that unpacks into
300,000 rows is refused while it is read, quickly."""

from __future__ import annotations

import functools
import io
import time
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from ventila.compliance.importer import MAX_ROWS, TableError, read_xlsx

IMPORT = "/cuerpos/etica-camara/obligados/importar/"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
HEADER = (
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Nombre</t></is></c><c r="B1" t="inlineStr"><is><t>Apellidos</t></is>'
    '</c><c r="C1" t="inlineStr"><is><t>Número de empleado</t></is></c></row>'
)
GOOD_ROW = (
    '<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c><c r="B2" t="s"><v>0</v></c>'
    '<c r="C2" t="n"><v>1001</v></c></row>'
)


def workbook(rows: str, *, prolog: str = "", shared: str = "<si><t>Ruiz</t></si>", cut: int | None = None) -> bytes:
    """A minimal .xlsx whose first sheet holds ``rows`` (its XML), after ``prolog`` (a DOCTYPE), cut to
    ``cut`` bytes when given; the shared strings table holds ``shared``."""
    sheet = f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>'
    data = sheet.encode()[:cut] if cut else sheet.encode()
    strings = f'<sst xmlns="{MAIN}" count="1" uniqueCount="1">{shared}</sst>'
    parts = {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            '<Override PartName="/xl/sharedStrings.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            "</Types>"
        ),
        "_rels/.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/>'
            "</sheets></workbook>"
        ),
        "xl/_rels/workbook.xml.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'
        ),
        "xl/sharedStrings.xml": strings,
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
        archive.writestr("xl/worksheets/sheet1.xml", data)
    return out.getvalue()


def _row(cells: str) -> str:
    return f'<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c>{cells}</row>'


MALFORMED = {
    "bad-dtd": workbook(HEADER + GOOD_ROW, prolog='<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd"'),
    "external-entity": workbook(
        HEADER + _row('<c r="B2" t="inlineStr"><is><t>&x;</t></is></c>'),
        prolog='<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    ),
    "truncated-xml": workbook(HEADER + GOOD_ROW, cut=300),
    "undefined-entity": workbook(HEADER + _row('<c r="B2" t="inlineStr"><is><t>&nadie;</t></is></c>')),
    "bad-shared-string-index": workbook(HEADER + _row('<c r="B2" t="s"><v>99999</v></c>')),
    "negative-shared-string-index": workbook(HEADER + _row('<c r="B2" t="s"><v>-7</v></c>')),
    "text-in-a-number-cell": workbook(HEADER + _row('<c r="B2" t="n"><v>Ruiz</v></c>')),
    "nul-reference": workbook(HEADER + _row('<c r="B2" t="inlineStr"><is><t>Ru&#0;iz</t></is></c>')),
    "bad-cell-reference": workbook(HEADER + _row('<c r="ZZZZZZZ99999999" t="n"><v>1</v></c>')),
    "no-worksheet-part": workbook(HEADER + GOOD_ROW)[:0] or b"PK\x05\x06" + b"\x00" * 18,
    "not-xml-at-all": workbook("\x00\x01 binary"),
}


def test_the_valid_workbook_of_the_fuzz_reads():
    table = read_xlsx(workbook(HEADER + GOOD_ROW))
    assert table.headers == ["Nombre", "Apellidos", "Número de empleado"]
    assert table.rows == [(2, ["Ana", "Ruiz", "1001"])]


@pytest.mark.parametrize("data", list(MALFORMED.values()), ids=list(MALFORMED))
def test_a_malformed_workbook_is_read_or_refused_with_a_message(data):
    try:
        table = read_xlsx(data)
    except TableError as exc:
        assert str(exc) and ("Excel" in str(exc) or "fila" in str(exc)), exc
    else:  # what the parser tolerates (an unused DTD) is read as data, and checked row by row later
        assert table.headers and table.rows


@pytest.fixture
def secretaria(world):
    c = Client()
    c.force_login(world.users["secretaria"])
    return c


@pytest.mark.django_db
@pytest.mark.parametrize("data", list(MALFORMED.values()), ids=list(MALFORMED))
def test_a_malformed_workbook_uploaded_answers_with_a_message_not_a_server_error(world, now, secretaria, data):
    r = secretaria.post(IMPORT, {"file": SimpleUploadedFile("registro.xlsx", data, content_type=XLSX)})
    assert r.status_code in (302, 400), r.status_code
    if r.status_code == 400:
        assert "Excel" in r.content.decode()


@functools.cache
def three_hundred_thousand_rows() -> bytes:
    return workbook(HEADER + '<row><c t="inlineStr"><is><t>x</t></is></c></row>' * 300_000)


def test_300k_rows_in_a_small_file_are_refused_while_reading_quickly():
    data = three_hundred_thousand_rows()
    assert len(data) < 100_000  # a small file: it unpacks into 15 MB of rows
    started = time.process_time()  # CPU, not the wall clock: the same on a busy machine (it took 18 s before)
    with pytest.raises(TableError, match=f"más de {MAX_ROWS} filas"):
        read_xlsx(data)
    assert time.process_time() - started < 2


@pytest.mark.django_db
def test_300k_rows_uploaded_are_refused_with_the_limit(world, now, secretaria):
    data = three_hundred_thousand_rows()
    r = secretaria.post(IMPORT, {"file": SimpleUploadedFile("grande.xlsx", data, content_type=XLSX)})
    assert r.status_code == 400 and f"más de {MAX_ROWS} filas" in r.content.decode()
