"""Named parts of a :class:`~ventila.rules.engine.Rulebook`: what the apps read of a body's law, grouped by
the concern that reads it (issue 28), so that no app names a body's act, rule or stage itself.

- :class:`Voting` — the acts the body decides by roll call, and under which vote rule (``cases.voting``);
- :class:`CompulsoryDismissal` — a dismissal the law orders when a term of the body's own runs out, which
  ventila records by itself (``cases.procedures.do_sweep_compulsory_terms``);
- :class:`Publication` — what the public record shows of a final matter (``documents.publication``);
- :class:`Document` — a document its acts produce, with its text (``documents.catalog``);
- :class:`Statistics` — which acts the statistics count as received, determined, resolved, dismissed,
  sanctioned (``stats.queries``).

Every text here is Spanish: a title is a catalogue msgid (``rulebook_words`` lists it for translation);
the docket's own texts are kept in Spanish whoever reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    with ``receipt_payload``. ``required``: what a draft must contain before it is issued —
    ``"rulebook_check"`` (the rulebook's ``document_checks`` for this key), ``"initial_summons_check"``
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
