"""Benchmark: rendering a notice of complaint as a PDF (WeasyPrint), the issue-4 target ≤ 300 ms.

Run from the repository root (no database needed: the document is built in memory from the same
text template the app uses, with fictitious data):

    .venv/bin/python bench/documents_pdf.py            # 30 renders after 3 warm-up renders
    .venv/bin/python bench/documents_pdf.py --runs 100

It prints the wall-clock and CPU time per render (median, 90th percentile, best, worst), the page
count and size, and the cost of the first render in the process (stylesheet, fonts, imports).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")


def build_draft():  # type: ignore[no-untyped-def]
    import datetime as dt

    from django.template.loader import render_to_string

    from ventila.bodies.models import Body
    from ventila.cases.models import Case
    from ventila.documents import catalog
    from ventila.documents.models import Draft
    from ventila.rules.rulebooks.camara_171.s20_s24_complaints import NOTICE_OF_COMPLAINT_CONTENTS

    body = Body(
        slug="etica-camara",
        name="Comisión de Ética de la Cámara de Representantes",
        short_name="Ética",
        rulebook="camara-171",
        case_prefix="CE",
        seats=7,
    )
    case = Case(
        body=body,
        kind="complaint",
        number="CE-2027-0001",
        year=2027,
        sequence=1,
        caption="Querella contra Rafael Quiñones Ficticio",
        respondent_role="representative",
    )
    respondent = SimpleNamespace(
        name="Rafael Quiñones Ficticio",
        office="Representante del Distrito 40",
        postal_address="Apartado 9000, San Juan, PR 00902",
    )
    facts = " ".join(f"Hecho {i}: el querellado usó el vehículo oficial para fines privados." for i in range(12))
    context = {
        "case": case,
        "body": body,
        "respondent": respondent,
        "filed": catalog.long_date(dt.date(2027, 3, 1), "es"),
        "complaint": {"facts": facts, "provisions": "Sec. 10(i), Sec. 10(j)"},
        "terms": {
            "answer": catalog.term_text("CAM-21B-02", "camara-171", "es"),
            "extension": catalog.term_text("CAM-21B-03", "camara-171", "es"),
        },
        "notice_contents": NOTICE_OF_COMPLAINT_CONTENTS,
    }
    sections = catalog.parse_sections(render_to_string("documents/texts/es/notice_of_complaint.txt", context))
    return Draft(
        case=case,
        template="notice_of_complaint",
        language="es",
        title="Notificación de la querella",
        sections=sections,
        rule_id="CAM-21B-04",
        citation="Sec. 21(b)(4)",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    t0 = time.perf_counter()
    import django

    django.setup()
    from ventila.documents.pdf import render_pdf

    draft = build_draft()
    first_start = time.perf_counter()
    data = render_pdf(draft)
    first = time.perf_counter() - first_start
    setup = first_start - t0
    for _ in range(2):
        render_pdf(draft)
    wall, cpu = [], []
    for _ in range(args.runs):
        w, c = time.perf_counter(), time.process_time()
        data = render_pdf(draft)
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    from io import BytesIO

    from pypdf import PdfReader

    pages = len(PdfReader(BytesIO(data)).pages)

    def stats(xs: list[float]) -> str:
        xs = sorted(xs)
        p90 = xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]
        return (
            f"median {statistics.median(xs):6.1f} ms · p90 {p90:6.1f} ms · best {xs[0]:6.1f} ms · "
            f"worst {xs[-1]:6.1f} ms"
        )

    print(f"notice of complaint: {pages} pages, {len(data):,} bytes; {args.runs} renders after 3 warm-up")
    print(f"  wall  {stats(wall)}")
    print(f"  CPU   {stats(cpu)}")
    print(f"  first render in the process: {first * 1000:.0f} ms (after {setup * 1000:.0f} ms of imports/setup)")
    target = 300.0
    verdict = "within" if statistics.median(wall) <= target else "OVER"
    print(f"  target ≤ {target:.0f} ms per render (median wall): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
