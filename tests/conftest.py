"""Shared by every test directory.

Which tests touch a database is read from what they ask for: a test that asks for one of pytest-django's
database fixtures (directly, through another fixture, or with the ``django_db`` mark) is marked ``db``.
``./run test`` runs every test on SQLite and then only the ``db`` tests again on PostgreSQL; the rest (the
rules engine, the CLI, the docs checks) runs once. pytest-django blocks the database for every other test,
so a test cannot reach a database without being marked (``tests/trust/test_suite_split.py`` checks both).

A test that starts a process on the database the suite runs on (``DATABASE_URL``) says so with
``pytest.mark.db`` itself: the mark is all the PostgreSQL pass looks at.
"""

from __future__ import annotations

import fcntl
import os
import resource
import shutil
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.template.base import Template
from django.test import Client
from django.test.utils import instrumented_test_render

# pytest-django's fixtures that open the test database to a test (``live_server`` asks for it too).
DATABASE_FIXTURES = frozenset(
    {
        "_django_db_helper",
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)


def uses_database(item: Any) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
    )


def worker_group(nodeid: str) -> str:
    """What one pytest-xdist worker runs as a whole: a test file, so that what a module builds once
    (``scope="module"``) is built once; the demo's package (``tests/demo``) and the browser tests (``tests/e2e``,
    one Chromium) each as one."""
    path = nodeid.split("::", 1)[0]
    parts = path.split("/")
    return parts[1] if len(parts) > 2 and parts[1] in ("demo", "e2e") else path


class _ByWorkerGroup:
    """Registered only where pytest-xdist runs (``-n``): its "scope" scheduling (a scope goes to one worker, in
    order), with :func:`worker_group` as the scope."""

    @staticmethod
    def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
        from xdist.scheduler import LoadScopeScheduling

        class ByWorkerGroup(LoadScopeScheduling):  # type: ignore[misc]
            def _split_scope(self, nodeid: str) -> str:
                return worker_group(nodeid)

        return ByWorkerGroup(config, log)


def pytest_configure(config: Any) -> None:
    from django.conf import settings
    from django.db.backends.signals import connection_created

    # Every test client loads the middleware anew; WhiteNoise would list every static file each time (≈ 40 ms a
    # client, thousands of clients). Its development mode finds a file when it is asked for, as it does in
    # `./run serve` with VENTILA_DEBUG=1; production serves the collected files (docs/deploy.md).
    settings.WHITENOISE_AUTOREFRESH = True

    connection_created.connect(_sqlite_without_fsync, dispatch_uid="ventila-tests-sqlite-without-fsync")
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_ByWorkerGroup(), "ventila-worker-groups")
        if not hasattr(config, "workerinput") and not config.getoption("testrunuid", None):
            config.option.testrunuid = uuid.uuid4().hex  # what xdist would draw, known here too (_template_of_the_run)


def pytest_itemcollected(item: Any) -> None:
    """Marked as each test is collected, before ``-m db`` selects."""
    if uses_database(item):
        item.add_marker(pytest.mark.db)


@pytest.hookimpl(trylast=True)  # after ``-m`` and ``-k`` have deselected
def pytest_collection_modifyitems(items: list[Any]) -> None:
    """A module whose every test reads the same fixture world (``world``) and writes inside its own transaction
    (none empties the tables) builds the world once (see :func:`_world_of_the_module`)."""
    modules: dict[Any, list[Any]] = {}
    for item in items:
        modules.setdefault(item.module, []).append(item)
    for module, its in modules.items():
        shared = all("world" in item.fixturenames and not _item_flushes(item) for item in its)
        module._ventila_world_shared = shared  # read by the fixtures below


def _item_flushes(item: Any) -> bool:
    marker = item.get_closest_marker("django_db")
    transactional = bool(marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0])))
    return transactional or bool({"transactional_db", "live_server"}.intersection(item.fixturenames))


@pytest.fixture(scope="module", autouse=True)
def _world_of_the_module(request: Any) -> Iterator[None]:
    """The fixture world of a module whose tests all read it (``pytest_collection_modifyitems``), built once,
    in a transaction rolled back after the module's last test; each test gets a deep copy of its objects (as
    Django's ``setUpTestData`` gives each test its own) and runs in a savepoint, so what one writes is gone for
    the next. Building it cost each such test ≈ 50 ms, twice per run."""
    if not getattr(request.module, "_ventila_world_shared", False):
        yield
        return
    from factories import FrozenNow, built_once, make_world

    request.getfixturevalue("django_db_setup")
    with built_once(request.getfixturevalue("django_db_blocker")):
        moment = FrozenNow()
        moment.set(FrozenNow.DEFAULT)
        try:
            request.module._ventila_world = make_world()
        finally:
            moment.set(None)
        yield
        del request.module._ventila_world


# bench/suite.py: VENTILA_TEST_CPU_LOG names a file each process appends "CPU seconds<TAB>test id<TAB>CPU seconds of
# the processes the test started" to, a line a test (setup, call and teardown; a started process counts once it has
# been waited for: a subprocess of the CLI tests, `./run serve`, Chromium when the browser closes).
CPU_LOG = os.environ.get("VENTILA_TEST_CPU_LOG")

_RENDER = Template._render  # Django's own, before the test set-up instruments it (see _template_contexts)
assert _RENDER is not instrumented_test_render


class _ContextNotKept:
    """``response.context`` of a test not marked ``template_context``: reading it says what to do."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("this test reads response.context: mark it @pytest.mark.template_context")

    __getitem__ = get = __iter__ = __contains__ = keys = _refuse


_CLIENT_REQUEST = Client.request


def _client_request(self: Any, **request: Any) -> Any:
    """Django's test client, whose ``response.context`` says what to do when the test did not ask to keep it."""
    response = _CLIENT_REQUEST(self, **request)
    if response.context is None and Template._render is _RENDER:
        response.context = _ContextNotKept()
    return response


Client.request = _client_request


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Any:
    if not CPU_LOG:
        yield
        return
    start, children = time.process_time(), _children_cpu()
    yield
    with open(CPU_LOG, "a", encoding="utf-8") as log:
        log.write(f"{time.process_time() - start:.3f}\t{item.nodeid}\t{_children_cpu() - children:.3f}\n")


def _sqlite_without_fsync(sender: Any, connection: Any, **kwargs: Any) -> None:
    """The test database is a file that lives as long as the run: SQLite need not wait for the disk at every
    commit (``synchronous=OFF``: a crash of the machine loses it, which a test database may). What a transaction
    sees and locks is unchanged."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA synchronous=OFF")


@pytest.fixture(scope="session", autouse=True)
def _stamps_of_this_process(tmp_path_factory: Any) -> None:
    """The version stamps every server process shares (the shared cache, ``settings.CACHES``) are this test
    process's own: the workers of a run are separate servers, and one's bump must not drop another's caches
    mid-test. The database cache (the default) and Redis are tested where they matter (tests/cluster/)."""
    from django.conf import settings
    from django.test.signals import setting_changed

    if not os.environ.get("VENTILA_CACHE_URL"):
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
        setting_changed.send(sender=None, setting="CACHES", value=settings.CACHES, enter=True)


@pytest.fixture(autouse=True)
def _template_contexts(request: Any) -> Iterator[None]:
    """Django's test set-up makes every template render send a signal, and the test client keeps a copy of each
    render's context for ``response.context`` — a copy per template and include, ≈ 4 % of a walk's CPU. Only the
    tests marked ``template_context`` read it; the others render as production does."""
    Template._render = instrumented_test_render if request.node.get_closest_marker("template_context") else _RENDER
    yield


@pytest.fixture(autouse=True)
def _cache_emptied() -> Iterator[None]:
    """What a test cached under a stamp (a public page under its body's publication stamp) is not served in
    the next test, whose database is rolled back but whose body has the same id: the test process's own
    cache is emptied after each test (only the in-memory one of :func:`_stamps_of_this_process`)."""
    yield
    from django.conf import settings
    from django.core.cache import cache

    if settings.CACHES["default"]["BACKEND"].endswith("LocMemCache"):
        cache.clear()


@pytest.fixture(autouse=True)
def _spanish_again() -> Iterator[None]:
    """A request in English leaves English active in this thread; the next test, on this worker, expects Spanish."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: Any, nextitem: Any) -> Iterator[None]:
    """A transactional test ends by emptying every table, the rows the migrations seeded too (the election
    days of 2024–2036 and their chained versions); they are put back once every fixture of the test is torn
    down, so that the tests a worker runs after it see the database every install has. (Not in a fixture's
    teardown: pytest-django flushes in the teardown of a fixture that the ``django_db(transaction=True)``
    mark sets up before every other, so a fixture's teardown would seed before the flush, and the flush
    would empty the table again — as it did for every browser test and whatever a worker ran after them.)"""
    yield
    if nextitem is None or not _item_flushes(item):  # the last test: the test database is gone with it
        return
    from importlib import import_module

    from django.apps import apps
    from pytest_django.plugin import blocking_manager_key

    with item.config.stash[blocking_manager_key].unblock():
        for migration in ("0003_seed_elections_2028", "0004_seed_elections_2032_2036"):
            import_module(f"ventila.bodies.migrations.{migration}").seed(apps, None)


def _template_of_the_run(config: Any, tmp_root: Any) -> str:
    """The name of the database the workers of one run copy (:func:`_migrated_once`): on SQLite a file in the
    run's own temporary folder (pytest removes it with the folder), on PostgreSQL the workers' test database
    name without the worker's suffix, then ``_tpl_`` and this run's id (never a template an interrupted run left
    behind; dropped by :func:`pytest_sessionfinish`)."""
    from django.db import connections

    settings_dict = connections["default"].settings_dict
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return str(tmp_root / "template.sqlite3")
    worker = getattr(config, "workerinput", None)
    run = worker["testrunuid"] if worker else config.option.testrunuid
    name = settings_dict["TEST"].get("NAME") or f"test_{settings_dict['NAME']}"
    suffix = f"_{worker['workerid']}" if worker else ""
    return f"{name[: -len(suffix)] if suffix and name.endswith(suffix) else name}_tpl_{run[:8]}"


def _template_exists(creation: Any, name: str) -> bool:
    if creation.connection.vendor == "sqlite":
        return os.path.exists(name)
    with creation._nodb_cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        return cursor.fetchone() is not None


def _copy_database(creation: Any, template: str, target: str) -> None:
    """``target`` made a copy of ``template`` (a file copy; PostgreSQL's ``CREATE DATABASE … TEMPLATE``)."""
    creation.connection.close()
    if creation.connection.vendor == "sqlite":
        shutil.copyfile(template, target)
        return
    quote = creation._quote_name
    with creation._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {quote(target)}")
        cursor.execute(f"CREATE DATABASE {quote(target)} TEMPLATE {quote(template)}")


@pytest.fixture(scope="session")
def _migrated_once(request: Any, tmp_path_factory: Any) -> None:
    """On pytest-xdist's workers, the test database is migrated once per run and copied for each worker: the
    first worker to need one migrates a template (the squashed migrations, ≈ 5 s of CPU), under a lock, and every worker
    then copies it into its own test database. What each test sees is the same database as migrated (the
    migrations' seeds included); in one process (``-n 0``) and with ``--reuse-db`` pytest-django migrates as
    before."""
    config = request.config
    if not hasattr(config, "workerinput") or config.getvalue("reuse_db"):
        return
    from django.conf import settings
    from django.db import connections

    creation = connections["default"].creation
    create_test_db = creation.create_test_db
    root = tmp_path_factory.getbasetemp().parent  # shared by the workers of this run
    template = _template_of_the_run(config, root)

    def create_from_template(verbosity: int = 1, autoclobber: bool = False, serialize: bool = True, **kw: Any) -> str:
        settings_dict = creation.connection.settings_dict
        own = creation._get_test_db_name()
        with open(root / "template.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
            if not _template_exists(creation, template):
                settings_dict["TEST"]["NAME"] = template
                try:
                    create_test_db(verbosity=verbosity, autoclobber=True, serialize=False, **kw)
                finally:
                    settings_dict["TEST"]["NAME"] = own
            _copy_database(creation, template, own)
        settings.DATABASES[creation.connection.alias]["NAME"] = settings_dict["NAME"] = own
        if serialize:
            creation.connection._test_serialized_contents = creation.serialize_db_to_string()
        creation.connection.ensure_connection()
        return own

    creation.create_test_db = create_from_template


def pytest_sessionfinish(session: Any) -> None:
    """The controller of a pytest-xdist run drops the PostgreSQL template its workers copied (:func:`_migrated_once`)."""
    config = session.config
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    from django.db import connections
    from pytest_django.plugin import blocking_manager_key

    creation = connections["default"].creation
    if creation.connection.vendor != "postgresql":
        return
    with config.stash[blocking_manager_key].unblock(), creation._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {creation._quote_name(_template_of_the_run(config, None))}")


@pytest.fixture(scope="session")
def django_db_setup(_migrated_once, django_db_setup, django_db_blocker):  # noqa: ANN001, ANN201 - pytest-django's own fixture, extended
    """pytest-django's test database (on xdist's workers, a copy of one migrated once: :func:`_migrated_once`),
    and at the end of the run, on PostgreSQL, the sessions other threads left open on it (the browser tests'
    live server) ended first, so that dropping it does not fail with "being accessed by other users" and leave
    it behind on the server."""
    yield
    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
