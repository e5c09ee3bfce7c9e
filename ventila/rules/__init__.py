"""The law as code: pure Python, no Django. Everything else in ventila calls this package.

Public entry points: :func:`evaluate` (a case's terms from its events), :class:`LegalCalendar`
(all date arithmetic), :data:`RULEBOOKS` (``camara-171`` and ``municipal``).
"""

from .calendar import PR_TZ, CalendarError, LegalCalendar, OutOfCalendarRange, legal_calendar, start_of_day
from .engine import Evaluation, InputError, evaluate, parse_scenario
from .rulebooks import RULEBOOKS

__all__ = [
    "PR_TZ",
    "RULEBOOKS",
    "CalendarError",
    "Evaluation",
    "InputError",
    "LegalCalendar",
    "OutOfCalendarRange",
    "evaluate",
    "legal_calendar",
    "parse_scenario",
    "start_of_day",
]
