"""The case page (parties, terms and their traces, the docket, documents, the register's links),
its attachments and the counsel a party names.

Thin: each view asks :mod:`ventila.cases.access` for what it may show and hands every change to a
``do_*`` action in :mod:`ventila.cases.actions`.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import BooleanField, Prefetch, Q, prefetch_related_objects
from django.db.models.expressions import RawSQL
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila import clock, files
from ventila.bodies.models import Person
from ventila.cases import access
from ventila.cases.actions import (
    do_add_counsel,
    is_stale,
    refresh_if_stale,
)
from ventila.cases.evaluation import rulebook_and_kind
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
from ventila.cases.rule_messages import message_text
from ventila.compliance import access as register_access
from ventila.compliance.models import TenureCase
from ventila.compliance.referrals import links_of, pending_referral
from ventila.documents import access as doc_access
from ventila.documents.catalog import BY_KEY, prepare_urls
from ventila.documents.models import Delivery, Document, Draft, Language
from ventila.filing.models import Filing
from ventila.rules import RULEBOOKS
from ventila.rules.engine import KindSpec
from ventila.rules.rulebooks.common import RECORD_ONLY_EVENTS

from ..forms import CounselForm
from ..templatetags.web_tags import long_date
from . import turns
from .markup import Typed, render_timeline
from .matter_sections import matter_context
from .procedures import procedure_context, side_act


def _act_title(case: Case, event_type: str) -> str:
    _rb, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    spec = kind.events.get(event_type)
    return _(spec.title) if spec else event_type


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
    obligations = RULEBOOKS[case.body.rulebook].register.obligations
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
        self.memo: dict[tuple[str, ...], str] = {}

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


@login_required
def attachment(request: HttpRequest, number: str, attachment_id: int) -> FileResponse:
    att = access.access_attachment(request.user, number, attachment_id)
    return files.served(att, attachment=True, content_type=att.content_type or "application/octet-stream")


@login_required
@require_http_methods(["GET", "POST"])
def add_counsel(request: HttpRequest, number: str) -> HttpResponse:
    case = access.access_case_for_user(request.user, number)
    if case.body_id not in access.staff_body_ids(request.user):
        raise PermissionDenied("staff only")
    form = CounselForm(request.POST or None, case=case)
    if request.method == "POST" and form.is_valid():
        do_add_counsel(case=case, user=request.user, **form.cleaned_data)  # the form's fields are the party's
        messages.success(request, _("Se añadió la representación legal."))
        return redirect("web:case", number=case.number)
    return render(request, "web/counsel.html", {"case": case, "form": form})
