"""Issue 30: the statistics of a closed period are computed once and stored; what is stored equals what
the queries compute, and a write that changes the period's figures forgets them (SQLite and PostgreSQL).
The docket is tests/stats/docket.py's (three Cámara complaints of March 2027)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from factories import complaint_act, record, unanimous
from web.helpers import file_house_complaint

from .docket import build

pytestmark = pytest.mark.django_db

CLOSED = [("2027-03-01", "2027-03-31"), ("2027-01-01", "2027-03-31"), ("2026-01-01", "2026-12-31")]


@pytest.fixture
def docket(world, now):
    d = build(world, now)
    now.set("2027-05-03 09:00")  # March, the first quarter and 2026 are over; April too
    return d


def _period(start: str, end: str):
    import datetime as dt

    from ventila.stats import queries

    return queries.Period(dt.date.fromisoformat(start), dt.date.fromisoformat(end))


def _computed(world, period, public: bool):
    from ventila.cases import access
    from ventila.stats import queries, stored

    only = [c.pk for c in access.public_cases(world.camara)] if public else None
    return stored.to_json(queries.compute(world.camara, period, only))


@pytest.mark.parametrize("public", [False, True], ids=["staff", "public"])
def test_stored_figures_equal_the_computed_ones(world, docket, public):
    from ventila.cases import access
    from ventila.stats import stored
    from ventila.stats.models import StoredStats

    def only():
        return [c.pk for c in access.public_cases(world.camara)]

    for start, end in CLOSED:
        period = _period(start, end)
        first = stored.figures(world.camara, period, public=public, only=only)
        assert StoredStats.objects.filter(start=period.start, end=period.end, public=public).count() == 1
        with CaptureQueriesContext(connection) as read:
            again = stored.figures(world.camara, period, public=public, only=only)
        assert len(read) == (1 if public else 2)  # the stored row (and today's open cases by stage)
        assert stored.to_json(first) == stored.to_json(again) == _computed(world, period, public)
        assert again.open_by_stage == first.open_by_stage
    # March is not empty: the comparison compares figures (the public ones count the filings of every
    # case, the rest of the final matters only: none here).
    march = stored.figures(world.camara, _period(*CLOSED[0]), public=public, only=only)
    assert march.received and (public or march.terms_by_month)


def test_an_open_window_of_chosen_dates_is_not_stored(world, docket):
    from ventila.stats import stored
    from ventila.stats.models import StoredStats

    stored.figures(world.camara, _period("2027-04-01", "2027-05-31"), public=False)
    assert not StoredStats.objects.exists()


def test_this_year_is_stored_and_read_until_it_ages(world, docket, now, settings):
    """The dashboard's default (this year) is read as stored while younger than VENTILA_STATS_OPEN_SECONDS;
    an act of today shows once it has aged out (or the worker recomputed it), one of a past day at once."""
    from ventila.stats import stored
    from ventila.stats.models import StoredStats

    settings.VENTILA_STATS_OPEN_SECONDS = 600
    year = _period("2027-01-01", "2027-12-31")
    first = stored.figures(world.camara, year, public=False)
    assert StoredStats.objects.filter(start=year.start, end=year.end).count() == 1
    with CaptureQueriesContext(connection) as read:
        again = stored.figures(world.camara, year, public=False)
    assert len(read) == 2 and stored.to_json(again) == stored.to_json(first) == _computed(world, year, False)
    assert again.computed_at == first.computed_at
    # A notice of a past day (2 May): the year's generation advances, the next read recomputes.
    record(world, docket["c"], "respondent_notified", "2027-05-02")
    assert stored.to_json(stored.figures(world.camara, year, public=False)) == _computed(world, year, False)
    now.set("2027-05-03 09:11")  # 11 minutes later: aged out, computed again
    later = stored.figures(world.camara, year, public=False)
    assert later.computed_at is not None and later.computed_at > first.computed_at


def test_an_act_recorded_on_a_closed_day_forgets_that_period_only(world, docket, now):
    from ventila.stats import stored
    from ventila.stats.models import StoredStats

    for start, end in CLOSED:
        stored.figures(world.camara, _period(start, end), public=False)
    before = _computed(world, _period(*CLOSED[0]), False)
    # C's notice, recorded late (today) with its day in March: March and the quarter change, 2026 does not.
    record(world, docket["c"], "respondent_notified", "2027-03-20")
    left = set(StoredStats.objects.values_list("start", "end"))
    assert {(str(s), str(e)) for s, e in left} == {CLOSED[2]}
    for start, end in CLOSED:
        period = _period(start, end)
        assert stored.to_json(stored.figures(world.camara, period, public=False)) == _computed(world, period, False)
    assert _computed(world, _period(*CLOSED[0]), False) != before


def test_a_correction_forgets_the_period_of_the_entry_it_corrects(world, docket, now):
    from ventila.cases.models import DocketEntry
    from ventila.stats import stored
    from ventila.stats.models import StoredStats

    march = _period(*CLOSED[0])
    stored.figures(world.camara, march, public=False)
    wrong = DocketEntry.objects.get(case=docket["b"], event_type="determination_made")
    # B's dismissal of 25 March corrected to 2 April: March's stored figures go (the entry of March no
    # longer counts there), though the correction's own day is of April.
    record(world, docket["b"], "determination_made", "2027-04-02", ballots=unanimous(world), supersedes=wrong,
           outcome="dismissed", grounds=["frivolous"])  # fmt: skip
    assert not StoredStats.objects.filter(start=march.start).exists()
    assert stored.to_json(stored.figures(world.camara, march, public=False)) == _computed(world, march, False)


@pytest.mark.template_context
def test_the_public_page_of_a_closed_month_reads_the_stored_row(client, world, docket):
    from ventila.stats.models import StoredStats

    params = {"cuerpo": "etica-camara", "anio": "2027", "periodo": "M03"}
    first = client.get("/estadisticas/publicas/", params)
    assert first.status_code == 200 and StoredStats.objects.filter(public=True).count() == 1
    with CaptureQueriesContext(connection) as read:
        again = client.get("/estadisticas/publicas/", params)
    assert again.status_code == 200
    assert [(t.key, t.rows) for t in again.context["tables"]] == [(t.key, t.rows) for t in first.context["tables"]]
    assert len(read) < 8, [q["sql"][:120] for q in read]


def test_an_act_of_today_asks_nothing_of_the_stored_periods(world, docket, now):
    """Not so a complaint filed today of what happened in February: its term to file, due 12 March and met,
    counts in March, whose stored figures it forgets."""
    from ventila.stats import stored

    stored.figures(world.camara, _period(*CLOSED[0]), public=False)
    act = complaint_act("2027-05-03 08:30", "2027-05-01", channel="email")
    with CaptureQueriesContext(connection) as ctx:  # a complaint filed today of what happened on 1 May
        file_house_complaint(world, act, respondent_role="department_head", respondent_office="Director de Finanzas")
    hits = [q["sql"] for q in ctx.captured_queries if "stats_storedstats" in q["sql"]]
    assert len(ctx.captured_queries) > 5 and not hits, hits


def test_the_worker_keeps_this_year_and_last_years_public_figures_current(world, docket, now, settings):
    from ventila.jobs import schedule
    from ventila.stats import stored

    settings.VENTILA_STATS_OPEN_SECONDS = 600
    assert "stats" in schedule.run_now("stats")
    this_year, last_year = _period("2027-01-01", "2027-12-31"), _period("2026-01-01", "2026-12-31")
    for period, public in ((this_year, False), (last_year, True)):
        row = stored.stored_row(world.camara, period, public=public)
        assert row is not None and row[0] == _computed(world, period, public)
    assert stored.keep_current([world.camara]) == 0  # nothing aged yet
    now.set("2027-05-03 09:06")  # past half the age: this year again, last year's public stays
    assert stored.keep_current([world.camara]) == 1


def test_the_dashboard_says_when_this_years_figures_were_computed(client, world, docket, now):
    client.force_login(world.users["secretaria"])
    first = client.get("/estadisticas/?cuerpo=etica-camara").content.decode()  # this year: stored now, 09:00
    assert 'id="cifras-al"' in first and "Cifras calculadas el 3/05/2027 09:00" in first
    now.set("2027-05-03 09:04")
    assert "Cifras calculadas el 3/05/2027 09:00" in client.get("/estadisticas/?cuerpo=etica-camara").content.decode()
    closed = client.get("/estadisticas/?cuerpo=etica-camara&anio=2026").content.decode()
    assert closed.count("<table") and 'id="cifras-al"' not in closed  # a closed year no longer changes
