"""A commissioner's own pages: «Mi despacho» (the votes the cases he sits in await, his coming
hearings, his cases) and the page where he records his own vote on a motion, where the rulebook
allows it (decision 11; the secretary keeps the roll call)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import F, OuterRef, Q, Value
from django.db.models.expressions import Exists
from django.db.models.lookups import GreaterThanOrEqual
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ventila import clock
from ventila.cases import access
from ventila.cases.actions import (
    OwnVoteRefused,
    awaits_vote,
    current_own_votes,
    do_record_own_vote,
    own_vote_refusal,
    refresh_if_stale,
    votes_in,
)
from ventila.cases.evaluation import rulebook_and_kind
from ventila.cases.labels import DEADLINES, STAGES
from ventila.cases.models import Case, DocketEntry, MemberVote
from ventila.cases.voting import vote_rule, voted_acts
from ventila.documents.calendars import HEARING_DAY, hearing_start_of
from ventila.rules import RULEBOOKS
from ventila.rules.votes import member_may_record_own_vote

from ..procedure_forms import OwnVoteForm

# How many rows each section of «Mi despacho» shows (the work queue lists every case).
PENDING_LIMIT = 50
HEARINGS_LIMIT = 20
CASES_LIMIT = 25


def _act_title(case: Case, event_type: str) -> str:
    _rb, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    spec = kind.events.get(event_type)
    return _(spec.title) if spec else event_type


def _awaiting_vote() -> Q:
    """Open cases whose allowed acts include one their body decides by roll call (``Rulebook.docket.voting``):
    the act's id, quoted, in the stored list (a text match both databases run)."""
    q = Q(pk__in=[])
    for rulebook_id, event_type in voted_acts():
        q |= Q(body__rulebook=rulebook_id, allowed_next__icontains=f'"{event_type}"')
    return Q(status=Case.Status.OPEN) & q


def _motions(case: Case, today: dt.date) -> dict[str, Any]:
    """The voted acts an open term of the case's body calls for now (``KindSpec.move``: the acts that meet
    the Commission's own term, or that another's lapsed term leaves it), each with the nearest such term:
    the motions the members are to vote on, with their due date (issue 29)."""
    kind = RULEBOOKS[case.body.rulebook].kinds.get(case.kind)
    out: dict[str, Any] = {}
    if kind is None:
        return out
    for d in sorted((d for d in case.deadlines.all() if d.is_open), key=lambda d: (d.due, d.position)):
        if d.deadline_id not in kind.actors:
            continue
        for act in kind.move(d.deadline_id, expired=d.status == "missed" or d.due < today).acts:
            out.setdefault(act, d)
    return out


def _pending_votes(user: Any, visible: Any, today: dt.date) -> list[dict[str, Any]]:
    """The motions awaiting the user's vote (issue 29): a voted act the case allows now that one of its
    open terms calls for (or on which members have begun to vote), with the rulebook's words of what it
    decides and the term's due date — not every voted act the case merely allows."""
    rows = []
    awaiting = (
        visible.filter(_awaiting_vote())
        .select_related("body")
        .prefetch_related("deadlines")
        .order_by(F("next_due").asc(nulls_last=True), "id")[:PENDING_LIMIT]
    )
    for case in awaiting:
        motions = _motions(case, today)
        kind = RULEBOOKS[case.body.rulebook].kinds[case.kind]
        for act in case.allowed_next:
            if vote_rule(case.body.rulebook, act) is None:
                continue
            if not votes_in(user, case, act, today):
                continue  # he does not vote on it (not seated in it today, or it is his own recusal)
            votes = current_own_votes(case, act)
            term = motions.get(act)
            if term is None and not votes:
                continue  # allowed, but nobody has moved it: no motion awaits a vote
            allowed = member_may_record_own_vote(case.body.rulebook)
            mine = votes.get(user.person_id) if user.person_id else None
            spec = kind.events.get(act)
            rows.append(
                {
                    "case": case,
                    "act": act,
                    "title": _act_title(case, act),
                    "text": _(spec.when) if spec is not None and spec.when else "",
                    "term": term,
                    "term_label": DEADLINES.get(term.deadline_id, term.deadline_id) if term is not None else "",
                    "mine": mine,
                    "own": allowed,
                }
            )
    return rows


def _upcoming_hearings(visible: Any, today: dt.date) -> list[dict[str, Any]]:
    superseded = DocketEntry.objects.filter(supersedes_id=OuterRef("pk"))
    entries = (
        DocketEntry.objects.filter(case_id__in=visible.values("pk"), event_type="hearing_noticed")
        .annotate(hearing_day=HEARING_DAY)
        .filter(GreaterThanOrEqual(HEARING_DAY, Value(today.isoformat())))
        .exclude(Exists(superseded))
        .select_related("case")
        .order_by("hearing_day", "id")[:HEARINGS_LIMIT]
    )
    return [
        {
            "e": e,
            "start": hearing_start_of(str(e.payload["hearing_date"])),
            "timed": len(e.payload["hearing_date"]) > 10,
        }
        for e in entries
    ]


@login_required
def my_work(request: HttpRequest) -> HttpResponse:
    """«Mi despacho»: what a member (or a substitute pro tempore) has to do — the votes awaited in the
    cases he sits in, his coming hearings, and the cases he may see. Only the cases he may see are
    read (``access_cases_for_user``): a case he is excluded or recused from never shows."""
    user: Any = request.user
    if user.person_id is None:
        raise Http404("no seat")
    today = clock.today()
    visible = access.access_cases_for_user(user)
    cases = list(
        visible.filter(status=Case.Status.OPEN)
        .select_related("body")
        .order_by(F("next_due").asc(nulls_last=True), "id")[: CASES_LIMIT + 1]
    )
    return render(
        request,
        "web/my_work.html",
        {
            "pending": _pending_votes(user, visible, today),
            "hearings": _upcoming_hearings(visible, today),
            "cases": [
                {
                    "case": c,
                    "stage": STAGES.get(c.stage, c.stage),
                    "deadline": DEADLINES.get(c.next_due_deadline, c.next_due_deadline),
                    "days_left": (c.next_due - today).days if c.next_due else None,
                }
                for c in cases[:CASES_LIMIT]
            ],
            "more_cases": len(cases) > CASES_LIMIT,
            "today": today,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def own_vote(request: HttpRequest, number: str, act: str) -> HttpResponse:
    """A member records his own vote on a motion the case awaits (decision 11). 404 for a case he may
    not see or an act not voted; otherwise, when he may not vote, a page that says why and what to do."""
    case = refresh_if_stale(access.access_case_for_user(request.user, number))
    _rb, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    if act not in kind.events or vote_rule(case.body.rulebook, act) is None:
        raise Http404("act")
    title = _act_title(case, act)
    today = clock.today()
    refusal = own_vote_refusal(request.user, case, act, today)
    if refusal:
        # 409: he votes in this case, but it does not await this act now; 403: he may not record a vote here.
        waiting = member_may_record_own_vote(case.body.rulebook) and votes_in(request.user, case, act, today)
        status = 409 if waiting and not awaits_vote(case, act) else 403
        return render(request, "web/own_vote.html", {"case": case, "title": title, "refusal": refusal}, status=status)
    mine = current_own_votes(case, act).get(request.user.person_id)
    form = OwnVoteForm(
        request.POST if request.method == "POST" else None, initial={"vote": mine.vote if mine else None}
    )
    if request.method == "POST" and form.is_valid():
        try:
            do_record_own_vote(user=request.user, case=case, event_type=act, vote=form.cleaned_data["vote"])
        except OwnVoteRefused as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                _("Se anotó su voto sobre «%(act)s»: %(vote)s. La Secretaría lo verá al anotar la votación.")
                % {"act": title, "vote": MemberVote.Vote(form.cleaned_data["vote"]).label},
            )
            return redirect("web:my_work")
    rule = RULEBOOKS[case.body.rulebook].rules[vote_rule(case.body.rulebook, act) or ""]
    return render(
        request,
        "web/own_vote.html",
        {"case": case, "title": title, "form": form, "mine": mine, "rule": rule, "act": act},
    )
