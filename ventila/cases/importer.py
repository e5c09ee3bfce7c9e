"""Import the records of a predecessor body (the municipal law makes the new Commission continue its
predecessor's proceedings, ¶44): cases and their docket entries from a JSON or CSV file whose layout
is documented in ``docs/import.md``.

Every row goes through the same doors as an act typed in the UI — :func:`do_file_case` and
:func:`do_record_act` — so the rulebook validates its payload and checks that the act was allowed
at the moment it happened. A row that fails is reported with its number and the reason, and the
import goes on. Each imported row is remembered (:class:`ImportedRow`), so running the same file
again imports nothing twice.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ventila import clock
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.rules import PR_TZ, RULEBOOKS, InputError

from .actions import ActInput, ActRefused, do_file_case, do_record_act
from .models import Case, ImportedRow
from .procedures import system_user
from .rule_messages import plain_html

CSV_COLUMNS = (
    "case_key",
    "kind",
    "respondent_given_name",
    "respondent_family_name",
    "respondent_role",
    "respondent_title",
    "respondent_municipality",
    "complainant_name",
    "complainant_email",
    "complainant_phone",
    "complainant_address",
    "event_type",
    "at",
    "payload",
    "details",
    "note",
)


def _first_acts(body: Body) -> dict[str, str]:
    """The kinds of the body a file may open a case of → the act that opens one (``KindSpec.filing_act``)."""
    return {k: spec.filing_act for k, spec in RULEBOOKS[body.rulebook].kinds.items() if spec.filing_act}


class RowError(Exception):
    pass


@dataclass
class Row:
    """One docket entry to import, with the case it belongs to (and, on a case's first row, who)."""

    number: int  # the row number reported to the user (CSV line; JSON entry position)
    where: str  # e.g. "línea 3" or "cases[0].entries[1]"
    case_key: str
    kind: str
    event_type: str
    at: str
    payload: dict[str, Any]
    details: dict[str, Any]
    note: str
    respondent: dict[str, str] = field(default_factory=dict)
    complainant: dict[str, str] = field(default_factory=dict)


@dataclass
class Report:
    imported: int = 0
    skipped: int = 0  # already imported by an earlier run
    cases: int = 0
    rejects: list[tuple[int, str, str]] = field(default_factory=list)  # (row, where, reason)


# -- reading ---------------------------------------------------------------------------------------


def _obj(value: Any, what: str) -> dict[str, Any]:
    if value in (None, ""):
        return {}
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise RowError(
                _("la columna «%(col)s» no es JSON válido (%(err)s)") % {"col": what, "err": exc.msg}
            ) from None
    if not isinstance(value, dict):
        raise RowError(_("la columna «%(col)s» debe ser un objeto JSON") % {"col": what})
    return value


def read_rows(text: str, fmt: str) -> Iterator[Row | tuple[int, str, str]]:
    """The file's rows, in order; a row that cannot even be read is yielded as (number, where, reason)."""
    if fmt == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            yield (
                0,
                _("archivo"),
                _("no es JSON válido: %(err)s (línea %(line)s)") % {"err": exc.msg, "line": exc.lineno},
            )
            return
        cases = data.get("cases") if isinstance(data, dict) else None
        if not isinstance(cases, list):
            yield (0, _("archivo"), _("falta la lista «cases»"))
            return
        n = 0
        for i, c in enumerate(cases):
            entries = c.get("entries") if isinstance(c, dict) else None
            if not isinstance(entries, list) or not entries:
                n += 1
                yield (n, f"cases[{i}]", _("el caso no tiene «entries»"))
                continue
            for j, e in enumerate(entries):
                n += 1
                where = f"cases[{i}].entries[{j}]"
                try:
                    if not isinstance(e, dict):
                        raise RowError(_("la anotación debe ser un objeto JSON"))
                    yield Row(
                        n,
                        where,
                        str(c.get("key", "")),
                        str(c.get("kind", "")),
                        str(e.get("type", "")),
                        str(e.get("at", "")),
                        _obj(e.get("payload"), "payload"),
                        _obj(e.get("details"), "details"),
                        str(e.get("note", "")),
                        respondent=dict(c.get("respondent") or {}) if j == 0 else {},
                        complainant=dict(c.get("complainant") or {}) if j == 0 else {},
                    )
                except RowError as exc:
                    yield (n, where, str(exc))
        return
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("case_key", "kind", "event_type", "at") if c not in (reader.fieldnames or [])]
    if missing:
        yield (1, _("línea 1"), _("faltan columnas: %(cols)s") % {"cols": ", ".join(missing)})
        return
    for line in reader:
        n = reader.line_num
        where = _("línea %(n)s") % {"n": n}
        try:
            yield Row(
                n,
                where,
                (line.get("case_key") or "").strip(),
                (line.get("kind") or "").strip(),
                (line.get("event_type") or "").strip(),
                (line.get("at") or "").strip(),
                _obj(line.get("payload"), "payload"),
                _obj(line.get("details"), "details"),
                line.get("note") or "",
                respondent={
                    k.removeprefix("respondent_"): (line.get(k) or "").strip()
                    for k in CSV_COLUMNS
                    if k.startswith("respondent_") and line.get(k)
                },
                complainant={
                    k.removeprefix("complainant_").replace("address", "postal_address"): (line.get(k) or "").strip()
                    for k in CSV_COLUMNS
                    if k.startswith("complainant_") and line.get(k)
                },
            )
        except RowError as exc:
            yield (n, where, str(exc))


# -- importing -------------------------------------------------------------------------------------


def _moment(text: str) -> tuple[dt.datetime, bool]:
    try:
        if len(text) == 10:
            return clock.start_of_day(dt.date.fromisoformat(text)), False
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise RowError(
            _("«at» debe ser una fecha AAAA-MM-DD o una fecha y hora AAAA-MM-DDTHH:MM (se leyó «%(v)s»)") % {"v": text}
        ) from None
    return (moment.replace(tzinfo=PR_TZ) if moment.tzinfo is None else moment), True


def _respondent(row: Row, body: Body, day: dt.date) -> tuple[Person, OfficeTerm]:
    r = row.respondent
    given, family = r.get("given_name", ""), r.get("family_name", "")
    if not given or not family:
        raise RowError(
            _(
                "la primera anotación del caso debe nombrar a la parte querellada "
                "(respondent_given_name y respondent_family_name)"
            )
        )
    role = r.get("role") or RULEBOOKS[body.rulebook].register.roles[0]
    if role not in OfficeTerm.Role.values:
        raise RowError(
            _("«%(role)s» no es un cargo conocido (valores: %(values)s)")
            % {"role": role, "values": ", ".join(OfficeTerm.Role.values)}
        )
    person = Person.objects.filter(given_name=given, family_name=family).first()
    if person is None:
        person = Person.objects.create(given_name=given, family_name=family)
    office = person.offices.filter(role=role).order_by("-start").first()
    if office is None:
        office = OfficeTerm.objects.create(
            person=person, role=role, title=r.get("title") or role, municipality=r.get("municipality", ""), start=day
        )
    return person, office


def _refusal_text(exc: ActRefused) -> str:
    parts = [f"{k}: {' '.join(plain_html(m) for m in v)}" for k, v in exc.field_errors.items()]
    if exc.message and exc.message != _("Revise los datos del acto."):
        parts.insert(0, plain_html(exc.message))
    return " ".join(parts) or str(exc)


def import_records(text: str, fmt: str, *, body: Body, source: str, now: dt.datetime | None = None) -> Report:
    """Import every row; reject what the rulebook refuses, keep going, and never import a row twice."""
    now = now or clock.now()
    user = system_user()
    report = Report()
    cases: dict[str, Case | None] = {}
    seen: dict[str, int] = {}
    for item in read_rows(text, fmt):
        if isinstance(item, tuple):
            report.rejects.append(item)
            continue
        row = item
        if not row.case_key:
            report.rejects.append((row.number, row.where, _("falta «case_key»")))
            continue
        position = seen.get(row.case_key, 0) + 1
        seen[row.case_key] = position
        # The row's identity: its case, act, moment and contents (and which repetition of an identical
        # row it is), so a corrected file re-imports only the rows that were not imported before.
        digest = hashlib.sha256(
            json.dumps([row.payload, row.details, row.note], sort_keys=True, default=str).encode()
        ).hexdigest()[:16]
        signature = f"{row.case_key}|{row.event_type}|{row.at}|{digest}"
        repeat = seen.get(signature, 0) + 1
        seen[signature] = repeat
        key = f"{signature}|{repeat}"[:200]
        done = ImportedRow.objects.filter(source=source, key=key).select_related("case").first()
        if done is not None:
            report.skipped += 1
            cases[row.case_key] = done.case
            continue
        try:
            _import_row(row, position, key, body, source, user, cases, report, now)
        except RowError as exc:
            report.rejects.append((row.number, row.where, str(exc)))
        except ActRefused as exc:
            report.rejects.append((row.number, row.where, _refusal_text(exc)))
        except InputError as exc:  # e.g. a date outside the years the legal calendar knows
            report.rejects.append((row.number, row.where, exc.message))
    return report


def _import_row(
    row: Row,
    position: int,
    key: str,
    body: Body,
    source: str,
    user: Any,
    cases: dict[str, Case | None],
    report: Report,
    now: dt.datetime,
) -> None:
    at, has_time = _moment(row.at)
    first_acts = _first_acts(body)
    if position == 1 or (
        cases.get(row.case_key) is None
        and row.event_type == first_acts.get(row.kind)
        and not _case_for(source, row.case_key)
    ):
        if row.kind not in first_acts:
            raise RowError(
                _("«%(kind)s» no es un tipo de caso de este cuerpo (valores: %(values)s)")
                % {"kind": row.kind, "values": ", ".join(first_acts)}
            )
        if row.event_type != first_acts[row.kind]:
            cases[row.case_key] = None
            raise RowError(
                _("la primera anotación de un caso «%(kind)s» debe ser «%(first)s»")
                % {"kind": row.kind, "first": first_acts[row.kind]}
            )
        payload = dict(row.payload)
        for name, value in RULEBOOKS[body.rulebook].kinds[row.kind].imported_payload.items():
            payload.setdefault(name, value)  # e.g. MUN-SUC-02: an imported complaint is flagged for review
        details = {**row.details, "predecessor_number": row.case_key}
        with transaction.atomic():
            person, office = _respondent(row, body, at.astimezone(PR_TZ).date())
            complainant = row.complainant if row.kind == "complaint" else None
            case = do_file_case(
                user=user,
                body=body,
                kind=row.kind,
                respondent=person,
                respondent_role=office.role,
                respondent_office=office.title,
                complainant=complainant or None,
                act=ActInput(row.event_type, at, has_time, payload, details, row.note, imported=True),
                now=now,
            )
            ImportedRow.objects.create(source=source, key=key, case=case, entry=case.entries.first())
            ImportedRow.objects.create(source=source, key=f"case|{row.case_key}"[:200], case=case)
        cases[row.case_key] = case
        report.cases += 1
        report.imported += 1
        return
    found = cases.get(row.case_key) or _case_for(source, row.case_key)
    cases[row.case_key] = found
    if found is None:
        raise RowError(_("el caso «%(key)s» no se pudo crear: su primera fila fue rechazada") % {"key": row.case_key})
    with transaction.atomic():
        entry = do_record_act(
            user=user,
            case=found,
            now=now,
            act=ActInput(row.event_type, at, has_time, dict(row.payload), dict(row.details), row.note, imported=True),
        )
        ImportedRow.objects.create(source=source, key=key, case=found, entry=entry)
    report.imported += 1


def _case_for(source: str, case_key: str) -> Case | None:
    row = ImportedRow.objects.filter(source=source, key=f"case|{case_key}"[:200]).select_related("case").first()
    return row.case if row is not None else None
