"""``ventila generate`` (issue 14, item 1): synthetic cases of fictitious people over both bodies,
every docket one the rulebook accepts act by act, derived, chained, and never mixed with real cases."""

from __future__ import annotations

import contextlib
import io
import itertools
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone
from factories import fast_password_hasher, file_complaint, now, world  # noqa: F401  (fixtures)

from ventila import clock
from ventila.accounts.models import RoleGrant, User
from ventila.audit import chain
from ventila.audit.models import ChainHead, ChainLink, StateRecord
from ventila.bodies.models import OfficeTerm, Person
from ventila.cases import access
from ventila.cases.actions import ActInput, check_act, rederive
from ventila.cases.actions import derived as derived_rows
from ventila.cases.evaluation import PlannedEvent, compute_evaluation, live_events
from ventila.cases.models import Ballot, Case, CaseDeadline, CaseFinding, DocketEntry, Party, RollCall
from ventila.cases.queries import case_facts
from ventila.search import index
from ventila.search import public as public_record
from ventila.search import query as search_query
from ventila.search.models import PublishedMatter, SearchEntry
from ventila.search.scopes import scope_for_user
from ventila.web import generate as generate_module
from ventila.web.generate import BENCH_USER, FAMILY_NAMES, GENERATOR, GIVEN_NAMES, LARGE_DOCKET

pytestmark = pytest.mark.django_db


def _generate(n: int, *extra: str) -> str:
    out = io.StringIO()
    call_command("generate", "--cases", str(n), "--batch", "16", *extra, stdout=out)
    return out.getvalue()


def _fictitious(name: str) -> bool:
    parts = name.split(" ")
    return len(parts) == 3 and parts[0] in GIVEN_NAMES and parts[1] in FAMILY_NAMES and parts[2] in FAMILY_NAMES


def _accepted_act_by_act(case: Case) -> None:
    """Every entry, replayed through the door every act of the web app goes through, against the
    docket as it stood: none is refused."""
    facts = case_facts(case)
    events: list[PlannedEvent] = []
    for entry in case.entries.order_by("seq"):
        act = ActInput(entry.event_type, entry.occurred_at, entry.has_time, dict(entry.payload))
        check_act(None, facts, events, act, clock.now())  # raises ActRefused if the rulebook refuses it
        events.append(PlannedEvent(entry.event_type, entry.occurred_at, entry.has_time, dict(entry.payload)))


def test_generate_builds_accepted_derived_chained_fictitious_cases_and_a_second_run_adds_more(now, settings, tmp_path):  # noqa: F811
    settings.VAR_DIR = tmp_path
    now.set("2027-06-15 09:00")
    printed = _generate(30)
    assert "Generados 30 expedientes sintéticos" in printed
    cases = list(Case.objects.select_related("body").order_by("pk"))
    assert len(cases) == 30
    assert {c.body.slug for c in cases} == {"etica-camara", "querellas-municipales"}
    assert {c.kind for c in cases} >= {"complaint"} and len({(c.body.slug, c.kind) for c in cases}) >= 3
    sizes = sorted(c.entries.count() for c in cases)
    assert sizes[0] >= 1 and sizes[-1] >= LARGE_DOCKET * 0.9  # the large dockets of the case-page benchmark
    assert any(2 <= s <= 40 for s in sizes) and len(set(sizes)) >= 5
    assert {c.status for c in cases} == {"open", "closed"}  # some closed, some not
    assert len({c.stage for c in cases}) >= 4  # at different stages

    for case in cases:
        _accepted_act_by_act(case)
        # Derived by the real derivation: the stored stage and terms are the engine's for this docket.
        evaluation = compute_evaluation(case_facts(case), live_events(case.entries.all()), clock.now())
        assert case.stage == evaluation.stage and case.config_version == case.body.config_version  # current
        assert CaseDeadline.objects.filter(case=case).count() == len(evaluation.deadlines)
    assert CaseDeadline.objects.count() > 0

    # Only fictitious parties, from the generator's lists; every entry recorded by the generator.
    parties = list(Party.objects.all())
    assert parties and all(_fictitious(p.name) for p in parties), [p.name for p in parties if not _fictitious(p.name)]
    assert set(DocketEntry.objects.values_list("recorded_by__username", flat=True)) == {GENERATOR}

    # The benchmarks' secretary sees both bodies.
    bench = User.objects.get(username=BENCH_USER)
    assert RoleGrant.objects.filter(user=bench, role=RoleGrant.Role.SECRETARY).count() == 2

    result = chain.verify()
    assert result.ok, [str(p) for p in result.problems[:5]]
    assert result.links >= DocketEntry.objects.count() + len(cases) + len(parties)

    # A second run adds 30 more under new numbers: unique, and gapless per body and year. Its rows are written
    # without signals, yet no stored statistic survives them (issue 30): last year's figures are the new ones.
    from ventila.stats import queries, stored

    camara, last_year = cases[0].body, queries.Period.year(2026)
    public_only = [c.pk for c in access.public_cases(camara)]
    before = [stored.to_json(stored.figures(camara, last_year, public=p, only=lambda: public_only)) for p in (0, 1)]
    _generate(30)
    for public in (False, True):
        only = [c.pk for c in access.public_cases(camara)] if public else None
        after = stored.to_json(stored.figures(camara, last_year, public=public, only=lambda o=only: o))
        assert after == stored.to_json(queries.compute(camara, last_year, only))
        assert after != before[public]
    assert Case.objects.count() == 60
    numbers = list(Case.objects.values_list("number", flat=True))
    assert len(set(numbers)) == 60
    rows = sorted(Case.objects.values_list("body_id", "year", "series", "sequence"))
    for _key, group in itertools.groupby(rows, key=lambda r: r[:3]):
        seqs = [s for _b, _y, _s, s in group]
        assert seqs == list(range(1, len(seqs) + 1))
    assert chain.verify().ok


def test_generate_refuses_a_database_with_real_cases_unless_forced(world, now, settings, tmp_path):  # noqa: F811
    settings.VAR_DIR = tmp_path
    real = file_complaint(world)
    with pytest.raises(CommandError, match="1 expedientes que no son sintéticos"):
        _generate(3)
    assert Case.objects.count() == 1
    _generate(3, "--force")
    assert Case.objects.count() == 4
    assert Case.objects.filter(pk=real.pk, entries__recorded_by__username=GENERATOR).count() == 0
    assert chain.verify().ok


# -- issue 30, item 8: the fast path writes what the old one did -----------------------------------------------


class _Undo(Exception):
    pass


def _rows_now() -> dict[str, list[dict[str, Any]]]:
    """Every table ``generate`` writes, row by row (the search index by what it indexes: its ids follow the order
    of writing, which ``reindexar`` does not keep)."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for model in (Person, OfficeTerm, Case, Party, DocketEntry, RollCall, Ballot, CaseDeadline, CaseFinding):
        tables[model.__name__] = list(model.objects.order_by("pk").values())
    for model in (StateRecord, ChainLink, ChainHead, PublishedMatter):
        tables[model.__name__] = list(model.objects.order_by("pk").values())
    tables["SearchEntry"] = list(SearchEntry.objects.order_by("kind", "object_id").values(*_INDEXED))
    return tables


_INDEXED = ("kind", "object_id", "case_id", "ref", "title", "text", "title_stems", "stems")


def _sequences() -> list[tuple[str, int, bool]]:
    if connection.vendor != "postgresql":
        return []  # SQLite's AUTOINCREMENT counters roll back with the transaction
    with connection.cursor() as cursor:
        # Every sequence of the schema, the identity columns' too (information_schema leaves those out).
        cursor.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relkind = 'S' AND n.nspname = current_schema()"
        )
        names = [n for (n,) in cursor.fetchall()]
        out = []
        for name in names:
            cursor.execute(f'SELECT last_value, is_called FROM "{name}"')  # noqa: S608 (the catalogue's names)
            last, called = cursor.fetchone()
            out.append((name, last, called))
    return out


def _generated_then_undone(n: int) -> dict[str, list[dict[str, Any]]]:
    """The rows ``generate --cases n --seed 7`` leaves, read, then rolled back (and PostgreSQL's sequences, which
    a rollback does not move back, set as they were): the next run starts from the same database."""
    sequences = _sequences()
    rows: dict[str, list[dict[str, Any]]] = {}
    try:
        with transaction.atomic():
            _generate(n, "--seed", "7")
            rows = _rows_now()
            raise _Undo
    except _Undo:
        pass
    with connection.cursor() as cursor:
        for name, last, called in sequences:
            cursor.execute("SELECT setval(%s, %s, %s)", [name, last, called])
    return rows


def test_generate_fast_path_writes_the_rows_of_the_old_path_searchable_published_and_chained(
    now,  # noqa: F811
    settings,
    tmp_path,
    monkeypatch,
    client,
):
    """The same seed gives the same rows, table by table, through the fast path (COPY on PostgreSQL, the
    previous act's evaluation reused by ``check_act``, the batch's public rows in one statement, the index rows
    written with the batch, the derivation's new terms inserted per batch, the rows derived and chained as
    written) as through the old one
    (``bulk_create``, every evaluation recomputed, a public row per case as derived, the terms per case, the
    derivation and the audit chain reading every row back, then ``reindexar``); and what the fast path leaves is found by the search and shown on
    the public record with no step after it, and its audit chain verifies."""
    settings.VAR_DIR = tmp_path
    now.set("2027-06-15 09:00")
    moment = clock.now()
    monkeypatch.setattr(timezone, "now", lambda: moment)  # the chain's and versions' own timestamps

    def bulk_create(objs: Any) -> None:
        if objs:
            type(objs[0]).objects.bulk_create(objs, batch_size=1000)

    def recomputed(case: Any, facts: Any, existing: Any, act: Any, at: Any, *, current: Any = None) -> Any:
        return check_act(case, facts, existing, act, at)  # the docket's evaluation computed again, as before

    _generate(1, "--seed", "3")  # the demo's bodies and users (their passwords and keys are random) set up once
    with monkeypatch.context() as old:
        old.setattr(generate_module, "_insert", bulk_create)
        old.setattr(generate_module, "_as_written", _read_back)
        old.setattr(generate_module, "check_act", recomputed)
        old.setattr(public_record, "deferred", contextlib.nullcontext)
        old.setattr(index, "rows_of_new", lambda *_rows: [])
        old.setattr(generate_module, "derive", _rederived_and_reindexed)
        each_case = derived_rows._sync_deadlines  # the terms inserted case by case, not a batch's together
        old.setattr(derived_rows, "_sync_deadlines", lambda stored, rows, _batch=None: each_case(stored, rows))
        before = _generated_then_undone(12)
    after = _generated_then_undone(12)
    assert set(before) == set(after)
    for table in before:
        assert after[table] == before[table], table
    assert len(after["Case"]) == 13 and len(after["SearchEntry"]) == 13 + len(after["DocketEntry"])
    assert after["PublishedMatter"], "some generated matters are public"

    # Left in place this time: chained, searchable, public.
    _generate(12, "--seed", "7")
    assert chain.verify().ok
    bench = User.objects.get(username=BENCH_USER)
    case = Case.objects.order_by("pk").first()
    assert case is not None
    found = search_query.search(case.number, scope_for_user(bench))
    assert [h.case_number for h in found.hits] == [case.number]
    by_word = search_query.search("datos sintéticos", scope_for_user(bench))
    assert by_word.total >= 12  # the facts of every complaint, the parties' register…
    matter = PublishedMatter.objects.select_related("body").order_by("pk").first()
    assert matter is not None
    page = client.get(reverse("web:public_body", args=[matter.body.slug]))
    assert page.status_code == 200 and matter.number in page.content.decode()


def _read_back(kind: str, objs: Any) -> list[Any]:
    """The old path's rows for the audit chain: read back as stored, with the parts the chain digests."""
    model = type(objs[0])
    qs = model._base_manager.filter(pk__in=[o.pk for o in objs]).order_by("pk")
    spec = chain.KINDS.get(kind)
    if spec is not None and spec.prefetch_related:
        qs = qs.prefetch_related(*spec.prefetch_related)
    return list(qs)


def _rederived_and_reindexed(cases: Any, at: Any, *_written: Any) -> None:
    """The old path's derivation (``ventila rederive``'s batches: every row read back, every docket evaluated
    again), then the whole search index rebuilt (``ventila reindexar``)."""
    rederive(Case.objects.filter(pk__in=[c.pk for c in cases]), now=at, batch=generate_module.DERIVE_BATCH, force=True)
    index.rebuild()
