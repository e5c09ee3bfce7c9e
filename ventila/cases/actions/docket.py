"""Writes to the docket: a case's number, the filing that opens a case, an act, a record-only entry
and counsel — each in one transaction that appends the entry (with its attachments and votes) and
brings the derived rows in line (:mod:`.derived`)."""

from __future__ import annotations

import datetime as dt
import hashlib
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import connection, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ventila import clock, files
from ventila.audit import chain, state
from ventila.bodies.models import Body, Person
from ventila.fields import attributes
from ventila.rules import PR_TZ, InputError
from ventila.rules.engine import parse_events
from ventila.rules.votes import VoteOutcome

from .. import queue_counts
from ..evaluation import (
    CaseFacts,
    PlannedEvent,
    compute_caption,
    live_events,
    rulebook_and_kind,
)
from ..models import (
    Attachment,
    Ballot,
    Case,
    CaseCounter,
    DocketEntry,
    Party,
    RollCall,
)
from ..queries import body_config, case_facts
from .acts import ActInput, ActRefused, _titles, check_act, choice_label
from .derived import _DERIVED, _store

# -- case numbers ------------------------------------------------------------------------------


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
        locked = Case.objects.select_for_update(of=("self",)).select_related("body").get(pk=case.pk)
        entry = _write_entry(
            locked, user, ActInput(event_type, occurred_at, has_time, dict(payload), note=note), [], now
        )
        if event_type == queue_counts.ISSUED:  # the document may answer a lapse: whose move it is (issue 30)
            queue_counts.refresh_turn(locked)
        return entry


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
    entry = act.entry(case, seq, user, now)
    entry.save(force_insert=True)
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
        **attributes(
            outcome, "rule_id", "citation", "required", "yes", "no", "abstain", "absent", "recused", "carried"
        ),
        explanation=outcome.explanation_es,
    )


# -- counsel -----------------------------------------------------------------------------------


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
