"""Derived rows that hold until the docket or the calendar says otherwise (issue 14, items 2 and 3).

A case stores until when its evaluation holds (``rederive_at``, from the engine's ``changes_on``) and the
configuration version it was derived with: a read re-derives it only when one of them says so, a refresh
writes only the rows that changed, and a closure is recorded at once and re-derived in batches.
"""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from factories import at, file_complaint, make_person, record

from ventila.bodies.models import Body
from ventila.cases.actions import (
    do_add_closure,
    do_add_election,
    do_refresh_case,
    is_stale,
    rederive,
    refresh_if_stale,
    stale_cases,
)
from ventila.cases.models import Case, CaseDeadline, CaseFinding
from ventila.documents.reminders import terms_for
from ventila.rules import PR_TZ

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE")


def _writes(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]


def _touching(sqls: list[str], table: str) -> list[str]:
    return [s for s in sqls if f'"{table}"' in s]


def _fresh(case: Case) -> Case:
    return Case.objects.select_related("body").get(pk=case.pk)


def _open_terms(case: Case) -> list[CaseDeadline]:
    return [d for d in CaseDeadline.objects.filter(case=case) if d.satisfied_on is None and d.status == "open"]


def _notified(world, when: str = "2027-03-03 10:00") -> Case:
    case = file_complaint(world)
    record(world, case, "respondent_notified", when)
    return _fresh(case)


def test_a_read_the_day_after_a_term_passes_shows_it_missed_and_rederives_once(world, now):
    now.set("2027-03-03 12:00")
    case = _notified(world)
    term = min(_open_terms(case), key=lambda d: d.due)
    # The case holds until the day after its nearest open term, at midnight in Puerto Rico.
    assert case.rederive_at == dt.datetime.combine(term.due + dt.timedelta(days=1), dt.time(), PR_TZ)

    now.set(f"{term.due.isoformat()} 23:30")  # the last day of the term: still open, nothing to do
    with CaptureQueriesContext(connection) as ctx:
        refresh_if_stale(_fresh(case))
    assert len(ctx.captured_queries) == 1  # the read of the case itself; no refresh

    moment = now.set(f"{(term.due + dt.timedelta(days=1)).isoformat()} 08:00")
    case = _fresh(case)
    assert is_stale(case, moment)
    case = refresh_if_stale(case, moment)
    row = CaseDeadline.objects.get(pk=term.pk)
    assert row.status == "missed" and row.due == term.due  # the same row, now missed
    assert case.rederive_at is None or case.rederive_at > moment
    # The reminders count the days from the stored due date and today: one day overdue.
    lines = [ln for ln in terms_for(world.users["secretaria"], moment.date(), 7) if ln.deadline.pk == term.pk]
    assert lines and lines[0].missed and lines[0].days_left == -1

    # A later read the same day finds it current: no refresh, no write.
    now.set(f"{(term.due + dt.timedelta(days=1)).isoformat()} 17:00")
    case = _fresh(case)
    with CaptureQueriesContext(connection) as ctx:
        refresh_if_stale(case)
    assert ctx.captured_queries == []


def test_a_case_whose_terms_are_all_in_the_future_is_not_rewritten_by_a_read_the_next_day(world, now):
    case = _fresh(file_complaint(world))
    assert _open_terms(case) and all(d.due > dt.date(2027, 3, 2) for d in _open_terms(case))
    moment = now.set("2027-03-02 09:00")
    case = _fresh(case)
    assert not is_stale(case, moment)
    with CaptureQueriesContext(connection) as ctx:
        refresh_if_stale(case, moment)
    assert ctx.captured_queries == []
    # Even a forced refresh writes nothing: the evaluation is the one stored.
    with CaptureQueriesContext(connection) as ctx:
        do_refresh_case(case, now=moment)
    assert _writes(ctx) == []


def test_a_refresh_after_one_act_writes_only_the_changed_rows(world, now):
    now.set("2027-03-03 12:00")
    case = file_complaint(world)
    before = {d.position: d for d in CaseDeadline.objects.filter(case=case)}
    findings_before = list(CaseFinding.objects.filter(case=case).values_list("pk", flat=True))
    with CaptureQueriesContext(connection) as ctx:
        record(world, case, "respondent_notified", "2027-03-03 10:00")
    after = {d.position: d for d in CaseDeadline.objects.filter(case=case)}
    cols = ("deadline_id", "due", "status", "satisfied_by", "satisfied_on", "trace")
    changed = [
        p
        for p in before
        if p in after and [getattr(before[p], c) for c in cols] != [getattr(after[p], c) for c in cols]
    ]
    new = [p for p in after if p not in before]
    assert new or changed  # the act counts
    deadline_writes = _touching(_writes(ctx), CaseDeadline._meta.db_table)
    updates = [s for s in deadline_writes if s.lstrip().upper().startswith("UPDATE")]
    inserts = [s for s in deadline_writes if s.lstrip().upper().startswith("INSERT")]
    assert len(updates) == len(changed)
    assert len(inserts) == (1 if new else 0)  # the new terms in one statement
    assert not [s for s in deadline_writes if s.lstrip().upper().startswith("DELETE")]
    # The rows that did not change are the same rows, untouched.
    for p in before:
        assert after[p].pk == before[p].pk
    assert list(CaseFinding.objects.filter(case=case).values_list("pk", flat=True)) == findings_before
    assert not _touching(_writes(ctx), CaseFinding._meta.db_table)


def test_a_closure_is_recorded_without_touching_case_rows_and_its_batches_rederive_every_open_case(world, now):
    now.set("2027-03-03 12:00")
    cases = [
        _notified(world),
        _fresh(file_complaint(world, respondent=make_person("Luis", "Ortiz Ficticio"))),
        _fresh(file_complaint(world, respondent=make_person("Eva", "Rosa Ficticia"))),
    ]
    answer = next(d for d in _open_terms(cases[0]) if d.deadline_id == "answer")
    version = Body.objects.get(pk=world.camara.pk).config_version

    moment = now.set("2027-03-04 09:00")
    with CaptureQueriesContext(connection) as ctx:
        do_add_closure(
            user=world.users["admin"], body=world.camara, day=answer.due, reason="Huracán (OE ficticia)", budget=0
        )
    writes = _writes(ctx)
    for model in (Case, CaseDeadline, CaseFinding):
        assert not _touching(writes, model._meta.db_table)
    assert Body.objects.get(pk=world.camara.pk).config_version == version + 1
    assert stale_cases(moment).filter(body=world.camara).count() == 3

    # A pending case read before its batch: re-derived on the read, with the moved due date.
    first = refresh_if_stale(_fresh(cases[0]), moment)
    moved = CaseDeadline.objects.get(case=first, deadline_id="answer")
    assert moved.due > answer.due and first.config_version == version + 1

    result = rederive(stale_cases(moment, bodies=[world.camara]), now=moment)
    assert (result.done, result.remaining) == (2, 0)
    assert stale_cases(moment).count() == 0
    for case in cases:
        assert _fresh(case).config_version == version + 1


def test_a_closure_within_the_request_budget_rederives_the_open_cases_at_once(world, now):
    now.set("2027-03-03 12:00")
    case = _notified(world)
    answer = next(d for d in _open_terms(case) if d.deadline_id == "answer")
    do_add_closure(user=world.users["admin"], body=world.camara, day=answer.due, reason="Huracán (OE ficticia)")
    assert stale_cases(at("2027-03-03 12:00")).count() == 0
    assert CaseDeadline.objects.get(case=case, deadline_id="answer").due > answer.due


def test_an_election_day_bumps_every_body(world, now):
    versions = dict(Body.objects.values_list("pk", "config_version"))
    do_add_election(kind="primary", day=dt.date(2027, 6, 6), user=world.users["admin"], reason="Primarias (ficticias)")
    assert {pk: v + 1 for pk, v in versions.items()} == dict(Body.objects.values_list("pk", "config_version"))


def test_rederive_is_resumable_and_idempotent(world, now):
    now.set("2027-03-03 12:00")
    for name in ("Uno", "Dos", "Tres"):
        file_complaint(world, respondent=make_person(name, "Ficticio"))
    moment = now.set("2027-03-04 09:00")
    do_add_closure(user=world.users["admin"], body=world.camara, day=dt.date(2027, 3, 19), reason="Cierre", budget=0)
    assert stale_cases(moment).count() == 3

    first = rederive(stale_cases(moment), now=moment, batch=1, max_batches=1)  # stopped after one batch
    assert (first.done, first.batches, first.remaining) == (1, 1, 2)
    assert stale_cases(moment).count() == 2
    rest = rederive(stale_cases(moment), now=moment, batch=1)  # run again: the rest
    assert (rest.done, rest.remaining) == (2, 0)
    assert stale_cases(moment).count() == 0
    with CaptureQueriesContext(connection) as ctx:
        again = rederive(Case.objects.all(), now=moment)  # all current: nothing written
    assert again.done == 0 and _writes(ctx) == []


def test_ventila_rederive_reports_progress_and_what_is_left(world, now):
    now.set("2027-03-03 12:00")
    for name in ("Uno", "Dos"):
        file_complaint(world, respondent=make_person(name, "Ficticio"))
    out = io.StringIO()
    call_command("rederive", stdout=out)
    text = out.getvalue()
    assert "Expedientes por recalcular: 0." in text and "pendientes: 0." in text

    out = io.StringIO()
    call_command("rederive", "--all", "--batch", "1", stdout=out)
    text = out.getvalue()
    assert "Expedientes marcados para recalcular: 2." in text
    assert "Expedientes por recalcular: 2." in text
    assert "1/2 expedientes (50 %)" in text and "2/2 expedientes (100 %)" in text
    assert "Recalculados: 2 en 2 lotes" in text and "pendientes: 0." in text
    assert stale_cases(at("2027-03-03 12:00"), open_only=False).count() == 0


def test_the_calendar_page_says_how_many_cases_are_still_to_recompute(client, world, now, settings):
    settings.VENTILA_REDERIVE_BUDGET = 0  # nothing re-derived in the request: all left to the batches
    file_complaint(world)
    file_complaint(world, respondent=make_person("Luis", "Ortiz Ficticio"))
    client.force_login(world.users["secretaria"])
    page = "/cuerpos/etica-camara/calendario/"
    r = client.post(page, {"form": "closure", "day": "2027-03-04", "reason": "Orden Ejecutiva (huracán)"}, follow=True)
    text = r.content.decode()
    assert "Se declaró el cierre. Quedan 2 expedientes por recalcular" in text
    assert "Quedan 2 expedientes abiertos por recalcular con el calendario actual" in text
    rederive(stale_cases(at("2027-03-01 11:00")), now=at("2027-03-01 11:00"))
    text = client.get(page).content.decode()
    assert "Todos los expedientes abiertos están calculados con el calendario actual." in text


def test_the_worker_round_rederives_the_cases_a_closure_left_pending(world, now):
    now.set("2027-03-03 12:00")
    case = _notified(world)
    answer = next(d for d in _open_terms(case) if d.deadline_id == "answer")
    do_add_closure(
        user=world.users["admin"], body=world.camara, day=answer.due, reason="Huracán (OE ficticia)", budget=0
    )
    assert stale_cases(at("2027-03-03 12:00")).count() == 1
    out = io.StringIO()
    call_command("worker", "--once", "--no-reminders", stdout=out)
    assert "expedientes recalculados: 1; pendientes: 0" in out.getvalue()
    assert stale_cases(at("2027-03-03 12:00")).count() == 0
    assert CaseDeadline.objects.get(case=case, deadline_id="answer").due > answer.due
