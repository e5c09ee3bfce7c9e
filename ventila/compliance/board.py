"""The compliance board (Secs. 14–16): who owes a financial-report duty this month and who is late,
read from the terms stored with each tenure's ``financial_report`` case (``CaseDeadline``) — one
query over those rows, never the engine person by person — and its export as CSV or XLSX."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from ventila.bodies.models import Body, OfficeTerm
from ventila.cases.actions import rederive, stale_cases
from ventila.cases.labels import DEADLINES
from ventila.cases.models import Case, CaseDeadline
from ventila.exports import counted, to_csv, to_xlsx
from ventila.rules import RULEBOOKS

from .access import obligations_of
from .conduct import SummonsTerm, summons_term
from .conduct_models import CourtSummons
from .importer import fold

STATUSES = ("due", "late")  # «vence este mes», «vencido»


@dataclass(frozen=True)
class BoardFilter:
    month: dt.date  # its first day
    status: str = ""  # "", "due" or "late"
    role: str = ""
    query: str = ""


@dataclass(frozen=True, kw_only=True)
class _Row:
    """A row of the board: a person's term due on a day, late by ``days_late`` days."""

    person: str
    due: dt.date
    days_late: int  # 0 when not late
    days_left: int  # negative when late

    @property
    def late(self) -> bool:
        return self.days_late > 0


@dataclass(frozen=True)
class BoardRow(_Row):
    deadline: CaseDeadline
    person_id: int | None
    role: str
    case_number: str
    duty: str


@dataclass(frozen=True)
class SummonsRow(_Row):
    """A court summons whose 10(w) notice to the Secretary is not on record: its term on the board."""

    term: SummonsTerm
    person_id: int


@dataclass(frozen=True)
class Board:
    rows: list[BoardRow]
    due_count: int  # due in the month, not yet met (late or not)
    late_count: int  # past their due day, not met
    # Sec. 10(w): the summonses' notices not yet given, due in the month or late (the register's other term).
    summonses: list[SummonsRow] = field(default_factory=list)


def month_end(month: dt.date) -> dt.date:
    nxt = dt.date(month.year + (month.month == 12), month.month % 12 + 1, 1)
    return nxt - dt.timedelta(days=1)


def refresh_board(body: Body, now: dt.datetime) -> None:
    """Re-derive first the body's financial-report cases whose evaluation time has passed (a new year in
    office adds its annual report on 1 January): the board then reads their stored rows as current."""
    obligations = obligations_of(body)
    assert obligations is not None
    rederive(stale_cases(now, bodies=[body]).filter(kind=obligations.kind), now=now)


def compute_board(body: Body, today: dt.date, f: BoardFilter) -> Board:
    obligations = obligations_of(body)
    assert obligations is not None
    first, last = f.month, month_end(f.month)
    qs = CaseDeadline.objects.filter(
        case__body=body,
        case__kind=obligations.kind,
        case__status=Case.Status.OPEN,
        deadline_id__in=list(obligations.duty_deadlines),
        satisfied_on__isnull=True,
        status__in=["open", "missed"],
    )
    if f.role:
        qs = qs.filter(case__respondent_role=f.role)
    in_month = Q(due__gte=first, due__lte=last)
    is_late = Q(due__lt=today)
    rows_q = {"due": in_month, "late": is_late}.get(f.status, in_month | is_late)
    qs = qs.filter(rows_q).select_related("case", "case__tenure", "case__tenure__person")
    qs = qs.order_by("due", "case__number", "position")
    words = fold(f.query).split() if f.query else []
    roles = dict(OfficeTerm.Role.choices)
    rows: list[BoardRow] = []
    due_count = late_count = 0
    for d in qs:
        tenure = getattr(d.case, "tenure", None)
        person = tenure.person if tenure is not None else None
        name = person.full_name if person is not None else d.case.caption
        if words and not all(w in fold(f"{name} {person.hr_number if person else ''}") for w in words):
            continue
        late = max(0, (today - d.due).days)
        rows.append(
            BoardRow(
                d,
                person.pk if person is not None else None,
                str(roles.get(d.case.respondent_role, d.case.respondent_role)),
                d.case.number,
                DEADLINES.get(d.deadline_id, d.deadline_id),
                person=name,
                due=d.due,
                days_late=late,
                days_left=(d.due - today).days,
            )
        )
        due_count += first <= d.due <= last
        late_count += late > 0
    summonses = _summons_rows(body, today, f, words)
    return Board(rows, due_count, late_count, summonses)


def _summons_rows(body: Body, today: dt.date, f: BoardFilter, words: list[str]) -> list[SummonsRow]:
    """The 10(w) notices not yet given (``conduct.summons_term``), by the board's filters: due in the month
    or late, of the people whose name (or number) matches and who hold an office of the chosen role."""
    if RULEBOOKS[body.rulebook].conduct is None:
        return []  # the body keeps no norms of conduct
    first, last = f.month, month_end(f.month)
    pending = CourtSummons.objects.filter(
        body=body, secretary_notified_on__isnull=True, formally_notified_on__lte=last
    ).select_related("person")
    if f.role:
        pending = pending.filter(person__offices__role=f.role).distinct()
    out: list[SummonsRow] = []
    for summons in pending.order_by("formally_notified_on", "pk"):
        person = summons.person
        if words and not all(w in fold(f"{person.full_name} {person.hr_number}") for w in words):
            continue
        term = summons_term(body, summons, today)
        if term.due is None:
            continue
        late = max(0, (today - term.due).days)
        in_month = first <= term.due <= last
        if {"due": in_month, "late": late > 0}.get(f.status, in_month or late > 0):
            out.append(
                SummonsRow(
                    term,
                    person.pk,
                    person=person.full_name,
                    due=term.due,
                    days_late=late,
                    days_left=(term.due - today).days,
                )
            )
    return sorted(out, key=lambda r: (r.due, r.person_id))


# -- export ------------------------------------------------------------------------------------------


def headers() -> list[str]:
    return [
        _("Persona"),
        _("Categoría"),
        _("Expediente"),
        _("Deber"),
        _("Vence"),
        _("Días de atraso"),
        _("Regla"),
        _("Cita"),
    ]


def _values(r: BoardRow) -> list[Any]:
    return [r.person, r.role, r.case_number, str(r.duty), r.due, r.days_late, r.deadline.rule_id, r.deadline.citation]


def export_csv(rows: Sequence[BoardRow]) -> bytes:
    return to_csv(headers(), [_values(r) for r in rows])


def export_xlsx(rows: Sequence[BoardRow], progress: Callable[[int, int], None] | None = None) -> bytes:
    """The board as XLSX; ``progress(done, total)`` told as the rows are written (a long work's page)."""
    values: Iterable[Sequence[Any]] = (_values(r) for r in rows)
    if progress is not None:
        values = counted(values, len(rows), progress)
    return to_xlsx([(_("Informes financieros"), headers(), values)])
