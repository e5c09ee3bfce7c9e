"""From a case's docket to the rules engine and back: the scenario a case is, and its evaluation.

``compute_*`` functions here are pure with respect to the database rows they are given; the
writes live in :mod:`ventila.cases.actions`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext

from ventila.rules import PR_TZ, RULEBOOKS, evaluate
from ventila.rules.calendar import LegalCalendar, legal_calendar
from ventila.rules.engine import (
    Evaluation,
    Event,
    EventSpec,
    KindSpec,
    Rulebook,
    Scenario,
    calendar_settings,
    parse_events,
    parse_scenario,
    rescenario,
)
from ventila.rules.plain import for_users
from ventila.rules.rulebooks.common import RECORD_ONLY_EVENTS

from .rule_messages import long_date_in


@dataclass(frozen=True)
class PlannedEvent:
    """An act about to be recorded (or an existing entry), in the engine's terms."""

    event_type: str
    occurred_at: dt.datetime
    has_time: bool
    payload: dict[str, Any]
    # What the engine's parse of this event alone gave (:func:`parsed`), when it was kept: its evaluations then
    # skip parsing it again. Not part of the event's identity.
    parsed: tuple[Event, ...] | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        local = self.occurred_at.astimezone(PR_TZ)
        at = local.replace(tzinfo=None).isoformat(timespec="minutes") if self.has_time else local.date().isoformat()
        return {"type": self.event_type, "at": at, **self.payload}


def rulebook_and_kind(rulebook_id: str, kind_id: str) -> tuple[Rulebook, KindSpec]:
    rulebook = RULEBOOKS[rulebook_id]
    return rulebook, rulebook.kinds[kind_id]


def event_spec(rulebook_id: str, kind_id: str, event_type: str) -> EventSpec:
    return rulebook_and_kind(rulebook_id, kind_id)[1].events[event_type]


def rulebook_text(text: str, params: Mapping[str, str | dt.date] | None = None) -> str:
    """A rulebook's Spanish text (a form hint, a validator's message) in the user's language: the
    template and each of its values are translated when the catalogue knows them, a date is written
    in the user's language."""
    if not text:
        return ""
    out = gettext(text)
    if not params:
        return for_users(out)
    return for_users(
        out % {k: long_date_in(v) if isinstance(v, dt.date) else gettext(v) if v else v for k, v in params.items()}
    )


def compute_caption(kind: KindSpec, name: str, office: str = "") -> str:
    """A case's caption from its kind's template (the rulebook's wording: «Querella contra el Alcalde
    de Guayama, …»). It is the docket's title, in Spanish whatever the language of whoever filed (a
    complaint filed in English is captioned as the Spanish docket records it, never «Complaint against
    el Alcalde …»); pages show it marked ``lang="es"``."""
    return kind.caption_for(name, office)


def live_events(entries: Iterable[Any]) -> list[PlannedEvent]:
    """The docket entries that count, in docket order: superseded entries are left out, and so are
    the record-only entries (a document issued, an attempt to serve it), which the engine would
    validate and then ignore anyway."""
    entries = list(entries)
    superseded = {e.supersedes_id for e in entries if e.supersedes_id is not None}
    return [
        PlannedEvent(e.event_type, e.occurred_at, e.has_time, dict(e.payload))
        for e in sorted(entries, key=lambda e: e.seq)
        if e.pk not in superseded and e.event_type not in RECORD_ONLY_EVENTS
    ]


@dataclass(frozen=True)
class CaseFacts:
    """What the engine needs to know about a case besides its events."""

    rulebook: str
    kind: str
    respondent_role: str
    respondent_candidate: bool
    closures: tuple[dt.date, ...]
    elections: tuple[tuple[str, dt.date], ...]  # empty: the rulebook's own dates


def compute_scenario(facts: CaseFacts, events: Sequence[PlannedEvent], as_of: dt.date | dt.datetime) -> dict[str, Any]:
    rulebook, kind = rulebook_and_kind(facts.rulebook, facts.kind)
    respondent: dict[str, Any] = {"candidate": facts.respondent_candidate}
    if facts.respondent_role in kind.respondent_roles:
        respondent["role"] = facts.respondent_role
    data: dict[str, Any] = {
        "rulebook": facts.rulebook,
        "kind": facts.kind,
        "respondent": respondent,
        "calendar": {"closures": [d.isoformat() for d in facts.closures]},
        "events": [e.to_json() for e in events],
        "as_of": as_of.isoformat()
        if isinstance(as_of, dt.date) and not isinstance(as_of, dt.datetime)
        else as_of.astimezone(PR_TZ).replace(tzinfo=None).isoformat(timespec="minutes"),
    }
    if facts.elections:
        data["elections"] = [{"kind": k, "date": d.isoformat()} for k, d in facts.elections]
    return data


def compute_evaluation(facts: CaseFacts, events: Sequence[PlannedEvent], as_of: dt.date | dt.datetime) -> Evaluation:
    if events and all(e.parsed is not None for e in events):  # each event parsed once (:func:`parsed`)
        return evaluate(_rescenario(facts, events, as_of))
    return evaluate(compute_scenario(facts, events, as_of))


def parsed(event: PlannedEvent, facts: CaseFacts) -> PlannedEvent:
    """``event`` with the engine's parse of it kept (raises :class:`~ventila.rules.InputError` as the parse
    does): a docket evaluated many times over (each act checked against it) parses it once."""
    rulebook, kind = rulebook_and_kind(facts.rulebook, facts.kind)
    return replace(event, parsed=tuple(parse_events([event.to_json()], kind, rulebook)))


# The facts' part of a scenario, parsed once per facts (a few per body); bounded.
_BASES: dict[CaseFacts, Scenario] = {}


def _rescenario(facts: CaseFacts, events: Sequence[PlannedEvent], as_of: dt.date | dt.datetime) -> Scenario:
    """The scenario :func:`compute_scenario` would give the engine, from the events' kept parses."""
    data = compute_scenario(facts, (), as_of)
    base = _BASES.get(facts)
    if base is None:
        base = parse_scenario(data)[0]
        if len(_BASES) < 256:
            _BASES[facts] = base
    return rescenario(base, [e.parsed or () for e in events], data["as_of"])


def compute_calendar(facts: CaseFacts) -> tuple[LegalCalendar, Mapping[str, Any]]:
    """The legal calendar the case's terms are counted on, and the rulebook settings in force."""
    rulebook = RULEBOOKS[facts.rulebook]
    settings = rulebook.resolve_settings({})
    elections = facts.elections or tuple((e.kind, e.date) for e in rulebook.elections)
    general = [d for k, d in elections if k == "general"]
    return legal_calendar(facts.closures, (), general, calendar_settings(settings)), settings
