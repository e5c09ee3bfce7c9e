"""The requested report of an access request (Sec. 17): stored sealed on the request's case, shown
only when the Code allows access. The door is :func:`ventila.cases.access.access_requested_report`;
this module writes (one transaction, chained) and says why the report is still sealed."""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from ventila import clock, files
from ventila.audit import chain
from ventila.rules import RULEBOOKS
from ventila.rules.vocabulary import AccessRequestStage

from . import uploads
from .models import Case, RequestedReport
from .rule_messages import plain_html, stored_text

# Sec. 17(1) ¶2: the stages in which the term and the objection no longer bar access and the request meets
# Sec. 17(1) and 17(4); in any other the report stays sealed (the rulebook's finding says why).
REPORT_OPEN_STAGES = (AccessRequestStage.ACCESS_OPEN, AccessRequestStage.ACCESS_GRANTED)
# The findings that keep the report sealed, by their id (``Rulebook.findings`` names each one's rule): the
# report is not final (Sec. 17(1)), and access does not lie yet (Sec. 17(1) ¶2).
NOT_FINAL, NOT_YET = "report_not_final", "access_not_yet_allowed"
REPORT_KIND = "report_access_request"
MAX_REPORT_MB = 20


class ReportRefused(Exception):
    """The file cannot be kept as the requested report: the message says why."""


def access_rule(case: Case) -> str:
    """The rule that says when access to the requested report lies (Sec. 17(1) ¶2), from the rulebook."""
    return RULEBOOKS[case.body.rulebook].findings[NOT_YET]


def report_sealed_reason(case: Case) -> str:
    """Why the requested report may not be shown now, in the user's language ("" when it may): the
    engine's own finding (the report not final, access not yet allowed) as stored on the case, else the
    stage's words."""
    if case.stage in REPORT_OPEN_STAGES:
        return ""
    not_final, not_yet = RULEBOOKS[case.body.rulebook].findings[NOT_FINAL], access_rule(case)
    findings = list(case.findings.filter(rule_id__in=(not_final, not_yet)).order_by("id"))
    blocked = [f for f in findings if f.rule_id == not_final] or [f for f in findings if f.finding_id == NOT_YET]
    if blocked:
        f = blocked[-1]
        return _("%(message)s (%(rule)s, %(citation)s)") % {
            "message": plain_html(mark_safe(stored_text(f.message))),  # nosec B308 B703 - made from escaped text
            "rule": f.rule_id,
            "citation": f.citation,
        }
    if case.stage == AccessRequestStage.ACCESS_DENIED:
        return _(
            "Se sostuvo la objeción del Representante: no procede el acceso al informe (Sec. 17(1), %(rule)s)."
        ) % {"rule": not_yet}
    return _("Todavía no procede el acceso al informe (Sec. 17(1), %(rule)s).") % {"rule": not_yet}


def do_store_requested_report(*, user: Any, case: Case, upload: Any, covers_year: int | None = None) -> RequestedReport:
    """Keep ``upload`` (a PDF) as the requested report of ``case``, chained in the audit record."""
    if case.kind != REPORT_KIND:
        raise ReportRefused(_("Solo una solicitud de acceso (Sec. 17) guarda el informe solicitado."))
    limit = int(getattr(settings, "VENTILA_REQUESTED_REPORT_MAX_MB", MAX_REPORT_MB)) * 1024 * 1024
    if upload.size > limit:
        raise ReportRefused(
            _("El archivo pesa más de %(mb)s MB: guarde una copia más liviana del informe.") % {"mb": limit // 2**20}
        )
    data = upload.read()
    if uploads.guess(data) != "application/pdf" or not uploads.opens_as("application/pdf", data):
        raise ReportRefused(_("El archivo no es un PDF: guarde la copia del informe en PDF."))
    digest = hashlib.sha256(data).hexdigest()
    with transaction.atomic():
        report = RequestedReport(
            case=case,
            filename=(upload.name or "informe.pdf")[:255],
            sha256=digest,
            size=len(data),
            content_type="application/pdf",
            covers_year=covers_year,
            recorded_by=user,
            recorded_at=clock.now(),
        )
        files.store(report.file, report.filename, data)
        report.save()
        chain.append("requested_report", report)
    return report
