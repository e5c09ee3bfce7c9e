"""A member's own vote (decision 11): who may record it, and the append-only row that records it."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ventila import clock
from ventila.audit import chain
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.votes import member_may_record_own_vote

from ..models import (
    Case,
    MemberVote,
)
from ..voting import vote_rule
from .acts import voting_members


class OwnVoteRefused(Exception):
    """A member's own vote not recorded; the Spanish message says why and what to do instead."""


def _undecided_recusals(case: Case) -> set[int]:
    """The members with a recusal request not yet decided (Sec. 9 ¶4: they do not vote on it)."""
    recusal = RULEBOOKS[case.body.rulebook].docket.recusal
    superseded = set(case.entries.filter(supersedes__isnull=False).values_list("supersedes_id", flat=True))
    live = [
        e
        for e in case.entries.filter(event_type__in=(recusal.requested, recusal.decided)).order_by("seq")
        if e.pk not in superseded
    ]
    pending: set[int] = set()
    for e in live:
        member = str(e.payload.get("member", ""))
        if not member.isdigit():
            continue
        if e.event_type == recusal.requested:
            pending.add(int(member))
        else:
            pending.discard(int(member))
    return pending


def own_vote_refusal(user: Any, case: Case, event_type: str, day: dt.date) -> str:
    """Why ``user`` may not record his own vote on ``event_type`` in ``case`` now ("": he may).

    He may when the rulebook lets members record their own votes (``member_own_vote``, decision 11),
    the case awaits that act and puts it to a vote, and he sits in the case that day (a member in
    office, not a party, not recused — or a substitute pro tempore), and, for a recusal, it is not
    his own that is decided (Sec. 9 ¶4)."""
    if not member_may_record_own_vote(case.body.rulebook):
        return _(
            "En %(body)s los miembros no anotan su propio voto: la Comisión vota en su reunión y la "
            "Secretaría anota la votación (decisión 11). Comunique su voto en la reunión."
        ) % {"body": case.body.short_name}
    if vote_rule(case.body.rulebook, event_type) is None:
        return _("Este acto no se decide por votación.")
    if not votes_in(user, case, event_type, day):
        return _(
            "Usted no vota sobre este acto: no ocupa hoy un escaño de la Comisión en el expediente (o está "
            "excluido o inhibido, o se decide su propia inhibición, Sec. 9). La Secretaría anota la votación "
            "de los miembros que se sientan en el caso."
        )
    if not awaits_vote(case, event_type):
        return _(
            "El expediente no espera ahora una votación sobre este acto: ya se decidió, o aún no toca. "
            "Vea el expediente para saber en qué etapa está."
        )
    return ""


def awaits_vote(case: Case, event_type: str) -> bool:
    """Whether the case, open, awaits ``event_type`` now (the rulebook allows it next)."""
    return case.status == Case.Status.OPEN and event_type in case.allowed_next


def votes_in(user: Any, case: Case, event_type: str, day: dt.date) -> bool:
    """Whether ``user``'s person takes part in the vote on ``event_type`` in ``case`` on ``day``: a
    member sitting in the case (in office, not a party, not recused; or a substitute pro tempore),
    and, for a recusal, not the member whose recusal is decided (Sec. 9 ¶4)."""
    person_id = getattr(user, "person_id", None)
    if person_id is None or person_id not in {p.pk for p in voting_members(case, day)}:
        return False
    decided = RULEBOOKS[case.body.rulebook].docket.recusal.decided
    return not (decided and event_type == decided and person_id in _undecided_recusals(case))


def do_record_own_vote(*, user: Any, case: Case, event_type: str, vote: str, now: dt.datetime | None = None) -> Any:
    """A member records his own vote on a motion the case awaits (decision 11): an append-only row,
    chained in the audit record with his account as actor, in one transaction with the case locked
    (so that it is checked against the case as it stands). Raises :class:`OwnVoteRefused`."""
    now = now or clock.now()
    if vote not in MemberVote.Vote.values:
        raise OwnVoteRefused(_("Elija su voto: a favor, en contra o abstención."))
    with transaction.atomic():
        locked = Case.objects.select_for_update(of=("self",)).select_related("body").get(pk=case.pk)
        refusal = own_vote_refusal(user, locked, event_type, now.astimezone(PR_TZ).date())
        if refusal:
            raise OwnVoteRefused(refusal)
        row = MemberVote.objects.create(
            case=locked, event_type=event_type, person_id=user.person_id, vote=vote, recorded_by=user, recorded_at=now
        )
        chain.append("cases.MemberVote", row)  # the tamper-evident record, in this same transaction
        return row


def current_own_votes(case: Case, event_type: str) -> dict[int, Any]:
    """Each member's latest own vote on ``event_type`` recorded since the act was last decided
    (person id → :class:`~ventila.cases.models.MemberVote`)."""
    last = case.entries.filter(event_type=event_type).aggregate(at=Max("recorded_at"))["at"]
    rows = MemberVote.objects.filter(case=case, event_type=event_type)
    if last is not None:
        rows = rows.filter(recorded_at__gt=last)
    out: dict[int, Any] = {}
    for row in rows.order_by("recorded_at", "id"):
        out[row.person_id] = row
    return out
