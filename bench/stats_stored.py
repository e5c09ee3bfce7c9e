"""The statistics of closed periods read as stored (issue 30, ``ventila.stats.stored``) against a bare view
and the raw SQL of computing them, in one run. See bench/README.md, "Statistics from stored figures".

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventila_bench .venv/bin/python bench/stats_stored.py

Against a database built by ``ventila generate --cases N``, production settings (bench/pages.py's set-up),
signed in as ``secretaria-general``, pinned to one core. For the body with most cases: the staff dashboard
and the public page of the last closed year — the first request (computed and stored) and then the median of
``--runs`` requests (read as stored) — and the dashboard of this year (the default view: computed and
stored by the worker's ``stats`` job, timed here, then read as stored until it ages) and the public page's
default; beside them the bare view, the raw SQL of ``queries.compute`` for the closed year and the one
statement of reading a stored row.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from django.conf import settings  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.urls import clear_url_caches  # noqa: E402
from pages import captured_sql, measure_page, measure_sql, signed_in  # noqa: E402  (sets up Django, production settings)

from ventila import clock  # noqa: E402
from ventila.accounts.models import User  # noqa: E402
from ventila.bodies.models import Body  # noqa: E402
from ventila.cases.models import Case, DocketEntry  # noqa: E402
from ventila.stats import queries, stored  # noqa: E402
from ventila.stats.models import StoredStats  # noqa: E402
from ventila.web.generate import BENCH_USER  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cpu", type=int, default=1, help="the core to pin to")
    args = parser.parse_args()
    settings.ROOT_URLCONF = "bench_urls"  # the app's pages and the bare view
    clear_url_caches()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    top = Case.objects.values("body").annotate(n=Count("id")).order_by("-n").first()
    assert top is not None, "generate a database first (ventila generate --cases N)"
    body = Body.objects.get(pk=top["body"])
    year = clock.today().year - 1
    closed = queries.Period.year(year)
    StoredStats.objects.filter(body=body).delete()
    captured = captured_sql(lambda: queries.compute(body, closed))
    floor_n, floor_ms, explain_ms = measure_sql(captured, args.runs)
    client = signed_in(User.objects.get(username=BENCH_USER))
    print(f"load at start: {os.getloadavg()}")
    print(f"{Case.objects.count()} cases, {DocketEntry.objects.count()} docket entries; {body.slug} ({top['n']} cases)")
    bare, _ = measure_page(client, "bare view", "/__bench__/bare/", args.runs, 3)
    print(f"bare view: {bare.statements} statements, CPU {bare.cpu_ms:.2f} ms, wall {bare.wall_ms:.2f} ms")
    print(f"raw SQL of compute({year}): {floor_n} statements, {floor_ms:.1f} ms wall (EXPLAIN ANALYZE {explain_ms} ms)")
    for label, url in (
        (f"dashboard {year} (closed)", f"/estadisticas/?cuerpo={body.slug}&anio={year}"),
        (f"public statistics {year} (closed)", f"/estadisticas/publicas/?cuerpo={body.slug}&anio={year}"),
    ):
        c0, w0 = time.process_time(), time.perf_counter()
        first = client.get(url)
        assert first.status_code == 200, (url, first.status_code)
        cpu, wall = (time.process_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
        print(f"{label}, first request (computed and stored): CPU {cpu:.1f} ms, wall {wall:.1f} ms")
        row, _ = measure_page(client, label, url, args.runs, 1)
        print(f"{label}, stored: {row.statements} statements, CPU {row.cpu_ms:.2f} ms, wall {row.wall_ms:.2f} ms")
    this_year = queries.Period.year(year + 1)
    read = captured_sql(lambda: stored.stored_row(body, closed, public=False))
    n, ms, explain = measure_sql(read, args.runs)
    print(f"raw SQL of reading a stored row: {n} statement, {ms:.2f} ms wall (EXPLAIN ANALYZE {explain} ms)")
    c0, w0 = time.process_time(), time.perf_counter()
    computed = stored.keep_current([body])
    cpu, wall = (time.process_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
    print(
        f"worker's stats job ({computed} figure sets: {year + 1} staff, {year} public): CPU {cpu:.1f} ms, wall {wall:.1f} ms"
    )
    assert stored.stored_row(body, this_year, public=False) is not None
    for label, url in (
        (f"dashboard default ({year + 1}, open, kept by the worker)", f"/estadisticas/?cuerpo={body.slug}"),
        (f"public statistics default ({year})", f"/estadisticas/publicas/?cuerpo={body.slug}"),
    ):
        row, _ = measure_page(client, label, url, args.runs, 1)
        print(f"{label}: {row.statements} statements, CPU {row.cpu_ms:.2f} ms, wall {row.wall_ms:.2f} ms")
    StoredStats.objects.filter(body=body, start=this_year.start, end=this_year.end).delete()
    c0, w0 = time.process_time(), time.perf_counter()
    assert client.get(f"/estadisticas/?cuerpo={body.slug}").status_code == 200
    cpu, wall = (time.process_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
    print(f"dashboard default without the worker (computed on the request): CPU {cpu:.1f} ms, wall {wall:.1f} ms")
    print(f"load at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
