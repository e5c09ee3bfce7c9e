"""Issue 25: the apps' migrations are squashed (``replaces``) so that a fresh database runs a few migrations instead
of every one; an install migrated with the replaced files is recognised as up to date, and one migrated halfway
through a squashed stretch finishes it with the replaced files. That a fresh database gets the same schema and the
same seeded rows either way was checked once, on SQLite and PostgreSQL (bench/README.md, issue 25, the twelfth
session)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder


def _plan(monkeypatch: Any, applied: set[tuple[str, str]]) -> list[tuple[str, str]]:
    monkeypatch.setattr(MigrationRecorder, "applied_migrations", lambda self: dict.fromkeys(applied))
    executor = MigrationExecutor(connection)
    targets = executor.loader.graph.leaf_nodes()
    return [(m.app_label, m.name) for m, _backwards in executor.migration_plan(targets, clean_start=not applied)]


def _on_disk() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(the squashed migrations, the migrations they replace) of ventila's apps."""
    loader = MigrationLoader(None, replace_migrations=False)
    squashed = {key for key, m in loader.disk_migrations.items() if m.replaces and m.__module__.startswith("ventila.")}
    replaced = {old for key in squashed for old in loader.disk_migrations[key].replaces}
    return squashed, replaced


def test_a_fresh_database_runs_the_squashed_migrations(monkeypatch: Any) -> None:
    squashed, replaced = _on_disk()
    assert len(replaced) > 2 * len(squashed)
    plan = set(_plan(monkeypatch, set()))
    assert squashed <= plan and not plan & replaced


def test_an_install_migrated_with_the_replaced_files_is_up_to_date(monkeypatch: Any) -> None:
    squashed, _replaced = _on_disk()
    everything = set(MigrationLoader(None, replace_migrations=False).disk_migrations)
    assert _plan(monkeypatch, everything - squashed) == []


@pytest.mark.parametrize("app", ["bodies", "cases"])
def test_an_install_halfway_through_a_squashed_stretch_finishes_it_with_the_replaced_files(
    monkeypatch: Any, app: str
) -> None:
    squashed, _replaced = _on_disk()
    everything = set(MigrationLoader(None, replace_migrations=False).disk_migrations)
    first = min(key for key in squashed if key[0] == app)
    stretch = sorted(MigrationLoader(None, replace_migrations=False).disk_migrations[first].replaces)
    applied = {key for key in everything - squashed if key[0] != app or key[1] < stretch[1][1]}
    plan = _plan(monkeypatch, applied)
    assert plan and first not in plan
    assert [key for key in plan if key[0] == app][0] == stretch[1]
