"""Each page against its floors, in one run (issue 14). See bench/README.md, "Pages against their floors".

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventila_bench_10k .venv/bin/python bench/pages.py [--write]

Against the database of ``DATABASE_URL`` (default: the app's SQLite file under ``var/``), built by
``ventila generate``, with production settings (``VENTILA_ENV=production``, DEBUG off, requests as the
TLS-terminating proxy sends them), signed in as ``secretaria-general`` (secretary of both bodies: she
sees every case), through Django's test ``Client`` in this process, so the CPU measured is the app's.
The process pins itself to one core (CPU 1, as ``taskset -c 1`` would; ``--cpu`` to choose).

For each page, after a warm-up: the median over ``--runs`` requests of CPU time (``time.process_time``)
and wall time, the SQL statements of one request (counted in a separate request, so the counting costs
nothing in the timed ones), and the size. Beside them, the floors from the same run: a bare view through
the same middleware for the same signed-in user (``bench/bench_urls.py``), and the raw SQL the page needs
at minimum, executed through the database cursor (and, on PostgreSQL, its ``EXPLAIN ANALYZE`` time).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
os.environ["VENTILA_ENV"] = "production"
os.environ.setdefault("VENTILA_SECRET_KEY", "bench-pages-not-a-secret-" + "x" * 40)
os.environ.setdefault("VENTILA_ALLOWED_HOSTS", "testserver")
os.environ.pop("VENTILA_DEBUG", None)

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import clear_url_caches  # noqa: E402
from django_otp import DEVICE_ID_SESSION_KEY  # noqa: E402

from ventila import clock  # noqa: E402
from ventila.accounts import twofactor  # noqa: E402
from ventila.accounts.models import RoleGrant, User  # noqa: E402
from ventila.bodies.models import Body  # noqa: E402
from ventila.cases.models import Case, CaseDeadline, DocketEntry  # noqa: E402
from ventila.documents.calendars import do_create_feed  # noqa: E402
from ventila.search.models import PublishedMatter  # noqa: E402
from ventila.web.generate import BENCH_USER  # noqa: E402

README = ROOT / "bench" / "README.md"
SECTION = "## Pages against their floors (issue 14)"


@dataclass
class Row:
    page: str
    statements: int
    cpu_ms: float
    wall_ms: float
    size: int
    floor_statements: int | None = None
    floor_ms: float | None = None
    explain_ms: float | None = None


def _median(values: list[float]) -> float:
    return statistics.median(values) * 1000


def _body(response) -> bytes:  # type: ignore[no-untyped-def]
    return b"".join(response.streaming_content) if response.streaming else response.content


def measure_page(
    client: Client,
    label: str,
    url: str,
    runs: int,
    warmup: int,
    headers: dict[str, str] | None = None,
    status: int = 200,
) -> tuple[Row, bytes]:
    headers = headers or {}
    for _ in range(warmup):
        r = client.get(url, headers=headers)
        if r.status_code != status:
            raise SystemExit(f"{label}: {url} answered {r.status_code}")
        _body(r)
    statements: list[str] = []

    def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        content = _body(client.get(url, headers=headers))
    cpu, wall = [], []
    for _ in range(runs):
        c0, w0 = time.process_time(), time.perf_counter()
        _body(client.get(url, headers=headers))
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return Row(label, len(statements), _median(cpu), _median(wall), len(content)), content


def captured_sql(fn: Callable[[], object]) -> list[tuple[str, list]]:
    """The statements ``fn()`` sends, as (sql, params): the raw SQL a floor re-runs."""
    captured: list[tuple[str, list]] = []

    def capture(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        captured.append((sql, list(params or [])))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(capture):
        fn()
    return captured


def measure_sql(queries: list[tuple[str, list]], runs: int) -> tuple[int, float, float | None]:
    """(statements, median wall ms of executing and fetching them all, EXPLAIN ANALYZE ms on PostgreSQL)."""
    wall = []
    with connection.cursor() as cursor:
        for sql, params in queries:  # warm-up
            cursor.execute(sql, params)
            cursor.fetchall()
        for _ in range(runs):
            w0 = time.perf_counter()
            for sql, params in queries:
                cursor.execute(sql, params)
                cursor.fetchall()
            wall.append(time.perf_counter() - w0)
        explain = None
        if connection.vendor == "postgresql":
            explain = 0.0
            for sql, params in queries:
                cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)
                plan = cursor.fetchone()[0]
                plan = plan[0] if isinstance(plan, list) else plan
                explain += float(plan["Planning Time"]) + float(plan["Execution Time"])
    return len(queries), _median(wall), explain


def _sql(qs) -> tuple[str, list]:  # type: ignore[no-untyped-def]
    sql, params = qs.query.sql_with_params()
    return sql, list(params)


def queue_floor(
    body_ids: list[int], filters: dict, cursor: tuple[dt.date, int] | None = None
) -> list[tuple[str, list]]:
    """The keyset scans of one page of 25 (+1) rows, as few columns as the row shows."""
    cols = ("id", "number", "caption", "next_due", "next_due_deadline", "stage", "kind", "status", "body_id")
    base = Case.objects.filter(body_id__in=body_ids, **filters)
    dated = base.filter(next_due__isnull=False)
    if cursor is not None:
        dated = dated.filter(next_due__gte=cursor[0]).exclude(next_due=cursor[0], id__lte=cursor[1])
    out = [_sql(dated.order_by("next_due", "id").values_list(*cols)[:26])]
    if dated.order_by().values_list("id")[:26].count() < 26:
        out.append(_sql(base.filter(next_due__isnull=True).order_by("id").values_list(*cols)[:26]))
    return out


def case_floor(number: str) -> list[tuple[str, list]]:
    case = Case.objects.get(number=number)
    return [
        _sql(Case.objects.filter(number=number).values_list("id", "number", "caption", "stage", "status", "body_id")),
        _sql(
            DocketEntry.objects.filter(case_id=case.pk)
            .order_by("seq")
            .values_list("seq", "event_type", "occurred_at", "payload", "details", "recorded_at")
        ),
        _sql(
            CaseDeadline.objects.filter(case_id=case.pk)
            .order_by("position")
            .values_list("deadline_id", "rule_id", "citation", "due", "status", "trace")
        ),
    ]


def feed_floor(body_ids: list[int]) -> list[tuple[str, list]]:
    return [
        _sql(
            DocketEntry.objects.filter(case__body_id__in=body_ids, event_type="hearing_noticed").values_list(
                "case__number", "occurred_at", "payload"
            )
        ),
        _sql(
            CaseDeadline.objects.filter(
                case__body_id__in=body_ids,
                case__status="open",
                satisfied_on__isnull=True,
                status__in=["open", "missed"],
            )
            .order_by("due", "case_id", "position")
            .values_list("case__number", "deadline_id", "due", "due_at", "term", "rule_id", "citation")
        ),
    ]


def public_floor(body_id: int, after: tuple[int, int] | None = None) -> list[tuple[str, list]]:
    """One page of the public record: 51 stored rows of the body in key order, and the body's count."""
    rows = PublishedMatter.objects.filter(body_id=body_id)
    page = rows
    if after is not None:
        page = rows.filter(year__lte=after[0]).exclude(year=after[0], case_id__gte=after[1])
    cols = ("case_id", "year", "number", "caption", "respondent_name", "respondent_office", "outcome", "final_on")
    return [_sql(page.order_by("-year", "-case_id").values_list(*cols)[:51]), _sql(rows.order_by().values("pk"))]


def open_data_floor(body_id: int) -> list[tuple[str, list]]:
    """Every stored record of the body, in order (what the open data streams)."""
    return [_sql(PublishedMatter.objects.filter(body_id=body_id).order_by("-year", "-case_id").values_list("record"))]


def run_public(args: argparse.Namespace, user: User) -> list[Row]:
    """The public record (anonymous), the staff search and the queue's CSV export (issue 30)."""
    anonymous = Client(HTTP_X_FORWARDED_PROTO="https")
    rows: list[Row] = []
    bare, _content = measure_page(
        anonymous, "bare public view (same middleware, anonymous)", "/__bench__/bare-public/", args.runs, 3
    )
    rows.append(bare)
    for body in Body.objects.order_by("pk"):
        if not PublishedMatter.objects.filter(body=body).exists():
            continue
        base = f"/registro-publico/{body.slug}/"
        n = PublishedMatter.objects.filter(body=body).count()
        row, content = measure_page(anonymous, f"public record {body.slug} p.1 ({n} matters)", base, args.runs, 3)
        row.floor_statements, row.floor_ms, row.explain_ms = measure_sql(public_floor(body.pk), args.runs)
        rows.append(row)
        cursor = re.search(rb"desde=(\d+)\.(\d+)", content)
        if cursor:
            after = (int(cursor.group(1)), int(cursor.group(2)))
            row, _content = measure_page(
                anonymous, f"public record {body.slug} p.2", f"{base}?desde={after[0]}.{after[1]}", args.runs, 3
            )
            row.floor_statements, row.floor_ms, row.explain_ms = measure_sql(public_floor(body.pk, after), args.runs)
            rows.append(row)
        number = PublishedMatter.objects.filter(body=body).order_by("case_id").values_list("number", flat=True).first()
        for q in ("desestimación", "sanción multa", number):
            row, _content = measure_page(anonymous, f"public search {body.slug} «{q}»", f"{base}?q={q}", args.runs, 3)
            rows.append(row)
        data_runs = max(1, args.feed_runs)
        for fmt in ("csv", "json"):
            url = f"{base}datos.{fmt}"
            row, _content = measure_page(anonymous, f"open data {body.slug} {fmt}", url, data_runs, 1)
            row.floor_statements, row.floor_ms, row.explain_ms = measure_sql(open_data_floor(body.pk), data_runs)
            rows.append(row)
        etag = anonymous.get(f"{base}datos.json")["ETag"]
        row, _content = measure_page(
            anonymous, f"open data {body.slug} json, unchanged (304)", f"{base}datos.json", args.runs, 3,
            {"If-None-Match": etag}, status=304,
        )  # fmt: skip
        rows.append(row)
    staff = signed_in(user)
    some = Case.objects.filter(series="").order_by("-pk").values_list("number", flat=True).first()
    for q in ("querella", some):
        row, _content = measure_page(staff, f"staff search «{q}»", f"/buscar/?q={q}", args.runs, 3)
        rows.append(row)
    row, _content = measure_page(
        staff, "queue export CSV (open cases)", "/expedientes/?formato=csv", max(1, args.feed_runs), 1
    )
    rows.append(row)
    return rows


def signed_in(user: User) -> Client:
    client = Client(HTTP_X_FORWARDED_PROTO="https")  # as the reverse proxy sends every request
    client.force_login(user)
    session = client.session
    session[DEVICE_ID_SESSION_KEY] = twofactor.demo_device(user).persistent_id  # the second factor, passed
    session.save()
    return client


def size_label(n: int) -> str:
    return str(n) if n < 1000 else f"{round(n / 1000)}k"


def run(args: argparse.Namespace) -> tuple[list[Row], dict[str, str]]:
    settings.ROOT_URLCONF = "bench_urls"
    clear_url_caches()
    user = User.objects.filter(username=BENCH_USER).first()
    if user is None:
        raise SystemExit(f"No {BENCH_USER} in this database: build it with `ventila generate --cases N` first.")
    client = signed_in(user)
    bodies = list(Body.objects.filter(pk__in=RoleGrant.objects.filter(user=user).values("body_id")).order_by("pk"))
    body_ids = [b.pk for b in bodies]
    open_ = {"status": "open"}
    stages = list(
        Case.objects.filter(status="open")
        .values("stage")
        .annotate(n=Count("id"))
        .order_by("-n")
        .values_list("stage", "n")
    )
    today = clock.today()
    week_end = today + dt.timedelta(days=6 - today.weekday())
    variants: list[tuple[str, str, dict]] = [
        ("queue p.1", "/expedientes/", open_),
        *[(f"queue body={b.slug}", f"/expedientes/?body={b.slug}", {**open_, "body_id": b.pk}) for b in bodies],
        *[
            (f"queue kind={k}", f"/expedientes/?kind={k}", {**open_, "kind": k})
            for k in ("complaint", "referral", "suspension_proceeding")
        ],
        *[
            (f"queue stage={s} ({n} open)", f"/expedientes/?stage={s}", {**open_, "stage": s})
            for s, n in (stages[:1] + stages[-1:])
        ],
        ("queue status=closed", "/expedientes/?status=closed", {"status": "closed"}),
        ("queue status=all", "/expedientes/?status=all", {}),
        ("queue due=overdue", "/expedientes/?due=overdue", {**open_, "next_due__lt": today}),
        ("queue due=week", "/expedientes/?due=week", {**open_, "next_due__gte": today, "next_due__lte": week_end}),
    ]
    rows: list[Row] = []
    bare, _content = measure_page(client, "bare view (same middleware, signed in)", "/__bench__/bare/", args.runs, 3)
    rows.append(bare)
    if args.public:
        return [bare, *run_public(args, user)], _facts()
    first_page = b""
    for label, url, filters in variants:
        row, content = measure_page(client, label, url, args.runs, 3)
        row.floor_statements, row.floor_ms, row.explain_ms = measure_sql(queue_floor(body_ids, filters), args.runs)
        rows.append(row)
        if url == "/expedientes/":
            first_page = content
    cursor = re.search(rb"after=(\d{4}-\d\d-\d\d)_(\d+)", first_page)
    if cursor:
        after = (dt.date.fromisoformat(cursor.group(1).decode()), int(cursor.group(2)))
        row, _content = measure_page(
            client, "queue p.2 (cursor)", f"/expedientes/?after={after[0].isoformat()}_{after[1]}", args.runs, 3
        )
        row.floor_statements, row.floor_ms, row.explain_ms = measure_sql(queue_floor(body_ids, open_, after), args.runs)
        rows.append(row)
    sizes = dict(Case.objects.annotate(n=Count("entries")).values_list("number", "n"))
    small = min(sizes, key=lambda k: (abs(sizes[k] - 10), k))
    large = max(sizes, key=lambda k: (sizes[k], k))
    for number in (small, large):
        row, _content = measure_page(
            client, f"case page ({sizes[number]} entries)", f"/expedientes/{number}/", args.runs, 3
        )
        row.floor_statements, row.floor_ms, row.explain_ms = measure_sql(case_floor(number), args.runs)
        rows.append(row)
    token = do_create_feed(user=user)
    feed_runs = max(1, args.feed_runs)
    row, _content = measure_page(client, "calendar feed (all cases)", f"/calendario/{token}.ics", feed_runs, 1)
    row.floor_statements, row.floor_ms, row.explain_ms = measure_sql(feed_floor(body_ids), feed_runs)
    rows.append(row)
    # What travels to a calendar program that accepts gzip (they all do), and its poll when nothing changed.
    feed_url = f"/calendario/{token}.ics"
    gz, _content = measure_page(
        client, "calendar feed, gzip (bytes sent)", feed_url, feed_runs, 1, {"Accept-Encoding": "gzip"}
    )
    rows.append(gz)
    etag = client.get(feed_url, headers={"Accept-Encoding": "gzip"})["ETag"]
    poll, _content = measure_page(
        client,
        "calendar feed, unchanged (304)",
        feed_url,
        args.runs,
        3,
        {"Accept-Encoding": "gzip", "If-None-Match": etag},
        status=304,
    )
    rows.append(poll)
    return rows, _facts()


def _facts() -> dict[str, str]:
    return {
        "cases": f"{Case.objects.count():,}",
        "entries": f"{DocketEntry.objects.count():,}",
        "published": f"{PublishedMatter.objects.count():,}",
        "database": connection.vendor,
    }


def table(rows: list[Row]) -> str:
    def ms(v: float | None) -> str:
        return "" if v is None else f"{v:,.2f}" if v < 10 else f"{v:,.1f}"

    out = [
        "| page | SQL statements | CPU ms | wall ms | bytes | floor: SQL statements | floor: SQL wall ms | floor: EXPLAIN ANALYZE ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r.page} | {r.statements} | {ms(r.cpu_ms)} | {ms(r.wall_ms)} | {r.size:,} | "
            f"{'' if r.floor_statements is None else r.floor_statements} | {ms(r.floor_ms)} | {ms(r.explain_ms)} |"
        )
    return "\n".join(out)


def _git_commit() -> str:
    try:
        return subprocess.run(  # noqa: S603 - fixed arguments
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def write_readme(block: str, key: str) -> None:
    text = README.read_text(encoding="utf-8")
    start, end = f"<!-- pages:{key} -->", f"<!-- /pages:{key} -->"
    wrapped = f"{start}\n{block}\n{end}"
    if start in text:
        text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _m: wrapped, text, flags=re.S)
    else:
        if SECTION not in text:
            text = text.rstrip("\n") + f"\n\n{SECTION}\n"
        text = text.rstrip("\n") + f"\n\n{wrapped}\n"
    README.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="timed requests per page (median)")
    parser.add_argument("--feed-runs", type=int, default=3, help="timed requests of the calendar feed")
    parser.add_argument("--cpu", type=int, default=1, help="the core to pin to (-1: do not pin)")
    parser.add_argument("--label", default="", help="the size heading (default: from the number of cases)")
    parser.add_argument("--tag", default="before", help="the run's name under its size (before, after…)")
    parser.add_argument("--write", action="store_true", help="write the table into bench/README.md")
    parser.add_argument(
        "--public", action="store_true", help="the public record, open data, staff search and CSV export (issue 30)"
    )
    parser.add_argument("--note", default="", help="a line to add under the table")
    args = parser.parse_args(argv)
    if args.cpu >= 0:
        os.sched_setaffinity(0, {args.cpu})
    load = os.getloadavg()
    rows, facts = run(args)
    label = args.label or size_label(Case.objects.count())
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join([".venv/bin/python bench/pages.py", *(argv if argv is not None else sys.argv[1:])])
    header = (
        f"### {label} — {args.tag} (commit {_git_commit()}, {when})\n\n"
        f"{facts['database']}, {facts['cases']} cases, {facts['entries']} docket entries, {facts['published']} "
        f"published matters; medians of {args.runs} "
        f"requests ({args.feed_runs} for the feed) after a warm-up, one process pinned to CPU {args.cpu} (as `taskset -c "
        f"{args.cpu}`); "
        f"load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; `{command}`.\n"
    )
    block = header + "\n" + table(rows) + ("\n\n" + args.note if args.note else "")
    print(block)
    if args.write:
        write_readme(block, f"{label}:{args.tag}")
        print(f"\n(written to {README.relative_to(ROOT)})")


if __name__ == "__main__":
    main()
