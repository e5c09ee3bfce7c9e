"""Load benchmark of the public e-filing form (issue 5). Not a test; run it by hand:

    .venv/bin/python bench/filing_load.py                      # 300 filings, 16 clients
    .venv/bin/python bench/filing_load.py --filings 600 --clients 24 --workers 5

It creates a fresh PostgreSQL database (``ventila_bench`` on 127.0.0.1:5432, user postgres;
``--pg`` to change), migrates it, adds the House Ethics Commission and one Representative, serves
ventila with gunicorn on a loopback port with the production settings (``VENTILA_ENV=production``;
the clients send what the reverse proxy of docs/deploy.md would: ``X-Forwarded-Proto: https``), and has ``--clients`` concurrent clients each walk the
whole public form — five steps, a 1 MB PDF as evidence, the oath, the receipt page (with the CSRF
and draft cookies a browser keeps) — until
``--filings`` receipts were acknowledged (or ``--timeout`` seconds passed). Then it checks, in the
database, that every acknowledged receipt exists, with its file's SHA-256, and that the case numbers
are unique and gapless. Loopback only; the per-address rate limit is raised for the run (every
client shares 127.0.0.1).
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / ".venv" / "bin" / "python"
BODY = "etica-camara"
CSRF_COOKIE = "__Host-csrftoken"  # its name with the production settings (docs/deploy.md)


def pdf_of(size: int) -> bytes:
    head = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"
    tail = b"\n%%EOF\n"
    return head + secrets.token_bytes(size - len(head) - len(tail)) + tail


class Client:
    """One person filing, over one keep-alive connection, with its own cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes | None = None, ctype: str = "") -> tuple[int, str, bytes]:
        # As behind the reverse proxy of docs/deploy.md: TLS ended there, which says so in X-Forwarded-Proto;
        # the browser sends the page's origin with every form.
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Host": "127.0.0.1",
            "X-Forwarded-Proto": "https",
            "Origin": "https://127.0.0.1",
        }
        if body is not None:
            headers["Content-Type"] = ctype
            headers["Content-Length"] = str(len(body))
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                r = self.conn.getresponse()
                data = r.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        for h, v in r.getheaders():
            if h.lower() == "set-cookie":
                name, _sep, rest = v.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return r.status, r.getheader("Location") or "", data

    def form(self, path: str, fields: list[tuple[str, str]]) -> tuple[int, str, bytes]:
        fields = [("csrfmiddlewaretoken", self.cookies.get(CSRF_COOKIE, "")), *fields]
        return self.request("POST", path, urllib.parse.urlencode(fields).encode(), "application/x-www-form-urlencoded")

    def multipart(
        self, path: str, fields: list[tuple[str, str]], file: tuple[str, str, bytes]
    ) -> tuple[int, str, bytes]:
        boundary = "----ventila" + secrets.token_hex(8)
        parts = []
        for k, v in [("csrfmiddlewaretoken", self.cookies.get(CSRF_COOKIE, "")), *fields]:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode())
        name, filename, content = file
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            f"Content-Type: application/pdf\r\n\r\n".encode()
            + content
            + b"\r\n"
        )
        parts.append(f"--{boundary}--\r\n".encode())
        return self.request("POST", path, b"".join(parts), f"multipart/form-data; boundary={boundary}")


def file_one(port: int, office_id: int, attachment: bytes, i: int) -> tuple[str, str]:
    """Walk the whole form; return (case number, key) from the receipt page."""
    c = prepare(port, office_id, attachment, i)
    return submit(c, i)


def prepare(port: int, office_id: int, attachment: bytes, i: int) -> Client:
    """Steps 1–4 (with the 1 MB upload): a draft ready to be sworn and submitted."""
    c = Client(port)
    base = f"/querellas/{BODY}"
    status, _loc, _b = c.request("GET", f"{base}/quien/")
    assert status == 200, status
    name = f"Persona Ficticia {i}"
    steps = [
        (
            "quien",
            [
                ("complainant_name", name),
                ("complainant_address", "Calle Luna 1, San Juan"),
                ("complainant_phone", "787-555-0100"),
                ("nav", "next"),
            ],
        ),
        ("querellado", [("respondent_office", str(office_id)), ("nav", "next")]),
        (
            "hechos",
            [
                ("facts", "Hechos de prueba de carga, detallados y específicos. " * 5),
                ("knowledge_date", "2026-11-20"),
                ("personal_knowledge", "on"),
                ("provisions", "10(i)"),
                ("nav", "next"),
            ],
        ),
    ]
    for step, fields in steps:
        status, loc, body = c.form(f"{base}/{step}/", fields)
        assert status == 302, (step, status, body[:400])
    status, loc, body = c.multipart(
        f"{base}/evidencia/",
        [("nav", "add_evidence"), ("ev_kind", "public_documents"), ("ev_description", "Documento de 1 MB")],
        ("ev_file", "prueba.pdf", attachment),
    )
    assert status == 302, ("evidencia", status, body[:400])
    status, loc, body = c.form(f"{base}/evidencia/", [("nav", "next")])
    assert status == 302, ("evidencia next", status)
    return c


def submit(c: Client, i: int) -> tuple[str, str]:
    """The oath and the submission (the case is created), then the receipt page."""
    base = f"/querellas/{BODY}"
    status, loc, body = c.form(
        f"{base}/juramento/",
        [("nav", "submit"), ("perjury_acknowledged", "on"), ("signature", f"Persona Ficticia {i}")],
    )
    assert status == 302 and "/acuse/" in loc, ("juramento", status, body[:600])
    status, _l, page = c.request("GET", urllib.parse.urlsplit(loc).path)
    assert status == 200, ("acuse", status)
    text = page.decode()
    number = re.search(r"Su número es <strong>([A-Z]+-\d{4}-\d{4})</strong>", text).group(1)  # type: ignore[union-attr]
    key = re.search(r'id="clave">([^<]+)<', text).group(1).strip()  # type: ignore[union-attr]
    c.conn.close()
    return number, key


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by a process and its children (the gunicorn workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    children_file = Path(f"/proc/{pid}/task/{pid}/children")
    if children_file.exists():
        pids += [int(x) for x in children_file.read_text().split()]
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) one process has used so far; 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class PgCpu:
    """CPU used by the PostgreSQL backends serving the benchmark's database (the server runs on this
    machine; its shared background processes — WAL writer, checkpointer — are not counted)."""

    def __init__(self, admin: dict[str, object], dbname: str) -> None:
        import psycopg

        self.conn = psycopg.connect(**admin, autocommit=True)  # type: ignore[arg-type]
        self.dbname = dbname
        self.start: dict[int, float] = {}

    def pids(self) -> list[int]:
        rows = self.conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.dbname]).fetchall()
        return [int(r[0]) for r in rows]

    def mark(self) -> None:
        self.start = {p: proc_cpu(p) for p in self.pids()}

    def used(self) -> float:
        """Since :meth:`mark`; a backend that ended meanwhile is not counted (connections persist)."""
        return sum(proc_cpu(p) - self.start.get(p, 0.0) for p in self.pids())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--filings", type=int, default=300)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    ap.add_argument("--threads", type=int, default=2, help="threads per gunicorn worker (gthread)")
    ap.add_argument("--worker-class", default="gthread", help="gunicorn worker class (gthread or sync)")
    ap.add_argument("--warmup", type=int, default=16, help="concurrent filings before measuring (not counted)")
    ap.add_argument("--size", type=int, default=1024 * 1024, help="attachment bytes (1 MB)")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--burst", type=int, default=200, help="drafts prepared, then submitted at once (phase 2)")
    ap.add_argument("--conn-max-age", type=int, default=60, help="VENTILA_DB_CONN_MAX_AGE for the server")
    ap.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/ventila_bench")
    args = ap.parse_args()
    load0 = os.getloadavg()[0]

    import psycopg

    url = urllib.parse.urlsplit(args.pg)
    dbname = url.path.lstrip("/")
    admin = dict(host=url.hostname, port=url.port or 5432, user=url.username or "postgres", dbname="postgres")
    with psycopg.connect(**admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{dbname}"')
        conn.execute(f'CREATE DATABASE "{dbname}"')
    var = Path(tempfile.mkdtemp(prefix="ventila-bench-"))
    env = dict(
        os.environ,
        DATABASE_URL=args.pg,
        VENTILA_VAR_DIR=str(var),
        VENTILA_SECRET_KEY=secrets.token_urlsafe(40),
        VENTILA_FILING_RATE="1000000/3600",
        VENTILA_DB_CONN_MAX_AGE=str(args.conn_max_age),
        VENTILA_ALLOWED_HOSTS="127.0.0.1",
        VENTILA_ENV="production",
        DJANGO_SETTINGS_MODULE="ventila.settings",
        EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
    )
    subprocess.run([str(ROOT / ".venv/bin/ventila"), "migrate", "--no-input", "-v", "0"], env=env, check=True)
    seed = (
        "import django, datetime as dt; django.setup()\n"
        "from ventila.bodies.models import Body, Person, OfficeTerm\n"
        "Body.objects.create(slug='etica-camara', name='Comisión de Ética de la Cámara de Representantes',"
        " short_name='Ética Cámara', rulebook='camara-171', case_prefix='CE', seats=7, approved=True)\n"
        "p = Person.objects.create(given_name='Rafael', family_name='Quiñones Ficticio')\n"
        "o = OfficeTerm.objects.create(person=p, role='representative', title='Representante del Distrito 40',"
        " start=dt.date(2025, 1, 2))\n"
        "print(o.pk)\n"
    )
    office_id = int(
        subprocess.run(
            [str(PY), "-c", seed], env=env, check=True, capture_output=True, text=True, cwd=ROOT
        ).stdout.strip()
    )
    port = free_port()
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "ventila.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(args.workers),
            "-k",
            args.worker_class,
            "--threads",
            str(args.threads),
            "--keep-alive",
            "30",
            "--log-level",
            "warning",
            "--preload",
            "--worker-tmp-dir",
            "/dev/shm",
            *(["-c", os.environ["BENCH_GUNICORN_CONF"]] if os.environ.get("BENCH_GUNICORN_CONF") else []),
        ],
        env=env,
        cwd=ROOT,
    )
    try:
        for _i in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        attachment = pdf_of(args.size)
        digest = hashlib.sha256(attachment).hexdigest()
        # Warm-up, not measured: enough concurrent filings that every worker has served some (its
        # templates compiled, its database connection open); their cases are checked below too.
        warm = [
            threading.Thread(target=file_one, args=(port, office_id, attachment, 200000 + w))
            for w in range(args.warmup)
        ]
        for t in warm:
            t.start()
        for t in warm:
            t.join()
        acked: list[tuple[str, str, float]] = []
        errors: list[str] = []
        lock = threading.Lock()
        counter = iter(range(1, args.filings + 1))
        deadline = time.monotonic() + args.timeout

        def worker() -> None:
            while time.monotonic() < deadline:
                with lock:
                    i = next(counter, None)
                if i is None:
                    return
                t0 = time.perf_counter()
                try:
                    number, key = file_one(port, office_id, attachment, i)
                except Exception as exc:  # noqa: BLE001 — counted and reported
                    with lock:
                        errors.append(repr(exc)[:300])
                    continue
                with lock:
                    acked.append((number, key, time.perf_counter() - t0))

        pg = PgCpu(admin, dbname)
        pg.mark()
        cpu0, client0 = tree_cpu(server.pid), time.process_time()
        start = time.perf_counter()
        threads = [threading.Thread(target=worker) for _c in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - start
        app_cpu, client_cpu = tree_cpu(server.pid) - cpu0, time.process_time() - client0
        pg_cpu = pg.used()
        # Phase 2, the filing itself: drafts prepared first (1 MB each already uploaded), then every
        # client submits at once — the case-creating transaction under contention.
        burst = min(args.burst, args.filings)
        drafts = []
        for i in range(burst):
            drafts.append(prepare(port, office_id, attachment, 100000 + i))
        sub_lat: list[float] = []
        sub_errors: list[str] = []
        pool = list(enumerate(drafts))

        def submitter() -> None:
            while True:
                with lock:
                    if not pool:
                        return
                    i, c = pool.pop()
                t0 = time.perf_counter()
                try:
                    number, key = submit(c, 100000 + i)
                except Exception as exc:  # noqa: BLE001
                    with lock:
                        sub_errors.append(repr(exc)[:300])
                    continue
                with lock:
                    acked.append((number, key, -1.0))
                    sub_lat.append(time.perf_counter() - t0)

        cpu1 = tree_cpu(server.pid)
        pg.mark()
        start2 = time.perf_counter()
        threads = [threading.Thread(target=submitter) for _c in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall2 = time.perf_counter() - start2
        sub_cpu = tree_cpu(server.pid) - cpu1
        sub_pg_cpu = pg.used()
        errors += sub_errors
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

    with psycopg.connect(args.pg) as conn:
        rows = conn.execute(
            "SELECT c.number, c.sequence, a.sha256, f.key_hash FROM cases_case c "
            "JOIN filing_filing f ON f.case_id = c.id "
            "JOIN cases_docketentry e ON e.case_id = c.id AND e.seq = 1 "
            "JOIN cases_attachment a ON a.entry_id = e.id ORDER BY c.sequence"
        ).fetchall()
    verify = subprocess.run(
        [str(ROOT / ".venv/bin/ventila"), "audit", "verify"], env=env, cwd=ROOT, capture_output=True, text=True
    )
    in_db = {r[0]: r for r in rows}
    numbers = [n for n, _k, _t in acked]
    sequences = sorted(r[1] for r in rows)
    lost = [
        n
        for n, k, _t in acked
        if n not in in_db
        or in_db[n][2] != digest
        or in_db[n][3] != hashlib.sha256("".join(ch for ch in k.upper() if ch.isalnum()).encode()).hexdigest()
    ]
    latencies = sorted(t for _n, _k, t in acked if t >= 0)
    walked = len(latencies)
    sub_lat.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    sp95 = sub_lat[int(0.95 * (len(sub_lat) - 1))] if sub_lat else float("nan")
    report = {
        "whole form walked (8 requests, 1 MB upload) — filings": walked,
        "  wall seconds": round(wall, 2),
        "  filings per second": round(walked / wall, 1),
        "  latency p50 s": round(statistics.median(latencies), 3) if latencies else None,
        "  latency p95 s": round(p95, 3),
        "  MB uploaded per second": round(walked * args.size / wall / 1e6, 1),
        "  app CPU seconds per filing (gunicorn workers)": round(app_cpu / max(walked, 1), 3),
        "  PostgreSQL CPU seconds per filing (its backends)": round(pg_cpu / max(walked, 1), 3),
        "  client CPU seconds per filing (this script)": round(client_cpu / max(walked, 1), 3),
        # What the CPU alone allows: whole filings per second if every core did nothing else (the
        # throughput above also depends on what else runs on the machine; this much less).
        f"  CPU ceiling on {os.cpu_count()} idle cores, filings/s": round(
            (os.cpu_count() or 1) * max(walked, 1) / max(app_cpu + pg_cpu + client_cpu, 1e-9), 1
        ),
        "submissions at once (drafts ready) — filings": len(sub_lat),
        "  wall seconds ": round(wall2, 2),
        "  submissions per second": round(len(sub_lat) / wall2, 1) if wall2 else None,
        "  submission latency p50 s": round(statistics.median(sub_lat), 3) if sub_lat else None,
        "  submission latency p95 s": round(sp95, 3),
        "  app CPU seconds per submission": round(sub_cpu / max(len(sub_lat), 1), 3),
        "  PostgreSQL CPU seconds per submission": round(sub_pg_cpu / max(len(sub_lat), 1), 3),
        "load average at the start / end (1 min; other processes share the cores)": (load0, os.getloadavg()[0]),
        "errors": len(errors),
        "cases in database": len(rows),
        "acknowledged but missing or wrong": len(lost),
        "numbers unique": len(set(numbers)) == len(numbers),
        "numbers gapless 1..N": sequences == list(range(1, len(rows) + 1)),
        "every case acknowledged": len(rows) == len(acked) + args.warmup,  # + the warm-up filings
        "ventila audit verify": ("passes — " if verify.returncode == 0 else "FAILS — ")
        + (verify.stdout.strip() or verify.stderr.strip()).splitlines()[-1][:200],
    }
    print(
        f"clients={args.clients} workers={args.workers}x{args.threads} ({args.worker_class}) attachment={args.size} bytes "
        f"cores={os.cpu_count()}"
    )
    for k, v in report.items():
        print(f"  {k}: {v}")
    for e in errors[:5]:
        print("  error:", e)
    ok = (
        not errors
        and not lost
        and report["numbers unique"]
        and report["numbers gapless 1..N"]
        and report["every case acknowledged"]
        and verify.returncode == 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
