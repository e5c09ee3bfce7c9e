"""Every change to a case is a ``do_*`` action here, in one database transaction.

Flow of one act: the rulebook says whether the act is allowed at the moment it happened and
validates its payload → the roll call, if the texts put the act to a vote, must carry it → one
transaction appends the docket entry (with its attachments and votes), re-evaluates the case and
brings the derived rows in line (stage, terms, findings, recusals, the case's ``next_due``), writing
only the ones that changed. Reads never recompute: they show those rows, and re-derive a case first
only when time reached the moment its evaluation said it could change (``rederive_at``) or its body's
configuration changed since (``config_version``): :func:`refresh_if_stale`, :func:`rederive`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Max, Q
from django.utils.translation import gettext as _

from ventila import clock, files
from ventila.audit import chain, state
from ventila.audit.registry import fields_of
from ventila.bodies.models import Body, Closure, ElectionDay, Membership, Person
from ventila.rules import PR_TZ, RULEBOOKS, InputError
from ventila.rules.calendar import format_date_es
from ventila.rules.engine import Evaluation, FormContext, parse_events
from ventila.rules.i18n import Msg
from ventila.rules.parts import Recusal
from ventila.rules.plain import for_users
from ventila.rules.terms import Deadline
from ventila.rules.votes import VoteError, VoteOutcome, member_may_record_own_vote, outcome_error, tally

from . import signals
from .evaluation import (
    CaseFacts,
    PlannedEvent,
    compute_calendar,
    compute_caption,
    compute_evaluation,
    live_events,
    rulebook_and_kind,
    rulebook_text,
)
from .labels import CHOICES, STAGES
from .models import (
    Attachment,
    Ballot,
    Case,
    CaseCounter,
    CaseDeadline,
    CaseExclusion,
    CaseFinding,
    CaseSubstitute,
    DocketEntry,
    MemberVote,
    Party,
    RollCall,
)
from .queries import body_config, case_facts, member_witnesses, moved_due_dates
from .rule_messages import encode_message, encode_messages, finding_html, joined_html, plain_html
from .voting import YES_VOTES_FIELD, recorded_outcome, vote_rule


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
    case: Case | None, facts: CaseFacts, existing: Sequence[PlannedEvent], act: ActInput, now: dt.datetime
) -> tuple[Evaluation, list[Person], VoteOutcome | None]:
    """Validate ``act`` against the rulebook; return the evaluation with it, the voters and the roll
    call's tally (``None`` when the act is not voted on).

    Raises :class:`ActRefused` with every problem found (payload, date, order, notice, votes).
    """
    rulebook, kind = rulebook_and_kind(facts.rulebook, facts.kind)
    planned = PlannedEvent(act.event_type, act.occurred_at, act.has_time, act.payload)
    errors: dict[str, list[str]] = {}
    if act.event_type not in kind.events:
        raise ActRefused(_("«%(act)s» no es un acto de este tipo de caso.") % {"act": act.event_type})
    try:
        parse_events([planned.to_json()], kind, rulebook)
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
    titles = _titles(facts.rulebook, facts.kind)
    title = titles.get(act.event_type, act.event_type)
    try:
        before = compute_evaluation(facts, _prior(existing, planned), _moment(planned))
        after = compute_evaluation(facts, [*existing, planned], now)
    except InputError as exc:  # a date the legal calendar does not know (before 2024, after 2035)
        name = exc.field.rsplit(".", 1)[-1]
        errors.setdefault(name if name in kind.events[act.event_type].fields else "occurred_at", []).append(exc.message)
        raise ActRefused(_("Revise los datos del acto."), errors) from None
    if act.event_type not in before.allowed_next:
        allowed = ", ".join(f"«{titles.get(a, a)}»" for a in before.allowed_next) or _("ninguno")
        raise ActRefused(
            _(
                "El reglamento no permite «%(act)s» el %(day)s: en ese momento el caso estaba en la etapa "
                "«%(stage)s» y los actos permitidos eran: %(allowed)s."
            )
            % {
                "act": title,
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
        recusal = RULEBOOKS[facts.rulebook].recusal
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


# -- writes ------------------------------------------------------------------------------------


def take_numbers(body: Body, year: int, series: str, count: int = 1) -> int:
    """Take the next ``count`` case numbers of ``body``'s ``series`` for ``year``; return the first. The
    counter row is locked until commit, so concurrent filings queue and numbers stay unique and gapless (a
    rollback returns them).

    Callers take them as the LAST step of their transaction (after everything else is written), so the
    lock is held only for the few statements left and the commit."""
    q = connection.ops.quote_name
    # One statement: the UPDATE takes the row lock and says the new value (RETURNING, on SQLite and
    # PostgreSQL alike). Only the model's table and column names go into the text; values are parameters.
    sql = (
        f"UPDATE {q(CaseCounter._meta.db_table)} SET {q('last')} = {q('last')} + %s "  # nosec B608
        f"WHERE {q('body_id')} = %s AND {q('year')} = %s AND {q('series')} = %s RETURNING {q('last')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [count, body.pk, year, series])
        row = cursor.fetchone()
        if row is None:  # the series' first case of the year
            CaseCounter.objects.get_or_create(body=body, year=year, series=series)
            cursor.execute(sql, [count, body.pk, year, series])
            row = cursor.fetchone()
    return int(row[0]) - count + 1


def case_number(body: Body, year: int, series: str, sequence: int) -> str:
    """«CE-2027-0001» in the body's main series, «CE-OC-2027-0001» in another."""
    return "-".join(p for p in (body.case_prefix, series, str(year), f"{sequence:04d}") if p)


def _next_number(body: Body, year: int, series: str) -> tuple[int, str]:
    last = take_numbers(body, year, series)
    return last, case_number(body, year, series, last)


def provisional_number() -> str:
    """A case's number until the real one is taken, at the end of the transaction that opens it
    (never committed: the same transaction replaces it)."""
    return "~" + uuid.uuid4().hex[:29]  # 116 random bits, within the column's 30 characters


def do_file_case(
    *,
    user: Any,
    body: Body,
    kind: str,
    respondent: Person | None,
    respondent_role: str,
    respondent_office: str = "",
    respondent_candidate: bool = False,
    complainant: Mapping[str, str] | None = None,
    act: ActInput,
    now: dt.datetime | None = None,
    before_number: Callable[[Case], None] | None = None,
    calendar: tuple[tuple[dt.date, ...], tuple[tuple[str, dt.date], ...]] | None = None,
    reason: str = "Presentación de la querella",
    caption: str = "",
) -> Case:
    """Open a case with its first docket entry (the complaint or referral as received; ``reason``: why,
    for the audit chain's versions, e.g. the register's import that opens a financial-report case).

    A kind whose cases concern nobody in the register (a regulation of the Commission, Sec. 27) is
    opened with ``respondent=None`` and an empty ``respondent_role``: the case has no respondent party,
    and ``caption`` (or the kind's own caption) names it.

    Everything is written first under a provisional number; the two rows every filing shares — the
    body's case counter and the audit chain's head — are taken last, so concurrent filings queue
    only for those few statements and the commit. ``before_number`` (optional) writes what else
    belongs to the new case in the same transaction, before the number is taken; ``calendar`` (the
    body's closure days and the election days) saves reading them again when the caller just did."""
    now = now or clock.now()
    rulebook, kind_spec = rulebook_and_kind(body.rulebook, kind)
    # The body's configuration as it stands (the caller's copy may predate a change): the version the
    # new case is derived with, and its calendar (read once per process and version).
    body.refresh_from_db(fields=["config_version", "config_token"])
    config = body_config(body)
    closures, elections = calendar if calendar is not None else (config.closures, config.elections)
    facts = CaseFacts(body.rulebook, kind, respondent_role, respondent_candidate, closures, elections)
    evaluation, _voters, _outcome = check_act(None, facts, [], act, now)
    # The new case's and parties' versions for the audit chain are written when the block ends, from
    # the rows as numbered (the chain's head is taken last, with the counter).
    with transaction.atomic(savepoint=False), state.acting(user, reason), state.deferred():
        year = act.occurred_at.astimezone(PR_TZ).year
        case = Case.objects.create(
            body=body,
            kind=kind,
            number=provisional_number(),
            year=year,
            series=rulebook.series_of(kind),
            sequence=None,
            caption=(caption or compute_caption(kind_spec, str(respondent or ""), respondent_office))[:300],
            respondent_role=respondent_role,
            respondent_candidate=respondent_candidate,
        )
        parties = []
        if respondent is not None:
            parties.append(
                Party(
                    case=case,
                    role=Party.Role.RESPONDENT,
                    person=respondent,
                    name=str(respondent),
                    office=respondent_office,
                    email=respondent.email,
                )
            )
        if complainant:
            parties.append(
                Party(
                    case=case,
                    role=Party.Role.COMPLAINANT,
                    name=complainant.get("name", ""),
                    postal_address=complainant.get("postal_address", ""),
                    email=complainant.get("email", ""),
                    phone=complainant.get("phone", ""),
                )
            )
        if parties:
            Party.objects.bulk_create(parties)
            # bulk_create sends no signal; where the database gives the new ids back, no need to read them.
            state.touch(parties if all(p.pk is not None for p in parties) else case.parties.all())
        attachments: list[Attachment] = []
        entry = _write_entry(case, user, act, [], now, first=True, written=attachments)
        _store(
            case,
            evaluation,
            now,
            entries=[entry],
            parties=[p.person_id for p in parties if p.person_id],
            save=False,
            new=True,
        )
        if before_number is not None:
            before_number(case)
        # Digested from the rows as just inserted (a first entry has no roll call), not read back.
        link = chain.prepare_from(
            "docket_entry", entry, {"attachments": attachments, "roll_call": None, "ballots": None}
        )
        # The serialised part: number (counter row locked until commit), case row, chain link (head
        # row locked until commit).
        case.sequence, case.number = _next_number(body, year, case.series)
        case.save(update_fields=["number", "sequence", *_DERIVED])
        # The entry's link, with the versions of the case and parties (and of what the caller writes
        # in its own deferred block): one lock and one move of the chain's head for all of them.
        state.append_last(link)
    return case


def _counted(entries: Sequence[DocketEntry], act: ActInput) -> list[DocketEntry]:
    """The entries the act is checked against: all of them, or, for a correction, all but the entry it
    corrects (which must be of this case, not corrected yet, and of the same act)."""
    if act.supersedes is None:
        return list(entries)
    target = next((e for e in entries if e.pk == act.supersedes.pk), None)
    if target is None:
        raise ActRefused(_("La anotación que se corrige no es de este expediente."))
    if any(e.supersedes_id == target.pk for e in entries):
        raise ActRefused(_("Esa anotación ya fue corregida; corrija la anotación que la corrigió."))
    if target.event_type != act.event_type:
        raise ActRefused(_("Una corrección debe ser del mismo tipo de acto que la anotación corregida."))
    return [e for e in entries if e.pk != target.pk]


def do_record_act(*, user: Any, case: Case, act: ActInput, now: dt.datetime | None = None) -> DocketEntry:
    """Append one act to the docket (or a correction of an earlier entry) and refresh the case."""
    now = now or clock.now()
    with transaction.atomic():
        case = Case.objects.select_for_update(of=("self",)).select_related("body").get(pk=case.pk)
        entries = list(case.entries.all())
        existing = live_events(_counted(entries, act))
        facts = case_facts(case)
        evaluation, voters, outcome = check_act(case, facts, existing, act, now)
        entry = _write_entry(case, user, act, voters, now, entries, outcome=outcome)
        _store(case, evaluation, now, entries=[*entries, entry])
    return entry


# -- what an act would change (a dry run) -----------------------------------------------------------


@dataclass(frozen=True)
class TermChange:
    """One term an act would open, meet, move or end, as the engine computes it on the would-be docket."""

    deadline_id: str
    rule_id: str
    citation: str
    due: dt.date | dt.datetime
    fatal: bool = False
    was_due: dt.date | dt.datetime | None = None  # a moved term's due date before the act
    # a term the act meets after its due date: what the rulebook says that means (``Rulebook.late_acts``)
    consequence: str = ""
    consequence_rule: str = ""
    consequence_citation: str = ""
    summary: str = ""  # the term's rule, in brief

    @property
    def due_day(self) -> dt.date:
        return self.due.date() if isinstance(self.due, dt.datetime) else self.due


@dataclass(frozen=True)
class ActPreview:
    """What recording an act would change, computed without writing (:func:`preview_act`)."""

    opened: list[TermChange]
    met: list[TermChange]
    late: list[TermChange]
    moved: list[TermChange]
    ended: list[TermChange]
    stage_before: str
    stage_after: str
    findings: list[tuple[str, str, Msg]]  # (rule id, citation, message) the act newly raises

    @property
    def changes_anything(self) -> bool:
        return bool(self.opened or self.met or self.late or self.moved or self.ended) or (
            self.stage_before != self.stage_after
        )


def _pending(d: Deadline) -> bool:
    return d.satisfied_at is None and d.status in ("open", "missed", "suspended")


def _term_keys(deadlines: Sequence[Deadline]) -> list[tuple[str, int]]:
    """Each term as the same term before and after a change: its id and which of that id it is (the
    first hearing's notice, the second's…), so that a term whose start moves is the same term, moved."""
    seen: dict[str, int] = {}
    keys = []
    for d in deadlines:
        seen[d.id] = seen.get(d.id, -1) + 1
        keys.append((d.id, seen[d.id]))
    return keys


def compute_act_effect(rulebook_id: str, before: Evaluation, after: Evaluation, event_type: str) -> ActPreview:
    """Compare the evaluations without and with an act: the terms it opens, meets (in time or late),
    moves and ends, the stage it leads to and the findings it newly raises. Pure."""
    rulebook = rulebook_and_kind(rulebook_id, after.kind)[0]
    earlier = dict(zip(_term_keys(before.deadlines), before.deadlines, strict=True))
    opened: list[TermChange] = []
    met: list[TermChange] = []
    late: list[TermChange] = []
    moved: list[TermChange] = []

    def change(d: Deadline, **extra: Any) -> TermChange:
        return TermChange(d.id, d.rule.id, d.rule.citation, d.due, d.fatal, summary=d.rule.summary, **extra)

    for key, d in zip(_term_keys(after.deadlines), after.deadlines, strict=True):
        old = earlier.pop(key, None)
        if _pending(d):
            if old is None or not _pending(old):
                opened.append(change(d))
            elif old.due != d.due:
                moved.append(change(d, was_due=old.due))
        elif old is not None and _pending(old) and d.satisfied_by is not None:
            if d.status == "missed" and d.satisfied_by == event_type:
                why = rulebook.late_acts.get(d.id)
                cited = rulebook.rules.get(why.rule_id) if why is not None else None
                late.append(
                    change(
                        d,
                        consequence=why.text if why is not None else "",
                        consequence_rule=why.rule_id if why is not None else "",
                        consequence_citation=cited.citation if cited is not None else "",
                    )
                )
            else:
                met.append(change(d))
    ended = [change(d) for d in earlier.values() if _pending(d)]
    known = {(f.id, f.message) for f in before.findings}
    findings = [(f.rule.id, f.rule.citation, f.msg) for f in after.findings if (f.id, f.message) not in known]
    return ActPreview(opened, met, late, moved, ended, before.stage, after.stage, findings)


def preview_act(*, case: Case, act: ActInput, now: dt.datetime | None = None) -> ActPreview:
    """What :func:`do_record_act` would change, computed by the same checks on the would-be docket
    without writing anything (the check-your-answers step). Raises :class:`ActRefused` as it would."""
    now = now or clock.now()
    entries = list(case.entries.all())
    existing = live_events(_counted(entries, act))
    facts = case_facts(case)
    after, _voters, _outcome = check_act(case, facts, existing, act, now)
    before = compute_evaluation(facts, live_events(entries), now)
    return compute_act_effect(facts.rulebook, before, after, act.event_type)


def preview_filing(
    *, body: Body, kind: str, respondent_role: str, act: ActInput, now: dt.datetime | None = None
) -> ActPreview:
    """What :func:`do_file_case` would open, by the same checks, writing nothing (the check step before a
    request is accepted: an advisory opinion's CAM-19 findings). Raises :class:`ActRefused` as it would."""
    now = now or clock.now()
    config = body_config(body)
    facts = CaseFacts(body.rulebook, kind, respondent_role, False, config.closures, config.elections)
    after, _voters, _outcome = check_act(None, facts, [], act, now)
    before = compute_evaluation(facts, [], now)
    return compute_act_effect(facts.rulebook, before, after, act.event_type)


def do_record_entry(
    *,
    user: Any,
    case: Case,
    event_type: str,
    occurred_at: dt.datetime,
    has_time: bool,
    payload: Mapping[str, Any],
    note: str = "",
    now: dt.datetime | None = None,
) -> DocketEntry:
    """Append a record-only entry (``document_issued``, ``service_attempted``) to the docket.

    Its payload is validated by the rulebook like any act's, and it is chained in the audit record
    in the caller's transaction; being no act of the proceeding, it needs no permission of the
    rulebook's order and changes nothing the evaluation derives, so the case is not re-evaluated.
    """
    now = now or clock.now()
    rulebook, kind = rulebook_and_kind(case.body.rulebook, case.kind)
    spec = kind.events.get(event_type)
    if spec is None or not spec.record_only:
        raise ActRefused(_("«%(act)s» no es una anotación de constancia.") % {"act": event_type})
    planned = PlannedEvent(event_type, occurred_at, has_time, dict(payload))
    try:
        parse_events([planned.to_json()], kind, rulebook)
    except InputError as exc:
        raise ActRefused(
            _("Revise los datos de la anotación."), {exc.field.rsplit(".", 1)[-1]: [exc.message]}
        ) from None
    with transaction.atomic():
        # The case row is locked like for any act, so that docket numbers stay unique and gapless.
        locked = Case.objects.select_for_update(of=("self",)).get(pk=case.pk)
        return _write_entry(
            locked, user, ActInput(event_type, occurred_at, has_time, dict(payload), note=note), [], now
        )


def _write_entry(
    case: Case,
    user: Any,
    act: ActInput,
    voters: Sequence[Person],
    now: dt.datetime,
    entries: Sequence[DocketEntry] = (),
    *,
    first: bool = False,
    outcome: VoteOutcome | None = None,
    written: list[Attachment] | None = None,
) -> DocketEntry:
    """Write the entry with its attachments and roll call (``outcome``, from :func:`check_act`); chain it
    unless it is a new case's ``first`` entry (:func:`do_file_case` chains that one last); ``written``
    (optional) receives the attachments as inserted."""
    seq = (
        1
        if first
        else (max((e.seq for e in entries), default=0) or (case.entries.aggregate(m=Max("seq"))["m"] or 0)) + 1
    )
    entry = DocketEntry.objects.create(
        case=case,
        seq=seq,
        event_type=act.event_type,
        occurred_at=act.occurred_at,
        has_time=act.has_time,
        payload=act.payload,
        details=act.details,
        note=act.note,
        recorded_by=user,
        recorded_at=now,
        supersedes=act.supersedes,
    )
    for doc in act.attachments:
        if doc.stored:
            att = Attachment(
                entry=entry,
                filename=doc.filename[:255],
                sha256=doc.sha256,
                size=doc.size,
                content_type=doc.content_type,
            )
            att.file.name = doc.stored
            att.save()
            if written is not None:
                written.append(att)
            continue
        data = doc.content.read() if hasattr(doc.content, "read") else bytes(doc.content)
        digest = doc.sha256 or hashlib.sha256(data).hexdigest()
        att = Attachment(
            entry=entry, filename=doc.filename[:255], sha256=digest, size=len(data), content_type=doc.content_type[:120]
        )
        files.store(att.file, doc.filename, data)
        att.save()
        if written is not None:
            written.append(att)
    if outcome is not None and act.ballots:
        rc = roll_call_row(entry, case.body.rulebook, case.kind, act, outcome)
        rc.save()
        Ballot.objects.bulk_create([Ballot(roll_call=rc, person=p, vote=act.ballots[p.pk]) for p in voters])
    if not first:
        chain.append("docket_entry", entry)  # the tamper-evident record, in this same transaction
    return entry


def roll_call_row(entry: DocketEntry, rulebook_id: str, kind_id: str, act: ActInput, outcome: Any) -> RollCall:
    """The roll call of a voted act (not yet saved): the motion in words and the count the rulebook
    found (``outcome``); shared by :func:`_write_entry` and the bulk writer of ``ventila generate``."""
    title = _titles(rulebook_id, kind_id).get(act.event_type, act.event_type)
    result = act.payload.get("outcome")
    return RollCall(
        entry=entry,
        motion=f"{title}: {choice_label(result)}" if result else title,
        rule_id=outcome.rule_id,
        citation=outcome.citation,
        required=outcome.required,
        yes=outcome.yes,
        no=outcome.no,
        abstain=outcome.abstain,
        absent=outcome.absent,
        recused=outcome.recused,
        carried=outcome.carried,
        explanation=outcome.explanation_es,
    )


def do_refresh_case(case: Case, *, now: dt.datetime | None = None) -> Evaluation:
    """Re-evaluate a case from its docket and rewrite the derived rows that changed (terms, findings,
    exclusions, substitutes, stage, next due); the rows that did not change are not written."""
    now = now or clock.now()
    with transaction.atomic():
        case = Case.objects.select_for_update(of=("self",)).select_related("body").get(pk=case.pk)
        entries = list(case.entries.all())
        evaluation = compute_evaluation(case_facts(case), live_events(entries), now)
        _store(case, evaluation, now, entries=entries)
    return evaluation


def is_stale(case: Case, now: dt.datetime) -> bool:
    """Whether the case's derived rows may no longer be what the docket decides: time has reached the
    moment its evaluation said it could change, or its body's configuration changed since. Reads the
    case and its body (``select_related``): no query."""
    return case.config_version != case.body.config_version or (case.rederive_at is not None and case.rederive_at <= now)


def refresh_if_stale(case: Case, now: dt.datetime | None = None) -> Case:
    """Re-derive the case only when :func:`is_stale`: a read of a current case writes nothing."""
    now = now or clock.now()
    if is_stale(case, now):
        do_refresh_case(case, now=now)
        case.refresh_from_db()
        case.body.refresh_from_db(fields=["config_version", "config_token"])  # not stale again in this request
    return case


def stale_cases(
    now: dt.datetime, *, bodies: Sequence[Body] | None = None, open_only: bool = True, by_time: bool = True
) -> Any:
    """The cases to re-derive: time reached their ``rederive_at`` (the index; unless not ``by_time``)
    or their body's configuration is newer than the one they were derived with."""
    behind = ~Q(config_version=F("body__config_version"))
    qs = Case.objects.filter(Q(rederive_at__lte=now) | behind if by_time else behind)
    if open_only:
        qs = qs.filter(status=Case.Status.OPEN)
    if bodies is not None:
        qs = qs.filter(body__in=list(bodies))
    return qs


@dataclass
class RederiveResult:
    done: int = 0  # cases re-derived
    skipped: int = 0  # already current when their batch ran, or locked by an act (re-derived by it)
    batches: int = 0
    remaining: int = 0  # cases not attempted when the budget ran out (0 when it finished)


def rederive(
    cases: Any,
    *,
    now: dt.datetime | None = None,
    batch: int = 100,
    budget: float | None = None,
    force: bool = False,
    max_batches: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> RederiveResult:
    """Re-derive ``cases`` (a queryset) in batches of ``batch``, each its own short transaction.

    Idempotent (a case already current when its batch runs is skipped, unless ``force``) and
    resumable: what is left is what is still stale. Each batch locks its case rows in id order —
    skipping those an act holds, which re-derives them itself — then reads the batch's entries,
    parties, derived rows and the bodies' calendars and members in one query each, and writes only
    what changed. ``budget`` (seconds) stops after the batch that exceeds it; ``progress`` is
    called with the number of cases of each batch."""
    now = now or clock.now()
    ids = list(cases.order_by("id").values_list("id", flat=True).distinct())
    result = RederiveResult()
    started = time.monotonic()
    for i in range(0, len(ids), batch):
        if (budget is not None and time.monotonic() - started >= budget) or (
            max_batches is not None and result.batches >= max_batches
        ):
            result.remaining = len(ids) - i  # not attempted: still stale, for the next run
            break
        chunk = ids[i : i + batch]
        done = _rederive_batch(chunk, now, force=force)
        result.done += done
        result.skipped += len(chunk) - done
        result.batches += 1
        if progress is not None:
            progress(len(chunk))
    return result


def _rederive_batch(ids: Sequence[int], now: dt.datetime, *, force: bool) -> int:
    with transaction.atomic(), state.deferred():
        locked = Case.objects.select_for_update(of=("self",), skip_locked=True).select_related("body")
        cases = [c for c in locked.filter(pk__in=ids).order_by("id") if force or is_stale(c, now)]
        if not cases:
            return 0
        case_ids = [c.pk for c in cases]
        entries = _group(DocketEntry.objects.filter(case_id__in=case_ids).order_by("case_id", "seq"))
        parties: dict[int, list[int]] = {}
        for case_id, person_id in Party.objects.filter(case_id__in=case_ids, person__isnull=False).values_list(
            "case_id", "person_id"
        ):
            parties.setdefault(case_id, []).append(person_id)
        derived = []
        for case in cases:
            facts = case_facts(case)  # the body's calendar and members: read once per process and version
            own = entries.get(case.pk, [])
            try:
                evaluation = compute_evaluation(facts, live_events(own), now)
            except InputError:  # a date the legal calendar does not know: its rows stay as they are
                continue
            derived.append(_Rows.build(case, evaluation, own, parties.get(case.pk, []), now, facts))
        # The stored rows are read only for the cases whose digest changed: one query per table.
        existing = _Existing.read(derived, force=force)
        changed: dict[str, list[Case]] = {}
        for rows in derived:
            for name in rows.write(existing, save=False):
                changed.setdefault(name, []).append(rows.case)
        # The cases' changed fields in one statement per field (no per-case UPDATE); bulk_update sends
        # no signal, so the cases whose audited columns changed get their version here (state.touch).
        for name, objs in changed.items():
            Case.objects.bulk_update(objs, [name])
        kept = set(fields_of("cases.Case", Case))  # the columns the audit chain keeps (CasesConfig.CASE_STATE)
        audited = {c.pk: c for name, objs in changed.items() if name in kept for c in objs}
        state.touch(audited.values())
    return len(derived)


def _group(rows: Any) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = {}
    for row in rows:
        out.setdefault(row.case_id, []).append(row)
    return out


# The four tables of derived rows, in the order of their digests in ``Case.derived_digest``.
_TABLES = ("deadlines", "findings", "exclusions", "substitutes")
_PART = 16  # hex characters of each table's digest


def _differs(rows: _Rows, force: bool) -> set[str]:
    """The tables whose digest differs from the stored one (all of them when ``force``)."""
    old, new = rows.case.derived_digest, rows.digest
    return {
        t
        for i, t in enumerate(_TABLES)
        if force or old[i * _PART : (i + 1) * _PART] != new[i * _PART : (i + 1) * _PART]
    }


@dataclass
class _Existing:
    """The stored derived rows of some cases, by table and case id: read for all the cases at once, and
    only for the tables whose digest changed (a table not read is not written)."""

    read_for: dict[str, set[int]]
    rows: dict[str, dict[int, list[Any]]]

    @classmethod
    def read(cls, need: Sequence[_Rows], *, force: bool = False) -> _Existing:
        read_for: dict[str, set[int]] = {t: set() for t in _TABLES}
        for r in need:
            for t in _differs(r, force):
                read_for[t].add(r.case.pk)
        queries = {
            "deadlines": lambda ids: CaseDeadline.objects.filter(case_id__in=ids).order_by("case_id", "position"),
            "findings": lambda ids: CaseFinding.objects.filter(case_id__in=ids).order_by("case_id", "id"),
            "exclusions": lambda ids: CaseExclusion.objects.filter(case_id__in=ids),
            "substitutes": lambda ids: CaseSubstitute.objects.filter(case_id__in=ids),
        }
        rows = {t: _group(queries[t](sorted(ids))) if ids else {} for t, ids in read_for.items()}
        return cls(read_for, rows)

    @classmethod
    def nothing_stored(cls, case: Case) -> _Existing:
        """A new case: every table to write, nothing stored."""
        return cls({t: {case.pk} for t in _TABLES}, {t: {} for t in _TABLES})

    def stored(self, table: str, case_id: int) -> list[Any] | None:
        """The case's stored rows of ``table``, or None when the table is not to be written."""
        return self.rows[table].get(case_id, []) if case_id in self.read_for[table] else None


_DERIVED = [
    "stage",
    "procedure",
    "allowed_next",
    "status",
    "next_due",
    "next_due_deadline",
    "report_referred",
    "rederive_at",
    "config_version",
    "derived_digest",
]

# The columns compared with the stored rows: a refresh writes a row only when one of them differs.
_DEADLINE_COLUMNS = (
    "deadline_id",
    "rule_id",
    "citation",
    "quote",
    "summary",
    "term",
    "trigger",
    "due",
    "due_at",
    "status",
    "satisfied_by",
    "satisfied_on",
    "fatal",
    "trace",
    "moved_from",
    "moved_reason",
)
_FINDING_COLUMNS = ("finding_id", "rule_id", "citation", "message")
_EXCLUSION_COLUMNS = ("person_id", "reason")
_SUBSTITUTE_COLUMNS = ("person_id", "replaces_id", "appointed_on")


def _rederive_at(evaluation: Evaluation) -> dt.datetime | None:
    """:attr:`Evaluation.changes_on` as an instant in Puerto Rico (a day starts at midnight)."""
    changes = evaluation.changes_on
    if changes is None:
        return None
    if isinstance(changes, dt.datetime):
        return changes.replace(tzinfo=PR_TZ) if changes.tzinfo is None else changes
    return dt.datetime.combine(changes, dt.time(), PR_TZ)


def _trace_key(d: Deadline) -> tuple[Any, ...]:
    """What a term's trace is written from, but the calendar (the body's configuration, in the digest
    once): its rule, the computation's inputs and the rulebook's notes. Cheaper than the trace."""
    inputs = d.inputs[1:] if d.inputs is not None else ()
    return (d.rule.id, d.rule.citation, d.rule.quote, *inputs, *d.notes)


def _digest(*tables: list[tuple[Any, ...]], calendar: str) -> str:
    """Four short digests (one per table, in ``_TABLES`` order) of the rows' compared values; the terms'
    one also covers the calendar their traces count on."""
    out = []
    for i, rows in enumerate(tables):
        h = hashlib.blake2b(calendar.encode() if i == 0 else b"", digest_size=_PART // 2)
        for row in rows:
            h.update(repr(tuple(_plain(v) for v in row)).encode())
        out.append(h.hexdigest())
    return "".join(out)


def _plain(value: Any) -> Any:
    """A value as the digest sees it: instants in UTC, choices as their plain strings."""
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).isoformat() if value.tzinfo is not None else value.isoformat()
    if isinstance(value, str):
        return str(value)
    return value


@dataclass
class _Rows:
    """What the docket decides for one case, as the rows and fields to store, and their digest."""

    case: Case
    deadlines: list[CaseDeadline]
    findings: list[CaseFinding]
    exclusions: list[CaseExclusion]
    substitutes: list[CaseSubstitute]
    fields: dict[str, Any]
    traces: list[Deadline]

    @property
    def digest(self) -> str:
        return str(self.fields["derived_digest"])

    @classmethod
    def build(
        cls,
        case: Case,
        evaluation: Evaluation,
        entries: Sequence[DocketEntry],
        parties: Sequence[int],
        now: dt.datetime,
        facts: CaseFacts,
    ) -> _Rows:
        live = {e.pk for e in entries} - {e.supersedes_id for e in entries if e.supersedes_id}
        deadlines = []
        traces: list[Deadline] = []  # the trace of each term, written out only when its row is written
        next_due: tuple[dt.date, str] | None = None
        for i, d in enumerate(evaluation.deadlines):
            due_at = d.due if isinstance(d.due, dt.datetime) else None
            if due_at is not None and due_at.tzinfo is None:  # the engine's instants are Puerto Rico's
                due_at = due_at.replace(tzinfo=PR_TZ)
            sat = d.satisfied_at
            sat_day = sat.astimezone(PR_TZ).date() if isinstance(sat, dt.datetime) else sat
            deadlines.append(
                CaseDeadline(
                    case=case,
                    position=i,
                    deadline_id=d.id,
                    rule_id=d.rule.id,
                    citation=d.rule.citation,
                    quote=d.rule.quote,
                    summary=for_users(d.rule.summary),
                    term=d.term.es(),
                    trigger=d.trigger,
                    due=d.due_date,
                    due_at=due_at,
                    status=d.status,
                    satisfied_by=d.satisfied_by or "",
                    satisfied_on=sat_day,
                    fatal=d.fatal,
                )
            )
            traces.append(d)
            if sat is None and d.status in ("open", "missed") and (next_due is None or d.due_date < next_due[0]):
                next_due = (d.due_date, d.id)
        moved = moved_due_dates(case, evaluation, entries, live, now, facts=facts)
        for row, (moved_from, reason) in zip(deadlines, moved, strict=True):
            row.moved_from, row.moved_reason = moved_from, reason
        findings = [
            CaseFinding(
                case=case,
                finding_id=f.id,
                rule_id=f.rule.id,
                citation=f.rule.citation,
                message=encode_message(f.msg),
            )
            for f in evaluation.findings
        ]
        # Who may not sit on the case: parties (Sec. 8) and members whose recusal was granted (Sec. 9).
        recusal, referred = RULEBOOKS[case.body.rulebook].recusal, RULEBOOKS[case.body.rulebook].final_report.referred
        excluded: dict[int, str] = {}
        members = body_config(case.body).members
        for person_id in parties:  # the people of the register who are parties to the case
            if person_id in members:
                excluded[person_id] = CaseExclusion.Reason.PARTY
        for e in entries:
            if e.pk not in live:
                continue
            if e.event_type == recusal.decided and e.payload.get("granted") and _person_id(e.payload.get("member")):
                excluded.setdefault(_person_id(e.payload.get("member")), CaseExclusion.Reason.RECUSED)  # type: ignore[arg-type]
        # Sec. 8: a member cited as a witness in the case is replaced for it, like a member who is a party.
        for pk in member_witnesses(case, [e for e in entries if e.pk in live]):
            excluded.setdefault(pk, CaseExclusion.Reason.WITNESS)
        exclusions = [CaseExclusion(case=case, person_id=pk, reason=r) for pk, r in excluded.items()]
        substitutes = [
            CaseSubstitute(
                case=case,
                person_id=_person_id(e.payload["substitute"]),
                replaces_id=_person_id(e.payload.get("member")),
                appointed_on=e.occurred_day,
            )
            for e in entries
            if e.pk in live and e.event_type == recusal.substitute_appointed and _person_id(e.payload.get("substitute"))
        ]
        closed_stages = rulebook_and_kind(case.body.rulebook, case.kind)[1].closed_stages
        status = Case.Status.CLOSED if evaluation.stage in closed_stages else Case.Status.OPEN
        fields = {
            "stage": evaluation.stage,
            "procedure": evaluation.procedure,
            "allowed_next": list(evaluation.allowed_next),
            "status": status,
            "next_due": next_due[0] if next_due and status == Case.Status.OPEN else None,
            "next_due_deadline": next_due[1] if next_due and status == Case.Status.OPEN else "",
            "report_referred": any(e.pk in live and e.event_type == referred for e in entries),
            "rederive_at": _rederive_at(evaluation),
            "config_version": case.body.config_version,
            "derived_digest": _digest(
                [
                    (*(getattr(row, c) for c in _DEADLINE_COLUMNS if c != "trace"), _trace_key(d))
                    for row, d in zip(deadlines, traces, strict=True)
                ],
                [tuple(getattr(f, c) for c in _FINDING_COLUMNS) for f in findings],
                [tuple(getattr(x, c) for c in _EXCLUSION_COLUMNS) for x in exclusions],
                [tuple(getattr(x, c) for c in _SUBSTITUTE_COLUMNS) for x in substitutes],
                calendar=body_config(case.body).calendar_key,
            ),
        }
        return cls(case, deadlines, findings, exclusions, substitutes, fields, traces)

    def write(self, existing: _Existing, *, save: bool = True) -> list[str]:
        """Write what differs from the stored rows: in each table whose digest changed (the ones
        ``existing`` read), each row that changed; then the case's derived fields that changed.
        Returns the names of those fields."""
        case = self.case
        stored = existing.stored("deadlines", case.pk)
        days: set[dt.date] = set()
        if stored is not None:
            for row, d in zip(self.deadlines, self.traces, strict=True):
                row.trace = encode_messages(d.trace_msgs())
            days = _sync_deadlines(stored, self.deadlines)
        for table, new, columns in (
            ("findings", self.findings, _FINDING_COLUMNS),
            ("exclusions", self.exclusions, _EXCLUSION_COLUMNS),
            ("substitutes", self.substitutes, _SUBSTITUTE_COLUMNS),
        ):
            stored = existing.stored(table, case.pk)
            if stored is not None:
                _sync(stored, new, columns)
        changed = [name for name, value in self.fields.items() if getattr(case, name) != value]
        stage_before = case.stage
        for name in changed:
            setattr(case, name, self.fields[name])
        if save and changed:
            case.save(update_fields=changed)
        signals.derived.send(sender=Case, case=case, stage_before=stage_before, term_days=days)
        return changed


def _store(
    case: Case,
    evaluation: Evaluation,
    now: dt.datetime,
    *,
    entries: Sequence[DocketEntry] | None = None,
    parties: Sequence[int] | None = None,
    save: bool = True,
    new: bool = False,
) -> None:
    """Bring the case's derived rows in line with ``evaluation``, writing only what changed: when the
    digest of the new rows is the stored one nothing of the four tables is read or written; else a
    term, finding, exclusion or substitute row is updated, inserted or deleted only when it differs,
    and the case row is saved only when a derived field changed. A new case (:func:`do_file_case`,
    ``new``) has nothing stored yet and saves the case itself."""
    entries = list(case.entries.all()) if entries is None else list(entries)
    if parties is None:
        parties = list(case.parties.filter(person__isnull=False).values_list("person_id", flat=True))
    rows = _Rows.build(case, evaluation, entries, parties, now, case_facts(case))
    if new:
        existing = _Existing.nothing_stored(case)
    else:
        existing = _Existing.read([rows])
    rows.write(existing, save=save)


_COUNTED = ("met", "missed")  # the terms' statuses the statistics count (ventila.stats.queries)


def _sync_deadlines(stored: list[CaseDeadline], rows: list[CaseDeadline]) -> set[dt.date]:
    """Terms by position: update the rows whose columns changed, insert the new, delete the gone.
    Returns the last days of the counted terms (met or missed, before or after) whose row changed: the
    days whose statistics the write may change."""
    by_position = {r.position: r for r in stored}
    create = []
    days: set[dt.date] = set()

    def touched(*rows: CaseDeadline) -> None:
        days.update(r.due for r in rows if r.status in _COUNTED and r.due is not None)

    for row in rows:
        old = by_position.pop(row.position, None)
        if old is None:
            create.append(row)
            touched(row)
            continue
        changed = [c for c in _DEADLINE_COLUMNS if getattr(old, c) != getattr(row, c)]
        if changed:
            row.pk = old.pk
            row.save(update_fields=changed)
            touched(old, row)
    if by_position:
        touched(*by_position.values())
        CaseDeadline.objects.filter(pk__in=[r.pk for r in by_position.values()]).delete()
    if create:
        CaseDeadline.objects.bulk_create(create)
    return days


def _sync(stored: list[Any], rows: list[Any], columns: tuple[str, ...]) -> None:
    """Rows without an identity of their own (findings, exclusions, substitutes): keep the stored rows
    that equal a new one, delete the others, insert what is missing."""
    model = type(rows[0]) if rows else type(stored[0]) if stored else None
    if model is None:
        return
    pending: dict[tuple[Any, ...], int] = {}
    for row in rows:
        key = tuple(getattr(row, c) for c in columns)
        pending[key] = pending.get(key, 0) + 1
    gone = []
    for row in stored:
        key = tuple(getattr(row, c) for c in columns)
        if pending.get(key, 0) > 0:
            pending[key] -= 1
        else:
            gone.append(row.pk)
    if gone:
        model.objects.filter(pk__in=gone).delete()
    create = []
    for row in rows:
        key = tuple(getattr(row, c) for c in columns)
        if pending.get(key, 0) > 0:
            pending[key] -= 1
            create.append(row)
    if create:
        model.objects.bulk_create(create)
        # bulk_create sends no signal: the rows kept in the audit chain (exclusions, substitutes) get their version.
        state.touch(
            create if all(r.pk is not None for r in create) else model.objects.filter(case_id=create[0].case_id)
        )


def _person_id(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# -- parties and the calendar -------------------------------------------------------------------


def do_add_counsel(
    *,
    case: Case,
    represents: Party,
    name: str,
    email: str = "",
    phone: str = "",
    postal_address: str = "",
    user: Any = None,
) -> Party:
    with transaction.atomic(), state.acting(user, "Representación legal añadida"):
        return Party.objects.create(
            case=case,
            role=Party.Role.COUNSEL,
            represents=represents,
            name=name,
            email=email,
            phone=phone,
            postal_address=postal_address,
        )


def rederive_budget() -> float:
    """Seconds a configuration change spends re-deriving cases in the request that made it
    (``VENTILA_REDERIVE_BUDGET``, 0.5 by default); the rest is left to the worker, to ``ventila
    rederive`` and to each case's next read or act."""
    return float(getattr(settings, "VENTILA_REDERIVE_BUDGET", 0.5))


def _rederive_after_change(bodies: Sequence[Body] | None, now: dt.datetime, budget: float | None) -> RederiveResult:
    """After a configuration change has committed: the open cases it concerns, in short batches,
    up to ``budget`` seconds (None: all of them)."""
    return rederive(stale_cases(now, bodies=bodies), now=now, budget=rederive_budget() if budget is None else budget)


def _reason(reason: str) -> str:
    """A configuration change says why; a blank reason is refused with the field named."""
    reason = (reason or "").strip()
    if not reason:
        raise ActRefused(_("Indique el motivo del cambio."), {"reason": [_("Indique el motivo del cambio.")]})
    return reason


# Configuration that moves terms (closures, elections, seats): each change is an action that says who
# and why (recorded in the audit chain, :mod:`ventila.audit.state`) in one short transaction that
# touches no case: saving the row bumps its bodies' ``config_version`` (``bodies.models.config_changed``),
# so their cases are stale from the commit on and any read or act of one re-derives it first. Then,
# each in its own short transaction, the open cases it concerns are re-derived in batches for up to
# ``budget`` seconds (:func:`rederive_budget`); the worker and ``ventila rederive`` do the rest.


@dataclass(frozen=True)
class CalendarEffect:
    """What a change of the calendar would do to the open cases it concerns (:func:`preview_calendar_change`)."""

    cases: int  # open cases with a term that would change its due date (exact) or could (not exact)
    terms: int  # their open terms that would (or could) change
    exact: bool  # False: too many cases to compute here; the counts are of those it could touch


# How many open cases the confirmation of a calendar change computes one by one (an evaluation each, as
# the re-derivation would); beyond it, the page says how many could be touched without computing them.
CALENDAR_PREVIEW_LIMIT = 300


def preview_calendar_change(
    *,
    bodies: Sequence[Body] | None,
    without_closure: dt.date | None = None,
    without_election: tuple[str, dt.date] | None = None,
    with_closure: dt.date | None = None,
    with_election: tuple[str, dt.date] | None = None,
    now: dt.datetime | None = None,
) -> CalendarEffect:
    """Dry run of removing or declaring a closure day (of ``bodies``) or an election day (of every body):
    each open case with an open term it could touch is evaluated with the calendar as it is and as it
    would be, and the terms whose due date differs are counted. Writes nothing."""
    closure_day = without_closure or with_closure
    now = now or clock.now()
    terms = CaseDeadline.objects.filter(
        case__status=Case.Status.OPEN, satisfied_on__isnull=True, status__in=("open", "missed", "suspended")
    )
    if bodies is not None:
        terms = terms.filter(case__body__in=list(bodies))
    if closure_day is not None:  # a closure day moves only the terms that run through it
        terms = terms.filter(due__gte=closure_day)
    case_ids = sorted(set(terms.values_list("case_id", flat=True)))
    if len(case_ids) > CALENDAR_PREVIEW_LIMIT:
        return CalendarEffect(len(case_ids), terms.count(), exact=False)
    moved_cases = moved_terms = 0
    for case in Case.objects.filter(pk__in=case_ids).select_related("body").prefetch_related("entries"):
        facts = case_facts(case)
        if without_closure is not None:
            changed = dataclasses.replace(facts, closures=tuple(d for d in facts.closures if d != without_closure))
        elif with_closure is not None:
            changed = dataclasses.replace(facts, closures=tuple(sorted({*facts.closures, with_closure})))
        elif with_election is not None:
            changed = dataclasses.replace(facts, elections=tuple(sorted({*facts.elections, with_election})))
        else:
            changed = dataclasses.replace(facts, elections=tuple(e for e in facts.elections if e != without_election))
        events = live_events(case.entries.all())
        try:
            before = compute_evaluation(facts, events, now)
            after = compute_evaluation(changed, events, now)
        except InputError:  # a docket the calendar cannot count (refused on its next read the same way)
            continue
        later = dict(zip(_term_keys(after.deadlines), after.deadlines, strict=True))
        n = sum(
            1
            for key, d in zip(_term_keys(before.deadlines), before.deadlines, strict=True)
            if _pending(d) and (key not in later or later[key].due != d.due)
        )
        if n:
            moved_cases += 1
            moved_terms += n
    return CalendarEffect(moved_cases, moved_terms, exact=True)


def do_add_closure(
    *, user: Any, body: Body, day: dt.date, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> Closure:
    """Declare a closure day; the body's open cases are re-derived (see above)."""
    now = now or clock.now()
    reason = _reason(reason)
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        closure = Closure.objects.create(body=body, day=day, reason=reason, created_by=user)
    with state.acting(user, reason):
        _rederive_after_change([body], now, budget)
    return closure


def do_remove_closure(
    *, closure: Closure, user: Any, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> None:
    """Withdraw a closure day: the chain records who removed it and why; the body's open terms move back."""
    now = now or clock.now()
    reason = _reason(reason)
    body = closure.body
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        closure.delete()
    with state.acting(user, reason):
        _rederive_after_change([body], now, budget)


def do_add_election(
    *, kind: str, day: dt.date, user: Any, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> ElectionDay:
    now = now or clock.now()
    reason = _reason(reason)
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        election = ElectionDay.objects.create(kind=kind, day=day)
    with state.acting(user, reason):
        _rederive_after_change(None, now, budget)
    return election


def do_remove_election(
    *, election: ElectionDay, user: Any, reason: str, now: dt.datetime | None = None, budget: float | None = None
) -> None:
    now = now or clock.now()
    reason = _reason(reason)
    with transaction.atomic(), state.acting(user, reason), state.deferred():
        election.delete()
    with state.acting(user, reason):
        _rederive_after_change(None, now, budget)


def do_add_membership(
    *,
    body: Body,
    person: Person,
    position: str,
    start: dt.date,
    end: dt.date | None = None,
    user: Any = None,
    operator: str = "",
    reason: str,
    now: dt.datetime | None = None,
    budget: float | None = None,
) -> Membership:
    """Seat a member on a body (who votes and who sits on which case); the body's open cases are re-derived."""
    now = now or clock.now()
    reason = _reason(reason)
    if position not in Membership.Position.values:
        raise ActRefused(_("Puesto desconocido."), {"position": [_("Puesto desconocido.")]})
    if end is not None and end < start:
        raise ActRefused(
            _("El último día no puede ser anterior al primero."),
            {"end": [_("El último día no puede ser anterior al primero.")]},
        )
    with transaction.atomic(), state.acting(user, reason, name=operator), state.deferred():
        membership = Membership.objects.create(body=body, person=person, position=position, start=start, end=end)
    with state.acting(user, reason, name=operator):
        _rederive_after_change([body], now, budget)
    return membership


def do_end_membership(
    *,
    membership: Membership,
    end: dt.date,
    user: Any = None,
    operator: str = "",
    reason: str,
    now: dt.datetime | None = None,
    budget: float | None = None,
) -> Membership:
    """Record a member's last day on the body; the body's open cases are re-derived."""
    now = now or clock.now()
    reason = _reason(reason)
    if end < membership.start:
        raise ActRefused(
            _("El último día no puede ser anterior al primero."),
            {"end": [_("El último día no puede ser anterior al primero.")]},
        )
    with transaction.atomic(), state.acting(user, reason, name=operator), state.deferred():
        membership = Membership.objects.select_for_update().get(pk=membership.pk)
        membership.end = end
        membership.save(update_fields=["end"])
    with state.acting(user, reason, name=operator):
        _rederive_after_change([membership.body], now, budget)
    return membership


# -- labels (shared with the web layer) ------------------------------------------------------------


def stage_label(stage: str) -> str:
    return str(STAGES.get(stage, stage))


def choice_label(value: Any) -> str:
    return str(CHOICES.get(value, value))


# -- a member's own vote (decision 11) ----------------------------------------------------------


class OwnVoteRefused(Exception):
    """A member's own vote not recorded; the Spanish message says why and what to do instead."""


def _undecided_recusals(case: Case) -> set[int]:
    """The members with a recusal request not yet decided (Sec. 9 ¶4: they do not vote on it)."""
    recusal = RULEBOOKS[case.body.rulebook].recusal
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
    decided = RULEBOOKS[case.body.rulebook].recusal.decided
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
