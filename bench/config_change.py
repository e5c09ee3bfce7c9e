"""A closure at N cases, and what an act or a page waits for while its batches run (issue 14, item 3).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventila_bench .venv/bin/python bench/config_change.py [--batch 100]

Against the database of ``DATABASE_URL`` (built by ``ventila generate --cases N``; it writes to it: a
closure, acts on two cases). The main process records a closure for the body with the most open cases
the way the calendar page does, with no re-derivation in the request (``budget=0``, what happens to the
cases the request's budget does not reach), then re-derives the body's stale open cases in batches as
the worker does (``rederive``). Meanwhile a second process probes, in a loop, two open cases of that body:
one the batches reach last (pending) and one they reach first (done early):

* *page*: what the case page does before rendering — ``refresh_if_stale`` (a pending case is re-derived
  on this read) and the read of its terms;
* *act*: ``do_record_act`` of an act the rulebook allows now without a payload when there is one, else
  ``do_record_entry`` of a record-only entry (a document issued): both lock the case row like any act.

It reports the closure's own transaction, the batches' total, and the worst and median wait of each probe
(wall time: waits are what matters here). The probe starts before the closure and stops after the last
batch; ``--rounds`` bounds its loop.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")

import django  # noqa: E402

django.setup()

from django.db.models import Count  # noqa: E402

from ventila import clock  # noqa: E402
from ventila.bodies.models import Body, Closure  # noqa: E402
from ventila.cases.actions import (  # noqa: E402
    ActInput,
    ActRefused,
    check_act,
    do_add_closure,
    do_record_act,
    do_record_entry,
    rederive,
    refresh_if_stale,
    stale_cases,
)
from ventila.cases.evaluation import live_events  # noqa: E402
from ventila.cases.models import Case, CaseDeadline  # noqa: E402
from ventila.cases.queries import case_facts  # noqa: E402
from ventila.web.generate import generator_user  # noqa: E402


def page(pk: int) -> None:
    case = refresh_if_stale(Case.objects.select_related("body").get(pk=pk))
    list(CaseDeadline.objects.filter(case=case))


def act(pk: int, user: object, n: int) -> str:
    case = Case.objects.select_related("body").get(pk=pk)
    now = clock.now()
    existing, facts = live_events(case.entries.all()), case_facts(case)
    for event_type in case.allowed_next:
        candidate = ActInput(event_type, now, False, {})
        try:
            check_act(case, facts, existing, candidate, now)
        except ActRefused:
            continue
        do_record_act(user=user, case=case, act=candidate, now=now)
        return "act"
    payload = {"document": n, "template": "bench", "title": "Documento de prueba", "sha256": "0" * 64, "rule": "-"}
    do_record_entry(user=user, case=case, event_type="document_issued", occurred_at=now, has_time=True, payload=payload)
    return "entry"


def probe(pending: int, done: int, stop: Path, rounds: int) -> None:
    user = generator_user()
    waits: dict[str, list[float]] = {"page, pending": [], "page, done": [], "act, pending": [], "act, done": []}
    kinds: dict[str, int] = {}
    print("ready", flush=True)
    n = 0
    while not stop.exists() and n < rounds:
        n += 1
        for name, pk in (("pending", pending), ("done", done)):
            t = time.perf_counter()
            page(pk)
            waits[f"page, {name}"].append(time.perf_counter() - t)
            t = time.perf_counter()
            kind = act(pk, user, n)
            waits[f"act, {name}"].append(time.perf_counter() - t)
            kinds[kind] = kinds.get(kind, 0) + 1
    print(json.dumps({"waits": waits, "kinds": kinds}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--probe", nargs=3, metavar=("PENDING", "DONE", "STOP"))
    args = parser.parse_args()
    if args.probe:
        probe(int(args.probe[0]), int(args.probe[1]), Path(args.probe[2]), args.rounds)
        return
    counts = Case.objects.filter(status="open").values("body").annotate(n=Count("id")).order_by("-n")
    if not counts:
        sys.exit("No open cases: build the database with `ventila generate --cases N` first.")
    body = Body.objects.get(pk=counts[0]["body"])
    now = clock.now()
    rederive(stale_cases(now), now=now)  # start from a current docket
    ids = list(Case.objects.filter(body=body, status="open").order_by("id").values_list("id", flat=True))
    pending, done = ids[-1], ids[0]
    day = next(
        d
        for d in (now.date() + dt.timedelta(days=k) for k in range(1, 60))
        if not Closure.objects.filter(body=body, day=d).exists()
    )
    with tempfile.TemporaryDirectory() as tmp:
        stop = Path(tmp) / "stop"
        proc = subprocess.Popen(
            [sys.executable, __file__, "--rounds", str(args.rounds), "--probe", str(pending), str(done), str(stop)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # a few probes before the change
        t0 = time.perf_counter()
        do_add_closure(user=generator_user(), body=body, day=day, reason="Cierre de prueba (bench)", budget=0)
        recorded = time.perf_counter() - t0
        t1 = time.perf_counter()
        result = rederive(stale_cases(clock.now(), bodies=[body]), now=clock.now(), batch=args.batch)
        batches = time.perf_counter() - t1
        stop.touch()
        out = json.loads(proc.stdout.readline())
        proc.wait()
    print(f"{Case.objects.count()} cases; body {body.slug}: {len(ids)} open; closure on {day}; batch {args.batch}")
    print(f"closure recorded (its own transaction, no case touched): {recorded * 1000:.1f} ms")
    print(
        f"batches: {result.done} cases re-derived in {result.batches} batches, {batches:.2f} s "
        f"({batches / max(result.done, 1) * 1000:.2f} ms a case); skipped (current or locked): {result.skipped}"
    )
    print("| probe (other process) | n | median ms | worst ms |")
    print("|---|---:|---:|---:|")
    for name, values in out["waits"].items():
        if values:
            print(f"| {name} | {len(values)} | {statistics.median(values) * 1000:.1f} | {max(values) * 1000:.1f} |")
    worst = max(max(v) for v in out["waits"].values() if v)
    print(f"worst wait: {worst * 1000:.1f} ms (acts recorded: {out['kinds']})")


if __name__ == "__main__":
    main()
