"""The statistics of closed periods, computed once and stored (issue 30, :class:`StoredStats`).

A period that is over (:meth:`Period.closed`) no longer changes day by day: its figures are computed on
the first request that asks for them (:func:`ventila.stats.queries.compute`) and read as stored after
that — one indexed row instead of a dozen aggregates over the docket. Today's open cases by stage
(``open_by_stage``) are not a figure of the period and are always counted live (one index range).

What can still change a closed period, and deletes its stored rows in the writer's transaction:

- an act recorded (or corrected) on one of its days — a docket entry saved with an earlier date, a
  correction of an entry of the period (``post_save`` of :class:`DocketEntry`);
- a term of the period whose status the derivation changes (met or missed, before or after): the
  ``term_days`` of :data:`ventila.cases.signals.derived` — for instance the term that ran out on the
  period's last day, stored as missed by the first re-derivation after it;
- for the public figures (the matters final for publication only): a case of the body entering or
  leaving the public record (its stage final before or after a derivation, its stored public row).

Such a write advances the generation of the years it touches (:class:`StatsGeneration`, in its own
transaction) and deletes the rows it makes stale. A row is read only while its ``generation`` — the sum of
its years' generations when its computation STARTED — is the current sum: figures computed beside a write
that commits meanwhile (they may or may not have seen it) are stored under the old sum and never read
(the race of two writers that a delete alone lost: the delete ran before the reader stored). A write
that skips the signals (``ventila generate``'s bulk rows) calls :func:`forget_everything`.

The open period shown by default — this year on the staff dashboard — is stored too and read while
younger than ``VENTILA_STATS_OPEN_SECONDS``; the worker's ``stats`` job recomputes it before then
(:func:`keep_current`), so a request does not compute it from the docket. A write of a past day still
makes it stale at once (its generation); today's acts show within that many seconds. Any other open
window (chosen dates) is computed per request.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields
from typing import Any

from django.conf import settings
from django.db.models import F, Q, Subquery, Sum
from django.db.models.functions import Coalesce
from django.db.models.signals import post_delete, post_save

from ventila import clock
from ventila.bodies.models import Body
from ventila.cases import access, signals
from ventila.cases.models import Case, DocketEntry
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.search.models import PublishedMatter

from . import queries
from .models import StatsGeneration, StoredStats

EVERYTHING = 0  # the pseudo-year of a write that may change any figure (a bulk write)
PUBLIC_RECORD = 1  # the pseudo-year of the public figures: a case entering or leaving the public record

_LIVE = ("body", "period", "open_by_stage", "queries", "computed_at")  # not stored: the body and period are the key


def to_json(stats: queries.Stats) -> dict[str, Any]:
    """The period's figures as JSON (dates as ISO text, tuples as lists)."""
    out: dict[str, Any] = {}
    for f in fields(stats):
        if f.name in _LIVE:
            continue
        out[f.name] = getattr(stats, f.name)
    out["terms_by_month"] = [{**r, "month": r["month"].isoformat()} for r in stats.terms_by_month]
    out["dismissals"] = [{**r, "field": list(r["field"])} if "field" in r else r for r in stats.dismissals]
    return out


def from_json(body: Body, period: queries.Period, data: dict[str, Any]) -> queries.Stats:
    data = dict(data)
    data["terms_by_month"] = [{**r, "month": dt.date.fromisoformat(r["month"])} for r in data["terms_by_month"]]
    data["dismissals"] = [{**r, "field": tuple(r["field"])} if "field" in r else r for r in data["dismissals"]]
    return queries.Stats(body=body, period=period, **data)


def _years(period: queries.Period, public: bool) -> list[int]:
    return [EVERYTHING, *([PUBLIC_RECORD] if public else []), *range(period.start.year, period.end.year + 1)]


def _generation_of(body_id: int, period: queries.Period, public: bool) -> Any:
    return (
        StatsGeneration.objects.filter(body_id=body_id, year__in=_years(period, public))
        .values("body_id")
        .annotate(total=Sum("n"))
        .values("total")
    )


def generation(body_id: int, period: queries.Period, public: bool) -> int:
    """The current sum of the generations of the period's years (0 before any write advanced one)."""
    total = StatsGeneration.objects.filter(body_id=body_id, year__in=_years(period, public)).aggregate(t=Sum("n"))
    return int(total["t"] or 0)


def kept(period: queries.Period, today: dt.date) -> bool:
    """Whether the figures of ``period`` are stored: a closed period, or this year (the dashboard's default)."""
    return period.closed(today) or period == queries.Period.year(today.year)


def stored_row(body: Body, period: queries.Period, *, public: bool) -> tuple[dict[str, Any], dt.datetime] | None:
    """The stored figures of the period and when they were computed, if current (one statement)."""
    today = clock.today()
    rows = StoredStats.objects.filter(
        body=body,
        start=period.start,
        end=period.end,
        public=public,
        generation=Coalesce(Subquery(_generation_of(body.pk, period, public)), 0),
    )
    if not period.closed(today):
        rows = rows.filter(computed_at__gte=clock.now() - dt.timedelta(seconds=settings.VENTILA_STATS_OPEN_SECONDS))
    return rows.values_list("figures", "computed_at").first()


def store(
    body: Body, period: queries.Period, *, public: bool, only: Callable[[], queries.Only] | None = None
) -> queries.Stats:
    """Compute the figures of the period and store them under the generation read BEFORE computing; a row
    already stored is replaced only by figures of a later generation or a later start (two writers: the
    later one wins, and figures that a concurrent write may have missed stay unread)."""
    started = clock.now()
    gen = generation(body.pk, period, public)
    stats = queries.compute(body, period, only() if public and only is not None else None)
    stats.computed_at = started
    key = {"body": body, "start": period.start, "end": period.end, "public": public}
    fresh = {"figures": to_json(stats), "computed_at": started, "generation": gen}
    newer = Q(generation__lt=gen) | Q(generation=gen, computed_at__lt=started)
    if not StoredStats.objects.filter(**key).filter(newer).update(**fresh):
        # No row yet (or a newer one): insert, unless another request stored one first.
        StoredStats.objects.bulk_create([StoredStats(**key, **fresh)], ignore_conflicts=True)
    return stats


def figures(
    body: Body, period: queries.Period, *, public: bool, only: Callable[[], queries.Only] | None = None
) -> queries.Stats:
    """The statistics of ``body`` over ``period``: stored when the period is closed or this year (computed
    and stored on the first request that finds no current row), computed otherwise. ``public``: the public
    figures, of the cases ``only()`` returns (called only when they are computed)."""
    if kept(period, clock.today()):
        row = stored_row(body, period, public=public)
        if row is not None:
            stats = from_json(body, period, row[0])
            stats.computed_at = row[1]
            if not public:
                stats.open_by_stage = queries.open_by_stage(body)
            return stats
        return store(body, period, public=public, only=only)
    return queries.compute(body, period, only() if public and only is not None else None)


def keep_current(bodies: Iterable[Body] | None = None, *, now: dt.datetime | None = None) -> int:
    """The worker's ``stats`` job: recompute this year's staff figures of each body once older than half
    ``VENTILA_STATS_OPEN_SECONDS`` (or out of date), and store last year's public ones if missing (the
    public page's default); how many it computed."""
    today = (now or clock.now()).astimezone(PR_TZ).date()
    fresh_after = (now or clock.now()) - dt.timedelta(seconds=settings.VENTILA_STATS_OPEN_SECONDS / 2)
    done = 0
    for body in bodies if bodies is not None else Body.objects.all():
        this_year, last_year = queries.Period.year(today.year), queries.Period.year(today.year - 1)
        for period, public in ((this_year, False), (last_year, True)):
            row = stored_row(body, period, public=public)
            if row is not None and (period.closed(today) or row[1] >= fresh_after):
                continue
            store(body, period, public=public, only=functools.partial(_public_case_ids, body))
            done += 1
    return done


def _public_case_ids(body: Body) -> queries.Only:
    return [c.pk for c in access.public_cases(body)]


# -- what makes a stored period stale ---------------------------------------------------------------


def _advance(body_id: int, years: Iterable[int]) -> None:
    """Advance the generation of ``years`` of the body, in the writer's transaction."""
    for year in sorted(set(years)):  # one order for every writer: two never wait on each other's rows
        rows = StatsGeneration.objects.filter(body_id=body_id, year=year)
        if not rows.update(n=F("n") + 1):
            StatsGeneration.objects.bulk_create([StatsGeneration(body_id=body_id, year=year)], ignore_conflicts=True)
            rows.update(n=F("n") + 1)


_bulk: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar("stats_bulk", default=frozenset())


@contextlib.contextmanager
def bulk_write(body_ids: Iterable[int]) -> Iterator[None]:
    """A bulk write of the bodies (``ventila generate``): its signals ask nothing of the stored figures one
    case at a time (two or three statements each); every stored figure of the bodies is forgotten once at the
    end (:func:`forget_everything`), after the last batch committed, so figures computed meanwhile are not
    read after it."""
    token = _bulk.set(_bulk.get() | frozenset(body_ids))
    try:
        yield
    finally:
        _bulk.reset(token)
        forget_everything(body_ids)


def forget(body_id: int, days: Iterable[dt.date] = (), *, public_only: bool = False) -> None:
    """Make out of date the stored periods of the body that hold one of ``days`` (every one of the public
    figures when ``public_only``): their years' generation advances, and their rows go."""
    if body_id in _bulk.get():
        return
    qs = StoredStats.objects.filter(body_id=body_id)
    if public_only:
        _advance(body_id, [PUBLIC_RECORD])
        qs.filter(public=True).delete()
        return
    today = clock.today()
    days = sorted(d for d in set(days) if d < today)  # a write of today or later waits for the worker's round
    if days:  # most writes (today's act, a term due later) ask nothing of the database
        _advance(body_id, {d.year for d in days})
        qs.filter(start__lte=days[-1], end__gte=days[0]).delete()


def forget_everything(body_ids: Iterable[int]) -> None:
    """After a write that sent no signals (``ventila generate``'s bulk rows): every stored figure of the
    bodies is out of date."""
    for body_id in body_ids:
        _advance(body_id, [EVERYTHING])
        StoredStats.objects.filter(body_id=body_id).delete()


def _day(moment: dt.datetime) -> dt.date:
    return moment.astimezone(PR_TZ).date()


def _final(case: Case, stage: str) -> bool:
    spec = RULEBOOKS[case.body.rulebook].kinds.get(case.kind)
    return spec is not None and stage in spec.final_stages


def _derived(sender: Any, case: Case, stage_before: str, term_days: Iterable[dt.date] = (), **kw: Any) -> None:
    forget(case.body_id, term_days)
    if _final(case, case.stage) or _final(case, stage_before):
        forget(case.body_id, public_only=True)


def _entry_saved(sender: Any, instance: DocketEntry, raw: bool = False, **kw: Any) -> None:
    if raw:
        return
    days = [_day(instance.occurred_at)]
    if instance.supersedes_id is not None:
        days += [_day(t) for t in DocketEntry.objects.filter(pk=instance.supersedes_id).values_list(
            "occurred_at", flat=True)]  # fmt: skip
    forget(instance.case.body_id, days)


def _published(sender: Any, instance: PublishedMatter, raw: bool = False, **kw: Any) -> None:
    if not raw:
        forget(instance.body_id, public_only=True)


def connect() -> None:
    signals.derived.connect(_derived, sender=Case, dispatch_uid="stats.derived")
    post_save.connect(_entry_saved, sender=DocketEntry, dispatch_uid="stats.entry")
    post_save.connect(_published, sender=PublishedMatter, dispatch_uid="stats.published")
    post_delete.connect(_published, sender=PublishedMatter, dispatch_uid="stats.unpublished")
