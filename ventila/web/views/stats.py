"""The statistics (issue 18): the staff dashboard, the public page (small cells suppressed) and their
exports as CSV or XLSX. Every figure comes from :mod:`ventila.stats.queries`."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila import clock, files
from ventila.bodies.models import Body
from ventila.cases import access
from ventila.exports import XLSX_TYPE, to_csv, to_xlsx
from ventila.stats import present, queries, stored
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


def public_parts() -> list[tuple[str, str]]:
    """The parts of a year the public statistics offer: the whole year, its quarters, its months."""
    quarters = [(f"T{q}", _("Trimestre %(n)s") % {"n": q}) for q in range(1, 5)]
    months = [(f"M{m:02d}", date_format(dt.date(2000, m, 1), "F").capitalize()) for m in range(1, 13)]
    return [("", _("Año completo")), *quarters, *months]


def public_period_from(params: Any, today: dt.date) -> tuple[queries.Period, str, dict[str, str], dict[str, str]]:
    """The period of the public statistics (issue 26): a month, a quarter or a year («anio», «periodo»)
    already over — never a window of chosen dates, nor one that ends today, whose difference from the
    window of the day before would tell what happened that day. Default: last year."""
    typed = {k: _clean(params.get(k, "")) for k in ("anio", "periodo", "desde", "hasta")}
    errors: dict[str, str] = {}
    year = today.year - 1
    if typed["desde"] or typed["hasta"]:
        errors["anio"] = _(
            "Las estadísticas públicas son de un mes, un trimestre o un año ya terminados: elija el año."
        )
    if typed["anio"]:
        if typed["anio"].isdigit() and 1990 <= int(typed["anio"]) <= 2100:
            year = int(typed["anio"])
        else:
            errors["anio"] = _("Escriba el año con cuatro cifras, por ejemplo 2027.")
    part = typed["periodo"]
    labels = dict(public_parts())
    if part not in labels:
        errors["periodo"] = _("Elija el año completo, un trimestre o un mes de la lista.")
        part = ""
    if part.startswith("T"):
        period = queries.Period.months(year, 3 * int(part[1:]) - 2, 3)
    elif part.startswith("M"):
        period = queries.Period.months(year, int(part[1:]), 1)
    else:
        period = queries.Period.year(year)
    if not errors and not period.closed(today):
        errors["periodo"] = _(
            "Ese período todavía no ha terminado: las estadísticas públicas son de meses, trimestres o años ya "
            "cerrados."
        )
    if errors:  # the page still shows a period: the last closed year
        period, part = queries.Period.year(today.year - 1), ""
    label = f"{labels[part]} {period.start.year}" if part else str(period.start.year)
    return period, label, errors, typed


def _render(request: HttpRequest, bodies: list[Body], *, public: bool) -> HttpResponse:
    today = clock.today()
    period, label, errors, typed = (public_period_from if public else period_from)(request.GET, today)
    slug = _clean(request.GET.get("cuerpo", ""), 60)
    body = next((b for b in bodies if b.slug == slug), None)
    if slug and body is None:
        errors["cuerpo"] = _("Elija uno de los cuerpos de la lista.")
    body = body or bodies[0]
    queries.refresh(body, clock.now())
    # The public counts of the matters final for publication only (the public record's predicate).
    stats = stored.figures(body, period, public=public, only=lambda: [c.pk for c in access.public_cases(body)])
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
    kept = ("cuerpo", "anio", "periodo") if public else ("cuerpo", "anio", "desde", "hasta")
    params = {k: v for k, v in (("cuerpo", body.slug), *typed.items()) if v and k not in errors and k in kept}
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
            "parts": public_parts() if public else [],
            "export_query": urlencode(params),
            "can_report": not public,
            # This year's figures are kept by the worker (issue 30): the page says when they were computed.
            "as_of": stats.computed_at if not public and not period.closed(today) else None,
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


@login_required
@require_http_methods(["GET", "POST"])
def annual_report(request: HttpRequest, body: str) -> HttpResponse:
    """The body's annual reports: generate the one of a year in one action (the secretary), and read
    the ones issued (the secretary and the staff)."""
    body_obj = access.access_staff_body(request.user, body)
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
        if not error and request.POST.get("paso") != "confirmar":
            # Issue 29: the report freezes for good, so the secretary confirms first (warned of an unfinished year).
            return render(
                request,
                "web/annual_report_check.html",
                {"body": body_obj, "year": year, "unfinished": year >= today.year, "today": today},
            )
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
    body_obj = access.access_staff_body(request.user, body)
    report = AnnualReport.objects.filter(body=body_obj, pk=report_id).first()
    if report is None:
        raise Http404
    return files.served(report)
