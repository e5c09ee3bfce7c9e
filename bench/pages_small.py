"""CPU and statements per request of the work queue and the case page, beside a bare view.

    taskset -c 1 .venv/bin/python bench/pages_small.py [--cases 3000] [--runs 100]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventila_bench taskset -c 1 .venv/bin/python bench/pages_small.py
    … bench/pages_small.py --only "case"                  # the bare view and the pages whose label starts so
    … bench/pages_small.py --profile "case page, 200"     # cProfile (CPU clock) of one page instead, by cumulative time
    … bench/pages_small.py --sql "case page, 10 "         # the SQL statements one request of that page runs

Builds a scratch test database (pytest-django's naming: ``test_<name>``, created and dropped here),
a world of two bodies with their users (``tests/factories.py``), ``--cases`` cases cloned from a
filed complaint with spread due dates, stages, statuses, kinds and bodies, and one case with 10 and
one with 200 docket entries. Then, signed in as the Cámara's secretary through Django's test Client
(DEBUG off, the production middleware), times each page: ``time.process_time`` around
``client.get``, median of ``--runs`` after 10 warm-up requests, and counts its SQL statements.
The bare view is a view that returns a constant response, behind ``login_required``, through the
same middleware. Not a test: numbers, not assertions.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
os.environ["VENTILA_DEBUG"] = "0"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from django.urls import include, path  # noqa: E402

urlpatterns = [
    path(
        "bench-bare/", lambda request: HttpResponse("ok") if request.user.is_authenticated else HttpResponse(status=302)
    ),
    path("", include("ventila.urls")),
]


def build(n_cases: int) -> tuple[object, dict[str, str]]:
    import factories
    from factories import file_complaint, make_world

    from ventila import clock
    from ventila.cases.models import Case, DocketEntry

    clock.set_now(factories.at("2027-03-01 11:00"))
    world = make_world()
    base = file_complaint(world)
    ten = file_complaint(world)
    big = file_complaint(world)
    rng = random.Random(7)
    stages = ["new", "notified", "answered", "investigation", "hearing", "report"]
    fields = [f.attname for f in Case._meta.concrete_fields if f.attname not in ("id",)]
    clones = []
    for i in range(n_cases):
        values = {f: getattr(base, f) for f in fields}
        values.update(
            number=f"BX-2027-{i:06d}",
            sequence=100000 + i,
            body_id=world.camara.pk if i % 3 else world.municipal.pk,
            next_due=None if i % 17 == 0 else dt.date(2027, 3, 1) + dt.timedelta(days=rng.randint(-30, 300)),
            stage=stages[i % len(stages)],
            status="closed" if i % 5 == 0 else "open",
            procedure="summary" if i % 97 == 0 else "ordinary",
        )
        clones.append(Case(**values))
    Case.objects.bulk_create(clones, batch_size=1000)
    template = base.entries.first()
    efields = [f.attname for f in DocketEntry._meta.concrete_fields if f.attname not in ("id", "case_id", "seq")]
    for case, n in ((ten, 10), (big, 200)):
        have = case.entries.count()
        DocketEntry.objects.bulk_create(
            [
                DocketEntry(case_id=case.pk, seq=have + k + 1, **{f: getattr(template, f) for f in efields})
                for k in range(n - have)
            ]
        )
    return world, {"ten": ten.number, "big": big.number}


def measure(client, url: str, runs: int) -> tuple[float, int]:
    for _ in range(10):
        r = client.get(url)
        assert r.status_code == 200, (url, r.status_code)
    times = []
    for _ in range(runs):
        t = time.process_time()
        client.get(url)
        times.append(time.process_time() - t)
    with CaptureQueriesContext(connection) as ctx:
        client.get(url)
    return statistics.median(times) * 1000, len(ctx.captured_queries)


def profile(client, url: str, runs: int) -> None:
    import cProfile
    import pstats

    for _ in range(10):
        client.get(url)
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for _ in range(runs):
        client.get(url)
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--profile", default="", help="a page label's start (e.g. 'case page, 200'): cProfile it instead")
    ap.add_argument("--sql", default="", help="a page label's start: print its SQL statements and where they run")
    ap.add_argument("--only", default="", help="measure only the pages whose label starts with this")
    args = ap.parse_args()
    settings.ROOT_URLCONF = "pages_small"
    settings.DEBUG = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    setup_test_environment()
    old = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from django.test import Client
        from factories import complete_second_factor

        world, numbers = build(args.cases)
        client = Client()
        user = world.users["secretaria"]
        client.force_login(user)
        complete_second_factor(client, user)
        pages = [
            ("bare view (login_required)", "/bench-bare/"),
            ("queue page 1", "/expedientes/"),
            ("queue body=municipal", "/expedientes/?body=querellas-municipales"),
            ("queue stage=hearing", "/expedientes/?stage=hearing"),
            ("queue kind=complaint", "/expedientes/?kind=complaint"),
            ("queue status=closed", "/expedientes/?status=closed"),
            ("queue status=all", "/expedientes/?status=all"),
            ("queue due=overdue", "/expedientes/?due=overdue"),
            ("queue page 2", "/expedientes/?after=2027-03-20_1"),
            ("queue undated page", "/expedientes/?after=n_1"),
            ("case page, 10 entries", f"/expedientes/{numbers['ten']}/"),
            ("case page, 200 entries", f"/expedientes/{numbers['big']}/"),
        ]
        if args.sql:
            url = next(u for label, u in pages if label.startswith(args.sql))
            client.get(url)
            with CaptureQueriesContext(connection) as ctx:
                client.get(url)
            for q in ctx.captured_queries:
                print(q["sql"][:300])
            return
        if args.profile:
            url = next(u for label, u in pages if label.startswith(args.profile))
            profile(client, url, args.runs)
            return
        pages = [(label, url) for label, url in pages if label.startswith(args.only) or label.startswith("bare")]
        print(f"{connection.vendor}, {args.cases} cases, median of {args.runs}, CPU ms per request")
        print("| page | CPU ms | statements |\n|---|---:|---:|")
        for label, url in pages:
            ms, n = measure(client, url, args.runs)
            print(f"| {label} | {ms:.2f} | {n} |", flush=True)
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)


if __name__ == "__main__":
    main()
