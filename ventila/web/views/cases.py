"""Case views: the work queue, the case page, docketing, acts, corrections and attachments.

Thin: each view asks :mod:`ventila.cases.access` for what it may show and hands every change to a
``do_*`` action in :mod:`ventila.cases.actions`.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import BooleanField, F, Prefetch, Q, QuerySet, prefetch_related_objects
from django.db.models.expressions import RawSQL
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.template.defaultfilters import filesizeformat
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila import clock, files
from ventila.bodies.models import Body, Person
from ventila.cases import access
from ventila.cases.actions import (
    ActPreview,
    ActRefused,
    TermChange,
    do_add_counsel,
    do_file_case,
    do_record_act,
    is_stale,
    preview_act,
    refresh_if_stale,
)
from ventila.cases.evaluation import rulebook_and_kind, rulebook_text
from ventila.cases.labels import (
    CHOICES,
    DEADLINES,
    FIELDS,
    KIND_FIELDS,
    KINDS,
    PROCEDURES,
    STAGES,
    choice_label,
    confidentiality_notice,
)
from ventila.cases.models import (
    Attachment,
    Ballot,
    Case,
    CaseDeadline,
    CaseExclusion,
    CaseFinding,
    CaseSubstitute,
    DocketEntry,
)
from ventila.cases.queries import docket_order
from ventila.cases.rule_messages import message_text, render_message
from ventila.compliance import access as register_access
from ventila.compliance.models import TenureCase
from ventila.compliance.referrals import links_of, pending_referral
from ventila.documents import access as doc_access
from ventila.documents.catalog import BY_KEY, prepare_urls
from ventila.documents.models import Delivery, Document, Draft, Language
from ventila.exports import XLSX_TYPE, csv_response, to_xlsx
from ventila.filing.models import Filing
from ventila.rules import RULEBOOKS
from ventila.rules.engine import KindSpec
from ventila.rules.rulebooks.common import RECORD_ONLY_EVENTS

from .. import pending
from ..forms import ActForm, CounselForm, FilingForm, QueueFilterForm, filing_event
from ..templatetags.web_tags import is_group, long_date
from . import turns
from .markup import Typed, act_url_maker, options_html, render_queue_rows, render_timeline, vocabulary
from .matter_sections import matter_context
from .procedures import procedure_context, queue_flags, side_act

PAGE_SIZE = 25


def _act_title(case: Case, event_type: str) -> str:
    _rb, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    spec = kind.events.get(event_type)
    return _(spec.title) if spec else event_type


# -- work queue -------------------------------------------------------------------------------


def _parse_cursor(raw: str) -> tuple[dt.date | None, int] | None:
    """``2027-03-04_17`` (after due date and id) or ``n_17`` (after id among cases without date)."""
    try:
        head, _sep, pk = raw.partition("_")
        return (None if head == "n" else dt.date.fromisoformat(head)), int(pk)
    except ValueError:
        return None


@login_required
def queue(request: HttpRequest) -> HttpResponse:
    """Cases sorted by the next deadline (an index scan on ``(next_due, id)``), keyset-paginated."""
    today = clock.today()
    # The bodies come with the user's grants (no query); a case's body is attached from them below,
    # so the page's queries read the cases table alone, by index.
    qs: QuerySet[Case] = access.access_cases_for_user(request.user)
    bodies = access.visible_bodies(request.user)
    kinds = sorted({k for b in bodies for k in RULEBOOKS[b.rulebook].kinds} & set(KINDS))
    # The stages offered are those of the chosen body and kind (all the visible ones' when none is chosen).
    stage_ids = turns.stage_ids(bodies, request.GET.get("body", ""), request.GET.get("kind", ""))
    filter_form = QueueFilterForm(
        request.GET, bodies=bodies, kinds=[(k, KINDS[k]) for k in kinds], stages=[(s, STAGES[s]) for s in stage_ids]
    )
    f = filter_form.filters()
    for name, errors in filter_form.errors.items():
        messages.warning(
            request,
            _("Ningún expediente cumple el filtro «%(field)s»: %(error)s")
            % {"field": filter_form.fields[name].label, "error": errors[0]},
        )
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
    # «Por hacer» / «En espera de otros»: counted under the other filters (one read), then applied.
    staff = access.staff_body_ids(request.user)
    turn_q = turns.turn_filters(bodies, today, staff)
    counts = turns.turn_counts(qs, turn_q) if not filter_form.errors else dict.fromkeys(("all", *turn_q), "0")
    if f["turn"]:
        qs = qs.filter(turn_q[f["turn"]])
    if request.GET.get("formato") in ("csv", "xlsx"):  # the whole filtered list (issue 18)
        return queue_export(qs, request.GET["formato"], undated=not f["due"])
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


def queue_export(qs: QuerySet[Case], fmt: str, *, undated: bool) -> HttpResponseBase:
    """The filtered work queue as CSV or XLSX (the same cases the screen lists, in its order): the CSV
    streamed as the cases are read (constant memory), the XLSX written row by row."""
    stage_labels, kind_labels = vocabulary("stages"), vocabulary("kinds")
    deadline_labels = vocabulary("deadlines")
    if not undated:
        qs = qs.filter(next_due__isnull=False)
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
    if fmt == "csv":
        return csv_response(headers, rows, "cola-de-trabajo.csv")
    response = HttpResponse(to_xlsx([(_("Cola de trabajo"), headers, rows)]), content_type=XLSX_TYPE)
    response["Content-Disposition"] = 'attachment; filename="cola-de-trabajo.xlsx"'
    return response


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


# -- the case page ------------------------------------------------------------------------------


def _exists_sql(model: Any, through: str = "") -> str:
    """``EXISTS`` of a row of ``model`` for the case of the outer SELECT (through ``through``, a
    foreign key to the docket entries, when the row belongs to an entry). Every name comes from the
    models' own metadata, never from a request, and there are no values: nothing to inject (bandit B608)."""
    table, case, entry = model._meta.db_table, Case._meta.db_table, DocketEntry._meta.db_table
    if not through:
        return f'EXISTS (SELECT 1 FROM "{table}" WHERE "{table}"."case_id" = "{case}"."id")'  # nosec B608
    return (
        f'EXISTS (SELECT 1 FROM "{table}" INNER JOIN "{entry}" ON ("{table}"."{through}_id" = "{entry}"."id") '  # nosec B608
        f'WHERE "{entry}"."case_id" = "{case}"."id")'
    )


# Whether the case has rows in each optional section, read in the case's own SELECT: a section without
# rows (most cases have no findings, exclusions, substitutes, attachments…) runs no query. Written as SQL
# once (the ORM's Exists() costs more to build per request than the query it saves).
_PAGE_SECTIONS = {
    "attachments": _exists_sql(Attachment, through="entry"),
    "documents": _exists_sql(Document),
    "drafts": _exists_sql(Draft),
    "exclusions": _exists_sql(CaseExclusion),
    "filing": _exists_sql(Filing),
    "findings": _exists_sql(CaseFinding),
    "substitutes": _exists_sql(CaseSubstitute),
}


def _page_sections() -> dict[str, Any]:
    # The SQL above is built from the models' metadata only, with no parameters (bandit B611).
    return {
        "page_" + name: RawSQL(sql, (), output_field=BooleanField())  # nosec B611
        for name, sql in _PAGE_SECTIONS.items()
    }


@login_required
def case_detail(request: HttpRequest, number: str) -> HttpResponse:
    case = access.access_case_for_user(request.user, number, annotate=_page_sections())
    now = clock.now()
    # A stale case is re-derived here (its findings rewritten): then every section is read.
    stale = is_stale(case, now)
    has = {name: stale or getattr(case, "page_" + name) for name in _PAGE_SECTIONS}
    case = refresh_if_stale(case, now)
    today = clock.today()
    deadlines = list(case.deadlines.all())
    # A closed case has no term left to meet: what was never met shows among the ended ones.
    still_open = case.status == Case.Status.OPEN
    open_terms = [d for d in deadlines if still_open and d.is_open]
    done_terms = [d for d in deadlines if not (still_open and d.is_open)]
    # The roll calls joined to their entries; attachments and ballots into plain lists (the timeline
    # reads them without a queryset per entry), the ballots only when the docket has a roll call.
    entries_qs = case.entries.select_related("recorded_by", "supersedes", "roll_call")
    if has["attachments"]:
        entries = list(entries_qs.prefetch_related(Prefetch("attachments", to_attr="attachment_list")))
    else:
        entries = list(entries_qs)
        for e in entries:
            e.attachment_list = []
    roll_calls = [rc for rc in (getattr(e, "roll_call", None) for e in entries) if rc is not None]
    if roll_calls:
        prefetch_related_objects(
            roll_calls, Prefetch("ballots", queryset=Ballot.objects.select_related("person"), to_attr="ballot_list")
        )
    corrected_by = {e.supersedes_id: e for e in entries if e.supersedes_id}
    # The documents and their deliveries, read once for the timeline and the documents section.
    documents = (
        list(Document.objects.filter(case=case).select_related("source").order_by("id")) if has["documents"] else []
    )
    deliveries = _deliveries(case, documents)
    linked = _linked_documents(entries, documents, deliveries)
    exclusions = list(case.exclusions.select_related("person")) if has["exclusions"] else []
    findings = list(case.findings.all()) if has["findings"] else []
    people = _payload_people(entries)
    labels = _Labels(case)
    kind_spec = rulebook_and_kind(case.body.rulebook, case.kind)[1]
    acts = _acts(request.user, case, open_terms, today, findings)
    answered = turns.case_answered(case, kind_spec, open_terms, today)
    term_rows = [
        _term_row(d, today, kind=kind_spec, allowed=case.allowed_next, answered=d.deadline_id in answered)
        for d in open_terms
    ]
    return render(
        request,
        "web/case.html",
        {
            "case": case,
            "confidentiality": confidentiality_notice(case.body.rulebook, case.kind),
            "today": today,
            "parties": _labelled_parties(case),
            "open_terms": term_rows,
            "waiting_note": turns.waiting_note(term_rows) if not (acts and acts[0]["suggested"]) else "",
            "done_terms": [_term_row(d, today, ended=True, ended_by=kind_spec) for d in done_terms],
            "findings": findings,
            "timeline": render_timeline(
                case.number,
                _fold_service(
                    [
                        _entry_row(labels, e, corrected_by.get(e.pk), linked.get(e.pk), people)
                        for e in reversed(docket_order(entries))
                    ]
                ),
                can_correct=access.can_correct(request.user, case),
            ),
            "acts": acts,
            # The suggested act (and the others the rulebook offers for the same term) first, then the rest.
            "next_acts": [a for a in acts if a["suggested"]],
            "other_acts": [a for a in acts if not a["suggested"]],
            "can_add_counsel": case.body_id in access.staff_body_ids(request.user) and side_act(case, "counsel"),
            "stage": STAGES.get(case.stage, case.stage),
            "kind": KINDS.get(case.kind, case.kind),
            # Only the kinds with procedures (the complaints) name one (KindSpec.procedures).
            "procedure": PROCEDURES.get(case.procedure, case.procedure) if kind_spec.procedures else "",
            "exclusions": exclusions,
            "substitutes": list(case.substitutes.select_related("person", "replaces")) if has["substitutes"] else [],
            "entries": entries,
            "documents": documents,
            "deliveries": deliveries,
            # None: the documents section reads the drafts; []: the case has none.
            "known_drafts": None if has["drafts"] else [],
            "has_filing": has["filing"],
            **procedure_context(request.user, case, entries, deadlines, today, exclusions=exclusions),
            **register_links(request.user, case),
            **matter_context(request.user, case, entries),  # Secs. 11, 17: the income cap, the requested report
        },
    )


def _prepare_links(items: list[dict[str, Any]], staff: set[int]) -> dict[int, list[tuple[str, str]]]:
    """The queue rows whose term ran out and left the body a document to prepare (a late filer's
    notice, ``KindSpec.lapse_documents``): case id → [(«Preparar aviso», its URL)] (issue 29)."""
    wanted: dict[str, list[Case]] = {}
    for it in items:
        move, c = it["move"], it["case"]
        if move is not None and move.move.documents and c.body_id in staff:
            wanted.setdefault(move.move.documents[0], []).append(c)
    out: dict[int, list[tuple[str, str]]] = {}
    for key, cases in wanted.items():
        for case_id, url in prepare_urls(cases, key).items():
            out[case_id] = [(_("Preparar aviso"), url)]
    return out


def register_links(user: Any, case: Case) -> dict[str, Any]:
    """What links the case to the register of obligated people (Secs. 14–16): the person's page, the
    referral case an OEG referral became (or the one it came from), and the action that turns a
    pending referral into a case (staff only). No query for a case of any other kind."""
    out: dict[str, Any] = {"case_links": [], "turn_referral_url": "", "register_person_url": ""}
    obligations = RULEBOOKS[case.body.rulebook].obligations
    if obligations is None or case.kind not in (obligations.kind, obligations.referral_kind):
        return out
    out["case_links"] = links_of(case)
    tenure = TenureCase.objects.filter(case=case).first() if case.kind == obligations.kind else None
    if tenure is not None and register_access.can_read_register(user, case.body):
        out["register_person_url"] = reverse("web:person", args=[case.body.slug, tenure.person_id])
        if register_access.can_record_register(user, case.body) and pending_referral(case) is not None:
            out["turn_referral_url"] = reverse("web:turn_referral", args=[case.number])
    return out


def _labelled_parties(case: Case) -> list[Any]:
    """The case's parties, each with ``label``: its role in the kind's own words (``KindSpec.party_labels``:
    an obligated person, a requester — issue 29), else the shared words."""
    own = RULEBOOKS[case.body.rulebook].kinds[case.kind].party_labels
    parties = list(case.parties.select_related("represents"))
    for p in parties:
        p.label = _(own[p.role]) if p.role in own else p.get_role_display()
    return parties


def _acts(
    user: Any, case: Case, open_terms: list[CaseDeadline], today: dt.date, findings: list[CaseFinding]
) -> list[dict[str, Any]]:
    """The acts the user may record now, the suggested one first (with why: its term and rule), each
    with the rulebook's line on when it applies."""
    _rb, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    types = [a for a in case.allowed_next if access.can_record(user, case, a)]
    suggestion = turns.suggested_act(case, open_terms, types, today, findings)
    first = [suggestion["type"], *suggestion["also"]] if suggestion is not None and suggestion["type"] else []
    types = first + [a for a in types if a not in first]
    out = []
    if suggestion is not None and suggestion["document"]:
        # Another's term ran out and the law answers it with the body's document (issue 29): prepare it.
        url = prepare_urls([case], suggestion["document"]).get(case.pk) if doc_access.can_manage(user, case) else None
        if url:
            title = _(BY_KEY[suggestion["document"]].title)
            prepare = {"type": "", "title": _("Preparar: %(doc)s") % {"doc": title}, "when": "", "url": url}
            out.append({**prepare, "why": suggestion["why"], "suggested": True})
    for a in types:
        spec = kind.events.get(a)
        out.append(
            {
                "type": a,
                "title": _(spec.title) if spec else a,
                "when": _(spec.when) if spec and spec.when else "",
                "why": suggestion["why"] if suggestion is not None and a == suggestion["type"] else "",
                "suggested": a in first,
                "url": reverse("web:act", kwargs={"number": case.number, "act": a}),
            }
        )
    return out


SERVICE_EVENTS = ("service_attempted", "service_received")


def _fold_service(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The timeline's rows (newest first) with each attempt to serve a document and each receipt of
    it folded under the entry that records the document's issue (``row["service"]``, oldest first):
    a served document is one line of the docket, not one per attempt. An attempt whose document's
    entry is not on the docket stays a line of its own."""
    issued = {row["e"].payload.get("document"): row for row in rows if row["e"].event_type == "document_issued"}
    out: list[dict[str, Any]] = []
    for row in rows:
        e = row["e"]
        owner = issued.get(e.payload.get("document")) if e.event_type in SERVICE_EVENTS else None
        if owner is None:
            out.append(row)
        else:
            owner.setdefault("service", []).insert(0, row)
    return out


def _term_row(
    d: CaseDeadline,
    today: dt.date,
    *,
    ended: bool = False,
    kind: KindSpec | None = None,
    allowed: Any = (),
    ended_by: KindSpec | None = None,
    answered: bool = False,
) -> dict[str, Any]:
    row = {
        "d": d,
        "label": DEADLINES.get(d.deadline_id, d.deadline_id),
        "days_left": (d.due - today).days,
        "overdue": not ended and d.is_open and d.due < today,
        "lines": d.trace_lines(),
    }
    if ended_by is not None:  # an ended term: how it ended
        if d.status == "lapsed" and d.deadline_id in ended_by.lapses:
            # A window that ran out in silence: done, with what follows it (KindSpec.lapses).
            row["follows"] = message_text(ended_by.lapses[d.deadline_id])
        act = ended_by.events.get(d.satisfied_by or "")
        # An act the term's running out allows (a dismissal with prejudice) closes it; any other act after
        # the due day is the term's own act, done late: «fuera de término».
        row["replaced"] = act is not None and d.deadline_id in act.on_expiry
    if kind is not None:  # an open term: whose move it is
        row["move"] = turns.term_move(kind, d.deadline_id, turns.is_expired(d, today), allowed, answered)
    return row


def _deliveries(case: Case, documents: list[Document]) -> list[Delivery]:
    """The deliveries the page shows: the receipts the docket records and the failed e-mails (one query;
    each with its document from ``documents``)."""
    if not documents:
        return []
    by_id = {d.pk: d for d in documents}
    rows = list(
        Delivery.objects.filter(document__case=case).filter(
            Q(receipt_entry__isnull=False) | Q(status__in=[Delivery.Status.FAILED, Delivery.Status.RETRYING])
        )
    )
    for d in rows:
        d.document = by_id[d.document_id]
    return rows


def _linked_documents(
    entries: list[DocketEntry], documents: list[Document], deliveries: list[Delivery]
) -> dict[int, Any]:
    """Entry id → the issued document it records: the record-only entries name it in their payload;
    a receipt act (``respondent_notified``…) is the receipt of one of its deliveries."""
    docs = {d.pk: d for d in documents}
    out: dict[int, Any] = {}
    for e in entries:
        if e.event_type in RECORD_ONLY_EVENTS and e.payload.get("document") in docs:
            out[e.pk] = docs[e.payload["document"]]
    for d in deliveries:
        if d.receipt_entry_id is not None:
            out[d.receipt_entry_id] = docs[d.document_id]
    return out


def _record_payload(e: DocketEntry) -> list[tuple[Any, Any]]:
    """The Spanish lines of a record-only entry: what document, its hash, to whom, the server's answer."""
    p = e.payload
    if e.event_type == "document_issued":
        rows: list[tuple[Any, Any]] = [
            (_("Lo exige"), f"{p.get('citation', '')} ({p['rule']})" if p.get("citation") else p["rule"]),
            (_("SHA-256 del PDF"), p["sha256"]),
        ]
        if p.get("source_seq"):
            rows.append((_("Acto que pone por escrito"), _("anotación n.º %(seq)s") % {"seq": p["source_seq"]}))
        if p.get("language"):
            rows.append((_("Idioma"), Language(p["language"]).label))
        return rows
    if e.event_type == "service_received":
        return [
            (_("Medio"), Delivery.Method(p["method"]).label),
            (_("Destinatario"), Typed(p["recipient"])),
            (_("Recibido el"), _format_iso(p["received_on"])),
        ]
    by_email = p["method"] in (Delivery.Method.EMAIL_ATTACHMENT, Delivery.Method.EMAIL_LINK)
    name = p.get("recipient_name") or p["recipient"]
    rows = [
        (_("Medio"), Delivery.Method(p["method"]).label),
        (_("Destinatario"), Typed(f"{name} <{p['recipient']}>" if by_email and name != p["recipient"] else name)),
    ]
    if by_email:
        rows += [
            (_("Intento n.º"), p.get("attempt", 1)),
            (_("Message-ID"), p.get("message_id", "")),
            (_("Respuesta del servidor"), Typed(p.get("answer", ""))),
            (_("Resultado"), _("Aceptado por el servidor de correo") if p["ok"] else _("Falló")),
        ]
    elif p.get("received_on"):
        rows.append((_("Recibido el"), _format_iso(p["received_on"])))
    if p.get("sha256"):
        rows.append((_("SHA-256 del PDF"), p["sha256"]))
    return rows


def _service_brief(e: DocketEntry) -> str:
    """An attempt's or a receipt's line in the timeline: to whom, by what means."""
    p = e.payload
    name = p.get("recipient_name") or p.get("recipient", "")
    method = Delivery.Method(p["method"]).label if p.get("method") in Delivery.Method.values else ""
    return f"{name} ({method})" if method else str(name)


_PERSON_KEYS = ("member", "substitute")


def _payload_people(entries: list[DocketEntry]) -> dict[int, Person]:
    """The people the entries' payloads name (a member, a substitute), in one query for the docket."""
    ids = {int(v) for e in entries for k, v in e.payload.items() if k in _PERSON_KEYS and str(v).isdigit()}
    return Person.objects.in_bulk(ids) if ids else {}


class _Labels:
    """The labels one page shows, each translated once (a docket repeats the same acts and fields)."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.memo: dict[tuple[str, str], str] = {}

    def act(self, event_type: str) -> str:
        key = ("act", event_type)
        if key not in self.memo:
            self.memo[key] = _act_title(self.case, event_type)
        return self.memo[key]

    def field(self, name: str) -> str:
        key = ("field", name)
        if key not in self.memo:
            label = KIND_FIELDS.get((self.case.kind, name)) or FIELDS.get(name, name)
            self.memo[key] = str(label)
        return self.memo[key]

    def detail(self, name: str) -> str:
        key = ("detail", name)
        if key not in self.memo:
            self.memo[key] = str(FIELDS[name]) if name in FIELDS else _detail_label(name)
        return self.memo[key]

    def choice(self, value: Any, event_type: str = "", field: str = "") -> Any:
        """A payload choice in words: its field's own (``labels.choice_label``), else the shared ones."""
        if not isinstance(value, str):
            return CHOICES.get(value, value)
        key = ("choice", value, event_type, field)
        if key not in self.memo:
            shown = choice_label(value, event_type, field)
            self.memo[key] = value if shown is value else str(shown)
        return self.memo[key]


def _entry_row(
    labels: _Labels,
    e: DocketEntry,
    corrected_by: DocketEntry | None,
    document: Any = None,
    people: dict[int, Person] | None = None,
) -> dict[str, Any]:
    if e.event_type in RECORD_ONLY_EVENTS:
        return {
            "e": e,
            "title": labels.act(e.event_type),
            "payload": _record_payload(e),
            "corrected_by": corrected_by,
            "details": [],
            "roll_call": None,
            "document": document,
            "record_only": True,
            "failed": e.event_type == "service_attempted" and not e.payload.get("ok"),
            "brief": _service_brief(e) if e.event_type in SERVICE_EVENTS else "",
        }
    payload = []
    for k, v in e.payload.items():
        if k in _PERSON_KEYS:
            person = (people or {}).get(int(v)) if str(v).isdigit() else None
            shown = Typed(person) if person else v
        elif isinstance(v, list):
            shown = ", ".join(str(labels.choice(x, e.event_type, k)) for x in v)
        elif isinstance(v, str) and _ISO.match(v):
            shown = _format_iso(v)
        else:
            shown = labels.choice(v, e.event_type, k)
            if shown is v and isinstance(v, str):  # no choice of the rulebook: what was typed
                shown = Typed(v)
        payload.append((labels.field(k), shown))
    return {
        "e": e,
        "title": labels.act(e.event_type),
        "payload": payload,
        "corrected_by": corrected_by,
        "details": [(labels.detail(k), v) for k, v in e.details.items()],
        "roll_call": getattr(e, "roll_call", None),
        "document": document,
    }


_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$")


def _format_iso(value: str) -> str:
    if len(value) == 10:
        return long_date(dt.date.fromisoformat(value))
    moment = dt.datetime.fromisoformat(value)
    return f"{long_date(moment.date())}, {moment:%H:%M}"


def _detail_label(key: str) -> str:
    return {
        "facts": _("Hechos"),
        "provisions": _("Disposiciones que se alegan infringidas"),
        "witnesses": _("Testigos"),
        "report_findings": _("Determinaciones del Informe Final"),
        "recommendation": _("Recomendación"),
        "evidence": _("Evidencia presentada"),
        "sworn": _("Juramento"),
        "correction_reason": _("Motivo de la corrección"),
        "corrected": _("Qué se corrigió"),
    }.get(key, key)


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
            try:
                case = do_file_case(
                    user=request.user,
                    body=body_obj,
                    kind=kind,
                    respondent=office.person,
                    respondent_role=office.role,
                    respondent_office=office.title,
                    respondent_candidate=form.cleaned_data["respondent_candidate"],
                    complainant=form.complainant(),
                    act=form.act_input(),
                )
            except ActRefused as exc:
                _apply_refusal(form, exc)
                status = 409 if not exc.field_errors else 200
            else:
                messages.success(request, _("Se abrió el expediente %(n)s.") % {"n": case.number})
                return redirect("web:case", number=case.number)
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
        "findings": [
            {"rule": r, "citation": c, "message": render_message(m.to_json())} for r, c, m in preview.findings
        ],
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
    entry = case.entries.filter(seq=seq).first()
    if entry is None:
        raise Http404("entry not found")
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


@login_required
def attachment(request: HttpRequest, number: str, attachment_id: int) -> FileResponse:
    att = access.access_attachment(request.user, number, attachment_id)
    return FileResponse(
        files.open_verified(att.file, att.sha256),
        as_attachment=True,
        filename=att.filename,
        content_type=att.content_type or "application/octet-stream",
    )


@login_required
@require_http_methods(["GET", "POST"])
def add_counsel(request: HttpRequest, number: str) -> HttpResponse:
    case = access.access_case_for_user(request.user, number)
    if case.body_id not in access.staff_body_ids(request.user):
        raise PermissionDenied("staff only")
    form = CounselForm(request.POST or None, case=case)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        do_add_counsel(
            case=case,
            represents=d["represents"],
            name=d["name"],
            email=d["email"],
            phone=d["phone"],
            postal_address=d["postal_address"],
            user=request.user,
        )
        messages.success(request, _("Se añadió la representación legal."))
        return redirect("web:case", number=case.number)
    return render(request, "web/counsel.html", {"case": case, "form": form})
