"""The public pages: the guided form, the receipt, and the follow-up with the secret key.

No account is needed and no database session is used: the draft is stored beside its uploads and
named by a signed cookie (``draft.DraftBox``); the receipt's key is kept in another signed cookie.
Uploads wait in quarantine until the filing is submitted. Every rejection re-renders the step with the reason in Spanish and
everything already entered.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila import clock, files
from ventila.accounts import ratelimit
from ventila.bodies.models import Body
from ventila.cases import access
from ventila.cases.labels import STAGES
from ventila.documents import signing
from ventila.documents.catalog import long_date

from . import conf, register_cache
from .draft import (
    Draft,
    DraftBox,
    DraftTooLarge,
    UploadRejected,
    discard,
    human_size,
    quarantine,
    read_receipts,
    remember_receipt,
)
from .forms import (
    ComplainantForm,
    DatePartsWidget,
    EvidenceForm,
    FactsForm,
    RespondentForm,
    StepForm,
    SupplementForm,
    SwornForm,
)
from .models import Filing, Supplement
from .procedures import (
    STEP_NAMES,
    STEPS,
    Problem,
    Procedure,
    check_once,
    fingerprint,
    late_warning_once,
    procedure_for,
    public_filing,
)
from .services import (
    FilingFailed,
    SupplementRefused,
    add_supplement,
    filing_for_key,
    public_bodies,
    receipt_context,
    receipt_pdf,
    send_receipt,
    submit_once,
)

log = logging.getLogger(__name__)

FORMS: dict[str, type[StepForm]] = {
    "quien": ComplainantForm,
    "querellado": RespondentForm,
    "hechos": FactsForm,
    "evidencia": EvidenceForm,
    "juramento": SwornForm,
}
FOLLOWUPS = "filing_followups"


def _procedure(slug: str) -> Procedure:
    body = register_cache.cached("bodies", lambda: {b.slug: b for b in Body.objects.public()}).get(slug)
    if body is None:
        raise Http404("no such body")
    proc = procedure_for(body)
    if proc is None:
        raise Http404("no public form for this body")
    return proc


def start(request: HttpRequest) -> HttpResponse:
    bodies = [(b, public_filing(b).description) for b in public_bodies()]
    return render(request, "filing/start.html", {"bodies": bodies})


def body_start(request: HttpRequest, body: str) -> HttpResponse:
    _procedure(body)
    return redirect("filing:step", body=body, step=STEP_NAMES[0])


def _step_url(body: str, step: str) -> str:
    return reverse("filing:step", kwargs={"body": body, "step": step})


def _apply(form: StepForm, problems: list[Problem]) -> list[Problem]:
    """Show each blocking problem beside its field; return the rest (item problems, warnings)."""
    rest = []
    for p in problems:
        if p.blocking and p.field in form.errors:
            continue  # the field's own message (a date not real, a partial date) says it more precisely
        if p.blocking and p.field in form.fields:
            form.add_error(p.field, p.message)
        else:
            rest.append(p)
    return rest


def _blocking(problems: list[Problem], step: str) -> list[Problem]:
    return [p for p in problems if p.step == step and p.blocking]


REFUSED = {
    "tampered": gettext_lazy(
        "No se pudo usar su borrador: el dato que lo guarda en este navegador fue alterado. Por seguridad se "
        "descartó; empiece de nuevo."
    ),
    "other": gettext_lazy(
        "No se pudo usar su borrador: pertenece a otro navegador. Por seguridad se descartó; empiece de nuevo."
    ),
    "oversize": gettext_lazy(
        "No se pudo usar su borrador: el dato que lo guarda en este navegador es demasiado grande. Por seguridad "
        "se descartó; empiece de nuevo."
    ),
}

NOT_STORED = gettext_lazy(
    "No se pudo guardar lo último que envió en el servidor. Intente de nuevo en unos minutos; lo anterior se conserva."
)
TOO_LARGE = gettext_lazy(
    "No se guardó lo último que envió: su borrador pasaría del tamaño máximo. Quite algún testigo o evidencia."
)


@require_http_methods(["GET", "POST"])
def step(request: HttpRequest, body: str, step: str) -> HttpResponse:
    proc = _procedure(body)
    if step not in FORMS:
        raise Http404("step")
    box = DraftBox.of(request)
    if box.refused in REFUSED:
        messages.error(request, str(REFUSED[box.refused]))
        response: HttpResponse = redirect(_step_url(body, STEP_NAMES[0]))
    else:
        response = _step(request, proc, box, body, step)
    try:
        box.commit(response)
    except DraftTooLarge:
        messages.error(request, str(TOO_LARGE))
        return redirect(_step_url(body, step))
    except OSError:
        log.exception("public filing: the draft could not be stored")
        messages.error(request, str(NOT_STORED))
        return redirect(_step_url(body, step))
    return response


def _step(request: HttpRequest, proc: Procedure, box: DraftBox, body: str, step: str) -> HttpResponse:
    index = STEP_NAMES.index(step)
    draft = Draft(box, body)
    if index > draft.reached:
        return redirect(_step_url(body, STEP_NAMES[draft.reached]))
    form_class = FORMS[step]
    status = 200
    extra_errors: list[Problem] = []
    if request.method == "POST":
        nav = request.POST.get("nav", "next")
        form = form_class(request.POST, request.FILES, proc=proc)
        draft.update(form.raw_values())
        if step == "evidencia":
            result = _evidence_post(request, proc, draft, form, nav)
            if result is not None:
                return result
            status = 200 if not form.errors else 422
        elif nav == "back" and index > 0:
            draft.save()
            return redirect(_step_url(body, STEP_NAMES[index - 1]))
        elif step == "juramento" and nav == "submit":
            return _submit(request, proc, draft, form)
        else:
            form.is_valid()
            extra_errors = _apply(form, _blocking(check_once(proc, draft), step))
            draft.save()
            if not form.errors and not extra_errors:
                draft.reach(index + 1)
                _passed(draft, step)
                draft.save()
                if step == "hechos":
                    warning = late_warning_once(proc, draft, clock.now())
                    if warning and draft.state.get("late_seen") != draft.data.get("knowledge_date"):
                        # Said on the step where the date is entered, before going on: the person may
                        # correct the date, or continue knowing what it means.
                        draft.state["late_seen"] = draft.data.get("knowledge_date")
                        draft.save()
                        return _render_step(request, proc, draft, step, form, 200, [], late_stop=True)
                    if warning:
                        messages.warning(request, warning)
                return redirect(_step_url(body, STEP_NAMES[index + 1]))
            status = 422
    elif request.GET.get("revisar"):
        # Sent back from the last step: the draft's values, with this step's problems beside the fields.
        form = form_class(_as_post(draft, form_class), proc=proc)
        form.full_clean()
        extra_errors = _apply(form, _blocking(check_once(proc, draft), step))
    else:
        form = form_class(initial=_initial(draft, form_class), proc=proc)
    return _render_step(request, proc, draft, step, form, status, extra_errors)


def _initial(draft: Draft, form_class: type[StepForm]) -> dict[str, Any]:
    return {k: draft.data[k] for k in form_class.stored if k in draft.data}


def _render_step(
    request: HttpRequest,
    proc: Procedure,
    draft: Draft,
    step: str,
    form: StepForm,
    status: int,
    extra: list[Problem],
    late_stop: bool = False,
) -> HttpResponse:
    index = STEP_NAMES.index(step)
    kinds = proc.evidence_kinds()
    item_errors: dict[str, list[str]] = {}
    for p in extra:
        item_errors.setdefault(p.field, []).append(p.message)
    ctx = {
        "proc": proc,
        "body": proc.body,
        "form": form,
        "step": step,
        "index": index,
        "steps": [
            {
                "name": n,
                "title": t,
                "url": _step_url(proc.body.slug, n),
                "reachable": i <= draft.reached,
                "current": n == step,
            }
            for i, (n, t) in enumerate(STEPS)
        ],
        "step_title": STEPS[index][1],
        "total": len(STEPS),
        "number": index + 1,
        "draft": draft,
        "evidence": [
            {
                "i": i,
                "kind": kinds.get(e.get("kind", ""), e.get("kind", "")),
                "description": e.get("description", ""),
                "file": e.get("file"),
                "size": human_size(int(e["file"]["size"])) if e.get("file") else "",
                "kind_key": e.get("kind", ""),
                "errors": item_errors.get(f"evidence[{i}]", []),
            }
            for i, e in enumerate(draft.evidence)
        ],
        "witnesses": [
            {"i": i, **w, "errors": item_errors.get(f"witnesses[{i}]", [])} for i, w in enumerate(draft.witnesses)
        ],
        "general_errors": [p.message for p in extra if not p.field.startswith(("evidence[", "witnesses["))],
        "pending": draft.pending,
        "limits": {
            "file": human_size(conf.max_file_bytes()),
            "files": conf.max_files(),
            "total": human_size(conf.max_total_bytes()),
            "types": ", ".join(sorted(set(conf.ACCEPTED_TYPES.values()))),
        },
        "has_errors": bool(form.errors or extra),
    }
    if step == "hechos":
        ctx.update(
            {
                "date_parts": DatePartsWidget.parts(form["knowledge_date"].value()),
                "knowledge_hint": proc.knowledge_hint(),
                "late_warning": late_warning_once(proc, draft, clock.now()),
                "late_stop": late_stop,
                "provision_groups": proc.provision_groups(
                    form["provisions"].value() if "provisions" in form.fields else ()
                ),
            }
        )
    if step == "juramento":
        ctx.update(_review(proc, draft, check_once(proc, draft)))
        ctx["oath"] = _(proc.spec.oath) if proc.spec.oath else ""  # the body's own law (issue 29)
    return render(request, "filing/step.html", ctx, status=status)


def _as_post(draft: Draft, form: type[StepForm]) -> Any:
    q = QueryDict(mutable=True)
    for name in form.stored:
        value = draft.data.get(name)
        if isinstance(value, list):
            q.setlist(name, value)
        elif isinstance(value, bool):
            if value:
                q[name] = "on"
        elif value not in (None, ""):
            q[name] = str(value)
    return q


def _row(key: Any, lines: list[Any], step: str, slug: str, what: Any) -> dict[str, Any]:
    """A row of the review's summary list: the question, the answer's lines, and where to change it
    (``what``: the hidden words that make each «Cambiar» link say what it changes)."""
    return {"key": key, "lines": [x for x in lines if x not in (None, "")], "url": _step_url(slug, step), "what": what}


def _typed(value: Any) -> Any:
    """What the filer typed, marked as such (``translate="no"``: a name or their words, not the page's)."""
    return format_html('<span translate="no">{}</span>', value) if value else value


def _review_rows(proc: Procedure, draft: Draft) -> list[dict[str, Any]]:
    """The review page in the order the form asked it (GOV.UK «Check your answers»)."""
    d = draft.data
    slug = proc.body.slug
    name, role, title, _office = proc.respondent(d)
    none = _("No lo indicó")
    rows = [_row(_("Su nombre"), [_typed(d.get("complainant_name")) or none], "quien", slug, _("su nombre"))]
    if proc.asks_complainant_kind:
        kind = proc.complainant_kinds().get(d.get("complainant_kind", ""), "")
        rows.append(_row(_("Presenta la querella como"), [kind or none], "quien", slug, _("en qué calidad presenta")))
    rows += [
        _row(
            _("Dirección postal"),
            [_typed(d.get("complainant_address")) or none],
            "quien",
            slug,
            _("su dirección postal"),
        ),
        _row(
            _("Correo electrónico"),
            [_typed(d.get("complainant_email")) or none],
            "quien",
            slug,
            _("su correo electrónico"),
        ),
        _row(_("Teléfono"), [_typed(d.get("complainant_phone")) or none], "quien", slug, _("su teléfono")),
    ]
    respondent = name + (f", {title}" if title else "")
    role_label = proc.respondent_roles().get(role, "") if len(proc.respondent_roles()) > 1 else ""
    rows.append(
        _row(
            _("Contra quién"),
            [_typed(respondent) or none, role_label],
            "querellado",
            slug,
            _("contra quién presenta la querella"),
        )
    )
    if proc.asks_candidate:
        rows.append(
            _row(
                _("Es candidato o candidata en las próximas elecciones"),
                [_("Sí") if d.get("respondent_candidate") else _("No, o no lo sabe")],
                "querellado",
                slug,
                _("si es candidato o candidata"),
            )
        )
    rows.append(_row(_("Los hechos"), [_typed(d.get("facts")) or none], "hechos", slug, _("los hechos")))
    knowledge = d.get("knowledge_date") or ""
    try:
        day: Any = dt.date.fromisoformat(knowledge) if knowledge else None
    except ValueError:
        day = None
    rows.append(
        _row(
            _("Fecha en que conoció los hechos"),
            [
                long_date(day, "es" if (get_language() or "es").startswith("es") else "en")
                if day
                else (knowledge or none)
            ],
            "hechos",
            slug,
            _("la fecha en que conoció los hechos"),
        )
    )
    if "provisions" in FactsForm(proc=proc).fields:
        titles = proc.spec.provision_titles
        chosen = [
            f"{_(titles[p])} ({_('Sec. %(s)s del Código de Ética') % {'s': p}})"
            if p in titles
            else _(proc.spec.provisions.get(p, p))
            for p in d.get("provisions") or []
        ]
        rows.append(
            _row(_("Normas que se violaron"), chosen or [none], "hechos", slug, _("las normas que se violaron"))
        )
    kinds = proc.evidence_kinds()
    evidence = [
        f"{kinds.get(e.get('kind', ''), e.get('kind', ''))}: {e.get('description', '')}"
        + (f" ({e['file']['name']}, {human_size(int(e['file']['size']))})" if e.get("file") else "")
        for e in draft.evidence
    ]
    rows.append(_row(_("Evidencia"), evidence or [_("Sin evidencia.")], "evidencia", slug, _("la evidencia")))
    witnesses = [f"{w.get('name', '')} — {w.get('address', '')}" for w in draft.witnesses]
    rows.append(_row(_("Testigos"), witnesses or [_("Sin testigos.")], "evidencia", slug, _("los testigos")))
    return rows


def _review(proc: Procedure, draft: Draft, problems: list[Problem]) -> dict[str, Any]:
    d = draft.data
    name, role, title, _office = proc.respondent(d)
    pending = [p for p in problems if p.blocking and p.step != "juramento"]
    return {
        "rows": _review_rows(proc, draft),
        "review": {
            "complainant_kind": dict(getattr(proc, "complainant_kinds", dict)()).get(d.get("complainant_kind", ""), ""),
            "respondent": name,
            "respondent_role": proc.respondent_roles().get(role, ""),
            "respondent_title": title,
            "provisions": [_(proc.spec.provisions.get(p, p)) for p in d.get("provisions") or []],
        },
        "pending_steps": [
            {
                "title": STEPS[STEP_NAMES.index(s)][1],
                "url": _step_url(proc.body.slug, s) + "?revisar=1",
                "messages": [p.message for p in pending if p.step == s],
            }
            for s in STEP_NAMES
            if any(p.step == s for p in pending)
        ],
        "warnings": [p.message for p in problems if not p.blocking]
        + ([w] if (w := late_warning_once(proc, draft, clock.now())) else []),
    }


def _evidence_post(
    request: HttpRequest, proc: Procedure, draft: Draft, form: StepForm, nav: str
) -> HttpResponse | None:
    """Add or remove evidence and witnesses; continue when nothing is half-entered."""
    body = proc.body.slug
    index = STEP_NAMES.index("evidencia")
    form.is_valid()
    d = draft.data
    if nav.startswith("remove_evidence:") or nav.startswith("remove_witness:"):
        which, _sep, pos = nav.partition(":")
        items = draft.evidence if which == "remove_evidence" else draft.witnesses
        if pos.isdigit() and int(pos) < len(items):
            removed = items.pop(int(pos))
            if which == "remove_evidence":
                discard(draft, cast(dict[str, Any], removed).get("file"))
        draft.save()
        return redirect(_step_url(body, "evidencia"))
    if nav == "discard_pending":
        discard(draft, draft.pending)
        draft.pending = None
        draft.save()
        return redirect(_step_url(body, "evidencia"))
    # A file sent now is checked and kept first, so no later error makes the person choose it again.
    upload = request.FILES.get("ev_file")
    if upload is not None:
        try:
            record = quarantine(draft, upload)
        except UploadRejected as exc:
            form.add_error("ev_file", str(exc))
        else:
            discard(draft, draft.pending)
            draft.pending = record
    wants_evidence = bool(d.get("ev_kind") or d.get("ev_description") or draft.pending)
    if wants_evidence and not form.errors.get("ev_file"):
        kinds = proc.evidence_kinds()
        if d.get("ev_kind") not in kinds:
            form.add_error("ev_kind", _("Elija el tipo de evidencia de la lista."))
        if not str(d.get("ev_description") or "").strip():
            form.add_error("ev_description", _("Describa brevemente esta evidencia: qué es y qué demuestra."))
        if not form.errors:
            draft.evidence.append(
                {"kind": d["ev_kind"], "description": d["ev_description"].strip(), "file": draft.pending}
            )
            draft.pending = None
            for k in ("ev_kind", "ev_description"):
                d.pop(k, None)
    wants_witness = bool(d.get("wit_name") or d.get("wit_address"))
    if wants_witness:
        if not str(d.get("wit_name") or "").strip():
            form.add_error("wit_name", _("Escriba el nombre del testigo."))
        if not str(d.get("wit_address") or "").strip():
            form.add_error("wit_address", _("Escriba la dirección del testigo (Sec. 21(a)(11))."))
        if not (form.errors.get("wit_name") or form.errors.get("wit_address")):
            draft.witnesses.append({"name": d["wit_name"].strip(), "address": d["wit_address"].strip()})
            for k in ("wit_name", "wit_address"):
                d.pop(k, None)
    draft.save()
    if form.errors:
        return None
    if nav == "back":
        return redirect(_step_url(body, STEP_NAMES[index - 1]))
    if nav in ("add_evidence", "add_witness", "stay"):
        return redirect(_step_url(body, "evidencia") + ("#evidencia" if nav == "add_evidence" else "#testigos"))
    if _blocking(check_once(proc, draft), "evidencia"):
        return redirect(_step_url(body, "evidencia") + "?revisar=1")
    draft.reach(index + 1)
    _passed(draft, "evidencia")
    draft.save()
    return redirect(_step_url(body, STEP_NAMES[index + 1]))


def _submit(request: HttpRequest, proc: Procedure, draft: Draft, form: StepForm) -> HttpResponse:
    body = proc.body.slug
    form.is_valid()
    draft.save()
    if request.POST.get("sitio_web"):
        form.add_error(
            None,
            _(
                "No se presentó: se llenó el campo «No escriba nada aquí», que sirve para detener "
                "los envíos automáticos. Bórrelo y presente de nuevo; lo demás se conserva."
            ),
        )
        return _render_step(request, proc, draft, "juramento", form, 400, [])
    wrong = _revalidate(proc, draft)
    if wrong is not None:
        step_name, message = wrong
        messages.error(
            request,
            _("Hay un dato que corregir en el paso «%(step)s»: %(msg)s")
            % {"step": STEPS[STEP_NAMES.index(step_name)][1], "msg": message},
        )
        return redirect(_step_url(body, step_name) + "?revisar=1")
    problems = [p for p in check_once(proc, draft) if p.blocking]
    earlier = [p for p in problems if p.step != "juramento"]
    if earlier:
        messages.error(
            request,
            _("Falta completar algo en el paso «%(step)s»: %(msg)s")
            % {"step": STEPS[STEP_NAMES.index(earlier[0].step)][1], "msg": earlier[0].message},
        )
        return redirect(_step_url(body, earlier[0].step) + "?revisar=1")
    extra = _apply(form, problems)
    if form.errors or extra:
        return _render_step(request, proc, draft, "juramento", form, 422, extra)
    address = ratelimit.address(request)

    def admit() -> None:
        """The client's limit of filings (:func:`ratelimit.check`), counted once the draft is claimed."""
        ratelimit.check("filing", address, conf.filing_rate())

    try:
        done = submit_once(proc, draft, language=get_language() or "es", admit=admit)
    except ratelimit.RateLimited as exc:
        minutes = exc.minutes
        form.add_error(
            None,
            _(
                "Desde su dirección de red ya se presentaron %(n)s querellas en poco tiempo, el máximo "
                "permitido. Su borrador se conserva: podrá presentarlo dentro de %(m)s minutos."
            )
            % {"n": exc.limit, "m": minutes},
        )
        return _render_step(request, proc, draft, "juramento", form, 429, [])
    except FilingFailed as exc:
        if exc.step != "juramento":
            messages.error(request, exc.message)
            return redirect(_step_url(body, exc.step))
        form.add_error(None, exc.message)
        return _render_step(request, proc, draft, "juramento", form, 409, [])
    with signing.served_at(request):  # the PDF and the message name the address the filer came to
        sent = send_receipt(done.filing, done.key) if done.filing.email and not done.repeated else None
    response = redirect("filing:receipt", body=body, number=done.case.number)
    remember_receipt(request, response, done.case.number, done.key, sent)
    return response


def _step_checks(draft: Draft, name: str) -> list[Any]:
    """What a step's form validates: the draft's values for it (and, for the evidence step, each item added,
    as the step's form received it)."""
    checks: list[Any] = [_as_post(draft, FORMS[name])]
    if name == "evidencia":
        checks += [{"ev_kind": e.get("kind", ""), "ev_description": e.get("description", "")} for e in draft.evidence]
        checks += [{"wit_name": w.get("name", ""), "wit_address": w.get("address", "")} for w in draft.witnesses]
    return checks


def _step_fingerprint(draft: Draft, name: str) -> str:
    return fingerprint(name, [dict(c.lists()) if isinstance(c, QueryDict) else c for c in _step_checks(draft, name)])


def _passed(draft: Draft, name: str) -> None:
    """The step's form accepted these values: the submission need not validate them again."""
    draft.state.setdefault("valid", {})[name] = _step_fingerprint(draft, name)


def _revalidate(proc: Procedure, draft: Draft) -> tuple[str, str] | None:
    """Every earlier step's form again, on what the draft holds (a step posted again with bad data
    after it was passed keeps that data): the first step and error found, or None when all is valid.
    Nothing reaches the database that its step's form would refuse. A step whose values are those its
    form last accepted (same fingerprint) is not validated twice."""
    valid = draft.state.get("valid") or {}
    for name in STEP_NAMES[:-1]:
        form_class = FORMS[name]
        checks = _step_checks(draft, name)
        if valid.get(name) == _step_fingerprint(draft, name):
            continue
        for data in checks:
            form = form_class(data, proc=proc)
            if not form.is_valid():
                field, errors = next(iter(form.errors.items()))
                label = form.fields[field].label if field in form.fields else ""
                return name, (f"{label}: {errors[0]}" if label else str(errors[0]))
    return None


def _own_filing(request: HttpRequest, body: str, number: str) -> tuple[Filing, str]:
    key = read_receipts(request)["r"].get(number)
    if not key:
        raise Http404("not this session's filing")
    filing = get_object_or_404(
        Filing.objects.select_related("case", "case__body"), case__number=number, case__body__slug=body
    )
    return filing, key


def receipt(request: HttpRequest, body: str, number: str) -> HttpResponse:
    filing, key = _own_filing(request, body, number)
    ctx = receipt_context(filing, key)
    ctx["followup_url"] = request.build_absolute_uri(reverse("filing:followup"))
    ctx["mail_sent"] = read_receipts(request)["m"].get(number, True if filing.emailed else None)
    return render(request, "filing/receipt.html", ctx)


def receipt_pdf_view(request: HttpRequest, body: str, number: str) -> HttpResponse:
    filing, key = _own_filing(request, body, number)
    return _pdf_response(request, filing, key)


def _pdf_response(request: HttpRequest, filing: Filing, key: str | None) -> HttpResponse:
    with signing.served_at(request):
        data = receipt_pdf(filing, key)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="acuse-{filing.case.number}.pdf"'
    response["Cache-Control"] = "no-store"
    return response


# -- follow-up with the key ----------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def followup(request: HttpRequest) -> HttpResponse:
    error = ""
    status = 200
    key = ""
    if request.method == "POST":
        key = str(request.POST.get("key", "")).strip()[:80]
        try:
            ratelimit.check("key", ratelimit.address(request), conf.key_rate())
        except ratelimit.RateLimited as exc:
            error = _("Demasiados intentos desde su dirección de red. Intente de nuevo dentro de %(m)s minutos.") % {
                "m": exc.minutes
            }
            status = 429
        else:
            filing = filing_for_key(key)
            if filing is None:
                error = _(
                    "Esa clave no corresponde a ninguna querella. Revísela: está en su acuse de recibo, en "
                    "cinco grupos de cinco letras y números."
                )
                status = 422
            else:
                # The session keeps the key's digest (what the filing stores), never the key.
                followups = dict(request.session.get(FOLLOWUPS) or {})
                followups[filing.case.number] = filing.key_hash
                request.session[FOLLOWUPS] = followups
                return redirect("filing:followup_case", number=filing.case.number)
    return render(request, "filing/followup.html", {"error": error, "key": key}, status=status)


def _followed(request: HttpRequest, number: str) -> Filing:
    """The filing this session opened with its key (the session holds the key's digest)."""
    digest = str((request.session.get(FOLLOWUPS) or {}).get(number) or "")
    filing = (
        Filing.objects.select_related("case", "case__body").filter(key_hash=digest).first()
        if len(digest) == 64
        else None
    )
    if filing is None or filing.case.number != number:
        raise Http404("no key for this case")
    return filing


@require_http_methods(["GET", "POST"])
def followup_case(request: HttpRequest, number: str) -> HttpResponse:
    filing = _followed(request, number)
    proc = procedure_for(filing.case.body)
    assert proc is not None
    kinds = proc.evidence_kinds()
    errors: dict[str, str] = {}
    values = {"kind": "", "description": ""}
    status = 200
    if request.method == "POST":
        form = SupplementForm(request.POST, request.FILES, kinds=kinds)
        values = {"kind": str(request.POST.get("kind", "")), "description": str(request.POST.get("description", ""))}
        if form.is_valid():
            try:
                ratelimit.check("supplement", ratelimit.address(request), conf.supplement_rate())
            except ratelimit.RateLimited as exc:
                errors["__all__"] = _(
                    "Desde su dirección de red ya se añadieron %(n)s evidencias en poco tiempo, el máximo permitido. "
                    "Intente de nuevo dentro de %(m)s minutos; lo que escribió se conserva."
                ) % {"n": exc.limit, "m": exc.minutes}
                status = 429
            else:
                draft = Draft(request.session, f"seguimiento-{number}")
                try:
                    add_supplement(
                        filing,
                        kind=form.cleaned_data["kind"],
                        description=form.cleaned_data["description"],
                        upload=form.cleaned_data["file"],
                        draft=draft,
                    )
                except UploadRejected as exc:
                    errors["file"] = str(exc)
                except SupplementRefused as exc:
                    errors["__all__"] = str(exc)
                else:
                    messages.success(request, _("Se añadió la evidencia a su querella %(n)s.") % {"n": number})
                    return redirect("filing:followup_case", number=number)
        else:
            errors = {f: str(e[0]) for f, e in form.errors.items()}
        status = status if status != 200 else 422
    case = filing.case
    return render(
        request,
        "filing/followup_case.html",
        {
            "filing": filing,
            "case": case,
            "stage": STAGES.get(case.stage, case.stage),
            "closed": case.status == case.Status.CLOSED,
            "supplements": [
                {"s": s, "kind": kinds.get(s.kind, s.kind), "size": human_size(s.size)}
                for s in filing.supplements.all()
            ],
            "kinds": list(kinds.items()),
            "errors": errors,
            "values": values,
            "filed_at": filing.filed_at,
            "limits": {
                "file": human_size(conf.max_file_bytes()),
                "types": ", ".join(sorted(set(conf.ACCEPTED_TYPES.values()))),
            },
        },
        status=status,
    )


def followup_pdf(request: HttpRequest, number: str) -> HttpResponse:
    """The receipt again, without the key (the session does not have it; the filer does)."""
    return _pdf_response(request, _followed(request, number), None)


@login_required
def supplement_file(request: HttpRequest, number: str, pk: int) -> FileResponse:
    """A supplementary file, for whoever may see the case (the one door: ``access``)."""
    case = access.access_case_for_user(request.user, number)
    s = get_object_or_404(Supplement, pk=pk, filing__case=case)
    if not s.file:
        raise Http404("no file")
    return files.served(s, attachment=True, content_type=s.content_type or "application/octet-stream")
