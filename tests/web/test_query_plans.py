"""The work queue and the case page near the floor (issue 14, item 4): the statements they run are
few and do not grow with the data, and each query on cases or docket entries can be served by an
index in the order asked — EXPLAIN-checked on the database the suite runs on, with the queries the
views really run (captured, not re-typed), so the tests follow the code.

On PostgreSQL each captured query is explained with sequential scans and sorts disabled (so a tiny
test table proves that an index *can* serve it): the plan must have no ``Seq Scan`` on cases or
entries and no ``Sort``. On SQLite, ``EXPLAIN QUERY PLAN`` must show no ``SCAN`` of those tables
without an index and no ``USE TEMP B-TREE FOR ORDER BY``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from factories import file_complaint, make_user

from ventila import clock
from ventila.accounts.models import RoleGrant
from ventila.bodies.models import Membership
from ventila.cases.models import Attachment, Case, CaseExclusion, CaseFinding, CaseSubstitute, DocketEntry
from ventila.documents.actions import do_create_draft, do_issue_document
from ventila.filing.models import Filing

from .helpers import ask_recusal

pytestmark = pytest.mark.django_db

WATCHED = ("cases_case", "cases_docketentry", "cases_queuecount")


@contextmanager
def captured() -> Iterator[list[tuple[str, Any]]]:
    """Every statement the block runs, as (sql, params) before the driver sees them."""
    seen: list[tuple[str, Any]] = []

    def wrapper(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        seen.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield seen


def _main_table(sql: str) -> str:
    m = re.search(r'\bFROM\s+"?(\w+)"?', sql, re.IGNORECASE)
    return m.group(1) if m else ""


def _selected_from(sql: str) -> str:
    """The table whose columns a SELECT returns (not one its EXISTS subqueries read)."""
    m = re.match(r'\s*SELECT\s+(?:DISTINCT\s+)?"(\w+)"\.', sql, re.IGNORECASE)
    return m.group(1) if m else _main_table(sql)


def plan_problems(sql: str, params: Any) -> list[str]:
    """What is wrong with the plan of one SELECT (empty when an index serves it in order)."""
    main = _main_table(sql)
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET LOCAL enable_seqscan = off")
            cur.execute("SET LOCAL enable_sort = off")
            try:
                cur.execute("EXPLAIN " + sql, params)
                lines = [row[0] for row in cur.fetchall()]
            finally:
                cur.execute("SET LOCAL enable_seqscan = on")
                cur.execute("SET LOCAL enable_sort = on")
            bad = [ln for ln in lines if any(f"Seq Scan on {t}" in ln for t in WATCHED)]
            if main in WATCHED:
                bad += [ln for ln in lines if re.search(r"\bSort\b", ln) and "Sort Key" not in ln]
            return bad
        cur.execute("EXPLAIN QUERY PLAN " + sql, params)
        details = [row[-1] for row in cur.fetchall()]
        bad = [d for d in details if any(re.fullmatch(rf"SCAN {t}( AS \w+)?", d) for t in WATCHED)]
        if main in WATCHED:
            bad += [d for d in details if "USE TEMP B-TREE FOR ORDER BY" in d]
        return bad


def assert_indexed(queries: list[tuple[str, Any]]) -> int:
    """Explain every SELECT touching cases or entries; return how many were checked."""
    checked = 0
    for sql, params in queries:
        if not sql.lstrip().upper().startswith("SELECT") or not any(f'"{t}"' in sql for t in WATCHED):
            continue
        checked += 1
        problems = plan_problems(sql, params)
        assert not problems, f"{problems}\n{sql}\n{params}"
    return checked


@pytest.fixture
def cases(world: Any, now: Any) -> list[Case]:
    """A few cases of the Cámara, dated, undated, closed, summary, and one of the municipal body."""
    out = [file_complaint(world, when=f"2027-03-01 10:{m:02d}") for m in range(10, 16)]
    Case.objects.filter(pk=out[1].pk).update(next_due=None)
    Case.objects.filter(pk=out[2].pk).update(status=Case.Status.CLOSED)
    Case.objects.filter(pk=out[3].pk).update(procedure="summary")
    return out


def _listing(queries: list[tuple[str, Any]]) -> str:
    return "\n".join(q[:140] for q, _p in queries)


def _client(client: Any, user: Any) -> Any:
    client.force_login(user)
    return client


QUEUE_URLS = [
    "/expedientes/",
    "/expedientes/?body=etica-camara",
    "/expedientes/?body=querellas-municipales",
    "/expedientes/?kind=complaint",
    "/expedientes/?kind=referral",
    "/expedientes/?stage=new",
    "/expedientes/?stage=hearing",
    "/expedientes/?status=closed",
    "/expedientes/?status=all",
    "/expedientes/?due=overdue",
    "/expedientes/?due=week",
    "/expedientes/?body=etica-camara&stage=new&status=all",
    "/expedientes/?after=2027-03-02_1",
    "/expedientes/?after=n_1",
    "/expedientes/?stage=new&after=n_1",
    "/expedientes/?turn=mine",
    "/expedientes/?turn=waiting",
    "/expedientes/?body=querellas-municipales&turn=waiting&status=all",
    "/expedientes/?turn=mine&after=2027-03-02_1",
]


@pytest.mark.parametrize("who", ["secretaria", "presidente", "presidencia_camara", "sustituto", "doble"])
def test_every_queue_filter_is_served_by_an_index_in_order(client, world, cases, who):
    if who == "sustituto":
        person = world.municipal_members[1]
        CaseSubstitute.objects.create(
            case=cases[0], person=person, replaces=world.members[1], appointed_on=dt.date(2027, 3, 1)
        )
        user = make_user("sustituto", person=person)
    elif who == "doble":  # staff of both bodies: the access filter is a list of bodies
        user = make_user(
            "doble",
            grants=((world.camara, RoleGrant.Role.STAFF), (world.municipal, RoleGrant.Role.SECRETARY)),
        )
    else:
        user = world.users[who]
    c = _client(client, user)
    for url in QUEUE_URLS:
        with captured() as queries:
            r = c.get(url)
        assert r.status_code == 200, url
        assert_indexed(queries)


def test_the_queue_runs_the_same_few_statements_whatever_the_number_of_cases(client, world, cases):
    c = _client(client, world.users["secretaria"])
    c.get("/expedientes/")
    with captured() as few:
        assert c.get("/expedientes/").status_code == 200
    base = Case.objects.get(pk=cases[0].pk)
    fields = {f.attname: getattr(base, f.attname) for f in Case._meta.concrete_fields if f.attname != "id"}
    Case.objects.bulk_create(
        [
            Case(**{**fields, "number": f"CE-2027-9{i:03d}", "sequence": 900 + i, "procedure": "summary"})
            for i in range(60)
        ]
    )
    with captured() as many:
        body = c.get("/expedientes/").content.decode()
    assert "CE-2027-9000" in body and 'rel="next"' in body
    assert len(many) <= len(few), _listing(many)  # a page not full also reads the undated cases
    # Session, user (its second factor checked in the same SELECT), the user's grants, the tabs' counts (the
    # counts stored per body and turn, issue 30), the page, the summary cases; no session
    # write (renewed at most once a minute, ventila/accounts/sessions.py), savepoints aside.
    statements = [q for q, _p in many if "SAVEPOINT" not in q]
    assert len(statements) <= 6, _listing(many)
    role_queries = [q for q, _p in many if "accounts_rolegrant" in q]
    assert len(role_queries) == 1, role_queries


def _pad_docket(case: Case, total: int) -> None:
    """Copy the case's entries (as stored) until it has ``total`` (the page renders each one)."""
    have = list(case.entries.order_by("seq"))
    fields = [f.attname for f in DocketEntry._meta.concrete_fields if f.attname not in ("id", "seq", "supersedes_id")]
    rows = []
    for n in range(len(have), total):
        source = have[n % len(have)]
        rows.append(DocketEntry(seq=n + 1, **{f: getattr(source, f) for f in fields}))
    DocketEntry.objects.bulk_create(rows)


@pytest.fixture
def two_dockets(world: Any, now: Any) -> tuple[Case, Case]:
    pair = []
    for total in (10, 200):
        case = file_complaint(world)
        ask_recusal(world, case, world.members[4])
        _pad_docket(case, total)
        pair.append(case)
    return pair[0], pair[1]


@pytest.mark.parametrize("who", ["secretaria", "presidente", "presidencia_camara"])
def test_the_case_page_runs_as_many_statements_for_200_entries_as_for_10(client, world, two_dockets, who):
    small, big = two_dockets
    if who == "presidencia_camara":
        Case.objects.filter(pk__in=[small.pk, big.pk]).update(final_report_sent=True)
    c = _client(client, world.users[who])
    counts = []
    for case in (small, big):
        c.get(f"/expedientes/{case.number}/")  # the day's first read re-derives the case (not measured)
        with captured() as queries:
            r = c.get(f"/expedientes/{case.number}/")
        assert r.status_code == 200
        assert case.number in r.content.decode()
        counts.append(queries)
        assert assert_indexed(queries) >= 2
    assert DocketEntry.objects.filter(case=big).count() == 200
    assert len(counts[0]) == len(counts[1]), _listing(counts[0]) + "\n----\n" + _listing(counts[1])
    role_queries = [q for q, _p in counts[1] if "accounts_rolegrant" in q]
    assert len(role_queries) == 1, role_queries
    people = [q for q, _p in counts[1] if '"bodies_person"' in q and "bodies_person" == _main_table(q)]
    assert len(people) <= 2, people


def test_the_case_page_reads_the_docket_its_documents_and_exclusions_once(client, world, two_dockets):
    """The timeline, the documents section (pending documents, hearings) and Sec. 8 share one read of
    each: the docket, the documents, their deliveries, the case's exclusions; a section the case has no
    rows in (this case: no document, exclusion, finding, substitute, attachment, draft, online filing)
    is not read at all (the case's own SELECT says which have rows)."""
    small, _big = two_dockets
    c = _client(client, world.users["secretaria"])  # manages documents: the section reads the most
    c.get(f"/expedientes/{small.number}/")
    with captured() as queries:
        assert c.get(f"/expedientes/{small.number}/").status_code == 200
    selects = [q for q, _p in queries if q.lstrip().upper().startswith("SELECT")]
    assert len([q for q in selects if _main_table(q) == "cases_docketentry"]) == 1
    for table in EMPTY_SECTIONS:
        reads = [q for q in selects if _selected_from(q) == table]
        assert not reads, (table, _listing([(q, None) for q in reads]))
    statements = [(q, p) for q, p in queries if "SAVEPOINT" not in q]  # the test's transaction adds savepoints
    # No session write, no read of the body's seats (no exclusion) or of the election days (per-process
    # body configuration). Issue 17 adds one: the respondent's advisory opinions (Sec. 19(e), CAM-19E-01),
    # one statement whatever the docket, the respondent looked up inside it.
    assert len(statements) <= 12, _listing(statements)
    assert not [q for q, _p in statements if "django_session" in q and not q.lstrip().startswith("SELECT")]
    assert not [q for q, _p in statements if _main_table(q) in ("bodies_membership", "bodies_electionday")]


EMPTY_SECTIONS = (
    "documents_document",
    "documents_delivery",
    "documents_draft",
    "cases_caseexclusion",
    "cases_casefinding",
    "cases_casesubstitute",
    "cases_attachment",
    "filing_filing",
)


def test_the_case_page_reads_and_shows_each_section_the_case_has_rows_in(client, world, two_dockets):
    """A case with a row in every optional section (a finding, an exclusion, a substitute, an attachment,
    an issued document, a draft, an online filing) shows each, each read once."""
    small, _big = two_dockets
    user = world.users["secretaria"]
    c = _client(client, user)
    c.get(f"/expedientes/{small.number}/")  # the day's first read re-derives the case (rewrites its findings)
    entry = small.entries.get(seq=1)
    do_issue_document(
        user=user, draft=do_create_draft(user=user, case=small, entry=entry, template="notice_of_complaint")
    )
    do_create_draft(user=user, case=small, entry=entry, template="speaker_copy")
    CaseFinding.objects.create(
        case=small, finding_id="hallazgo-de-prueba", rule_id="R-TEST", citation="Sec. 0", message="Hallazgo visible."
    )
    CaseExclusion.objects.create(case=small, person=world.members[5], reason=CaseExclusion.Reason.RECUSED)
    CaseSubstitute.objects.create(
        case=small, person=world.members[6], replaces=world.members[5], appointed_on=dt.date(2027, 3, 1)
    )
    Attachment.objects.create(
        entry=entry,
        file="attachments/ab/abc",
        filename="prueba-adjunta.pdf",
        sha256="ab" * 32,
        size=3,
        content_type="application/pdf",
    )
    Filing.objects.create(
        case=small, key_hash="f" * 64, filed_at=clock.now(), receipt={}, email="ana@example.org", language="es"
    )
    with captured() as queries:
        r = c.get(f"/expedientes/{small.number}/")
    assert r.status_code == 200
    page = r.content.decode()
    for shown in (
        "Hallazgo visible.",
        str(world.members[5]),
        str(world.members[6]),
        "prueba-adjunta.pdf",
        "Presentada en línea",
        "Querella presentada por el formulario",
    ):
        assert shown in page, shown
    assert page.count("Borrador") >= 1 or "borrador" in page, "the draft is listed"
    selects = [q for q, _p in queries if q.lstrip().upper().startswith("SELECT")]
    for table in EMPTY_SECTIONS:
        if table == "documents_delivery":
            continue
        reads = [q for q in selects if _selected_from(q) == table]
        assert len(reads) == 1, (table, _listing([(q, None) for q in reads]))


def test_a_grant_withdrawn_takes_effect_on_the_next_request(client, world, cases):
    user = make_user("temporal", grants=((world.camara, RoleGrant.Role.STAFF),))
    c = _client(client, user)
    url = f"/expedientes/{cases[0].number}/"
    assert c.get(url).status_code == 200
    RoleGrant.objects.filter(user=user).delete()
    assert c.get(url).status_code == 404
    RoleGrant.objects.create(user=user, body=world.camara, role=RoleGrant.Role.STAFF)
    assert c.get(url).status_code == 200


def test_a_seat_that_ends_takes_effect_on_the_next_day(client, world, cases, now):
    c = _client(client, world.users["comisionado"])
    url = f"/expedientes/{cases[0].number}/"
    assert c.get(url).status_code == 200
    Membership.objects.filter(person=world.members[4]).update(end=dt.date(2027, 3, 1))
    assert c.get(url).status_code == 200  # still seated today
    now.set("2027-03-02 09:00")
    assert c.get(url).status_code == 404


# -- the same queries as PostgreSQL plans them by default, on tables of a realistic size (issue 30) ------

SIZED = 20_000  # cases: enough that a scan of them costs more than the index the planner should choose
SORT_MAX = 200  # rows the planner expects to sort: more is the whole body's cases gathered and sorted
SORTED_ROWS = re.compile(r"\bSort\s+\(cost=[\d.]+ rows=(\d+)")


def default_plan_problems(sql: str, params: Any) -> list[str]:
    """What is wrong with the plan PostgreSQL really makes (its defaults, the table's statistics): a
    sequential scan of cases or entries, or a sort of the rows read from them."""
    with connection.cursor() as cur:
        cur.execute("EXPLAIN " + sql, params)
        lines = [row[0] for row in cur.fetchall()]
    bad = [ln for ln in lines if any(f"Seq Scan on {t}" in ln for t in WATCHED)]
    if _main_table(sql) in WATCHED:  # sorting the few rows a selective filter leaves is the planner's right
        bad += [ln for ln in lines if (m := SORTED_ROWS.search(ln)) and int(m.group(1)) > SORT_MAX]
    return [*bad, *(["(plan)", *lines] if bad else [])]


def test_the_queue_and_its_counts_are_planned_on_an_index_by_default_at_20000_cases(client, world, cases):
    """The queue's pages and its tabs' counts for a user of one body and one of two (the access filter
    ``body_id + 0``), planned with the planner's defaults on 20,000 cases of both bodies with fresh
    statistics (PostgreSQL's ``EXPLAIN``; SQLite's ``EXPLAIN QUERY PLAN`` after its ``ANALYZE``): an index hidden from the planner shows up here as a sequential scan or a sort (the
    test with scans disabled, above, proves only that an index *can* serve each query).
    ``bench/plans.py`` runs the same check on a generated database of any size."""
    # Copies of one filed case made by the server itself (generate_series: a bulk_create of 20,000 rows
    # costs seconds): both bodies, one in five closed, one in seven undated, the due days spread over 400.
    postgres = connection.vendor == "postgresql"
    overrides = {
        "body_id": "CASE WHEN i %% 2 = 0 THEN %s ELSE %s END",
        "number": "'PL-' || lpad(i::text, 6, '0')" if postgres else "'PL-' || printf('%%06d', i)",
        "sequence": "10000 + i",
        "status": "CASE WHEN i %% 5 = 0 THEN 'closed' ELSE 'open' END",
        "next_due": "CASE WHEN i %% 7 = 0 THEN NULL ELSE "
        + (
            "DATE '2027-01-01' + (i %% 400) END" if postgres else "date('2027-01-01', '+' || (i %% 400) || ' days') END"
        ),
        "procedure": "'ordinary'",
        # Whose move, spread as in a generated docket (issue 30: the tabs filter by it; copies all «mine» would
        # let the planner see no «waiting» case at all and read the table rather than the index).
        "turn": "CASE WHEN i %% 5 = 1 THEN 'waiting' WHEN i %% 5 = 2 THEN 'lapse' ELSE 'mine' END",
    }
    columns = [f.column for f in Case._meta.concrete_fields if f.column != "id"]
    values = [overrides.get(c, f'b."{c}"') for c in columns]
    names = ", ".join(f'"{c}"' for c in columns)
    series = (
        "generate_series(0, %s) AS g(i)"
        if postgres
        else "(WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < %s) SELECT i FROM s) AS g"
    )
    with connection.cursor() as cur:
        cur.execute(
            f"INSERT INTO cases_case ({names}) SELECT {', '.join(values)} "  # noqa: S608 - the model's own columns
            f"FROM cases_case b, {series} WHERE b.id = %s",
            [world.camara.pk, world.municipal.pk, SIZED - 1, cases[0].pk],
        )
    assert Case.objects.count() >= SIZED
    with connection.cursor() as cur:
        cur.execute("ANALYZE cases_case" if postgres else "ANALYZE")
    doble = make_user(
        "doble", grants=((world.camara, RoleGrant.Role.STAFF), (world.municipal, RoleGrant.Role.SECRETARY))
    )
    checked = 0
    for user in (world.users["secretaria"], doble):
        c = _client(client, user)
        for url in (
            "/expedientes/",
            "/expedientes/?turn=mine",
            "/expedientes/?turn=waiting",
            "/expedientes/?due=overdue",
        ):
            with captured() as queries:
                assert c.get(url).status_code == 200, url
            for sql, params in queries:
                if sql.lstrip().upper().startswith("SELECT") and '"cases_case"' in sql:
                    checked += 1
                    problems = default_plan_problems(sql, params) if postgres else plan_problems(sql, params)
                    assert not problems, "\n".join([url, *problems, sql])
    assert checked >= 12  # each page: its rows (and the undated cases when the page is not full); filtered: its counts


@pytest.mark.parametrize("who", ["secretaria", "doble", "sustituto"])
def test_the_tabs_counts_are_read_from_the_stored_counts_the_same_at_any_size(client, world, cases, who):
    """Issue 30, item 5: for the bodies whose every case the user sees, the tabs' counts are one read of
    the counts stored per body and turn (``cases_queuecount``, a few rows per body), not of the cases:
    the same statements whatever the number of cases; a substitute's cases beyond them are counted from
    the cases, read by the person's appointments."""
    users = {
        "secretaria": world.users["secretaria"],
        "doble": make_user(
            "doble", grants=((world.camara, RoleGrant.Role.STAFF), (world.municipal, RoleGrant.Role.SECRETARY))
        ),
    }
    if who == "sustituto":
        person = world.municipal_members[1]
        CaseSubstitute.objects.create(
            case=cases[0], person=person, replaces=world.members[1], appointed_on=dt.date(2027, 3, 1)
        )
        users[who] = make_user("sustituto", person=person, grants=((world.municipal, RoleGrant.Role.SECRETARY),))
    c = _client(client, users[who])
    c.get("/expedientes/")

    def statements() -> list[str]:
        with captured() as queries:
            assert c.get("/expedientes/").status_code == 200
        assert_indexed(queries)
        return [re.sub(r"\d+", "N", q) for q, _p in queries if "SAVEPOINT" not in q]

    few = statements()
    counted = [q for q in few if '"cases_queuecount"' in q]
    assert len(counted) == 1, _listing([(q, None) for q in few])
    base = Case.objects.get(pk=cases[0].pk)
    fields = {f.attname: getattr(base, f.attname) for f in Case._meta.concrete_fields if f.attname != "id"}
    Case.objects.bulk_create(
        [Case(**{**fields, "number": f"CE-2027-9{i:03d}", "sequence": 900 + i}) for i in range(600)]
    )
    many = statements()  # 600 more cases (past turns.COUNT_CAP): the same count, no more statements
    assert [q for q in many if '"cases_queuecount"' in q] == counted
    assert len(many) <= len(few)  # a page not full also reads the undated cases
