"""Properties of the calendar and the terms, checked on many generated cases (hypothesis).

* A term of N business days ends on a business day, with exactly N business days after its start.
* A later trigger never gives an earlier due date (business and calendar days).
* A suspension never shortens a term.
* The traced computation (the one ``--explain`` shows) equals the fast one; the batch path equals both.
* An extension granted above its maximum (CAM-21B-03: 15 business days) is cut to the maximum and
  raises ``extension_over_maximum``.

Runs are bounded (``max_examples`` 200, no deadline) so the suite stays fast.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rule_input import case, ev

from ventila.rules.calendar import LegalCalendar, Suspension, legal_calendar
from ventila.rules.engine import evaluate
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.terms import Term, _compute, compute_due

BOUNDED = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAIN = legal_calendar(election_days=(dt.date(2024, 11, 5), dt.date(2028, 11, 7)))
# A calendar with declared closures (one on a Friday before a weekend, one next to a holiday) and
# an opening on a holiday.
CLOSED = legal_calendar(
    closures=(dt.date(2027, 9, 20), dt.date(2026, 12, 28), dt.date(2028, 3, 3)),
    openings=(dt.date(2027, 3, 2),),
    election_days=(dt.date(2028, 11, 7),),
)
calendars = st.sampled_from([PLAIN, CLOSED])
# Starts leave room for a year of business days before the calendar's last year ends (2030).
days = st.dates(min_value=dt.date(2024, 1, 1), max_value=dt.date(2029, 6, 30))
bd_counts = st.integers(min_value=1, max_value=250)
cd_counts = st.integers(min_value=0, max_value=400)


def _bd(cal: LegalCalendar, start: dt.date, n: int) -> dt.date:
    return dt.date.fromordinal(cal.add_business_days_ord(start.toordinal(), n))


def _cd(cal: LegalCalendar, start: dt.date, n: int) -> dt.date:
    return dt.date.fromordinal(cal.next_business_day_ord(start.toordinal() + n))


def _later_trigger_never_earlier(
    due: Callable[[LegalCalendar, dt.date, int], dt.date], cal: LegalCalendar, a: dt.date, b: dt.date, n: int
) -> None:
    early, late = sorted((a, b))
    assert due(cal, early, n) <= due(cal, late, n)


# -- business days ----------------------------------------------------------------------------------


@BOUNDED
@given(cal=calendars, start=days, n=bd_counts)
def test_business_day_due_is_the_nth_business_day(cal: LegalCalendar, start: dt.date, n: int) -> None:
    due = _bd(cal, start, n)
    assert due > start
    assert cal.is_business_day(due)
    assert cal.business_days_in_ord(start.toordinal() + 1, due.toordinal()) == n


@BOUNDED
@given(cal=calendars, a=days, b=days, n=bd_counts)
def test_later_trigger_never_earlier_business_due(cal: LegalCalendar, a: dt.date, b: dt.date, n: int) -> None:
    _later_trigger_never_earlier(_bd, cal, a, b, n)


@BOUNDED
@given(cal=calendars, start=days, n=bd_counts, m=bd_counts)
def test_longer_business_term_never_earlier(cal: LegalCalendar, start: dt.date, n: int, m: int) -> None:
    short, long_ = sorted((n, m))
    assert _bd(cal, start, short) <= _bd(cal, start, long_)


@BOUNDED
@given(cal=calendars, start=days, n=st.integers(min_value=-200, max_value=250))
def test_going_back_undoes_going_forward(cal: LegalCalendar, start: dt.date, n: int) -> None:
    """From a business day, N forward then N back returns to it (N ≠ 0)."""
    first = dt.date.fromordinal(cal.next_business_day_ord(start.toordinal()))
    if n == 0 or first.year < 2025:
        return
    there = cal.add_business_days_ord(first.toordinal(), n)
    assert cal.add_business_days_ord(there, -n) == first.toordinal()


# -- calendar days ---------------------------------------------------------------------------------


@BOUNDED
@given(cal=calendars, a=days, b=days, n=cd_counts)
def test_later_trigger_never_earlier_calendar_due(cal: LegalCalendar, a: dt.date, b: dt.date, n: int) -> None:
    _later_trigger_never_earlier(_cd, cal, a, b, n)


@BOUNDED
@given(cal=calendars, start=days, n=cd_counts)
def test_calendar_due_is_the_first_business_day_from_the_last_day(cal: LegalCalendar, start: dt.date, n: int) -> None:
    last = start + dt.timedelta(days=n)
    due = _cd(cal, start, n)
    assert due >= last and cal.is_business_day(due)
    assert all(not cal.is_business_day(last + dt.timedelta(days=k)) for k in range((due - last).days))


# -- suspensions -----------------------------------------------------------------------------------

terms = st.one_of(
    st.builds(Term, st.integers(min_value=1, max_value=60), st.just("business_days")),
    st.builds(Term, st.integers(min_value=1, max_value=120), st.just("calendar_days")),
)


@BOUNDED
@given(
    cal=calendars,
    start=days,
    term=terms,
    offset=st.integers(min_value=-10, max_value=150),
    k=st.integers(min_value=1, max_value=60),
)
def test_suspension_never_shortens_a_term(cal: LegalCalendar, start: dt.date, term: Term, offset: int, k: int) -> None:
    plain, _, _ = compute_due(cal, start, term)
    s = start + dt.timedelta(days=offset)
    held, suspended, _ = compute_due(cal, start, term, suspensions=[Suspension(s, s + dt.timedelta(days=k))])
    assert not suspended
    assert held >= plain
    open_due, open_suspended, _ = compute_due(cal, start, term, suspensions=[Suspension(s, None)])
    assert open_due == plain  # an open suspension keeps the date it had, and marks the term
    assert open_suspended == (max(s, start + dt.timedelta(days=1)) <= plain)


@BOUNDED
@given(
    cal=calendars,
    start=days,
    term=terms,
    offset=st.integers(min_value=1, max_value=40),
    k=st.integers(min_value=1, max_value=30),
)
def test_longer_suspension_never_earlier(cal: LegalCalendar, start: dt.date, term: Term, offset: int, k: int) -> None:
    s = start + dt.timedelta(days=offset)
    shorter, _, _ = compute_due(cal, start, term, suspensions=[Suspension(s, s + dt.timedelta(days=k))])
    longer, _, _ = compute_due(cal, start, term, suspensions=[Suspension(s, s + dt.timedelta(days=k + 1))])
    assert shorter <= longer


# -- traced == fast == batch ------------------------------------------------------------------------


@BOUNDED
@given(cal=calendars, start=days, n=st.integers(min_value=-150, max_value=250))
def test_traced_business_days_equal_fast(cal: LegalCalendar, start: dt.date, n: int) -> None:
    if n < 0 and start.year < 2025:
        return  # stay inside the calendar's years
    r = cal.add_business_days(start, n)
    assert r.due == dt.date.fromordinal(cal.add_business_days_ord(start.toordinal(), n))
    lo, hi = sorted((start, r.due))
    expected = [lo + dt.timedelta(days=d) for d in range(1, (hi - lo).days)]
    assert [s.day for s in r.skips] == [d for d in expected if not cal.is_business_day(d)]


@BOUNDED
@given(cal=calendars, start=days, n=cd_counts, roll=st.booleans())
def test_traced_calendar_days_equal_fast(cal: LegalCalendar, start: dt.date, n: int, roll: bool) -> None:
    r = cal.add_calendar_days(start, n, roll_forward=roll)
    assert r.due == (_cd(cal, start, n) if roll else start + dt.timedelta(days=n))
    assert all(s.reason for s in r.skips)


@BOUNDED
@given(
    cal=calendars,
    start=days,
    term=terms,
    ext=st.integers(min_value=0, max_value=45),
    susp=st.lists(
        st.tuples(st.integers(min_value=-5, max_value=120), st.one_of(st.none(), st.integers(1, 40))),
        max_size=3,
    ),
    roll=st.booleans(),
)
def test_traced_term_equals_fast(
    cal: LegalCalendar,
    start: dt.date,
    term: Term,
    ext: int,
    susp: list[tuple[int, int | None]],
    roll: bool,
) -> None:
    suspensions = [
        Suspension(start + dt.timedelta(days=o), None if k is None else start + dt.timedelta(days=o + k))
        for o, k in susp
    ]
    extensions = [(Term(ext, term.unit), "prórroga")] if ext else []
    due, suspended, comp = compute_due(
        cal, start, term, suspensions=suspensions, extensions=extensions, roll_forward=roll
    )
    traced_due, steps, skips, traced_suspended = _compute(comp, traced=True)
    assert (traced_due, traced_suspended) == (due, suspended)
    assert steps and all(s.reason for s in skips)


@settings(max_examples=50, deadline=None)
@given(
    cal=calendars,
    starts=st.lists(days, min_size=1, max_size=200),
    n=st.integers(min_value=-150, max_value=250),
    m=cd_counts,
)
def test_batch_equals_single(cal: LegalCalendar, starts: list[dt.date], n: int, m: int) -> None:
    ords = [d.toordinal() for d in starts if n >= 0 or d.year >= 2025]
    if not ords:
        return
    batch = cal.add_business_days_batch(np.array(ords), n)
    assert batch.tolist() == [cal.add_business_days_ord(o, n) for o in ords]
    counts = np.arange(len(ords)) % 251 + 1
    per_item = cal.add_business_days_batch(ords, counts)
    assert per_item.tolist() == [cal.add_business_days_ord(o, int(c)) for o, c in zip(ords, counts, strict=True)]
    cd = cal.add_calendar_days_batch(np.array(ords), m)
    assert cd.tolist() == [cal.next_business_day_ord(o + m) for o in ords]


# -- extensions never exceed their maxima (through evaluate) -----------------------------------------

MAX_EXT = RULEBOOKS["camara-171"].rules["CAM-21B-03"].term
assert MAX_EXT is not None and MAX_EXT.unit == "business_days"
ANSWER = RULEBOOKS["camara-171"].rules["CAM-21B-02"].term
assert ANSWER is not None
EVAL_CAL = legal_calendar(election_days=[e.date for e in RULEBOOKS["camara-171"].elections if e.kind == "general"])
# Filing dates clear of the 30-day pre-election windows (Sec. 24(f)) so the ordinary procedure applies.
filings = st.dates(min_value=dt.date(2025, 1, 1), max_value=dt.date(2028, 6, 30))


def _complaint_with_extension(filed: dt.date, granted: int) -> dict[str, object]:
    d = filed.isoformat
    return case(
        "camara-171",
        "complaint",
        ev("complaint_filed", d(), knowledge_date=(filed - dt.timedelta(days=3)).isoformat()),
        ev("respondent_notified", (filed + dt.timedelta(days=1)).isoformat()),
        ev("extension_requested", (filed + dt.timedelta(days=2)).isoformat(), reasons="volumen"),
        ev("extension_granted", (filed + dt.timedelta(days=3)).isoformat(), business_days=granted),
        as_of=(filed + dt.timedelta(days=120)).isoformat(),
    )


@settings(max_examples=200, deadline=None)
@given(filed=filings, granted=st.integers(min_value=16, max_value=400))
def test_CAM_21B_03_extension_over_the_maximum_is_cut(filed: dt.date, granted: int) -> None:
    assert MAX_EXT is not None and ANSWER is not None
    ev = evaluate(_complaint_with_extension(filed, granted))
    notified = filed + dt.timedelta(days=1)
    original = EVAL_CAL.add_business_days_ord(notified.toordinal(), ANSWER.amount)
    answer = ev.deadline("answer")
    assert answer.due == dt.date.fromordinal(EVAL_CAL.add_business_days_ord(original, MAX_EXT.amount))
    assert answer.due_date <= dt.date.fromordinal(EVAL_CAL.add_business_days_ord(original, MAX_EXT.amount))
    over = [f for f in ev.findings if f.id == "extension_over_maximum"]
    assert len(over) == 1 and over[0].rule.id == "CAM-21B-03"
    assert over[0].data == {"granted": granted, "maximum": MAX_EXT.amount}


@settings(max_examples=100, deadline=None)
@given(filed=filings, granted=st.integers(min_value=0, max_value=15))
def test_CAM_21B_03_extension_within_the_maximum_is_granted_in_full(filed: dt.date, granted: int) -> None:
    assert ANSWER is not None
    ev = evaluate(_complaint_with_extension(filed, granted))
    notified = filed + dt.timedelta(days=1)
    original = EVAL_CAL.add_business_days_ord(notified.toordinal(), ANSWER.amount)
    assert ev.deadline("answer").due == dt.date.fromordinal(EVAL_CAL.add_business_days_ord(original, granted))
    assert "extension_over_maximum" not in ev.finding_ids()
