"""Configuration that moves terms: closures, election days and seats, each a ``do_*`` that says
who and why, then re-derives the open cases it concerns; and the dry run of a calendar change."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from ventila import clock
from ventila.audit import state
from ventila.bodies.models import Body, Closure, ElectionDay, Membership, Person
from ventila.rules import InputError

from ..evaluation import (
    compute_evaluation,
    live_events,
)
from ..models import (
    Case,
    CaseDeadline,
)
from ..queries import case_facts
from .acts import ActRefused
from .derived import RederiveResult, rederive, stale_cases
from .preview import _pending, _term_keys


def rederive_budget() -> float:
    """Seconds a configuration change spends re-deriving cases in the request that made it
    (``VENTILA_REDERIVE_BUDGET``, 0.5 by default); the rest is left to the worker, to ``ventila
    rederive`` and to each case's next read or act."""
    return float(getattr(settings, "VENTILA_REDERIVE_BUDGET", 0.5))


def _rederive_after_change(bodies: Sequence[Body] | None, now: dt.datetime, budget: float | None) -> RederiveResult:
    """After a configuration change has committed: the open cases it concerns, in short batches,
    up to ``budget`` seconds (None: all of them)."""
    return rederive(stale_cases(now, bodies=bodies), now=now, budget=rederive_budget() if budget is None else budget)


def _refused(field: str, message: str) -> ActRefused:
    """A change refused for one field: the message above the form and beside the field."""
    return ActRefused(message, {field: [message]})


def _reason(reason: str) -> str:
    """A configuration change says why; a blank reason is refused with the field named."""
    reason = (reason or "").strip()
    if not reason:
        raise _refused("reason", _("Indique el motivo del cambio."))
    return reason


# Configuration that moves terms (closures, elections, seats): each change is an action that says who
# and why (recorded in the audit chain, :mod:`ventila.audit.state`) in one short transaction that
# touches no case: saving the row bumps its bodies' ``config_version`` (``bodies.models.config_changed``),
# so their cases are stale from the commit on and any read or act of one re-derives it first. Then,
# each in its own short transaction, the open cases it concerns are re-derived in batches for up to
# ``budget`` seconds (:func:`rederive_budget`); the worker and ``ventila rederive`` do the rest.


@dataclass(frozen=True)
class CalendarEffect:
    """What a change of the calendar would do to the open cases it concerns (:func:`preview_calendar_change`)."""

    cases: int  # open cases with a term that would change its due date (exact) or could (not exact)
    terms: int  # their open terms that would (or could) change
    exact: bool  # False: too many cases to compute here; the counts are of those it could touch


# How many open cases the confirmation of a calendar change computes one by one (an evaluation each, as
# the re-derivation would); beyond it, the page says how many could be touched without computing them.
CALENDAR_PREVIEW_LIMIT = 300


def preview_calendar_change(
    *,
    bodies: Sequence[Body] | None,
    without_closure: dt.date | None = None,
    without_election: tuple[str, dt.date] | None = None,
    with_closure: dt.date | None = None,
    with_election: tuple[str, dt.date] | None = None,
    now: dt.datetime | None = None,
) -> CalendarEffect:
    """Dry run of removing or declaring a closure day (of ``bodies``) or an election day (of every body):
    each open case with an open term it could touch is evaluated with the calendar as it is and as it
    would be, and the terms whose due date differs are counted. Writes nothing."""
    closure_day = without_closure or with_closure
    now = now or clock.now()
    terms = CaseDeadline.objects.filter(
        case__status=Case.Status.OPEN, satisfied_on__isnull=True, status__in=("open", "missed", "suspended")
    )
    if bodies is not None:
        terms = terms.filter(case__body__in=list(bodies))
    if closure_day is not None:  # a closure day moves only the terms that run through it
        terms = terms.filter(due__gte=closure_day)
    case_ids = sorted(set(terms.values_list("case_id", flat=True)))
    if len(case_ids) > CALENDAR_PREVIEW_LIMIT:
        return CalendarEffect(len(case_ids), terms.count(), exact=False)
    moved_cases = moved_terms = 0
    for case in Case.objects.filter(pk__in=case_ids).select_related("body").prefetch_related("entries"):
        facts = case_facts(case)
        if without_closure is not None:
            changed = dataclasses.replace(facts, closures=tuple(d for d in facts.closures if d != without_closure))
        elif with_closure is not None:
            changed = dataclasses.replace(facts, closures=tuple(sorted({*facts.closures, with_closure})))
        elif with_election is not None:
            changed = dataclasses.replace(facts, elections=tuple(sorted({*facts.elections, with_election})))
        else:
            changed = dataclasses.replace(facts, elections=tuple(e for e in facts.elections if e != without_election))
        events = live_events(case.entries.all())
        try:
            before = compute_evaluation(facts, events, now)
            after = compute_evaluation(changed, events, now)
        except InputError:  # a docket the calendar cannot count (refused on its next read the same way)
            continue
        later = dict(zip(_term_keys(after.deadlines), after.deadlines, strict=True))
        n = sum(
            1
            for key, d in zip(_term_keys(before.deadlines), before.deadlines, strict=True)
            if _pending(d) and (key not in later or later[key].due != d.due)
        )
        if n:
            moved_cases += 1
            moved_terms += n
    return CalendarEffect(moved_cases, moved_terms, exact=True)


def do_add_closure(
    *, user: Any, body: Body, day: dt.date, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> Closure:
    """Declare a closure day; the body's open cases are re-derived (see above)."""
    now = now or clock.now()
    reason = _reason(reason)
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        closure = Closure.objects.create(body=body, day=day, reason=reason, created_by=user)
    with state.acting(user, reason):
        _rederive_after_change([body], now, budget)
    return closure


def do_remove_closure(
    *, closure: Closure, user: Any, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> None:
    """Withdraw a closure day: the chain records who removed it and why; the body's open terms move back."""
    now = now or clock.now()
    reason = _reason(reason)
    body = closure.body
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        closure.delete()
    with state.acting(user, reason):
        _rederive_after_change([body], now, budget)


def do_add_election(
    *, kind: str, day: dt.date, user: Any, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> ElectionDay:
    now = now or clock.now()
    reason = _reason(reason)
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        election = ElectionDay.objects.create(kind=kind, day=day)
    with state.acting(user, reason):
        _rederive_after_change(None, now, budget)
    return election


def do_remove_election(
    *, election: ElectionDay, user: Any, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> None:
    now = now or clock.now()
    reason = _reason(reason)
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        election.delete()
    with state.acting(user, reason):
        _rederive_after_change(None, now, budget)


def do_add_membership(
    *,
    body: Body,
    person: Person,
    position: str,
    start: dt.date,
    end: dt.date | None = None,
    user: Any = None,
    operator: str = "",
    reason: str,
    now: dt.datetime | None = None,
    budget: float | None = None,
) -> Membership:
    """Seat a member on a body (who votes and who sits on which case); the body's open cases are re-derived."""
    now = now or clock.now()
    reason = _reason(reason)
    if position not in Membership.Position.values:
        raise _refused("position", _("Puesto desconocido."))
    if end is not None and end < start:
        raise _refused("end", _("El último día no puede ser anterior al primero."))
    with transaction.atomic(), state.acting(user, reason, name=operator), state.deferred():
        membership = Membership.objects.create(body=body, person=person, position=position, start=start, end=end)
    with state.acting(user, reason, name=operator):
        _rederive_after_change([body], now, budget)
    return membership


def do_end_membership(
    *,
    membership: Membership,
    end: dt.date,
    user: Any = None,
    operator: str = "",
    reason: str,
    now: dt.datetime | None = None,
    budget: float | None = None,
) -> Membership:
    """Record a member's last day on the body; the body's open cases are re-derived."""
    now = now or clock.now()
    reason = _reason(reason)
    if end < membership.start:
        raise _refused("end", _("El último día no puede ser anterior al primero."))
    with transaction.atomic(), state.acting(user, reason, name=operator), state.deferred():
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        membership.end = end
        membership.save(update_fields=["end"])
    with state.acting(user, reason, name=operator):
        _rederive_after_change([membership.body], now, budget)
    return membership
