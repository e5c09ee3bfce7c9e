"""Document views: generate, edit, issue, serve and prove; calendars and signed links.

Thin: every read goes through :mod:`ventila.documents.access` (itself through the cases' access
rules) and every change through a ``do_*`` action.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_http_methods, require_POST

from ventila import files
from ventila.cases import access as case_access
from ventila.cases.labels import DEADLINES
from ventila.cases.models import Party
from ventila.rules import RULEBOOKS

from . import access, calendars, catalog
from .actions import (
    DocumentRefused,
    attempt_delivery,
    do_create_draft,
    do_discard_draft,
    do_issue_document,
    do_order_delivery,
    do_record_receipt,
    do_regenerate_section,
    do_update_draft,
    draft_digest,
    draft_problems,
    preview_receipt,
)
from .forms import OTHER_ROLES, RECEIPT_METHODS, DeliveryForm, DraftForm, LanguageForm, ReceiptForm
from .mail import answer_shown, failure_sentence
from .models import Delivery
from .pdf import render_pdf
from .service import read_link_token

# Whom a document goes to, in words (its catalogue's recipient roles).
ROLE_LABELS = {**dict(OTHER_ROLES), **{r.value: r.label for r in Party.Role}}


def _apply(form: Any, exc: DocumentRefused, aliases: dict[str, str] | None = None) -> None:
    for name, msgs in exc.field_errors.items():
        target = (aliases or {}).get(name, name)
        for m in msgs:
            form.add_error(target if target in form.fields else None, m)
    if exc.message and not exc.field_errors:
        form.add_error(None, exc.message)


@login_required
@require_http_methods(["GET", "POST"])
def new_document(request: HttpRequest, number: str, seq: int, template: str) -> HttpResponse:
    case = access.case_for_documents(request.user, number)
    entry = case.entries.filter(seq=seq).first()
    spec = catalog.BY_KEY.get(template)
    if entry is None or spec is None or spec not in catalog.specs_for(case, entry):
        raise Http404("no such document for this act")
    form = LanguageForm(request.POST or None, initial={"language": (get_language() or "es")[:2]})
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            d = do_create_draft(
                user=request.user, case=case, entry=entry, template=template, language=form.cleaned_data["language"]
            )
        except DocumentRefused as exc:
            form.add_error(None, exc.message)
            status = 409
        else:
            messages.success(request, _("Se generó el borrador; revíselo antes de expedirlo."))
            return redirect("documents:draft", number=case.number, draft_id=d.pk)
    return render(
        request,
        "documents/new.html",
        {"case": case, "entry": entry, "spec_title": _(spec.title), "form": form},
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def draft(request: HttpRequest, number: str, draft_id: int) -> HttpResponse:
    """Edit a draft: save it, put a section back from the template («Regenerar»), or go on to issue it.

    Going on to issue checks what was typed first: a draft that lacks what the law requires is not
    saved (it keeps what it had), and the page shows why beside the section, with the typed text."""
    d = access.draft_for_staff(request.user, number, draft_id)
    form = DraftForm(request.POST or None, document=d)
    if request.method == "POST" and form.is_valid():
        regenerate = request.POST.get("regenerate")
        if regenerate:
            try:
                d = do_regenerate_section(draft=d, key=regenerate, texts=form.texts(), title=form.cleaned_data["title"])
            except DocumentRefused as exc:
                form.add_error(None, exc.message)
            else:
                heading = next((s["heading"] or s["key"] for s in d.sections if s["key"] == regenerate), "")
                messages.success(
                    request,
                    _("Se regeneró la sección «%(section)s» desde la plantilla y se guardó el borrador.")
                    % {"section": heading},
                )
                return redirect(reverse("documents:draft", args=[number, d.pk]) + f"#id_section_{regenerate}")
        elif request.POST.get("then") == "issue":
            problems = draft_problems(d, form.texts())
            if problems:
                for p in problems:
                    form.add_error(
                        f"section_{p.section}" if f"section_{p.section}" in form.fields else None,
                        f"{p.message} ({p.rule_id})",
                    )
            else:
                d = do_update_draft(draft=d, title=form.cleaned_data["title"], texts=form.texts())
                return redirect("documents:issue", number=number, draft_id=d.pk)
        elif emptied := _emptied_required(d, form.texts()):  # issue 29: a required section cannot be emptied
            for key, heading in emptied:
                form.add_error(
                    f"section_{key}",
                    _(
                        "La sección «%(section)s» es obligatoria: no puede quedar vacía. Escriba su texto o use «Regenerar»."
                    )
                    % {"section": heading},
                )
        else:
            d = do_update_draft(draft=d, title=form.cleaned_data["title"], texts=form.texts())
            messages.success(request, _("Se guardó el borrador."))
            return redirect("documents:draft", number=number, draft_id=d.pk)
    return render(
        request,
        "documents/draft.html",
        {"case": d.case, "draft": d, "form": form, "sections": form.section_fields()},
    )


def _emptied_required(d: Any, texts: dict[str, str]) -> list[tuple[str, str]]:
    """The sections the law requires (the draft's problems of a blank section) that had text and were
    emptied in ``texts``: saving them so would keep a draft that can never be issued as it stands."""
    blank = {p.section for p in draft_problems(d, texts) if not str(texts.get(p.section, "")).strip()}
    return [(s["key"], s["heading"] or s["key"]) for s in d.sections if s["key"] in blank and str(s["text"]).strip()]


@login_required
@require_http_methods(["GET", "POST"])
def issue(request: HttpRequest, number: str, draft_id: int) -> HttpResponse:
    """Check your answers before issuing: what will be frozen, its fingerprint, to whom it goes."""
    try:
        d = access.draft_for_staff(request.user, number, draft_id)
    except Http404:
        if request.method != "POST":
            raise
        access.case_for_documents(request.user, number)  # the case's staff only; anyone else: 404 as before
        # A second confirmation (a double click, another tab): the draft was issued or discarded.
        messages.error(request, _("El borrador ya no existe (¿se expidió o se descartó?)."))
        return redirect("web:case", number=number)
    error = ""
    status = 200
    if request.method == "POST":
        try:
            doc = do_issue_document(user=request.user, draft=d, digest=request.POST.get("digest", ""))
        except DocumentRefused as exc:
            error = exc.message or str(exc)
            status = 409
            try:
                d = access.draft_for_staff(request.user, number, draft_id)
            except Http404:  # issued or discarded meanwhile: say so on the case page, not a dead end
                messages.error(request, error)
                return redirect("web:case", number=number)
        else:
            messages.success(request, _("Documento expedido: quedó congelado, con su huella SHA-256 en el registro."))
            return redirect("documents:document", number=number, doc_id=doc.pk)
    problems = draft_problems(d)
    if problems and not error:
        messages.error(request, _("Falta contenido que el texto exige; complete el borrador antes de expedirlo."))
        return redirect("documents:draft", number=number, draft_id=d.pk)
    spec = catalog.BY_KEY[d.template]
    addressee = next((s["text"] for s in d.sections if s["key"] == "addressee"), "")
    return render(
        request,
        "documents/issue.html",
        {
            "case": d.case,
            "draft": d,
            "digest": draft_digest(d),
            "addressee": [ln for ln in addressee.split("\n") if ln.strip()],
            "recipients": [str(ROLE_LABELS.get(r, r)) for r in spec.recipients],
            "error": error,
            "problems": problems,
        },
        status=status,
    )


@login_required
def draft_pdf(request: HttpRequest, number: str, draft_id: int) -> HttpResponse:
    d = access.draft_for_staff(request.user, number, draft_id)
    response = HttpResponse(render_pdf(d), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{d.case.number}-borrador.pdf"'
    return response


@login_required
@require_POST
def discard(request: HttpRequest, number: str, draft_id: int) -> HttpResponse:
    d = access.draft_for_staff(request.user, number, draft_id)
    do_discard_draft(draft=d)
    messages.success(request, _("Se descartó el borrador."))
    return redirect("web:case", number=number)


@login_required
def document(request: HttpRequest, number: str, doc_id: int) -> HttpResponse:
    doc = access.document_for_user(request.user, number, doc_id)
    deliveries = list(doc.deliveries.select_related("receipt_entry").prefetch_related("attempt_log").order_by("id"))
    for d in deliveries:  # what a clerk reads of a failed e-mail: a sentence, not the server's or socket's words
        d.failure = failure_sentence(d.last_error, d.recipient_email) if d.last_error else ""
        for a in d.attempt_log.all():
            a.answer_shown = answer_shown(a.server_answer)
    # The docket entries that record it: its issue and every attempt to serve it.
    docketed = list(
        doc.case.entries.filter(
            event_type__in=("document_issued", "service_attempted", "service_received"), payload__document=doc.pk
        ).order_by("seq")
    )
    return render(
        request,
        "documents/document.html",
        {
            "case": doc.case,
            "doc": doc,
            "manage": access.can_manage(request.user, doc.case),
            "deliveries": deliveries,
            "issued_entry": next((e for e in docketed if e.event_type == "document_issued"), None),
            "service_entries": [e for e in docketed if e.event_type != "document_issued"],
        },
    )


@login_required
def pdf(request: HttpRequest, number: str, doc_id: int) -> HttpResponse:
    doc = access.document_for_user(request.user, number, doc_id, action="download")
    return files.served(doc)


@login_required
@require_http_methods(["GET", "POST"])
def deliver(request: HttpRequest, number: str, doc_id: int) -> HttpResponse:
    doc = access.document_for_user(request.user, number, doc_id, manage=True)
    form = DeliveryForm(request.POST or None, document=doc)
    status = 200
    # Service by hand or by mail starts terms: a check step first (issue 29), as every act that opens one
    # has. The form's button asks for it («revisar»); a post that names no step records at once (scripts).
    step = request.POST.get("paso", "") if request.method == "POST" else ""
    if (
        request.method == "POST"
        and form.is_valid()
        and step == "revisar"
        and form.cleaned_data["method"] in RECEIPT_METHODS
    ):
        d = form.cleaned_data
        try:
            preview = preview_receipt(
                document=doc, role=d["role_value"], name=d["name"], method=d["method"], received_on=d["received_on"]
            )
        except DocumentRefused as exc:
            _apply(form, exc)
        else:
            return render(request, "documents/deliver_check.html", _deliver_check(doc, form, preview))
    elif request.method == "POST" and step != "cambiar" and form.is_valid():
        d = form.cleaned_data
        try:
            delivery = do_order_delivery(
                user=request.user,
                document=doc,
                role=d["role_value"],
                name=d["name"],
                email=d.get("email") or "",
                method=d["method"],
                received_on=d.get("received_on"),
                receipt_note=d.get("note", ""),
            )
        except DocumentRefused as exc:
            _apply(form, exc)
        else:
            if delivery.status in (Delivery.Status.RETRYING, Delivery.Status.FAILED):
                messages.error(
                    request,
                    failure_sentence(delivery.last_error, delivery.recipient_email)
                    + " "
                    + (
                        _("El sistema lo reintentará automáticamente.")
                        if delivery.status == Delivery.Status.RETRYING
                        else ""
                    ),
                )
            else:
                messages.success(
                    request, _("Notificación registrada: %(state)s.") % {"state": delivery.get_status_display()}
                )
            return redirect("documents:document", number=number, doc_id=doc_id)
    return render(request, "documents/deliver.html", {"case": doc.case, "doc": doc, "form": form}, status=status)


def _deliver_check(doc: Any, form: Any, preview: Any) -> dict[str, Any]:
    """The check page of a service by hand or by mail: what will be recorded, and the act its receipt is
    with the terms it opens (their due day, rule and citation), as the engine computes them."""
    d = form.cleaned_data
    act = catalog.BY_KEY[doc.template].receipt_act if preview is not None else None
    spec = RULEBOOKS[doc.case.body.rulebook].kinds[doc.case.kind].events.get(act or "")
    return {
        "case": doc.case,
        "doc": doc,
        "form": form,
        "rows": [
            (_("Destinatario"), d["name"], "id_recipient_0"),
            (_("Medio"), Delivery.Method(d["method"]).label, "id_method_0"),
            (_("Fecha de recibo"), catalog.long_date(d["received_on"], "es"), "id_received_on"),
            (_("Constancia"), d.get("note") or "—", "id_note"),
        ],
        "act_title": _(spec.title) if spec is not None else "",
        "opened": [
            {"label": DEADLINES.get(t.deadline_id, t.deadline_id), "due": t.due, "t": t}
            for t in (preview.opened if preview is not None else [])
        ],
    }


@login_required
@require_http_methods(["GET", "POST"])
def receipt(request: HttpRequest, number: str, doc_id: int, delivery_id: int) -> HttpResponse:
    delivery = access.delivery_for_user(request.user, number, doc_id, delivery_id)
    doc = delivery.document
    form = ReceiptForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            do_record_receipt(
                user=request.user,
                delivery=delivery,
                received_on=form.cleaned_data["received_on"],
                note=form.cleaned_data["note"],
            )
        except DocumentRefused as exc:
            _apply(form, exc)
        else:
            messages.success(request, _("Se registró el recibo."))
            return redirect("documents:document", number=number, doc_id=doc_id)
    return render(request, "documents/receipt.html", {"case": doc.case, "doc": doc, "delivery": delivery, "form": form})


@login_required
@require_POST
def retry(request: HttpRequest, number: str, doc_id: int, delivery_id: int) -> HttpResponse:
    delivery = access.delivery_for_user(request.user, number, doc_id, delivery_id)
    if delivery.by_email and delivery.status in (
        Delivery.Status.RETRYING,
        Delivery.Status.FAILED,
        Delivery.Status.PENDING,
    ):
        attempt = attempt_delivery(delivery)
        if attempt.ok:
            messages.success(request, _("El servidor aceptó el mensaje."))
        else:
            messages.error(request, failure_sentence(attempt.server_answer, attempt.recipient))
    return redirect("documents:document", number=number, doc_id=doc_id)


# -- calendars ---------------------------------------------------------------------------------------


@login_required
def hearing_ics(request: HttpRequest, number: str, seq: int) -> HttpResponse:
    case = case_access.access_case_for_user(request.user, number)
    entry = next((e for e in calendars.hearing_entries([case]) if e.seq == seq), None)
    if entry is None:
        raise Http404("hearing not found")
    response = HttpResponse(
        calendars.hearing_ics(entry, lang=(get_language() or "es")[:2]), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="vista-{case.number}-{seq}.ics"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def my_calendar(request: HttpRequest) -> HttpResponse:
    token = None
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            calendars.do_revoke_feed(user=request.user)
            messages.success(request, _("Se revocó la dirección de su calendario: ya no responde."))
            return redirect("documents:my_calendar")
        token = calendars.do_create_feed(user=request.user)
    active = request.user.calendar_feeds.filter(revoked_at__isnull=True).first()
    url = request.build_absolute_uri(f"/calendario/{token}.ics") if token else ""
    return render(
        request,
        "documents/my_calendar.html",
        {"active": active, "url": url, "agenda_bodies": case_access.visible_bodies(request.user)},
    )


@gzip_page  # a feed of thousands of events travels compressed (≈ 10× smaller) to the clients that accept it
def feed(request: HttpRequest, token: str) -> HttpResponse:
    user = calendars.feed_user(token)
    if user is None:
        raise Http404("no such calendar")
    visible = calendars.visible_cases(user)
    etag, last_modified = calendars.feed_validator(user, visible=visible)
    quoted = f'"{etag}"'
    response = get_conditional_response(request, etag=quoted, last_modified=int(last_modified.timestamp()))
    if response is None:
        response = HttpResponse(calendars.user_feed(user, visible=visible), content_type="text/calendar; charset=utf-8")
    response["ETag"] = quoted
    response["Last-Modified"] = http_date(last_modified.timestamp())
    response["Cache-Control"] = "private, no-cache, max-age=0"  # kept privately, revalidated each time
    return response


def signed_link(request: HttpRequest, token: str) -> HttpResponse:
    """A recipient's personal, expiring link to an issued document (no sign-in: the token is the key)."""
    value = read_link_token(token)
    if value is None:
        raise Http404("link not valid")
    d = Delivery.objects.filter(pk=value.get("d"), document_id=value.get("doc")).select_related("document").first()
    if d is None:
        raise Http404("link not valid")
    response = files.served(d.document, attachment=True)
    response["Cache-Control"] = "private, no-store"
    return response
