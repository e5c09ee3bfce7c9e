"""The register's import in batches (issue 30, item 6): a public filing never waits more than a second behind
an import, measured with two real connections (the import in a thread, the filing in this one); the import
checks every row before it writes any; a second run of the same file writes nothing again."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

import pytest
from django.db import connection, connections
from django.test import Client
from factories import make_world
from filing.helpers import camara_steps, walk

from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases.db_triggers import purge_docket
from ventila.cases.models import Case
from ventila.compliance.actions import ImportRefused, do_import_register
from ventila.compliance.importer import Table
from ventila.compliance.models import RegisterImport, TenureCase

BODY = "etica-camara"
PEOPLE = 20  # imported while a public filing is timed
HEADERS = ["Núm. de empleado", "Nombre", "Apellidos", "Categoría", "Puesto", "Fecha de toma de posesión"]
MAPPING = {"hr_number": 0, "given_name": 1, "family_name": 2, "role": 3, "title": 4, "start": 5}


def _table(n: int, first: int = 0) -> Table:
    return Table(
        HEADERS,
        [
            (i + 2, [f"I-{i:05d}", f"Nombre{i}", f"Apellido{i} Ficticio", "Funcionario", "Director", "04/01/2027"])
            for i in range(first, first + n)
        ],
    )


def _ready_filing(world, address: str):
    """A public filing walked up to its last page, with the post that submits it."""
    steps = camara_steps(world, files=())
    client = Client(REMOTE_ADDR=address)
    walk(client, BODY, steps[:-1])
    return client, steps[-1]


@contextlib.contextmanager
def _lock_wait_bound(seconds: float) -> Iterator[None]:
    """This thread's connection gives up on a lock after ``seconds`` (PostgreSQL's ``lock_timeout``, SQLite's
    busy timeout) instead of waiting for it."""
    connection.ensure_connection()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('lock_timeout', %s, false)", [f"{int(seconds * 1000)}ms"])
    else:
        connection.connection.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
    try:
        yield
    finally:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT set_config('lock_timeout', '0', false)")
        else:
            connection.connection.execute("PRAGMA busy_timeout = 30000")


@pytest.fixture
def committed_world(transactional_db, now):
    """The world committed, so that the other connection (the import's thread) sees it."""
    yield make_world()
    purge_docket(connection)  # the triggers refuse the DELETE that flushing the tables would do


def test_a_public_filing_waits_less_than_a_second_for_the_counter_behind_a_running_import(committed_world, settings):
    settings.MEDIA_ROOT = settings.VAR_DIR / f"media-import-batches-{id(settings)}"
    settings.VENTILA_IMPORT_BATCH_ROWS = PEOPLE // 4  # four batches: three still to write when the filing begins
    settings.VENTILA_IMPORT_BATCH_SECONDS = 60
    body = Body.objects.get(slug=BODY)
    user = committed_world.users["secretaria"]
    public, last = _ready_filing(committed_world, "203.0.113.30")
    first_batch, filing_begun, finished = threading.Event(), threading.Event(), threading.Event()
    batches: list[tuple[int, int]] = []
    failure: list[BaseException] = []
    committed: list[float] = []

    def progress(done: int, total: int) -> None:
        batches.append((done, total))
        committed.append(time.monotonic())
        if not first_batch.is_set():  # after the first batch's commit, nothing held: the filing begins now,
            first_batch.set()  # with the rest of the file still to write (whatever the machine's load)
            filing_begun.wait(30)

    def run_import() -> None:
        try:
            do_import_register(
                user=user, body=body, table=_table(PEOPLE), mapping=MAPPING, file_name="rrhh.csv", sha256="0" * 64,
                progress=progress,
            )  # fmt: skip
        except BaseException as exc:  # noqa: BLE001 — reported below
            failure.append(exc)
        finally:
            finished.set()
            connections.close_all()

    importer = threading.Thread(target=run_import)
    importer.start()
    assert first_batch.wait(30), failure
    # The filing's connection waits at most a second for any lock (the counter, the chain's head): a longer
    # wait is an error, not a slow answer, so the bound is asserted whatever the machine's load.
    with _lock_wait_bound(1.0):
        started = time.monotonic()
        running = not finished.is_set()
        filing_begun.set()
        answer = public.post(f"/querellas/{BODY}/{last[0]}/", last[1])
        waited = time.monotonic() - started
    importer.join(60)
    assert not failure, failure
    assert answer.status_code == 302 and "/acuse/" in answer["Location"], (answer.status_code, f"{waited:.2f} s")
    # The import was running when the filing began, and went on committing batches while it waited.
    assert running and sum(1 for t in committed if t > started) >= 2, batches
    # The import went through in several batches and wrote every person, with their tenure's case.
    assert len(batches) > 1 and batches[-1] == (PEOPLE, PEOPLE)
    assert Person.objects.filter(hr_number__startswith="I-").count() == PEOPLE
    assert TenureCase.objects.filter(body=body, person__hr_number__startswith="I-").count() == PEOPLE
    numbers = sorted(Case.objects.filter(body=body).values_list("year", "series", "sequence"))
    assert len(numbers) == len(set(numbers))  # one number each, whoever took the counter first
    assert RegisterImport.objects.get(body=body).people_created == PEOPLE


@pytest.mark.django_db
def test_every_row_is_checked_before_any_is_written_and_a_second_run_writes_nothing(world, now, settings):
    settings.VENTILA_IMPORT_BATCH_ROWS = 7
    settings.VENTILA_IMPORT_BATCH_SECONDS = 60
    body = Body.objects.get(slug=BODY)
    user = world.users["secretaria"]
    bad = _table(20)
    bad.rows[15][1][5] = "31/02/2027"  # no such day: the whole file is refused before a batch is written
    with pytest.raises(ImportRefused) as refused:
        do_import_register(user=user, body=body, table=bad, mapping=MAPPING, file_name="a.csv", sha256="1" * 64)
    assert [row for row, _why in refused.value.plan.errors] == [17]
    assert not Person.objects.filter(hr_number__startswith="I-").exists()
    seen: list[tuple[int, int]] = []
    plan, record = do_import_register(
        user=user, body=body, table=_table(20), mapping=MAPPING, file_name="a.csv", sha256="2" * 64,
        progress=lambda done, total: seen.append((done, total)),
    )  # fmt: skip
    assert seen == [(7, 20), (14, 20), (20, 20)] and record is not None and len(plan.opened) == 20
    # A run that stopped midway is finished by importing the file again: what is there is recognised.
    plan, record = do_import_register(
        user=user, body=body, table=_table(25), mapping=MAPPING, file_name="a.csv", sha256="3" * 64
    )
    assert record is not None and record.people_created == 5 and len(plan.opened) == 5
    assert OfficeTerm.objects.filter(person__hr_number__startswith="I-").count() == 25
    assert TenureCase.objects.filter(body=body, person__hr_number__startswith="I-").count() == 25
    again, none = do_import_register(
        user=user, body=body, table=_table(25), mapping=MAPPING, file_name="a.csv", sha256="3" * 64
    )
    assert none is None and again.changes == 0 and RegisterImport.objects.filter(body=body).count() == 2
