"""An act as a clerk submits it, and its check against the rulebook before anything is written.

The rulebook says whether the act is allowed at the moment it happened and validates its payload;
the roll call, if the texts put the act to a vote, must carry it (:func:`check_act`). The labels the
checks and the web layer share are here too."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from ventila.bodies.models import Person
from ventila.rules import PR_TZ, RULEBOOKS, InputError
from ventila.rules.calendar import format_date_es
from ventila.rules.engine import Evaluation, FormContext
from ventila.rules.parts import Recusal
from ventila.rules.votes import VoteError, VoteOutcome, outcome_error, tally

from ..evaluation import (
    CaseFacts,
    PlannedEvent,
    compute_calendar,
    compute_evaluation,
    parsed,
    rulebook_and_kind,
    rulebook_text,
)
from ..labels import CHOICES, STAGES
from ..models import (
    Attachment,
    Case,
    DocketEntry,
)
from ..rule_messages import finding_html, joined_html, plain_html
from ..voting import YES_VOTES_FIELD, recorded_outcome, vote_rule


class ActRefused(Exception):
    """The act cannot be recorded: ``message`` says why; ``field_errors`` name the fields at fault."""

    def __init__(self, message: str = "", field_errors: Mapping[str, list[str]] | None = None) -> None:
        # The exception's text is plain (a log, a report); ``message`` and ``field_errors`` may be HTML
        # (a finding's message, rendered in the reader's language: ``finding_html``).
        super().__init__(
            plain_html(message) or "; ".join(plain_html(m) for ms in (field_errors or {}).values() for m in ms)
        )
        self.message = message
        self.field_errors: dict[str, list[str]] = {k: list(v) for k, v in (field_errors or {}).items()}


@dataclass
class UploadedDocument:
    """A document to attach: its name, content type and content (bytes or a Django upload)."""

    filename: str
    content: Any
    content_type: str = ""
    # The SHA-256 of ``content`` when the caller has just computed it from these very bytes (the
    # public form verifies each file against its upload's hash); otherwise it is computed here.
    sha256: str = ""
    # A file already stored under its hash (another entry's attachment, ``sha256`` and ``size`` its
    # own): attached by reference, neither read nor written again; ``content`` is then unused.
    stored: str = ""
    size: int = 0

    @classmethod
    def of(cls, attachment: Attachment) -> UploadedDocument:
        """Another entry's attachment, attached again by reference (its stored file written once)."""
        return cls(
            attachment.filename,
            None,
            attachment.content_type,
            attachment.sha256,
            stored=attachment.file.name,
            size=attachment.size,
        )


@dataclass
class ActInput:
    """What a clerk submits for one act."""

    event_type: str
    occurred_at: dt.datetime
    has_time: bool
    payload: dict[str, Any] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    attachments: Sequence[UploadedDocument] = ()
    ballots: Mapping[int, str] | None = None  # person id → yes|no|abstain|absent|recused
    supersedes: DocketEntry | None = None
    # A record of a predecessor body (``ventila import_records``): its votes were taken by other
    # members and are not on file, so no roll call is asked for; everything else is validated.
    imported: bool = False

    def entry(self, case: Case, seq: int, user: Any, recorded_at: dt.datetime) -> DocketEntry:
        """The docket entry this act makes, as the ``seq``-th of ``case`` (not saved yet)."""
        return DocketEntry(
            case=case,
            seq=seq,
            event_type=self.event_type,
            occurred_at=self.occurred_at,
            has_time=self.has_time,
            payload=self.payload,
            details=self.details,
            note=self.note,
            recorded_by=user,
            recorded_at=recorded_at,
            supersedes=self.supersedes,
        )


# Findings that, when an act would newly raise them, mean the act must be refused — with the form
# field to show the message beside. Other findings (a late request, a time-barred complaint) record
# what happened and are shown on the case page, but the act itself is a fact and is recorded.
REFUSING_FINDINGS: dict[str, str] = {
    "insufficient_hearing_notice": "hearing_date",
    "extension_over_maximum": "days",
    "fine_out_of_range": "fine_amount",
    "fine_amount_missing": "fine_amount",
    "sanction_not_allowed": "sanctions",
    "dismissal_without_grounds": "grounds",
    "report_misrouted": "to",
    "act_not_allowed": "",
}


# -- facts about a case ----------------------------------------------------------------------


def voting_members(case: Case, day: dt.date) -> list[Person]:
    """The members who sit on this case on ``day``: the body's members then in office, without
    those who are parties or recused, plus the substitutes appointed for the case."""
    excluded = set(case.exclusions.values_list("person_id", flat=True))
    members = [m.person for m in case.body.members_on(day) if m.person_id not in excluded]
    seen = {p.pk for p in members}
    for sub in case.substitutes.select_related("person"):
        if sub.person_id not in seen and sub.appointed_on <= day:
            members.append(sub.person)
            seen.add(sub.person_id)
    return members


def _moment(event: PlannedEvent) -> dt.date | dt.datetime:
    local = event.occurred_at.astimezone(PR_TZ)
    return local if event.has_time else local.date()


def _prior(events: Sequence[PlannedEvent], new: PlannedEvent) -> list[PlannedEvent]:
    """The events that had happened when ``new`` happened (same day, no hour: docket order)."""
    day = new.occurred_at.astimezone(PR_TZ).date()
    out = []
    for e in events:
        e_day = e.occurred_at.astimezone(PR_TZ).date()
        if e_day < day or (e_day == day and (not (e.has_time and new.has_time) or e.occurred_at <= new.occurred_at)):
            out.append(e)
    return out


def _titles(rulebook_id: str, kind_id: str) -> dict[str, str]:
    kind = rulebook_and_kind(rulebook_id, kind_id)[1]
    return {t: _(spec.title) for t, spec in kind.events.items()}


# -- validation of one act -----------------------------------------------------------------------


def check_act(
    case: Case | None,
    facts: CaseFacts,
    existing: Sequence[PlannedEvent],
    act: ActInput,
    now: dt.datetime,
    *,
    current: Evaluation | None = None,
) -> tuple[Evaluation, list[Person], VoteOutcome | None]:
    """Validate ``act`` against the rulebook; return the evaluation with it, the voters and the roll
    call's tally (``None`` when the act is not voted on).

    ``current``, when the caller has it, is the evaluation of ``existing`` as of ``now`` (what the
    previous accepted act's check returned): one evaluation fewer for a docket checked act by act.

    Raises :class:`ActRefused` with every problem found (payload, date, order, notice, votes).
    """
    rulebook, kind = rulebook_and_kind(facts.rulebook, facts.kind)
    planned = PlannedEvent(act.event_type, act.occurred_at, act.has_time, act.payload)
    errors: dict[str, list[str]] = {}
    if act.event_type not in kind.events:
        raise ActRefused(_("«%(act)s» no es un acto de este tipo de caso.") % {"act": act.event_type})
    try:
        planned = parsed(planned, facts)  # parsed once, for both evaluations below
    except InputError as exc:
        name = exc.field.rsplit(".", 1)[-1]
        errors.setdefault(name if name in kind.events[act.event_type].fields else "occurred_at", []).append(exc.message)
        raise ActRefused(_("Revise los datos del acto."), errors) from None
    if act.occurred_at > now:
        errors["occurred_at"] = [
            _("La fecha del acto no puede ser posterior al momento actual (%(now)s).")
            % {"now": format_date_es(now.date())}
        ]
        raise ActRefused(_("Revise los datos del acto."), errors)

    if (
        act.ballots
        and not act.imported
        and YES_VOTES_FIELD in kind.events[act.event_type].fields
        and vote_rule(facts.rulebook, act.event_type) is not None
    ):
        # The yes votes of a voted act are the roll call's (Sec. 11(C)): counted from the ballots, never typed.
        act.payload[YES_VOTES_FIELD] = sum(1 for v in act.ballots.values() if v == "yes")
        planned = PlannedEvent(act.event_type, act.occurred_at, act.has_time, act.payload)
    try:
        before = compute_evaluation(facts, _prior(existing, planned), _moment(planned))
        after = compute_evaluation(facts, [*existing, planned], now)
    except InputError as exc:  # a date the legal calendar does not know (before 2024, after 2035)
        name = exc.field.rsplit(".", 1)[-1]
        errors.setdefault(name if name in kind.events[act.event_type].fields else "occurred_at", []).append(exc.message)
        raise ActRefused(_("Revise los datos del acto."), errors) from None
    if act.event_type not in before.allowed_next:
        titles = _titles(facts.rulebook, facts.kind)  # only for the message (a gettext per act of the kind)
        allowed = ", ".join(f"«{titles.get(a, a)}»" for a in before.allowed_next) or _("ninguno")
        raise ActRefused(
            _(
                "El reglamento no permite «%(act)s» el %(day)s: en ese momento el caso estaba en la etapa "
                "«%(stage)s» y los actos permitidos eran: %(allowed)s."
            )
            % {
                "act": titles.get(act.event_type, act.event_type),
                "day": format_date_es(act.occurred_at.astimezone(PR_TZ).date()),
                "stage": stage_label(before.stage),
                "allowed": allowed,
            }
        )

    spec = kind.events[act.event_type]
    if spec.validate is not None:  # the rulebook's cross-field checks of this act (form hints)
        ctx = FormContext(
            facts.respondent_role,
            act.occurred_at.astimezone(PR_TZ).date(),
            facts.kind,
            tuple(e.event_type for e in _prior(existing, planned)),
            lambda: compute_calendar(facts),
        )
        for name, problem in spec.validate(planned.payload, ctx).items():
            errors.setdefault(name, []).append(rulebook_text(problem.text, problem.params))

    if current is None:
        current = compute_evaluation(facts, existing, now)
    known = {(f.id, f.message) for f in current.findings}
    general: list[str] = []
    for f in after.findings:
        if (f.id, f.message) in known or f.id not in REFUSING_FINDINGS:
            continue
        target = REFUSING_FINDINGS[f.id]
        if f.id == "extension_over_maximum" and "business_days" in act.payload:
            target = "business_days"
        message = finding_html(f)
        if target and target in kind.events[act.event_type].fields:
            if not errors.get(target):
                errors.setdefault(target, []).append(message)
        else:
            general.append(message)

    voters: list[Person] = []
    outcome: VoteOutcome | None = None
    rule_id = vote_rule(facts.rulebook, act.event_type)
    if rule_id is not None and case is not None and not act.imported:
        voters = voting_members(case, act.occurred_at.astimezone(PR_TZ).date())
        challenged: Person | None = None
        recusal = RULEBOOKS[facts.rulebook].docket.recusal
        if recusal.decided and act.event_type == recusal.decided:
            challenged, rule_id = _recusal_vote(recusal, existing, act, voters, errors)
            voters = [p for p in voters if challenged is None or p.pk != challenged.pk]
        if not errors.get("member"):
            outcome = _check_roll_call(case, facts, rule_id, voters, act, errors, general, challenged=challenged)

    if errors or general:
        raise ActRefused(joined_html(general) or _("Revise los datos del acto."), errors)
    return after, voters, outcome


def _recusal_vote(
    recusal: Recusal,
    existing: Sequence[PlannedEvent],
    act: ActInput,
    voters: Sequence[Person],
    errors: dict[str, list[str]],
) -> tuple[Person | None, str]:
    """Sec. 9 ¶3–4: the member whose recusal is decided does not vote on it; a recusal the member
    asked for is accepted by majority (CAM-09-05), one a party asked for is decreed by the
    Commission without that member (CAM-09-06).

    Interpretation: the member takes no part in either vote, so he leaves the base of both (A-32)."""
    member_id = _person_id(act.payload.get("member"))
    if member_id is None:
        errors.setdefault("member", []).append(_("Indique el miembro cuya inhibición se resuelve."))
        return None, recusal.rule
    request = None
    for e in existing:
        if e.event_type == recusal.requested and _person_id(e.payload.get("member")) == member_id:
            request = e
    if request is None:
        errors.setdefault("member", []).append(_("No consta una solicitud de inhibición de ese miembro."))
        return None, recusal.rule
    member = next((p for p in voters if p.pk == member_id), None) or Person.objects.filter(pk=member_id).first()
    rule_id = recusal.rule_by_party if request.payload.get("by") == "party" else recusal.rule
    return member, rule_id


def _check_roll_call(
    case: Case,
    facts: CaseFacts,
    rule_id: str,
    voters: Sequence[Person],
    act: ActInput,
    errors: dict[str, list[str]],
    general: list[str],
    challenged: Person | None = None,
) -> VoteOutcome | None:
    ballots = dict(act.ballots or {})
    if challenged is not None and challenged.pk in ballots:
        if ballots.pop(challenged.pk) in ("yes", "no", "abstain"):
            general.append(_("%(name)s no vota sobre su propia inhibición (Sec. 9 ¶4).") % {"name": challenged})
            return None
        act.ballots = ballots
    missing = [p for p in voters if p.pk not in ballots]
    for p in missing:
        errors.setdefault(f"vote_{p.pk}", []).append(_("Indique el voto de %(name)s.") % {"name": p})
    strangers = set(ballots) - {p.pk for p in voters}
    if strangers:
        general.append(_("La votación incluye personas que no son miembros con voto en este caso."))
    if missing or strangers:
        return None
    names = {p.pk: str(p) for p in voters}
    votes = {names[pk]: v for pk, v in ballots.items()}
    excluded: list[str] = []
    if challenged is not None:
        votes[str(challenged)] = "recused"
        excluded.append(str(challenged))
    try:
        outcome = tally(facts.rulebook, votes, seats=case.body.seats, motion_rule_id=rule_id, excluded=excluded)
    except VoteError as exc:
        general.append(str(exc))
        return None
    # A recusal (or an objection, Sec. 11(C)) may be decided either way: the roll call must say what is recorded.
    outcome_field = recorded_outcome(facts.rulebook, act.event_type)
    carried = bool(act.payload.get(outcome_field)) if outcome_field else True
    problem = outcome_error(carried, outcome)
    if problem:
        general.append(problem + " " + outcome.explanation_es)
    return outcome


# -- labels (shared with the web layer) ------------------------------------------------------------


def stage_label(stage: str) -> str:
    return str(STAGES.get(stage, stage))


def choice_label(value: Any) -> str:
    return str(CHOICES.get(value, value))


def _person_id(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
