"""What a private calendar feed costs for a user who sees many cases (issue 14, item 5). Not a test:

    .venv/bin/python bench/calendar_feed.py [--cases 3000] [--pg postgres://…/ventila_bench_feed]

It creates a fresh PostgreSQL database (dropped and re-created), files ``--cases`` complaints in the
House Ethics Commission spread evenly over the two years before the measuring day (each through
``do_file_case``, so every case has its derived terms), and then, for the body's secretary (who sees
every case), times the feed for the default window (30 days back, 180 ahead) and for "everything"
(a window of ±100 years, what the feed was before), and the validator alone (what a 304 costs):
wall time, CPU of this process, peak Python memory (``tracemalloc``), bytes and events.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import secrets
import sys
import tempfile
import time
import tracemalloc
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TODAY = dt.date(2027, 6, 30)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/ventila_bench_feed")
    args = ap.parse_args()

    import psycopg

    url = urllib.parse.urlsplit(args.pg)
    dbname = url.path.lstrip("/")
    with psycopg.connect(
        host=url.hostname, port=url.port or 5432, user=url.username or "postgres", dbname="postgres", autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{dbname}"')
        conn.execute(f'CREATE DATABASE "{dbname}"')
    os.environ.update(
        DATABASE_URL=args.pg,
        VENTILA_VAR_DIR=tempfile.mkdtemp(prefix="ventila-feed-"),
        VENTILA_SECRET_KEY=secrets.token_urlsafe(40),
        DJANGO_SETTINGS_MODULE="ventila.settings",
    )
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import override_settings
    from factories import at, file_complaint, make_world

    from ventila import clock
    from ventila.cases.models import CaseDeadline
    from ventila.documents import calendars

    call_command("migrate", verbosity=0)
    world = make_world()
    start = TODAY - dt.timedelta(days=730)
    t0 = time.perf_counter()
    for i in range(args.cases):
        day = start + dt.timedelta(days=(730 * i) // args.cases)
        when = f"{day.isoformat()} 10:15"
        clock.set_now(at(f"{day.isoformat()} 11:00"))
        file_complaint(world, when=when, knowledge=(day - dt.timedelta(days=5)).isoformat())
    clock.set_now(at(f"{TODAY.isoformat()} 12:00"))
    print(f"{args.cases} cases filed in {time.perf_counter() - t0:.0f} s; {CaseDeadline.objects.count()} terms stored")
    with connection.cursor() as cur:
        cur.execute("ANALYZE")
    user = world.users["secretaria"]

    def measure(label: str, fn) -> None:  # type: ignore[no-untyped-def]
        best = None
        for _ in range(args.repeats):
            tracemalloc.start()
            w, c = time.perf_counter(), time.process_time()
            out = fn()
            wall, cpu = time.perf_counter() - w, time.process_time() - c
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            if best is None or wall < best[0]:
                best = (wall, cpu, peak, out)
        wall, cpu, peak, out = best  # type: ignore[misc]
        size = len(out) if isinstance(out, bytes) else 0
        events = out.count(b"BEGIN:VEVENT") if isinstance(out, bytes) else 0
        print(
            f"  {label:<34} {wall * 1000:8.1f} ms wall {cpu * 1000:8.1f} ms CPU  peak {peak / 1e6:6.2f} MB"
            f"  {size / 1e6:6.3f} MB  {events:6d} events"
        )

    print(f"feed of the body's secretary (sees all {args.cases} cases), today {TODAY}, best of {args.repeats}:")
    measure("validator only (ETag; a 304)", lambda: calendars.feed_validator(user, today=TODAY))
    measure("feed, window 30/180 days", lambda: calendars.user_feed(user, today=TODAY))
    with override_settings(VENTILA_CALENDAR_PAST_DAYS=36500, VENTILA_CALENDAR_AHEAD_DAYS=36500):
        measure("feed, every open term (no window)", lambda: calendars.user_feed(user, today=TODAY))
    return 0


if __name__ == "__main__":
    sys.exit(main())
