"""Each tenure of an obligated person is a ``financial_report`` case on the body's docket (Secs. 14–16).

The register's offices say the tenures (the rulebook's ``Obligations.tenures``: reelection, a change
of role); each tenure's events — taking office, a reelection, leaving office — are docketed as acts
of its case by whoever changed the register (an import, with the import's reason), each on the day
it happened. An event still in the future (an office that ends on 31 December next) is docketed
when its day comes, by the daily sweep (:func:`sweep_tenures`, run by the worker). The terms the
engine derives from the docket are then the person's duties, stored and re-derived like any case's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from ventila import clock
from ventila.audit import state
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases.actions import ActInput, ActRefused, do_file_case, do_record_act
from ventila.cases.evaluation import live_events
from ventila.cases.models import Case, DocketEntry
from ventila.cases.procedures import system_user
from ventila.rules import PR_TZ
from ventila.rules.engine import Obligations, Tenure

from .access import obligated_people, obligations_of
from .models import TenureCase


@dataclass
class SyncResult:
    """What one person's synchronisation did: cases opened, acts docketed, and the problems (Spanish)."""

    opened: list[Case] = field(default_factory=list)
    acts: int = 0
    problems: list[str] = field(default_factory=list)


def offices_of(person: Person, obligations: Obligations) -> list[OfficeTerm]:
    return list(person.offices.filter(role__in=obligations.roles).order_by("start", "pk"))


def tenures_of(person: Person, obligations: Obligations) -> tuple[list[OfficeTerm], list[Tenure]]:
    offices = offices_of(person, obligations)
    return offices, obligations.tenures([(o.role, o.start, o.end) for o in offices])


def _day(data: Any) -> dt.date:
    return dt.date.fromisoformat(str(data["at"]))


def _payload(data: Any) -> dict[str, Any]:
    return {k: v for k, v in dict(data).items() if k not in ("type", "at")}


def _exits(entries: Sequence[DocketEntry], event_type: str) -> list[DocketEntry]:
    """The live entries of ``event_type``, oldest act first."""
    superseded = {e.supersedes_id for e in entries if e.supersedes_id is not None}
    live = [e for e in entries if e.event_type == event_type and e.pk not in superseded]
    return sorted(live, key=lambda e: (e.occurred_at, e.seq))


def sync_person(*, user: Any, body: Body, person: Person, reason: str, now: dt.datetime | None = None) -> SyncResult:
    """Bring the ``financial_report`` cases of ``person`` in line with their offices, in the caller's
    transaction: a case for each tenure begun by today (its ``took_office`` the first act), and each
    reelection or exit that has happened docketed (a changed one corrected by an entry that supersedes
    it, with ``reason``). Idempotent: nothing is written when the docket already says it."""
    obligations = obligations_of(body)
    assert obligations is not None
    now = now or clock.now()
    today = now.astimezone(PR_TZ).date()
    result = SyncResult()
    offices, tenures = tenures_of(person, obligations)
    known = {(t.role, t.start): t for t in TenureCase.objects.filter(body=body, person=person).select_related("case")}
    for tenure in tenures:
        if tenure.start > today:
            continue  # docketed on the day it happens (sweep_tenures)
        link = known.get((tenure.role, tenure.start))
        took = tenure.events[0]
        if link is None:
            office = offices[tenure.offices[0]]
            try:  # a refusal comes before anything is written
                case = do_file_case(
                    user=user,
                    body=body,
                    kind=obligations.kind,
                    respondent=person,
                    respondent_role=tenure.role,
                    respondent_office=office.title,
                    act=ActInput(
                        str(took["type"]), clock.start_of_day(_day(took)), False, _payload(took), note=reason[:2000]
                    ),
                    now=now,
                    reason=reason,
                )
            except ActRefused as exc:
                result.problems.append(f"{person}: {exc}")
                continue
            with state.acting(user, reason):
                link = TenureCase.objects.create(
                    body=body, person=person, role=tenure.role, start=tenure.start, case=case
                )
            result.opened.append(case)
        try:
            result.acts += _docket_exits(user, link.case, tenure, today, reason, now)
        except ActRefused as exc:
            result.problems.append(f"{person}: {exc}")
    return result


def _docket_exits(user: Any, case: Case, tenure: Tenure, today: dt.date, reason: str, now: dt.datetime) -> int:
    """Docket the tenure's reelections and exit that have happened; returns how many acts were written."""
    wanted = [e for e in tenure.events[1:] if _day(e) <= today]
    if not wanted:
        return 0
    event_type = str(wanted[0]["type"])
    entries = list(case.entries.all())
    have = _exits(entries, event_type)
    written = 0
    for i, data in enumerate(wanted):
        day, payload = _day(data), _payload(data)
        old = have[i] if i < len(have) else None
        if old is not None and old.occurred_day == day and dict(old.payload) == payload:
            continue
        act = ActInput(str(data["type"]), clock.start_of_day(day), False, payload, note=reason[:2000], supersedes=old)
        do_record_act(user=user, case=case, act=act, now=now)
        written += 1
    return written


def tenure_case_on(body: Body, person_id: int, day: dt.date) -> TenureCase | None:
    """The person's financial-report case of the tenure they were in on ``day`` (the latest begun by then),
    with its case; None where there is none (or ``person_id`` is out of range)."""
    if not 0 < person_id < 2**31:
        return None
    return (
        TenureCase.objects.filter(body=body, person_id=person_id, start__lte=day)
        .select_related("case")
        .order_by("-start")
        .first()
    )


def tenure_case_for(body: Body, person: Person, tenure: Tenure) -> TenureCase | None:
    return TenureCase.objects.filter(body=body, person=person, role=tenure.role, start=tenure.start).first()


def live_types(case: Case) -> list[str]:
    return [e.event_type for e in live_events(case.entries.all())]


def sweep_tenures(*, user: Any, now: dt.datetime | None = None) -> SyncResult:
    """The daily sweep (the worker's): the events of the register's offices whose day has come —
    a tenure begun, a reelection, an exit — docketed on each obligated person's case; each person in
    their own short transaction. Idempotent."""
    now = now or clock.now()
    total = SyncResult()
    reason = "Registro de personas obligadas: actos del cargo llegados a su fecha"
    for body in Body.objects.order_by("pk"):
        if obligations_of(body) is None:
            continue
        for person in obligated_people(body).order_by("pk"):
            with transaction.atomic():
                one = sync_person(user=user, body=body, person=person, reason=reason, now=now)
            total.opened += one.opened
            total.acts += one.acts
            total.problems += one.problems
    return total


def tenure_for_year(tenures: Sequence[Tenure], covers_year: int) -> Tenure | None:
    """The tenure a report covering ``covers_year`` belongs to: the latest whose years it may cover —
    from the year before the tenure began (the initial report's, Sec. 14(d)) to the year it ended (the
    exit report's)."""
    best = None
    for t in tenures:
        last = t.end.year if t.end is not None else None
        if covers_year >= t.start.year - 1 and (last is None or covers_year <= last):
            best = t
    return best


def sync_after_office_change(person: Person, reason: str) -> None:
    """The callback of :mod:`ventila.bodies.hooks`: a person's offices changed in the administration
    site; their financial-report cases follow, recorded by the system with ``reason`` (the
    administrator reaches no case)."""
    for body in Body.objects.order_by("pk"):
        if obligations_of(body) is not None:
            sync_person(user=system_user(), body=body, person=person, reason=reason)
