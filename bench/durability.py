"""Durability under failure: kill -9 the server while clients file and act on cases (PostgreSQL).

    .venv/bin/python bench/durability.py [--clients 8] [--seconds 5] [--workers 4]
                                         [--admin-url postgres://postgres@127.0.0.1:5432/postgres]

What it does, on a scratch database ``ventila_durability`` (dropped and re-created):

1. migrates it, creates a body, a respondent and one secretary account per client (each with its
   own TOTP device: clients sign in through the real two-step sign-in);
2. starts gunicorn (``--workers`` sync workers) and ``--clients`` concurrent HTTP clients that file
   complaints through the staff filing form and record acts on them (notice to the respondent,
   answer); an act is *acknowledged* when the server answered with the redirect to the case page;
3. after ``--seconds`` it ``kill -9``s the whole server (master and workers) mid-run, restarts it,
   lets the clients go on for ``--seconds`` more (their sessions survive: they live in the
   database), then stops them;
4. checks that every acknowledged act is in the docket, that nothing is half-written (a case without
   its first entry, an entry without its derived terms, a counter ahead of the numbers), that case
   numbers and entry numbers are gapless, and that ``ventila audit verify`` passes.

It prints the figures and exits non-zero if any check fails. Needs PostgreSQL (the admin URL must
be allowed to create databases). Not a test: it takes ~20 s and kills processes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv" / "bin"
DB_NAME = "ventila_durability"
PASSWORD = "clave-durabilidad-2027"  # a scratch database's accounts, deleted with it


def _db_url(admin_url: str) -> str:
    u = urlsplit(admin_url)
    return u._replace(path=f"/{DB_NAME}").geturl()


def recreate_database(admin_url: str) -> None:
    import psycopg

    u = urlsplit(admin_url)
    with psycopg.connect(
        host=u.hostname,
        port=u.port or 5432,
        user=u.username or "postgres",
        password=u.password or None,
        dbname=(u.path or "/postgres")[1:] or "postgres",
        autocommit=True,
    ) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")


def setup_world(clients: int, out: Path) -> None:
    """Runs in a child process with the scratch database's environment."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
    django.setup()
    from ventila.accounts import twofactor
    from ventila.accounts.models import RoleGrant, User
    from ventila.bodies.models import Body, Membership, OfficeTerm, Person

    body = Body.objects.create(
        slug="etica-camara",
        name="Comisión de Ética (prueba de durabilidad)",
        short_name="Ética",
        rulebook="camara-171",
        case_prefix="CE",
        seats=7,
        approved=True,
    )
    for i in range(7):
        p = Person.objects.create(given_name=f"Miembro{i + 1}", family_name="Durabilidad Ficticia")
        Membership.objects.create(
            body=body,
            person=p,
            position=[
                "president",
                "vice_president",
                "secretary",
                "minority_spokesperson",
                "member",
                "member",
                "member",
            ][i],
            start=dt.date(2025, 1, 13),
        )
    respondent = Person.objects.create(given_name="Rafael", family_name="Querellado Ficticio")
    office = OfficeTerm.objects.create(
        person=respondent, role="representative", title="Representante del Distrito 40", start=dt.date(2025, 1, 2)
    )
    keys = {}
    for i in range(clients):
        user = User.objects.create_user(f"secretaria{i}", password=PASSWORD)
        RoleGrant.objects.create(user=user, body=body, role=RoleGrant.Role.SECRETARY)
        device = twofactor.demo_device(user)
        keys[user.username] = device.key
    out.write_text(json.dumps({"office": office.pk, "keys": keys}))


# -- the HTTP client -------------------------------------------------------------------------------


class Down(Exception):
    """The server did not answer (killed, or not yet back)."""


class Browser:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            form = {**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException) as exc:
            raise Down(str(exc)) from exc
        finally:
            conn.close()
        for header, value in resp.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return resp.status, resp.getheader("Location") or "", text

    def sign_in(self, username: str, key: str) -> None:
        from django_otp.oath import totp

        self.request("GET", "/entrar/")
        status, location, _ = self.request("POST", "/entrar/", {"username": username, "password": PASSWORD})  # noqa: E501
        assert status == 302 and "/entrar/verificar/" in location, (
            status,
            location,
            re.findall(r"<li>([^<]+)</li>", _),
        )
        status, location, _ = self.request(
            "POST", "/entrar/verificar/", {"code": f"{totp(bytes.fromhex(key)):06d}", "next": "/expedientes/"}
        )
        assert status == 302, status


@dataclass
class Ledger:
    acknowledged: list[tuple[str, str]] = field(default_factory=list)  # (case number, act)
    unanswered: int = 0  # requests the server never answered (in flight at the kill, or while it was down)
    refused: list[str] = field(default_factory=list)  # answered, but not the redirect of a recorded act
    lock: threading.Lock = field(default_factory=threading.Lock)


def client_loop(
    port: int,
    username: str,
    key: str,
    office: int,
    stop: threading.Event,
    ledger: Ledger,
    ready: threading.Semaphore,
    go: threading.Event,
) -> None:
    b = Browser(port)
    b.sign_in(username, key)  # before the clock starts: Argon2 sign-ins are slow on purpose
    ready.release()
    go.wait()
    today = dt.datetime.now(dt.timezone(dt.timedelta(hours=-4))).date()
    pending: list[tuple[str, list[str]]] = []
    while not stop.is_set():
        if pending:
            number, acts = pending[0]
            act = acts[0]
            path, form = f"/expedientes/{number}/actos/{act}/", {"occurred_date": today.isoformat()}
        else:
            act = "complaint_filed"
            path = "/expedientes/nuevo/etica-camara/complaint/"
            form = {
                "respondent_office": str(office),
                "occurred_date": today.isoformat(),
                "occurred_time": "00:00",
                "knowledge_date": (today - dt.timedelta(days=5)).isoformat(),
                "facts_date": (today - dt.timedelta(days=6)).isoformat(),
                "channel": "in_person",
                "complainant_name": "Ana Ejemplo Ficticia",
                "complainant_address": "Calle 1, San Juan",
                "complainant_phone": "787-555-0100",
                "facts": "Hechos ficticios de la prueba de durabilidad.",
                "provisions": "Sec. 10(i)",
                "sworn": "on",
                "personal_knowledge": "on",
            }
        try:
            status, location, text = b.request("POST", path, form)
        except Down:
            with ledger.lock:
                ledger.unanswered += 1
            time.sleep(0.05)
            continue
        m = re.fullmatch(r"/expedientes/([A-Z]+-\d{4}-\d{4})/", location)
        if status == 302 and m:
            with ledger.lock:
                ledger.acknowledged.append((m.group(1), act))
            if act == "complaint_filed":
                pending.append((m.group(1), ["respondent_notified", "answer_filed"]))
            else:
                pending[0][1].pop(0)
                if not pending[0][1]:
                    pending.pop(0)
        elif status == 302 and "/entrar/" in location:
            b.sign_in(username, key)
        else:
            with ledger.lock:
                ledger.refused.append(f"{act} → {status} {location} {text[:200]!r}")
            if pending:
                pending.pop(0)  # an act refused (e.g. an order problem): move on


# -- the server -------------------------------------------------------------------------------------


def start_server(env: dict[str, str], port: int, workers: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            str(VENV / "gunicorn"),
            "ventila.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
            "--control-socket",
            str(Path(env["VENTILA_VAR_DIR"]) / "gunicorn.ctl"),
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    for _ in range(200):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/entrar/")
            conn.getresponse().read()
            conn.close()
            return proc
        except OSError:
            time.sleep(0.05)
    raise SystemExit("gunicorn did not start")


# -- the checks ---------------------------------------------------------------------------------------


def check(ledger: Ledger, env: dict[str, str]) -> dict[str, object]:
    import django

    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
    django.setup()
    from django.db.models import Count, Max

    from ventila.audit import chain
    from ventila.cases.models import Case, CaseCounter, CaseDeadline, DocketEntry

    present = set(DocketEntry.objects.values_list("case__number", "event_type"))
    missing = [a for a in ledger.acknowledged if a not in present]
    cases = list(Case.objects.values_list("number", "sequence"))
    seqs = sorted(s for _, s in cases)
    no_entries = Case.objects.annotate(n=Count("entries")).filter(n=0).count()
    no_terms = Case.objects.annotate(n=Count("deadlines")).filter(n=0).count()
    entry_gaps = []
    for number, n, top in Case.objects.annotate(n=Count("entries"), top=Max("entries__seq")).values_list(
        "number", "n", "top"
    ):
        if n != (top or 0):
            entry_gaps.append(number)
    counter = CaseCounter.objects.aggregate(m=Max("last"))["m"] or 0
    stale_terms = CaseDeadline.objects.filter(case__entries__isnull=True).count()
    verify = subprocess.run(
        [str(VENV / "ventila"), "audit", "verify"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    return {
        "acknowledged": len(ledger.acknowledged),
        "found": len(ledger.acknowledged) - len(missing),
        "missing": missing,
        "unanswered": ledger.unanswered,
        "refused": ledger.refused,
        "entries_in_db": DocketEntry.objects.count(),
        "cases_in_db": len(cases),
        "cases_gapless": seqs == list(range(1, len(seqs) + 1)) and counter == len(seqs),
        "entries_gapless": not entry_gaps,
        "cases_without_entry": no_entries,
        "cases_without_terms": no_terms,
        "orphan_terms": stale_terms,
        "chain_links": chain.head()[0],
        "audit_verify": verify.returncode == 0,
        "audit_output": (verify.stdout + verify.stderr).strip(),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=10.0, help="run time before the kill, and again after")
    ap.add_argument("--port", type=int, default=0, help="default: a free port")
    ap.add_argument(
        "--admin-url", default=os.environ.get("VENTILA_BENCH_PG", "postgres://postgres@127.0.0.1:5432/postgres")
    )
    ap.add_argument("--setup", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.setup:
        setup_world(args.clients, Path(args.setup))
        return 0

    var = Path(tempfile.mkdtemp(prefix="ventila-durability-"))
    if not args.port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            args.port = s.getsockname()[1]
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("VENTILA_")},
        "DATABASE_URL": _db_url(args.admin_url),
        "VENTILA_VAR_DIR": str(var),
        "VENTILA_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SETTINGS_MODULE": "ventila.settings",
    }
    recreate_database(args.admin_url)
    subprocess.run([str(VENV / "ventila"), "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    world = var / "world.json"
    subprocess.run(
        [sys.executable, __file__, "--setup", str(world), "--clients", str(args.clients)], cwd=ROOT, env=env, check=True
    )
    info = json.loads(world.read_text())

    os.environ.update(env)  # the clients compute TOTP codes with django_otp (no settings needed)
    server = start_server(env, args.port, args.workers)
    ledger, stop, go, ready = Ledger(), threading.Event(), threading.Event(), threading.Semaphore(0)
    threads = [
        threading.Thread(target=client_loop, args=(args.port, name, key, info["office"], stop, ledger, ready, go))
        for name, key in info["keys"].items()
    ]
    for t in threads:
        t.start()
    for _ in threads:
        ready.acquire()
    go.set()
    time.sleep(args.seconds)
    before_kill = len(ledger.acknowledged)
    os.killpg(server.pid, signal.SIGKILL)  # master and workers, mid-request
    server.wait()
    killed_at = time.perf_counter()
    time.sleep(0.5)
    server = start_server(env, args.port, args.workers)
    downtime = time.perf_counter() - killed_at
    time.sleep(args.seconds)
    stop.set()
    for t in threads:
        t.join()
    os.killpg(server.pid, signal.SIGTERM)
    server.wait()

    figures = check(ledger, env)
    figures.update(before_kill=before_kill, downtime_s=round(downtime, 2), clients=args.clients, workers=args.workers)
    print(
        f"Clients: {args.clients}; gunicorn workers: {args.workers}; {args.seconds:g} s, kill -9, restart "
        f"({figures['downtime_s']} s down), {args.seconds:g} s more."
    )
    print(
        f"Acts acknowledged: {figures['acknowledged']} ({before_kill} before the kill); found in the docket: "
        f"{figures['found']}; missing: {len(figures['missing'])}"
    )
    print(
        f"Requests never answered (in flight at the kill or while down): {figures['unanswered']}; "
        f"answered without recording: {len(figures['refused'])}"
    )
    print(
        f"Database: {figures['cases_in_db']} cases, {figures['entries_in_db']} docket entries "
        f"({figures['entries_in_db'] - figures['found']} committed whose answer was lost in the crash), "
        f"{figures['chain_links']} chain links"
    )
    print(
        f"Case numbers gapless: {figures['cases_gapless']}; entry numbers gapless: {figures['entries_gapless']}; "
        f"cases without their first entry: {figures['cases_without_entry']}; cases without derived terms: "
        f"{figures['cases_without_terms']}"
    )
    print(f"ventila audit verify: {'passes' if figures['audit_verify'] else 'FAILS'} — {figures['audit_output']}")
    for r in figures["refused"][:5]:
        print("  refused:", r)
    ok = (
        not figures["missing"]
        and figures["cases_gapless"]
        and figures["entries_gapless"]
        and not figures["cases_without_entry"]
        and not figures["cases_without_terms"]
        and figures["audit_verify"]
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
