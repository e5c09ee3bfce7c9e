"""The demo's data (``ventila demo``), declared by each body beside its rulebook (issue 28: a body's law,
its acts and its documents, is named in ``ventila/rules`` only): the body itself with its fictitious
members, the demo cases as sequences of the rulebook's acts, the documents those acts call for and how
each is served, and the named act sequences the other demo loaders replay. ``web/management/commands/
demo.py`` and ``web/demo_*.py`` read these generically. Every person and text here is fictitious.

Payload values may be :class:`~ventila.rules.parts.Days` (the ISO date that many days from the day the
act is dated) or :class:`Alternate` (one of its values, by the case's ordinal)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .parts import Days
from .parts import SampleStep as Step

__all__ = ["Alternate", "Demo", "DemoBody", "Issue", "Opening", "Plan", "Serve", "Step", "resolved"]


@dataclass(frozen=True)
class Alternate:
    """In a demo payload: ``values[n % len(values)]`` for the body's ``n``-th demo case."""

    values: tuple[Any, ...]


def resolved(payload: Mapping[str, Any], day: dt.date, n: int) -> dict[str, Any]:
    """``payload`` with its :class:`Days` and :class:`Alternate` values made concrete."""
    out: dict[str, Any] = {}
    for key, value in payload.items():
        if isinstance(value, Days):
            value = (day + dt.timedelta(days=value.offset)).isoformat()
        elif isinstance(value, Alternate):
            value = value.values[n % len(value.values)]
        out[key] = value
    return out


@dataclass(frozen=True)
class Plan:
    """A demo case: its respondent (an index into the loader's list of respondents), its acts after the
    filing, ``pad`` business days between the last act and today, its kind and facts; ``documents``:
    issue and serve the documents its acts call for (:attr:`Demo.receipts`, :attr:`Demo.issues`)."""

    respondent: int
    steps: tuple[Step, ...]
    pad: int
    kind: str = "complaint"
    facts: str = ""
    documents: bool = False


@dataclass(frozen=True)
class Opening:
    """How a demo case of a kind is filed: the filing act's payload and details (the plan's facts are
    added to the details) and whether it names a complainant."""

    payload: Mapping[str, Any]
    details: Mapping[str, Any] = field(default_factory=dict)
    complainant: bool = True


@dataclass(frozen=True)
class Serve:
    """A delivery of a demo document: to the party ``role`` by ``method`` (a ``Delivery.Method`` value:
    ``email_attachment``, ``hand``, ``mail``), ``note`` the receipt's note (by hand or mail)."""

    role: str
    method: str
    note: str = ""


@dataclass(frozen=True)
class Issue:
    """A document of a demo case: its template, issued on the act ``source`` ("": the case's first act)
    and served as ``served`` says."""

    template: str
    served: tuple[Serve, ...]
    source: str = ""


@dataclass(frozen=True)
class DemoBody:
    """The body as the demo creates it: ``members`` as (given name, family name, position, office role or
    None, office title), seated on ``seated``; ``secretary``: the demo user who records its acts."""

    slug: str
    name: str
    short_name: str
    case_prefix: str
    seats: int
    secretary: str
    members: tuple[tuple[str, str, str, str | None, str], ...]
    seated: dt.date


@dataclass(frozen=True)
class Demo:
    """One body's demo. ``receipts``: an act recorded as the receipt of a document served by hand (act →
    the document, issued when the act comes due); ``issues``: the document an act, once recorded, calls
    for (act → the document); ``edits``: what staff write into a draft before issuing it (template →
    section → text); ``flows``: named sequences of the rulebook's acts the other demo loaders replay;
    ``texts``: the texts those loaders put into acts (key → text)."""

    body: DemoBody
    plans: tuple[Plan, ...] = ()
    openings: Mapping[str, Opening] = field(default_factory=dict)
    receipts: Mapping[str, Issue] = field(default_factory=dict)
    issues: Mapping[str, Issue] = field(default_factory=dict)
    edits: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    flows: Mapping[str, tuple[Step, ...]] = field(default_factory=dict)
    texts: Mapping[str, str] = field(default_factory=dict)
