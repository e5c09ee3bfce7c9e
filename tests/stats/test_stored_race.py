"""Issue 30: the stored statistics' race of two writers, with two connections (a thread each; SQLite and
PostgreSQL). A request reads the generation and computes March while another connection records a late
act of March and commits before the request stores its figures: those figures (without the act) are stored
under the old generation and never read; the next request computes March with the act."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection, connections, transaction
from factories import FrozenNow, make_world, record

from ventila import clock
from ventila.cases.db_triggers import purge_docket

from .docket import build


@pytest.fixture
def committed(transactional_db):
    now = FrozenNow()
    world = make_world()
    docket = build(world, now)
    now.set("2027-05-03 09:00")
    yield world, docket
    clock.set_now(None)
    purge_docket(connection)  # the triggers refuse the DELETE that flushing the tables would do


def test_figures_computed_while_another_connection_commits_a_late_act_are_never_read(committed):
    from ventila.stats import queries, stored
    from ventila.stats.models import StoredStats

    world, docket = committed
    march = queries.Period(dt.date(2027, 3, 1), dt.date(2027, 3, 31))
    written, commit = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def writer() -> None:  # the other connection: C's notice of 20 March, recorded late
        try:
            with transaction.atomic():
                record(world, docket["c"], "respondent_notified", "2027-03-20")
                written.set()
                assert commit.wait(30)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
            written.set()
        finally:
            connections.close_all()

    thread = threading.Thread(target=writer)
    real_compute = queries.compute

    def compute_while_the_writer_commits(*args, **kw):  # after the generation was read
        thread.start()
        assert written.wait(30)
        stats = real_compute(*args, **kw)  # the act is written but not committed: not seen
        commit.set()
        thread.join(30)  # committed (its delete found no stored row) before the figures are stored
        return stats

    queries.compute = compute_while_the_writer_commits
    try:
        stale = stored.figures(world.camara, march, public=False)
    finally:
        queries.compute = real_compute
    assert errors == []
    assert StoredStats.objects.filter(start=march.start, end=march.end).count() == 1  # stored, but stale
    computed = stored.to_json(queries.compute(world.camara, march))
    assert stored.to_json(stale) != computed  # without the notice
    assert stored.to_json(stored.figures(world.camara, march, public=False)) == computed
    assert StoredStats.objects.get(start=march.start, end=march.end).figures == computed
