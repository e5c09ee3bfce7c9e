"""The Code's preventive matters opened by hand (issue 16): outside activities (Sec. 11), access
requests to financial reports (Sec. 17) and regulations (Sec. 27); and the requested report of an
access request, kept sealed until the Code allows access.

Thin like the other views: the doors are :mod:`ventila.cases.access`, the changes ``do_*`` actions."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ventila import files
from ventila.cases import access
from ventila.cases.actions import ActRefused, preview_filing, refresh_if_stale
from ventila.cases.advisory import KIND as ADVISORY_KIND
from ventila.cases.advisory import register, related_complaints
from ventila.cases.evaluation import event_spec
from ventila.cases.labels import CHOICES, KINDS
from ventila.cases.matters import ReportRefused, access_rule, do_store_requested_report
from ventila.rules import RULEBOOKS

from ..matter_forms import MatterForm, ReportForm, matter_kinds, opening_acts
from ..opening_forms import respondent_of
from ..templatetags.web_tags import long_date
from .docketing import _apply_refusal, open_case, opening_effect

# The kinds whose opening shows the engine's checks before it is recorded (Sec. 19(a)–(c): CAM-19A-01,
# CAM-19A-02, CAM-19C-01, CAM-19C-02 are seen before the request is accepted).
CHECK_FIRST = {"advisory_opinion"}


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
    page = {
        "form": form,
        "body": body_obj,
        "kind": kind,
        "kind_label": kind_label,
        "act": chosen,
        "act_title": _act_title_for(body_obj.rulebook, kind, chosen),
    }
    status = 200
    step = request.POST.get("paso", "") if request.method == "POST" else ""
    # Every opening is checked before it is recorded (issue 29): the form's button asks for the check
    # («revisar»); an advisory request is always checked; a post naming no step records at once (scripts).
    checked = kind in CHECK_FIRST or step in ("revisar", "cambiar")
    if request.method == "POST" and form.is_valid() and checked and step != "confirmar":
        if step != "cambiar":
            office = form.office()
            try:
                preview = preview_filing(
                    body=body_obj, kind=kind, respondent_role=office.role if office else "", act=form.act_input()
                )
            except ActRefused as exc:
                _apply_refusal(form, exc)
            else:
                return render(
                    request,
                    "web/open_matter_check.html",
                    {
                        **page,
                        "rows": _check_rows(form),
                        **opening_effect(preview),
                        "complaints": related_complaints(office.person) if office and kind in CHECK_FIRST else [],
                        "advisory": kind in CHECK_FIRST,
                    },
                )
    elif request.method == "POST" and form.is_valid():
        office = form.office()
        opened = open_case(
            request,
            form,
            body=body_obj,
            kind=kind,
            **respondent_of(office),
            act=form.act_input(),
            reason=f"Apertura: {_act_title_for(body_obj.rulebook, kind, chosen, spanish=True)}",
            caption=form.caption(),
        )
        if not isinstance(opened, int):
            return opened
        status = opened
    return render(request, "web/open_matter.html", {**page, "several": len(acts) > 1}, status=status)


def _words(field: Any) -> dict[Any, Any]:
    """A form field's choices in words (its rulebook field's own, ``FieldSpec.labels``), else the shared ones."""
    return {**CHOICES, **dict(getattr(field, "choices", ()))}


def _check_rows(form: MatterForm) -> list[dict[str, str]]:
    """What was entered, as the check step shows it: each field's label and value in words."""
    rows = []
    for bf in form:
        if bf.name == "attachment":
            continue
        value = form.cleaned_data.get(bf.name)
        if value in (None, ""):
            continue
        if bf.name == "person_office":
            shown = f"{value.person} — {value.title}"
        elif isinstance(value, bool):
            shown = str(CHOICES.get(value, value))
        elif bf.name in form.payload_names and isinstance(value, str) and value in (words := _words(bf.field)):
            shown = str(words[value])
        elif isinstance(value, dt.time):
            shown = value.strftime("%H:%M")
        elif isinstance(value, dt.date):
            shown = long_date(value)
        else:
            shown = str(value)
        rows.append({"label": str(bf.label), "value": shown, "anchor": bf.id_for_label})
    return rows


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
    form = ReportForm(request.POST, request.FILES, rule=access_rule(case))
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
    return files.served(report, attachment=True, content_type=report.content_type or "application/pdf")


@login_required
def opinion_register(request: HttpRequest, body: str) -> HttpResponse:
    """The binding register (Sec. 19(e)–(f), CAM-19E-01, CAM-19F-01): every issued opinion of the body, with
    its requester, facts, dates, status and text, over the opinion cases this user may see (staff and the
    Commission's seated members; docs/permissions.md)."""
    readers = access.staff_body_ids(request.user) | access.member_body_ids(request.user)
    body_obj = next((b for b in access.visible_bodies(request.user) if b.slug == body and b.pk in readers), None)
    if body_obj is None or ADVISORY_KIND not in RULEBOOKS[body_obj.rulebook].kinds:
        raise Http404("body")
    seen = access.access_cases_for_user(request.user).filter(body=body_obj)
    opinions = register(seen, issued_only=request.GET.get("todas") != "1")
    return render(
        request,
        "web/opinion_register.html",
        {
            "body": body_obj,
            "opinions": opinions,
            "all": request.GET.get("todas") == "1",
            "can_file": access.can_file(request.user, body_obj),
        },
    )
