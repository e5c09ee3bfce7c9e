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

The open period (this year on the staff dashboard) is computed per request, as before.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any

from django.db.models.signals import post_delete, post_save

from ventila import clock
from ventila.bodies.models import Body
from ventila.cases import signals
from ventila.cases.models import Case, DocketEntry
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.search.models import PublishedMatter

from . import queries
from .models import StoredStats

_LIVE = ("body", "period", "open_by_stage", "queries")  # not stored: the body and period are the key


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


def figures(
    body: Body, period: queries.Period, *, public: bool, only: Callable[[], queries.Only] | None = None
) -> queries.Stats:
    """The statistics of ``body`` over ``period``: stored when the period is closed (computed and
    stored on the first request), computed otherwise. ``public``: the public figures, of the cases
    ``only()`` returns (called only when they are computed)."""
    closed = period.closed(clock.today())
    if closed:
        row = (
            StoredStats.objects.filter(body=body, start=period.start, end=period.end, public=public)
            .values_list("figures", flat=True)
            .first()
        )
        if row is not None:
            stats = from_json(body, period, row)
            if not public:
                stats.open_by_stage = queries.open_by_stage(body)
            return stats
    stats = queries.compute(body, period, only() if public and only is not None else None)
    if closed:
        StoredStats.objects.bulk_create(
            [
                StoredStats(
                    body=body,
                    start=period.start,
                    end=period.end,
                    public=public,
                    figures=to_json(stats),
                    computed_at=clock.now(),
                )
            ],
            ignore_conflicts=True,  # another request stored the same figures first
        )
    return stats


# -- what makes a stored period stale ---------------------------------------------------------------


def forget(body_id: int, days: Iterable[dt.date] = (), *, public_only: bool = False) -> None:
    """Delete the stored periods of the body that hold one of ``days`` (every one of the public
    figures when ``public_only``)."""
    qs = StoredStats.objects.filter(body_id=body_id)
    if public_only:
        qs.filter(public=True).delete()
        return
    today = clock.today()
    days = sorted(d for d in set(days) if d < today)  # a stored period is over: it holds no day from today on
    if days:  # most writes (today's act, a term due later) ask nothing of the database
        qs.filter(start__lte=days[-1], end__gte=days[0]).delete()


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
