"""The register of obligated people (Secs. 3, 14): the list, the import from the HR office's file,
and a person's page with their offices and the financial-report duties the engine computes.

Every view goes through :mod:`ventila.compliance.access`; every change through
:mod:`ventila.compliance.actions`."""

from __future__ import annotations

import datetime as dt
import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from ventila import clock
from ventila.bodies.models import OfficeTerm
from ventila.cases import access as case_access
from ventila.cases.actions import ActRefused
from ventila.cases.evaluation import rulebook_and_kind, rulebook_text
from ventila.cases.labels import DEADLINE_STATUS, DEADLINES, STAGES
from ventila.compliance import access as register_access
from ventila.compliance import board as board_mod
from ventila.compliance.actions import ImportRefused, ReportInput, ReportRefused, do_import_register, do_record_report
from ventila.compliance.duties import compute_duties
from ventila.compliance.importer import (
    COLUMNS,
    Table,
    TableError,
    file_digest,
    fold,
    guess_mapping,
    plan_import,
    read_table,
)
from ventila.compliance.models import FinancialReport
from ventila.compliance.referrals import do_turn_referral_into_case, links_of, pending_referral
from ventila.documents import access as doc_access
from ventila.documents.actions import do_prepare_drafts
from ventila.documents.catalog import late_duties, prepare_entries
from ventila.documents.models import Draft
from ventila.exports import XLSX_TYPE, csv_response, to_xlsx
from ventila.rules import RULEBOOKS

from .. import longwork
from ..models import LongWork
from ..register_forms import MappingForm, ReferralForm, RegisterFileForm, ReportForm
from . import turns

_SALT = "ventila.register-import"
_TICKET_MAX_AGE = 2 * 3600  # seconds an uploaded file waits for its mapping and import
PAGE_SIZE = 50
PREVIEW_PEOPLE = 200  # people listed in the preview (the counts cover every row)
# The acts the register's offices docket by themselves (ventila.compliance.tenures), not offered by hand.


def _role_labels(body: Any) -> list[tuple[str, str]]:
    obligations = register_access.obligations_of(body)
    assert obligations is not None
    return [(r, str(OfficeTerm.Role(r).label)) for r in obligations.roles]


@login_required
@require_http_methods(["GET"])
def register_list(request: HttpRequest, body: str) -> HttpResponse:
    body_obj = register_access.access_register(request.user, body)
    roles = _role_labels(body_obj)
    role = request.GET.get("categoria", "")
    query = " ".join(request.GET.get("q", "").split())[:100]
    offices = OfficeTerm.objects.filter(role__in=[r for r, _l in roles]).order_by("-start", "-pk")
    people = register_access.obligated_people(body_obj)
    if role in dict(roles):
        people = people.filter(offices__role=role).distinct()
    else:
        role = ""
    if query:  # capitals and accents aside («quinones» finds Quiñones), on every database
        words = fold(query).split()
        found = [
            pk
            for pk, given, family, number in people.values_list("pk", "given_name", "family_name", "hr_number")
            if all(w in fold(f"{given} {family} {number}") for w in words)
        ]
        people = people.filter(pk__in=found)
    people = people.order_by("family_name", "given_name", "pk").prefetch_related(Prefetch("offices", offices))
    today = clock.today()
    fmt = request.GET.get("formato", "")
    if fmt in ("csv", "xlsx"):  # the whole list as filtered on screen, every page (issue 18)
        return _register_export(body_obj, people, fmt, today)
    page = Paginator(people, PAGE_SIZE).get_page(request.GET.get("pagina"))
    rows = []
    for person in page.object_list:
        office, current = _shown_office(person, today)
        rows.append({"person": person, "office": office, "current": current})
    return render(
        request,
        "web/register.html",
        {
            "body": body_obj,
            "rows": rows,
            "page": page,
            "roles": roles,
            "role": role,
            "query": query,
            "can_record": register_access.can_record_register(request.user, body_obj),
            "citation": register_access.obligations_of(body_obj).citation,  # type: ignore[union-attr]  # access_register: a body that keeps one
            "export_query": urlencode({k: v for k, v in (("q", query), ("categoria", role)) if v}),
        },
    )


def _shown_office(person: Any, today: dt.date) -> tuple[Any, bool]:
    """The office the list shows for ``person`` (their offices as prefetched, in the list's order): the first
    held today, else their first; and whether it is held today."""
    held = list(person.offices.all())
    current = [o for o in held if o.held_on(today)]
    return (current or held)[0] if held else None, bool(current)


def _register_export(body_obj: Any, people: Any, fmt: str, today: dt.date) -> HttpResponseBase:
    """The register as filtered, as CSV or XLSX through ventila/exports.py (Spanish headers, dates as
    dates, formulas neutralised): one row per person, with the office shown on the list."""
    headers = [_("Apellidos"), _("Nombre"), _("Número de empleado"), _("Cargo"), _("Categoría"), _("Desde"),
               _("Hasta"), _("En el cargo")]  # fmt: skip
    rows = []
    for person in people:
        office, current = _shown_office(person, today)
        rows.append(
            [
                person.family_name,
                person.given_name,
                person.hr_number,
                office.title if office else "",
                office.get_role_display() if office else "",
                office.start if office else None,
                office.end if office else None,
                _("Sí") if current else _("No"),
            ]
        )
    name = f"registro-{body_obj.slug}-{today:%Y-%m-%d}.{fmt}"
    if fmt == "csv":
        return csv_response(headers, rows, name)
    response = HttpResponse(to_xlsx([(_("Registro"), headers, rows)]), content_type=XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# -- import ---------------------------------------------------------------------------------------


def _imports_dir() -> Path:
    path = Path(settings.VAR_DIR) / "register_imports"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _purge_old(directory: Path) -> None:
    limit = time.time() - _TICKET_MAX_AGE
    for f in directory.glob("*.json"):
        try:
            if f.stat().st_mtime < limit:
                f.unlink()
        except OSError:
            continue


def _ticket_path(request: HttpRequest, body_obj: Any, ticket: str) -> Path:
    """The stored table a ticket names, if the ticket is this user's, for this body, and fresh."""
    try:
        data = signing.loads(ticket, salt=_SALT, max_age=_TICKET_MAX_AGE)
    except signing.BadSignature:
        raise Http404("import not found") from None
    if data.get("u") != request.user.pk or data.get("b") != body_obj.pk:
        raise Http404("import not found")
    path = _imports_dir() / f"{data['t']}.json"
    if not path.exists():
        raise Http404("import not found")
    return path


@login_required
@require_http_methods(["GET", "POST"])
def register_import(request: HttpRequest, body: str) -> HttpResponse:
    body_obj = register_access.access_register(request.user, body, record=True)
    form = RegisterFileForm(request.POST, request.FILES) if request.method == "POST" else RegisterFileForm()
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read()
        try:
            table = read_table(upload.name, data)
        except TableError as exc:
            form.add_error("file", str(exc))
        else:
            directory = _imports_dir()
            _purge_old(directory)
            token = secrets.token_urlsafe(18)
            stored = {"file_name": upload.name[:200], "sha256": file_digest(data), "table": table.to_json()}
            (directory / f"{token}.json").write_text(json.dumps(stored), encoding="utf-8")
            ticket = signing.dumps({"t": token, "u": request.user.pk, "b": body_obj.pk}, salt=_SALT)
            return redirect("web:register_mapping", body=body_obj.slug, ticket=ticket)
    return render(
        request,
        "web/register_import.html",
        {"body": body_obj, "form": form, "max_mb": settings.VENTILA_REGISTER_MAX_MB},
        status=400 if form.errors else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def register_mapping(request: HttpRequest, body: str, ticket: str) -> HttpResponse:
    body_obj = register_access.access_register(request.user, body, record=True)
    path = _ticket_path(request, body_obj, ticket)
    stored = json.loads(path.read_text(encoding="utf-8"))
    table = Table.from_json(stored["table"])
    obligations = register_access.obligations_of(body_obj)
    assert obligations is not None
    guessed = guess_mapping(table.headers)
    form = MappingForm(
        request.POST if request.method == "POST" else None, headers=table.headers, initial_mapping=guessed
    )
    plan = None
    if request.method == "GET":
        if all(guessed[n] is not None for n, (_l, required, _w) in COLUMNS.items() if required):
            plan = plan_import(table, guessed, obligations.roles)
    elif form.is_valid():
        mapping = form.mapping()
        if request.POST.get("action") == "import" and len(table.rows) > settings.VENTILA_LONG_WORK_ROWS:
            # Issue 30: a large file is checked here (its errors shown as for a small one), written by the worker.
            plan = plan_import(table, mapping, obligations.roles)
            if not plan.errors and not plan.changes:
                path.unlink(missing_ok=True)
                messages.info(request, _("El archivo no cambia nada: todo lo que trae ya consta en el registro."))
                return redirect("web:register", body=body_obj.slug)
            if not plan.errors:
                params = {"table": table.to_json(), "mapping": mapping, "file_name": stored["file_name"],
                          "sha256": stored["sha256"]}  # fmt: skip
                work = longwork.start(
                    LongWork.Kind.REGISTER_IMPORT,
                    user=request.user,
                    body=body_obj,
                    params=params,
                    total=len(plan.people),
                )
                path.unlink(missing_ok=True)
                return redirect("web:long_work", work_id=work.pk)
        elif request.POST.get("action") == "import":
            try:
                plan, record = do_import_register(
                    user=request.user,
                    body=body_obj,
                    table=table,
                    mapping=mapping,
                    file_name=stored["file_name"],
                    sha256=stored["sha256"],
                )
            except ImportRefused as exc:
                plan = exc.plan
            else:
                path.unlink(missing_ok=True)
                if record is None:
                    messages.info(request, _("El archivo no cambia nada: todo lo que trae ya consta en el registro."))
                else:
                    for i, text in enumerate(_imported(stored["file_name"], plan, record)):
                        (messages.success if i == 0 else messages.info)(request, text)
                return redirect("web:register", body=body_obj.slug)
        else:
            plan = plan_import(table, mapping, obligations.roles)
    people = []
    if plan is not None:
        people = plan.people[:PREVIEW_PEOPLE]
    return render(
        request,
        "web/register_mapping.html",
        {
            "body": body_obj,
            "form": form,
            "file_name": stored["file_name"],
            "table": table,
            "sample": table.rows[:3],
            "plan": plan,
            "people": people,
            "more_people": (len(plan.people) - len(people)) if plan is not None else 0,
            "ticket": ticket,
        },
        status=400 if form.errors or (plan is not None and plan.errors and request.method == "POST") else 200,
    )


def _imported(file_name: str, plan: Any, record: Any) -> list[str]:
    """What an import did, in the clerk's words: the counts, then the cases it opened (issue 29)."""
    out = [
        _("Se importó «%(file)s»: %(people)s personas nuevas, %(new)s cargos nuevos y %(changed)s cargos cambiados.")
        % {
            "file": file_name,
            "people": record.people_created,
            "new": record.offices_created,
            "changed": record.offices_changed,
        }
    ]
    if plan.opened:
        # Issue 29: which cases it opened, and which of them are already late.
        late = [c.number for c in plan.opened if late_duties(c)]
        opened = ngettext(
            "Se abrió %(n)s expediente (%(numbers)s).",
            "Se abrieron %(n)s expedientes (%(numbers)s).",
            len(plan.opened),
        ) % {"n": len(plan.opened), "numbers": ", ".join(c.number for c in plan.opened)}
        if late:
            opened += " " + ngettext(
                "%(late)s ya tiene un informe vencido: %(numbers)s.",
                "%(late)s ya tienen un informe vencido: %(numbers)s.",
                len(late),
            ) % {"late": len(late), "numbers": ", ".join(late)}
        out.append(opened)
    return out


def run_import_work(work: LongWork, progress: Callable[[int, int], None]) -> longwork.Outcome:
    """A large import as a long work (:mod:`ventila.web.longwork`): checked again against the register as it
    stands, then written in batches. Run again (its worker died), it writes only what is not there yet."""
    body_obj = work.body
    if body_obj is None or not register_access.can_record_register(work.requested_by, body_obj):
        raise longwork.WorkFailed(_("Quien pidió la importación ya no puede registrar en este registro."))
    p = work.params
    try:
        plan, record = do_import_register(
            user=work.requested_by,
            body=body_obj,
            table=Table.from_json(p["table"]),
            mapping=p["mapping"],
            file_name=p["file_name"],
            sha256=p["sha256"],
            progress=progress,
        )
    except ImportRefused as exc:
        rows = "; ".join(_("fila %(row)s: %(why)s") % {"row": row, "why": why} for row, why in exc.plan.errors[:10])
        raise longwork.WorkFailed(
            _("El registro cambió desde la revisión y el archivo tiene filas con errores; no se importó nada: %(rows)s")
            % {"rows": rows}
        ) from None
    if record is None:
        return longwork.Outcome(_("El archivo no cambia nada: todo lo que trae ya consta en el registro."))
    return longwork.Outcome(" ".join(_imported(p["file_name"], plan, record)))


def run_board_export_work(work: LongWork, progress: Callable[[int, int], None]) -> longwork.Outcome:
    """The board's XLSX as a long work, with the filters the user chose, computed again now."""
    body_obj = work.body
    if body_obj is None or not register_access.can_read_register(work.requested_by, body_obj):
        raise longwork.WorkFailed(_("Quien pidió la exportación ya no puede ver este tablero."))
    p = work.params
    month = dt.date.fromisoformat(p["month"])
    result = board_mod.compute_board(
        body_obj, clock.today(), board_mod.BoardFilter(month, p["status"], p["role"], p["query"])
    )
    progress(0, len(result.rows))
    data = board_mod.export_xlsx(result.rows, progress)
    return longwork.Outcome(
        _("El tablero, %(n)s filas.") % {"n": len(result.rows)}, data, f"informes-financieros-{month:%Y-%m}.xlsx"
    )


# -- a person's page ------------------------------------------------------------------------------


def _duty_row(d: Any, today: dt.date) -> dict[str, Any]:
    """One stored term of a financial-report case (``CaseDeadline``) as the person's page shows it."""
    met = d.status == "met" or d.satisfied_on is not None
    return {
        "id": d.deadline_id,
        "label": DEADLINES.get(d.deadline_id, d.deadline_id),
        "due": d.due,
        "days_left": (d.due - today).days,
        "overdue": not met and d.due < today,
        "met": met,
        "status": DEADLINE_STATUS.get(d.status, d.status),
        "satisfied_on": d.satisfied_on,
        "rule_id": d.rule_id,
        "citation": d.citation,
        "term": d.term_label(),
        "lines": d.trace_lines(),
    }


def _offered_acts(case: Any, obligations: Any) -> list[dict[str, str]]:
    """The acts of the OEG's evaluation and of the Secretary's notice the rulebook allows now on the
    tenure's case (its stored ``allowed_next``), each a link to the case's act form. Taking and leaving
    office come from the register; a report received is recorded below, with the report."""
    _rb, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    own = {obligations.report_event, *obligations.register_events}
    return [
        {"type": a, "title": rulebook_text(kind.events[a].title), "url": reverse("web:act", args=[case.number, a])}
        for a in case.allowed_next
        if a in kind.events and a not in own
    ]


@login_required
@require_http_methods(["GET", "POST"])
def obligated_person(request: HttpRequest, body: str, person_id: int) -> HttpResponse:
    recording = request.method == "POST"
    body_obj, person = register_access.access_obligated_person(request.user, body, person_id, record=recording)
    form = ReportForm(request.POST if recording else None)
    status = 200
    if recording:
        if form.is_valid():
            c = form.cleaned_data
            try:
                report = do_record_report(
                    user=request.user,
                    body=body_obj,
                    person=person,
                    report=ReportInput(
                        c["covers_year"],
                        c["report_type"],
                        c["filed_on"],
                        c["sworn"],
                        c["electronic"],
                        c["note"],
                        c["secretary_notified_on"],
                    ),
                )
            except ReportRefused as exc:
                for name, text in exc.field_errors.items():
                    form.add_error(name if name in form.fields else None, text)
            else:
                messages.success(
                    request,
                    _("Se anotó el %(type)s que cubre %(year)s, radicado el %(day)s.")
                    % {
                        "type": report.get_report_type_display().lower(),
                        "year": report.covers_year,
                        "day": report.filed_on.strftime("%d/%m/%Y"),
                    },
                )
                return redirect(reverse("web:person", args=[body_obj.slug, person.pk]) + "#informes")
        status = 400
    today = clock.today()
    obligations = register_access.obligations_of(body_obj)
    assert obligations is not None
    duties = set(obligations.duty_deadlines)
    tenures = []
    for item in compute_duties(body_obj, person, today):
        rows = [_duty_row(d, today) for d in item.deadlines]
        tenures.append(
            {
                "item": item,
                "case": item.case,
                "stage": STAGES.get(item.case.stage, item.case.stage) if item.case is not None else "",
                "role": OfficeTerm.Role(item.tenure.role).label,
                "open": [r for r in rows if not r["met"] and r["id"] in duties],
                "done": [r for r in rows if r["met"] and r["id"] in duties],
                "evaluator": [r for r in rows if r["id"] not in duties],
                "findings": item.findings,
                "links": links_of(item.case) if item.case is not None else [],
                "pending_referral": pending_referral(item.case) if item.case is not None else None,
                "acts": _offered_acts(item.case, obligations) if item.case is not None else [],
            }
        )
    offices = list(person.offices.order_by("start", "pk"))
    reports = list(FinancialReport.objects.filter(person=person, body=body_obj).select_related("recorded_by"))
    return render(
        request,
        "web/person.html",
        {
            "body": body_obj,
            "person": person,
            "offices": offices,
            "tenures": tenures,
            "reports": reports,
            "form": form,
            "can_record": register_access.can_record_register(request.user, body_obj),
            "today": today,
        },
        status=status,
    )


# -- an OEG referral turned into a case (Sec. 16) ----------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def turn_referral(request: HttpRequest, number: str) -> HttpResponse:
    """One action: the OEG's referral on a financial-report case becomes a ``referral`` case."""
    case = case_access.access_case_for_user(request.user, number)
    if not register_access.can_record_register(request.user, case.body):
        raise PermissionDenied("only the secretary and staff turn a referral into a case")
    entry = pending_referral(case)
    if entry is None:
        raise Http404("no referral to turn")
    form = ReferralForm(request.POST or None, initial={"received_on": clock.today()})
    if request.method == "POST" and form.is_valid():
        try:
            referral = do_turn_referral_into_case(
                user=request.user, case=case, received_on=form.cleaned_data["received_on"]
            )
        except ActRefused as exc:
            for name, texts in exc.field_errors.items():
                for text in texts:
                    form.add_error(name if name in form.fields else None, text)
            if not exc.field_errors:
                form.add_error(None, exc.message)
        else:
            messages.success(
                request,
                _("Se abrió el referido %(number)s, que viene del expediente %(source)s (Sec. 16).")
                % {"number": referral.number, "source": case.number},
            )
            return redirect("web:case", number=referral.number)
    return render(
        request,
        "web/turn_referral.html",
        {
            "case": case,
            "entry": entry,
            "form": form,
            "files": list(entry.attachments.all()),
            "person": case.respondent,
        },
        status=400 if form.errors else 200,
    )


# -- the compliance board (Secs. 14–16) ---------------------------------------------------------------


def _month(raw: str, today: dt.date) -> tuple[dt.date, str]:
    """The month asked for («2027-08»), or this month; and an error when it cannot be read."""
    raw = raw.strip()[:20]
    if raw:
        try:
            day = dt.date.fromisoformat(raw + "-01")
        except ValueError:
            return today.replace(day=1), _("Escriba el mes como año y mes, por ejemplo 2027-08.")
        return day, ""
    return today.replace(day=1), ""


@login_required
@require_http_methods(["GET"])
def board(request: HttpRequest, body: str) -> HttpResponse:
    body_obj = register_access.access_register(request.user, body)
    roles = _role_labels(body_obj)
    today = clock.today()
    month, month_error, status, role, query = _board_filter(request.GET, roles, today)
    board_mod.refresh_board(body_obj, clock.now())
    result = board_mod.compute_board(body_obj, today, board_mod.BoardFilter(month, status, role, query))
    register_access.log_access_board(request.user, body_obj)
    fmt = request.GET.get("formato", "")
    if fmt == "xlsx" and not month_error and len(result.rows) > settings.VENTILA_LONG_WORK_ROWS:
        # Issue 30: a large workbook is made by the worker; the page says how far along it is.
        params = {"month": month.isoformat(), "status": status, "role": role, "query": query}
        work = longwork.start(
            LongWork.Kind.BOARD_EXPORT, user=request.user, body=body_obj, params=params, total=len(result.rows)
        )
        return redirect("web:long_work", work_id=work.pk)
    if fmt in ("csv", "xlsx") and not month_error:
        name = f"informes-financieros-{month:%Y-%m}.{fmt}"
        if fmt == "csv":
            response = HttpResponse(board_mod.export_csv(result.rows), content_type="text/csv; charset=utf-8")
        else:
            response = HttpResponse(
                board_mod.export_xlsx(result.rows),
                content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            )
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    params = {k: v for k, v in (("mes", f"{month:%Y-%m}"), ("estado", status), ("categoria", role), ("q", query)) if v}
    prepare = _board_prepare_urls(request.user, body_obj, result.rows)
    filters = [(k, params.get(k, "")) for k in ("mes", "estado", "categoria", "q")]
    return render(
        request,
        "web/board.html",
        {
            "body": body_obj,
            "board": result,
            "rows": [(r, *prepare.get(r.deadline.case_id, ("", ""))) for r in result.rows],
            "month": month,
            "month_value": f"{month:%Y-%m}",
            "month_error": month_error,
            "status": status,
            "role": role,
            "roles": roles,
            "query": query,
            "today": today,
            "export_query": urlencode(params),
            "filters": [(k, v) for k, v in filters if v],
            "preparable": sum(1 for _url, draft in prepare.values() if not draft),
        },
        status=400 if month_error else 200,
    )


def _board_filter(data: Any, roles: list[tuple[str, str]], today: dt.date) -> tuple[dt.date, str, str, str, str]:
    """The board's filters as typed (GET for the page, POST for its bulk action): month (and its error),
    status, category, name or employee number."""
    month, month_error = _month(data.get("mes", ""), today)
    status = data.get("estado", "")
    status = status if status in board_mod.STATUSES else ""
    role = data.get("categoria", "")
    role = role if role in dict(roles) else ""
    query = " ".join(data.get("q", "").replace("\x00", "").split())[:100]
    return month, month_error, status, role, query


def _board_notices(user: Any, body: Any, rows: list[Any]) -> dict[str, list[tuple[Any, dt.date]]]:
    """The notices the board's late rows call for (issue 29): document key → (the act each case prepares
    it from, the day since which it is owed), for the rows the rulebook answers with a document of the
    body's once the duty ran out (``KindSpec.lapse_documents``) and the user manages documents on."""
    wanted: dict[str, dict[int, tuple[Any, dt.date]]] = {}
    for r in rows:
        case = r.deadline.case
        if not r.late or not doc_access.can_manage(user, case):
            continue
        kind = RULEBOOKS[body.rulebook].kinds.get(case.kind)
        documents = kind.move(r.deadline.deadline_id, expired=True).documents if kind else ()
        if documents:
            since = wanted.setdefault(documents[0], {}).get(case.pk, (case, r.due))[1]
            wanted[documents[0]][case.pk] = (case, min(since, r.due))
    # A notice issued since the duty ran out answers it: nothing more to prepare there.
    issued = turns.answered_lapses(
        (pk, key, due) for key, by_case in wanted.items() for pk, (_c, due) in by_case.items()
    )
    wanted = {key: {pk: v for pk, v in by_case.items() if (pk, key) not in issued} for key, by_case in wanted.items()}
    out: dict[str, list[tuple[Any, dt.date]]] = {}
    for key, by_case in wanted.items():
        entries = prepare_entries([c for c, _due in by_case.values()], key)
        out[key] = [(entries[pk], due) for pk, (_c, due) in by_case.items() if pk in entries]
    return out


def _board_prepare_urls(user: Any, body: Any, rows: list[Any]) -> dict[int, tuple[str, str]]:
    """«Preparar aviso» per late row of the board (issue 29): case id → where to prepare its notice, or
    where its draft already waits to be reviewed (then the second item is that draft's URL)."""
    notices = _board_notices(user, body, rows)
    pending = {
        (d.case_id, d.template): reverse("documents:draft", args=[d.case.number, d.pk])
        for d in Draft.objects.filter(
            case_id__in=[e.case_id for targets in notices.values() for e, _since in targets], template__in=notices
        ).select_related("case")
    }
    return {
        e.case_id: (reverse("documents:new", args=[e.case.number, e.seq, key]), pending.get((e.case_id, key), ""))
        for key, targets in notices.items()
        for e, _since in targets
    }


@login_required
@require_http_methods(["POST"])
def board_notices(request: HttpRequest, body: str) -> HttpResponse:
    """«Preparar los avisos de todos los morosos» (issue 29): a draft of the late-filer notice for each
    late row marked on the board (the board's filters as they were), each to review and issue; the
    message says how many and links to each."""
    body_obj = register_access.access_register(request.user, body)
    today = clock.today()
    month, month_error, status, role, query = _board_filter(request.POST, _role_labels(body_obj), today)
    params = {k: v for k, v in (("mes", f"{month:%Y-%m}"), ("estado", status), ("categoria", role), ("q", query)) if v}
    back = reverse("web:board", kwargs={"body": body_obj.slug}) + (f"?{urlencode(params)}" if params else "")
    marked = {int(v) for v in request.POST.getlist("caso") if v.isdigit()}
    if month_error or not marked:
        messages.error(request, _("No se preparó ningún aviso: marque al menos una fila atrasada."))
        return redirect(back)
    board_mod.refresh_board(body_obj, clock.now())
    result = board_mod.compute_board(body_obj, today, board_mod.BoardFilter(month, status, role, query))
    done: list[Any] = []
    for key, targets in _board_notices(request.user, body_obj, result.rows).items():
        chosen = [(e, since) for e, since in targets if e.case_id in marked]
        if chosen:
            done += do_prepare_drafts(user=request.user, targets=chosen, template=key)
    drafts = [p for p in done if p.draft is not None]
    if not drafts:
        messages.error(request, _("No se preparó ningún aviso: ninguna fila marcada lo necesita ya."))
        return redirect(back)
    created = sum(1 for p in drafts if p.created)
    links = format_html_join(
        ", ",
        '<a href="{}" translate="no">{}</a>',
        ((reverse("documents:draft", args=[p.case.number, p.draft.pk]), p.case.number) for p in drafts),
    )
    pending = len(drafts) - created
    if created:
        head = ngettext(
            "Se preparó %(n)s aviso; revíselo y expídalo:",
            "Se prepararon %(n)s avisos; revíselos y expídalos uno a uno:",
            created,
        ) % {"n": created}
    else:
        head = _("Los avisos marcados ya tenían un borrador pendiente; revíselos y expídalos:")
    tail = (
        ngettext(
            "%(n)s ya tenía un borrador pendiente, que se conserva.",
            "%(n)s ya tenían un borrador pendiente, que se conserva.",
            pending,
        )
        % {"n": pending}
        if pending and created
        else ""
    )
    messages.success(request, format_html("{} {}. {}", head, links, tail))
    return redirect(back)
