"""The statistics dashboard against the raw SQL of its queries, in one run (issue 18). See bench/README.md,
"Statistics dashboard against its SQL".

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventila_bench .venv/bin/python bench/stats_dashboard.py

Against a database built by ``ventila generate --cases N``, production settings, signed in as
``secretaria-general`` (staff of both bodies), pinned to one core (CPU 1, as ``taskset -c 1``). For the
body with most cases and the whole span of its docket: the median over ``--runs`` requests of the
dashboard's CPU and wall time, and beside it the floor from the same run — the statements that
``ventila.stats.queries.compute`` sends, captured once and executed as raw SQL through the cursor
(wall time, which is what the database spends on them, plus the fetch). The ratio page ÷ floor is the
figure (goal: within 4×).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from django.db import connection  # noqa: E402
from django.db.models import Count, Max, Min  # noqa: E402
from pages import captured_sql, measure_page, measure_sql, signed_in  # noqa: E402  (sets up Django, production settings)

from ventila.accounts.models import User  # noqa: E402
from ventila.bodies.models import Body  # noqa: E402
from ventila.cases.models import Case, DocketEntry  # noqa: E402
from ventila.stats import queries  # noqa: E402
from ventila.web.generate import BENCH_USER  # noqa: E402


def amplify(copies: int) -> None:
    """PostgreSQL only: copy every case with its docket entries and terms ``copies`` times (INSERT …
    SELECT, new ids, numbers suffixed), so that a database ``ventila generate`` built in minutes holds
    ``copies + 1`` times as many cases of the same shapes. The copies are not chained in the audit record
    (the benchmark reads the statistics, not the chain)."""
    assert connection.vendor == "postgresql"
    with connection.cursor() as cur:

        def cols(table: str) -> list[str]:
            cur.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = %s ORDER BY ordinal_position",
                [table],
            )
            return [r[0] for r in cur.fetchall()]

        cur.execute("SELECT max(id) FROM cases_case")
        step_case = int(cur.fetchone()[0]) + 1
        cur.execute("SELECT max(id) FROM cases_docketentry")
        step_entry = int(cur.fetchone()[0]) + 1
        cur.execute("SELECT max(id) FROM cases_casedeadline")
        step_term = int(cur.fetchone()[0]) + 1
        plan = {
            "cases_case": (step_case, {"id": "id + k * {s}", "number": "number || '-' || k",
                                       "sequence": "sequence + k * 1000000", "rederive_at": "NULL"}),
            "cases_docketentry": (step_entry, {"id": "id + k * {s}", "case_id": f"case_id + k * {step_case}",
                                               "supersedes_id": f"supersedes_id + k * {step_entry}"}),
            "cases_casedeadline": (step_term, {"id": "id + k * {s}", "case_id": f"case_id + k * {step_case}"}),
        }  # fmt: skip
        for table, (step, override) in plan.items():
            names = cols(table)
            select = ", ".join(override[c].format(s=step) if c in override else f'"{c}"' for c in names)
            quoted = ", ".join(f'"{c}"' for c in names)
            cur.execute(
                f"INSERT INTO {table} ({quoted}) SELECT {select} FROM {table}, "  # nosec B608 - bench only
                f"generate_series(1, %s) AS k WHERE id < %s",
                [copies, step],
            )
            cur.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
        cur.execute("ANALYZE")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--cpu", type=int, default=1)
    parser.add_argument("--amplify", type=int, default=0, help="copy the cases this many times first")
    args = parser.parse_args()
    if args.amplify:
        amplify(args.amplify)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    user = User.objects.get(username=BENCH_USER)
    top = Case.objects.values("body").annotate(n=Count("id")).order_by("-n").first()
    assert top is not None, "build the database with `ventila generate --cases N` first"
    body = Body.objects.get(pk=top["body"])
    span = DocketEntry.objects.filter(case__body=body).aggregate(a=Min("occurred_at"), b=Max("occurred_at"))
    start, end = span["a"].date(), span["b"].date() + dt.timedelta(days=1)
    period = queries.Period(start, end)
    queries.refresh(body, dt.datetime.now(dt.UTC))  # the page's refresh is then a look at the index
    captured = captured_sql(lambda: queries.compute(body, period))
    floor_n, floor_ms, explain_ms = measure_sql(captured, args.runs)
    client = signed_in(user)
    url = f"/estadisticas/?cuerpo={body.slug}&desde={start}&hasta={end}"
    row, _content = measure_page(client, "dashboard", url, args.runs, warmup=2)
    public, _ = measure_page(client, "public", url.replace("/estadisticas/", "/estadisticas/publicas/"), args.runs, 2)
    cases = Case.objects.count()
    entries = DocketEntry.objects.count()
    print(f"{cases} cases, {entries} docket entries; body {body.slug} ({top['n']} cases), {start} – {end}")
    print(f"raw SQL of compute(): {floor_n} statements, {floor_ms:.1f} ms wall (EXPLAIN ANALYZE {explain_ms} ms)")
    for r in (row, public):
        print(
            f"{r.page}: {r.statements} statements, CPU {r.cpu_ms:.1f} ms, wall {r.wall_ms:.1f} ms, {r.size} bytes; "
            f"wall ÷ raw SQL = {r.wall_ms / floor_ms:.2f}×"
        )
    print("load:", os.getloadavg(), "median of", args.runs, statistics.__name__)


if __name__ == "__main__":
    main()
