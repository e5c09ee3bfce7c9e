"""The statistics (issue 18): the staff dashboard, the public page (small cells suppressed) and their
exports as CSV or XLSX. Every figure comes from :mod:`ventila.stats.queries`."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila import clock
from ventila.bodies.models import Body
from ventila.cases import access
from ventila.exports import XLSX_TYPE, to_csv, to_xlsx
from ventila.stats import present, queries
from ventila.stats.models import AnnualReport
from ventila.stats.report import do_issue_annual_report


def _clean(raw: str, limit: int = 20) -> str:
    return raw.replace("\x00", "").strip()[:limit]


def period_from(params: Any, today: dt.date) -> tuple[queries.Period, str, dict[str, str], dict[str, str]]:
    """The period asked for: «anio» (a year), or «desde»/«hasta» (dates); this year when none is given.
    Returns the period, its label, the errors by field and the values as typed (to show them again)."""
    typed = {k: _clean(params.get(k, "")) for k in ("anio", "desde", "hasta")}
    errors: dict[str, str] = {}
    if typed["desde"] or typed["hasta"]:
        days: dict[str, dt.date] = {}
        for k in ("desde", "hasta"):
            try:
                days[k] = dt.date.fromisoformat(typed[k])
            except ValueError:
                errors[k] = _("Escriba la fecha como año-mes-día, por ejemplo 2027-01-31.")
        if not errors and days["hasta"] < days["desde"]:
            errors["hasta"] = _("La fecha final debe ser igual o posterior a la inicial.")
        if not errors:
            p = queries.Period(days["desde"], days["hasta"])
            return p, f"{p.start:%d/%m/%Y} – {p.end:%d/%m/%Y}", errors, typed
    elif typed["anio"]:
        if typed["anio"].isdigit() and 1990 <= int(typed["anio"]) <= 2100:
            return queries.Period.year(int(typed["anio"])), typed["anio"], errors, typed
        errors["anio"] = _("Escriba el año con cuatro cifras, por ejemplo 2027.")
    year = today.year
    return queries.Period.year(year), str(year), errors, typed


def _render(request: HttpRequest, bodies: list[Body], *, public: bool) -> HttpResponse:
    today = clock.today()
    period, label, errors, typed = period_from(request.GET, today)
    slug = _clean(request.GET.get("cuerpo", ""), 60)
    body = next((b for b in bodies if b.slug == slug), None)
    if slug and body is None:
        errors["cuerpo"] = _("Elija uno de los cuerpos de la lista.")
    body = body or bodies[0]
    queries.refresh(body, clock.now())
    stats = queries.compute(body, period)
    items = present.tables(stats, public=public)
    fmt = request.GET.get("formato", "")
    if fmt in ("csv", "xlsx") and not errors:
        name = f"estadisticas-{body.slug}-{label.replace(' ', '').replace('/', '-').replace('–', '_')}.{fmt}"
        if fmt == "csv":
            rows: list[list[Any]] = []
            for t in items:
                rows += [[t.title, *row] for row in t.rows]
            width = max(len(r) for r in rows) if rows else 2
            data = to_csv([_("Estadística"), _("Concepto"), *[_("Valor")] * (width - 2)], rows)
            response = HttpResponse(data, content_type="text/csv; charset=utf-8")
        else:
            response = HttpResponse(to_xlsx(present.export_sheets(items)), content_type=XLSX_TYPE)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    params = {k: v for k, v in (("cuerpo", body.slug), *typed.items()) if v and k not in errors}
    return render(
        request,
        "web/stats_public.html" if public else "web/stats.html",
        {
            "bodies": bodies,
            "body": body,
            "tables": items,
            "period": period,
            "period_label": label,
            "errors": errors,
            "typed": typed,
            "public": public,
            "export_query": urlencode(params),
            "can_report": not public,
        },
        status=400 if errors else 200,
    )


@login_required
@require_http_methods(["GET"])
def dashboard(request: HttpRequest) -> HttpResponse:
    """The staff's statistics of the bodies they serve: every count shown, even a cell of one or two."""
    staff = access.staff_body_ids(request.user)
    bodies = [b for b in access.visible_bodies(request.user) if b.pk in staff]
    if not bodies:
        raise PermissionDenied(_("Las estadísticas completas son del personal y la Secretaría del cuerpo."))
    return _render(request, bodies, public=False)


@require_http_methods(["GET"])
def public(request: HttpRequest) -> HttpResponse:
    """The public statistics (no account): a count of one or two is shown as «menos de 3»."""
    bodies = list(Body.objects.public().order_by("name", "pk"))
    if not bodies:
        return render(
            request, "web/stats_public.html", {"tables": [], "bodies": [], "public": True, "errors": {}, "typed": {}}
        )
    return _render(request, bodies, public=True)


# -- the annual report -----------------------------------------------------------------------------


def _secretary_body(user: Any, slug: str) -> Body:
    """The body whose annual reports the user may generate and read: its secretary and staff."""
    staff = access.staff_body_ids(user)
    body = next((b for b in access.visible_bodies(user) if b.slug == slug and b.pk in staff), None)
    if body is None:
        raise Http404
    return body


@login_required
@require_http_methods(["GET", "POST"])
def annual_report(request: HttpRequest, body: str) -> HttpResponse:
    """The body's annual reports: generate the one of a year in one action (the secretary), and read
    the ones issued (the secretary and the staff)."""
    body_obj = _secretary_body(request.user, body)
    may_issue = body_obj.pk in access.secretary_body_ids(request.user)
    today = clock.today()
    raw = _clean(request.POST.get("anio", "") if request.method == "POST" else request.GET.get("anio", ""), 10)
    error = ""
    year = today.year - 1
    if raw:
        if raw.isdigit() and 1990 <= int(raw) <= today.year:
            year = int(raw)
        else:
            error = _("Escriba un año con cuatro cifras, no posterior al actual, por ejemplo %(year)s.") % {
                "year": today.year - 1
            }
    if request.method == "POST":
        if not may_issue:
            raise PermissionDenied(_("Solo la Secretaría del cuerpo genera el informe anual."))
        if not error:
            report = do_issue_annual_report(user=request.user, body=body_obj, year=year)
            messages.success(
                request, _("Informe anual generado: quedó congelado, con su huella SHA-256 en el registro.")
            )
            return redirect(f"{reverse('web:annual_report', kwargs={'body': body_obj.slug})}#informe-{report.pk}")
    reports = AnnualReport.objects.filter(body=body_obj).select_related("issued_by")
    return render(
        request,
        "web/annual_report.html",
        {
            "body": body_obj,
            "reports": reports,
            "year": raw or str(year),
            "error": error,
            "may_issue": may_issue,
        },
        status=400 if error else 200,
    )


@login_required
@require_http_methods(["GET"])
def annual_report_file(request: HttpRequest, body: str, report_id: int) -> HttpResponse:
    body_obj = _secretary_body(request.user, body)
    report = AnnualReport.objects.filter(body=body_obj, pk=report_id).first()
    if report is None:
        raise Http404
    return FileResponse(report.file.open("rb"), content_type="application/pdf", filename=report.filename)
