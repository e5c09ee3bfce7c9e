"""The docket is append-only in the database itself, case numbers are unique and gapless under
concurrent filing, and a correction supersedes an entry and moves every dependent term."""

from __future__ import annotations

import datetime as dt
import functools
import threading

import pytest
from django.db import DatabaseError, connection, connections, transaction
from factories import World, file_complaint, make_world, record, run_threads

from ventila import clock
from ventila.cases.db_triggers import purge_docket
from ventila.cases.models import Case, DocketEntry


@pytest.mark.django_db
@pytest.mark.parametrize("table", ["cases_docketentry", "cases_attachment", "cases_rollcall", "cases_ballot"])
def test_append_only_tables_have_both_triggers(table):
    with connection.cursor() as cur:
        if connection.vendor == "sqlite":
            cur.execute("SELECT name FROM sqlite_master WHERE type='trigger' AND tbl_name=%s", [table])
            assert sorted(r[0] for r in cur.fetchall()) == [f"{table}_no_delete", f"{table}_no_update"]
        else:
            cur.execute("SELECT tgname FROM pg_trigger WHERE tgrelid = %s::regclass AND NOT tgisinternal", [table])
            assert [r[0] for r in cur.fetchall()] == [f"{table}_append_only"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE cases_docketentry SET event_type = 'answer_filed'",
        "UPDATE cases_docketentry SET occurred_at = occurred_at",
        "DELETE FROM cases_docketentry",
    ],
)
def test_database_refuses_update_and_delete_of_docket_entries(world, sql):
    case = file_complaint(world)
    before = list(DocketEntry.objects.values_list("pk", "event_type", "occurred_at"))
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cur:
        cur.execute(sql)
    assert list(DocketEntry.objects.values_list("pk", "event_type", "occurred_at")) == before
    # The ORM cannot do it either, nor can deleting the case cascade into its docket.
    with pytest.raises(DatabaseError), transaction.atomic():
        DocketEntry.objects.filter(case=case).update(note="x")
    with pytest.raises(Exception), transaction.atomic():  # noqa: B017 - ProtectedError or DatabaseError
        case.delete()
    assert DocketEntry.objects.filter(case=case).count() == 1


@pytest.mark.django_db
def test_correction_supersedes_and_moves_every_dependent_term(world, now):
    case = file_complaint(world)
    now.set("2027-03-05 12:00")
    notified = record(world, case, "respondent_notified", "2027-03-03")
    case.refresh_from_db()
    # Hand-computed: 15 business days after Wed Mar 3, skipping Mon Mar 22 (Abolition Day) → Thu Mar 25.
    assert case.deadlines.get(deadline_id="answer").due == dt.date(2027, 3, 25)
    # The notice was really received on Fri Mar 5: 15 bd after Mar 5, skipping Mar 22 and
    # Fri Mar 26 (Good Friday) → Tue Mar 30.
    fix = record(world, case, "respondent_notified", "2027-03-05", supersedes=notified)
    case.refresh_from_db()
    answer = case.deadlines.get(deadline_id="answer")
    assert answer.due == dt.date(2027, 3, 30)
    assert "Viernes Santo" in answer.trace_es()
    assert case.next_due == dt.date(2027, 3, 30)
    # Both entries stay on the docket; the superseded one no longer counts.
    assert list(case.entries.order_by("seq").values_list("seq", "supersedes__seq")) == [(1, None), (2, None), (3, 2)]
    assert fix.supersedes_id == notified.pk
    # An entry is corrected once; a correction must keep the act's type.
    from ventila.cases.actions import ActRefused

    with pytest.raises(ActRefused):
        record(world, case, "respondent_notified", "2027-03-04", supersedes=notified)
    with pytest.raises(ActRefused):
        record(world, case, "answer_filed", "2027-03-04", supersedes=fix)


@pytest.mark.django_db
def test_correction_through_the_web_is_the_secretarys(world, now, client):
    case = file_complaint(world)
    now.set("2027-03-05 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    client.force_login(world.users["secretaria"])
    page = client.get(f"/expedientes/{case.number}/anotaciones/2/corregir/").content.decode()
    assert 'value="2027-03-03"' in page  # prefilled with the entry being corrected
    r = client.post(
        f"/expedientes/{case.number}/anotaciones/2/corregir/",
        {"occurred_date": "2027-03-05", "correction_reason": "La notificación se recibió el día 5."},
    )
    assert r.status_code == 302
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    assert "Corregida por la anotación n.º 3" in page
    assert case.deadlines.get(deadline_id="answer").due == dt.date(2027, 3, 30)
    assert client.get(f"/expedientes/{case.number}/anotaciones/2/corregir/").status_code == 403


# -- gapless numbering under real concurrency ---------------------------------------------------


@pytest.fixture
def committed_world(transactional_db):
    clock.set_now(dt.datetime(2027, 3, 1, 11, 0, tzinfo=dt.timezone(dt.timedelta(hours=-4))))
    world = make_world()
    yield world
    clock.set_now(None)
    purge_docket(connection)  # the triggers refuse the DELETE that flushing the tables would do


def test_concurrent_filings_get_unique_gapless_numbers(committed_world: World):
    n_threads, per_thread = 6, 3
    errors: list[BaseException] = []
    barrier = threading.Barrier(n_threads)

    def worker() -> None:
        try:
            barrier.wait()
            for _ in range(per_thread):
                file_complaint(committed_world)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    numbers = sorted(Case.objects.values_list("number", flat=True))
    total = n_threads * per_thread
    assert numbers == [f"CE-2027-{i:04d}" for i in range(1, total + 1)]
    assert sorted(Case.objects.values_list("sequence", flat=True)) == list(range(1, total + 1))


def test_number_taken_last_stays_gapless_when_filings_fail_around_it(committed_world: World):
    """The number and the chain link are the last statements of the filing transaction: filings that
    fail before it (inside ``do_file_case``) or after it (later in the caller's transaction) leave no
    case, no provisional number and no gap, while others file concurrently."""
    from ventila.audit import chain

    n_threads, per_thread = 6, 4
    barrier = threading.Barrier(n_threads)

    class Planned(Exception):
        pass

    def refuse(case: Case) -> None:
        raise Planned("before the number")

    def worker(t: int) -> None:
        barrier.wait()
        for i in range(per_thread):
            try:
                with transaction.atomic():
                    if (t + i) % 3 == 1:
                        file_complaint(committed_world, before_number=refuse)
                    case = file_complaint(committed_world)
                    if (t + i) % 3 == 2:
                        assert case.sequence is not None and not case.number.startswith("~")
                        raise Planned("after the number")
            except Planned:
                pass

    assert run_threads(*(functools.partial(worker, t) for t in range(n_threads))) == []
    kept = sum(1 for t in range(n_threads) for i in range(per_thread) if (t + i) % 3 == 0)
    assert sorted(Case.objects.values_list("number", flat=True)) == [f"CE-2027-{i:04d}" for i in range(1, kept + 1)]
    assert sorted(Case.objects.values_list("sequence", flat=True)) == list(range(1, kept + 1))
    assert DocketEntry.objects.count() == kept
    result = chain.verify(check_files=False)
    assert result.ok, result.first
    from ventila.audit.models import ChainLink, StateRecord

    # One link per docket entry, one version per kept case (none of a failed one), nothing else dangling.
    assert ChainLink.objects.filter(kind="docket_entry").count() == kept
    assert StateRecord.objects.filter(kind="cases.Case").count() == kept
    assert result.links == ChainLink.objects.count()
