"""The register of obligated people (Secs. 3, 14): the list, the import from the HR office's file,
and a person's page with their offices and the financial-report duties the engine computes.

Every view goes through :mod:`ventila.compliance.access`; every change through
:mod:`ventila.compliance.actions`."""

from __future__ import annotations

import datetime as dt
import json
import secrets
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila import clock
from ventila.bodies.models import OfficeTerm
from ventila.cases.labels import DEADLINE_STATUS, DEADLINES
from ventila.compliance import access as register_access
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

from ..register_forms import MappingForm, RegisterFileForm, ReportForm

_SALT = "ventila.register-import"
_TICKET_MAX_AGE = 2 * 3600  # seconds an uploaded file waits for its mapping and import
PAGE_SIZE = 50
PREVIEW_PEOPLE = 200  # people listed in the preview (the counts cover every row)


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
    page = Paginator(people, PAGE_SIZE).get_page(request.GET.get("pagina"))
    today = clock.today()
    rows = []
    for person in page.object_list:
        held = list(person.offices.all())
        current = [o for o in held if o.start <= today and (o.end is None or o.end >= today)]
        rows.append({"person": person, "office": (current or held)[0] if held else None, "in_office": bool(current)})
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
            "citation": register_access.obligations_of(body_obj).citation,  # type: ignore[union-attr]
        },
    )


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
        if request.POST.get("action") == "import":
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
                    messages.success(
                        request,
                        _(
                            "Se importó «%(file)s»: %(people)s personas nuevas, %(new)s cargos nuevos y %(changed)s "
                            "cargos cambiados."
                        )
                        % {
                            "file": stored["file_name"],
                            "people": record.people_created,
                            "new": record.offices_created,
                            "changed": record.offices_changed,
                        },
                    )
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


# -- a person's page ------------------------------------------------------------------------------


def _duty_row(d: Any, today: dt.date) -> dict[str, Any]:
    due = d.due_date
    met = d.status == "met" or d.satisfied_at is not None
    return {
        "id": d.id,
        "label": DEADLINES.get(d.id, d.id),
        "due": due,
        "days_left": (due - today).days,
        "overdue": not met and due < today,
        "met": met,
        "status": DEADLINE_STATUS.get(d.status, d.status),
        "satisfied_on": d.satisfied_at.date() if isinstance(d.satisfied_at, dt.datetime) else d.satisfied_at,
        "rule_id": d.rule.id,
        "citation": d.rule.citation,
        "term": d.term.es(),
        "lines": d.trace(),
    }


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
        ev = item.evaluation
        rows = [_duty_row(d, today) for d in ev.deadlines] if ev is not None else []
        tenures.append(
            {
                "item": item,
                "role": OfficeTerm.Role(item.tenure.role).label,
                "open": [r for r in rows if not r["met"] and r["id"] in duties],
                "done": [r for r in rows if r["met"] and r["id"] in duties],
                "evaluator": [r for r in rows if r["id"] not in duties],
                "findings": list(ev.findings) if ev is not None else [],
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
