"""Where a public filing's CPU goes, step by step (issue 5). Not a test; run it by hand:

    .venv/bin/python bench/filing_steps.py [--filings 30] [--profile out.prof]

One process, no server: it creates a fresh PostgreSQL database (``ventila_bench_steps`` on
127.0.0.1:5432, user postgres; ``--pg`` to change) with the production settings, then walks the
public form ``--filings`` times through Django's full request cycle (every middleware, CSRF
enforced, the draft in its signed cookie and file, a 1 MB PDF as evidence) and prints, per request, the CPU time
of this process (``time.process_time``: the app's own work, not the database server's, and barely
affected by other load on the machine) and the number of SQL statements. ``--profile`` writes a
cProfile of the measured requests.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import datetime as dt
import os
import secrets
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BODY = "etica-camara"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--filings", type=int, default=30)
    ap.add_argument("--size", type=int, default=1024 * 1024, help="attachment bytes (1 MB)")
    ap.add_argument("--profile", default="", help="write a cProfile of the measured requests here")
    ap.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/ventila_bench_steps")
    ap.add_argument(
        "--sql", default="", help="print the SQL statements of this request (e.g. 'POST juramento (files)')"
    )
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
        VENTILA_VAR_DIR=tempfile.mkdtemp(prefix="ventila-steps-"),
        VENTILA_SECRET_KEY=secrets.token_urlsafe(40),
        VENTILA_FILING_RATE="1000000/3600",
        VENTILA_DB_CONN_MAX_AGE="600",
        VENTILA_ALLOWED_HOSTS="127.0.0.1",
        VENTILA_ENV="production",
        DJANGO_SETTINGS_MODULE="ventila.settings",
        EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from ventila.bodies.models import Body, OfficeTerm, Person

    call_command("migrate", verbosity=0)
    Body.objects.create(
        slug=BODY,
        name="Comisión de Ética de la Cámara de Representantes",
        short_name="Ética Cámara",
        rulebook="camara-171",
        case_prefix="CE",
        seats=7,
        approved=True,
    )
    person = Person.objects.create(given_name="Rafael", family_name="Quiñones Ficticio")
    office = OfficeTerm.objects.create(
        person=person, role="representative", title="Representante del Distrito 40", start=dt.date(2025, 1, 2)
    ).pk
    head, tail = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n", b"\n%%EOF\n"
    attachment = head + secrets.token_bytes(args.size - len(head) - len(tail)) + tail
    base = f"/querellas/{BODY}"
    cpu: dict[str, float] = collections.defaultdict(float)
    queries: dict[str, int] = collections.defaultdict(int)
    last_sql: list[str] = []
    profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waits on the database
    handler = Client(enforce_csrf_checks=True).handler  # one handler, as one server process has
    counting = [False]
    current = [""]

    def count(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        if counting[0]:
            queries[current[0]] += 1
            if current[0] == args.sql:
                last_sql.append(sql[:160])
        return execute(sql, params, many, context)

    def walk(i: int, measure: bool) -> None:
        c = Client(
            enforce_csrf_checks=True,
            HTTP_HOST="127.0.0.1",
            HTTP_X_FORWARDED_PROTO="https",
            HTTP_ORIGIN="https://127.0.0.1",
        )
        c.handler = handler

        def req(label: str, method: str, path: str, data: dict[str, object] | None = None) -> object:
            if data is not None:
                data = {"csrfmiddlewaretoken": c.cookies[settings.CSRF_COOKIE_NAME].value, **data}
            current[0] = label
            counting[0] = measure
            if measure and label == args.sql:
                last_sql.clear()
            if measure and profile:
                profile.enable()
            t0 = time.process_time()
            r = c.get(path) if method == "GET" else c.post(path, data)
            if measure:
                cpu[label] += time.process_time() - t0
            if measure and profile:
                profile.disable()
            counting[0] = False
            return r

        r = req("GET quien", "GET", f"{base}/quien/")
        assert r.status_code == 200, r.status_code  # type: ignore[attr-defined]
        steps = [
            (
                "quien",
                {
                    "complainant_name": f"Persona Ficticia {i}",
                    "complainant_address": "Calle Luna 1, San Juan",
                    "complainant_phone": "787-555-0100",
                },
            ),
            ("querellado", {"respondent_office": str(office)}),
            (
                "hechos",
                {
                    "facts": "Hechos de prueba de carga, detallados y específicos. " * 5,
                    "knowledge_date": "2026-11-20",
                    "personal_knowledge": "on",
                    "provisions": "10(i)",
                },
            ),
        ]
        for step, fields in steps:
            r = req(f"POST {step}", "POST", f"{base}/{step}/", {**fields, "nav": "next"})
            assert r.status_code == 302, (step, r.status_code)  # type: ignore[attr-defined]
        r = req(
            "POST evidencia (1 MB)",
            "POST",
            f"{base}/evidencia/",
            {
                "nav": "add_evidence",
                "ev_kind": "public_documents",
                "ev_description": "Documento de 1 MB",
                "ev_file": SimpleUploadedFile("prueba.pdf", attachment, "application/pdf"),
            },
        )
        assert r.status_code == 302, r.status_code  # type: ignore[attr-defined]
        r = req("POST evidencia next", "POST", f"{base}/evidencia/", {"nav": "next"})
        assert r.status_code == 302, r.status_code  # type: ignore[attr-defined]
        r = req(
            "POST juramento (files)",
            "POST",
            f"{base}/juramento/",
            {"nav": "submit", "perjury_acknowledged": "on", "signature": f"Persona Ficticia {i}"},
        )
        assert r.status_code == 302 and "/acuse/" in r["Location"], r.status_code  # type: ignore[index,attr-defined]
        r = req("GET acuse", "GET", urllib.parse.urlsplit(r["Location"]).path)  # type: ignore[index]
        assert r.status_code == 200, r.status_code  # type: ignore[attr-defined]

    with connection.execute_wrapper(count):
        for i in range(3):
            walk(i, measure=False)  # warm-up: imports, templates, the connection
        for i in range(args.filings):
            walk(100 + i, measure=True)
    n = args.filings
    print(
        f"{n} filings, attachment {args.size} bytes, PostgreSQL; CPU of this process per request "
        f"(includes the test client's own work, ≈ 1 ms a request); load average {os.getloadavg()[0]:.2f}"
    )
    for label in cpu:
        print(f"  {label:24s} {cpu[label] / n * 1000:6.1f} ms  {queries[label] / n:4.0f} SQL statements")
    print(
        f"  {'whole filing':24s} {sum(cpu.values()) / n * 1000:6.1f} ms  {sum(queries.values()) / n:4.0f} SQL statements"
    )
    if args.sql:
        print(f"SQL of the last {args.sql!r}:")
        for n_sql, text in enumerate(last_sql, 1):
            print(f"  {n_sql:3d} {text}")
    if profile:
        profile.dump_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
