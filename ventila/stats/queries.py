"""The statistics of one body over one period, each one aggregate query over indexed columns (never a
loop over cases in Python): the docket entries by act and day (index ``stats_entry_event_day``), the
terms by status and day (``stats_deadline_status_due``, ``casedeadline_due``), the cases by body and
status (``case_queue_body_status``).

What counts (the method, printed with the annual report):

- a matter is *received* on the day of its first act (``complaint_filed``, ``referral_received``, …);
- a term counts in the month of its last day (``due``): *met* when the act that meets it is on record
  by that day, *missed* when it is not (recorded late or not at all) — the status the rulebook derived;
  terms still open or suspended are not counted;
- the *time to determination* runs from the day of the first act to the day of the first determination
  (Cámara: ``determination_made``; municipal: the dismissal without a hearing or the decision), the *time
  to final resolution* to the act that resolves the matter (Cámara: ``resolved``; municipal: the
  decision or a dismissal), in calendar days, Puerto Rico time, for the matters so decided in the period;
  median and 90th percentile by linear interpolation (``percentile_cont``);
- a corrected (superseded) docket entry never counts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Count, Q
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import ExtractYear, TruncMonth

from ventila import clock
from ventila.bodies.models import Body
from ventila.cases.actions import rederive, rederive_budget, stale_cases
from ventila.cases.models import Case, CaseDeadline, DocketEntry
from ventila.rules import RULEBOOKS
from ventila.rules.parts import Outcome, Statistics

PUBLIC_MINIMUM = 3  # a public cell below this is shown as «menos de 3» (issue 18: a cell of one or two)


@dataclass(frozen=True)
class Period:
    start: dt.date
    end: dt.date  # inclusive

    @classmethod
    def year(cls, year: int) -> Period:
        return cls(dt.date(year, 1, 1), dt.date(year, 12, 31))

    @classmethod
    def months(cls, year: int, first: int, count: int) -> Period:
        """``count`` calendar months from month ``first`` of ``year`` (a month: 1; a quarter: 3)."""
        last = first + count - 1
        end = dt.date(year + last // 12, last % 12 + 1, 1) - dt.timedelta(days=1)
        return cls(dt.date(year, first, 1), end)

    def closed(self, today: dt.date) -> bool:
        """Over before ``today``: its figures no longer change day by day (issue 26)."""
        return self.end < today

    @property
    def start_at(self) -> dt.datetime:
        return clock.start_of_day(self.start)

    @property
    def end_before(self) -> dt.datetime:
        return clock.start_of_day(self.end + dt.timedelta(days=1))


@dataclass
class Stats:
    body: Body
    period: Period
    received: list[dict[str, Any]] = field(default_factory=list)  # kind, event_type, channel, n
    open_by_stage: list[dict[str, Any]] = field(default_factory=list)  # kind, stage, n
    terms_by_month: list[dict[str, Any]] = field(default_factory=list)  # month, status, n
    missed_rules: list[dict[str, Any]] = field(default_factory=list)  # kind, deadline_id, rule_id, actor, n
    to_determination: dict[str, Any] = field(default_factory=dict)  # n, median, p90
    to_resolution: dict[str, Any] = field(default_factory=dict)
    dismissals: list[dict[str, Any]] = field(default_factory=list)  # ground, n
    sanctions: list[dict[str, Any]] = field(default_factory=list)  # sanction, n
    advisory: dict[str, Any] = field(default_factory=dict)  # received, met, missed
    financial: list[dict[str, Any]] = field(default_factory=list)  # year, met, missed, rate
    with_prejudice: int = 0
    queries: int = 0
    final_only: bool = False  # the final-act figures count the matters final for publication only
    computed_at: dt.datetime | None = None  # when stored figures were computed (None: just now, for this request)


Only = Sequence[int] | None  # the cases a public statistic counts (final for publication); None: all


def entries(body: Body, period: Period, only: Only = None) -> Any:
    """The body's docket entries of the period that no later entry corrects (of the ``only`` cases)."""
    qs = DocketEntry.objects.filter(
        case__body=body, occurred_at__gte=period.start_at, occurred_at__lt=period.end_before
    ).filter(superseded_by__isnull=True)
    return qs if only is None else qs.filter(case_id__in=list(only))


def counted(body: Body) -> Statistics:
    """What the statistics of ``body`` count: its rulebook's ``public.statistics`` (:class:`Statistics`)."""
    return RULEBOOKS[body.rulebook].public.statistics


def received(body: Body, period: Period) -> list[dict[str, Any]]:
    rows = (
        entries(body, period)
        .filter(event_type__in=counted(body).received)
        .annotate(channel=KeyTextTransform("channel", "payload"))
        .values("case__kind", "event_type", "channel")
        .annotate(n=Count("id"))
        .order_by("case__kind", "event_type", "channel")
    )
    return [
        {"kind": r["case__kind"], "event_type": r["event_type"], "channel": r["channel"] or "", "n": r["n"]}
        for r in rows
    ]


def open_by_stage(body: Body) -> list[dict[str, Any]]:
    rows = (
        Case.objects.filter(body=body, status=Case.Status.OPEN)
        .values("kind", "stage")
        .annotate(n=Count("id"))
        .order_by("kind", "stage")
    )
    return list(rows)


def _terms(body: Body, period: Period, only: Only = None) -> Any:
    qs = CaseDeadline.objects.filter(
        status__in=("met", "missed"), due__gte=period.start, due__lte=period.end, case__body=body
    )
    return qs if only is None else qs.filter(case_id__in=list(only))


def terms_by_month(body: Body, period: Period, only: Only = None) -> list[dict[str, Any]]:
    rows = (
        _terms(body, period, only)
        .annotate(month=TruncMonth("due"))
        .values("month", "status")
        .annotate(n=Count("id"))
        .order_by("month", "status")
    )
    return [{"month": _as_date(r["month"]), "status": r["status"], "n": r["n"]} for r in rows]


def missed_rules(body: Body, period: Period, only: Only = None) -> list[dict[str, Any]]:
    rows = (
        _terms(body, period, only)
        .filter(status="missed")
        .values("case__kind", "deadline_id", "rule_id")
        .annotate(n=Count("id"))
        .order_by("-n", "rule_id", "deadline_id")
    )
    kinds = RULEBOOKS[body.rulebook].kinds
    out = []
    for r in rows:  # one row per rule (a few dozen at most), not per case
        spec = kinds.get(r["case__kind"])
        actor = spec.actors.get(r["deadline_id"]) if spec is not None else None
        out.append(
            {
                "kind": r["case__kind"],
                "deadline_id": r["deadline_id"],
                "rule_id": r["rule_id"],
                "actor": str(actor) if actor is not None else "",
                "n": r["n"],
            }
        )
    return out


def _as_date(value: Any) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, str):
        return dt.date.fromisoformat(value[:10])
    assert isinstance(value, dt.date)
    return value


# -- time to determination and to resolution: medians and p90 in SQL -------------------------------


def _table(model: Any) -> str:
    return str(model._meta.db_table)


def _only_sql(only: Only, alias: str) -> tuple[str, list[Any]]:
    """``AND <alias>."id" IN (…)`` for the ``only`` cases (values as parameters); nothing for all."""
    if only is None:
        return "", []
    ids = list(only) or [0]
    return f' AND {alias}."id" IN ({", ".join(["%s"] * len(ids))})', ids


def _outcome_sql() -> str:
    if connection.vendor == "postgresql":
        return 'x."payload"->>CAST(%s AS text)'
    return "json_extract(x.\"payload\", '$.' || %s)"


def _durations_sql(
    received: Sequence[str], ends: Sequence[str], dismissal: Outcome | None, only: Only = None
) -> tuple[str, list[Any]]:
    """Per matter of the body decided in the period: calendar days (Puerto Rico time) from its first
    ``received`` act to its first ``ends`` act (or ``dismissal``). Table names from the models' metadata,
    values as parameters: (body, *received, body, *ends, [dismissal's act, field, value], *only); the
    period's two bounds follow."""
    e, c = _table(DocketEntry), _table(Case)
    if connection.vendor == "postgresql":
        day = "(({col}) AT TIME ZONE 'America/Puerto_Rico')::date"
        diff = f"({day.format(col='d.t')} - {day.format(col='f.t')})"
    else:
        day = "julianday(date({col}, '-4 hours'))"  # Puerto Rico keeps UTC−4 all year (no daylight saving)
        diff = f"CAST({day.format(col='d.t')} - {day.format(col='f.t')} AS INTEGER)"
    not_corrected = f'NOT EXISTS (SELECT 1 FROM "{e}" s WHERE s."supersedes_id" = x."id")'  # nosec B608 (a table name from the model)
    marks = lambda seq: ", ".join(["%s"] * len(seq)) or "NULL"  # noqa: E731
    # An act that ends the matter when its payload says so (a determination that dismisses the complaint).
    extra = f' OR (x."event_type" = %s AND {_outcome_sql()} = %s)' if dismissal else ""
    in_only, only_ids = _only_sql(only, "k")
    sql = (
        f"SELECT {diff} AS days FROM "  # nosec B608
        f'(SELECT x."case_id", MIN(x."occurred_at") AS t FROM "{e}" x INNER JOIN "{c}" k ON k."id" = x."case_id" '
        f'WHERE k."body_id" = %s AND x."event_type" IN ({marks(received)}) AND {not_corrected} '
        f'GROUP BY x."case_id") f '
        f'INNER JOIN (SELECT x."case_id", MIN(x."occurred_at") AS t FROM "{e}" x '
        f'INNER JOIN "{c}" k ON k."id" = x."case_id" '
        f'WHERE k."body_id" = %s AND (x."event_type" IN ({marks(ends)}){extra}) AND {not_corrected}{in_only} '
        f'GROUP BY x."case_id") d ON d."case_id" = f."case_id" '
        f"WHERE d.t >= %s AND d.t < %s"
    )
    outcome = [dismissal.act, dismissal.field, dismissal.value] if dismissal else []
    return sql, [*received, *ends, *outcome, *only_ids]


def durations(
    body: Body,
    period: Period,
    ends: Sequence[str],
    *,
    portable: bool = False,
    dismissal: Outcome | None = None,
    only: Only = None,
) -> dict[str, Any]:
    """``{"n", "median", "p90"}`` of the days to the first ``ends`` act (or ``dismissal``):
    ``percentile_cont`` on PostgreSQL; elsewhere (or ``portable``) the same interpolation from the ordered
    rows by window functions — one query either way."""
    first = counted(body).received
    inner, names = _durations_sql(first, ends, dismissal, only)
    params: list[Any] = [body.pk, *names[: len(first)], body.pk, *names[len(first) :],
                         period.start_at, period.end_before]  # fmt: skip
    if connection.vendor == "postgresql" and not portable:
        sql = (
            "SELECT COUNT(*), percentile_cont(0.5) WITHIN GROUP (ORDER BY days), "
            f"percentile_cont(0.9) WITHIN GROUP (ORDER BY days) FROM ({inner}) q"  # nosec B608
        )
    else:
        # percentile_cont(p): the value at 0-based position (n−1)·p of the ordered values, interpolated
        # between the rows at its floor and its ceiling; p in tenths, so that the floor is an integer
        # division and the fraction a remainder, computed alike by every database.
        def pct(tenths: int) -> str:
            lo, frac = f"(((n - 1) * {tenths}) / 10)", f"(((n - 1) * {tenths}) %% 10)"
            hi = f"({lo} + CASE WHEN {frac} > 0 THEN 1 ELSE 0 END)"
            lo_v = f"MAX(CASE WHEN rn = {lo} THEN days END)"
            hi_v = f"MAX(CASE WHEN rn = {hi} THEN days END)"
            frac_all = f"(((MAX(n) - 1) * {tenths}) %% 10)"
            return f"({lo_v} + {frac_all} * ({hi_v} - {lo_v}) / 10.0)"

        sql = (
            f"SELECT MAX(n), {pct(5)}, {pct(9)} FROM ("  # nosec B608
            "SELECT days, ROW_NUMBER() OVER (ORDER BY days) - 1 AS rn, COUNT(*) OVER () AS n "
            f"FROM ({inner}) q) r"
        )
    with connection.cursor() as cur:
        cur.execute(sql, params)
        n, median, p90 = cur.fetchone()
    return {"n": int(n or 0), "median": _num(median), "p90": _num(p90)}


def _num(value: Any) -> float | None:
    return None if value is None else round(float(value), 1)


# -- payload lists: grounds of dismissal, sanctions ------------------------------------------------


def _list_counts(
    body: Body, period: Period, event_type: str, key: str, outcome: Outcome | None = None, only: Only = None
) -> list[dict[str, Any]]:
    """How many times each value of the payload list ``key`` appears on the body's ``event_type``
    entries of the period (a JSON array unnested in SQL), of those whose payload says ``outcome``."""
    e, c = _table(DocketEntry), _table(Case)
    in_only, only_ids = _only_sql(only, "k")
    if connection.vendor == "postgresql":
        items = f"jsonb_array_elements_text(CASE WHEN jsonb_typeof(x.\"payload\"->'{key}') = 'array' " \
                f"THEN x.\"payload\"->'{key}' ELSE '[]'::jsonb END) AS v(value)"  # fmt: skip
    else:
        items = f"json_each(CASE WHEN json_type(x.\"payload\", '$.{key}') = 'array' " \
                f"THEN json_extract(x.\"payload\", '$.{key}') ELSE '[]' END) AS v"  # fmt: skip
    cond = f"AND {_outcome_sql()} = %s" if outcome else ""
    sql = (
        f'SELECT v.value, COUNT(*) FROM "{e}" x INNER JOIN "{c}" k ON k."id" = x."case_id", {items} '  # nosec B608
        f'WHERE k."body_id" = %s AND x."event_type" = %s AND x."occurred_at" >= %s AND x."occurred_at" < %s '
        f'AND NOT EXISTS (SELECT 1 FROM "{e}" s WHERE s."supersedes_id" = x."id") {cond}{in_only} '
        "GROUP BY v.value ORDER BY COUNT(*) DESC, v.value"
    )
    with connection.cursor() as cur:
        said = [outcome.field, outcome.value] if outcome else []
        cur.execute(sql, [body.pk, event_type, period.start_at, period.end_before, *said, *only_ids])
        return [{"value": str(v), "n": int(n)} for v, n in cur.fetchall()]


def dismissals(body: Body, period: Period, only: Only = None) -> list[dict[str, Any]]:
    """The grounds of the dismissals of the period (the rulebook's ``statistics.dismissal`` with its
    ``grounds``: the House, Sec. 21(c)(2)); a dismissal without a grounds list (the municipal dismissal
    without a hearing) counts as «sin causa anotada»."""
    stats = counted(body)
    rows: list[dict[str, Any]] = []
    bare_q = Q(event_type__in=stats.dismissed)
    if stats.dismissal is not None:
        act = stats.dismissal.act
        bare_q |= Q(event_type=act, **{f"payload__{stats.dismissal.field}": stats.dismissal.value})
        if stats.grounds:
            rows = _list_counts(body, period, act, stats.grounds, stats.dismissal, only)
            for r in rows:  # the words of the grounds are this field's own, not another's
                r["field"] = (act, stats.grounds)
    bare = entries(body, period, only).filter(bare_q)
    n = (bare.exclude(payload__has_key=stats.grounds) if stats.grounds else bare).count()
    if n:
        rows.append({"value": "", "n": n})
    return rows


def sanctions(body: Body, period: Period, only: Only = None) -> list[dict[str, Any]]:
    sanction = counted(body).sanction
    if sanction is None:
        return []
    return _list_counts(body, period, sanction[0], sanction[1], only=only)


def advisory(body: Body, period: Period) -> dict[str, Any]:
    """Advisory opinions (the rulebook's ``statistics.advisory``: kind, request act): asked in the period
    (by the day of the request on the docket), and their terms met and missed (zero when there are none)."""
    spec = counted(body).advisory
    if spec is None:
        return {"asked": 0, "met": 0, "missed": 0}
    kind, request = spec
    asked = entries(body, period).filter(case__kind=kind, event_type=request).count()
    terms = (
        _terms(body, period)
        .filter(case__kind=kind)
        .aggregate(met=Count("id", filter=Q(status="met")), missed=Count("id", filter=Q(status="missed")))
    )
    return {"asked": asked, "met": terms["met"], "missed": terms["missed"]}


def financial(body: Body, period: Period) -> list[dict[str, Any]]:
    """Per year of the period, the financial-report duties met and missed (the stored terms of the
    ``financial_report`` cases, the person's own duties only) and the compliance rate."""
    obligations = RULEBOOKS[body.rulebook].register.obligations
    if obligations is None:
        return []
    rows = (
        _terms(body, period)
        .filter(case__kind=obligations.kind, deadline_id__in=list(obligations.duty_deadlines))
        .annotate(year=ExtractYear("due"))
        .values("year")
        .annotate(met=Count("id", filter=Q(status="met")), missed=Count("id", filter=Q(status="missed")))
        .order_by("year")
    )
    return [
        {**r, "rate": round(100 * r["met"] / (r["met"] + r["missed"]), 1) if r["met"] + r["missed"] else None}
        for r in rows
    ]


def with_prejudice(body: Body, period: Period, only: Only = None) -> int:
    act = counted(body).with_prejudice
    return int(entries(body, period, only).filter(event_type=act).count()) if act else 0


def refresh(body: Body, now: dt.datetime) -> None:
    """Re-derive first the body's cases whose evaluation time has passed (a term that ran out since
    its last act is then stored as missed): the statistics read the stored rows as current."""
    rederive(stale_cases(now, bodies=[body]), now=now, budget=rederive_budget())


def compute(body: Body, period: Period, only: Only = None) -> Stats:
    """Every statistic of ``body`` over ``period`` (12 queries, whatever the size of the docket).

    ``only``: the public statistics (issue 26) count the terms, the times, the dismissals, the sanctions
    and the dismissals with prejudice of the matters final for publication only (the public record's
    predicate: a dismissal recorded but not notified moves no median), and show no count of today's
    open cases; the matters received and the advisory opinions asked are counted for every case (a closed
    period's filings)."""
    return Stats(
        body=body,
        period=period,
        received=received(body, period),
        open_by_stage=open_by_stage(body) if only is None else [],
        terms_by_month=terms_by_month(body, period, only),
        missed_rules=missed_rules(body, period, only),
        to_determination=durations(body, period, counted(body).determined, only=only),
        to_resolution=durations(body, period, counted(body).resolved, dismissal=counted(body).dismissal, only=only),
        dismissals=dismissals(body, period, only),
        sanctions=sanctions(body, period, only),
        advisory=advisory(body, period),
        financial=financial(body, period),
        with_prejudice=with_prejudice(body, period, only),
        final_only=only is not None,
    )
