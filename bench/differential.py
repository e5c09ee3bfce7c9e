"""Differential check of the rules engine: evaluate thousands of random dockets and print a digest.

A docket is a random walk: from an empty case of a random kind, each step evaluates the docket so
far and records one of the acts the rulebook allows next (``allowed_next``), a few days later, with
a payload drawn from the event's field specs; every evaluation of the walk (its contract JSON and
its ``--explain`` text) goes into the digest. The walks depend only on the seed and on the engine's
answers, so two versions of the engine that evaluate identically print the same digest.

To compare the engine of a commit with the working tree (no Django needed, only the rules package;
the first command runs outside the repository so that its own ``ventila`` is not found first):

    mkdir /tmp/ventila-before && git archive COMMIT ventila/__init__.py ventila/rules | tar -x -C /tmp/ventila-before
    (cd /tmp && PYTHONPATH=/tmp/ventila-before "$OLDPWD/.venv/bin/python" "$OLDPWD/bench/differential.py")
    .venv/bin/python bench/differential.py

The JSON digest must match exactly; the explain digest moves only when a label or a message's
wording is changed on purpose.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from ventila.rules.engine import FieldSpec, InputError, evaluate
from ventila.rules.explain import explain
from ventila.rules.rulebooks import RULEBOOKS

START = dt.date(2025, 1, 6)


def _value(rng: random.Random, spec: FieldSpec, day: dt.date) -> Any:
    t = spec.type
    if t in ("date", "datetime"):
        delta = (
            rng.randint(-20, 0)
            if spec.not_after_event
            else rng.randint(0, 20)
            if spec.not_before_event
            else rng.randint(-5, 40)
        )
        return (day + dt.timedelta(days=delta)).isoformat()
    if t == "bool":
        return rng.random() < 0.5
    if t == "int":
        return rng.randint(0, 40)
    if t == "money":
        return rng.choice([0, 100, 250, 1000, 5000, 9000])
    if t == "choice":
        return rng.choice(spec.choices) if spec.choices else "x"
    if t == "choices":
        return rng.sample(list(spec.choices), rng.randint(1, len(spec.choices))) if spec.choices else []
    return rng.choice(["", "texto", "Miembro A", "Miembro B"])


def walks(seed: int, dockets: int, max_steps: int = 14) -> Iterator[dict[str, Any]]:
    """Each scenario evaluated along the random walks (the docket grows one act at a time)."""
    rng = random.Random(seed)
    kinds = [(rb_id, kind_id) for rb_id, rb in sorted(RULEBOOKS.items()) for kind_id in sorted(rb.kinds)]
    for _ in range(dockets):
        rb_id, kind_id = rng.choice(kinds)
        kind = RULEBOOKS[rb_id].kinds[kind_id]
        roles = kind.respondent_roles or ("representative",)
        respondent = {"role": rng.choice(roles), "candidate": rng.random() < 0.2}
        events: list[dict[str, Any]] = []
        day = START + dt.timedelta(days=rng.randint(0, 3 * 365))
        allowed = sorted(t for t, spec in kind.events.items() if not spec.record_only)
        for _step in range(rng.randint(1, max_steps)):
            etype = rng.choice(allowed)
            spec = kind.events[etype]
            day = day + dt.timedelta(days=rng.choice([0, 1, 2, 3, 5, 8, 13, 21, 34]))
            at = day.isoformat()
            if rng.random() < 0.3:
                at += f"T{rng.randint(8, 17):02d}:{rng.choice([0, 15, 30, 45]):02d}"
            payload = {
                name: _value(rng, f, day) for name, f in sorted(spec.fields.items()) if f.required or rng.random() < 0.5
            }
            events.append({"type": etype, "at": at, **payload})
            as_of = (day + dt.timedelta(days=rng.randint(0, 90))).isoformat()
            scenario = {
                "rulebook": rb_id,
                "kind": kind_id,
                "respondent": respondent,
                "events": list(events),
                "as_of": as_of,
            }
            yield scenario
            try:
                allowed_next = evaluate(scenario).allowed_next
            except InputError:
                events.pop()  # refused: the walk goes on without it
                continue
            allowed = sorted(allowed_next) or allowed


def digest(seed: int, dockets: int) -> dict[str, Any]:
    """The walks' digests: of the evaluations' contract JSON, and of their ``--explain`` texts."""
    as_json, as_text = hashlib.sha256(), hashlib.sha256()
    counts = {"evaluations": 0, "refused": 0}
    for scenario in walks(seed, dockets):
        as_json.update(json.dumps(scenario, sort_keys=True).encode())
        try:
            result = evaluate(scenario)
        except InputError as exc:
            counts["refused"] += 1
            as_json.update(f"InputError {exc.field}: {exc.message}".encode())
            continue
        counts["evaluations"] += 1
        as_json.update(json.dumps(result.to_json(), sort_keys=True, ensure_ascii=False).encode())
        as_text.update(explain(result).encode())
    return {**counts, "json_sha256": as_json.hexdigest(), "explain_sha256": as_text.hexdigest()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dockets", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=20270301)
    args = parser.parse_args(argv)
    print(json.dumps({"seed": args.seed, "dockets": args.dockets, **digest(args.seed, args.dockets)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
