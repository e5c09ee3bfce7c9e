"""The Code's preventive matters opened by hand (issue 16): outside activities (Sec. 11), access
requests to financial reports (Sec. 17) and regulations (Sec. 27); and the requested report of an
access request, kept sealed until the Code allows access.

Thin like the other views: the doors are :mod:`ventila.cases.access`, the changes ``do_*`` actions."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ventila.cases import access
from ventila.cases.actions import ActRefused, do_file_case, refresh_if_stale
from ventila.cases.evaluation import event_spec
from ventila.cases.labels import KINDS
from ventila.cases.matters import ReportRefused, do_store_requested_report

from ..matter_forms import MatterForm, ReportForm, matter_kinds, opening_acts
from .cases import _apply_refusal


@login_required
@require_http_methods(["GET", "POST"])
def open_matter(request: HttpRequest, body: str, kind: str) -> HttpResponse:
    """Open a matter of ``kind``: first which act opens it (when the rulebook allows more than one), then
    the act's form with the person concerned."""
    body_obj = access.access_body_for_filing(request.user, body)
    if kind not in matter_kinds(body_obj):
        raise Http404("kind")
    acts = opening_acts(body_obj, kind)
    chosen = (request.POST.get("acto") if request.method == "POST" else request.GET.get("acto")) or ""
    if len(acts) == 1:
        chosen = acts[0]
    kind_label = KINDS.get(kind, kind)
    if chosen not in acts:
        titles = [(a, _act_title_for(body_obj.rulebook, kind, a)) for a in acts]
        error = _("Elija qué acto anota.") if ("acto" in request.GET or "paso" in request.GET) else ""
        return render(
            request,
            "web/open_matter_choose.html",
            {"body": body_obj, "kind": kind, "kind_label": kind_label, "acts": titles, "error": error},
            status=200,
        )
    form = MatterForm(request.POST or None, request.FILES or None, body=body_obj, kind=kind, event_type=chosen)
    status = 200
    if request.method == "POST" and form.is_valid():
        office = form.office()
        try:
            case = do_file_case(
                user=request.user,
                body=body_obj,
                kind=kind,
                respondent=office.person if office else None,
                respondent_role=office.role if office else "",
                respondent_office=office.title if office else "",
                act=form.act_input(),
                reason=f"Apertura: {_act_title_for(body_obj.rulebook, kind, chosen, spanish=True)}",
                caption=form.caption(),
            )
        except ActRefused as exc:
            _apply_refusal(form, exc)
            status = 409 if not exc.field_errors else 200
        else:
            messages.success(request, _("Se abrió el expediente %(n)s.") % {"n": case.number})
            return redirect("web:case", number=case.number)
    return render(
        request,
        "web/open_matter.html",
        {
            "form": form,
            "body": body_obj,
            "kind": kind,
            "kind_label": kind_label,
            "act": chosen,
            "act_title": _act_title_for(body_obj.rulebook, kind, chosen),
            "several": len(acts) > 1,
        },
        status=status,
    )


def _act_title_for(rulebook: str, kind: str, act: str, *, spanish: bool = False) -> str:
    title = event_spec(rulebook, kind, act).title
    return title if spanish else _(title)


@login_required
@require_POST
def store_requested_report(request: HttpRequest, number: str) -> HttpResponse:
    """Keep the copy of the requested report, sealed (staff only; an access request's case only)."""
    case = access.access_case_for_user(request.user, number)
    if case.kind != "report_access_request":
        raise Http404("not an access request")
    if case.body_id not in access.staff_body_ids(request.user):
        raise PermissionDenied("staff only")
    form = ReportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            do_store_requested_report(
                user=request.user,
                case=case,
                upload=form.cleaned_data["file"],
                covers_year=form.cleaned_data.get("covers_year"),
            )
        except ReportRefused as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(
                request,
                _("Se guardó sellada la copia del informe solicitado; no se muestra hasta que proceda el acceso."),
            )
            return redirect("web:case", number=case.number)
    return render(request, "web/requested_report_refused.html", {"case": case, "form": form}, status=200)


@login_required
def requested_report(request: HttpRequest, number: str, report_id: int) -> HttpResponse:
    """The requested report, only once access is lawful (CAM-17-01, CAM-17-05); every view logged."""
    case = access.access_case_for_user(request.user, number)
    case = refresh_if_stale(case)
    try:
        report = access.access_requested_report(request.user, case, report_id)
    except access.ReportSealed as exc:
        return render(request, "web/requested_report_sealed.html", {"case": case, "reason": exc.reason}, status=403)
    return FileResponse(
        report.file.open("rb"),
        as_attachment=True,
        filename=report.filename,
        content_type=report.content_type or "application/pdf",
    )
