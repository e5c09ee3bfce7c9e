"""Views of the procedures around the main flow: the case page's procedure panel (recusals,
substitutes, Sec. 8, suspensions, the summary procedure, the municipal decision term), the
candidate mark (Sec. 24), the municipal Commission's seats (¶2) and its per-diem ledger (¶4)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ventila import clock
from ventila.bodies.models import Body, ElectionDay
from ventila.cases import access
from ventila.cases.labels import DEADLINES
from ventila.cases.models import Case, CaseDeadline, DocketEntry
from ventila.cases.procedures import (
    LedgerRefused,
    decide_warning,
    do_record_expense,
    do_record_meeting,
    do_reverse_ledger_item,
    do_set_candidate,
    ledger_item,
    monthly_statement,
    sec8_warnings,
)
from ventila.cases.queries import body_config, span_words, suspension_spans
from ventila.rules import RULEBOOKS
from ventila.rules.calendar import format_date_es
from ventila.rules.votes import required_yes

from ..matter_labels import MATTER_BUTTONS
from ..procedure_forms import CandidateForm, ExpenseForm, MeetingForm, QualificationForm, ReversalForm
from ..templatetags.web_tags import money


def queue_flags(qs: Any, items: list[dict[str, Any]], today: dt.date, *, first_page: bool) -> list[dict[str, Any]]:
    """Flag the queue's rows (summary procedure, held until after the election, the municipal decision
    term about to run out) and return the summary cases pinned above the queue on its first page:
    Sec. 24 counts their terms in hours, so they go first."""
    # Only the rows of a rulebook that warns about a term (the municipal decision term) ask for it: a
    # page without one runs no query. The rows' bodies are attached (the view's ``_attach_bodies``).
    warned: dict[str, list[int]] = {}
    for it in items:
        term = RULEBOOKS[it["case"].body.rulebook].case_page.warned_deadline
        if term:
            warned.setdefault(term, []).append(it["case"].pk)
    decide: dict[int, list[CaseDeadline]] = {}
    if warned:
        which = Q()
        for term, ids in warned.items():
            which |= Q(deadline_id=term, case_id__in=ids)
        for d in CaseDeadline.objects.filter(which):
            decide.setdefault(d.case_id, []).append(d)
    for it in items:
        c = it["case"]
        it["summary"] = c.procedure == "summary"
        it["deferred"] = c.procedure == "deferred_until_after_election"
        it["warning"] = decide_warning(c, today, decide.get(c.pk, [])) if c.pk in decide else ""
    if not first_page:
        return []
    pinned = []
    for c in qs.filter(procedure="summary").order_by("next_due", "id")[:25]:
        pinned.append(
            {
                "case": c,
                "deadline": DEADLINES.get(c.next_due_deadline, c.next_due_deadline),
                "days_left": (c.next_due - today).days if c.next_due else None,
            }
        )
    return pinned


def _moved_reason(spans: list[dict[str, Any]]) -> SafeString:
    """Why the terms moved, in the reader's language (the stored ``moved_reason`` is the record's
    Spanish): each suspension, its days and its reason as typed."""
    parts = []
    for s in spans:
        text, why = span_words(s)
        parts.append((text, format_html(' (<span translate="no">{}</span>)', why) if why else ""))
    return format_html_join("; ", "{}{}", parts)


def procedure_context(
    user: Any,
    case: Case,
    entries: list[DocketEntry],
    deadlines: list[CaseDeadline],
    today: dt.date,
    *,
    exclusions: list[Any] | None = None,
) -> dict[str, Any]:
    """What the case page shows about the procedures (read from rows; nothing is recomputed)."""
    staff = case.body_id in access.staff_body_ids(user)
    moved = [
        {"d": d, "label": DEADLINES.get(d.deadline_id, d.deadline_id)} for d in deadlines if d.moved_from is not None
    ]
    elections = []
    # Sec. 24 concerns complaints: a preventive matter (Secs. 11, 17, 27) has no candidate mark.
    candidate_mark = (
        RULEBOOKS[case.body.rulebook].case_page.candidate_mark
        and case.status == Case.Status.OPEN
        and case.kind not in MATTER_BUTTONS
        and side_act(case, "candidate_mark")
    )
    if candidate_mark:
        # From the body's configuration, read once per process and version (every election change bumps it).
        upcoming = [(kind, day) for kind, day in body_config(case.body).elections if day >= today][:2]
        elections = [ElectionDay(kind=kind, day=day) for kind, day in upcoming]
    spans = suspension_spans(entries)
    return {
        "sec8_warnings": sec8_warnings(case, entries, exclusions),
        "suspensions": spans,
        "moved_terms": moved,
        "moved_reason": _moved_reason(spans) if moved else "",
        "decide_warning": decide_warning(case, today, deadlines),
        "can_mark_candidate": staff and candidate_mark,
        "upcoming_elections": elections,
    }


def side_act(case: Case, name: str) -> bool:
    """Whether the case page offers the side act ``name`` (``candidate_mark``, ``counsel``) for the
    case's kind: every one unless the kind declares its own (``KindSpec.side_acts``, issue 29)."""
    own = RULEBOOKS[case.body.rulebook].kinds[case.kind].side_acts
    return own is None or name in own


@login_required
@require_POST
def mark_candidate(request: HttpRequest, number: str) -> HttpResponse:
    case = access.access_case_for_user(request.user, number)
    if (
        case.body_id not in access.staff_body_ids(request.user)
        or not RULEBOOKS[case.body.rulebook].case_page.candidate_mark
        or case.kind in MATTER_BUTTONS
    ):
        raise PermissionDenied("staff only")
    form = CandidateForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Indique si la parte querellada es candidata."))
        return redirect("web:case", number=case.number)
    case = do_set_candidate(case=case, candidate=form.cleaned_data["candidate"], user=request.user)
    if case.respondent_candidate:
        messages.success(request, _("Se marcó a la parte querellada como candidata; los términos se recalcularon."))
    else:
        messages.success(request, _("Se quitó la marca de candidata; los términos se recalcularon."))
    return redirect("web:case", number=case.number)


def _own_page_body(user: Any, slug: str, page: str) -> Body:
    """A body's own page (``Rulebook.pages.offered``, the municipal Commission's): its secretary and staff (404 for
    anyone else, and for a body without the page)."""
    body = Body.objects.filter(slug=slug).first()
    if body is None or page not in RULEBOOKS[body.rulebook].pages.offered or body.pk not in access.staff_body_ids(user):
        raise Http404("body not found")
    return body


def _month(raw: str, today: dt.date) -> tuple[int, int]:
    try:
        y, m = (int(x) for x in raw.split("-"))
        dt.date(y, m, 1)
        return y, m
    except (ValueError, TypeError):
        return today.year, today.month


def _ledger_items(statement: Any) -> list[tuple[str, str]]:
    """The statement's items that may still be reversed, as (ref, words) for the reversal form."""
    return [
        (ln.ref, f"{format_date_es(ln.day)} · {ln.commissioner} · {ln.description} · {money(ln.amount)}")
        for ln in statement.lines
        if ln.ref and not ln.reverses and not ln.reversed
    ]


@login_required
@require_http_methods(["GET", "POST"])
def per_diem(request: HttpRequest, body: str) -> HttpResponse:
    """¶4: meetings and expenses per commissioner, and the month's statement (MUN-DIE-02/03). A second
    per diem of one commissioner on one day is confirmed or refused as the rulebook says; an item is
    reversed by a new record with its reason (never deleted)."""
    body_obj = _own_page_body(request.user, body, "per_diem")
    today = clock.today()
    year, month = _month(request.GET.get("mes", ""), today)
    which = request.POST.get("form")
    meeting_form = MeetingForm(
        request.POST if which == "meeting" else None, body=body_obj, initial={"day": today, "official_business": True}
    )
    expense_form = ExpenseForm(request.POST if which == "expense" else None, body=body_obj, initial={"day": today})
    statement = monthly_statement(body_obj, year, month)
    reversal_form = ReversalForm(request.POST if which == "reversal" else None, items=_ledger_items(statement))
    if request.method == "POST":
        if which == "meeting" and meeting_form.is_valid():
            d = meeting_form.cleaned_data
            try:
                do_record_meeting(user=request.user, body=body_obj, **meeting_form.item(), confirmed=d["confirm"])
            except LedgerRefused as exc:
                for name, message in exc.field_errors.items():
                    meeting_form.add_error(name, message)
            else:
                messages.success(request, _("Se anotó la reunión."))
                return redirect(f"{request.path}?mes={d['day']:%Y-%m}")
        if which == "expense" and expense_form.is_valid():
            d = expense_form.cleaned_data
            do_record_expense(user=request.user, body=body_obj, **expense_form.item())
            messages.success(request, _("Se anotó el gasto."))
            return redirect(f"{request.path}?mes={d['day']:%Y-%m}")
        if which == "reversal" and reversal_form.is_valid():
            item = ledger_item(body_obj, reversal_form.cleaned_data["item"])
            if item is None:
                reversal_form.add_error("item", _("Elija una partida de la lista."))
            else:
                try:
                    do_reverse_ledger_item(
                        user=request.user, body=body_obj, item=item, reason=reversal_form.cleaned_data["reason"]
                    )
                except LedgerRefused as exc:
                    for name, message in exc.field_errors.items():
                        reversal_form.add_error(name, message)
                else:
                    messages.success(
                        request, _("Se anuló la partida; el estado del mes la muestra con su anulación y su motivo.")
                    )
                    return redirect(f"{request.path}?mes={item.day:%Y-%m}")
    first = dt.date(year, month, 1)
    prev = (first - dt.timedelta(days=1)).replace(day=1)
    nxt = (first + dt.timedelta(days=32)).replace(day=1)
    people = sorted(statement.total_by_commissioner)
    rows = [
        {
            "name": n,
            "per_diem": statement.per_diem_by_commissioner[n],
            "expenses": statement.expenses_by_commissioner[n],
            "total": statement.total_by_commissioner[n],
            # meetings that earn the per diem: a reversed one is taken back by its reversal line
            "meetings": sum(
                -1 if ln.reverses else 1 for ln in statement.lines if ln.commissioner == n and ln.kind == "per_diem"
            ),
        }
        for n in people
    ]
    rulebook = RULEBOOKS[body_obj.rulebook]
    rule = rulebook.rules[rulebook.pages.per_diem_rule]
    return render(
        request,
        "web/per_diem.html",
        {
            "body": body_obj,
            "statement": statement,
            "rows": rows,
            "month": first,
            "prev": prev,
            "next": nxt,
            "meeting_form": meeting_form,
            "expense_form": expense_form,
            "reversal_form": reversal_form,
            "rule": rule,
        },
    )


@login_required
def composition(request: HttpRequest, body: str) -> HttpResponse:
    """¶2 (MUN-COM-03/05) and MUN-QUO-01: the seats, each member's four-year term (with holdover),
    and the quorum the Commission acts with."""
    body_obj = _own_page_body(request.user, body, "composition")
    today = clock.today()
    rb = RULEBOOKS[body_obj.rulebook]
    if rb.pages.seats is None:  # a rulebook that lists the page and declares no seats
        raise Http404("body not found")
    settings = rb.resolve_settings({})
    seats = []
    for m in body_obj.members_on(today):
        term = rb.pages.seats.term_of_office(took_office=m.start, on=today, settings=settings)
        seats.append({"m": m, "term": term, "last_day": term.nominal_end - dt.timedelta(days=1)})
    qform = QualificationForm(request.GET if "seat" in request.GET else None)
    checks = None
    if qform.is_bound and qform.is_valid():
        d = qform.cleaned_data
        checks = rb.pages.seats.check_candidate(
            d["seat"], d["is_lawyer"], float(d["years_of_practice"] or 0), d["former_judge"]
        )
    return render(
        request,
        "web/composition.html",
        {
            "qform": qform,
            "checks": checks,
            "body": body_obj,
            "seats": seats,
            "seat_count": rb.pages.seats.count,
            "vacant": max(0, rb.pages.seats.count - len(seats)),
            "quorum": rb.pages.seats.quorum,
            "votes_required": required_yes(rb.id),
            "rule_seats": rb.rules[rb.pages.seats.rule_ids["seats"]],
            "rule_term": rb.rules[rb.pages.seats.rule_ids["term"]],
            "rule_quorum": rb.rules[rb.pages.seats.rule_ids["quorum"]],
            "qualification_rules": ", ".join(rb.pages.seats.qualification_rules),
            "today": today,
        },
    )
