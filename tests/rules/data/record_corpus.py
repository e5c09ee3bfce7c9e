"""A pytest plugin that records every scenario the rules tests evaluate: the corpus of
``tests/rules/test_changes_on.py`` (``changes_on_corpus.jsonl.gz``). Regenerate it with

    PYTHONPATH=tests/rules/data .venv/bin/python -m pytest -q -p no:cacheprovider -p record_corpus tests/rules
    .venv/bin/python tests/rules/data/record_corpus.py   # keeps the scenarios worth keeping, gzipped

It is not a test module (pytest does not collect it); nothing in the app imports it.
"""

from __future__ import annotations

import atexit
import datetime as dt
import gzip
import json
import sys
from pathlib import Path
from typing import Any

import ventila.rules as rules
import ventila.rules.engine as engine

RAW = Path("var/changes_on_corpus.jsonl")
CORPUS = Path(__file__).with_name("changes_on_corpus.jsonl.gz")
_original = engine.evaluate
_seen: dict[str, None] = {}


def _default(o: Any) -> str:
    if isinstance(o, dt.date):
        return o.isoformat()
    raise TypeError(type(o))


def _recording(data: Any) -> engine.Evaluation:
    if isinstance(data, dict):
        try:
            _seen.setdefault(json.dumps(data, sort_keys=True, default=_default), None)
        except TypeError:
            pass
    return _original(data)


def _dump() -> None:
    if _seen:
        RAW.parent.mkdir(exist_ok=True)
        RAW.write_text("".join(k + "\n" for k in _seen))


def _keep() -> None:
    """Every scenario whose answer changes with time, and one of each other shape."""
    keep, shapes = [], set()
    for line in RAW.read_text().splitlines():
        data = json.loads(line)
        if "as_of" not in data:
            continue
        try:
            ev = _original(data)
        except engine.InputError:
            continue
        shape = json.dumps(
            [data.get(k) for k in ("rulebook", "kind", "settings", "calendar", "elections", "respondent")]
            + [[e.get("type") for e in data.get("events", [])]],
            sort_keys=True,
        )
        if ev.changes_on is not None or shape not in shapes:
            shapes.add(shape)
            keep.append(line)
    with gzip.open(CORPUS, "wt", compresslevel=9) as f:
        f.write("".join(line + "\n" for line in keep))


if __name__ == "__main__":
    _keep()
    sys.exit(0)

engine.evaluate = _recording  # type: ignore[assignment]
rules.evaluate = _recording  # type: ignore[assignment]
atexit.register(_dump)
