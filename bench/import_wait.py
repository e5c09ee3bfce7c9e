"""How long a filing waits behind a register import (issue 30, item 6). See bench/README.md, «A filing behind
an import».

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ventila_bench .venv/bin/python bench/import_wait.py --people 1000

Against a database built by ``ventila generate --cases N`` (a body that keeps a register). One thread imports
``--people`` new people into the register of that body (``ventila.compliance.actions.do_import_register``, each
person opening a financial-report case); this thread files a complaint in the same body every ``--every``
seconds while the import runs (``do_file_case``, the action a public filing ends in: it takes the body's
counter and the audit chain's head), each timed. Run once with the batches as configured and once as a single
transaction (``--one-batch``: the import before issue 30); the longest and median filing, and the import's time.
What it writes stays (the people «Bench …», their cases, the complaints): run it on a scratch database.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connections  # noqa: E402

from ventila import clock  # noqa: E402
from ventila.accounts.models import User  # noqa: E402
from ventila.bodies.models import Body, Person  # noqa: E402
from ventila.cases.actions import ActInput, do_file_case  # noqa: E402
from ventila.compliance.access import obligations_of  # noqa: E402
from ventila.compliance.actions import do_import_register  # noqa: E402
from ventila.compliance.importer import Table  # noqa: E402

MAPPING = {"hr_number": 0, "given_name": 1, "family_name": 2, "role": 3, "title": 4, "start": 5}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--every", type=float, default=0.5, help="seconds between two filings")
    parser.add_argument("--one-batch", action="store_true", help="the whole import in one transaction")
    args = parser.parse_args()
    if args.one_batch:
        settings.VENTILA_IMPORT_BATCH_ROWS = 10**9
        settings.VENTILA_IMPORT_BATCH_SECONDS = 10.0**9
    body = next(b for b in Body.objects.order_by("pk") if obligations_of(b) is not None)
    user = User.objects.filter(is_superuser=True).order_by("pk").first()
    respondent = Person.objects.filter(offices__isnull=False).order_by("pk").first()
    assert respondent is not None, "generate a database first (ventila generate --cases N)"
    office = respondent.offices.order_by("pk").first()
    run = uuid.uuid4().hex[:6]
    table = Table(
        ["n", "given", "family", "role", "title", "start"],
        [(i + 2, [f"B{run}-{i}", f"Bench{i}", f"Persona {run}", "Funcionario", "Director", "04/01/2025"])
         for i in range(args.people)],
    )  # fmt: skip
    done = threading.Event()
    took: list[float] = []

    def run_import() -> None:
        started = time.monotonic()
        try:
            do_import_register(
                user=user, body=body, table=table, mapping=MAPPING, file_name="bench.csv", sha256="0" * 64
            )
        finally:
            took.append(time.monotonic() - started)
            done.set()
            connections.close_all()

    waits: list[float] = []
    importer = threading.Thread(target=run_import)
    print(f"load at start: {os.getloadavg()}; {args.people} people into {body.slug}; "
          f"batches: {settings.VENTILA_IMPORT_BATCH_ROWS} people / {settings.VENTILA_IMPORT_BATCH_SECONDS} s")  # fmt: skip
    importer.start()
    time.sleep(args.every)
    while not done.is_set():
        started = time.monotonic()
        act = ActInput(
            "complaint_filed", clock.now(), True, {"knowledge_date": clock.today().isoformat(), "channel": "in_person"},
            {"facts": "Hechos de prueba del banco.", "provisions": "Sec. 10(j)"},
        )  # fmt: skip
        do_file_case(
            user=user, body=body, kind="complaint", respondent=respondent, respondent_role=office.role,
            respondent_office=office.title, act=act,
        )  # fmt: skip
        waits.append(time.monotonic() - started)
        time.sleep(args.every)
    importer.join()
    print(f"import: {took[0]:.1f} s; filings while it ran: {len(waits)}")
    if waits:
        print(f"filing: median {statistics.median(waits):.3f} s, longest {max(waits):.3f} s")


if __name__ == "__main__":
    main()
