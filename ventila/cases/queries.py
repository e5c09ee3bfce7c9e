"""Reads about a case shared by :mod:`ventila.cases.actions` and :mod:`ventila.cases.procedures`:
the facts the engine needs (closures, elections), the members cited as witnesses (Sec. 8) and what
a suspension moved (Sec. 23, ¶28). Nothing here writes. Both modules import it; ``procedures``
builds on ``actions``, and ``actions`` never imports ``procedures`` (no cycle, checked by
``lint-imports``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock
from ventila.bodies.models import Body, Closure, ElectionDay, Membership
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.engine import Evaluation

from .evaluation import CaseFacts, compute_evaluation, live_events
from .models import Case, DocketEntry
from .rule_messages import long_date_in

SUSPENSION_EVENTS = ("proceedings_suspended", "proceedings_resumed")

# -- the docket's order -----------------------------------------------------------------------------


def docket_order(entries: Iterable[DocketEntry]) -> list[DocketEntry]:
    """The entries in the order their acts happened, oldest first: the order every page lists a
    docket in, and the engine's (``ventila.rules.engine.order_events``).

    By day (in Puerto Rico); within a day, the entries with a time keep their time order among
    themselves and an entry given as a bare date keeps its place in the recorded order (``seq``): a
    date alone says nothing of the hour, so it is neither put before every timed act of its day (as
    its stored midnight would put it: a hand delivery before the document it delivers) nor after
    later acts.
    """
    dated = sorted(((e.occurred_day, e.seq, e) for e in entries), key=lambda t: (t[0], t[1]))
    out: list[DocketEntry] = []
    i = 0
    while i < len(dated):
        day = dated[i][0]
        j = i
        while j < len(dated) and dated[j][0] == day:
            j += 1
        group = [e for _day, _seq, e in dated[i:j]]
        timed = iter(sorted((e for e in group if e.has_time), key=lambda e: (e.occurred_at, e.seq)))
        out.extend(next(timed) if e.has_time else e for e in group)
        i = j
    return out


# -- facts about a case ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BodyConfig:
    """What a body's configuration version fixes for its cases: its closure days, the election days
    and the people who hold (or held) a seat on it."""

    closures: tuple[dt.date, ...]
    elections: tuple[tuple[str, dt.date], ...]
    members: frozenset[int]
    member_names: tuple[tuple[int, str], ...]  # (person id, full name folded: Sec. 8 witnesses)

    @cached_property
    def calendar_key(self) -> str:
        """A digest of the days the terms are counted on (the derived rows' digest covers it)."""
        return hashlib.blake2b(repr((self.closures, self.elections)).encode(), digest_size=8).hexdigest()


_CONFIGS: dict[tuple[int, int, str], BodyConfig] = {}
_CONFIGS_MAX = 64


def body_config(body: Body) -> BodyConfig:
    """The configuration of ``body`` at the version read with it, read from the database once per
    process and version: (id, version, token) names one configuration for good, since every change
    of closures, elections or seats bumps the version and draws a new token (``bodies.models``)."""
    key = (body.pk, body.config_version, body.config_token)
    config = _CONFIGS.get(key)
    if config is None:
        seats = Membership.objects.filter(body_id=body.pk).select_related("person")
        names = tuple((m.person_id, _fold(str(m.person))) for m in seats)
        config = BodyConfig(
            tuple(Closure.objects.filter(body_id=body.pk).order_by("day").values_list("day", flat=True)),
            tuple(ElectionDay.objects.order_by("day").values_list("kind", "day")),
            frozenset(pk for pk, _name in names),
            names,
        )
        if len(_CONFIGS) >= _CONFIGS_MAX:
            _CONFIGS.clear()
        _CONFIGS[key] = config
    return config


def case_facts(case: Case) -> CaseFacts:
    config = body_config(case.body)
    return CaseFacts(
        rulebook=case.body.rulebook,
        kind=case.kind,
        respondent_role=case.respondent_role,
        respondent_candidate=case.respondent_candidate,
        closures=config.closures,
        elections=config.elections,
    )


def _fold(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.strip().lower())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


# -- Sec. 8: members who are parties or witnesses ---------------------------------------------------


def member_witnesses(case: Case, live_entries: Iterable[DocketEntry]) -> list[int]:
    """Members of the body named as the witness of a summons in this case (Sec. 8: cited as a
    witness, they are replaced for the case). The name must be the member's full name as in the
    register (accents and case do not matter)."""
    witness_acts = RULEBOOKS[case.body.rulebook].kinds[case.kind].witness_acts
    names = {
        _fold(e.payload.get("witness", ""))
        for e in live_entries
        if e.event_type in witness_acts and e.payload.get("witness")
    }
    if not names:
        return []
    return [pk for pk, name in body_config(case.body).member_names if name in names]


# -- Sec. 23 / ¶28: what a suspension moved -----------------------------------------------------------


def suspension_spans(entries: Sequence[DocketEntry]) -> list[dict[str, Any]]:
    """The suspensions on the docket: start, end (None while open), reason, court case, decision."""
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    spans: list[dict[str, Any]] = []
    for e in docket_order(entries):
        if e.pk in superseded:
            continue
        if e.event_type == "proceedings_suspended" and (not spans or spans[-1]["end"] is not None):
            spans.append(
                {
                    "start": e.occurred_day,
                    "end": None,
                    "reason": e.payload.get("reason") or e.details.get("court_case", ""),
                    "court_order": e.payload.get("court_order", ""),
                    "court_case": e.details.get("court_case", ""),
                    "decision": "",
                }
            )
        elif e.event_type == "proceedings_resumed" and spans and spans[-1]["end"] is None:
            spans[-1]["end"] = e.occurred_day
            spans[-1]["decision"] = e.details.get("final_decision", "")
    for s in spans:
        s["days"] = ((s["end"] or clock.today()) - s["start"]).days
    return spans


def span_words(span: dict[str, Any]) -> tuple[str, str]:
    """One suspension of the terms in the active language: since when (and until when, once resumed), and why."""
    if span["end"] is None:
        text = _("suspendido desde el %(start)s") % {"start": long_date_in(span["start"])}
    else:
        text = _("suspendido desde el %(start)s, reanudado el %(end)s") % {
            "start": long_date_in(span["start"]),
            "end": long_date_in(span["end"]),
        }
    return text, span["reason"] or span["court_order"] or span["court_case"]


def _spans_text(spans: Sequence[dict[str, Any]]) -> str:
    parts = []
    for s in spans:
        text, why = span_words(s)
        parts.append(f"{text} ({why})" if why else text)
    return "; ".join(parts)


def moved_due_dates(
    case: Case,
    evaluation: Evaluation,
    entries: Sequence[DocketEntry],
    live: set[int],
    now: dt.datetime,
    *,
    facts: CaseFacts | None = None,
) -> list[tuple[dt.date | None, str]]:
    """For each term of ``evaluation``: the due date it would have without the suspensions on the
    docket, when they moved it, and why (Sec. 23 for the House, ¶28 for the municipal Commission)."""
    none: list[tuple[dt.date | None, str]] = [(None, "")] * len(evaluation.deadlines)
    live_entries = [e for e in entries if e.pk in live]
    if not any(e.event_type == "proceedings_suspended" for e in live_entries):
        return none
    events = [e for e in live_events(entries) if e.event_type not in SUSPENSION_EVENTS]
    try:
        without = compute_evaluation(facts or case_facts(case), events, now)
    except Exception:  # noqa: BLE001 — the counterfactual is an aid; never block the real evaluation
        return none
    base: dict[tuple[str, int], dt.date] = {}
    seen: dict[str, int] = {}
    for d in without.deadlines:
        n = seen.get(d.id, 0)
        seen[d.id] = n + 1
        base[(d.id, n)] = d.due_date
    spans = suspension_spans(live_entries)
    with translation.override("es"):  # a derived record, written in the record's language (like the trace)
        reason = _spans_text(spans)
    first_start = min(sp["start"] for sp in spans)
    out: list[tuple[dt.date | None, str]] = []
    seen = {}
    for d in evaluation.deadlines:
        n = seen.get(d.id, 0)
        seen[d.id] = n + 1
        before = base.get((d.id, n))
        sat = d.satisfied_at
        sat_day = sat.astimezone(PR_TZ).date() if isinstance(sat, dt.datetime) else sat
        if sat_day is not None and sat_day < first_start:
            out.append((None, ""))  # met before any suspension: nothing moved that matters
            continue
        if before is not None and before != d.due_date:
            out.append((before, reason[:300]))
        elif before is not None and d.status == "suspended":
            out.append((before, reason[:300]))
        else:
            out.append((None, ""))
    return out
