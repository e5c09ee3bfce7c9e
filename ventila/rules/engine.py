"""Evaluate a case from its events: the function behind ``ventila deadlines`` and the web app.

``evaluate(data)`` takes a scenario (the JSON of ``deadlines-contract``, already parsed) and
returns an :class:`Evaluation`: the procedure, every deadline that applies so far with its status,
the findings, the stage of the case and the acts the rulebook allows next. Bad input raises
:class:`InputError` naming the field at fault; nothing else escapes as an exception.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import Any

from .calendar import (
    DEFAULT_SETTINGS,
    PR_TZ,
    CalendarError,
    CalendarSettings,
    LegalCalendar,
    Suspension,
    legal_calendar,
    start_of_day,
)
from .i18n import Msg
from .parts import (
    Advisory,
    CompulsoryDismissal,
    Document,
    FinalReport,
    Publication,
    Recusal,
    SampleFlow,
    Statistics,
    Voting,
)
from .speed import build_without_init, per_kind, sets_every_field
from .terms import Deadline, Finding, Rule, Status, Term, Unit, compute_due, shared_term
from .vocabulary import Actor


class InputError(ValueError):
    """Unusable input: ``field`` is the path of the value at fault (``events[3].at``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


# -- event and payload schemas ---------------------------------------------------------------


@dataclass(frozen=True)
class FieldSpec:
    """One payload field of an event: its type and whether it is required.

    Types: ``date``, ``datetime`` (a date or a date-time), ``bool``, ``int`` (whole number ≥ 0),
    ``money`` (dollars to the cent, a JSON string or number, :func:`parse_money`; a ``Decimal`` once parsed), ``str``, ``choice`` (one of ``choices``), ``choices``
    (a list of ``choices``).
    """

    type: str
    required: bool = False
    choices: tuple[str, ...] = ()
    help: str = ""
    # A ``date`` that cannot fall after the day of its own event (the day the complainant learned of
    # the facts, for a complaint): a later one is refused, naming the field.
    not_after_event: bool = False
    # A ``date`` that cannot fall before the day of its own event (the day a notice sent on that day was
    # received): an earlier one is refused, naming the field.
    not_before_event: bool = False
    # The range policy of a payload date (one for every date the engine reads, :func:`_check_input_dates`):
    # a date is refused outside the years the legal calendar knows, like an act's date, because a term is
    # counted from it, back to it or compared with one — unless ``any_year``: a date the engine only
    # compares with the act's own (the facts of a complaint, which may be older than the calendar).
    any_year: bool = False
    # The Spanish words of each of ``choices`` (Sec. 21(c)(2)'s grounds of dismissal, Sec. 19's of rejection):
    # namespaced by the field, since two fields may share a choice key with different meanings.
    labels: Mapping[str, str] = field(default_factory=dict)
    # The field's own label on the act form and the case page (Spanish; a catalogue msgid): a field only
    # this body's acts take. Empty: the app's shared label for the field name (``cases.labels.FIELDS``).
    label: str = ""


@dataclass(frozen=True)
class FormContext:
    """What a form knows of its case when it asks an event spec for hints or checks: plain values,
    no Django. ``docket``: the event types on record before the act; ``calendar``: the case's legal
    calendar and settings, computed only when a hint or check asks for them (None: not available)."""

    respondent_role: str
    day: dt.date
    kind: str = ""
    docket: tuple[str, ...] = ()
    calendar: Callable[[], tuple[LegalCalendar, Mapping[str, Any]]] | None = None
    filing: bool = False  # the form that dockets a new case (not an act on a case)


@dataclass(frozen=True)
class FieldHint:
    """How a form shows one field in a given case. Texts are Spanish (the form translates them);
    ``help`` is a %-template filled with ``params``. None leaves the form's default as it is
    (``help=""`` clears it); ``choices`` narrows the spec's choices to those offered."""

    help: str | None = None
    params: Mapping[str, str | dt.date] = field(default_factory=dict)  # a date: in the reader's language
    label: str | None = None
    initial: Any = None
    choices: tuple[str, ...] | None = None
    required: bool | None = None
    required_message: str = ""


@dataclass(frozen=True)
class DetailField:
    """A descriptive text an act form asks for besides the payload, kept in the entry's details
    (the engine never reads it). ``attests``: boolean payload fields a written value sets to true
    (a resolution whose findings are written out attests that it states them)."""

    label: str  # Spanish
    help: str = ""
    required: bool = True
    required_message: str = ""
    rows: int = 3  # 0: one line
    max_length: int | None = None
    attests: tuple[str, ...] = ()


@dataclass(frozen=True)
class FieldError:
    """A validator's message for one field: a Spanish %-template and its values."""

    text: str
    params: Mapping[str, str | dt.date] = field(default_factory=dict)  # a date: in the reader's language


@dataclass(frozen=True)
class EventSpec:
    """A docket event type of a kind: its Spanish title and its payload fields.

    A *record-only* event (``record_only=True``: a document issued, an attempt to serve it) is
    part of the docket and its payload is validated like any other, but it is not an act of the
    proceeding: :func:`parse_events` leaves it out of the events the evaluators see, so it changes
    no term, stage, allowed act or finding.

    Form hints (read by the web app's generic act and filing forms and its write path, so no form
    branches on a rulebook): ``details``, the descriptive fields the act's form asks for besides the
    payload; ``hide``, fields of the generic form this body does not ask for; ``hints``, per case,
    how each field is shown; ``validate``, the cross-field checks of a recorded act, as field errors.
    """

    type: str
    title: str  # Spanish, for people
    fields: Mapping[str, FieldSpec] = field(default_factory=dict)
    record_only: bool = False
    details: Mapping[str, DetailField] = field(default_factory=dict)
    hide: tuple[str, ...] = ()
    hints: Callable[[FormContext], Mapping[str, FieldHint]] | None = None
    validate: Callable[[Mapping[str, Any], FormContext], Mapping[str, FieldError]] | None = None
    # What to do next (read by the case page and the work queue, declared with
    # ``common.with_next_acts``): ``when``, one Spanish line on when the act applies; ``meets``, the
    # deadlines of the kind this act fulfils (the act to suggest while the body's own term runs);
    # ``on_expiry``, the deadlines whose running out lets the body take this act (a party's: default,
    # going on without the answer…; a compulsory term of its own: the dismissal the law then orders).
    when: str = ""
    meets: tuple[str, ...] = ()
    on_expiry: tuple[str, ...] = ()
    # Preconditions (never silent, docs/deadlines-contract.md), checked for every kind by the engine
    # (:func:`check_preconditions`), declared with ``common.with_order``: ``after``, the acts one of
    # which must be on record before this one (none declared: the kind's ``opening`` acts); ``not_after``,
    # the acts after which this one is out of place (the act that ends the case, a decision it would
    # contradict); ``once``, whether a second one is out of place while its ``after`` act stands (one
    # decision per notice, one opinion per request). An act out of place gets ``act_not_allowed``.
    # ``reopened_by``, the acts after which a ``once`` act may be recorded again (a resumption lets the
    # proceeding be suspended anew). ``standalone``: an act in place that sets no term and moves no stage
    # (a witness summoned, the OEG's notice of a subpoena): recorded, shown, and by design changing nothing
    # the engine derives — the never-silent property test (tests/rules/test_never_silent_property.py)
    # accepts such an act changing nothing; any other act in place must change the evaluation.
    after: tuple[Act, ...] = ()
    not_after: tuple[Act, ...] = ()
    once: bool = False
    reopened_by: tuple[Act, ...] = ()
    standalone: bool = False
    # ``repeatable``: a repeat of this act is in place and may change nothing (a hearing noticed anew, a
    # request amended with the same contents); the first one must still change the evaluation.
    repeatable: bool = False


@dataclass(frozen=True)
class Act:
    """An act of a precondition: events of ``type`` whose payload has the values of ``when``
    (a court decision that ordered the suspension: ``Act("court_decision", {"suspension_ordered": True})``)."""

    type: str
    when: Mapping[str, Any] = field(default_factory=dict)

    def matches(self, event: Event) -> bool:
        return event.type == self.type and all(event.payload.get(k) == v for k, v in self.when.items())


@dataclass(frozen=True)
class AfterDocument:
    """What follows once the body issued the document another's lapse called for (issue 29: the notice
    to a late filer): whose move the matter is then (``actor``), the rule that gives it that move
    (``rule``), and what follows, in words (``follows``, Spanish; a catalogue message)."""

    actor: Actor
    rule: str
    follows: Msg


@dataclass(frozen=True)
class Move:
    """Whose move an open term is and what the body may do about it (:meth:`KindSpec.move`).

    ``acts``: the event types the rulebook offers the body for this term now — those that meet its
    own term, or, once another's term has run out, those allowed on its expiry (empty while another's
    term still runs). ``body_acts``: whether the body must act now (its own term, or another's that
    ran out and left it an act to take).
    """

    deadline_id: str
    actor: Actor
    expired: bool
    acts: tuple[str, ...]
    # The documents the body prepares once another's term ran out (``KindSpec.lapse_documents``: the
    # notice to a late filer), in the order the law has them.
    documents: tuple[str, ...] = ()
    # Once that document was issued (``KindSpec.after_documents``): whose move it is then, under which
    # rule, and what follows, in words. None: not issued, or the rulebook says nothing after it.
    follows: AfterDocument | None = None

    @property
    def body_acts(self) -> bool:
        return self.actor.is_body or (self.expired and bool(self.acts or self.documents))


@dataclass(frozen=True)
class FinalAct:
    """An act that makes a matter final for publication (issue 26), with what must be on record around
    it: ``where``, the payload values it must carry (field → accepted values); ``after``, acts that must
    come before it; ``then``, acts that must follow it (its notice to the parties, the closing).
    ``rule`` is the rule that says so."""

    act: str
    rule: str
    where: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    after: tuple[str, ...] = ()
    then: tuple[str, ...] = ()

    def met(self, acts: Sequence[tuple[str, Mapping[str, Any], dt.datetime]]) -> bool:
        """Whether ``acts`` (the live acts of a case as ``(type, payload, when)``, in docket order)
        hold this act with everything it needs."""
        for i, (kind, payload, when) in enumerate(acts):
            if kind != self.act or any(str(payload.get(k)) not in v for k, v in self.where.items()):
                continue
            before = {t for t, _, w in acts[:i] if w <= when}
            later = {t for t, _, w in acts[i + 1 :] if w >= when}
            if set(self.after) <= before and set(self.then) <= later:
                return True
        return False


@dataclass(slots=True)
class Event:
    """One docket event: its type, the moment it happened (Puerto Rico time) and its payload."""

    type: str
    at: dt.datetime
    day: dt.date
    has_time: bool
    payload: Mapping[str, Any]
    index: int

    def get(self, name: str, default: Any = None) -> Any:
        return self.payload.get(name, default)

    @property
    def moment(self) -> dt.date | dt.datetime:
        """The date-time when the input gave one, else the date."""
        return self.at if self.has_time else self.day


@dataclass(frozen=True)
class Election:
    kind: str  # general | primary
    date: dt.date


@dataclass(frozen=True)
class Respondent:
    role: str = "representative"
    candidate: bool = False


@dataclass
class Scenario:
    rulebook: str
    kind: str
    respondent: Respondent
    closures: tuple[dt.date, ...]
    openings: tuple[dt.date, ...]
    elections: tuple[Election, ...] | None
    events: list[Event]
    as_of: dt.date | dt.datetime
    settings: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)


# -- rulebook and kind -----------------------------------------------------------------------


@dataclass(frozen=True)
class KindSpec:
    """A kind of case a rulebook handles: its events, its evaluator and its stages."""

    id: str
    title: str
    events: Mapping[str, EventSpec]
    evaluate: Callable[[Context], None]
    deadline_ids: tuple[str, ...] = ()
    respondent_roles: tuple[str, ...] = ()
    # The stages in which the case is over: the act that ends it is on record (the web app shows
    # such a case as closed and no term of it as still to be met).
    closed_stages: tuple[str, ...] = ("closed",)
    # The public record (issues 17, 26): the stages at which the matter may be finally resolved, and the
    # acts that make it final for publication (:class:`FinalAct`: a final resolution notified to the
    # parties, say) — the one predicate the public record, the open data, the annual report and the
    # public statistics use (:meth:`final_for_publication`). A withdrawal or a closing without the
    # notice is none of them. ``final_rule`` is the rule that ends confidentiality. Empty: never published.
    final_stages: tuple[str, ...] = ()
    final_acts: tuple[FinalAct, ...] = ()
    final_rule: str = ""
    # Persons the kind's acts name whom the public never reads about (issue 26): event type → the
    # fields (of its payload or its details) that name them, with their addresses (witnesses).
    private_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The acts that summon a witness (payload ``witness``, a name): a member of the body named there takes
    # no part in the case (the House's Sec. 8; a municipal ¶8 summons). Empty: the kind summons none.
    witness_acts: tuple[str, ...] = ()
    # What the first act of a case imported from a predecessor body's records says unless its row
    # says otherwise (the municipal Commission flags such a complaint for review, MUN-SUC-02).
    imported_payload: Mapping[str, Any] = field(default_factory=dict)
    # The kind's stage and deadline ids (ventila.rules.vocabulary): the evaluator sets
    # ``ctx.stage`` and calls ``ctx.add_deadline`` with their members only. Required.
    stages: type[StrEnum] | None = None
    deadlines: type[StrEnum] | None = None
    # Whose move each of its deadlines is (every one declared, each citing its rule): the work queue's
    # «mine to do» and «waiting on others», and the case page's «le toca a».
    actors: Mapping[str, Actor] = field(default_factory=dict)
    # The case's caption (Spanish; a catalogue msgid): ``%(name)s`` is the respondent's name and
    # ``%(office)s`` the office they hold with its article («el Alcalde de Guayama», see
    # :func:`office_with_article`); ``caption_without_office`` when no office is known. Empty: «<title>
    # contra <name>».
    caption: str = ""
    caption_without_office: str = ""
    # Windows whose lapse without the act is the expected outcome, not a missed term (an objection
    # period that ends in silence: Secs. 11(C), 17(1), 27): deadline id → what follows the lapse
    # (Spanish). Such a term, past with no act, has the status ``lapsed`` («Transcurrido sin objeción»).
    lapses: Mapping[str, Msg] = field(default_factory=dict)
    # The procedures a case of this kind may follow (``Evaluation.procedure``: ordinary, summary …): the
    # complaint kinds. Empty: the kind has no procedure to speak of, and none is shown.
    procedures: tuple[str, ...] = ()
    # The acts that open a case of the kind: every other act presupposes one on record before it (unless
    # its spec declares its own ``after``); ``order_rule``, the rule an act out of place is flagged under
    # (empty: the rulebook's rule for ``act_not_allowed``).
    opening: tuple[str, ...] = ()
    order_rule: str = ""
    # The act that opens a case of the kind when the staff docket it by hand or import it ("": neither).
    filing_act: str = ""
    # The kind in its own words (issue 29): what its case page calls a party, by party role (Spanish; a
    # catalogue msgid; none: the shared words, «Parte querellada»); who may read it (None: the rulebook's
    # ``confidentiality``; "": the law states no rule for this kind, and the system's own restriction is
    # stated); and the side acts its case page offers besides the docket's acts (None: every one the body
    # has — the candidate mark of Sec. 24, legal representation; () : none).
    party_labels: Mapping[str, str] = field(default_factory=dict)
    confidentiality: str | None = None
    side_acts: tuple[str, ...] | None = None
    # Whose move a compliance term is once it ran out (issue 29): another's term whose lapse the law
    # answers with a document of the body's (deadline id → document keys, in order: the notice to a
    # late filer) is the body's move, with that document suggested.
    lapse_documents: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Findings that change what must happen (issue 29): finding id → the acts it calls for, the first
    # allowed now suggested before any term's act («Procede desestimar por falta de jurisdicción»).
    finding_acts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # What follows a lapse document once it was issued (issue 29): document key → whose move, rule and
    # words (:class:`AfterDocument`): the late filer noticed, the OEG may refer (Sec. 16(a)).
    after_documents: Mapping[str, AfterDocument] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.stages is None or self.deadlines is None:
            raise TypeError(f"KindSpec {self.id!r}: declare its stages and deadlines (ventila.rules.vocabulary)")
        unknown = set(self.deadline_ids) - set(self.deadlines)
        if unknown or "new" not in set(self.stages):
            raise TypeError(f"KindSpec {self.id!r}: ids outside its vocabulary: {sorted(unknown) or ['new']}")
        ids = set(self.deadlines)
        if set(self.actors) != ids:
            missing, extra = sorted(ids - set(self.actors)), sorted(set(self.actors) - ids)
            raise TypeError(f"KindSpec {self.id!r}: whose move each deadline is (actors): {missing=} {extra=}")
        named = {t for f in self.final_acts for t in (f.act, *f.after, *f.then)} | set(self.private_fields)
        if named - set(self.events) or set(self.final_stages) - set(self.stages):
            raise TypeError(f"KindSpec {self.id!r}: final_acts, final_stages or private_fields outside the kind")
        if bool(self.final_stages) != bool(self.final_acts):
            raise TypeError(f"KindSpec {self.id!r}: a kind published declares both final_stages and final_acts")
        if set(self.lapses) - ids:
            raise TypeError(f"KindSpec {self.id!r}: lapses name deadlines outside the kind")
        for spec in self.events.values():
            if set(spec.meets) - ids or set(spec.on_expiry) - ids:
                raise TypeError(f"KindSpec {self.id!r}: event {spec.type!r} names deadlines outside the kind")
            acts = {a.type for a in (*spec.after, *spec.not_after, *spec.reopened_by)}
            if acts - set(self.events):
                raise TypeError(f"KindSpec {self.id!r}: event {spec.type!r} presupposes acts outside the kind")
        if set(self.opening) - set(self.events):
            raise TypeError(f"KindSpec {self.id!r}: opening acts outside the kind")
        if set(self.lapse_documents) - ids or any(self.actors[d].is_body for d in self.lapse_documents):
            raise TypeError(f"KindSpec {self.id!r}: lapse_documents name terms outside the kind or the body's own")
        if set(self.after_documents) - {d for docs in self.lapse_documents.values() for d in docs}:
            raise TypeError(f"KindSpec {self.id!r}: after_documents name documents no lapse calls for")
        if {a for acts in self.finding_acts.values() for a in acts} - set(self.events):
            raise TypeError(f"KindSpec {self.id!r}: finding_acts name acts outside the kind")

    def move(self, deadline_id: str, *, expired: bool, answered: bool = False) -> Move:
        """Whose move the open term ``deadline_id`` is and the acts the rulebook offers the body for
        it (in the kind's order of events): the acts its expiry allows once it ran out (``expired``; a
        compulsory term of the body's own may have one too, a dismissal), then, for the body's own
        term, the acts that meet it; for another's term still running, none. ``answered``: the
        document its lapse called for was issued since it ran out — then, when the rulebook says what
        follows (``after_documents``), the move is that actor's, with nothing left to the body."""
        actor = self.actors[deadline_id]
        after = tuple(t for t, spec in self.events.items() if deadline_id in spec.on_expiry) if expired else ()
        meet = tuple(t for t, spec in self.events.items() if deadline_id in spec.meets) if actor.is_body else ()
        documents = tuple(self.lapse_documents.get(deadline_id, ())) if expired else ()
        follows = self.after_documents.get(documents[0]) if answered and documents else None
        if follows is not None:
            return Move(deadline_id, follows.actor, expired, (), (), follows)
        return Move(deadline_id, actor, expired, after + tuple(t for t in meet if t not in after), documents)

    def next_act(
        self,
        terms: Iterable[tuple[str, bool]],
        allowed: Sequence[str],
        *,
        documents: bool = False,
        answered: Iterable[str] = (),
    ) -> tuple[Move, str] | None:
        """The act to suggest first: for the open ``terms`` (``(deadline_id, expired)``, the nearest
        first), the first act the body may take for one of them (:meth:`move`) that the rulebook
        allows now (``allowed``, the evaluation's ``allowed_next``); None when every open term waits
        on someone else, or none has an act allowed now. With ``documents``, a term that ran out and
        leaves the body only a document to prepare (``lapse_documents``) is found too, with act "";
        ``answered``: the terms whose lapse document was issued already (:meth:`move`)."""
        allowed_now = set(allowed)
        done = set(answered)
        for deadline_id, expired in terms:
            if deadline_id not in self.actors:  # a term no longer in the kind's vocabulary: nothing to offer
                continue
            move = self.move(deadline_id, expired=expired, answered=deadline_id in done)
            for act in move.acts:
                if act in allowed_now:
                    return move, act
            if documents and move.documents:
                return move, ""
        return None

    def final_for_publication(self, stage: str, acts: Sequence[tuple[str, Mapping[str, Any], dt.datetime]]) -> bool:
        """Whether a matter at ``stage`` whose live acts are ``acts`` (``(type, payload, when)``, in
        docket order) is final for publication: a final stage and one of :attr:`final_acts` met."""
        return stage in self.final_stages and any(f.met(acts) for f in self.final_acts)

    def caption_template(self, has_office: bool) -> str:
        """The Spanish template of a case's caption (see ``caption``), with or without the office."""
        if has_office and self.caption:
            return self.caption
        return self.caption_without_office or self.caption or f"{self.title} contra %(name)s"

    def caption_for(self, name: str, office: str = "") -> str:
        """The case's caption in Spanish: «Querella contra el Alcalde de Guayama, Ivelisse Torres Zayas»."""
        office = office.strip()
        return self.caption_template(bool(office)) % {"name": name, "office": office_with_article(office)}

    @property
    def initial_stage(self) -> StrEnum:
        """The stage of a case with nothing on its docket yet (``new``)."""
        assert self.stages is not None
        return self.stages("new")


def office_with_article(office: str) -> str:
    """An office's title as the register writes it, after the Spanish definite article a caption
    needs: «la Alcaldesa de Guayama», «el Alcalde de Ponce». The article agrees with the title's first
    word (a feminine title ends in «a»: Alcaldesa, Secretaria, Directora, Presidenta); a title that
    already starts with an article is left as it is."""
    office = office.strip()
    if not office:
        return ""
    first = office.split()[0].lower()
    if first in ("el", "la", "los", "las"):
        return office
    return f"{'la' if first.endswith('a') else 'el'} {office}"


@dataclass(frozen=True)
class Setting:
    """A rulebook setting: a reading of the text that can be changed, with its default and source."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    source: str  # the ambiguity or decision it implements
    help: str


@dataclass(frozen=True)
class Seats:
    """A body's seats as its composition page shows them: how many, the quorum, the rules that set
    them (``seats``, ``term``, ``quorum`` → rule id), each member's term of office (``took_office``,
    ``on``, ``settings`` → a term with ``nominal_end`` and ``holdover``) and the check of a person
    proposed for a seat (seat, is a lawyer, years of practice, former judge → its problems), and the rules
    that check cites when a person meets every requirement (``qualification_rules``)."""

    count: int
    quorum: int
    rule_ids: Mapping[str, str]
    term_of_office: Callable[..., Any]
    check_candidate: Callable[[str, bool, float, bool], list[Any]]
    qualification_rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProvisionGroup:
    """A plain-language group of the Code's provisions: the public form shows the group first (``label``,
    ``hint``) and the sections behind it (``provisions``, keys of ``PublicFiling.provisions``); ``citation``
    names the sections the group covers (Spanish)."""

    key: str
    label: str
    hint: str
    provisions: tuple[str, ...]
    citation: str


@dataclass(frozen=True)
class NextStep:
    """One line of the receipt's «Qué pasa ahora» (Spanish): ``text`` may quote the term of ``rule_id``
    as ``%(n)s``; the receipt adds the rule's citation."""

    text: str
    rule_id: str


@dataclass(frozen=True)
class Tenure:
    """A span of continuous service in one role of the register, as the rulebook reads it: the
    scenario of its duties (``events``, in the engine's JSON) and the offices it joins."""

    role: str
    start: dt.date
    end: dt.date | None
    offices: tuple[int, ...]  # positions of the offices given to ``Obligations.tenures``
    events: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Obligations:
    """Who the rulebook binds in its register of people, and the duties it computes from their
    offices (the House: Secs. 3 and 14). Read by the web app instead of branching on a rulebook."""

    roles: tuple[str, ...]  # the register's roles bound (the first is the default of an import)
    citation: str  # where the text binds them, e.g. «Secs. 3, 14»
    kind: str  # the kind evaluated for each tenure
    # the offices (role, first day, last day or None) → the tenures, each a scenario of ``kind``;
    tenures: Callable[[Sequence[tuple[str, dt.date, dt.date | None]]], list[Tenure]]
    report_event: str  # the event a report received is given to the engine as
    report_types: tuple[str, ...]  # the payload's ``report_type`` choices
    report_rule: str  # the rule a report received is recorded under
    notice_event: str  # the event of the filer's notice of compliance (to the House's Secretary)
    # the deadlines that are the person's own duties; the kind's other terms are the evaluator's (the OEG's)
    duty_deadlines: tuple[str, ...]
    # the acts an outside evaluator reports through the API (a report filed, its findings, the final action)
    reported_events: tuple[str, ...] = ()
    # the act of the evaluator's final action, and the rule of its term to refer the report to the body
    final_action_event: str = ""
    referral_term_rule: str = ""
    # the acts the register itself writes on a tenure's case (taking and leaving office)
    register_events: tuple[str, ...] = ()
    # the case a referral (a final action whose outcome refers) opens: its kind and its first act
    referral_kind: str = ""
    referral_event: str = ""


@dataclass(frozen=True)
class PublicFiling:
    """What a body's public e-filing form asks, for the generic form to read (Spanish texts, translated
    on the Django side; ``rulebooks.rulebook_words`` lists them for the catalogue)."""

    # the start page's one line on what complaints the body receives;
    description: str
    # the Code provisions the person may mark as infringed (id → Spanish label; empty: not asked);
    provisions: Mapping[str, str] = field(default_factory=dict)
    # the respondent's municipality is asked instead of the title of the office;
    asks_municipality: bool = False
    # the label of the register's list of respondents ("": the generic one);
    office_label: str = ""
    # the rule whose term the knowledge-date help quotes ("": the date is asked «if remembered»);
    knowledge_term_rule: str = ""
    # the rule of the summary procedure against a candidate ("": the candidacy is not asked);
    candidate_rule: str = ""
    # whom a complaint may be against (role → Spanish label) and the kinds of evidence it may carry;
    respondent_roles: Mapping[str, str] = field(default_factory=dict)
    evidence_kinds: Mapping[str, str] = field(default_factory=dict)
    # who may complain, given the rulebook's resolved settings (None: not asked);
    complainant_kinds: Callable[[Mapping[str, Any]], tuple[str, ...]] | None = None
    # whether the person declares personal knowledge of the facts, and must give a phone number;
    asks_personal_knowledge: bool = False
    phone_required: bool = False
    # the rulebook's check of the whole form, ``(form, settings=…, summary=…)`` → problems (None: the
    # app's own check of a sworn writing);
    check_form: Callable[..., list[Any]] | None = None
    # the provisions in plain-language groups, shown first (empty: the plain list of ``provisions``), and
    # each provision's plain title without its section number (the section is shown as its hint);
    provision_groups: tuple[ProvisionGroup, ...] = ()
    provision_titles: Mapping[str, str] = field(default_factory=dict)
    # beside the knowledge date, in plain words: the term of ``knowledge_term_rule`` and what missing it
    # means (``%(n)s`` the days, ``%(citation)s``); and the warning when the date given is past the term;
    knowledge_term_hint: str = ""
    late_warning: str = ""
    # the receipt's «Qué pasa ahora»: who reviews the complaint and the terms that follow, in order.
    next_steps: tuple[NextStep, ...] = ()
    # the oath the form states before the signature, citing the body's own law (issue 29: never both
    # bodies' laws on one form); "": a sworn writing, no provision cited.
    oath: str = ""
    # the rules the app's own check of a sworn writing cites (when ``check_form`` is None): ``writing``
    # (what the writing holds), ``complainant`` (who may complain), ``oath`` (the oath and the signature)
    # and ``evidence`` (what it is filed with) → rule id.
    sworn_writing_rules: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ConductRules:
    """The norms of conduct the web app checks per person of the register (the House: Sec. 10's gifts,
    court summonses and the nepotism bar), read through the rulebook instead of importing it."""

    gift: Callable[..., Any]  # the engine's gift from its fields (received, source, value, kind, foreign, waiver)
    check_gift: Callable[[Any], list[Finding]]  # one gift's own findings
    check_gifts: Callable[..., list[Finding]]  # every gift's, the patterns after each gift's own (settings=)
    gift_kinds: tuple[str, ...]  # the kinds of gift (the first is the default)
    citation_notice_due: Callable[[LegalCalendar, dt.date], Any]  # a summons' notice term (a DayResult)
    # the same term as a deadline: (calendar, formal notice, day the Secretary was told or None, as of)
    citation_notice: Callable[[LegalCalendar, dt.date, dt.date | None, dt.date], Deadline]
    gift_cap: Decimal
    foreign_gift_cap: Decimal
    nepotism_max_blood: int
    nepotism_max_affinity: int
    roles: Mapping[str, str]  # the register's roles the norms bind, each with its Spanish name
    norm_matrix: Callable[[], dict[str, dict[str, bool]]]  # role → norm's rule ID → whether it binds
    check_norms_for_role: Callable[[str, Sequence[str]], list[Finding]]  # the cited norms that do not bind
    # the rules its pages cite: a gift's (the cap and its patterns), a summons' notice term and its
    # confidentiality, the nepotism bar
    gift_rules: tuple[str, ...] = ()
    summons_rule: str = ""
    summons_confidentiality_rule: str = ""
    nepotism_rule: str = ""


@dataclass(frozen=True)
class LateAct:
    """What an act done after its term means, as the rulebook reads its text (Spanish): shown before a
    late act is recorded, beside the term's own rule. ``rule_id`` is the rule that attaches the
    consequence (the one the text is read from)."""

    rule_id: str
    text: str


# -- the groups a Rulebook is made of, besides its rules, kinds, settings and elections -------------------


@dataclass(frozen=True)
class Docket:
    """How the body's acts are recorded, beyond what each kind's evaluator says (``cases``): ``voting``,
    ``recusal``, ``advisory``, ``final_report``, ``compulsory_dismissal`` (above); ``late_acts``, what an
    act that meets a term after its due date means, by term (deadline id → ``LateAct``; a term without one
    is shown as late with its own rule, and as fatal when the evaluator says so); ``number_series``, which
    kinds share a series of case numbers: kind → the series' code (issue 26, finding 10; docs/decisions.md,
    «Case numbers: one series per group of kinds»): a kind not named is numbered in the body's main series
    («CE-2027-0001»), a code numbers apart («CE-OC-2027-0001»), so that a public filer cannot count the
    confidential matters opened between two of their own filings; ``choice_labels``, the Spanish words of
    the payload choices its acts take, for a value read without its field: id → label (the words of a field
    are its own, ``FieldSpec.labels``; a key two fields label differently is left out here, see
    ``engine.flat_choice_labels``)."""

    voting: Voting = field(default_factory=Voting)
    recusal: Recusal = field(default_factory=Recusal)
    advisory: Advisory = field(default_factory=Advisory)
    final_report: FinalReport = field(default_factory=FinalReport)
    compulsory_dismissal: CompulsoryDismissal | None = None
    late_acts: Mapping[str, LateAct] = field(default_factory=dict)
    number_series: Mapping[str, str] = field(default_factory=dict)
    choice_labels: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DocumentRules:
    """What the body's documents are and must say (``documents``): ``catalogue``, the documents its acts
    produce; ``letterhead``, the line its documents' letterhead adds under «Gobierno de Puerto Rico»
    (Spanish; "": none); ``terms``, the terms its documents quote: a name the templates use → the rule
    that sets the term; ``contents``, by document (its catalogue key), the sections required (section key
    → Spanish label), and ``checks``, the check of the sections a draft includes (→ problems with
    ``field``, ``rule_id`` and ``message``); ``statements``, what a section must *state*, not only
    contain: document key → section key → the names of ``terms`` whose term the section's text must give
    (the term paragraph of a notice states the term to answer and the extension); ``quotes``, the whole
    sentence of the text a document quotes for a rule whose own ``quote`` is a clause of it (rule id → the
    sentence, verbatim): a document never quotes a cut-off clause."""

    catalogue: tuple[Document, ...] = ()
    letterhead: str = ""
    terms: Mapping[str, str] = field(default_factory=dict)
    contents: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    checks: Mapping[str, Callable[..., list[Any]]] = field(default_factory=dict)
    statements: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    quotes: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CasePage:
    """What a case's page (and its e-mails) say of the case besides its docket (``web``, ``cases``):
    ``warned_deadline``, a term whose approaching end the page warns about ("": none), and ``warned_texts``,
    what it says of that term (Spanish, catalogue msgids with ``%(due)s``; ``%(n)s``, the days left):
    ``ran_out``, ``today`` (its last day), ``one_day`` and ``days`` left; ``member_involvement``, warnings
    about members who are parties or witnesses: (member, office in the body) of the seats concerned, the
    respondents' and the witnesses' names → Spanish messages; ``candidate_mark``, whether the respondent's
    candidacy in the coming elections changes the procedure; ``confidentiality``, who may read its cases,
    with the provision that says so (Spanish; "": its text states no such rule, and the system's own
    restriction is stated instead)."""

    warned_deadline: str = ""
    warned_texts: Mapping[str, str] = field(default_factory=dict)
    member_involvement: Callable[[Sequence[tuple[str, str]], Sequence[str], Sequence[str]], list[Msg]] | None = None
    candidate_mark: bool = False
    confidentiality: str = ""


@dataclass(frozen=True)
class BodyPages:
    """The body's own pages the web app offers besides cases (``offered``: ``composition``, ``per_diem``):
    ``seats``, what its ``composition`` page shows and checks (None: no such page); ``per_diem_statement``,
    its ``per_diem`` page's monthly statement: (year, month, meetings as (day, member, official business,
    description), expenses as (day, member, amount, description), settings) → statement;
    ``per_diem_rule``, the rule that sets the per diem, quoted on that page; ``per_diem_policy``, settings
    → its ledger's policy: the per diem's ``amount``, and whether a second meeting of one member on one day
    is to be confirmed or refused (``second_same_day``), with the ``rule_id`` and ``setting``."""

    offered: tuple[str, ...] = ()
    seats: Seats | None = None
    per_diem_statement: (
        Callable[[int, int, Sequence[tuple[Any, ...]], Sequence[tuple[Any, ...]], Mapping[str, Any]], Any] | None
    ) = None
    per_diem_rule: str = ""
    per_diem_policy: Callable[[Mapping[str, Any]], Any] | None = None


@dataclass(frozen=True)
class Register:
    """The body's register of people and what their offices bring (``compliance``, ``web``): ``roles``, the
    offices a respondent the staff docket by hand may hold (the first is the default); ``obligations``, the
    duties computed from their offices (None: it keeps none); ``conduct``, the norms of conduct kept per
    person (None: none); ``income_cap``, the cap on outside income a notice's compensation is checked
    against: the legislative salary → (the cap, the share of the salary in per cent, the rule that sets it)
    (None: the rulebook sets none)."""

    roles: tuple[str, ...] = ()
    obligations: Obligations | None = None
    conduct: ConductRules | None = None
    income_cap: Callable[[Decimal], tuple[Decimal, Decimal, str]] | None = None


@dataclass(frozen=True)
class Public:
    """What the body takes from and shows to the public: ``filing``, what its public e-filing form asks
    (None: it takes no complaint online through this spec, ``filing``); ``record``, what its public record
    shows (``documents.publication``); ``statistics``, what its figures count (``stats``)."""

    filing: PublicFiling | None = None
    record: Publication = field(default_factory=Publication)
    statistics: Statistics = field(default_factory=Statistics)


@dataclass
class Rulebook:
    id: str
    title: str
    rules: dict[str, Rule]
    kinds: dict[str, KindSpec]
    settings: dict[str, Setting]
    elections: tuple[Election, ...]
    findings: dict[str, str] = field(default_factory=dict)  # finding id → rule id
    body: str = ""
    # What the apps read of the body's law, grouped by concern (:mod:`ventila.rules.parts`, issue 28):
    docket: Docket = field(default_factory=Docket)  # how its acts are recorded (votes, recusals, late acts …)
    documents: DocumentRules = field(default_factory=DocumentRules)  # its documents and what they must say
    case_page: CasePage = field(default_factory=CasePage)  # what a case's page says besides the docket
    pages: BodyPages = field(default_factory=BodyPages)  # its own pages besides cases (composition, per diem)
    register: Register = field(default_factory=Register)  # its register of people and their duties
    public: Public = field(default_factory=Public)  # its e-filing form, public record and statistics
    samples: tuple[SampleFlow, ...] = ()  # the fictitious dockets of ``ventila generate``

    def series_of(self, kind: str) -> str:
        """The code of the number series ``kind`` is numbered in ("": the body's main series)."""
        return self.docket.number_series.get(kind, "")

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def resolve_settings(self, overrides: Mapping[str, Any], path: str = "settings") -> Mapping[str, Any]:
        if not overrides:
            cached = _DEFAULT_SETTINGS.get(self.id)
            if cached is None:
                cached = _DEFAULT_SETTINGS[self.id] = {n: s.default for n, s in self.settings.items()}
            return cached
        values = {name: s.default for name, s in self.settings.items()}
        for name, value in overrides.items():
            if name not in self.settings:
                raise InputError(f"{path}.{name}", f"no es un ajuste del reglamento {self.id}")
            s = self.settings[name]
            if s.choices and value not in s.choices:
                raise InputError(
                    f"{path}.{name}",
                    f"{value!r} no es un valor válido (valores: {', '.join(map(str, s.choices))})",
                )
            values[name] = value
        return values


_DEFAULT_SETTINGS: dict[str, dict[str, Any]] = {}  # rulebook id → its default settings


def field_choice_labels(rulebook: Rulebook) -> dict[tuple[str, str], Mapping[str, str]]:
    """(event type, field) → the Spanish words of that field's choices, over the rulebook's kinds.

    Kinds sharing an event (a complaint and a referral) share its fields' words; two different sets of
    words for one event and field in one rulebook is a mistake."""
    out: dict[tuple[str, str], Mapping[str, str]] = {}
    for kind in rulebook.kinds.values():
        for spec in kind.events.values():
            for name, f in spec.fields.items():
                if f.labels:
                    key = (spec.type, name)
                    if out.setdefault(key, f.labels) != f.labels:
                        raise ValueError(f"{rulebook.id}: {key} labelled twice, differently")
    return out


def flat_choice_labels(*tables: Mapping[str, str]) -> dict[str, str]:
    """The choice words a rulebook states for a value read without its field (``Docket.choice_labels``):
    the tables merged, leaving out a key two tables word differently (it is read only with its field)."""
    out: dict[str, str] = {}
    clash: set[str] = set()
    for table in tables:
        for key, label in table.items():
            if out.setdefault(key, label) != label:
                clash.add(key)
    return {k: v for k, v in out.items() if k not in clash}


# -- evaluation ------------------------------------------------------------------------------


@dataclass
class Evaluation:
    rulebook: str
    kind: str
    procedure: str
    deadlines: list[Deadline]
    findings: list[Finding]
    stage: str
    allowed_next: list[str]
    as_of: dt.date | dt.datetime
    stage_rule: Rule | None = None
    # The first moment after ``as_of`` at which the same scenario could evaluate differently: a date
    # (from the start of that day: a day term's status flips the day after its due date, a rulebook
    # check of ``as_of`` against a date — see :meth:`Context.changes_from`), a date-time (naive, local,
    # like ``as_of``) when an hour term's instant passes and ``as_of`` has an hour; None when time
    # alone never changes the answer. Never late: before it, the evaluation is the same on every day.
    changes_on: dt.date | dt.datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "rulebook": self.rulebook,
            "kind": self.kind,
            "procedure": self.procedure,
            "stage": self.stage,
            **(
                {"stage_rule": {"rule": self.stage_rule.id, "citation": self.stage_rule.citation}}
                if self.stage_rule is not None
                else {}
            ),
            "as_of": self.as_of.isoformat(),
            "deadlines": [d.to_json() for d in self.deadlines],
            "findings": [f.to_json() for f in self.findings],
            "allowed_next": self.allowed_next,
        }

    def deadline(self, deadline_id: str) -> Deadline:
        """The latest deadline of that id (KeyError when none applies)."""
        for d in reversed(self.deadlines):
            if d.id == deadline_id:
                return d
        raise KeyError(deadline_id)

    def finding_ids(self) -> list[str]:
        return [f.id for f in self.findings]

    @property
    def next_due(self) -> Deadline | None:
        open_ = [d for d in self.deadlines if d.status in ("open", "missed") and d.satisfied_at is None]
        return min(open_, key=lambda d: d.due_date, default=None)


class Context:
    """What a kind's evaluator reads and writes: the events, the calendar, settings and results."""

    def __init__(
        self,
        scenario: Scenario,
        rulebook: Rulebook,
        settings: Mapping[str, Any],
        calendar: LegalCalendar,
        elections: Sequence[Election],
    ) -> None:
        self.scenario = scenario
        self.rulebook = rulebook
        self.settings = settings
        self.calendar = calendar
        self.elections = elections
        self.events = scenario.events
        self.as_of = scenario.as_of  # a date, or a date-time when the scenario gives one
        # ``as_of_day`` is the day of ``as_of`` (the one a rulebook compares due dates with);
        # ``as_of_dt`` is ``as_of`` when it has an hour, else None (set below).
        self.respondent = scenario.respondent
        self.deadlines: list[Deadline] = []
        self.findings: list[Finding] = []
        self.procedure = "ordinary"
        self.stage: StrEnum = rulebook.kinds[scenario.kind].initial_stage  # a member of the kind's stages
        self.stage_rule: str | None = None  # the rule that defines the current stage, when one does
        self.allowed_next: list[str] = []
        # Days on which a rulebook check of ``as_of`` flips (:meth:`changes_from`).
        self.bounds: list[dt.date] = []
        # Event type → its earliest event, keyed in the order the types first occur. Read only, for
        # evaluators: ``ctx.firsts.get(t)`` is ``ctx.first(t)`` and ``t in ctx.firsts`` is
        # ``ctx.has(t)``, without a call (a call costs more than the look-up on the hot path).
        firsts: dict[str, Event] = {}
        for e in scenario.events:
            t = e.type
            if t not in firsts:
                firsts[t] = e
        self.firsts = firsts
        self._repeats = len(firsts) != len(scenario.events)  # some type occurs more than once
        self.left_out: list[Event] = []  # acts out of place a rulebook's own check left out (:meth:`leave_out`)
        self.suspensions = self._suspensions() if "proceedings_suspended" in firsts else []
        self._rules = rulebook.rules
        self._roll = bool(settings.get("roll_forward", True))
        self._hours = str(settings.get("hour_terms", "clock"))
        self._bare_unit: Unit = settings.get("bare_days_unit", "calendar_days")
        self._titles = _titles(rulebook, scenario.kind)
        self._terms = _rule_terms(rulebook, self._bare_unit)
        as_of = scenario.as_of
        if isinstance(as_of, dt.datetime):
            self.as_of_dt: dt.datetime | None = as_of
            self.as_of_day: dt.date = as_of.date()
        else:
            self.as_of_dt = None
            self.as_of_day = as_of

    def leave_out(self, indices: set[int]) -> None:
        """Evaluate without the events of these indices (acts out of place a rulebook's own order check
        pointed at): like :func:`evaluate` with the acts :func:`out_of_place` finds, they stay on the docket
        and under their finding, but no term, stage or next act follows from them."""
        if not indices:
            return
        self.left_out = [e for e in self.events if e.index in indices]
        self.events = [e for e in self.events if e.index not in indices]
        self.scenario = replace(self.scenario, events=self.events)
        firsts: dict[str, Event] = {}
        for e in self.events:
            firsts.setdefault(e.type, e)
        self.firsts = firsts
        self._repeats = len(firsts) != len(self.events)
        self.__dict__.pop("by_type", None)
        self.suspensions = self._suspensions() if "proceedings_suspended" in firsts else []

    @cached_property
    def by_type(self) -> dict[str, list[Event]]:
        """Event type → its events in docket order (read only), keyed like ``firsts``.

        Built on first use: a docket where each type occurs once (the usual case) needs no lists.
        """
        by_type: dict[str, list[Event]] = {}
        for e in self.scenario.events:
            lst = by_type.get(e.type)
            if lst is None:
                by_type[e.type] = [e]
            else:
                lst.append(e)
        return by_type

    def first(self, *types: str) -> Event | None:
        """The earliest event of any of these types."""
        if len(types) == 1:  # the usual call: the first event of one type
            return self.firsts.get(types[0])
        best: Event | None = None
        for t in types:
            e = self.firsts.get(t)
            if e is not None and (best is None or e.at < best.at):
                best = e
        return best

    def first_or_await(self, event_type: str, stage: StrEnum) -> Event | None:
        """The earliest event of this type; without one, the case stays at ``stage`` awaiting it (the only act
        allowed next)."""
        e = self.firsts.get(event_type)
        if e is None:
            self.stage = stage
            self.allowed_next = [event_type]
        return e

    def last(self, event_type: str) -> Event | None:
        if not self._repeats:
            return self.firsts.get(event_type)
        lst = self.by_type.get(event_type)
        return lst[-1] if lst else None

    def all(self, event_type: str) -> list[Event]:
        if not self._repeats:
            e = self.firsts.get(event_type)
            return [] if e is None else [e]
        return self.by_type.get(event_type, [])

    def has(self, event_type: str) -> bool:
        return event_type in self.firsts

    def rule(self, rule_id: str) -> Rule:
        return self.rulebook.rules[rule_id]

    def changes_from(self, day: dt.date) -> None:
        """Say that a check of ``as_of`` reads differently from ``day`` on (``as_of_day <= d`` flips
        on ``d + 1``, ``as_of_day < d`` on ``d``; a year taken from ``as_of`` on the next 1 January).

        Every comparison of ``as_of`` a rulebook makes, other than a deadline's status, must say its
        day here: :attr:`Evaluation.changes_on` is the earliest of them and of the open terms' ends."""
        self.bounds.append(day)

    def _suspensions(self) -> list[Suspension]:
        return suspension_spans(self.events)

    def add_deadline(
        self,
        deadline_id: StrEnum,
        rule_id: str,
        trigger: Event,
        *,
        term: Term | None = None,
        start: dt.date | dt.datetime | None = None,
        satisfied: Event | None = None,
        extensions: Sequence[tuple[Term, str | Msg]] = (),
        fatal: bool = False,
        suspendable: bool = True,
        start_label: str | Msg = "",
    ) -> Deadline:
        """Compute a term from ``trigger`` (or ``start``) and record it with its status.

        This is the evaluator's hot path: the common case (no suspension, a day term, extensions
        in business days or none) is a few look-ups in the calendar's tables; the trace is derived
        later, on demand, from the inputs kept in the deadline.
        """
        rule, rule_term = self._terms[rule_id]
        if term is None:
            if rule_term is None:
                raise ValueError(f"{rule_id} has no term")
            term = rule_term  # already normalized
        elif term.unit == "days":
            term = self.normalize(term)
        unit = term.unit
        susp = self.suspensions if suspendable else ()
        if susp or unit == "hours":
            return self._add_deadline_general(
                deadline_id, rule, trigger, term, start, satisfied, extensions, fatal, susp, start_label
            )
        cal = self.calendar
        if start is None:
            begin: dt.date | dt.datetime = trigger.day
            day = begin
        else:
            begin = start
            day = start.astimezone(PR_TZ).date() if isinstance(start, dt.datetime) else start
        exts: Sequence[tuple[Term, str | Msg]] = ()
        if unit == "business_days":
            due = cal.add_business_days_date(day, term.amount)
            if extensions:
                exts = [(self.normalize(t), why) for t, why in extensions]
                for ext, _ in exts:
                    if ext.unit != "business_days":
                        return self._add_deadline_general(
                            deadline_id,
                            rule,
                            trigger,
                            term,
                            start,
                            satisfied,
                            extensions,
                            fatal,
                            susp,
                            start_label,
                        )
                    # Each extension adds business days after the due date it extends.
                    due = cal.add_business_days_date(due, ext.amount)
        elif extensions:
            return self._add_deadline_general(
                deadline_id, rule, trigger, term, start, satisfied, extensions, fatal, susp, start_label
            )
        else:
            due = cal.add_calendar_days_date(day, term.amount, self._roll)
        # The fields (all of _DEADLINE_FIELDS) are set here rather than through the dataclass
        # __init__: that call would cost about as much as the rest of this method.
        d = _new(Deadline)
        d.id = str(deadline_id)
        d.rule = rule
        d.trigger = trigger.type
        d.trigger_at = trigger.at if trigger.has_time else trigger.day
        d.term = term
        d.due = due
        if satisfied is not None:
            d.status = "met" if satisfied.day <= due else "missed"
            d.satisfied_by = satisfied.type
            d.satisfied_at = satisfied.at if satisfied.has_time else satisfied.day
        else:
            d.status = "open" if self.as_of_day <= due else "missed"
            d.satisfied_by = d.satisfied_at = None
        d.fatal = fatal
        d.inputs = (
            cal,
            begin,
            term,
            susp,
            self._roll,
            self._hours,
            start_label or self._titles.get(trigger.type, trigger.type),
            exts,
        )
        d.notes = []
        self.deadlines.append(d)
        return d

    def _add_deadline_general(
        self,
        deadline_id: StrEnum,
        rule: Rule,
        trigger: Event,
        term: Term,
        start: dt.date | dt.datetime | None,
        satisfied: Event | None,
        extensions: Sequence[tuple[Term, str | Msg]],
        fatal: bool,
        susp: Sequence[Suspension],
        start_label: str | Msg,
    ) -> Deadline:
        """:meth:`add_deadline` for hour terms, suspended terms and calendar-day extensions."""
        hours = term.unit == "hours"
        begin = start if start is not None else (trigger.at if hours else trigger.day)
        exts: Sequence[tuple[Term, str | Msg]] = (
            [(self.normalize(t), why) for t, why in extensions] if extensions else ()
        )
        cal = self.calendar
        due, suspended, _ = compute_due(
            cal,
            begin,
            term,
            suspensions=susp,
            roll_forward=self._roll,
            hour_reading=self._hours,
            extensions=exts,
        )
        if satisfied is not None:
            sat_at: dt.date | dt.datetime = satisfied.at if hours else satisfied.day
            status: Status = "met" if sat_at <= due else "missed"
        elif suspended:
            status = "suspended"
        elif hours:
            assert isinstance(due, dt.datetime)
            status = "open" if (self.as_of_dt <= due if self.as_of_dt else self.as_of_day <= due.date()) else "missed"
        else:
            assert not isinstance(due, dt.datetime)
            status = "open" if self.as_of_day <= due else "missed"
        label = start_label or self._titles.get(trigger.type, trigger.type)
        d = Deadline(
            str(deadline_id),
            rule,
            trigger.type,
            trigger.moment,
            term,
            due,
            status,
            satisfied.type if satisfied is not None else None,
            satisfied.moment if satisfied is not None else None,
            fatal,
            (cal, begin, term, susp, self._roll, self._hours, label, exts),
        )
        self.deadlines.append(d)
        return d

    def _title(self, event_type: str) -> str:
        spec = self.rulebook.kinds[self.scenario.kind].events.get(event_type)
        return spec.title.lower() if spec is not None else event_type

    def normalize(self, term: Term) -> Term:
        """Bare "días" are counted as the rulebook's ``bare_days_unit`` says (calendar by default)."""
        if term.unit == "days":
            return shared_term(term.amount, self._bare_unit)
        return term

    def add_finding(self, finding_id: str, rule_id: str, message: Msg, **data: Any) -> Finding:
        """Record a finding; its message is a ``Msg``, for the web app to show translated."""
        f = Finding(finding_id, self.rulebook.rules[rule_id], message, dict(data))
        self.findings.append(f)
        return f

    def act_finding(self, e: Event, rule_id: str, message: Msg, finding: str = "act_not_allowed") -> Finding:
        """A finding on the act ``e`` (``act_not_allowed`` unless ``finding`` says otherwise): ``message``, whose
        ``%(act)s`` is the act's title and ``%(day)s`` its day."""
        title = self.rulebook.kinds[self.scenario.kind].events[e.type].title
        return self.add_finding(finding, rule_id, message.having(act=title, day=e.day), event=e.index)

    def capped(
        self, rule_id: str, granted: int, maximum: int, over: Msg, key: str, finding: str = "extension_over_maximum"
    ) -> int:
        """The days of an extension the rule allows: ``granted``, or ``maximum`` when more were granted, with
        a ``finding`` (``over``'s text, ``%(<key>)s`` the days granted, ``%(amount)s``
        the maximum)."""
        if granted <= maximum:
            return granted
        self.add_finding(
            finding, rule_id, over.having(**{key: granted}, amount=maximum), granted=granted, maximum=maximum
        )
        return maximum

    def is_missed(self, d: Deadline) -> bool:
        return d.status == "missed"


# What add_deadline sets on a Deadline it builds without __init__: every field, in order.
_DEADLINE_FIELDS = (
    "id",
    "rule",
    "trigger",
    "trigger_at",
    "term",
    "due",
    "status",
    "satisfied_by",
    "satisfied_at",
    "fatal",
    "inputs",
    "notes",
)
sets_every_field(Deadline, _DEADLINE_FIELDS)
# The same for parse_scenario and evaluate, which build a Scenario and an Evaluation that way.
_SCENARIO_FIELDS = (
    "rulebook",
    "kind",
    "respondent",
    "closures",
    "openings",
    "elections",
    "events",
    "as_of",
    "settings",
    "extra",
)
sets_every_field(Scenario, _SCENARIO_FIELDS)
_EVALUATION_FIELDS = (
    "rulebook",
    "kind",
    "procedure",
    "deadlines",
    "findings",
    "stage",
    "allowed_next",
    "as_of",
    "stage_rule",
    "changes_on",
)
sets_every_field(Evaluation, _EVALUATION_FIELDS)

# Rulebook id, bare-days unit → (the rulebook's rules, rule id → (rule, its term normalized)).
_RULE_TERMS: dict[tuple[str, str], tuple[dict[str, Rule], dict[str, tuple[Rule, Term | None]]]] = {}


def _rule_terms(rulebook: Rulebook, bare_unit: Unit) -> dict[str, tuple[Rule, Term | None]]:
    """Each rule with its term, bare "días" already counted as ``bare_unit`` says."""
    key = (rulebook.id, bare_unit)
    entry = _RULE_TERMS.get(key)
    if entry is None or entry[0] is not rulebook.rules:
        table = {
            rid: (r, shared_term(r.term.amount, bare_unit) if r.term is not None and r.term.unit == "days" else r.term)
            for rid, r in rulebook.rules.items()
        }
        entry = _RULE_TERMS[key] = (rulebook.rules, table)
    return entry[1]


_TITLES: dict[tuple[str, str], dict[str, str]] = {}


def suspension_spans(events: Iterable[Event], holds: Callable[[Event], bool] = lambda e: True) -> list[Suspension]:
    """The spans of the stays on a docket: each ``proceedings_suspended`` entry that ``holds`` (all, unless
    told) up to the next ``proceedings_resumed`` (open when none follows)."""
    spans: list[Suspension] = []
    start: Event | None = None
    for e in events:
        if e.type == "proceedings_suspended" and start is None and holds(e):
            start = e
        elif e.type == "proceedings_resumed" and start is not None:
            spans.append(Suspension(start.day, e.day, str(start.get("reason", ""))))
            start = None
    if start is not None:
        spans.append(Suspension(start.day, None, str(start.get("reason", ""))))
    return spans


def _titles(rulebook: Rulebook, kind: str) -> dict[str, str]:
    """Event type → its Spanish title in lower case, for traces ("desde la contestación presentada")."""
    key = (rulebook.id, kind)
    titles = _TITLES.get(key)
    if titles is None:
        titles = _TITLES[key] = {t: e.title.lower() for t, e in rulebook.kinds[kind].events.items()}
    return titles


# -- parsing ---------------------------------------------------------------------------------


def _parse_date(value: Any, path: str) -> dt.date:
    if not isinstance(value, str):
        raise InputError(path, f"{_show(value)} no es una fecha (AAAA-MM-DD)")
    known = _DATES.get(value)
    if known is not None:
        return known
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        raise InputError(path, f"{_show(value)} no es una fecha (AAAA-MM-DD)") from None
    if len(_DATES) < 65536:
        _DATES[value] = day
    return day


# Parsed dates by their text (parsing is pure; a docket repeats few distinct dates).
_DATES: dict[str, dt.date] = {}


def _parse_moment(value: Any, path: str) -> tuple[dt.datetime, dt.date, bool]:
    """A date or a date-time; without an offset it is Puerto Rico time."""
    if not isinstance(value, str) or not value:
        raise InputError(path, f"{_show(value)} no es una fecha ni una fecha y hora")
    known = _MOMENTS.get(value)
    if known is not None:
        return known
    result = _parse_moment_uncached(value, path)
    if len(_MOMENTS) < 65536:
        _MOMENTS[value] = result
    return result


# Parsed moments by their text: a docket repeats few distinct dates, and parsing is pure.
_MOMENTS: dict[str, tuple[dt.datetime, dt.date, bool]] = {}


def _parse_moment_uncached(value: str, path: str) -> tuple[dt.datetime, dt.date, bool]:
    if len(value) == 10:
        day = _parse_date(value, path)
        return start_of_day(day), day, False
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        raise InputError(path, f"{_show(value)} no es una fecha ni una fecha y hora (ISO 8601)") from None
    moment = moment.replace(tzinfo=PR_TZ) if moment.tzinfo is None else moment.astimezone(PR_TZ)
    return moment, moment.date(), True


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "null"
    return repr(value)


MONEY_DIGITS = 12  # the register's DecimalField (web forms too): 12 digits, 2 of them cents
# What each payload field type accepts in JSON (one policy for ``ventila deadlines``, ``ventila conduct`` and
# the API): generated into docs/deadlines-contract.md, «Payload field types», so the contract
# says what :func:`_parse_field` does. Money is read from a JSON string or number into a Decimal.
FIELD_TYPES: Mapping[str, str] = {
    "date": "a date `YYYY-MM-DD`",
    "datetime": "a date `YYYY-MM-DD` or a date-time (ISO 8601; without offset, Puerto Rico time)",
    "bool": "`true` or `false`",
    "int": "a whole number ≥ 0",
    "money": (
        'dollars to the cent, a string such as `"250.00"` or a number (`250`, `25699.86`), read as written into '
        f"a Decimal (never a binary float); ≥ 0, at most {MONEY_DIGITS - 2} integer digits and 2 decimals"
    ),
    "str": "a text",
    "choice": "one of the field's values",
    "choices": "a list of the field's values",
}


def parse_money(value: Any, path: str) -> Decimal:
    """An amount in dollars to the cent (``"250.00"`` or a number), never negative: Decimal end to end — the
    number as written (a float's shortest repr, 25699.86), never its binary approximation, so an amount is
    compared with the law's exact fraction (Sec. 11(A): 35/100 of a salary). The one parsing policy for money
    of ``ventila deadlines``, ``ventila conduct`` and the API; refused with the field named."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float, Decimal)) or len(str(value)) > 30:
        raise InputError(path, f'{_show(value)} no es una cantidad de dinero (p. ej. "250.00")')
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise InputError(path, f'{_show(value)} no es una cantidad de dinero (p. ej. "250.00")') from None
    if not amount.is_finite() or amount < 0:
        raise InputError(path, f"{_show(value)} no es una cantidad de dinero positiva")
    if amount != amount.quantize(Decimal("0.01")) or amount >= Decimal(10) ** (MONEY_DIGITS - 2):
        raise InputError(path, f"{_show(value)}: una cantidad al centavo, de hasta {MONEY_DIGITS - 2} cifras enteras")
    return amount


def _parse_field(spec: FieldSpec, value: Any, path: str) -> Any:
    t = spec.type
    if t == "date":
        return _parse_date(value, path)
    if t == "datetime":
        moment, day, has_time = _parse_moment(value, path)
        return moment if has_time else day
    if t == "bool":
        if not isinstance(value, bool):
            raise InputError(path, f"{_show(value)} no es true ni false")
        return value
    if t == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InputError(path, f"{_show(value)} no es un número entero no negativo")
        return value
    if t == "money":
        return parse_money(value, path)
    if t == "str":
        if not isinstance(value, str):
            raise InputError(path, f"{_show(value)} no es un texto")
        return value
    if t == "choice":
        if value not in spec.choices:
            raise InputError(path, f"{_show(value)} no es uno de: {', '.join(spec.choices)}")
        return value
    if t == "choices":
        if not isinstance(value, list) or any(v not in spec.choices for v in value):
            raise InputError(path, f"{_show(value)} debe ser una lista de: {', '.join(spec.choices)}")
        return tuple(value)
    raise ValueError(f"unknown field type {t}")


_EVENT_KEYS = frozenset({"type", "at", "id", "supersedes", "note"})


def parse_events(raw: Any, kind: KindSpec, rulebook: Rulebook, path: str = "events") -> list[Event]:
    """Validate and type a list of raw events (dicts) against the kind's vocabulary.

    Record-only events (:attr:`EventSpec.record_only`) are validated and then left out."""
    if not isinstance(raw, list):
        raise InputError(path, "debe ser una lista de eventos")
    events: list[Event] = []
    ordered = True  # whether each event fell on a later day than the one before (checked as we go)
    prev_day = dt.date.min
    specs = kind.events
    required_by_type = _required_fields(kind)
    not_after_by_type = _not_after_fields(kind)
    moments = _MOMENTS
    dates = _DATES
    for i, item in enumerate(raw):
        if type(item) is not dict and not isinstance(item, Mapping):
            raise InputError(f"{path}[{i}]", "debe ser un objeto con type y at")
        etype: Any = item.get("type")
        spec = specs.get(etype) if type(etype) is str else None
        if spec is None:
            if etype is None:
                raise InputError(f"{path}[{i}].type", "falta el tipo de evento")
            raise InputError(
                f"{path}[{i}].type",
                f"{_show(etype)} no es un evento de {rulebook.id} · {kind.id} (eventos: {', '.join(specs)})",
            )
        at_raw: Any = item.get("at")
        try:
            known = moments[at_raw]  # the usual case: a text parsed before
        except (KeyError, TypeError):  # a new text, or a missing or unusable value: parse it or say why
            if "at" not in item:
                raise InputError(f"{path}[{i}].at", "falta la fecha del evento") from None
            known = _parse_moment(at_raw, f"{path}[{i}].at")
        payload: dict[str, Any] = {}
        if len(item) > 2:
            fields_ = spec.fields
            for name, value in item.items():
                if name in _EVENT_KEYS:
                    continue
                fspec = fields_.get(name)
                if fspec is None:
                    raise InputError(
                        f"{path}[{i}].{name}",
                        f"no es un dato del evento {etype}"
                        + (f" (datos: {', '.join(fields_)})" if fields_ else " (no lleva datos)"),
                    )
                # The common cases are checked inline (a call costs more than the check); anything
                # else, errors included, goes through _parse_field, which fills the date caches.
                t = fspec.type
                vt = type(value)
                if t == "str" and vt is str or t == "bool" and vt is bool:
                    payload[name] = value
                elif t == "date" and vt is str and value in dates:
                    payload[name] = dates[value]
                elif t == "datetime" and vt is str and value in moments:
                    m = moments[value]
                    payload[name] = m[0] if m[2] else m[1]
                elif t == "int" and vt is int and value >= 0 or t == "choice" and vt is str and value in fspec.choices:
                    payload[name] = value
                else:
                    payload[name] = _parse_field(fspec, value, f"{path}[{i}].{name}")
        required = required_by_type[etype]
        if required:
            for name in required:
                if name not in payload:
                    raise InputError(f"{path}[{i}].{name}", f"falta este dato, requerido en {etype}")
        if payload:
            not_after, not_before = not_after_by_type[etype]
            for name in not_after:
                value = payload.get(name)
                if value is not None and value > known[1]:
                    raise InputError(
                        f"{path}[{i}].{name}",
                        f"{value.isoformat()} es posterior a la fecha del evento ({known[1].isoformat()}); "
                        f"debe ser ese día o uno anterior",
                    )
            for name in not_before:
                value = payload.get(name)
                if value is not None and value < known[1]:
                    raise InputError(
                        f"{path}[{i}].{name}",
                        f"{value.isoformat()} es anterior a la fecha del evento ({known[1].isoformat()}); "
                        f"debe ser ese día o uno posterior",
                    )
        if spec.record_only:
            continue  # validated, but not an act of the proceeding: the evaluators never see it
        # The fields are set here rather than through the dataclass __init__: that call would cost
        # more than the rest of this loop's work for the event.
        e = _new(Event)
        at, day, has_time = known
        e.type = etype
        e.at = at
        e.day = day
        e.has_time = has_time
        e.payload = payload
        e.index = i
        events.append(e)
        if day <= prev_day:
            ordered = False
        prev_day = day
    # Events on later and later days are in order; otherwise order_events checks the order
    # exactly (the same day is fine in input order) and sorts only when needed.
    return events if ordered else order_events(events)


_new = build_without_init  # the speed trick explained in speed.py


# Kind → (the kind, event type → its required payload fields), built once per kind (speed.per_kind).
_REQUIRED: dict[int, tuple[KindSpec, dict[str, tuple[str, ...]]]] = {}


def _required_fields(kind: KindSpec) -> dict[str, tuple[str, ...]]:
    return per_kind(
        _REQUIRED,
        kind,
        lambda k: {t: tuple(n for n, f in spec.fields.items() if f.required) for t, spec in k.events.items()},
    )


# Kind → (the kind, event type → (its date fields that cannot fall after the event's own day, those
# that cannot fall before it)).
_NOT_AFTER: dict[int, tuple[KindSpec, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]]] = {}


def _not_after_fields(kind: KindSpec) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    return per_kind(
        _NOT_AFTER,
        kind,
        lambda k: {
            t: (
                tuple(n for n, f in spec.fields.items() if f.not_after_event and f.type == "date"),
                tuple(n for n, f in spec.fields.items() if f.not_before_event and f.type == "date"),
            )
            for t, spec in k.events.items()
        },
    )


def order_events(events: list[Event]) -> list[Event]:
    """Events in the order they happened.

    By day; within a day, events with a time keep their time order among themselves and events
    given as a bare date keep their input order ("a date alone means that day": it says nothing
    of the hour, so it is not put before or after a timed event of the same day).
    """
    # Already in order (the usual case for a docket)? Days never go back, and within a day no timed
    # event comes before the previous timed one — also across a date-only event between them.
    day: dt.date | None = None
    last: dt.datetime | None = None
    for e in events:
        if day is None or e.day != day:
            if day is not None and e.day < day:
                break
            day, last = e.day, None
        if e.has_time:
            if last is not None and e.at < last:
                break
            last = e.at
    else:
        return events
    events = sorted(events, key=lambda e: (e.day, e.index))
    out: list[Event] = []
    i = 0
    while i < len(events):
        j = i
        while j < len(events) and events[j].day == events[i].day:
            j += 1
        group = events[i:j]
        timed = sorted((e for e in group if e.has_time), key=lambda e: (e.at, e.index))
        it = iter(timed)
        out.extend(next(it) if e.has_time else e for e in group)
        i = j
    return out


_SCENARIO_KEYS = frozenset(
    {"rulebook", "kind", "respondent", "calendar", "elections", "events", "as_of", "settings", "extra"}
)
_RESPONDENT_KEYS = frozenset({"role", "candidate", "name"})
_NOTHING: Mapping[str, Any] = {}  # an absent optional object of the input (read, never stored)


RULEBOOKS: dict[str, Rulebook] = {}
"""The rulebooks by id. ``ventila/rules/rulebooks/__init__.py`` fills it with :func:`register_rulebook`
(the rulebooks import this module, so it never imports them); ``ventila/rules/__init__.py`` imports
the rulebooks, so the registry is full before anything reads it."""


def register_rulebook(rulebook: Rulebook) -> Rulebook:
    """Add ``rulebook`` to :data:`RULEBOOKS` under its id; an id registered twice is a mistake."""
    if rulebook.id in RULEBOOKS and RULEBOOKS[rulebook.id] is not rulebook:
        raise ValueError(f"rulebook {rulebook.id!r} registered twice")
    RULEBOOKS[rulebook.id] = rulebook
    return rulebook


def parse_calendar_days(data: Mapping[str, Any]) -> tuple[list[dt.date], list[dt.date]]:
    """The input's ``calendar``: its closures and openings (each date named by its path when wrong)."""
    closures: list[dt.date] = []
    openings: list[dt.date] = []
    if "calendar" in data:
        cal_raw = data["calendar"]
        if type(cal_raw) is not dict and not isinstance(cal_raw, Mapping):
            raise InputError("calendar", "debe ser un objeto con closures y openings")
        for key in cal_raw:
            if key not in ("closures", "openings"):
                raise InputError(f"calendar.{key}", "no es un dato del calendario (datos: closures, openings)")
        for key, target in (("closures", closures), ("openings", openings)):
            lst = cal_raw.get(key, [])
            if not isinstance(lst, list):
                raise InputError(f"calendar.{key}", "debe ser una lista de fechas")
            for i, v in enumerate(lst):
                target.append(_parse_date(v, f"calendar.{key}[{i}]"))
    return closures, openings


def parse_elections(data: Mapping[str, Any]) -> tuple[Election, ...] | None:
    """The input's ``elections`` (None when absent: the rulebook's own apply)."""
    elections: tuple[Election, ...] | None = None
    if "elections" in data:
        el_raw = data["elections"]
        if not isinstance(el_raw, list):
            raise InputError("elections", "debe ser una lista de elecciones")
        parsed = []
        for i, e in enumerate(el_raw):
            if not isinstance(e, Mapping):
                raise InputError(f"elections[{i}]", "debe ser un objeto con kind y date")
            k = e.get("kind")
            if k not in ("general", "primary"):
                raise InputError(f"elections[{i}].kind", f"{_show(k)} no es general ni primary")
            parsed.append(Election(k, _parse_date(e.get("date"), f"elections[{i}].date")))
        elections = tuple(parsed)
    return elections


def parse_rulebook(data: Any) -> Rulebook:
    """The input's ``rulebook`` (the input must be a JSON object)."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise InputError("(raíz)", "la entrada debe ser un objeto JSON")
    rb_id: Any = data.get("rulebook")
    if type(rb_id) is not str or rb_id not in RULEBOOKS:  # a list or an object is no key (and unhashable)
        raise InputError("rulebook", f"{_show(rb_id)} no es un reglamento (valores: {', '.join(RULEBOOKS)})")
    return RULEBOOKS[rb_id]


def parse_scenario(data: Any) -> tuple[Scenario, Rulebook, KindSpec]:
    rulebook = parse_rulebook(data)
    rb_id = rulebook.id
    kind_id: Any = data.get("kind")
    if type(kind_id) is not str or kind_id not in rulebook.kinds:
        raise InputError(
            "kind", f"{_show(kind_id)} no es un tipo de caso de {rb_id} (valores: {', '.join(rulebook.kinds)})"
        )
    kind = rulebook.kinds[kind_id]
    for key in data:
        if key not in _SCENARIO_KEYS:
            raise InputError(str(key), f"no es un campo de la entrada (campos: {', '.join(sorted(_SCENARIO_KEYS))})")

    resp_raw = data.get("respondent", _NOTHING)
    if type(resp_raw) is not dict and not isinstance(resp_raw, Mapping):
        raise InputError("respondent", "debe ser un objeto con role y candidate")
    roles = kind.respondent_roles
    role = resp_raw.get("role", roles[0] if roles else "representative")
    if roles and role not in roles:
        raise InputError("respondent.role", f"{_show(role)} no es un rol válido aquí (valores: {', '.join(roles)})")
    candidate = resp_raw.get("candidate", False)
    if not isinstance(candidate, bool):
        raise InputError("respondent.candidate", f"{_show(candidate)} no es true ni false")
    for key in resp_raw:
        if key not in _RESPONDENT_KEYS:
            raise InputError(f"respondent.{key}", "no es un dato de la parte querellada (datos: role, candidate)")

    respondent = _RESPONDENTS.get((role, candidate)) if type(role) is str else None
    if respondent is None:
        respondent = Respondent(role, candidate)
        if type(role) is str and len(_RESPONDENTS) < 1024:
            _RESPONDENTS[(role, candidate)] = respondent  # frozen: one instance serves every scenario

    closures, openings = parse_calendar_days(data)
    elections = parse_elections(data)

    events = parse_events(data.get("events", []), kind, rulebook)

    if "as_of" in data:
        moment, day, has_time = _parse_moment(data["as_of"], "as_of")
        as_of: dt.date | dt.datetime = moment if has_time else day
    else:
        as_of = dt.datetime.now(PR_TZ).date()

    settings_raw = data.get("settings", {})
    if type(settings_raw) is not dict and not isinstance(settings_raw, Mapping):
        raise InputError("settings", "debe ser un objeto de ajustes")
    extra = data.get("extra", {})
    if type(extra) is not dict and not isinstance(extra, Mapping):
        raise InputError("extra", "debe ser un objeto")
    # Every field of Scenario (see _SCENARIO_FIELDS), set without the dataclass __init__ (a call
    # that would cost more than these stores).
    scenario = _new(Scenario)
    scenario.rulebook = rb_id
    scenario.kind = kind_id
    scenario.respondent = respondent
    scenario.closures = tuple(closures)
    scenario.openings = tuple(openings)
    scenario.elections = elections
    scenario.events = events
    scenario.as_of = as_of
    scenario.settings = settings_raw
    scenario.extra = extra
    return scenario, rulebook, kind


_RESPONDENTS: dict[tuple[str, bool], Respondent] = {}


def rescenario(base: Scenario, parsed: Sequence[Sequence[Event]], as_of: str) -> Scenario:
    """``base`` (a parsed scenario: its rulebook, kind, respondent, calendar, elections and settings) with other
    events and another ``as_of`` (the input's text), as :func:`parse_scenario` would give them: ``parsed`` holds
    what :func:`parse_events` gave for each raw event alone (nothing for a record-only event), so a caller that
    evaluates a growing docket many times parses each event once (``ventila generate``'s check of every act)."""
    events: list[Event] = []
    ordered = True
    prev_day = dt.date.min
    for i, alone in enumerate(parsed):
        for one in alone:
            e = _new(Event)
            e.type, e.at, e.day, e.has_time, e.payload, e.index = (
                one.type,
                one.at,
                one.day,
                one.has_time,
                one.payload,
                i,
            )
            events.append(e)
            if e.day <= prev_day:
                ordered = False
            prev_day = e.day
    moment, day, has_time = _parse_moment(as_of, "as_of")
    return replace(base, events=events if ordered else order_events(events), as_of=moment if has_time else day)


def evaluate(data: Mapping[str, Any] | Scenario) -> Evaluation:
    """Evaluate a scenario (the contract's JSON, parsed) into deadlines, findings and next acts."""
    if isinstance(data, Scenario):
        scenario = data
        rulebook = RULEBOOKS[scenario.rulebook]
        kind = rulebook.kinds[scenario.kind]
    else:
        scenario, rulebook, kind = parse_scenario(data)
    return _evaluate(scenario, rulebook, kind)


def _evaluate(scenario: Scenario, rulebook: Rulebook, kind: KindSpec, net: bool = True) -> Evaluation:
    """:func:`evaluate` of a parsed scenario; ``net``: whether to look for acts that follow a flagged act
    and change nothing (:func:`_after_flagged`; off for the evaluation without one such act)."""
    settings = rulebook.resolve_settings(scenario.settings)
    elections = scenario.elections if scenario.elections is not None else rulebook.elections
    try:
        calendar = _calendar(scenario, rulebook, settings, elections)
    except CalendarError as exc:
        raise InputError("calendar", str(exc)) from None
    _check_input_dates(scenario, kind, calendar)
    try:
        out = out_of_place(scenario.events, kind)
        ctx = Context(_without(scenario, out) if out else scenario, rulebook, settings, calendar, elections)
        kind.evaluate(ctx)
        if kind.lapses:
            _mark_lapses(ctx, kind)
        if "stay_held_no_term" in rulebook.findings and "proceedings_suspended" in ctx.firsts:
            _stays_holding_no_term(ctx, rulebook.findings["stay_held_no_term"], kind)
        if _overtaking_table(kind):
            _overtaken(ctx, kind, kind.order_rule or rulebook.findings["act_not_allowed"])
        if out:
            rule_id = kind.order_rule or rulebook.findings["act_not_allowed"]
            for e, why in out:
                ctx.add_finding("act_not_allowed", rule_id, why, event=e.index)
    except CalendarError as exc:
        # A term counted from a payload date outside the calendar's years (a knowledge date of
        # 2023), or one ending past its tables: name the date when one is at fault.
        at_fault = _payload_date_out_of_range(scenario, kind, calendar)
        if at_fault is not None:
            _out_of_range(calendar, at_fault[1], at_fault[0])
        raise InputError("events", str(exc)) from None
    # Every field of Evaluation (see _EVALUATION_FIELDS), set without the dataclass __init__.
    ev = _new(Evaluation)
    ev.rulebook = rulebook.id
    ev.kind = kind.id
    ev.procedure = ctx.procedure
    ev.deadlines = ctx.deadlines
    ev.findings = ctx.findings
    ev.stage = str(ctx.stage)  # the plain id (a StrEnum member is its id)
    ev.allowed_next = ctx.allowed_next
    ev.as_of = scenario.as_of
    ev.stage_rule = rulebook.rules[ctx.stage_rule] if ctx.stage_rule else None
    ev.changes_on = _changes_on(ctx)
    if net and ctx.findings:
        _after_flagged(ev, ctx, scenario, rulebook, kind)
    return ev


def _after_flagged(ev: Evaluation, ctx: Context, scenario: Scenario, rulebook: Rulebook, kind: KindSpec) -> None:
    """Never silent, for every act that presupposes a flagged one: an act in place by its preconditions
    (:attr:`EventSpec.after`) whose preceding act a finding points at — a decision recorded before the
    proceeding reached it, which the kind's evaluation does not take up — may itself change nothing (the
    notice of that decision). Each such act is tried without: when the evaluation is the same, it gets
    ``act_not_allowed`` saying which flagged act it follows, and the acts that presuppose it are tried in
    turn. An act its spec declares inert (``standalone``, ``repeatable``) is left as it is. Only these
    acts are tried again, so a docket without findings costs nothing more."""
    pointed = {f.data.get("event") for f in ctx.findings}
    table = _order_table(kind)
    rule_id = kind.order_rule or rulebook.findings["act_not_allowed"]
    base: dict[str, Any] | None = None
    # The docket as the kind's evaluation saw it, with the acts its own order check left out (a dismissal
    # before the notice): an act that follows only such an act follows a flagged one too.
    live = {e.index for e in ctx.events}
    left = {e.index for e in ctx.left_out}
    docket = [e for e in scenario.events if e.index in live or e.index in left]
    for n, e in enumerate(docket):
        order = table.get(e.type)
        spec = kind.events[e.type]
        if e.index not in live or order is None or not order[0] or e.index in pointed:
            continue
        if spec.standalone or spec.repeatable:
            continue
        anchor = next((p for p in reversed(docket[:n]) if any(a.matches(p) for a in order[0])), None)
        if anchor is None or anchor.index not in pointed:
            continue
        if base is None:
            base = ev.to_json()
        without = replace(scenario, events=[x for x in scenario.events if x.index != e.index])
        try:
            same = _evaluate(without, rulebook, kind, net=False).to_json() == base
        except (InputError, CalendarError):
            same = False  # without it the docket is unusable: the act is what made it so
        if same:
            ctx.add_finding(
                "act_not_allowed",
                rule_id,
                Msg(
                    "«%(act)s» (%(day)s) sigue a «%(anchor)s» (%(anchored)s), que tiene una observación en este "
                    "expediente: no se tiene en cuenta y no cambia ningún término ni la etapa del caso.",
                    act=spec.title,
                    day=e.day,
                    anchor=kind.events[anchor.type].title,
                    anchored=anchor.day,
                ),
                event=e.index,
            )
            pointed.add(e.index)


def _mark_lapses(ctx: Context, kind: KindSpec) -> None:
    """A window the kind declares in ``lapses``, past with no act on record, ran its course: ``lapsed``
    (the expected outcome), not ``missed``. An act after it stays ``missed`` (late)."""
    for d in ctx.deadlines:
        if d.status == "missed" and d.satisfied_at is None and d.id in kind.lapses:
            d.status = "lapsed"


# -- preconditions: never silent --------------------------------------------------------------------

# Kind → (the kind, event type → (the acts one of which must precede it, the acts after which it is out of
# place, whether it is once per its preceding act)); only the types that declare something.
_Order = tuple[tuple[Act, ...], tuple[Act, ...], bool, tuple[Act, ...]]
_ORDER: dict[int, tuple[KindSpec, dict[str, _Order]]] = {}


def _order_table(kind: KindSpec) -> dict[str, _Order]:
    def build(k: KindSpec) -> dict[str, _Order]:
        opening = tuple(Act(t) for t in k.opening)
        table: dict[str, _Order] = {}
        for t, spec in k.events.items():
            if spec.record_only:
                continue
            after = spec.after or (opening if t not in k.opening else ())
            if after or spec.not_after or spec.once:
                # ``once`` counts since the act's own ``after`` act (none: once in the whole case — the
                # kind's opening repeated, an amended request, does not reopen it) or its ``reopened_by``.
                table[t] = (after, spec.not_after, spec.once, (*spec.after, *spec.reopened_by))
        return table

    return per_kind(_ORDER, kind, build)


def out_of_place(events: Sequence[Event], kind: KindSpec) -> list[tuple[Event, Msg]]:
    """The acts out of place by their specs' preconditions (:attr:`EventSpec.after`, ``not_after``,
    ``once``, ``reopened_by``, the kind's ``opening``), each with why: never silent.

    Walks the docket in order, keeping the acts that are in place; an act out of place is not, so an
    act that presupposes only it is out of place too (every act after an orphan). :func:`evaluate`
    leaves these acts out of what the kind's evaluator sees (the evaluation goes on without them) and
    points at each with ``act_not_allowed``.
    """
    table = _order_table(kind)
    if not table and len({e.type for e in events}) == len(events):
        return []  # nothing declared, and no act recorded twice
    titles = kind.events
    placed: dict[str, list[Event]] = {}  # event type → its acts in place, in docket order
    n = 0  # acts in place so far (an act's position among them: ``seq``)
    seq: dict[int, int] = {}  # event index → its position among the acts in place
    out: list[tuple[Event, Msg]] = []

    def last(acts: tuple[Act, ...]) -> Event | None:
        best: Event | None = None
        for a in acts:
            for p in reversed(placed.get(a.type, ())):
                if a.matches(p):
                    if best is None or seq[p.index] > seq[best.index]:
                        best = p
                    break
        return best

    def first(acts: tuple[Act, ...]) -> Event | None:
        best: Event | None = None
        for a in acts:
            p = next((p for p in placed.get(a.type, ()) if a.matches(p)), None)
            if p is not None and (best is None or seq[p.index] < seq[best.index]):
                best = p
        return best

    def reason(
        e: Event, after: tuple[Act, ...], not_after: tuple[Act, ...], once: bool, since: tuple[Act, ...]
    ) -> Msg | None:
        """Why ``e`` is out of place, or None when it is in place."""
        act = titles[e.type].title
        anchor = last(after) if after else None
        if after and anchor is None:
            needed = tuple(dict.fromkeys(titles[a.type].title for a in after))
            if len(needed) == 1:
                return Msg("«%(act)s» (%(day)s) se registró antes de: %(missing)s.", act=act, day=e.day, missing=needed)
            return Msg(
                "«%(act)s» (%(day)s) se registró antes de cualquiera de: %(missing)s.",
                act=act,
                day=e.day,
                missing=needed,
            )
        closing = first(not_after) if not_after else None
        if closing is not None:
            return Msg(
                "«%(act)s» (%(day)s) se registró después de «%(closing)s» (%(closed)s).",
                act=act,
                day=e.day,
                closing=titles[closing.type].title,
                closed=closing.day,
            )
        if once:
            start = last(since) if since else None
            begin = seq[start.index] if start is not None else -1
            prev = next((p for p in placed.get(e.type, ()) if seq[p.index] > begin), None)
            if prev is not None:
                return Msg(
                    "«%(act)s» (%(day)s) repite el acto del %(first)s, que solo se registra una vez: cuenta "
                    "el primero. Si lo corrige, regístrelo como corrección.",
                    act=act,
                    day=e.day,
                    first=prev.day,
                )
        return None

    for e in events:
        twin = _twin(e, placed.get(e.type), titles[e.type])
        if twin is not None:
            out.append((e, twin))
            continue
        order = table.get(e.type)
        if order is not None:
            after, not_after, once, _since = order
            # The usual act is plainly in place (an act it presupposes is on record, none it may not follow
            # is, and it is no repeat): no need to ask why. Otherwise ``reason`` says whether and why not.
            plain = (
                (not after or any(a.type in placed and not a.when for a in after))
                and not any(a.type in placed for a in not_after)
                and not (once and e.type in placed)
            )
            if not plain and (why := reason(e, *order)) is not None:
                out.append((e, why))
                continue
        placed.setdefault(e.type, []).append(e)
        seq[e.index] = n
        n += 1
    return out


# Kind → (the kind, event type → (the acts that answer it, the acts after which it is out of place)): a
# request the spec of another act presupposes (``after``) and that an act closes (``not_after``).
_OVERTAKING: dict[int, tuple[KindSpec, dict[str, tuple[frozenset[str], tuple[Act, ...]]]]] = {}


def _overtaking_table(kind: KindSpec) -> dict[str, tuple[frozenset[str], tuple[Act, ...]]]:
    def build(k: KindSpec) -> dict[str, tuple[frozenset[str], tuple[Act, ...]]]:
        table = {}
        for t, spec in k.events.items():
            answers = frozenset(u for u, x in k.events.items() if any(a.type == t for a in x.after))
            if answers and spec.not_after:
                table[t] = (answers, spec.not_after)
        return table

    return per_kind(_OVERTAKING, kind, build)


def _overtaken(ctx: Context, kind: KindSpec, rule_id: str) -> None:
    """Never silent (docs/decisions.md, «A request overtaken»): a request (an act other acts presuppose, the
    extension of a term asked) that no act answered before an act that closes it (``not_after``: the answer
    filed) was left without object: it is recorded, with a finding on it saying so, unless a finding already
    points at it."""
    pointed = {f.data.get("event") for f in ctx.findings}
    pos = {e.index: n for n, e in enumerate(ctx.events)}
    for t, (answers, closers) in _overtaking_table(kind).items():
        for e in ctx.all(t):
            if e.index in pointed:
                continue
            later = ctx.events[pos[e.index] + 1 :]
            closing = next((x for x in later if any(a.matches(x) for a in closers)), None)
            if closing is None:
                continue
            if any(x.type in answers for x in later[: later.index(closing)]):
                continue
            ctx.add_finding(
                "act_overtaken",
                rule_id,
                Msg(
                    "«%(act)s» (%(day)s) no se resolvió antes de «%(closing)s» (%(closed)s), que lo dejó sin objeto.",
                    act=kind.events[t].title,
                    day=e.day,
                    closing=kind.events[closing.type].title,
                    closed=closing.day,
                ),
                event=e.index,
            )


def _stays_holding_no_term(ctx: Context, rule_id: str, kind: KindSpec) -> None:
    """Never silent (docs/decisions.md, «A stay that holds no term»): a stay of the proceedings that was
    resumed (``proceedings_suspended`` … ``proceedings_resumed``) and paused no day of any term — resumed
    the day it began, or while no term that a stay holds was running — is recorded as the court's act it
    is, with a finding on it saying so; an open stay changes the next acts, and one a finding already
    points at (a stay that cites no court order) is explained there."""
    pointed = {f.data.get("event") for f in ctx.findings}
    resumptions = [e for e in ctx.events if e.type == "proceedings_resumed"]
    counted = {s.start for s in ctx.suspensions}
    stay: Event | None = None
    for e in ctx.events:  # a resumption of a stay that is no stay (the law's: one citing no court order)
        if e.type == "proceedings_suspended":
            stay = e
        elif e.type == "proceedings_resumed" and stay is not None and e.index not in pointed:
            if stay.day not in counted:
                ctx.add_finding(
                    "stay_held_no_term",
                    rule_id,
                    Msg(
                        "«%(act)s» (%(day)s) reanuda «%(stay)s» (%(stayed)s), que no detuvo los términos: nada cambia.",
                        act=kind.events[e.type].title,
                        day=e.day,
                        stay=kind.events[stay.type].title,
                        stayed=stay.day,
                    ),
                    event=e.index,
                )
            stay = None
    for e in ctx.events:
        if e.type != "proceedings_suspended" or e.index in pointed:
            continue
        end = next((r for r in resumptions if r.at >= e.at and r.index != e.index), None)
        if end is None:
            continue
        held = e.day < end.day and any(
            d.inputs is not None
            and any(s.start == e.day for s in d.inputs[3])
            and _day(d.trigger_at) < end.day
            and d.due_date >= e.day
            for d in ctx.deadlines
        )
        if held:
            continue
        ctx.add_finding(
            "stay_held_no_term",
            rule_id,
            Msg(
                "«%(act)s» (%(day)s), con reanudación el mismo día, no detuvo ningún término: consta en el "
                "expediente y los términos siguen como estaban.",
                act=kind.events[e.type].title,
                day=e.day,
            )
            if e.day == end.day
            else Msg(
                "«%(act)s» (%(day)s), con reanudación el %(end)s, no detuvo ningún término: ninguno de los que "
                "se suspenden corría en esos días. Consta en el expediente y los términos siguen como estaban.",
                act=kind.events[e.type].title,
                day=e.day,
                end=end.day,
            ),
            event=e.index,
        )


def _day(moment: dt.date | dt.datetime) -> dt.date:
    return moment.date() if isinstance(moment, dt.datetime) else moment


def _filled(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A payload without its empty values: an empty text or list says what an absent field says."""
    return {k: v for k, v in payload.items() if v is not None and v != "" and v != []}


def _twin(e: Event, earlier: list[Event] | None, spec: EventSpec) -> Msg | None:
    """Why ``e`` is out of place when it repeats an act in place of its type at the same moment with the same
    data, an empty value the same as none (the same act entered twice), unless its spec lets it repeat (``repeatable``); else None."""
    if not earlier or spec.repeatable:
        return None
    for p in earlier:
        if p.at == e.at and _filled(p.payload) == _filled(e.payload):
            return Msg(
                "«%(act)s» (%(day)s) repite, con los mismos datos, el acto ya registrado ese día: cuenta el "
                "primero. Si lo corrige, regístrelo como corrección.",
                act=spec.title,
                day=e.day,
            )
    return None


def _without(scenario: Scenario, out: Sequence[tuple[Event, Msg]]) -> Scenario:
    """``scenario`` without the acts out of place (their indices kept)."""
    gone = {e.index for e, _ in out}
    return replace(scenario, events=[e for e in scenario.events if e.index not in gone])


_MINUTE = dt.timedelta(minutes=1)
_DAY = dt.timedelta(days=1)


def _changes_on(ctx: Context) -> dt.date | dt.datetime | None:
    """:attr:`Evaluation.changes_on`: an open term's status flips when it ends (a day term the day
    after its due date; an hour term the minute after its instant when ``as_of`` has an hour — the
    contract's resolution — else the day after its day); a rulebook's checks add their own days."""
    day = ctx.as_of_day
    as_of_dt = ctx.as_of_dt
    best_day: dt.date | None = None
    for b in ctx.bounds:
        if b > day and (best_day is None or b < best_day):
            best_day = b
    best_instant: dt.datetime | None = None
    for d in ctx.deadlines:
        if d.status != "open" or d.satisfied_at is not None:
            continue
        due = d.due
        if isinstance(due, dt.datetime):
            if as_of_dt is not None:
                instant = due.replace(second=0, microsecond=0) + _MINUTE
                if best_instant is None or instant < best_instant:
                    best_instant = instant
                continue
            flips = due.date() + _DAY
        else:
            flips = due + _DAY
        if flips > day and (best_day is None or flips < best_day):
            best_day = flips
    if best_instant is not None and (
        best_day is None or best_instant < dt.datetime.combine(best_day, dt.time(), best_instant.tzinfo)
    ):
        return best_instant
    return best_day


def _check_input_dates(scenario: Scenario, kind: KindSpec, calendar: LegalCalendar) -> None:
    """Refuse, naming the field, a date outside the years the calendar accepts: an act's date, ``as_of``
    and every payload date the engine reads — one policy for all (:attr:`FieldSpec.any_year`).

    Terms are computed only from dates the calendar knows; a term computed from them may end
    later (the calendar's tables run past its last year, ``CalendarSettings.computed_years_after``).
    Only a payload date declared ``any_year`` may lie outside (the facts of 2023 are compared with the
    filing, never counted from); should a term ever be counted from one, the evaluation's error names it
    (:func:`_payload_date_out_of_range`).
    """
    first, last = calendar.first_day, calendar.last_day
    ranged = _ranged_date_fields(kind)
    for e in scenario.events:
        if not first <= e.day <= last:
            _out_of_range(calendar, e.day, f"events[{e.index}].at")
        names = ranged[e.type] if e.payload else ()
        for name in names:
            value = e.payload.get(name)
            if value is None:
                continue
            day = value.date() if isinstance(value, dt.datetime) else value
            if not first <= day <= last:
                _out_of_range(calendar, day, f"events[{e.index}].{name}")
    as_of = scenario.as_of
    as_of_day = as_of.date() if isinstance(as_of, dt.datetime) else as_of
    if not first <= as_of_day <= last:
        _out_of_range(calendar, as_of_day, "as_of")


def _payload_date_out_of_range(
    scenario: Scenario, kind: KindSpec, calendar: LegalCalendar
) -> tuple[str, dt.date] | None:
    """The first payload date outside the calendar's years, with its path (``events[0].knowledge_date``)."""
    first, last = calendar.first_day, calendar.last_day
    date_fields = _date_fields(kind)
    for e in scenario.events:
        for name in date_fields.get(e.type, ()):
            value = e.payload.get(name)
            if value is None:
                continue
            day = value.date() if isinstance(value, dt.datetime) else value
            if not first <= day <= last:
                return f"events[{e.index}].{name}", day
    return None


def _out_of_range(calendar: LegalCalendar, day: dt.date, path: str) -> None:
    try:
        calendar.check_input_date(day)
    except CalendarError as exc:
        raise InputError(path, str(exc)) from None


# Kind → (the kind, event type → its payload dates range-checked like an act's date: all but ``any_year``).
_RANGED: dict[int, tuple[KindSpec, dict[str, tuple[str, ...]]]] = {}
# Kind → (the kind, event type → its payload fields holding a date or a date-time).
_DATE_FIELDS: dict[int, tuple[KindSpec, dict[str, tuple[str, ...]]]] = {}


def _fields_where(
    cache: dict[int, tuple[KindSpec, dict[str, tuple[str, ...]]]], kind: KindSpec, keep: Callable[[FieldSpec], bool]
) -> dict[str, tuple[str, ...]]:
    """Event type → the names of its payload fields ``keep`` selects, computed once per kind."""
    return per_kind(
        cache, kind, lambda k: {t: tuple(n for n, f in spec.fields.items() if keep(f)) for t, spec in k.events.items()}
    )


def _ranged_date_fields(kind: KindSpec) -> dict[str, tuple[str, ...]]:
    return _fields_where(_RANGED, kind, lambda f: f.type in ("date", "datetime") and not f.any_year)


def _date_fields(kind: KindSpec) -> dict[str, tuple[str, ...]]:
    return _fields_where(_DATE_FIELDS, kind, lambda f: f.type in ("date", "datetime"))


def _calendar(
    scenario: Scenario, rulebook: Rulebook, settings: Mapping[str, Any], elections: Sequence[Election]
) -> LegalCalendar:
    """The legal calendar of a scenario: its closures and openings, the general-election days."""
    usual = not (scenario.closures or scenario.openings or scenario.settings) and scenario.elections is None
    if usual:
        # The usual case (no closures, the rulebook's elections and settings): one look-up by
        # rulebook, instead of hashing the keys of legal_calendar's cache on every evaluation.
        entry = _RULEBOOK_CALENDARS.get(rulebook.id)
        if entry is not None and entry[0] is rulebook.elections and entry[1] is settings:
            return entry[2]
    election_days = [e.date for e in elections if e.kind == "general"]
    calendar = legal_calendar(scenario.closures, scenario.openings, election_days, calendar_settings(settings))
    if usual:
        _RULEBOOK_CALENDARS[rulebook.id] = (rulebook.elections, settings, calendar)
    return calendar


# Rulebook id → (its elections, its default settings, the calendar they give).
_RULEBOOK_CALENDARS: dict[str, tuple[Sequence[Election], Mapping[str, Any], LegalCalendar]] = {}


_CALENDAR_FIELDS = tuple(f.name for f in fields(CalendarSettings))


def calendar_settings(settings: Mapping[str, Any]) -> CalendarSettings:
    """The calendar reading the rulebook settings ask for (``christmas_eve_is_holiday`` …)."""
    overrides = tuple((k, settings[k]) for k in _CALENDAR_FIELDS if k in settings)
    return _calendar_settings(overrides)


@lru_cache(maxsize=64)
def _calendar_settings(overrides: tuple[tuple[str, Any], ...]) -> CalendarSettings:
    return replace(DEFAULT_SETTINGS, **dict(overrides)) if overrides else DEFAULT_SETTINGS
