"""Named parts of a :class:`~ventila.rules.engine.Rulebook`: what the apps read of a body's law, grouped by
the concern that reads it (issue 28), so that no app names a body's act, rule or stage itself.

- :class:`Voting` — the acts the body decides by roll call, and under which vote rule (``cases.voting``);
- :class:`CompulsoryDismissal` — a dismissal the law orders when a term of the body's own runs out, which
  ventila records by itself (``cases.procedures.do_sweep_compulsory_terms``);
- :class:`Publication` — what the public record shows of a final matter (``documents.publication``);
- :class:`Document` — a document its acts produce, with its text (``documents.catalog``);
- :class:`Statistics` — which acts the statistics count as received, determined, resolved, dismissed,
  sanctioned (``stats.queries``);
- :class:`Recusal` — the acts of a member's recusal and of a substitute pro tempore, and the votes that
  decide a recusal (``cases.actions``, ``cases.procedures``, ``web.procedure_forms``);
- :class:`Advisory` — the acts of an advisory opinion's case, read by its binding register
  (``cases.advisory``);
- :class:`SampleFlow` — the fictitious dockets ``ventila generate`` draws for the benchmarks
  (``web.generate``): a sequence of the body's acts a case may follow.

These, and the loose facts the apps read beside them, are grouped into the few parts a ``Rulebook`` is made
of besides its rules, kinds, settings and elections (in ``engine``, beside ``Rulebook``): :class:`Docket` (how its
acts are recorded: voting, recusal, advisory, final report, compulsory dismissal, late acts, number series,
choice words), :class:`DocumentRules`, :class:`CasePage`, :class:`BodyPages`, :class:`Register` and
:class:`Public` (e-filing, public record, statistics).

Every text here is Spanish: a title is a catalogue msgid (``rulebook_words`` lists it for translation);
the docket's own texts are kept in Spanish whoever reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Voting:
    """``acts``: event type → the rule whose majority decides it (an act not named is not voted);
    ``recorded_outcome``: a voted act that may be recorded either way → its payload's yes/no field that
    says what is recorded (the roll call must then carry the motion, or not)."""

    acts: Mapping[str, str] = field(default_factory=dict)
    recorded_outcome: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CompulsoryDismissal:
    """A dismissal by operation of law: a case of ``kind`` at ``stage`` whose term (one of ``terms``,
    deadline id → what the body had to do, Spanish) was missed gets ``act``, dated the day after the term
    ran out, with ``reason`` (Spanish, ``%(term)s``, ``%(what)s``, ``%(due)s``, ``%(rule)s``,
    ``%(citation)s``) as its note."""

    kind: str
    stage: str
    act: str
    terms: Mapping[str, str]
    reason: str


@dataclass(frozen=True)
class PublishedAct:
    """An act the public record shows: its ``title`` (msgid), the payload ``fields`` published (nothing
    else of it is); ``only_if`` (field, value): only when its payload says so; ``once_acted_on``: only once
    that act is on record too (a report acted on)."""

    title: str
    fields: tuple[str, ...] = ()
    only_if: tuple[str, Any] | None = None
    once_acted_on: str = ""


@dataclass(frozen=True)
class Publication:
    acts: Mapping[str, PublishedAct] = field(default_factory=dict)


@dataclass(frozen=True)
class Document:
    """A document the rulebook's acts produce: ``key`` (unique across rulebooks; its text is
    ``documents/texts/<lang>/<key>.txt`` unless ``text`` carries it), ``title`` (msgid), the ``events``
    that produce it, the ``rule_id`` that requires it, its ``recipients`` (respondent, complainant,
    counsel, speaker, requester), and ``text``, per language, a Django template of sections (lines
    ``@@ key | Heading``) rendered with the case's data.

    ``rule_by`` picks the rule among ``rules`` (value → rule id; ``rule_id`` when none matches):
    ``"event"`` (the act's event type), ``"payload:<field>"`` (the act's payload field: a text as it is,
    anything else as true or false), ``"initial_hearing"`` (whether the act notices the first hearing),
    ``"final_report_route"`` (the rule of the Final Report's route), ``"late_duty"`` (the rule of the
    earliest late report duty). ``applies``: ``"late_duty"``, only while a report duty is past due unmet.

    ``receipt_act``: the act a recipient's receipt records (it starts the terms), for ``receipt_roles``,
    with ``receipt_payload``; ``receipt_per``: the source act's payload field the notice concerns (one
    member: its receipt says which, and answers that one's term only); ``receipt_unless``: a source
    payload field that, true, means nothing is notified this way; ``receipt_lists_parties``: the
    receipt lists the parties served. ``required``: what a draft must contain before it is issued —
    ``"rulebook_check"`` (the rulebook's ``documents.checks`` for this key), ``"initial_summons_check"``
    (the same, for the summons to a first hearing), ``"findings"`` (findings of fact and conclusions of
    law, under ``rule_id``), ``"contents"`` (each of ``contents``: section key → (rule id, Spanish
    label)). ``answers``: the requests a decision answers (the latest before it gives the text its
    grounds and who asked). ``variants``: event type → the word its text tells the act by (``variant``)."""

    key: str
    title: str
    events: tuple[str, ...]
    rule_id: str
    recipients: tuple[str, ...]
    text: Mapping[str, str] = field(default_factory=dict)
    rule_by: str = ""
    rules: Mapping[Any, str] = field(default_factory=dict)
    applies: str = ""
    receipt_act: str | None = None
    receipt_roles: tuple[str, ...] = ()
    receipt_payload: Mapping[str, Any] = field(default_factory=dict)
    required: str = ""
    contents: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    answers: tuple[str, ...] = ()
    variants: Mapping[str, str] = field(default_factory=dict)
    receipt_per: str = ""
    receipt_unless: str = ""
    receipt_lists_parties: bool = False


@dataclass(frozen=True)
class Outcome:
    """An act whose payload ``field`` says ``value`` (a determination whose outcome is a dismissal)."""

    act: str
    field: str
    value: str


@dataclass(frozen=True)
class Statistics:
    """What the statistics count (``stats.queries``): a matter is received on its first ``received``
    act, determined on its first ``determined`` act and resolved on its first ``resolved`` act (or
    ``dismissal``); ``dismissed``: the acts that dismiss outright; ``dismissal``: an act that dismisses
    when its payload says so, its list of grounds in ``grounds``; ``sanction``: (act, payload list of the
    sanctions); ``with_prejudice``: the act of a dismissal with prejudice; ``advisory``: (kind, the act
    that asks for an opinion)."""

    received: tuple[str, ...] = ()
    determined: tuple[str, ...] = ()
    resolved: tuple[str, ...] = ()
    dismissed: tuple[str, ...] = ()
    dismissal: Outcome | None = None
    grounds: str = ""
    sanction: tuple[str, str] | None = None
    with_prejudice: str = ""
    advisory: tuple[str, str] | None = None


@dataclass(frozen=True)
class Days:
    """In a sample's payload: the ISO date this many days from the filing day (negative: before)."""

    offset: int


@dataclass(frozen=True)
class Choice:
    """In a sample's payload: one of ``values``, drawn."""

    values: tuple[Any, ...]


# In a sample's padding payload: a fictitious person's name, drawn.
SAMPLE_NAME = "<nombre>"


@dataclass(frozen=True)
class SampleStep:
    """One act of a sample docket: ``act`` ``after`` business days after the previous one, with its
    ``payload`` and ``details``; ``votes`` (yes, no), the other members abstaining; ``hearing_in``: the
    hearing it notices this many business days later; ``last_padded``: from this act on the rulebook
    allows no more padding (a dismissal, a resolution)."""

    act: str
    after: int
    payload: Mapping[str, Any] = field(default_factory=dict)
    details: Mapping[str, Any] = field(default_factory=dict)
    votes: tuple[int, int] | None = None
    hearing_in: int = 0
    last_padded: bool = False


@dataclass(frozen=True)
class SampleFlow:
    """A sample docket of ``kind`` (drawn with ``weight``): its first act ``first`` with ``first_payload``
    (values may be :class:`Days` or :class:`Choice`) and ``first_details`` (the facts are drawn and added),
    its ``steps``, and the acts the rulebook allows at any time while the case is open (``padding``: act →
    payload, :data:`SAMPLE_NAME` drawn)."""

    kind: str
    weight: int
    first: str
    first_payload: Mapping[str, Any]
    steps: tuple[SampleStep, ...] = ()
    first_details: Mapping[str, Any] = field(default_factory=dict)
    padding: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Recusal:
    """A member's recusal and substitutes (the House's Secs. 8–9): ``requested``, the act that raises a
    member's recusal (payload ``member``, ``by``); ``decided``, the act that decides it (``granted``): the
    member takes no part in that vote, decided under ``rule`` (the member asked) or ``rule_by_party`` (a
    party asked, payload ``by`` ``party``); ``substitute_requested`` and ``substitute_appointed``, the acts
    that ask for and name a substitute pro tempore for a member who cannot act (payload ``member``,
    ``substitute``); ``kinship_rule``: the cause of kinship (a degree the law counts). Empty: the body has
    none of these acts."""

    requested: str = ""
    decided: str = ""
    rule: str = ""
    rule_by_party: str = ""
    substitute_requested: str = ""
    substitute_appointed: str = ""
    kinship_rule: str = ""

    @property
    def substitute_acts(self) -> tuple[str, ...]:
        return tuple(a for a in (self.substitute_requested, self.substitute_appointed) if a)


@dataclass(frozen=True)
class FinalReport:
    """Where a Final Report leaves the body (the House, Secs. 25–26): ``referred``, the act that refers it
    (once one is on record the case is ``report_referred``, and the authority ``to`` names may read it);
    ``decided``, the act by which that authority records its decision on it (the Speaker's office records
    it on a report referred to the Speaker, Sec. 26(c)); ``to``: the authority it goes to, by the
    respondent's role; ``route``: where it goes and why, by the respondent's role and the recommendation
    (a route with ``to``, ``rule_id``, ``action``); ``sanctions_for``: the sanctions the body may impose on
    a respondent of a role. Empty (None): the body refers no Final Report, imposes no sanction."""

    referred: str = ""
    decided: str = ""
    to: Callable[[str], str] | None = None
    route: Callable[..., Any] | None = None
    sanctions_for: Callable[[str], tuple[str, ...]] | None = None


@dataclass(frozen=True)
class Advisory:
    """The acts of an advisory opinion's case (the House, Sec. 19): ``requested``, ``issued`` (payload
    ``opinion_text``), ``rejected`` outright (``grounds``) and ``revised`` (``revision``, ``reason``,
    ``opinion_text``); ``revision_keeps_opinion``: a revision → whether the opinion stays in force.
    Empty: the body issues no opinions."""

    requested: str = ""
    issued: str = ""
    rejected: str = ""
    revised: str = ""
    revision_keeps_opinion: Mapping[str, bool] = field(default_factory=dict)
