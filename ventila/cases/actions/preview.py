"""What an act would change, computed by the write path's own checks without writing (a dry run)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ventila import clock
from ventila.bodies.models import Body
from ventila.rules.engine import Evaluation
from ventila.rules.i18n import Msg
from ventila.rules.terms import Deadline

from ..evaluation import (
    CaseFacts,
    compute_evaluation,
    live_events,
    rulebook_and_kind,
)
from ..models import (
    Case,
)
from ..queries import body_config, case_facts
from .acts import ActInput, check_act
from .docket import _counted


@dataclass(frozen=True)
class TermChange:
    """One term an act would open, meet, move or end, as the engine computes it on the would-be docket."""

    deadline_id: str
    rule_id: str
    citation: str
    due: dt.date | dt.datetime
    fatal: bool = False
    was_due: dt.date | dt.datetime | None = None  # a moved term's due date before the act
    # a term the act meets after its due date: what the rulebook says that means (``Rulebook.docket.late_acts``)
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
                why = rulebook.docket.late_acts.get(d.id)
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
