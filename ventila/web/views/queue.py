"""The work queue: a body's open cases by next due date, in keyset pages, its filters and its export."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import F, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from ventila import clock
from ventila.bodies.models import Body
from ventila.cases import access, queue_counts
from ventila.cases.labels import (
    KINDS,
    STAGES,
)
from ventila.cases.models import (
    Case,
)
from ventila.exports import XLSX_TYPE, counted, csv_response, to_xlsx
from ventila.rules import RULEBOOKS

from .. import longwork
from ..forms import QueueFilterForm
from ..models import LongWork
from . import turns
from .case_page import _act_title, _prepare_links
from .markup import act_url_maker, options_html, render_queue_rows, vocabulary
from .procedures import queue_flags

PAGE_SIZE = 25


# -- work queue -------------------------------------------------------------------------------


def _parse_cursor(raw: str) -> tuple[dt.date | None, int] | None:
    """``2027-03-04_17`` (after due date and id) or ``n_17`` (after id among cases without date)."""
    try:
        head, _sep, pk = raw.partition("_")
        return (None if head == "n" else dt.date.fromisoformat(head)), int(pk)
    except ValueError:
        return None


@dataclass
class _Filters:
    qs: QuerySet[Case]
    f: dict[str, str]
    form: QueueFilterForm
    bodies: list[Body]
    kinds: list[str]
    stage_ids: list[str]
    staff: set[int]
    turn_q: dict[str, Any]


def _filtered(user: Any, data: Any, today: dt.date) -> _Filters:
    """The cases ``user`` sees under the queue's filters in ``data`` (a request's GET, or a job's copy of it),
    before the «Por hacer / En espera» choice, with what the page needs to show the filters."""
    # The bodies come with the user's grants (no query); a case's body is attached from them below,
    # so the page's queries read the cases table alone, by index.
    qs: QuerySet[Case] = access.access_cases_for_user(user)
    bodies = access.visible_bodies(user)
    kinds = sorted({k for b in bodies for k in RULEBOOKS[b.rulebook].kinds} & set(KINDS))
    # The stages offered are those of the chosen body and kind (all the visible ones' when none is chosen).
    stage_ids = turns.stage_ids(bodies, data.get("body", ""), data.get("kind", ""))
    filter_form = QueueFilterForm(
        data, bodies=bodies, kinds=[(k, KINDS[k]) for k in kinds], stages=[(s, STAGES[s]) for s in stage_ids]
    )
    f = filter_form.filters()
    if filter_form.errors:  # a value no case can have: no case, as before, without asking the database
        qs = qs.none()
    if f["body"]:  # a slug among the visible bodies (the form refuses any other): filter by its id, no join
        qs = qs.filter(body_id=next(b.pk for b in bodies if b.slug == f["body"]))
    if f["kind"]:
        qs = qs.filter(kind=f["kind"])
    if f["stage"]:
        qs = qs.filter(stage=f["stage"])
    if f["status"] != "all":
        qs = qs.filter(status=f["status"] or Case.Status.OPEN)
    if f["due"] == "overdue":
        qs = qs.filter(next_due__lt=today)
    elif f["due"] == "week":
        qs = qs.filter(next_due__gte=today, next_due__lte=today + dt.timedelta(days=6 - today.weekday()))
    staff = access.staff_body_ids(user)
    return _Filters(
        qs,
        f,
        filter_form,
        list(bodies),
        kinds,
        list(stage_ids),
        staff,
        queue_counts.turn_filters([b.pk for b in bodies], today, staff),
    )


@login_required
def queue(request: HttpRequest) -> HttpResponse:
    """Cases sorted by the next deadline (an index scan on ``(next_due, id)``), keyset-paginated."""
    today = clock.today()
    flt = _filtered(request.user, request.GET, today)
    qs, f, filter_form, bodies, kinds, stage_ids, staff = (
        flt.qs, flt.f, flt.form, flt.bodies, flt.kinds, flt.stage_ids, flt.staff
    )  # fmt: skip
    for name, errors in filter_form.errors.items():
        messages.warning(
            request,
            _("Ningún expediente cumple el filtro «%(field)s»: %(error)s")
            % {"field": filter_form.fields[name].label, "error": errors[0]},
        )
    counts = (
        turns.tab_counts(request.user, f, qs, flt.turn_q, today, staff)
        if not filter_form.errors
        else dict.fromkeys(("all", *flt.turn_q), "0")
    )
    if f["turn"]:
        qs = qs.filter(flt.turn_q[f["turn"]])
    fmt = request.GET.get("formato")
    if fmt == "xlsx" and _export_qs(qs, undated=not f["due"]).count() > settings.VENTILA_LONG_WORK_ROWS:
        # Issue 30: a large workbook is made by the worker; the page says how far along it is.
        params = {k: v for k, v in request.GET.items() if k not in ("after", "formato")}
        work = longwork.start(LongWork.Kind.QUEUE_EXPORT, user=request.user, params=params)
        return redirect("web:long_work", work_id=work.pk)
    if fmt in ("csv", "xlsx"):  # the whole filtered list (issue 18)
        return queue_export(qs, fmt, undated=not f["due"])
    cursor = _parse_cursor(request.GET.get("after", "")) if request.GET.get("after") else None
    rows = queue_page(qs, cursor, undated=not f["due"])  # a due-date filter leaves out the undated cases
    more = len(rows) > PAGE_SIZE
    rows = rows[:PAGE_SIZE]
    next_cursor = ""
    if more and rows:
        last = rows[-1]
        next_cursor = f"{last.next_due.isoformat() if last.next_due else 'n'}_{last.pk}"
    params = request.GET.copy()
    params.pop("after", None)
    deadline_labels, stage_labels, kind_labels = vocabulary("deadlines"), vocabulary("stages"), vocabulary("kinds")
    items = [
        {
            "case": c,
            "days_left": (c.next_due - today).days if c.next_due else None,
            "deadline": deadline_labels.get(c.next_due_deadline, c.next_due_deadline),
            "stage": stage_labels.get(c.stage, c.stage),
            "kind": kind_labels.get(c.kind, c.kind),
        }
        for c in rows
    ]
    _attach_bodies([it["case"] for it in items], bodies)
    pinned = queue_flags(qs, items, today, first_page=cursor is None)
    _attach_bodies([it["case"] for it in pinned], bodies)
    turns.queue_moves(items, today, clock.now())
    act_url = act_url_maker()
    prepare = _prepare_links(items, staff)
    for it in items:
        move, c = it["move"], it["case"]
        it["next_acts"] = (
            [(_act_title(c, a), act_url(c.number, a)) for a in move.acts] if move and c.body_id in staff else []
        ) + prepare.get(c.pk, [])
    turn_params = params.copy()
    turn_params.pop("turn", None)
    turn_query = turn_params.urlencode()
    return render(
        request,
        "web/queue.html",
        {
            "pinned": pinned,
            "items": items,
            "filters": f,
            "bodies": bodies,
            "today": today,
            "kinds": [(k, KINDS[k]) for k in kinds],
            "stages": list(STAGES.items()),
            "rows": render_queue_rows(items),
            "body_options": options_html([(b.slug, b.short_name) for b in bodies], f["body"]),
            "kind_options": options_html([(k, kind_labels[k]) for k in kinds], f["kind"]),
            "stage_options": options_html([(s, stage_labels[s]) for s in stage_ids], f["stage"]),
            "turn_tabs": [
                {
                    "value": value,
                    "label": label,
                    "count": counts[value or "all"],
                    "href": "?"
                    + turn_query
                    + ("&" if turn_query and value else "")
                    + (f"turn={value}" if value else ""),
                    "current": f["turn"] == value,
                }
                for value, label in (("", _("Todos")), ("mine", _("Por hacer")), ("waiting", _("En espera de otros")))
            ],
            "filtered": bool(f["body"] or f["kind"] or f["stage"] or f["due"] or f["status"] not in ("", "open")),
            "filter_summary": _filter_summary(f, kind_labels, stage_labels),
            "filter_body": next((b.short_name for b in bodies if f["body"] and b.slug == f["body"]), ""),
            "next_cursor": next_cursor,
            "base_query": params.urlencode(),
            "paged": cursor is not None,
            "filing_bodies": [b for b in bodies if b.pk in staff],
        },
    )


def _filter_summary(f: dict[str, str], kinds: dict[str, str], stages: dict[str, str]) -> str:
    """The queue's filters in a few words, on the closed filters row: «Abiertos · Vencidos» (the body, a
    Spanish name, is added by the template, marked as such)."""
    status = {"closed": _("Cerrados"), "all": _("Todos los estados")}.get(f["status"], _("Abiertos"))
    parts = [str(status)]
    parts += [str(kinds.get(f["kind"], f["kind"]))] if f["kind"] else []
    parts += [str(stages.get(f["stage"], f["stage"]))] if f["stage"] else []
    parts += [str({"overdue": _("Vencidos"), "week": _("Vencen esta semana")}.get(f["due"], ""))] if f["due"] else []
    return " · ".join(p for p in parts if p)


def _export_qs(qs: QuerySet[Case], *, undated: bool) -> QuerySet[Case]:
    return qs if undated else qs.filter(next_due__isnull=False)


def _export_rows(qs: QuerySet[Case]) -> tuple[list[str], Iterator[list[Any]]]:
    stage_labels, kind_labels = vocabulary("stages"), vocabulary("kinds")
    deadline_labels = vocabulary("deadlines")
    rows = (
        [
            c.number,
            c.caption,
            kind_labels.get(c.kind, c.kind),
            stage_labels.get(c.stage, c.stage),
            c.get_status_display(),
            c.next_due,
            deadline_labels.get(c.next_due_deadline, c.next_due_deadline),
        ]
        for c in qs.order_by(F("next_due").asc(nulls_last=True), "id")
        .only("number", "caption", "kind", "stage", "status", "next_due", "next_due_deadline")
        .iterator(chunk_size=2000)
    )
    headers = [
        _("Expediente"),
        _("Epígrafe"),
        _("Tipo"),
        _("Etapa"),
        _("Estado"),
        _("Próximo vencimiento"),
        _("Término"),
    ]
    return headers, rows


def queue_export(qs: QuerySet[Case], fmt: str, *, undated: bool) -> HttpResponseBase:
    """The filtered work queue as CSV or XLSX (the same cases the screen lists, in its order): the CSV
    streamed as the cases are read (constant memory), the XLSX written row by row."""
    headers, rows = _export_rows(_export_qs(qs, undated=undated))
    if fmt == "csv":
        return csv_response(headers, rows, "cola-de-trabajo.csv")
    response = HttpResponse(to_xlsx([(_("Cola de trabajo"), headers, rows)]), content_type=XLSX_TYPE)
    response["Content-Disposition"] = 'attachment; filename="cola-de-trabajo.xlsx"'
    return response


def run_export_work(work: LongWork, progress: Callable[[int, int], None]) -> longwork.Outcome:
    """The queue's XLSX as a long work (:mod:`ventila.web.longwork`): the filters the user chose, applied
    again with what they may see now."""
    today = clock.today()
    data = QueryDict(mutable=True)
    data.update(work.params)
    flt = _filtered(work.requested_by, data, today)
    qs = flt.qs.filter(flt.turn_q[flt.f["turn"]]) if flt.f["turn"] else flt.qs
    qs = _export_qs(qs, undated=not flt.f["due"])
    total = qs.count()
    progress(0, total)
    headers, rows = _export_rows(qs)
    data_bytes = to_xlsx([(_("Cola de trabajo"), headers, counted(rows, total, progress))])
    return longwork.Outcome(
        _("La cola de trabajo, %(n)s expedientes.") % {"n": total}, data_bytes, "cola-de-trabajo.xlsx"
    )


def _attach_bodies(cases: list[Case], bodies: list[Body]) -> None:
    """Give each case its body from the visible ones; a case seen as a substitute appointed in
    another body gets its body in one query for all such cases."""
    known = {b.pk: b for b in bodies}
    missing = {c.body_id for c in cases} - set(known)
    if missing:
        known.update(Body.objects.in_bulk(missing))
    for c in cases:
        c.body = known[c.body_id]


def queue_page(qs: QuerySet[Case], cursor: tuple[dt.date | None, int] | None, *, undated: bool = True) -> list[Case]:
    """One page (plus one row, to know there is more) in ``(next_due, id)`` order, cases without a
    due date last. Two range scans of the ``(next_due, id)`` indexes, never a sort of the table:
    the dated cases after the cursor, then, if the page is not full, the undated ones by id."""
    rows: list[Case] = []
    if cursor is None or cursor[0] is not None:
        dated = qs.filter(next_due__isnull=False)
        if cursor is not None:
            due, pk = cursor
            dated = dated.filter(Q(next_due__gt=due) | Q(next_due=due, pk__gt=pk))
        rows = list(dated.order_by("next_due", "id")[: PAGE_SIZE + 1])
    if undated and len(rows) <= PAGE_SIZE:
        without = qs.filter(next_due__isnull=True)
        if cursor is not None and cursor[0] is None:
            without = without.filter(pk__gt=cursor[1])
        rows += list(without.order_by("id")[: PAGE_SIZE + 1 - len(rows)])
    return rows
