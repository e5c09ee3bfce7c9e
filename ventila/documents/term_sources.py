"""Terms kept outside a case's docket that the reminders and the calendar feeds show beside a case's
terms: a court summons' 10(w) notice in the register of conduct (issue 27), or any other a higher app
declares. The apps above this one (``compliance``) register a source from ``AppConfig.ready``; this
app never imports them (the layers, README «How the code is laid out»).

A source answers, for a user and a window of days, the terms not yet met that the user follows and
whose last day falls in the window — each with a stable key (the calendar's UID), a label in the active
language, a reference that names no party (a calendar is synchronised to phones), the rule and its
citation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OutsideTerm:
    key: str  # stable and unique: the calendar event's UID
    label: str  # what is due, in the active language («Avisar de la citación a la Secretaría de la Cámara»)
    reference: str  # what it belongs to, without a party's name («Citación KLRA-2027-0001»)
    due: dt.date
    rule_id: str
    citation: str
    term: str  # «5 días laborables», in the active language


TermSource = Callable[[Any, dt.date, dt.date], list[OutsideTerm]]
SOURCES: list[TermSource] = []


def register(source: TermSource) -> None:
    """Declare a source of terms (called once, from an app's ``ready``)."""
    if source not in SOURCES:
        SOURCES.append(source)


def outside_terms(user: Any, first: dt.date, last: dt.date) -> list[OutsideTerm]:
    """Every registered source's terms for ``user`` due from ``first`` to ``last``, by due date."""
    out = [t for source in SOURCES for t in source(user, first, last)]
    return sorted(out, key=lambda t: (t.due, t.key))
