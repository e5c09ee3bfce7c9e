"""The legal calendar: the one object through which every date computation goes.

It knows Puerto Rico's legal holidays for the executive branch (seeded from the ``holidays``
package and corrected where it is wrong), general-election day, the closures and openings the
body declares, business days, calendar days with the Regla 68.1 roll-forward, hour terms and
suspensions, all in America/Puerto_Rico time.

Every computation has two forms that share one algorithm: a fast one working on day ordinals
(used by the evaluator and the batch path) and a traced one that records each skipped day with
its reason in Spanish (used by ``--explain`` and the web app's "why this date"). A property test
holds them equal.

Sources for each correction are cited next to it; see also ``docs/calendar.md``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal
from zoneinfo import ZoneInfo

import holidays as holidays_lib

if TYPE_CHECKING:  # numpy is only needed by the batch path (calendar_batch.py), and imported there
    import numpy as np
    import numpy.typing as npt

PR_TZ = ZoneInfo("America/Puerto_Rico")


def start_of_day(day: dt.date) -> dt.datetime:
    """The first moment of ``day`` in Puerto Rico time (an act recorded with a date and no hour): the one
    start-of-day of ventila (:func:`ventila.clock.start_of_day` is this one)."""
    return dt.datetime.combine(day, dt.time(), PR_TZ)


SkipKind = Literal["weekend", "holiday", "closure", "suspension"]


class CalendarError(ValueError):
    """A date computation the calendar cannot answer without guessing."""


class OutOfCalendarRange(CalendarError):
    """A date outside the years whose holidays the calendar knows."""


@dataclass(frozen=True, slots=True)
class Skip:
    """A day a computation passed over, and why (in Spanish, for the person reading the trace)."""

    day: dt.date
    kind: SkipKind
    reason: str
    name: str = ""  # a holiday's name
    half_day: bool = False  # a half holiday counted whole (24 December; decision 3): the trace says why

    def to_json(self) -> dict[str, str]:
        return {"day": self.day.isoformat(), "kind": self.kind, "reason": self.reason}


# 24 December: a half holiday from noon (1 LPRA §5150) that stops a count like a whole one (decision 3,
# setting ``christmas_eve_is_holiday``), and why, as the trace says it.
CHRISTMAS_EVE = (12, 24)
HALF_DAY_WHY = (
    "la tarde es feriado, y la Regla 68.1 de Procedimiento Civil considera el medio día feriado como feriado "
    "en su totalidad: por eso ese día no cuenta"
)  # the same words as terms.skip_msg's (a catalogue message there)


@dataclass(frozen=True, slots=True)
class Holiday:
    day: dt.date
    name: str
    source: str
    observed_for: dt.date | None = None  # the legal date, when this day is the Monday after a Sunday


@dataclass(frozen=True)
class CalendarSettings:
    """How the calendar reads the law. Each field is a documented choice (see docs/calendar.md)."""

    # The years whose dates the calendar accepts as input (an act, a knowledge date, ``as_of``).
    first_year: int = 2024
    last_year: int = 2035
    # Terms computed from an input date may end after ``last_year``: the holiday tables run this
    # many years further (the same computed holidays and corrections), so that a docket late in the
    # range is evaluated instead of refused. Only a term ending after them is out of range.
    computed_years_after: int = 2
    # Decision 3 of the catalogues: 24 December (half holiday from noon, 1 LPRA §5150) counts as a
    # whole holiday when computing terms (Regla 68.1: "medio día feriado se considerará como feriado
    # en su totalidad"). Setting: False makes it a business day.
    christmas_eve_is_holiday: bool = True
    # A holiday that falls on Sunday is observed on Monday (Ley 88-1969, Código Político art. 387;
    # portal.camarapr.org/holidays). Saturday holidays are NOT moved to Friday in Puerto Rico's
    # executive branch (OATRH 2026 list: "4 de julio (sábado)" with no substitute), unlike the
    # federal rule the ``holidays`` package applies.
    sunday_holiday_observed_monday: bool = True
    saturday_holiday_observed_friday: bool = False
    # General-election day is a legal holiday (pr-calendar facts §1, officeholidays.com).
    election_day_is_holiday: bool = True


DEFAULT_SETTINGS = CalendarSettings()

_BARBOSA = "Natalicio de José Celso Barbosa"
_ELECTION_DAY = "Día de las Elecciones Generales"

# Spanish names for the holidays the ``holidays`` package returns in English. Names follow the
# OATRH list of executive-branch holidays.
_SPANISH_NAMES: dict[str, str] = {
    "New Year's Day": "Año Nuevo",
    "Epiphany": "Día de Reyes",
    "Martin Luther King Jr. Day": "Natalicio de Martin Luther King Jr.",
    "George Washington Day, Presidents' Day, and the Day of the Women and Men Heroes of Puerto Rico": (
        "Día de los Presidentes y de las Mujeres y Hombres Próceres de Puerto Rico"
    ),
    "American Citizenship Day": "Día de la Ciudadanía Americana",
    "Emancipation Day": "Día de la Abolición de la Esclavitud",
    "Good Friday": "Viernes Santo",
    "Memorial Day": "Día de la Recordación",
    "Juneteenth National Independence Day": "Juneteenth",
    "Independence Day": "Día de la Independencia de los Estados Unidos",
    "Puerto Rico Constitution Day": "Día de la Constitución del Estado Libre Asociado",
    "Labor Day": "Día del Trabajo",
    "Columbus Day": "Día de la Raza (Descubrimiento de América)",
    "Veterans Day": "Día del Veterano",
    "Puerto Rican Identity Day": "Día de la Puertorriqueñidad",
    "Discovery of Puerto Rico": "Día de la Puertorriqueñidad",
    "Thanksgiving Day": "Día de Acción de Gracias",
    "Christmas Eve (from 12pm)": "Nochebuena (medio día feriado)",
    "Christmas Eve": "Nochebuena (medio día feriado)",
    "Christmas Day": "Día de Navidad",
    # Names the package uses for earlier years (the calendar can be configured back to 2000, e.g.
    # to recompute a term of 2014). Hostos, De Diego and Muñoz Rivera stopped being holidays with
    # Ley 111-2014; the package knows when.
    "Birthday of Eugenio María de Hostos": "Natalicio de Eugenio María de Hostos",
    "George Washington Day": "Día de los Presidentes",
    "George Washington Day, Presidents' Day, and the Puerto Rican Heroes Day": (
        "Día de los Presidentes y de los Próceres Puertorriqueños"
    ),
    "George Washington Day, Presidents' Day, and the Day of the Hero and the Illustrious Woman of Puerto Rico": (
        "Día de los Presidentes y de los Próceres y las Mujeres Ilustres de Puerto Rico"
    ),
    "José de Diego Day": "Natalicio de José de Diego",
    "Luis Muñoz Rivera Day": "Natalicio de Luis Muñoz Rivera",
    "José Celso Barbosa Day": "Natalicio de José Celso Barbosa",
    "Discovery of Puerto Rico Day": "Día del Descubrimiento de Puerto Rico",
    "Puerto Rican Culture and Discovery of Puerto Rico Day": (
        "Día de la Cultura Puertorriqueña y del Descubrimiento de Puerto Rico"
    ),
    "Christmas Eve (half-day closing)": "Nochebuena (medio día feriado)",
}

# Days the package's ``government`` category takes from federal executive orders: not legal
# holidays of Puerto Rico's executive branch (executive-order days off are not legal holidays,
# pr-calendar facts §1). A body that closed on such a day records it as a declared closure.
_NOT_PR_LEGAL_HOLIDAYS = frozenset(
    {
        "National Day of Mourning for former President Jimmy Carter",
        "National Day of Mourning for former President Ronald Reagan",
        "National Day of Mourning for former President Gerald R. Ford",
        "National Day of Mourning for former President George H. W. Bush",
        "Day After Christmas",
    }
)

_WEEKDAY_ES = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
_MONTH_ES = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)


MONTHS_ES = _MONTH_ES  # the months' names, for the pages that name a month alone


def format_date_es(day: dt.date) -> str:
    """`lunes, 1 de marzo de 2027`."""
    return f"{_WEEKDAY_ES[day.weekday()]}, {day.day} de {_MONTH_ES[day.month - 1]} de {day.year}"


def format_datetime_es(moment: dt.datetime) -> str:
    """`lunes, 2 de octubre de 2028 a las 09:30` (Puerto Rico time; a naive moment is taken as such)."""
    local = moment.astimezone(PR_TZ) if moment.tzinfo is not None else moment
    return f"{format_date_es(local.date())} a las {local.strftime('%H:%M')}"


def general_election_day(year: int) -> dt.date:
    """First Tuesday after the first Monday of November (Código Electoral 2020, Ley 58-2020)."""
    nov1 = dt.date(year, 11, 1)
    first_monday = nov1 + dt.timedelta(days=(0 - nov1.weekday()) % 7)
    return first_monday + dt.timedelta(days=1)


def _holiday_names_es() -> frozenset[str]:
    """Every name a holiday can have in a trace (the catalogue translates them)."""
    names = {*_SPANISH_NAMES.values(), _BARBOSA, _ELECTION_DAY}
    return frozenset(names | {f"{n} (observado)" for n in names})


def primary_election_day(year: int) -> dt.date:
    """First Sunday of June of the election year (Código Electoral 2020, Ley 58-2020)."""
    jun1 = dt.date(year, 6, 1)
    return jun1 + dt.timedelta(days=(6 - jun1.weekday()) % 7)


def pr_holidays(year: int, settings: CalendarSettings = DEFAULT_SETTINGS) -> list[Holiday]:
    """Puerto Rico's executive-branch legal holidays of one year (without election day).

    Seeded from ``holidays.country_holidays("PR")`` with its Saturday→Friday and Sunday→Monday
    shifts turned off (``observed=False``), then corrected:

    * 2 March, Día de la Ciudadanía Americana, is in the package only under its ``government``
      category (added in vacanza/holidays PR #3230): we ask for that category.
    * 27 July, Natalicio de José Celso Barbosa, is missing (the package treats it as abolished in
      2014); it is on the OATRH 2026 list (aldia.microjuris.com, 2025-11-13) and public employees
      have it off (El Nuevo Día, 2025-03-22): added.
    * Sunday holidays are observed on Monday (Ley 88-1969; Cámara portal); Saturday holidays are
      not moved (OATRH 2026 list), contrary to the package's federal Friday rule.
    * 24 December is a half holiday (1 LPRA §5150); see ``CalendarSettings.christmas_eve_is_holiday``.
    """
    raw = holidays_lib.country_holidays(
        "PR",
        years=[year],
        observed=False,
        categories=("public", "government", "half_day"),
    )
    result: list[Holiday] = []
    for day, names in sorted(raw.items()):
        for english in dict.fromkeys(names.split("; ")):
            if english in _NOT_PR_LEGAL_HOLIDAYS:
                continue
            if english not in _SPANISH_NAMES:
                raise CalendarError(f"feriado desconocido en el paquete holidays: {english!r} ({day})")
            if english.startswith("Christmas Eve") and (
                not settings.christmas_eve_is_holiday or day in {h.day for h in result}
            ):
                continue
            result.append(Holiday(day, _SPANISH_NAMES[english], "holidays (PR)"))
    barbosa = _BARBOSA
    if not any(h.name == barbosa for h in result):  # the package itself has it up to 2014
        result.append(
            Holiday(
                dt.date(year, 7, 27),
                barbosa,
                "Lista OATRH de días feriados; corrige el paquete holidays",
            )
        )
    observed: list[Holiday] = []
    for h in result:
        if (h.day.month, h.day.day) == CHRISTMAS_EVE:
            observed.append(h)  # a half holiday is never moved
            continue
        wd = h.day.weekday()
        if wd == 6 and settings.sunday_holiday_observed_monday:
            observed.append(Holiday(h.day + dt.timedelta(days=1), f"{h.name} (observado)", "Ley 88-1969", h.day))
        elif wd == 5 and settings.saturday_holiday_observed_friday:
            observed.append(Holiday(h.day - dt.timedelta(days=1), f"{h.name} (observado)", "regla federal", h.day))
        observed.append(h)
    return sorted(observed, key=lambda h: h.day)


HOLIDAY_NAMES_ES = _holiday_names_es()


@dataclass(frozen=True, slots=True)
class Suspension:
    """A span during which every running term is paused: from ``start`` up to the day before ``end``.

    ``end`` is the day proceedings resumed; ``None`` while no resumption is recorded.
    """

    start: dt.date
    end: dt.date | None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class DayResult:
    """A computed due day with the arithmetic that produced it."""

    due: dt.date
    skips: tuple[Skip, ...] = ()
    steps: tuple[str, ...] = ()


@dataclass
class LegalCalendar:
    """Business days, calendar days, hours and suspensions over a fixed range of years.

    Construction precomputes, for every day of the range, whether it is a business day and the
    running count of business days, so that adding N business days is two list look-ups.
    Build one with :func:`legal_calendar` (cached) rather than directly.
    """

    closures: frozenset[dt.date] = frozenset()
    openings: frozenset[dt.date] = frozenset()
    election_days: frozenset[dt.date] = frozenset()
    settings: CalendarSettings = DEFAULT_SETTINGS
    holidays: dict[dt.date, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        s = self.settings
        self.first_day = dt.date(s.first_year, 1, 1)
        self.last_day = dt.date(s.last_year, 12, 31)  # the last day an input date may fall on
        self.table_last_year = s.last_year + max(0, s.computed_years_after)
        hol: dict[dt.date, str] = {}
        for year in range(s.first_year, self.table_last_year + 1):
            for h in pr_holidays(year, s):
                hol[h.day] = f"{hol[h.day]}; {h.name}" if h.day in hol else h.name
        if s.election_day_is_holiday:
            for day in self.election_days:
                hol[day] = f"{hol[day]}; {_ELECTION_DAY}" if day in hol else _ELECTION_DAY
        self.holidays = hol
        base = self.first_day.toordinal()
        size = dt.date(self.table_last_year, 12, 31).toordinal() - base + 1
        is_bd = bytearray(size)
        cum = [0] * size
        bd_ords: list[int] = []
        days = [dt.date.fromordinal(base + i) for i in range(size)]
        count = 0
        for i in range(size):
            if self._business(days[i]):
                is_bd[i] = 1
                count += 1
                bd_ords.append(base + i)
            cum[i] = count
        self._base = base
        self._size = size
        self._is_bd = is_bd
        self._cum = cum
        self._bd_ords = bd_ords
        # cum − 1: the index in ``_bd_ords`` of the Nth business day after day i is _cum_m1[i] + N.
        self._cum_m1 = [c - 1 for c in cum]
        self._np_cache: Any = None  # numpy copies of the tables, built by the batch methods
        # The first business day on or after day i (0 past the last business day of the range).
        self._next_bd = [
            base + i if is_bd[i] else (bd_ords[cum[i]] if cum[i] < len(bd_ords) else 0) for i in range(size)
        ]
        # The same tables holding dates, for the evaluator's hot path (``date.fromordinal`` costs
        # as much as the look-up itself): every day of the range, each business day by its index,
        # and the first business day on or after each day (None past the last one).
        self._days = days
        # Each day → the index in _bd_days of the last business day on or before it (_cum_m1 by date).
        self._bd_index = dict(zip(days, self._cum_m1, strict=True))
        self._bd_days = [days[o - base] for o in bd_ords]
        self._next_bd_day: list[dt.date | None] = [days[o - base] if o else None for o in self._next_bd]

    # -- what a day is -------------------------------------------------------------------------

    def _business(self, day: dt.date) -> bool:
        if day in self.openings:
            return True
        return day.weekday() < 5 and day not in self.holidays and day not in self.closures

    def _range_es(self) -> str:
        """The years the tables cover, for messages: input years, then the computed ones."""
        s = self.settings
        if self.table_last_year == s.last_year:
            return f"({s.first_year}–{s.last_year})"
        return f"({s.first_year}–{s.last_year}; términos calculados hasta {self.table_last_year})"

    def _check(self, ordinal: int) -> int:
        i = ordinal - self._base
        if i < 0 or i >= self._size:
            raise OutOfCalendarRange(
                f"{_ordinal_iso(ordinal)} está fuera de los años que conoce el calendario legal {self._range_es()}"
            )
        return i

    def check_input_date(self, day: dt.date) -> None:
        """Refuse a date given as input (not computed) outside ``first_year``–``last_year``.

        Raises :class:`OutOfCalendarRange` with a Spanish message; the caller names the field.
        """
        if not self.first_day <= day <= self.last_day:
            raise OutOfCalendarRange(
                f"{day.isoformat()} está fuera de los años que conoce el calendario legal "
                f"({self.settings.first_year}–{self.settings.last_year})"
            )

    def is_business_day(self, day: dt.date) -> bool:
        return bool(self._is_bd[self._check(day.toordinal())])

    def why_not_business(self, day: dt.date) -> Skip | None:
        """The reason a day is not a business day, or None when it is one."""
        self._check(day.toordinal())
        if day in self.openings:
            return None
        if day in self.closures:
            return Skip(day, "closure", f"{format_date_es(day)}: cierre declarado de las oficinas")
        if day in self.holidays:
            name = self.holidays[day]
            if (day.month, day.day) == CHRISTMAS_EVE:
                return Skip(day, "holiday", f"{format_date_es(day)}: feriado — {name}: {HALF_DAY_WHY}", name, True)
            return Skip(day, "holiday", f"{format_date_es(day)}: feriado — {name}", name)
        if day.weekday() >= 5:
            return Skip(day, "weekend", f"{format_date_es(day)}: fin de semana")
        return None

    # -- fast path on ordinals -----------------------------------------------------------------

    def add_business_days_ord(self, ordinal: int, n: int) -> int:
        """The ordinal of the Nth business day after ``ordinal`` (N < 0: before it)."""
        i = ordinal - self._base
        if 0 <= i < self._size and n > 0:
            # Hot path (N ≥ 1 inside the range): one addition and two list look-ups.
            try:
                return self._bd_ords[self._cum_m1[i] + n]
            except IndexError:
                pass  # past the last business day the calendar knows: the general path raises
        return self._add_business_days_general(ordinal, n)

    def _add_business_days_general(self, ordinal: int, n: int) -> int:
        i = ordinal - self._base
        if i < 0 or i >= self._size:
            self._check(ordinal)
        if n >= 0:
            k = self._cum[i] + n - 1
            if n == 0:
                return ordinal
        else:
            k = self._cum[i] - self._is_bd[i] + n
        if k < 0 or k >= len(self._bd_ords):
            raise OutOfCalendarRange(
                f"el término de {n} días laborables desde {_ordinal_iso(ordinal)} "
                f"sale de los años que conoce el calendario legal {self._range_es()}"
            )
        return self._bd_ords[k]

    def next_business_day_ord(self, ordinal: int) -> int:
        """The ordinal of the first business day on or after ``ordinal``."""
        i = ordinal - self._base
        if 0 <= i < self._size:
            nxt = self._next_bd[i]
            if nxt:
                return nxt
        if i < 0 or i >= self._size:
            self._check(ordinal)
        if self._is_bd[i]:
            return ordinal
        k = self._cum[i]
        if k >= len(self._bd_ords):
            self._check(ordinal + self._size)  # raises
        return self._bd_ords[k]

    def add_business_days_date(self, day: dt.date, n: int) -> dt.date:
        """:meth:`add_business_days_ord` on a date: the Nth business day after ``day``."""
        k = self._bd_index.get(day)  # None outside the calendar's years
        if k is not None and n > 0:
            try:
                return self._bd_days[k + n]  # hot path: two look-ups, no date built
            except IndexError:
                pass  # past the last business day the calendar knows: the general path raises
        return dt.date.fromordinal(self._add_business_days_general(day.toordinal(), n))

    def add_calendar_days_date(self, day: dt.date, n: int, roll_forward: bool = True) -> dt.date:
        """``day`` + N days, moved (with ``roll_forward``) to the first business day on or after it.

        The date form of ``next_business_day_ord(day.toordinal() + n)``; without ``roll_forward``
        the sum itself, inside the calendar's years or not.
        """
        o = day.toordinal() + n
        i = o - self._base
        if 0 <= i < self._size:
            due = self._next_bd_day[i] if roll_forward else self._days[i]
            if due is not None:
                return due
        return dt.date.fromordinal(self.next_business_day_ord(o) if roll_forward else o)

    def business_days_in_ord(self, first: int, last: int) -> int:
        """How many business days from ``first`` to ``last``, both included (0 if last < first)."""
        if last < first:
            return 0
        i, j = self._check(first), self._check(last)
        return self._cum[j] - (self._cum[i - 1] if i > 0 else 0)

    # -- traced arithmetic -----------------------------------------------------------------------

    def add_business_days(self, start: dt.date, n: int) -> DayResult:
        """Nth business day after ``start``; the start day does not count.

        Convention (deadlines contract): a term of N business days is due on the Nth business day
        after its trigger.
        """
        due = dt.date.fromordinal(self.add_business_days_ord(start.toordinal(), n))
        lo, hi = (start, due) if n >= 0 else (due, start)
        skips = tuple(
            s
            for s in (self.why_not_business(lo + dt.timedelta(days=k)) for k in range(1, (hi - lo).days))
            if s is not None
        )
        direction = "después" if n >= 0 else "antes"
        steps = (
            f"Se cuentan {abs(n)} días laborables {direction} del {format_date_es(start)} "
            f"(ese día no cuenta): vence el {format_date_es(due)}.",
        )
        return DayResult(due, skips, steps)

    def add_calendar_days(self, start: dt.date, n: int, *, roll_forward: bool = True) -> DayResult:
        """``start`` + N days; a last day that is not a business day moves to the next one.

        The act day is excluded and the last day included (1 LPRA §72); with ``roll_forward`` a
        last day that is a Saturday, Sunday, holiday or closure moves to the next business day
        (Regla 68.1 de Procedimiento Civil).
        """
        last = start + dt.timedelta(days=n)
        steps = [f"{format_date_es(start)} + {n} días calendario (el día del acto no cuenta) = {format_date_es(last)}."]
        if not roll_forward:
            self._check(last.toordinal())
            return DayResult(last, (), tuple(steps))
        due = self.roll_forward(last)
        skips = self._skips_between(last, due)
        if due != last:
            steps.append(
                f"El último día no es laborable; el término se extiende al próximo día laborable, "
                f"{format_date_es(due)} (Regla 68.1 de Procedimiento Civil)."
            )
        return DayResult(due, skips, tuple(steps))

    def roll_forward(self, day: dt.date) -> dt.date:
        return dt.date.fromordinal(self.next_business_day_ord(day.toordinal()))

    def _skips_between(self, first: dt.date, before: dt.date) -> tuple[Skip, ...]:
        """Non-business days from ``first`` up to the day before ``before``."""
        out = []
        day = first
        while day < before:
            s = self.why_not_business(day)
            if s is not None:
                out.append(s)
            day += dt.timedelta(days=1)
        return tuple(out)

    def add_hours(self, start: dt.datetime, hours: int, *, reading: str = "clock") -> dt.datetime:
        """``start`` + N hours.

        ``reading="clock"`` (decision 6): continuous clock hours in America/Puerto_Rico.
        ``reading="regla_68_1"``: whole 24-hour blocks that end on a Saturday, Sunday, holiday or
        closure do not count (Hernández Jiménez v. AEE, 2015 TSPR 169, applied to a 72-hour term).
        """
        start = start.astimezone(PR_TZ)
        if reading == "clock":
            return start + dt.timedelta(hours=hours)
        if reading != "regla_68_1":
            raise CalendarError(f"lectura de términos en horas desconocida: {reading!r}")
        due = start
        remaining = hours
        while remaining >= 24:
            due += dt.timedelta(days=1)
            if self.is_business_day(due.date()):
                remaining -= 24
        due += dt.timedelta(hours=remaining)
        while not self.is_business_day(due.date()):
            due += dt.timedelta(days=1)
        return due

    def suspended_business_days(self, first: dt.date, resumed: dt.date) -> int:
        """Business days in a suspension: from ``first`` up to the day before ``resumed``."""
        return self.business_days_in_ord(first.toordinal(), resumed.toordinal() - 1)

    def holidays_in(self, year: int) -> list[tuple[dt.date, str]]:
        return sorted((d, n) for d, n in self.holidays.items() if d.year == year)

    # -- vectorised batch path: ventila/rules/calendar_batch.py -------------------------------------

    def add_business_days_batch(self, start_ordinals: npt.ArrayLike, n: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """:meth:`add_business_days_ord` over numpy arrays (see :mod:`ventila.rules.calendar_batch`)."""
        from .calendar_batch import add_business_days_batch  # numpy, loaded on first use

        return add_business_days_batch(self, start_ordinals, n)

    def add_calendar_days_batch(
        self, start_ordinals: npt.ArrayLike, n: npt.ArrayLike, *, roll_forward: bool = True
    ) -> npt.NDArray[np.int64]:
        """``next_business_day_ord(start + n)`` over numpy arrays (see :mod:`ventila.rules.calendar_batch`)."""
        from .calendar_batch import add_calendar_days_batch  # numpy, loaded on first use

        return add_calendar_days_batch(self, start_ordinals, n, roll_forward=roll_forward)


def _ordinal_iso(ordinal: int) -> str:
    """The ISO date of a day ordinal, or a description when it is no date at all (past year 9999)."""
    try:
        return dt.date.fromordinal(ordinal).isoformat()
    except (ValueError, OverflowError):
        return "una fecha posterior al año 9999" if ordinal > 0 else "una fecha anterior al año 1"


@lru_cache(maxsize=256)
def _cached(
    closures: frozenset[dt.date],
    openings: frozenset[dt.date],
    election_days: frozenset[dt.date],
    settings: CalendarSettings,
) -> LegalCalendar:
    return LegalCalendar(closures, openings, election_days, settings)


@lru_cache(maxsize=1024)
def _cached_by_tuple(
    closures: tuple[dt.date, ...],
    openings: tuple[dt.date, ...],
    election_days: tuple[dt.date, ...],
    settings: CalendarSettings,
) -> LegalCalendar:
    return _cached(frozenset(closures), frozenset(openings), frozenset(election_days), settings)


def legal_calendar(
    closures: Iterable[dt.date] = (),
    openings: Iterable[dt.date] = (),
    election_days: Iterable[dt.date] = (),
    settings: CalendarSettings = DEFAULT_SETTINGS,
) -> LegalCalendar:
    """The calendar for these closures, openings and election days (built once, then cached)."""
    return _cached_by_tuple(tuple(closures), tuple(openings), tuple(election_days), settings)


def to_pr(moment: dt.datetime) -> dt.datetime:
    """An aware datetime in Puerto Rico time; a naive one is taken as Puerto Rico time."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=PR_TZ)
    return moment.astimezone(PR_TZ)


def sort_unique(days: Sequence[dt.date]) -> list[dt.date]:
    return sorted(set(days))
