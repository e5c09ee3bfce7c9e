"""``Evaluation.changes_on`` is never late: until that moment, the same scenario evaluates the same.

The corpus is every scenario the rules tests evaluate (hand-computed cases, hypothesis examples, the
demo-like sequences), recorded by ``tests/rules/data/record_corpus.py``. For each one, the answer at
``as_of`` must equal the answer on every later day before ``changes_on`` (or, when it is None, on
days up to two years later); at ``changes_on`` it should differ (tight), which must hold for
nearly all of them. The web app relies on this to re-derive a case only when its answer can
change ("correct to the day", issue 14 item 2).
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from rule_input import case, ev, readme_complaint

from ventila.rules.engine import Evaluation, InputError, evaluate

CORPUS = Path(__file__).parent / "data" / "changes_on_corpus.jsonl.gz"
DAY = dt.timedelta(days=1)
MINUTE = dt.timedelta(minutes=1)
# Days probed when time alone never changes the answer.
NEVER_PROBES = (1, 2, 7, 31, 100, 366, 800)


def _corpus() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt") as f:
        return [json.loads(line) for line in f]


def _answer(ev: Evaluation) -> dict[str, Any]:
    out = ev.to_json()  # deadlines (with statuses), findings, stage, allowed_next, procedure
    out.pop("as_of")
    return out


def _parse(text: str) -> dt.date | dt.datetime:
    return dt.datetime.fromisoformat(text) if "T" in text else dt.date.fromisoformat(text)


def _at(data: dict[str, Any], moment: dt.date | dt.datetime) -> Evaluation:
    text = moment.isoformat(timespec="minutes") if isinstance(moment, dt.datetime) else moment.isoformat()
    return evaluate({**data, "as_of": text})


def _end(as_of: dt.date | dt.datetime, changes_on: dt.date | dt.datetime) -> dt.date | dt.datetime:
    """``changes_on`` in the resolution of ``as_of`` (a day starts at midnight)."""
    if isinstance(as_of, dt.datetime) and not isinstance(changes_on, dt.datetime):
        return dt.datetime.combine(changes_on, dt.time())
    return changes_on


def _probes(as_of: Any, changes_on: Any) -> list[Any]:
    if changes_on is None:
        return [as_of + DAY * k for k in NEVER_PROBES]
    end = _end(as_of, changes_on)
    probes = []
    moment = as_of + DAY
    while moment < end:
        probes.append(moment)
        moment += DAY
    last = end - (MINUTE if isinstance(end, dt.datetime) else DAY)
    if last > as_of:
        probes.append(last)
    return probes


def test_the_corpus_covers_both_rulebooks_and_terms_that_change() -> None:
    corpus = _corpus()
    assert {d["rulebook"] for d in corpus} == {"camara-171", "municipal"}
    assert len({(d["rulebook"], d["kind"]) for d in corpus}) >= 10
    assert sum(ev.changes_on is not None for ev in map(_evaluated, corpus) if ev is not None) >= 500


def _evaluated(data: dict[str, Any]) -> Evaluation | None:
    """The evaluation of a scenario of the corpus; None when the engine now refuses it (a payload date the
    engine came to check after the corpus was recorded, such as a receipt before its notice, CAM-17-04)."""
    try:
        return evaluate(data)
    except InputError:
        return None


@pytest.mark.parametrize("rulebook", ["camara-171", "municipal"])
def test_changes_on_is_never_late_and_nearly_always_tight(rulebook: str) -> None:
    late: list[str] = []
    changing = tight = 0
    for data in _corpus():
        if data["rulebook"] != rulebook:
            continue
        try:
            ev = evaluate(data)
        except InputError:
            continue
        base = _answer(ev)
        as_of = _parse(data["as_of"])
        assert ev.changes_on is None or _end(as_of, ev.changes_on) > as_of
        for moment in _probes(as_of, ev.changes_on):
            try:
                other = _answer(_at(data, moment))
            except InputError:  # past the calendar's last year
                break
            if other != base:
                late.append(f"{data['kind']} as_of {data['as_of']}: changes_on {ev.changes_on}, differs on {moment}")
                break
        if ev.changes_on is not None:
            try:
                after = _answer(_at(data, _end(as_of, ev.changes_on)))
            except InputError:
                continue
            changing += 1
            tight += after != base
    assert late == []
    assert changing > 0
    assert tight >= 0.95 * changing, f"{tight} of {changing} bounds are tight"


def test_an_open_day_term_holds_until_the_day_after_it_ends() -> None:
    data = readme_complaint()
    ev = evaluate(data)
    open_ends = [d.due_date for d in ev.deadlines if d.status == "open" and d.satisfied_at is None]
    assert ev.changes_on == min(open_ends) + DAY
    day_before = _at(data, min(open_ends))
    assert _answer(day_before) == _answer(ev)
    assert _answer(_at(data, min(open_ends) + DAY)) != _answer(ev)


def test_a_financial_report_without_exit_changes_on_new_year() -> None:
    data = case("camara-171", "financial_report", ev("took_office", "2025-01-02"), as_of="2026-12-09")
    result = evaluate(data)
    assert result.changes_on is not None and result.changes_on <= dt.date(2027, 1, 1)
