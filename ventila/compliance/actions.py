"""Every change to the register of obligated people and to the reports recorded: one ``do_*`` each,
one transaction each, with who and why written into the audit chain's versions of every row it
touches (``audit.state.acting``)."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from ventila import clock
from ventila.audit import state
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases.actions import ActInput, ActRefused, do_record_act
from ventila.cases.models import Case
from ventila.fields import attributes

from .access import obligations_of
from .importer import Plan, PlannedPerson, Table, plan_import
from .models import FinancialReport, RegisterImport, TenureCase
from .tenures import sync_person, tenure_for_year, tenures_of

# On SQLite a writer waiting for the one write lock looks again every 100 ms at most (its busy handler's longest
# sleep): the import pauses that long between batches, so a public filing waiting behind it takes its turn.
SQLITE_TURN = 0.1


class ImportRefused(Exception):
    """The file has rows in error: nothing was imported. ``plan`` names each row and why."""

    def __init__(self, plan: Plan) -> None:
        super().__init__(f"{len(plan.errors)} rows in error")
        self.plan = plan


def do_import_register(
    *,
    user: Any,
    body: Body,
    table: Table,
    mapping: Mapping[str, int | None],
    file_name: str,
    sha256: str,
    now: dt.datetime | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Plan, RegisterImport | None]:
    """Import the table into the register: every row is checked first against the register as it stands,
    and any row in error refuses the whole file (nothing is written). Then the people are written in
    batches, each its own transaction (issue 30): a batch ends after ``VENTILA_IMPORT_BATCH_ROWS`` people or
    ``VENTILA_IMPORT_BATCH_SECONDS``, so the body's case-number counter and the audit chain's head — which
    every financial-report case it opens takes until its batch commits — are never held longer than a
    batch, and a public filing waits at most that long behind an import.

    A batch that fails leaves the batches before it written: the import is resumable, not all-or-nothing.
    Importing the same file again recognises what is already in the register (a person by employee number
    or name, an office by person, category and start day, a tenure's case by its office) and writes only
    the rest. ``progress(done, total)`` is told the people written after each batch. Gives the plan
    carried out and the import's record (None when the file changed nothing: the same file again)."""
    obligations = obligations_of(body)
    assert obligations is not None
    now = now or clock.now()
    reason = f"Importación del registro: {file_name} (SHA-256 {sha256})"
    plan = plan_import(table, mapping, obligations.roles)
    if plan.errors:
        raise ImportRefused(plan)
    if not plan.changes:
        return plan, None
    people = [p for p in plan.people if _changes_person(p)]
    rows, seconds = settings.VENTILA_IMPORT_BATCH_ROWS, settings.VENTILA_IMPORT_BATCH_SECONDS
    done = 0
    record = None
    while done < len(people):
        started = time.monotonic()
        with transaction.atomic(), state.acting(user, reason), state.deferred():
            end = done
            while end < len(people) and end - done < rows and time.monotonic() - started < seconds:
                person = _write_person(people[end])
                if person is not None:
                    plan.opened += sync_person(user=user, body=body, person=person, reason=reason, now=now).opened
                end += 1
            if end == len(people):  # the record commits with the last batch
                record = RegisterImport.objects.create(
                    body=body,
                    file_name=file_name[:200],
                    sha256=sha256,
                    **attributes(plan, "rows", "people_created", "offices_created", "offices_changed"),
                    imported_by=user,
                    imported_at=now,
                )
        done = end
        if connection.vendor == "sqlite" and done < len(people):
            time.sleep(SQLITE_TURN)  # SQLite's one writer: the others waiting get their turn between batches
        if progress is not None:
            progress(done, len(people))
    return plan, record


def _changes_person(p: PlannedPerson) -> bool:
    return (
        p.existing is None
        or p.email_changed
        or bool(p.hr_number and not p.existing.hr_number)
        or any(o.change in ("new", "end", "title") for o in p.offices)
    )


def _write_person(p: PlannedPerson) -> Person | None:
    """One planned person written, in the caller's batch; the person if a tenure may have changed (their
    financial-report cases are brought in line), else None."""
    person = p.existing
    if person is None:
        # Written since the plan (another import meanwhile)? The same natural key finds them.
        found = Person.objects.filter(hr_number=p.hr_number) if p.hr_number else None
        person = found.first() if found is not None else None
        if person is None:
            person = Person.objects.create(
                given_name=p.given_name, family_name=p.family_name, hr_number=p.hr_number, email=p.email
            )
    else:
        fields = []
        if p.hr_number and not person.hr_number:
            person.hr_number = p.hr_number
            fields.append("hr_number")
        if p.email_changed:
            person.email = p.email
            fields.append("email")
        if fields:
            person.save(update_fields=fields)
    for o in p.offices:
        if o.change == "new":
            if not OfficeTerm.objects.filter(person=person, role=o.role, start=o.start).exists():
                OfficeTerm.objects.create(person=person, role=o.role, title=o.title, start=o.start, end=o.end)
        elif o.change in ("end", "title") and o.existing is not None:
            o.existing.end, o.existing.title = o.end, o.title
            o.existing.save(update_fields=["end", "title"])
    if p.existing is None or any(o.change in ("new", "end", "title") for o in p.offices):
        return person
    return None


@dataclass(frozen=True)
class ReportInput:
    covers_year: int
    report_type: str
    filed_on: dt.date
    sworn: bool
    electronic: bool
    note: str = ""
    secretary_notified_on: dt.date | None = None


class ReportRefused(Exception):
    """The report cannot be recorded: ``field_errors`` says why, by field (Spanish)."""

    def __init__(self, field_errors: dict[str, str]) -> None:
        super().__init__("; ".join(field_errors.values()))
        self.field_errors = field_errors


def do_record_report(
    *, user: Any, body: Body, person: Person, report: ReportInput, now: dt.datetime | None = None
) -> FinancialReport:
    """Record a financial report received for one covered year (Sec. 14): the duty it answers is
    met from then on, as the engine computes it. A report of the same year and type already
    recorded is refused (a correction is not a second report)."""
    obligations = obligations_of(body)
    assert obligations is not None
    now = now or clock.now()
    errors: dict[str, str] = {}
    if report.report_type not in obligations.report_types:
        errors["report_type"] = _("Elija el tipo de informe.")
    if report.filed_on > now.date():
        errors["filed_on"] = _("La fecha de radicación no puede ser posterior a hoy.")
    if report.filed_on.year < report.covers_year:
        errors["filed_on"] = _("Un informe se radica después de empezar el año que cubre, no antes.")
    notified = report.secretary_notified_on
    if notified is not None and notified > now.date():
        errors["secretary_notified_on"] = _("La fecha de la notificación no puede ser posterior a hoy.")
    elif notified is not None and notified < report.filed_on:
        errors["secretary_notified_on"] = _(
            "La notificación a la Secretaría es posterior a la radicación, no anterior."
        )
    if errors:
        raise ReportRefused(errors)
    reason = f"Informe financiero recibido ({obligations.report_rule})"
    try:
        with transaction.atomic(), state.acting(user, reason):
            if FinancialReport.objects.filter(
                person=person, covers_year=report.covers_year, report_type=report.report_type
            ).exists():
                raise ReportRefused(
                    {"covers_year": _("Ya consta un informe de ese tipo que cubre ese año para esta persona.")}
                )
            record = FinancialReport.objects.create(
                body=body,
                person=person,
                **attributes(
                    report,
                    "covers_year",
                    "report_type",
                    "filed_on",
                    "sworn",
                    "electronic",
                    "note",
                    "secretary_notified_on",
                ),
                recorded_by=user,
                recorded_at=now,
            )
            _docket_report(user, body, person, report, reason, now, obligations)
            return record
    except IntegrityError:  # the same report recorded at the same moment by someone else
        raise ReportRefused(
            {"covers_year": _("Ya consta un informe de ese tipo que cubre ese año para esta persona.")}
        ) from None


def report_case(body: Body, person: Person, covers_year: int) -> Case | None:
    """The financial-report case of the tenure a report covering ``covers_year`` belongs to."""
    obligations = obligations_of(body)
    assert obligations is not None
    _offices, tenures = tenures_of(person, obligations)
    tenure = tenure_for_year(tenures, covers_year)
    if tenure is None:
        return None
    link = TenureCase.objects.filter(body=body, person=person, role=tenure.role, start=tenure.start).first()
    return link.case if link is not None else None


def _docket_report(
    user: Any, body: Body, person: Person, report: ReportInput, reason: str, now: dt.datetime, obligations: Any
) -> None:
    """The report as the act ``report_filed`` on its tenure's case (and the notice to the Secretary,
    ``secretary_notified``, when recorded with it): the duty is met on the docket, the OEG's 90 days
    and the 2 business days of the notice start (CAM-15-01, CAM-14C-02)."""
    sync_person(user=user, body=body, person=person, reason=reason, now=now)
    case = report_case(body, person, report.covers_year)
    if case is None:
        raise ReportRefused(
            {"covers_year": _("Esta persona no tenía un cargo que obligue a radicar el informe de ese año.")}
        )
    payload = {
        "covers_year": report.covers_year,
        "report_type": report.report_type,
        "sworn": report.sworn,
        "electronic": report.electronic,
    }
    moment = clock.start_of_day(report.filed_on)
    acts = [ActInput(obligations.report_event, moment, False, payload, note=report.note)]
    if report.secretary_notified_on is not None:
        notified = clock.start_of_day(report.secretary_notified_on)
        acts.append(ActInput(obligations.notice_event, notified, False, {"covers_year": report.covers_year}))
    for act, name in zip(acts, ("filed_on", "secretary_notified_on"), strict=False):
        try:
            do_record_act(user=user, case=case, act=act, now=now)
        except ActRefused as exc:
            text = " ".join(m for ms in exc.field_errors.values() for m in ms) or exc.message
            raise ReportRefused({name: text}) from None
