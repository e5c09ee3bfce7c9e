"""Docketing: a new case, an act (the form, the check of what it will change, the record) and the
correction of an entry. Each change is a ``do_*`` action in :mod:`ventila.cases.actions`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import filesizeformat
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila.cases import access
from ventila.cases.actions import (
    ActPreview,
    ActRefused,
    TermChange,
    do_file_case,
    do_record_act,
    preview_act,
    refresh_if_stale,
)
from ventila.cases.evaluation import rulebook_and_kind, rulebook_text
from ventila.cases.labels import (
    DEADLINES,
    KINDS,
    STAGES,
)
from ventila.cases.models import (
    Case,
    DocketEntry,
)
from ventila.cases.rule_messages import render_message
from ventila.rules import RULEBOOKS
from ventila.rules.rulebooks.common import RECORD_ONLY_EVENTS

from .. import pending
from ..forms import ActForm
from ..opening_forms import FilingForm, filing_event, respondent_of
from ..templatetags.web_tags import is_group, long_date
from .case_page import _act_title

# -- docketing a new case -----------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def file_case(request: HttpRequest, body: str, kind: str) -> HttpResponse:
    body_obj = access.access_body_for_filing(request.user, body)
    rulebook = RULEBOOKS[body_obj.rulebook]
    filing = filing_event(body_obj, kind)
    if kind not in rulebook.kinds or not filing or filing not in rulebook.kinds[kind].events:
        raise Http404("kind")
    form = FilingForm(request.POST or None, request.FILES or None, body=body_obj, kind=kind)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            office = form.cleaned_data["respondent_office"]
            opened = open_case(
                request,
                form,
                body=body_obj,
                kind=kind,
                **respondent_of(office),
                respondent_candidate=form.cleaned_data["respondent_candidate"],
                complainant=form.complainant(),
                act=form.act_input(),
            )
            if not isinstance(opened, int):
                return opened
            status = opened
    return render(
        request,
        "web/file_case.html",
        {
            "form": form,
            "body": body_obj,
            "kind": kind,
            "kind_label": KINDS.get(kind, kind),
        },
        status=status,
    )


def open_case(request: HttpRequest, form: Any, **filing: Any) -> HttpResponse | int:
    """Open a case from a staff form that validated (:func:`do_file_case` with ``filing``): the way to
    its page, or, when the rulebook refuses it, the form's errors set and the status to show it again
    with (409 when no field is at fault)."""
    try:
        case = do_file_case(user=request.user, **filing)
    except ActRefused as exc:
        _apply_refusal(form, exc)
        return 409 if not exc.field_errors else 200
    messages.success(request, _("Se abrió el expediente %(n)s.") % {"n": case.number})
    return redirect("web:case", number=case.number)


def _apply_refusal(form: Any, exc: ActRefused) -> None:
    for name, msgs in exc.field_errors.items():
        target = name if name in form.fields else ("occurred_date" if name == "occurred_at" else None)
        for m in msgs:
            form.add_error(target, m)
    if exc.message and (not exc.field_errors or exc.message != _("Revise los datos del acto.")):
        form.add_error(None, exc.message)


# -- recording an act ---------------------------------------------------------------------------
#
# Three steps, with no session: the form; the check of what was entered and of what the act will change
# (computed by the write path's own checks on the would-be docket, :func:`preview_act`, writing nothing),
# where an act that meets a term after its due date says what the rulebook attaches to that and must be
# confirmed; then the record. The check page carries what was typed in hidden fields (and a file in
# :mod:`ventila.web.pending`), so «Cambiar» returns to the form as it was filled. The form's buttons say
# which step they ask for; a POST that names none (a script, a test client) is a request to record, and
# still stops at the check page when the act is late and its lateness was not confirmed.

STEP_CHECK, STEP_EDIT, STEP_CONFIRM = "check", "edit", "confirm"


def _refused_page(
    request: HttpRequest,
    case: Case,
    title: str,
    reason: str,
    *,
    status: int,
    instead: list[dict[str, str]] | None = None,
) -> HttpResponse:
    """A page the user reached but cannot act on: why, and what to do instead (never a bare refusal)."""
    return render(
        request,
        "web/act_refused.html",
        {"case": case, "title": title, "reason": reason, "instead": instead or []},
        status=status,
    )


def _allowed_links(request: HttpRequest, case: Case) -> list[dict[str, str]]:
    return [
        {"href": reverse("web:act", kwargs={"number": case.number, "act": a}), "label": _act_title(case, a)}
        for a in case.allowed_next
        if access.can_record(request.user, case, a)
    ]


@login_required
@require_http_methods(["GET", "POST"])
def record_act(request: HttpRequest, number: str, act: str) -> HttpResponse:
    case = access.access_case_for_user(request.user, number)
    case = refresh_if_stale(case)
    _rb, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    if act not in kind.events:
        raise Http404("act")
    title = _act_title(case, act)
    if not access.can_record(request.user, case, act):
        return _refused_page(
            request,
            case,
            title,
            _(
                "Su cuenta puede ver este expediente, pero no anotar «%(act)s» en él: los actos los anota la "
                "Secretaría de %(body)s (o, para la decisión sobre un Informe Final referido, la oficina del "
                "Presidente de la Cámara). Si el acto ocurrió, comuníqueselo a la Secretaría con la fecha y "
                "el documento."
            )
            % {"act": title, "body": case.body.short_name},
            status=403,
        )
    if act not in case.allowed_next:
        stage = STAGES.get(case.stage, case.stage)
        if case.status != Case.Status.OPEN:
            reason = _(
                "El expediente está cerrado (etapa «%(stage)s»): no admite «%(act)s» ni otros actos del "
                "procedimiento. Si una anotación está mal, corríjala desde el expediente («Corregir» junto a ella)."
            ) % {"act": title, "stage": stage}
        else:
            reason = _(
                "El reglamento no permite «%(act)s» ahora: el caso está en la etapa «%(stage)s». Los actos que "
                "sí puede anotar ahora están abajo; si el acto ocurrió antes, anote primero los que lo preceden."
            ) % {"act": title, "stage": stage}
        return _refused_page(request, case, title, reason, status=409, instead=_allowed_links(request, case))
    return _act_steps(request, case, act, title)


def _act_steps(
    request: HttpRequest, case: Case, act: str, title: str, entry: DocketEntry | None = None
) -> HttpResponse:
    """The form, the check of what will change, and the record (see above), for an act or a correction."""
    post = request.method == "POST"
    step = request.POST.get("step", STEP_CONFIRM) if post else ""
    kept = pending.load(request.POST.get("kept_file", ""), user=request.user, case=case) if post else None
    if kept is not None and request.POST.get("drop_file"):
        kept.discard()
        kept = None
    form = ActForm(
        request.POST if post else None,
        request.FILES or None,
        case=case,
        event_type=act,
        supersedes=entry,
        kept_file=kept is not None,
    )
    ctx: dict[str, Any] = {"case": case, "form": form, "title": title, "act": act, "correcting": entry}
    if not post or step == STEP_EDIT:
        return render(request, "web/act.html", {**ctx, "kept": kept, "editing": step == STEP_EDIT})
    status = 200
    if form.is_valid():
        upload = form.cleaned_data.get("attachment")
        if upload:
            if kept is not None:
                kept.discard()
            kept = pending.keep(upload, user=request.user, case=case)
        act_input = form.act_input()
        try:
            documents = [kept.document()] if kept is not None else []
        except (OSError, ValueError):
            kept, documents = None, []
            form.add_error("attachment", _("El archivo adjunto ya no está disponible: elíjalo de nuevo."))
            return render(request, "web/act.html", {**ctx, "kept": None}, status=200)
        act_input.attachments = documents
        try:
            preview = preview_act(case=case, act=act_input)
        except ActRefused as exc:
            _apply_refusal(form, exc)
            status = 409 if not exc.field_errors else 200
        else:
            late_confirmed = bool(request.POST.get("confirm_late"))
            if step == STEP_CONFIRM and (late_confirmed or not preview.late):
                try:
                    do_record_act(user=request.user, case=case, act=act_input)
                except ActRefused as exc:  # the docket changed since the check
                    _apply_refusal(form, exc)
                    status = 409 if not exc.field_errors else 200
                else:
                    if kept is not None:
                        kept.discard()
                    messages.success(request, _effect_message(case, title, preview, correcting=entry))
                    return redirect("web:case", number=case.number)
            else:
                return render(
                    request,
                    "web/act_check.html",
                    {
                        **ctx,
                        "kept": kept,
                        "rows": _summary_rows(form, kept),
                        "carried": _carried(form),
                        "effects": _effect_rows(case, preview),
                        "preview": preview,
                        "late_error": step == STEP_CONFIRM and bool(preview.late) and not late_confirmed,
                    },
                    status=200,
                )
    return render(request, "web/act.html", {**ctx, "kept": kept}, status=status)


def _carried(form: ActForm) -> list[tuple[str, str]]:
    """What the user typed in each of the form's fields, to carry in hidden fields (only the form's
    own fields: nothing else posted is echoed back)."""
    out = []
    for name in form.fields:
        if name == "attachment":
            continue
        key = form.add_prefix(name)
        out += [(key, v) for v in form.data.getlist(key)]
    return out


def _shown_value(form: ActForm, name: str) -> str:
    field = form.fields[name]
    value = form.cleaned_data.get(name)
    raw = form.data.getlist(form.add_prefix(name))
    if isinstance(field, forms.MultipleChoiceField):
        labels = dict(field.choices)
        return ", ".join(str(labels.get(v, v)) for v in raw) or "—"
    if isinstance(field, forms.ChoiceField):
        labels = {str(k): v for k, v in field.choices}
        return str(labels.get(raw[0], raw[0])) if raw and raw[0] != "" else "—"
    if isinstance(field, forms.BooleanField):
        return _("Sí") if value else _("No")
    if isinstance(value, dt.datetime):
        return f"{long_date(value.date())}, {value:%H:%M}"
    if isinstance(value, dt.date):
        return long_date(value)
    if isinstance(value, dt.time):
        return f"{value:%H:%M}"
    if value in (None, ""):
        return "—"
    return str(value)


def _summary_rows(form: ActForm, kept: pending.PendingFile | None) -> list[dict[str, Any]]:
    """The check page's summary list: each field as entered, in the form's order, with its «Cambiar»."""
    rows = []
    for name in form.fields:
        if name == "attachment":
            continue
        bound = form[name]
        anchor = bound.auto_id + ("_group" if is_group(bound) else "")
        rows.append({"label": bound.label, "value": _shown_value(form, name), "anchor": anchor, "name": name})
    attached = (
        _("%(name)s (%(size)s)") % {"name": kept.filename, "size": filesizeformat(kept.size)} if kept else _("Ninguno")
    )
    rows.append({"label": form.fields["attachment"].label, "value": attached, "anchor": form["attachment"].auto_id})
    return rows


def _due_words(due: dt.date | dt.datetime) -> str:
    if isinstance(due, dt.datetime):
        return f"{long_date(due.date())}, {due:%H:%M}"
    return long_date(due)


def _effect_rows(case: Case, preview: ActPreview) -> dict[str, Any]:
    """What the act will change, in words: the terms it opens, meets, meets late, moves or ends."""

    def label(t: TermChange) -> str:
        return str(DEADLINES.get(t.deadline_id, t.deadline_id))

    return {
        "stage": (
            (
                STAGES.get(preview.stage_before, preview.stage_before),
                STAGES.get(preview.stage_after, preview.stage_after),
            )
            if preview.stage_before != preview.stage_after
            else None
        ),
        "opened": [{"label": label(t), "due": _due_words(t.due), "t": t} for t in preview.opened],
        "met": [{"label": label(t), "due": _due_words(t.due), "t": t} for t in preview.met],
        "late": [
            {
                "label": label(t),
                "due": _due_words(t.due),
                "t": t,
                "consequence": rulebook_text(t.consequence),
            }
            for t in preview.late
        ],
        "moved": [
            {"label": label(t), "due": _due_words(t.due), "was": _due_words(t.was_due), "t": t}
            for t in preview.moved
            if t.was_due is not None
        ],
        "ended": [{"label": label(t), "due": _due_words(t.due), "t": t} for t in preview.ended],
        "findings": _findings(preview),
    }


def _findings(preview: Any) -> list[dict[str, Any]]:
    """The findings an act would raise (an ``ActPreview``'s or a filing's), each with its rule and message."""
    return [{"rule": r, "citation": c, "message": render_message(m.to_json())} for r, c, m in preview.findings]


def opening_effect(preview: Any) -> dict[str, Any]:
    """What opening a case would do, for a check-your-answers page: its findings, the terms it opens (with
    their due dates in words) and the stage it starts in."""
    return {
        "findings": _findings(preview),
        "opened": [
            {"label": DEADLINES.get(t.deadline_id, t.deadline_id), "due": long_date(t.due), "t": t}
            for t in preview.opened
        ],
        "stage": STAGES.get(preview.stage_after, preview.stage_after),
    }


def _effect_message(case: Case, title: str, preview: ActPreview, *, correcting: DocketEntry | None) -> str:
    """The success message: what was recorded and what it did to the terms, with their due dates."""
    if correcting is not None:
        parts = [_("Se corrigió la anotación n.º %(seq)s («%(act)s»).") % {"seq": correcting.seq, "act": title}]
    else:
        parts = [_("Anotado «%(act)s».") % {"act": title}]
    for t in preview.opened:
        parts.append(
            _("El término «%(term)s» corre hasta el %(due)s (%(rule)s).")
            % {"term": DEADLINES.get(t.deadline_id, t.deadline_id), "due": _due_words(t.due), "rule": t.rule_id}
        )
    for t in preview.moved:
        parts.append(
            _("El término «%(term)s» vence ahora el %(due)s (%(rule)s).")
            % {"term": DEADLINES.get(t.deadline_id, t.deadline_id), "due": _due_words(t.due), "rule": t.rule_id}
        )
    for t in preview.met:
        parts.append(
            _("Se cumplió el término «%(term)s» (%(rule)s).")
            % {"term": DEADLINES.get(t.deadline_id, t.deadline_id), "rule": t.rule_id}
        )
    for t in preview.late:
        parts.append(
            _("El término «%(term)s» se cumplió fuera de término: venció el %(due)s (%(rule)s).")
            % {"term": DEADLINES.get(t.deadline_id, t.deadline_id), "due": _due_words(t.due), "rule": t.rule_id}
        )
    if len(parts) == 1:
        parts.append(_("No abre ni cierra ningún término."))
    return " ".join(str(p) for p in parts)


@login_required
@require_http_methods(["GET", "POST"])
def correct_entry(request: HttpRequest, number: str, seq: int) -> HttpResponse:
    case = access.access_case_for_user(request.user, number)
    entry = get_object_or_404(case.entries, seq=seq)
    title = _act_title(case, entry.event_type)
    back = [
        {
            "href": reverse("web:case", kwargs={"number": case.number}) + f"#anotacion-{entry.seq}",
            "label": _("Ver la anotación en el expediente"),
        }
    ]
    if not access.can_correct(request.user, case):
        return _refused_page(
            request,
            case,
            title,
            _(
                "Solo la Secretaría de %(body)s corrige el expediente: es quien lleva su registro completo y "
                "fiel. Si la anotación n.º %(seq)s tiene un error, comuníqueselo con el dato correcto."
            )
            % {"body": case.body.short_name, "seq": entry.seq},
            status=403,
            instead=back,
        )
    later = entry.superseded_by.first()
    if later is not None:
        return _refused_page(
            request,
            case,
            title,
            _(
                "La anotación n.º %(seq)s ya fue corregida por la n.º %(later)s. Para cambiar algo más, corrija "
                "la n.º %(later)s, que es la que cuenta."
            )
            % {"seq": entry.seq, "later": later.seq},
            status=403,
            instead=[
                {
                    "href": reverse("web:correct", kwargs={"number": case.number, "seq": later.seq}),
                    "label": _("Corregir la anotación n.º %(seq)s") % {"seq": later.seq},
                }
            ],
        )
    if entry.event_type in RECORD_ONLY_EVENTS:
        # The record of a document issued or of an attempt to serve it is what happened: not corrected.
        return _refused_page(
            request,
            case,
            title,
            _(
                "La anotación n.º %(seq)s deja constancia de un documento emitido o de un intento de "
                "notificarlo: es lo que ocurrió y no se corrige. Si el documento tiene un error, prepare y "
                "emita uno nuevo desde la sección de documentos del expediente; si falló una notificación, "
                "notifíquelo de nuevo."
            )
            % {"seq": entry.seq},
            status=403,
            instead=back,
        )
    return _act_steps(request, case, entry.event_type, title, entry)
