"""Import the register of obligated people from the file the House's human-resources office keeps
(CSV or XLSX): read it into a table, guess which column is which from its Spanish headers (the user
may change it), check every row and say which row is wrong and why, then write all of it in one
transaction or nothing.

Matching, so that importing the same file twice changes nothing and a person is never doubled:

- a person is the one with the same employee number (``Person.hr_number``) or, without one, the
  same name (spaces, capitals and accents aside); two people of the register with that name and no
  number make the row an error (the number tells them apart);
- an office is the person's office of the same role that began the same day: the same title and
  last day change nothing, another last day (the HR file records a departure) changes that office;
- a row repeated in the file is read once.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast
from xml.etree import ElementTree  # nosec B405 - only counts elements; expat resolves no external entity

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import load_workbook

from ventila.bodies.models import OfficeTerm, Person

MAX_ROWS = 5000  # rows with data a file may hold (the House's population is a few hundred people)
MAX_COLUMNS = 200  # columns a row may fill (an HR file has a dozen)
# A workbook's limits before it is read: rows in a sheet (blank ones too), cells, and bytes once unpacked.
MAX_SHEET_ROWS = 2 * MAX_ROWS
MAX_CELLS = 50 * MAX_ROWS
MAX_UNPACKED_MB = 100

# The columns an import fills, in the order the mapping page asks for them: (label, required, the
# Spanish headers that name it, folded: lower case, no accents, punctuation as spaces).
COLUMNS: dict[str, tuple[Any, bool, tuple[str, ...]]] = {
    "hr_number": (
        gettext_lazy("Número de empleado"),
        False,
        ("numero de empleado", "num empleado", "no empleado", "num de empleado", "empleado", "numero", "id"),
    ),
    "given_name": (gettext_lazy("Nombre"), True, ("nombre", "nombres", "nombre de pila")),
    "family_name": (gettext_lazy("Apellidos"), True, ("apellidos", "apellido", "apellido paterno y materno")),
    "role": (
        gettext_lazy("Categoría (Representante, funcionario o jefe de dependencia)"),
        True,
        ("categoria", "clasificacion", "tipo", "tipo de puesto", "funcion", "categoria del puesto"),
    ),
    "title": (gettext_lazy("Cargo"), True, ("cargo", "puesto", "titulo", "posicion", "titulo del puesto")),
    "start": (
        gettext_lazy("Fecha de toma de posesión"),
        True,
        (
            "fecha de toma de posesion",
            "toma de posesion",
            "fecha de nombramiento",
            "nombramiento",
            "fecha de inicio",
            "inicio",
            "desde",
            "fecha de entrada",
        ),
    ),
    "end": (
        gettext_lazy("Fecha de cese"),
        False,
        ("fecha de cese", "cese", "fecha de terminacion", "terminacion", "fecha de baja", "baja", "hasta"),
    ),
    "email": (gettext_lazy("Correo electrónico"), False, ("correo electronico", "correo", "email", "e mail")),
}

MONTHS = {
    "enero": 1,
    "febrero": 2,
    "marzo": 3,
    "abril": 4,
    "mayo": 5,
    "junio": 6,
    "julio": 7,
    "agosto": 8,
    "septiembre": 9,
    "setiembre": 9,
    "octubre": 10,
    "noviembre": 11,
    "diciembre": 12,
}

# The words the HR file may use for each role (folded), besides the register's own labels.
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "representative": ("representante", "representanta", "representante a la camara", "legislador", "legisladora"),
    "officer": ("funcionario", "funcionaria", "funcionario de la camara", "funcionaria de la camara"),
    "department_head": ("jefe de dependencia", "jefa de dependencia", "jefe", "jefa", "director de dependencia"),
}


class TableError(Exception):
    """The file cannot be read as a table; the message says why, in Spanish."""


class RowError(Exception):
    pass


def fold(text: str) -> str:
    """Lower case, accents off, punctuation as spaces, spaces collapsed: how headers, roles and
    names are compared."""
    folded = unicodedata.normalize("NFKD", str(text).strip().lower())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w@]+", " ", plain).split())


def name_key(given: str, family: str) -> str:
    return f"{fold(given)}|{fold(family)}"


# -- reading the file ------------------------------------------------------------------------------


@dataclass
class Table:
    """A file's headers and its rows with data, each with its row number in the file (as a
    spreadsheet numbers it: the headers' row is 1 when it is the first)."""

    headers: list[str]
    rows: list[tuple[int, list[str]]]

    def to_json(self) -> dict[str, Any]:
        return {"headers": self.headers, "rows": [[n, cells] for n, cells in self.rows]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        return cls(list(data["headers"]), [(int(n), [str(c) for c in cells]) for n, cells in data["rows"]])


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())


def _table(raw_rows: Iterable[tuple[int, Sequence[Any]]]) -> Table:
    """The table of ``raw_rows``, read one row at a time: the limits (:data:`MAX_ROWS` rows with data,
    :data:`MAX_COLUMNS` columns) are checked as each row arrives, so a small file that unpacks into a
    million rows is refused at row 5,001, not after all of them are read."""
    headers: list[str] | None = None
    data: list[tuple[int, list[str]]] = []
    for n, raw in raw_rows:
        if len(raw) > MAX_COLUMNS and any(c not in (None, "") for c in raw[MAX_COLUMNS:]):
            raise TableError(
                _("La fila %(n)s tiene más de %(max)s columnas; un registro de personal tiene muchas menos.")
                % {"n": n, "max": MAX_COLUMNS}
            )
        cells = [_cell(c) for c in raw[:MAX_COLUMNS]]
        if not any(cells):  # blank rows are left out
            continue
        if headers is None:
            headers = cells
            continue
        if len(data) >= MAX_ROWS:
            raise TableError(
                _("El archivo tiene más de %(max)s filas con datos, el máximo por importación.") % {"max": MAX_ROWS}
            )
        data.append((n, cells))
    if headers is None:
        raise TableError(_("El archivo no tiene filas con datos."))
    if not any(headers):
        raise TableError(_("La primera fila con datos debe tener los nombres de las columnas."))
    if not data:
        raise TableError(_("El archivo solo tiene la fila de los nombres de las columnas; no hay personas."))
    width = len(headers)
    return Table(headers, [(n, (cells + [""] * width)[:width]) for n, cells in data])


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):  # Excel saves CSV as UTF-8 or as Windows-1252
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise TableError(_("No se pudo leer el texto del archivo: guárdelo como CSV UTF-8."))


def read_csv(data: bytes) -> Table:
    text = _decode(data)
    if "\x00" in text:
        raise TableError(_("El archivo no es un CSV de texto."))
    # The separator is the one the headers' line uses most: «,», or «;» (Excel in Spanish), or a tab.
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        return _table((reader.line_num, row) for row in reader)
    except csv.Error as exc:
        raise TableError(
            _("El CSV está mal formado (fila %(n)s): %(err)s") % {"n": reader.line_num, "err": exc}
        ) from None


# What a damaged or hostile workbook makes openpyxl raise while it is read (its XML parsed as it goes): not
# a ZIP, a part missing, XML cut short or with an undefined entity or a NUL reference (ParseError is a
# SyntaxError), a shared-string index past the table (IndexError), text in a number cell (ValueError), a
# cell reference or style that does not parse (KeyError, TypeError, AttributeError).
XLSX_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    KeyError,
    OSError,
    ValueError,
    TypeError,
    IndexError,
    AttributeError,
    SyntaxError,
    EOFError,
    RecursionError,
)


def _numbered(rows: Iterable[Sequence[Any]], reached: list[int]) -> Iterator[tuple[int, Sequence[Any]]]:
    for i, row in enumerate(rows, start=1):
        reached[0] = i
        yield i, row


def _prescan(data: bytes) -> None:
    """Count the rows and cells of every sheet as its XML streams by, and refuse the file at the first row
    past the limits — before openpyxl, which reads a whole sheet that does not declare its dimensions just to
    size it (a 44 KB file of 300,000 rows: 18 s). Also refuses a workbook whose parts unpack into more than
    :data:`MAX_UNPACKED_MB` (a ZIP bomb)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        if sum(i.file_size for i in archive.infolist()) > MAX_UNPACKED_MB * 1024 * 1024:
            raise TableError(
                _("El libro de Excel se descomprime en más de %(mb)s MB: no es un registro de personal.")
                % {"mb": MAX_UNPACKED_MB}
            )
        for name in archive.namelist():
            if name.startswith("xl/worksheets/") and name.endswith(".xml"):
                with archive.open(name) as part:
                    _count_sheet(part)


def _count_sheet(part: Any) -> None:
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(events=("start", "end"))
    rows = cells = 0
    while chunk := part.read(64 * 1024):
        parser.feed(chunk)
        # events "start" and "end" only: each comes with its element
        for event, element in cast("Iterator[tuple[str, ElementTree.Element]]", parser.read_events()):
            tag = str(element.tag).rsplit("}", 1)[-1]
            if event == "start" and tag == "row":
                rows += 1
                if rows > MAX_SHEET_ROWS:
                    raise TableError(
                        _("El archivo tiene más de %(max)s filas con datos, el máximo por importación.")
                        % {"max": MAX_ROWS}
                    )
            elif event == "start" and tag == "c":
                cells += 1
                if cells > MAX_CELLS:
                    raise TableError(
                        _("El libro de Excel tiene más de %(max)s celdas; un registro de personal tiene muchas menos.")
                        % {"max": MAX_CELLS}
                    )
            elif event == "end" and tag == "row":
                element.clear()
    parser.close()


def read_xlsx(data: bytes) -> Table:
    """The first sheet, streamed (openpyxl's read-only mode: one row in memory at a time), after a streaming
    count of its rows and cells (:func:`_prescan`). A file that is not a workbook, or breaks while it is read,
    is refused saying so — and where, when a row was reached."""
    try:
        _prescan(data)
    except XLSX_ERRORS:
        raise TableError(_("El archivo no es un libro de Excel (.xlsx) válido.")) from None
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except XLSX_ERRORS:
        raise TableError(_("El archivo no es un libro de Excel (.xlsx) válido.")) from None
    reached = [0]
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        if sheet is None:
            raise TableError(_("El libro de Excel no tiene hojas."))
        return _table(_numbered(sheet.iter_rows(values_only=True), reached))
    except XLSX_ERRORS:
        if reached[0]:
            raise TableError(
                _(
                    "El libro de Excel está dañado: no se pudo leer la fila %(n)s. Ábralo en Excel, guárdelo de "
                    "nuevo como .xlsx (o como CSV) e impórtelo otra vez."
                )
                % {"n": reached[0] + 1}
            ) from None
        raise TableError(
            _(
                "El libro de Excel está dañado: no se pudo leer su hoja. Ábralo en Excel, guárdelo de nuevo como "
                ".xlsx (o como CSV) e impórtelo otra vez."
            )
        ) from None
    finally:
        book.close()


def read_table(file_name: str, data: bytes) -> Table:
    """The file as a table, by its extension: ``.csv`` or ``.xlsx``."""
    lower = file_name.lower()
    if lower.endswith(".xlsx"):
        return read_xlsx(data)
    if lower.endswith(".csv") or lower.endswith(".txt"):
        return read_csv(data)
    if lower.endswith(".xls"):
        raise TableError(_("Los libros .xls (Excel 97–2003) no se leen: guárdelo como .xlsx o como CSV."))
    raise TableError(_("El archivo debe ser un CSV (.csv) o un libro de Excel (.xlsx)."))


def guess_mapping(headers: Sequence[str]) -> dict[str, int | None]:
    """Which column holds each field, from the headers: a header equal to one of the field's
    names first, then one that contains it; each column serves one field at most."""
    folded = [fold(h) for h in headers]
    taken: set[int] = set()
    out: dict[str, int | None] = {}
    for name, (_label, _required, words) in COLUMNS.items():
        found = next((i for w in words for i, h in enumerate(folded) if h == w and i not in taken), None)
        if found is None:
            found = next(
                (i for w in words if len(w) > 3 for i, h in enumerate(folded) if w in h and i not in taken), None
            )
        out[name] = found
        if found is not None:
            taken.add(found)
    return out


# -- checking the rows -----------------------------------------------------------------------------


def parse_date(text: str) -> dt.date:
    """dd/mm/aaaa, aaaa-mm-dd, dd-mm-aaaa or «12 de enero de 2027» (what an HR file holds)."""
    value = text.strip()
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?", value)
    if m:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    else:
        m = re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", value)
        if m:
            d, mo, y = int(m[1]), int(m[2]), int(m[3])
        else:
            m = re.fullmatch(r"(\d{1,2})\s+(?:de\s+)?([a-z]+)\s+(?:de\s+|del\s+)?(\d{4})", fold(value))
            if not m or m[2] not in MONTHS:
                raise RowError(
                    _("«%(v)s» no es una fecha: escríbala dd/mm/aaaa, aaaa-mm-dd o «12 de enero de 2027»")
                    % {"v": value}
                )
            d, mo, y = int(m[1]), MONTHS[m[2]], int(m[3])
    try:
        return dt.date(y, mo, d)
    except ValueError:
        raise RowError(_("«%(v)s» no es una fecha que exista") % {"v": value}) from None


def parse_role(text: str, roles: Sequence[str]) -> str:
    value = fold(text)
    labels = {fold(str(label)): role for role, label in OfficeTerm.Role.choices}
    for role in roles:
        if value == role or value in ROLE_WORDS.get(role, ()) or labels.get(value) == role:
            return role
    names = ", ".join(str(OfficeTerm.Role(r).label) for r in roles)
    raise RowError(
        _("«%(v)s» no es una categoría que el Código obligue; use una de estas: %(names)s")
        % {"v": text, "names": names}
    )


@dataclass
class PlannedOffice:
    role: str
    title: str
    start: dt.date
    end: dt.date | None
    row: int
    existing: OfficeTerm | None = None
    change: str = ""  # "new", "end", "title", "unchanged"


@dataclass
class PlannedPerson:
    given_name: str
    family_name: str
    hr_number: str
    email: str
    row: int
    existing: Person | None = None
    offices: list[PlannedOffice] = field(default_factory=list)
    email_changed: bool = False

    @property
    def name(self) -> str:
        return f"{self.given_name} {self.family_name}"


@dataclass
class Plan:
    """What importing the table would do, row by row, and every row's error."""

    rows: int = 0
    people: list[PlannedPerson] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (row, why)
    repeated: list[tuple[int, int]] = field(default_factory=list)  # (row, the earlier identical row)
    # Once carried out: the financial-report cases the import opened (issue 29: its message names them).
    opened: list[Any] = field(default_factory=list)

    @property
    def people_created(self) -> int:
        return sum(1 for p in self.people if p.existing is None)

    @property
    def offices_created(self) -> int:
        return sum(1 for p in self.people for o in p.offices if o.change == "new")

    @property
    def offices_changed(self) -> int:
        return sum(1 for p in self.people for o in p.offices if o.change in ("end", "title"))

    @property
    def emails_changed(self) -> int:
        return sum(1 for p in self.people if p.existing is not None and p.email_changed)

    @property
    def changes(self) -> int:
        return self.people_created + self.offices_created + self.offices_changed + self.emails_changed


def _value(cells: Sequence[str], mapping: Mapping[str, int | None], name: str) -> str:
    i = mapping.get(name)
    return cells[i].strip() if i is not None and i < len(cells) else ""


def plan_import(table: Table, mapping: Mapping[str, int | None], roles: Sequence[str]) -> Plan:
    """Check every row against the rules above and the register as it stands; nothing is written."""
    plan = Plan(rows=len(table.rows))
    by_number = {p.hr_number: p for p in Person.objects.exclude(hr_number="")}
    by_name: dict[str, list[Person]] = {}
    for p in Person.objects.all():
        by_name.setdefault(name_key(p.given_name, p.family_name), []).append(p)
    offices: dict[int, list[OfficeTerm]] = {}
    for o in OfficeTerm.objects.filter(role__in=roles):
        offices.setdefault(o.person_id, []).append(o)
    planned: dict[str, PlannedPerson] = {}  # number or name key → person planned
    seen_rows: dict[tuple[Any, ...], int] = {}
    for number, cells in table.rows:
        try:
            row = _check_row(cells, mapping, roles)
        except RowError as exc:
            plan.errors.append((number, str(exc)))
            continue
        given, family, hr_number, email, role, title, start, end = row
        identical = seen_rows.get(row)
        if identical is not None:
            plan.repeated.append((number, identical))
            continue
        seen_rows[row] = number
        person = planned.get(f"#{hr_number}") if hr_number else None
        if person is None:  # by name: the same person, perhaps numbered in one row and not in another
            by_row_name = planned.get(name_key(given, family))
            if by_row_name is not None and not (hr_number and by_row_name.hr_number):
                person = by_row_name
        if person is None:
            try:
                existing = _existing(given, family, hr_number, by_number, by_name)
            except RowError as exc:
                plan.errors.append((number, str(exc)))
                continue
            person = PlannedPerson(given, family, hr_number, email, number, existing)
            if existing is not None and email and existing.email != email:
                person.email_changed = True
            plan.people.append(person)
        if hr_number and not person.hr_number:
            person.hr_number = hr_number
        if email and not person.email:
            person.email = email
        if person.hr_number:
            planned[f"#{person.hr_number}"] = person
        planned.setdefault(name_key(given, family), person)
        error = _plan_office(person, offices, PlannedOffice(role, title, start, end, number))
        if error:
            plan.errors.append((number, error))
    plan.errors.sort()
    return plan


def _check_row(
    cells: Sequence[str], mapping: Mapping[str, int | None], roles: Sequence[str]
) -> tuple[str, str, str, str, str, str, dt.date, dt.date | None]:
    missing = [
        str(COLUMNS[n][0]) for n, (_l, required, _w) in COLUMNS.items() if required and not _value(cells, mapping, n)
    ]
    if missing:
        raise RowError(_("falta: %(fields)s") % {"fields": ", ".join(missing)})
    given = _value(cells, mapping, "given_name")
    family = _value(cells, mapping, "family_name")
    hr_number = _value(cells, mapping, "hr_number")
    email = _value(cells, mapping, "email")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise RowError(_("«%(v)s» no es una dirección de correo electrónico") % {"v": email}) from None
    role = parse_role(_value(cells, mapping, "role"), roles)
    title = _value(cells, mapping, "title")
    try:
        start = parse_date(_value(cells, mapping, "start"))
    except RowError as exc:
        raise RowError(_("fecha de toma de posesión: %(err)s") % {"err": exc}) from None
    end_text = _value(cells, mapping, "end")
    end = None
    if end_text:
        try:
            end = parse_date(end_text)
        except RowError as exc:
            raise RowError(_("fecha de cese: %(err)s") % {"err": exc}) from None
        if end < start:
            raise RowError(
                _("la fecha de cese (%(end)s) es anterior a la de toma de posesión (%(start)s)")
                % {"end": end.strftime("%d/%m/%Y"), "start": start.strftime("%d/%m/%Y")}
            )
    for label, limit in ((120, given), (160, family), (200, title), (40, hr_number)):
        if len(limit) > label:
            raise RowError(_("«%(v)s…» es demasiado largo (máximo %(n)s caracteres)") % {"v": limit[:30], "n": label})
    return given, family, hr_number, email, role, title, start, end


def _existing(
    given: str, family: str, hr_number: str, by_number: Mapping[str, Person], by_name: Mapping[str, list[Person]]
) -> Person | None:
    if hr_number and hr_number in by_number:
        return by_number[hr_number]
    same = by_name.get(name_key(given, family), [])
    if hr_number:
        same = [p for p in same if not p.hr_number]  # someone else's number is someone else
    if len(same) > 1:
        raise RowError(
            _(
                "hay %(n)s personas llamadas %(name)s en el registro; añada el número de empleado para saber a "
                "cuál se refiere la fila"
            )
            % {"n": len(same), "name": f"{given} {family}"}
        )
    return same[0] if same else None


def _plan_office(person: PlannedPerson, offices: Mapping[int, list[OfficeTerm]], office: PlannedOffice) -> str:
    for other in person.offices:
        if other.role == office.role and other.start == office.start:
            return _("contradice la fila %(row)s: el mismo cargo desde el mismo día, con otros datos") % {
                "row": other.row
            }
    existing = None
    if person.existing is not None:
        existing = next(
            (o for o in offices.get(person.existing.pk, []) if o.role == office.role and o.start == office.start),
            None,
        )
    office.existing = existing
    if existing is None:
        office.change = "new"
    elif existing.end != office.end:
        office.change = "end"
    elif existing.title != office.title:
        office.change = "title"
    else:
        office.change = "unchanged"
    person.offices.append(office)
    return ""


def file_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
