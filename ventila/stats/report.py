"""The annual report of a body (issue 18): the year's statistics with their charts, the resolved
matters as the public record shows them, and the method; laid out by WeasyPrint with the documents'
letterhead as a tagged PDF (PDF/UA-1), frozen with its SHA-256 and chained in the audit record in
the same transaction — generated in one action (:func:`do_issue_annual_report`)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock, files
from ventila.audit import chain
from ventila.bodies.models import Body
from ventila.cases.access import public_cases
from ventila.documents import signing
from ventila.documents.catalog import long_date
from ventila.documents.pdf import _assets, render_signed
from ventila.documents.publication import public_matters
from ventila.rules import PR_TZ, RULEBOOKS

from . import present, queries
from .models import AnnualReport

ANNUAL_REPORT_KIND = signing.ANNUAL_REPORT


def resolved_matters(body: Body, period: queries.Period) -> list[dict[str, Any]]:
    """The body's matters finally resolved in the period, as the public record shows them
    (:mod:`ventila.documents.publication`, issue 17: only final cases, the complainant and every
    party's contact data redacted): number, kind, respondent, outcome and day of the final act."""
    out = []
    for m in public_matters(public_cases(body)):  # the public record's own list, as it reads them
        if m.final_on is None or not (period.start <= m.final_on <= period.end):
            continue
        out.append(
            {
                "number": m.number,
                "kind": m.kind_label,
                "respondent": m.respondent_name,
                "outcome": m.outcome_label or (m.items[-1].title if m.items else ""),
                "day": m.final_on,
            }
        )
    return sorted(out, key=lambda r: (r["day"], r["number"]))


METHOD = [
    "Cada cifra se calcula del expediente de cada caso (las anotaciones y los términos que el reglamento "
    "deriva de ellas), nunca se escribe a mano. Una anotación corregida no cuenta.",
    "Un asunto se cuenta como recibido el día de su primer acto (querella presentada o referido recibido).",
    "Un término se cuenta en el mes de su último día: cumplido si el acto que lo cumple consta en el expediente "
    "a más tardar ese día; vencido si consta después o no consta. Los términos abiertos o suspendidos no se cuentan.",
    "Los días hasta la determinación y hasta la resolución final son días naturales, hora de Puerto Rico, desde "
    "el primer acto del asunto, para los asuntos determinados o resueltos en el período; la mediana y el "
    "percentil 90 se interpolan linealmente.",
    "La lista de asuntos resueltos es la del registro público: los casos con determinación o resolución final en "
    "el año, sin datos de la parte querellante ni datos de contacto de ninguna parte.",
    "Los términos, los tiempos, las desestimaciones y las sanciones cuentan solo los asuntos finales que publica el "
    "registro público (su acto final, notificado a las partes), no los casos aún abiertos.",
]


def report_html(
    body: Body, year: int, *, issued_at: dt.datetime | None, issued_by: Any = None, verify_url: str = ""
) -> str:
    period = queries.Period.year(year)
    queries.refresh(body, clock.now())
    # The final-act figures count the matters the public record publishes, as its list does (issue 26).
    stats = queries.compute(body, period, [c.pk for c in public_cases(body)])
    with translation.override("es"):
        return render_to_string(
            "stats/annual_report.html",
            {
                "body": body,
                "year": year,
                "title": title_of(body, year),
                "tables": present.tables(stats, public=False),
                "matters": resolved_matters(body, period),
                "method": [_(m) for m in METHOD],
                "letterhead": RULEBOOKS[body.rulebook].documents.letterhead,
                "issued_on": long_date(issued_at.astimezone(PR_TZ).date(), "es") if issued_at else "",
                "issued_by": issued_by,
                "verify_url": verify_url,  # the signature's place and the verification link (issued only)
            },
        )


def title_of(body: Body, year: int) -> str:
    return _("Informe anual %(year)s") % {"year": year}


def render_report(body: Body, year: int, *, issued_at: dt.datetime, issued_by: Any) -> signing.Signed:
    """The report's PDF, signed with the body's certificate, with its verification link."""
    css, fonts = _assets()
    return render_signed(
        lambda url: report_html(body, year, issued_at=issued_at, issued_by=issued_by, verify_url=url),
        body=body,
        issued_at=issued_at,
        stylesheets=[css],
        font_config=fonts,
    )


def do_issue_annual_report(*, user: Any, body: Body, year: int, now: dt.datetime | None = None) -> AnnualReport:
    """Generate, sign, freeze (the SHA-256 of the signed file) and chain the body's report of ``year``:
    one action, one transaction."""
    now = now or clock.now()
    signed = render_report(body, year, issued_at=now, issued_by=user)
    with transaction.atomic():
        report = AnnualReport(body=body, year=year, title=title_of(body, year), issued_by=user, issued_at=now)
        report.sha256 = signed.sha256
        report.size = len(signed.data)
        report.filename = f"{body.case_prefix} {report.title}.pdf".replace("/", "-")[:255]
        files.store(report.file, report.filename, signed.data)
        report.save()
        chain.append("annual_report", report)
        signing.record_signed(signed, kind=ANNUAL_REPORT_KIND, body=body, issued_at=now)
    return report
