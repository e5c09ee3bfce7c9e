"""Per-case derivation CPU beside the engine's, in one run (issue 14, item 2). See bench/README.md.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventila_bench .venv/bin/python bench/derive.py [--cases 200]

Against the database of ``DATABASE_URL`` (built by ``ventila generate --cases N``; it writes to it: the
"after one new act" probe appends a docket entry to each sampled open case). The process pins itself to
one core (``--cpu``). For each sampled open case, CPU time (``time.process_time``: this process, i.e.
the app's Python, not the database server's) and wall time, median over the sample:

* ``engine``: ``evaluate`` of the case's scenario (already built), the floor;
* ``refresh, unchanged``: ``do_refresh_case`` on a case already current (the rows compared, none written);
* ``refresh, after one new act``: ``do_refresh_case`` right after an entry was appended to the docket
  (what an act derives: only the rows that changed are written);
* ``batch, per case``: ``rederive`` of all sampled cases marked stale, in batches of ``--batch``, divided
  by the number of cases;
* ``read of a current case``: ``refresh_if_stale`` on a case already current (no query, no write).

With the SQL statements (and how many of them write) of one operation of each kind.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from ventila import clock  # noqa: E402
from ventila.cases.actions import (  # noqa: E402
    ActInput,
    ActRefused,
    check_act,
    do_refresh_case,
    rederive,
    refresh_if_stale,
)
from ventila.cases.evaluation import compute_scenario, live_events  # noqa: E402
from ventila.cases.models import Case, DocketEntry  # noqa: E402
from ventila.cases.queries import case_facts  # noqa: E402
from ventila.rules import evaluate, parse_scenario  # noqa: E402

WRITES = ("INSERT", "UPDATE", "DELETE")


def timed(fn):  # type: ignore[no-untyped-def]
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c0, time.perf_counter() - w0


def statements(fn) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        fn()
    sqls = [q["sql"].lstrip().upper() for q in ctx.captured_queries]
    return len(sqls), sum(s.startswith(WRITES) for s in sqls)


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--cpu", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity") and args.cpu in os.sched_getaffinity(0):
        os.sched_setaffinity(0, {args.cpu})
    now = clock.now()
    sample = list(Case.objects.filter(status="open").select_related("body").order_by("id")[: args.cases])
    if not sample:
        sys.exit("No open cases: build the database with `ventila generate --cases N` first.")
    ids = [c.pk for c in sample]
    rederive(Case.objects.filter(pk__in=ids), now=now, force=True)  # every sampled case current

    engine, unchanged, after_act, reads = [], [], [], []
    stmts: dict[str, tuple[int, int]] = {}
    for case in sample:
        case = Case.objects.select_related("body").get(pk=case.pk)
        scenario, _rb, _kind = parse_scenario(compute_scenario(case_facts(case), live_events(case.entries.all()), now))
        evaluate(scenario)
        engine.append(min(timed(partial(evaluate, scenario))[0] for _ in range(5)))
        refresh = partial(do_refresh_case, case, now=now)
        refresh()  # warm
        unchanged.append(timed(refresh)[0])
        stmts.setdefault("refresh, unchanged", statements(refresh))
        read = partial(refresh_if_stale, case, now)
        reads.append(timed(read)[0])
        stmts.setdefault("read of a current case", statements(read))

    # The batch path: every sampled case marked stale, then re-derived in batches.
    Case.objects.filter(pk__in=ids).update(config_version=0)
    with CaptureQueriesContext(connection) as ctx:
        cpu, wall = timed(partial(rederive, Case.objects.filter(pk__in=ids), now=now, batch=args.batch))
    batch_cpu, batch_wall = cpu / len(ids), wall / len(ids)
    batch_sql = len(ctx.captured_queries) / len(ids)

    act_stmts: list[tuple[int, int]] = []
    # After one new act: an act the rulebook allows now, with no payload, checked like any act and
    # appended to the docket directly (so that only the derivation is timed), then derived.
    for case in sample:
        case = Case.objects.select_related("body").get(pk=case.pk)
        entries = list(case.entries.all())
        existing, facts = live_events(entries), case_facts(case)
        user = entries[-1].recorded_by
        for event_type in case.allowed_next:
            act = ActInput(event_type, now - dt.timedelta(minutes=1), False, {})
            try:
                check_act(case, facts, existing, act, now)
            except ActRefused:
                continue
            DocketEntry.objects.create(
                case=case,
                seq=entries[-1].seq + 1,
                event_type=event_type,
                occurred_at=act.occurred_at,
                has_time=False,
                payload={},
                recorded_by=user,
                recorded_at=now,
            )
            refresh = partial(do_refresh_case, case, now=now)
            if len(act_stmts) < len(after_act) + 1 and len(act_stmts) < 20:  # every other case: the SQL
                act_stmts.append(statements(refresh))
            else:
                after_act.append(timed(refresh)[0])
            break
    n = sorted(act_stmts)
    stmts["refresh, after one new act"] = n[len(n) // 2] if n else (0, 0)

    eng = statistics.median(engine)
    print(f"{len(sample)} open cases of {Case.objects.count()} ({connection.vendor}), CPU {args.cpu}, {now:%Y-%m-%d}")
    print("| operation | CPU ms (median) | × engine | SQL statements (writes) |")
    print("|---|---:|---:|---:|")
    print(f"| engine `evaluate` (parsed scenario) | {eng * 1000:.3f} | 1 | – |")
    rows = [
        ("refresh, unchanged", statistics.median(unchanged)),
        ("refresh, after one new act", statistics.median(after_act) if after_act else float("nan")),
        ("read of a current case", statistics.median(reads)),
    ]
    for name, value in rows:
        n, w = stmts.get(name, (0, 0))
        print(f"| `{name}` | {value * 1000:.3f} | {value / eng:.0f} | {n} ({w}) |")
    print(
        f"| batch `rederive`, per case (batch {args.batch}) | {batch_cpu * 1000:.3f} | {batch_cpu / eng:.0f} |"
        f" {batch_sql:.2f} per case |"
    )
    print(
        f"after one new act: {len(after_act) + len(act_stmts)} cases took an act the rulebook allows with no payload "
        f"(SQL: the median of {len(act_stmts)} of them)"
    )
    print(f"batch wall per case: {batch_wall * 1000:.3f} ms → 100,000 cases ≈ {batch_wall * 100_000 / 60:.1f} min")


if __name__ == "__main__":
    main()
