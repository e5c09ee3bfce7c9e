"""Two app nodes, one database: nothing that matters lives on one node's disk or in one process's memory.

Two gunicorn servers, each with its own empty ``VENTILA_VAR_DIR``, behind a small round-robin proxy started
here; one database (the suite's), the files in moto's S3 server (or on a disk both share, as an NFS mount
would be), the shared cache and the rate limiter's counts in the machine's Redis. A document uploaded through
node A downloads through node B with the same SHA-256; a staff member signs in through the proxy (with the
second factor) and records an act, seen through each node; the API's limit holds across both nodes. Then,
through the proxy at the same time, each request free to land on either node: public filings (the drafts and
their uploads are in the shared storage, not on a node's disk) and the staff member's acts on three cases (a
thread each, with her session; the first act of each and the first after the kill with a PDF attached: staff
uploads); node B is killed (-9) mid-run. Then every acknowledged filing and act is there, an act exactly once
(one whose answer died with node B — the proxy's 502; never posted again — once or not at all), an upload
acknowledged meanwhile downloads through the proxy with its SHA-256, the case numbers have no gap, and the
audit chain verifies (the stored files' hashes included). Two of the jobs' queue's workers (``ventila
db_worker``) send the day's reminders while one of them is killed (-9); after the lease the other runs its
job; each reminder was sent once.

Run by ``.ci/run`` (``VENTILA_CLUSTER=1``, on PostgreSQL); ``./run test`` leaves it out (tests/cluster/conftest.py).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import http.client
import itertools
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import requests
from django.conf import settings as django_settings
from django.db import connection
from factories import PR, file_complaint, make_world, signed_in, tiny_pdf

from ventila import clock
from ventila.audit import chain
from ventila.cases.db_triggers import purge_docket
from ventila.cases.models import Attachment, Case, DocketEntry
from ventila.settings import _storages

from .conftest import AWS_ENV, free_port, new_bucket, storage_url, wait_for_port
from .test_workers import SlowInbox

BODY = "etica-camara"
REDIS = "redis://127.0.0.1:6379/14"
API_LIMIT = 6
FILINGS = 8
CASES = 3  # the cases on which staff record acts while node B is killed (a thread each)
ACTS_AFTER_KILL = 2  # each thread's acts once node B is dead (all through node A)
MAX_ACTS = 40  # a bound: each thread records until node B is killed, long before this many


class Proxy:
    """Round-robin over the nodes; a node that refuses the connection is skipped (what a proxy's health check
    does), one that dies mid-request answers 502 (the client decides whether to try again)."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.turn = itertools.cycle(ports)
        self.lock = threading.Lock()
        self.served = {p: 0 for p in ports}
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _forward(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {
                    k: v
                    for k, v in self.headers.items()
                    if k.lower() not in ("connection", "keep-alive", "proxy-connection", "transfer-encoding")
                }
                headers.setdefault("X-Request-ID", uuid.uuid4().hex)
                for _ in proxy.ports:
                    with proxy.lock:
                        port = next(proxy.turn)
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    try:
                        conn.request(self.command, self.path, body=body, headers=headers)
                        resp = conn.getresponse()
                        data = resp.read()
                    except ConnectionRefusedError:
                        continue  # a node that is down: the next one (nothing reached it)
                    except OSError:
                        self._answer(502, [], b"node died mid-request")
                        return
                    finally:
                        conn.close()
                    with proxy.lock:
                        proxy.served[port] += 1
                    self._answer(resp.status, resp.getheaders(), data)
                    return
                self._answer(502, [], b"no node")

            def _answer(self, status: int, headers: list[tuple[str, str]], data: bytes) -> None:
                self.send_response(status)
                for k, v in headers:
                    if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_HEAD = _forward

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _database_url() -> str:
    d = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{d['NAME']}"
    auth = d["USER"] + (f":{d['PASSWORD']}" if d.get("PASSWORD") else "")
    return f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def _start_node(name: str, env: dict[str, str], tmp: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    var = tmp / name  # this node's own, empty var dir: nothing shared on disk
    var.mkdir()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    log = (tmp / f"{name}.log").open("wb")
    proc = subprocess.Popen(
        [str(gunicorn), "ventila.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2", "--timeout", "60"],
        env={**env, "VENTILA_VAR_DIR": str(var)},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: kill -9 takes the master and its workers
    )
    return proc, port


def _ready(port: int, timeout: float = 60.0) -> None:
    wait_for_port(port, timeout)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            r = requests.get(f"http://127.0.0.1:{port}/readyz", timeout=10)
            if r.status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise AssertionError(f"node on {port} never became ready")


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _steps(office: int, pdf: bytes, n: int) -> list[tuple[str, dict[str, str], dict[str, Any] | None]]:
    knowledge = (clock.today() - dt.timedelta(days=10)).isoformat()
    return [
        (
            "quien",
            {
                "complainant_name": f"Persona Ficticia {n}",
                "complainant_address": "Calle Luna 1, San Juan",
                "complainant_email": f"p{n}@example.org",
                "complainant_phone": "787-555-0100",
            },
            None,
        ),
        ("querellado", {"respondent_office": str(office)}, None),
        (
            "hechos",
            {
                "facts": f"Vi al querellado usar un vehículo oficial para fines privados (relato {n}).",
                "knowledge_date": knowledge,
                "personal_knowledge": "on",
                "provisions": "10(i)",
            },
            None,
        ),
        (
            "evidencia",
            {"nav": "add_evidence", "ev_kind": "public_documents", "ev_description": "Documento"},
            {"ev_file": ("prueba.pdf", pdf, "application/pdf")},
        ),
        ("evidencia", {"wit_name": "Luis Testigo Ficticio", "wit_address": "Calle Sol 2, Ponce"}, None),
        ("juramento", {"nav": "submit", "perjury_acknowledged": "on", "signature": f"persona ficticia {n}"}, None),
    ]


def file_complaint_over_http(base: str, office: int, pdf: bytes, n: int) -> str | None:
    """Walk the public form as a browser would; the case number acknowledged, or None when the submission's
    answer was lost (its node died): such a filing may or may not be there, and is not counted as acknowledged."""
    s = requests.Session()
    for _ in range(5):  # the first page sets the CSRF cookie; a 502 (a node died) is tried again
        if s.get(f"{base}/querellas/{BODY}/quien/", timeout=60).status_code == 200:
            break
    for step, data, upload in _steps(office, pdf, n):
        final = step == "juramento"
        for _attempt in range(5):
            payload = {**data, "csrfmiddlewaretoken": s.cookies.get("csrftoken", "")}
            r = s.post(
                f"{base}/querellas/{BODY}/{step}/", data=payload, files=upload, allow_redirects=False, timeout=60
            )
            if r.status_code == 502:
                if final:
                    return None
                continue
            break
        assert r.status_code == 302, (step, r.status_code, r.text[:2000])
        if final:
            m = re.search(rf"/querellas/{BODY}/acuse/([^/]+)/", r.headers["Location"])
            assert m, r.headers["Location"]
            return m.group(1)
    return None


@pytest.fixture
def prefix(storage: str) -> Iterator[str]:
    """The nodes' keys in Redis under a prefix of this run's own, removed after it: another run on the same
    Redis (a second CI job, a developer's) neither wipes nor adds to its counts."""
    import redis

    own = f"ventila-cluster-{os.getpid()}-{storage}-{time.time_ns()}"
    yield own
    server = redis.Redis.from_url(REDIS)
    for key in server.scan_iter(f"{own}:*"):
        server.delete(key)


@pytest.mark.parametrize("storage", ["s3", "shared-disk"])
def test_two_nodes_behind_a_proxy(storage, prefix, transactional_db, settings, s3_server, monkeypatch, tmp_path):
    started = time.monotonic()
    for k, v in AWS_ENV.items():
        monkeypatch.setenv(k, v)
    url = storage_url(s3_server, new_bucket(s3_server)) if storage == "s3" else f"file://{tmp_path / 'shared'}"
    settings.STORAGES = _storages(url)  # this process (the audit's file check) sees the nodes' storage
    if storage == "shared-disk":
        settings.MEDIA_ROOT = tmp_path / "shared"
    world = make_world()
    office = world.respondent.offices.first().pk
    filed = clock.now().astimezone(PR).strftime("%Y-%m-%d %H:%M")
    knowledge = (clock.today() - dt.timedelta(days=10)).isoformat()
    others = [file_complaint(world, when=filed, knowledge=knowledge).number for _ in range(CASES - 1)]
    staff = signed_in(world.users["presidente"])  # a session in the shared database, valid on every node
    session_cookie = staff.cookies[django_settings.SESSION_COOKIE_NAME].value

    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTEST_", "DJANGO_", "VENTILA_", "DATABASE_URL", "COV_"))
    }
    env.update(AWS_ENV)
    env.update(
        {
            "DATABASE_URL": _database_url(),
            "VENTILA_SECRET_KEY": django_settings.SECRET_KEY,  # every node signs with the same key
            "VENTILA_STORAGE_URL": url,
            "VENTILA_CACHE_URL": REDIS,
            "VENTILA_CACHE_KEY_PREFIX": prefix,
            "VENTILA_RATE_LIMIT_BACKEND": "cache",  # the limiter's counts in Redis (atomic increments)
            "VENTILA_API_ANONYMOUS_RATE_PER_MINUTE": str(API_LIMIT),
            "VENTILA_FILING_RATE": "1000/3600",
            "VENTILA_LOG_FORMAT": "json",
            "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
        }
    )
    (a, port_a), (b, port_b) = _start_node("a", env, tmp_path), _start_node("b", env, tmp_path)
    proxy = None
    try:
        _ready(port_a)
        _ready(port_b)
        proxy = Proxy([port_a, port_b])

        # A document uploaded through node A downloads through node B, byte for byte.
        pdf = tiny_pdf(3)
        number = file_complaint_over_http(f"http://127.0.0.1:{port_a}", office, pdf, 0)
        assert number
        att = Attachment.objects.get(entry__case__number=number, sha256=hashlib.sha256(pdf).hexdigest())
        r = requests.get(
            f"http://127.0.0.1:{port_b}/expedientes/{number}/anejos/{att.pk}/",
            cookies={django_settings.SESSION_COOKIE_NAME: session_cookie},
            timeout=60,
        )
        assert r.status_code == 200 and hashlib.sha256(r.content).hexdigest() == att.sha256
        assert r.headers["X-Request-ID"]
        assert not list((tmp_path / "a").rglob("attachments"))  # nothing of it on node A's own disk

        # A staff member signs in through the proxy (password, then the second factor: each step free to land
        # on either node), records an act there, and it shows through each node.
        secretary = _staff_act_through_the_proxy(proxy, port_a, port_b, world, number)

        # The API's limit for requests without a token holds across both nodes (its counts are in Redis).
        answers = [requests.get(f"{proxy.url}/api/v1/cases", timeout=30).status_code for _ in range(2 * API_LIMIT)]
        assert answers.count(401) == API_LIMIT and answers.count(429) == API_LIMIT, answers
        assert proxy.served[port_a] and proxy.served[port_b]

        # Filings and staff acts (some with an upload) at the same time through the proxy; node B is killed
        # (-9) while they run.
        acknowledged: list[str] = []
        lost: list[int] = []  # filings whose submission's answer died with node B
        errors: list[BaseException] = []

        def one(n: int) -> None:
            try:
                got = file_complaint_over_http(proxy.url, office, tiny_pdf(1), n)
                (acknowledged if got else lost).append(got or n)  # type: ignore[arg-type]
            except BaseException as exc:  # reported below
                errors.append(exc)

        threads = [threading.Thread(target=one, args=(n,)) for n in range(1, FILINGS + 1)]
        acts = StaffActs(proxy.url, secretary.cookies, [number, *others])
        served_b = proxy.served[port_b]
        for t in threads + acts.threads:
            t.start()
        time.sleep(1.5)
        assert proxy.served[port_b] > served_b  # node B took its share of the filings and acts…
        assert sum(t.is_alive() for t in threads) >= FILINGS // 2  # …and is killed while they are under way
        assert all(t.is_alive() for t in acts.threads), acts.errors
        _kill(b)
        acts.killed.set()
        for t in threads + acts.threads:
            t.join(120)
        assert not errors, errors
        assert acknowledged and len(acknowledged) + len(lost) == FILINGS  # every other filing went through
        # An upload with an act, acknowledged while one node died, downloads through the other byte for byte.
        case, token, sha = [a for a in acts.acknowledged if a[2]][-1]
        att = Attachment.objects.get(entry__case__number=case, entry__note=token)
        r = secretary.get(f"{proxy.url}/expedientes/{case}/anejos/{att.pk}/", timeout=60)
        assert r.status_code == 200 and hashlib.sha256(r.content).hexdigest() == sha
    finally:
        if proxy is not None:
            proxy.close()
        _kill(a)
        _kill(b)

    if storage == "s3":  # the workers' part needs no second run on the other storage
        _two_workers_one_killed(env, world, tmp_path)

    numbers = set(Case.objects.filter(body=world.camara).values_list("number", flat=True))
    assert {number, *others, *acknowledged} <= numbers  # every acknowledged filing is there
    assert len(numbers) <= CASES + FILINGS  # and nothing twice (a lost answer's filing may or may not be there)
    acts.check()  # every acknowledged act is there once, a lost one at most once
    seqs = sorted(int(n.rsplit("-", 1)[1]) for n in numbers)
    assert seqs == list(range(1, len(seqs) + 1)), seqs  # numbered without a gap
    assert chain.verify().ok  # the audit chain, the stored files' hashes included
    assert time.monotonic() - started < 150  # 120 s before the staff act and the workers' lease were added


def _staff_signs_in(base: str, world: Any) -> requests.Session:
    """The secretary signs in at ``base`` as a browser does: the password, then the second factor (each step
    free to land on either node behind the proxy); the signed-in session."""
    from django.contrib.auth.hashers import Argon2PasswordHasher

    from ventila.accounts import twofactor

    user = world.users["secretaria"]
    user.password = Argon2PasswordHasher().encode("clave-de-prueba-123", "salsal-ventila-cluster")  # the nodes' hasher
    user.save(update_fields=["password"])
    device = twofactor.demo_device(user)
    s = requests.Session()
    assert s.get(f"{base}/entrar/", timeout=60).status_code == 200
    r = s.post(
        f"{base}/entrar/",
        data={
            "username": user.username,
            "password": "clave-de-prueba-123",
            "csrfmiddlewaretoken": s.cookies["csrftoken"],
        },
        allow_redirects=False,
        timeout=60,
    )
    assert r.status_code == 302 and "/entrar/verificar/" in r.headers["Location"], (r.status_code, r.text[:500])
    assert s.get(f"{base}/entrar/verificar/", timeout=60).status_code == 200
    r = s.post(
        f"{base}/entrar/verificar/",
        data={
            "code": twofactor.current_code(device),
            "next": "/expedientes/",
            "csrfmiddlewaretoken": s.cookies["csrftoken"],
        },
        allow_redirects=False,
        timeout=60,
    )
    assert r.status_code == 302, (r.status_code, r.text[:500])
    return s


def record_act_over_http(
    s: requests.Session, base: str, number: str, act: str, data: dict[str, str], upload: bytes | None = None
) -> bool:
    """Post the act's form once, as the browser does (an act on time is recorded without a check step): True
    when it was acknowledged (the redirect to the case page), False when its answer was lost (the proxy's 502:
    its node died mid-request, or before the act was written). A lost act is not posted again: it may or may
    not be there, and must never be there twice."""
    files = {"attachment": ("requerimiento.pdf", upload, "application/pdf")} if upload else None
    r = s.post(
        f"{base}/expedientes/{number}/actos/{act}/",
        data={"occurred_date": clock.today().isoformat(), **data, "csrfmiddlewaretoken": s.cookies["csrftoken"]},
        files=files,
        allow_redirects=False,
        timeout=60,
    )
    if r.status_code == 502:
        return False
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/expedientes/{number}/"), (
        act,
        r.status_code,
        r.text[:1000],
    )
    return True


def _staff_act_through_the_proxy(proxy: Proxy, port_a: int, port_b: int, world: Any, number: str) -> requests.Session:
    """The secretary signs in through the proxy and records an act, seen through each node; her session."""
    s = _staff_signs_in(proxy.url, world)
    assert s.get(f"{proxy.url}/expedientes/{number}/actos/respondent_notified/", timeout=60).status_code == 200
    assert record_act_over_http(s, proxy.url, number, "respondent_notified", {})
    assert DocketEntry.objects.filter(case__number=number, event_type="respondent_notified").count() == 1
    for port in (port_a, port_b):  # the act is there through each node, with the same session
        page = s.get(f"http://127.0.0.1:{port}/expedientes/{number}/", timeout=60)
        assert page.status_code == 200 and "/entrar/" not in page.url
        assert "Notificación recibida por la parte querellada" in page.text
    return s


class StaffActs:
    """While node B is killed: one thread per case records the Commission's requirements of documents
    (Sec. 5(7): in place at any stage, as often as needed) through the proxy, with the secretary's session,
    until :attr:`killed` is set and :data:`ACTS_AFTER_KILL` more are recorded; the first one of each and the
    first one after the kill carry a PDF (a staff upload, stored in the shared storage). Each act is told
    apart by its description and note (its ``token``)."""

    def __init__(self, base: str, cookies: Any, numbers: list[str]) -> None:
        self.base = base
        self.cookies = cookies
        self.killed = threading.Event()
        self.acknowledged: list[tuple[str, str, str | None]] = []  # (case, token, the upload's SHA-256)
        self.lost: list[tuple[str, str]] = []  # acts whose answer died with node B
        self.errors: list[BaseException] = []
        self.threads = [threading.Thread(target=self._run, args=(i, n)) for i, n in enumerate(numbers)]

    def _run(self, i: int, number: str) -> None:
        try:
            s = requests.Session()  # a session each (requests' are not shared across threads), the same sign-in
            s.cookies.update(self.cookies)
            after = 0
            for j in range(MAX_ACTS):
                if self.killed.is_set():
                    if after == ACTS_AFTER_KILL:
                        return
                    after += 1
                token = f"Requerimiento de prueba {i}-{j}"
                pdf = tiny_pdf(4 + 2 * i + (after > 0)) if j == 0 or after == 1 else None
                data = {"description": token, "note": token}
                if record_act_over_http(s, self.base, number, "documents_requested", data, pdf):
                    self.acknowledged.append((number, token, hashlib.sha256(pdf).hexdigest() if pdf else None))
                else:
                    self.lost.append((number, token))
            raise AssertionError(f"{MAX_ACTS} acts on {number} before node B was killed")
        except BaseException as exc:  # reported by the test
            self.errors.append(exc)

    def check(self) -> None:
        """Every acknowledged act is in the docket once (its upload attached, its hash the one sent); a lost
        one is there once or not at all; nothing else was recorded."""
        assert not self.errors, self.errors
        assert self.acknowledged and any(sha for _n, _t, sha in self.acknowledged)
        entries = DocketEntry.objects.filter(event_type="documents_requested")
        notes = list(entries.values_list("case__number", "note"))
        for number, token, sha in self.acknowledged:
            assert notes.count((number, token)) == 1, (number, token)
            if sha:
                assert Attachment.objects.filter(entry__case__number=number, entry__note=token, sha256=sha).count() == 1
        for number, token in self.lost:
            assert notes.count((number, token)) <= 1, (number, token)
        assert set(notes) <= {(n, t) for n, t, _sha in self.acknowledged} | set(self.lost), notes


def _two_workers_one_killed(env: dict[str, str], world: Any, tmp: Path) -> None:
    """The day's reminders (the filings' terms) through the jobs' queue: ``ventila enqueue`` (the cron line)
    enqueues the day's sweep; two of the library's workers (``ventila db_worker``) run it side by side and one
    is killed (-9) mid-run, while it is sending a reminder (held by the server before the message); after the
    lease, the next ``ventila enqueue`` hands its job out again and the other worker runs it. Each user got the day's reminder once: the SMTP server counts a message only once it
    answered 250 (as a real one takes it)."""
    from aiosmtpd.controller import Controller
    from django.utils import timezone
    from django_tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    from ventila.documents.models import ReminderLog

    inbox = HoldingInbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    users = [world.users[n] for n in ("secretaria", "personal", "presidente", "comisionado")]
    for u in users:
        u.email = f"{u.username}@example.org"
        u.save(update_fields=["email"])
    lease = 3
    worker_env = {
        **env,
        "VENTILA_VAR_DIR": str(tmp / "worker"),
        "VENTILA_JOB_LEASE_SECONDS": str(lease),
        "EMAIL_BACKEND": "ventila.documents.mail.RecordingSMTPBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(port),
        "EMAIL_TIMEOUT": "10",
    }
    (tmp / "worker").mkdir()
    ventila = Path(sys.executable).with_name("ventila")
    enqueue = [str(ventila), "enqueue", "reminders", "--reminder-hour", "0"]
    db_worker = [str(ventila), "db_worker", "--no-reload", "--no-startup-delay", "--interval", "0.1"]

    def start(name: str) -> subprocess.Popen[bytes]:
        env = {**worker_env, "DEFAULT_FROM_EMAIL": f"{name}@example.org"}  # the inbox tells the workers apart
        return subprocess.Popen(db_worker, env=env, stdout=subprocess.DEVNULL, start_new_session=True)

    def waiting() -> tuple[int, int]:  # the queue's jobs ready, and running
        ready = DBTaskResult.objects.filter(status=TaskResultStatus.READY).count()
        return ready, DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING).count()

    def until(condition: Any, what: str) -> None:
        end = time.monotonic() + 60
        while not condition():
            assert time.monotonic() < end, what
            time.sleep(0.05)

    first = second = None
    try:
        subprocess.run(enqueue, env=worker_env, check=True, stdout=subprocess.DEVNULL)
        first, second = start("first"), start("second")
        # Once a reminder is sent, the server holds each next one at RCPT (before its message): the first
        # worker is killed while it is sending a user's reminder, before the message is handed over.
        until(lambda: "first@example.org" in inbox.held, f"the first worker never sent: {inbox.to} {inbox.held}")
        assert inbox.to and first.poll() is None  # reminders went out, and it is at work when it is killed
        _kill(first)
        inbox.holding = False
        until(lambda: waiting() == (0, 1), "the second worker did not finish the rest")  # the dead one's job is left
        # …until it has outlived its lease, counted from its claim (under load, seconds after the workers started)
        claimed = DBTaskResult.objects.get(status=TaskResultStatus.RUNNING).started_at
        time.sleep(max(0.0, (claimed + dt.timedelta(seconds=lease + 0.5) - timezone.now()).total_seconds()))
        subprocess.run(enqueue, env=worker_env, check=True, stdout=subprocess.DEVNULL)  # the next cron line
        until(lambda: waiting() == (0, 0), "the dead worker's job was not run again")
        second.send_signal(signal.SIGTERM)  # the library's worker stops cleanly between jobs
        assert second.wait(30) == 0
    finally:
        controller.stop()
        for proc in (first, second):
            if proc is not None:
                _kill(proc)
    logged = ReminderLog.objects.filter(user__in=users).count()
    assert inbox.to and len(inbox.to) == len(set(inbox.to)) == logged, inbox.to  # each reminder once
    # The killed worker's job was handed out again: two workers claimed it, the second one ran it.
    assert any(len(r.worker_ids) == 2 for r in DBTaskResult.objects.filter(status=TaskResultStatus.SUCCESSFUL))


class HoldingInbox(SlowInbox):
    """Once it took one message, holds each sender at RCPT (before the message) while ``holding``; ``held``:
    the senders (MAIL FROM) held so far."""

    def __init__(self) -> None:
        super().__init__()
        self.holding = True
        self.held: set[str] = set()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        while self.holding and self.to:
            self.held.add(envelope.mail_from)
            await asyncio.sleep(0.05)
        envelope.rcpt_tos.append(address)
        return "250 OK"


@pytest.fixture(autouse=True)
def _docket_purged(transactional_db: Any) -> Any:
    yield
    purge_docket(connection)
