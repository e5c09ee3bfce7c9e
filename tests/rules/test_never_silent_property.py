"""Never silent, for every kind (issue 27, class 1): on any docket — reachable by the acts the rulebook
allows, then mutated (an act of any type, at any point) — every event the engine does not refuse either
changes the evaluation or is pointed at by a finding (``"data": {"event": index}``). An event that
changes nothing and is pointed at by nothing would be dropped in silence.

An act may change nothing only when its spec says so (``standalone``: it sets no term, a witness summoned;
``repeatable``: a repeat of it, a hearing noticed anew). The dockets are drawn by hypothesis, a bounded
number per kind (the whole file runs in a few seconds). A second test starts from a reachable docket and
mutates it as an outside checker does (two events swapped, one dropped, duplicated, inserted, or dated
before its predecessor): the mutated docket is refused (the field named) or no event in it is silent.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, seed, settings
from hypothesis import strategies as st

from ventila.rules.engine import FieldSpec, InputError, KindSpec, evaluate
from ventila.rules.rulebooks import RULEBOOKS

KINDS = [(rb.id, kind) for rb in RULEBOOKS.values() for kind in rb.kinds.values()]
IDS = [f"{rb}:{kind.id}" for rb, kind in KINDS]
# The suite draws a bounded number of dockets per kind (the file runs in a few seconds); a long run draws
# more: ``VENTILA_PROPERTY_EXAMPLES=1000 pytest tests/rules/test_never_silent_property.py`` (both tests;
# ``VENTILA_PROPERTY_SEED`` draws other dockets than the suite's derandomized ones).
_EXAMPLES = int(os.environ.get("VENTILA_PROPERTY_EXAMPLES", "0"))
_SEED = os.environ.get("VENTILA_PROPERTY_SEED")
BOUNDED = settings(
    max_examples=_EXAMPLES or 30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=_SEED is None,
    database=None,
)
START = dt.date(2027, 1, 4)
MUTATED = settings(BOUNDED, max_examples=_EXAMPLES or 30)  # derandomized: the same dockets on every run


def _value(draw: st.DrawFn, spec: FieldSpec, day: dt.date) -> Any:
    t = spec.type
    if t in ("date", "datetime"):
        low, high = (-20, 0) if spec.not_after_event else (0, 20) if spec.not_before_event else (-5, 40)
        return (day + dt.timedelta(days=draw(st.integers(low, high)))).isoformat()
    if t == "bool":
        return draw(st.booleans())
    if t == "int":
        return draw(st.integers(0, 12))
    if t == "money":
        return draw(st.sampled_from([0, 250, 5000, 25699.86]))
    if t == "choice":
        return draw(st.sampled_from(spec.choices))
    if t == "choices":
        return draw(st.lists(st.sampled_from(spec.choices), min_size=1, max_size=2, unique=True))
    return draw(st.sampled_from(["", "texto", "Miembro A"]))


@st.composite
def dockets(
    draw: st.DrawFn, rulebook: str, kind: KindSpec, mutate: bool = True, steps: tuple[int, ...] = (0, 1, 3, 8, 21)
) -> dict[str, Any]:
    """A docket of ``kind``: each act one the rulebook allows next (a reachable docket) or, with ``mutate``
    one time in four, an act of any type (the mutation: a repeat, an orphan, an act after closure, out of
    order). ``steps``: the days between two acts."""
    types = sorted(t for t, spec in kind.events.items() if not spec.record_only)
    roles = kind.respondent_roles or ("representative",)
    scenario: dict[str, Any] = {
        "rulebook": rulebook,
        "kind": kind.id,
        "respondent": {"role": draw(st.sampled_from(roles)), "candidate": False},
        "events": [],
    }
    day = START + dt.timedelta(days=draw(st.integers(0, 300)))
    allowed = types
    for _ in range(draw(st.integers(1, 7))):
        any_type = mutate and (draw(st.integers(0, 3)) == 0 or not allowed)
        if not (any_type or allowed):
            break
        etype = draw(st.sampled_from(types if any_type else allowed))
        day += dt.timedelta(days=draw(st.sampled_from(steps)))
        spec = kind.events[etype]
        payload = {n: _value(draw, f, day) for n, f in spec.fields.items() if f.required or draw(st.booleans())}
        scenario["events"].append({"type": etype, "at": day.isoformat(), **payload})
        scenario["as_of"] = day.isoformat()
        try:
            allowed = sorted(evaluate(scenario).allowed_next)
        except InputError:
            scenario["events"].pop()  # refused: the act never reaches the docket
    scenario["as_of"] = (day + dt.timedelta(days=draw(st.integers(0, 60)))).isoformat()
    return scenario


def _answer(scenario: dict[str, Any], dropped: int | None = None) -> dict[str, Any]:
    """The evaluation's JSON; with ``dropped``, of the docket without that event, its findings' event
    indices written as in the whole docket."""
    events = scenario["events"]
    data = {**scenario, "events": [e for i, e in enumerate(events) if i != dropped]}
    out = evaluate(data).to_json()
    if dropped is not None:
        for f in out["findings"]:
            data_ = f.get("data") or {}
            if isinstance(data_.get("event"), int) and data_["event"] >= dropped:
                data_["event"] += 1
    return out


def _inert_by_design(kind: KindSpec, events: list[dict[str, Any]], i: int) -> bool:
    """An act its spec declares may change nothing: a ``standalone`` act (it sets no term), or one of several
    of a ``repeatable`` one (a hearing noticed anew, a request amended with the same effect)."""
    spec = kind.events[events[i]["type"]]
    return spec.standalone or spec.repeatable and any(e["type"] == spec.type for j, e in enumerate(events) if j != i)


def _silent(kind: KindSpec, scenario: dict[str, Any]) -> list[tuple[int, str]]:
    """The events of ``scenario`` that change nothing, no finding points at and no spec declares inert
    (none when the whole docket is refused: the field is named)."""
    note(json.dumps(scenario, ensure_ascii=False))
    try:
        whole = _answer(scenario)
    except InputError:
        return []
    pointed = {(f.get("data") or {}).get("event") for f in whole["findings"]}
    events = scenario["events"]
    silent = []
    for i, e in enumerate(events):
        if i in pointed or _inert_by_design(kind, events, i):
            continue
        try:
            same = _answer(scenario, dropped=i) == whole
        except InputError:
            same = False  # the docket without it is refused: the act is what made it acceptable
        if same:
            silent.append((i, e["type"]))
    return silent


def _no_event_is_silent(kind: KindSpec, profile: Any, scenarios: Any) -> None:
    """Hypothesis (with the ``profile`` of settings, and the seed of VENTILA_PROPERTY_SEED when set) finds no docket among
    ``scenarios`` with an event that changes nothing and that no finding points at."""

    @profile
    @given(scenario=scenarios)
    def check(scenario: dict[str, Any]) -> None:
        silent = _silent(kind, scenario)
        assert not silent, f"events that change nothing and no finding points at: {silent}"

    (seed(int(_SEED))(check) if _SEED else check)()


@pytest.mark.parametrize(("rulebook", "kind"), KINDS, ids=IDS)
def test_cam_05_01_mun_ini_01_no_event_is_dropped_in_silence(rulebook: str, kind: KindSpec) -> None:
    _no_event_is_silent(kind, BOUNDED, dockets(rulebook, kind))


@st.composite
def mutated(draw: st.DrawFn, rulebook: str, kind: KindSpec) -> dict[str, Any]:
    """A reachable docket of ``kind`` (each act one the rulebook allows next), then mutated as an outside
    checker would: two events swapped (their dates kept in order), one dropped, one duplicated, one of any
    type inserted, or one dated before its predecessor."""
    scenario = draw(dockets(rulebook, kind, mutate=False, steps=(1, 3, 8, 21)))  # the mutation makes same days
    types = sorted(t for t, spec in kind.events.items() if not spec.record_only)
    events: list[dict[str, Any]] = scenario["events"]
    n = len(events)
    how = draw(st.sampled_from(["swap", "drop", "duplicate", "insert", "backdate"]))
    if how == "swap" and n >= 2:
        i, j = sorted(draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True)))
        a, b = events[i], events[j]
        events[i], events[j] = {**b, "at": a["at"]}, {**a, "at": b["at"]}
    elif how == "drop" and n >= 2:
        events.pop(draw(st.integers(0, n - 1)))
    elif how == "duplicate" and n >= 1:
        i = draw(st.integers(0, n - 1))
        events.insert(i + 1, dict(events[i]))
    elif how == "insert" and n >= 1:
        i = draw(st.integers(0, n))
        at = dt.date.fromisoformat(events[min(i, n - 1)]["at"][:10])
        etype = draw(st.sampled_from(types))
        spec = kind.events[etype]
        payload = {k: _value(draw, f, at) for k, f in spec.fields.items() if f.required or draw(st.booleans())}
        events.insert(i, {"type": etype, "at": at.isoformat(), **payload})
    elif how == "backdate" and n >= 2:
        i = draw(st.integers(1, n - 1))
        before = dt.date.fromisoformat(events[i - 1]["at"][:10]) - dt.timedelta(days=draw(st.integers(1, 30)))
        events[i] = {**events[i], "at": before.isoformat()}
    note(f"mutation: {how}")
    return scenario


@pytest.mark.parametrize(("rulebook", "kind"), KINDS, ids=IDS)
def test_cam_05_01_mun_ini_01_a_mutated_valid_docket_is_refused_or_flagged(rulebook: str, kind: KindSpec) -> None:
    _no_event_is_silent(kind, MUTATED, mutated(rulebook, kind))
