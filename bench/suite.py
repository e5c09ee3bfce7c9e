"""The test suite's own cost (issue 25): each pass of ``./run test`` timed as ``./run test`` runs it.

    .venv/bin/python bench/suite.py                    # both passes (PostgreSQL when reachable)
    .venv/bin/python bench/suite.py --workers 0        # in one process (no pytest-xdist)
    .venv/bin/python bench/suite.py --output /tmp/suite.md

For each pass: the wall time, the CPU time of the whole process tree (pytest, its xdist workers and every
process a test starts: ``getrusage(RUSAGE_CHILDREN)``, which counts a child once it has been waited for),
the number of tests, and the slowest tests (pytest's ``--durations``). The machine's load average is printed
before and after: a figure taken while other work runs is not a quiet one. Not a test: pytest does not
collect ``bench/``.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
SUMMARY = re.compile(r"^=*\s*(?:(\d+) failed, )?(\d+) passed.*? in ([\d.]+)s", re.M)
DURATION = re.compile(r"^\s*([\d.]+)s (call|setup|teardown)\s+(\S+)", re.M)


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_pass(label: str, env: dict[str, str], args: list[str], slowest: int) -> dict[str, object]:
    log = Path(tempfile.mkstemp(prefix="ventila-cpu-", suffix=".tsv")[1])
    env = {**env, "VENTILA_TEST_CPU_LOG": str(log)}
    cpu0, wall0 = cpu_of_children(), time.monotonic()
    done = subprocess.run(  # noqa: S603 - our own interpreter, fixed arguments
        [str(PYTHON), "-m", "pytest", f"--durations={slowest}", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    wall, cpu = time.monotonic() - wall0, cpu_of_children() - cpu0
    out = done.stdout
    m = SUMMARY.search(out)
    durations = [(float(s), phase, node) for s, phase, node in DURATION.findall(out)][:slowest]
    rows = [line.split("\t") for line in log.read_text().splitlines()]
    # Each test's own CPU plus that of the processes it started (a CLI subprocess, `./run serve`, Chromium).
    costs = sorted(((float(own) + float(started), node) for own, node, started in rows), reverse=True)
    by_file: dict[str, float] = {}
    for cost, node in costs:
        path = node.split("::", 1)[0]
        by_file[path] = by_file.get(path, 0.0) + cost
    log.unlink()
    return {
        "label": label,
        "rc": done.returncode,
        "wall": wall,
        "cpu": cpu,
        "passed": int(m.group(2)) if m else 0,
        "failed": int(m.group(1) or 0) if m else 0,
        "slowest": durations,
        "costliest": costs[:slowest],
        "files": sorted(((c, f) for f, c in by_file.items()), reverse=True)[:slowest],
        "cpu_in_tests": sum(c for c, _node in costs),
        "cpu_started": sum(float(started) for _own, _node, started in rows),
        "tail": "\n".join(out.splitlines()[-5:]),
    }


def postgres_url() -> str | None:
    url = os.environ.get("VENTILA_TEST_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/ventila_bench_{os.getpid()}")
    probe = subprocess.run(  # noqa: S603
        [str(PYTHON), "-c", "import psycopg; psycopg.connect('host=127.0.0.1 user=postgres dbname=postgres').close()"],
        capture_output=True,
        check=False,
    )
    return url if probe.returncode == 0 else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="auto", help="pytest-xdist workers (0: one process)")
    parser.add_argument("--slowest", type=int, default=20)
    parser.add_argument("--output", type=Path)
    opts = parser.parse_args(argv)
    parallel = [] if opts.workers == "0" else ["-n", opts.workers, "--dist", "loadscope"]
    base = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    base["VENTILA_REQUIRE_BROWSER"] = "1"
    load0 = os.getloadavg()
    passes = [run_pass("SQLite", base, parallel, opts.slowest)]
    pg = postgres_url()
    if pg:
        passes.append(run_pass("PostgreSQL", {**base, "DATABASE_URL": pg}, [*parallel, "-m", "db"], opts.slowest))
    load1 = os.getloadavg()
    lines = [
        f"Load average before {load0[0]:.2f} / {load0[1]:.2f}, after {load1[0]:.2f} / {load1[1]:.2f}; "
        f"{os.cpu_count()} cores; workers: {opts.workers}.",
        "",
        "| pass | tests | wall | CPU (process tree) |",
        "|---|---:|---:|---:|",
    ]
    for p in passes:
        lines.append(
            f"| {p['label']} | {p['passed']} passed, {p['failed']} failed | {p['wall']:.0f} s | {p['cpu']:.0f} s |"
        )
    total_wall = sum(float(p["wall"]) for p in passes)  # type: ignore[arg-type]
    total_cpu = sum(float(p["cpu"]) for p in passes)  # type: ignore[arg-type]
    lines.append(f"| both | | {total_wall:.0f} s | {total_cpu:.0f} s |")
    for p in passes:
        lines += ["", f"Slowest on {p['label']}:", ""]
        lines += [f"- {s:.2f} s {phase} `{node}`" for s, phase, node in p["slowest"]]  # type: ignore[union-attr]
        lines += [
            "",
            f"Costliest on {p['label']} (CPU of the test and of the processes it started; {p['cpu_in_tests']:.0f} s "
            f"in all tests, {p['cpu_started']:.0f} s of it in started processes; the rest of the pass's CPU is "
            "collection, the databases' creation and pytest-xdist):",
            "",
        ]
        lines += [f"- {c:.2f} s `{node}`" for c, node in p["costliest"]]  # type: ignore[union-attr]
        lines += ["", f"Costliest files on {p['label']} (CPU of their tests, as above):", ""]
        lines += [f"- {c:.1f} s `{path}`" for c, path in p["files"]]  # type: ignore[union-attr]
    text = "\n".join(lines)
    print(text)
    if opts.output:
        opts.output.write_text(text + "\n")
    failed = [p for p in passes if p["rc"] != 0]
    for p in failed:
        print(f"\n{p['label']} failed (rc {p['rc']}):\n{p['tail']}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
