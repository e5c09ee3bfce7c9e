"""The rules engine's speed tricks, kept apart, each with the reason it exists.

The engine evaluates every case of a body's docket again each day and after every act (and the
benchmark in ``bench/`` holds it to a rate), so a few of its steps are written for speed rather than
for reading. They live here, named for what they do; the plain path a lawyer-programmer reads is
next to each use in ``engine.py`` (the dataclass a fast path fills by hand, the table a cache keeps),
and ``bench/differential.py`` and the property tests hold fast and plain paths to the same answers.

The other speed modules: ``calendar_batch.py`` (numpy over arrays of terms) and, inside
``calendar.py``, the day-ordinal tables of :class:`~ventila.rules.calendar.LegalCalendar` (its
traced twin computes the same dates day by day, for ``--explain``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")
K = TypeVar("K")

# ``build_without_init(Deadline)`` is ``Deadline.__new__(Deadline)``: an instance whose fields the
# caller then sets one by one. Why: for the engine's per-event and per-deadline objects, the
# dataclass ``__init__`` costs about as much as all the rest of the work done for that object.
# The plain equivalent is the dataclass call with every field (``Deadline(id, rule, …)``), which
# ``Context._add_deadline_general`` uses; :func:`sets_every_field` keeps the two in step.
build_without_init: Callable[[type[T]], T] = object.__new__


def sets_every_field(cls: type, names: tuple[str, ...]) -> None:
    """Fail at import when a fast path that builds ``cls`` without ``__init__`` forgets a field
    (``names`` must be the dataclass's fields, in order)."""
    declared = tuple(f.name for f in fields(cls))
    if names != declared:
        raise AssertionError(f"{cls.__name__} is built field by field and must set every field: {declared}")


def per_kind(cache: dict[int, tuple[Any, T]], kind: K, build: Callable[[K], T]) -> T:
    """``build(kind)``, computed once per kind object and kept in ``cache``.

    Why: the parser reads, for each event, tables derived from the kind's specs (its required
    fields, its date fields …); deriving them anew for each event would cost more than the parse.
    The cache is keyed by the kind's identity (a kind is immutable) and keeps the kind itself, so
    that its id cannot be reused by another object while the entry lives; it is cleared past 256.
    """
    entry = cache.get(id(kind))
    if entry is None or entry[0] is not kind:
        if len(cache) >= 256:
            cache.clear()
        entry = cache[id(kind)] = (kind, build(kind))
    return entry[1]
