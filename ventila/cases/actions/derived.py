"""The rows derived from a case's docket (stage, terms, findings, recusals, next due), kept in line.

Reads never recompute: they show those rows, and re-derive a case first only when time reached the
moment its evaluation said it could change (``rederive_at``) or its body's configuration changed
since (``config_version``): :func:`refresh_if_stale`, :func:`rederive`. A write re-derives only
the rows whose digest changed."""

from __future__ import annotations

import datetime as dt
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, Q

from ventila import clock
from ventila.audit import state
from ventila.audit.registry import fields_of
from ventila.bodies.models import Body
from ventila.rules import PR_TZ, RULEBOOKS, InputError
from ventila.rules.engine import Evaluation
from ventila.rules.plain import for_users
from ventila.rules.terms import Deadline

from .. import signals
from ..evaluation import CaseFacts, PlannedEvent, compute_evaluation, live_events, rulebook_and_kind
from ..models import Case, CaseDeadline, CaseExclusion, CaseFinding, CaseSubstitute, DocketEntry, Party
from ..queries import body_config, case_facts, member_witnesses, moved_due_dates
from ..queue_counts import issued_documents, turn_of
from ..rule_messages import encode_message, encode_messages
from .acts import _person_id


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
        return _derive_batch(cases, entries, parties, now, force=force)


@dataclass(frozen=True)
class Known:
    """A case's docket as its writer just evaluated it (``ventila generate``): the facts, events and
    evaluation as of the derivation's moment, used when the case's facts and live events are these."""

    facts: CaseFacts
    events: list[PlannedEvent]
    evaluation: Evaluation


def derive_new(
    cases: Sequence[Case],
    entries: dict[int, list[DocketEntry]],
    parties: dict[int, list[int]],
    now: dt.datetime,
    known: dict[int, Known] | None = None,
    *,
    insert: Callable[[list[Any]], None] | None = None,
    update: Callable[[list[Case], list[str]], None] | None = None,
) -> int:
    """Derive cases just written in bulk (``ventila generate``) as :func:`rederive` with ``force`` would, from
    the rows in memory (each case's entries in docket order, its parties' people), without reading them
    back; ``known``, the evaluations their writer already has. In the caller's transaction. ``insert`` writes
    the new term rows as ``bulk_create`` would (the same ids, in order); ``update``, the cases' changed
    derived fields (given their names) as ``bulk_update`` would: the writer's own ways of writing in bulk."""
    with state.deferred():
        return _derive_batch(list(cases), entries, parties, now, force=True, known=known, insert=insert, update=update)


def _derive_batch(
    cases: list[Case],
    entries: dict[int, list[DocketEntry]],
    parties: dict[int, list[int]],
    now: dt.datetime,
    *,
    force: bool,
    known: dict[int, Known] | None = None,
    insert: Callable[[list[Any]], None] | None = None,
    update: Callable[[list[Case], list[str]], None] | None = None,
) -> int:
    derived = []
    for case in cases:
        facts = case_facts(case)  # the body's calendar and members: read once per process and version
        own = entries.get(case.pk, [])
        events = live_events(own)
        given = (known or {}).get(case.pk)
        try:
            if given is not None and given.facts == facts and given.events == events:
                evaluation = given.evaluation  # the same inputs: the same evaluation
            else:
                evaluation = compute_evaluation(facts, events, now)
        except InputError:  # a date the legal calendar does not know: its rows stay as they are
            continue
        derived.append(_Rows.build(case, evaluation, own, parties.get(case.pk, []), now, facts))
    # The stored rows are read only for the cases whose digest changed: one query per table.
    existing = _Existing.read(derived, force=force)
    changed: dict[str, list[Case]] = {}
    new_terms: list[CaseDeadline] = []  # the batch's new term rows, inserted together (in case order)
    for rows in derived:
        for name in rows.write(existing, save=False, new_terms=new_terms):
            changed.setdefault(name, []).append(rows.case)
    if insert is not None:
        insert(new_terms)
    else:
        CaseDeadline.objects.bulk_create(new_terms)
    # The cases' changed fields in one statement per field (no per-case UPDATE); bulk_update sends
    # no signal, so the cases whose audited columns changed get their version here (state.touch).
    if update is not None:
        # The cases of any changed field, each with every field some case changed (a case's unchanged field
        # is written with the value it has): one statement.
        update(list({c.pk: c for objs in changed.values() for c in objs}.values()), list(changed))
    else:
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
    "final_report_sent",
    "rederive_at",
    "config_version",
    "derived_digest",
    "turn",
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
    return clock.start_of_day(changes)


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
        recusal, referred = (
            RULEBOOKS[case.body.rulebook].docket.recusal,
            RULEBOOKS[case.body.rulebook].docket.final_report.referred,
        )
        excluded: dict[int, str] = {}
        members = body_config(case.body).members
        for person_id in parties:  # the people of the register who are parties to the case
            if person_id in members:
                excluded[person_id] = CaseExclusion.Reason.PARTY
        for e in entries:
            if e.pk not in live:
                continue
            if e.event_type == recusal.decided and e.payload.get("granted") and _person_id(e.payload.get("member")):
                excluded.setdefault(_person_id(e.payload.get("member")), CaseExclusion.Reason.RECUSED)  # type: ignore[arg-type]  # not None: checked above
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
            "final_report_sent": any(e.pk in live and e.event_type == referred for e in entries),
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
        # Whose move (the queue's counts are kept from it, ventila.cases.queue_counts): last, from the fields above.
        fields["turn"] = turn_of(
            case.body.rulebook, case.kind, fields, issued_documents(e for e in entries if e.pk in live)
        )
        return cls(case, deadlines, findings, exclusions, substitutes, fields, traces)

    def write(
        self, existing: _Existing, *, save: bool = True, new_terms: list[CaseDeadline] | None = None
    ) -> list[str]:
        """Write what differs from the stored rows: in each table whose digest changed (the ones
        ``existing`` read), each row that changed; then the case's derived fields that changed.
        Returns the names of those fields. ``new_terms``: a list that takes the new term rows instead
        of inserting them (the caller inserts a batch's together)."""
        case = self.case
        stored = existing.stored("deadlines", case.pk)
        days: set[dt.date] = set()
        if stored is not None:
            for row, d in zip(self.deadlines, self.traces, strict=True):
                row.trace = encode_messages(d.trace_msgs())
            days = _sync_deadlines(stored, self.deadlines, new_terms)
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


def _sync_deadlines(
    stored: list[CaseDeadline], rows: list[CaseDeadline], new_terms: list[CaseDeadline] | None = None
) -> set[dt.date]:
    """Terms by position: update the rows whose columns changed, insert the new (or add them to
    ``new_terms``, for the caller to insert), delete the gone.
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
    if new_terms is not None:
        new_terms.extend(create)
    elif create:
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
