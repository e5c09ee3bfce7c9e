"""Each statistic against the hand-counted docket of tests/stats/docket.py (SQLite and PostgreSQL).

The terms are the rulebook's (CAM-20-06 file within its term, CAM-21B-01 notify the respondent,
CAM-21B-02 answer, CAM-21C-01 examine, CAM-21C-04 notify the determination, CAM-22-01 resolve), as
derived for the three complaints and read on 30 April 2027."""

from __future__ import annotations

import pytest
from django.db import connection

from .docket import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def docket(world, now):
    d = build(world, now)
    from ventila import clock
    from ventila.stats import queries

    queries.refresh(world.camara, clock.now())
    return d


def _stats(world, **period):
    from ventila.stats import queries

    return queries.compute(world.camara, queries.Period.year(2027))


def test_received_by_kind_and_channel_cam_20_04(world, docket):
    s = _stats(world)
    assert {(r["kind"], r["channel"]): r["n"] for r in s.received} == {
        ("complaint", "in_person"): 1,
        ("complaint", "email"): 1,
        ("complaint", "online"): 1,
    }


def test_open_cases_by_stage(world, docket):
    s = _stats(world)
    assert {r["stage"]: r["n"] for r in s.open_by_stage} == {"sanctioned": 1, "dismissed": 1, "filed": 1}


def test_terms_met_and_missed_per_month_cam_21b_01_cam_21c_04(world, docket):
    import datetime as dt

    s = _stats(world)
    got = {(r["month"], r["status"]): r["n"] for r in s.terms_by_month}
    # March: CAM-20-06 ×3, CAM-21B-01 A and B, CAM-21B-02 A (25 March) and B (29 March) met; C's
    # notice (CAM-21B-01, due 10 March) and B's notice of the determination (CAM-21C-04, due 31 March)
    # missed. April: CAM-21C-01 A (23 April) and B (26 April) met, A's CAM-21C-04 (2 April) missed.
    # June: A's CAM-22-01 (due 1 June) met on 30 April.
    assert got == {
        (dt.date(2027, 3, 1), "met"): 7,
        (dt.date(2027, 3, 1), "missed"): 2,
        (dt.date(2027, 4, 1), "met"): 2,
        (dt.date(2027, 4, 1), "missed"): 1,
        (dt.date(2027, 6, 1), "met"): 1,
    }
    # Which rules are missed most, and whose move each was (KindSpec.actors).
    assert [(r["rule_id"], r["deadline_id"], r["actor"], r["n"]) for r in s.missed_rules] == [
        ("CAM-21C-04", "notify_determination", "commission", 2),
        ("CAM-21B-01", "notify_respondent", "commission", 1),
    ]


def test_a_period_of_dates_counts_only_its_days(world, docket):
    import datetime as dt

    from ventila.stats import queries

    s = queries.compute(world.camara, queries.Period(dt.date(2027, 3, 2), dt.date(2027, 3, 29)))
    assert sum(r["n"] for r in s.received) == 2  # B (2 March) and C (5 March); A was filed on 1 March
    assert s.to_determination == {"n": 1, "median": 23.0, "p90": 23.0}  # B's of 25 March; A's is of 30 March
    assert len(s.dismissals) == 2 and s.sanctions == []  # the sanction is of 30 April


def test_days_to_determination_and_resolution_median_and_p90(world, docket):
    s = _stats(world)
    # Determination: A 1 → 30 March = 29 days, B 2 → 25 March = 23 days. Median 26; p90 = 23 + 0.9 × 6 = 28.4.
    assert s.to_determination == {"n": 2, "median": 26.0, "p90": 28.4}
    # Final resolution: A 1 March → 30 April = 60 days; B's dismissal (25 March) = 23 days.
    # Median 41.5; p90 = 23 + 0.9 × 37 = 56.3.
    assert s.to_resolution == {"n": 2, "median": 41.5, "p90": 56.3}


def test_percentiles_portable_sql_equals_the_databases_own(world, docket):
    from ventila.stats import queries

    period = queries.Period.year(2027)
    counted = queries.counted(world.camara)
    for ends in (counted.determined, counted.resolved):
        portable = queries.durations(world.camara, period, ends, portable=True, dismissal=counted.dismissal)
        native = queries.durations(world.camara, period, ends, dismissal=counted.dismissal)
        assert portable == native
    empty = queries.durations(world.camara, queries.Period.year(2026), counted.determined, portable=True)
    assert empty == {"n": 0, "median": None, "p90": None}
    assert queries.durations(world.camara, queries.Period.year(2026), counted.determined) == empty
    assert connection.vendor in ("sqlite", "postgresql")


def test_dismissals_by_ground_cam_21c_02_and_sanctions_by_kind(world, docket):
    s = _stats(world)
    assert {r["value"]: r["n"] for r in s.dismissals} == {"frivolous": 1, "time_barred": 1}
    assert s.sanctions == [{"value": "written_reprimand", "n": 1}]


def test_advisory_opinions_and_financial_reports_are_zero_without_cases(world, docket):
    s = _stats(world)
    assert s.advisory == {"asked": 0, "met": 0, "missed": 0}
    assert s.financial == []
    assert s.with_prejudice == 0


def test_every_statistic_is_one_query(world, docket, django_assert_max_num_queries):
    from ventila.stats import queries

    with django_assert_max_num_queries(13):
        queries.compute(world.camara, queries.Period.year(2027))


def test_cam_14d_01_financial_report_compliance_rate_per_year(world, now):
    """Marta and Pablo take office on Mon 4 Jan 2027: each owes the initial report by Mon 5 Apr 2027
    (90 days, CAM-14D-01). Marta files on 25 March and notifies the Secretary on 26 March (both met);
    Pablo files nothing (missed on 30 April): 2 of 3 duties met, 66.7 %."""
    import datetime as dt

    from factories import make_person

    from ventila import clock
    from ventila.bodies.models import OfficeTerm
    from ventila.cases.procedures import system_user
    from ventila.compliance.actions import ReportInput, do_record_report
    from ventila.compliance.tenures import sweep_tenures
    from ventila.stats import queries

    OfficeTerm.objects.filter(person__in=[*world.members, world.respondent]).delete()
    now.set("2027-01-10 09:00")
    marta = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    make_person("Pablo", "Ficticio Soto", role="officer", title="Director", start=dt.date(2027, 1, 4))
    sweep_tenures(user=system_user())
    now.set("2027-03-26 10:00")
    do_record_report(
        user=world.users["secretaria"],
        body=world.camara,
        person=marta,
        report=ReportInput(2026, "initial", dt.date(2027, 3, 25), True, True, "", dt.date(2027, 3, 26)),
    )
    now.set("2027-04-30 10:00")
    queries.refresh(world.camara, clock.now())
    got = queries.financial(world.camara, queries.Period.year(2027))
    # Marta's initial report (due 5 Apr) and her notice to the House's Secretary (CAM-14C-02, due 30 Mar,
    # given 26 Mar) met; Pablo's initial report missed. The OEG's evaluation (CAM-15-01) is not a duty.
    assert got == [{"year": 2027, "met": 2, "missed": 1, "rate": 66.7}]
    assert queries.financial(world.camara, queries.Period.year(2026)) == []
