"""The legal calendar: Puerto Rico's holidays 2026–2028, the corrections to the ``holidays`` package,
closures and openings, business days, calendar days with roll-forward, hour terms, suspensions,
the calendar's range and the reasons in every trace.

Every expected date below was computed by hand from a printed calendar and the holiday list of
docs/calendar.md (the OATRH executive-branch list with Sunday→Monday shifts and no Saturday→Friday
shifts); none is computed by the code under test.
"""

from __future__ import annotations

import datetime as dt

import holidays as holidays_lib
import pytest

from ventila.rules.calendar import (
    PR_TZ,
    CalendarError,
    CalendarSettings,
    LegalCalendar,
    OutOfCalendarRange,
    Suspension,
    format_date_es,
    general_election_day,
    legal_calendar,
    pr_holidays,
    primary_election_day,
)
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.terms import Term, _compute, compute_due, status_for

D = dt.date
ELECTION_2028 = D(2028, 11, 7)


@pytest.fixture(scope="module")
def cal() -> LegalCalendar:
    return legal_calendar(election_days=(ELECTION_2028,))


# -- the holiday table -------------------------------------------------------------------------

AÑO_NUEVO = "Año Nuevo"
REYES = "Día de Reyes"
MLK = "Natalicio de Martin Luther King Jr."
PRESIDENTES = "Día de los Presidentes y de las Mujeres y Hombres Próceres de Puerto Rico"
CIUDADANIA = "Día de la Ciudadanía Americana"
ABOLICION = "Día de la Abolición de la Esclavitud"
VIERNES_SANTO = "Viernes Santo"
RECORDACION = "Día de la Recordación"
JUNETEENTH = "Juneteenth"
INDEPENDENCIA = "Día de la Independencia de los Estados Unidos"
CONSTITUCION = "Día de la Constitución del Estado Libre Asociado"
BARBOSA = "Natalicio de José Celso Barbosa"
TRABAJO = "Día del Trabajo"
RAZA = "Día de la Raza (Descubrimiento de América)"
VETERANO = "Día del Veterano"
PUERTORRIQUENIDAD = "Día de la Puertorriqueñidad"
ACCION_DE_GRACIAS = "Día de Acción de Gracias"
NOCHEBUENA = "Nochebuena (medio día feriado)"
NAVIDAD = "Día de Navidad"
ELECCIONES = "Día de las Elecciones Generales"


def obs(name: str) -> str:
    return f"{name} (observado)"


# pr-calendar facts §1 "Computed dates": a Sunday holiday is listed on its legal date and on the
# Monday it is observed; a Saturday holiday stays on Saturday.
HOLIDAYS: dict[int, list[tuple[dt.date, str]]] = {
    2026: [
        (D(2026, 1, 1), AÑO_NUEVO),            # Thu
        (D(2026, 1, 6), REYES),
        (D(2026, 1, 19), MLK),                 # 3rd Monday of January
        (D(2026, 2, 16), PRESIDENTES),         # 3rd Monday of February
        (D(2026, 3, 2), CIUDADANIA),
        (D(2026, 3, 22), ABOLICION),           # Sunday …
        (D(2026, 3, 23), obs(ABOLICION)),      # … observed Monday
        (D(2026, 4, 3), VIERNES_SANTO),        # Easter 5 April
        (D(2026, 5, 25), RECORDACION),         # last Monday of May
        (D(2026, 6, 19), JUNETEENTH),
        (D(2026, 7, 4), INDEPENDENCIA),        # Saturday: not moved
        (D(2026, 7, 25), CONSTITUCION),        # Saturday: not moved
        (D(2026, 7, 27), BARBOSA),
        (D(2026, 9, 7), TRABAJO),
        (D(2026, 10, 12), RAZA),
        (D(2026, 11, 11), VETERANO),
        (D(2026, 11, 19), PUERTORRIQUENIDAD),
        (D(2026, 11, 26), ACCION_DE_GRACIAS),
        (D(2026, 12, 24), NOCHEBUENA),
        (D(2026, 12, 25), NAVIDAD),
    ],
    2027: [
        (D(2027, 1, 1), AÑO_NUEVO),            # Fri
        (D(2027, 1, 6), REYES),
        (D(2027, 1, 18), MLK),
        (D(2027, 2, 15), PRESIDENTES),
        (D(2027, 3, 2), CIUDADANIA),
        (D(2027, 3, 22), ABOLICION),
        (D(2027, 3, 26), VIERNES_SANTO),       # Easter 28 March
        (D(2027, 5, 31), RECORDACION),
        (D(2027, 6, 19), JUNETEENTH),          # Saturday: not moved
        (D(2027, 7, 4), INDEPENDENCIA),        # Sunday …
        (D(2027, 7, 5), obs(INDEPENDENCIA)),   # … observed Monday
        (D(2027, 7, 25), CONSTITUCION),        # Sunday …
        (D(2027, 7, 26), obs(CONSTITUCION)),   # … observed Monday
        (D(2027, 7, 27), BARBOSA),             # Tuesday
        (D(2027, 9, 6), TRABAJO),
        (D(2027, 10, 11), RAZA),
        (D(2027, 11, 11), VETERANO),
        (D(2027, 11, 19), PUERTORRIQUENIDAD),
        (D(2027, 11, 25), ACCION_DE_GRACIAS),
        (D(2027, 12, 24), NOCHEBUENA),         # Friday, half day
        (D(2027, 12, 25), NAVIDAD),            # Saturday: not moved
    ],
    2028: [
        (D(2028, 1, 1), AÑO_NUEVO),            # Saturday: not moved
        (D(2028, 1, 6), REYES),
        (D(2028, 1, 17), MLK),
        (D(2028, 2, 21), PRESIDENTES),
        (D(2028, 3, 2), CIUDADANIA),
        (D(2028, 3, 22), ABOLICION),
        (D(2028, 4, 14), VIERNES_SANTO),       # Easter 16 April
        (D(2028, 5, 29), RECORDACION),
        (D(2028, 6, 19), JUNETEENTH),
        (D(2028, 7, 4), INDEPENDENCIA),
        (D(2028, 7, 25), CONSTITUCION),
        (D(2028, 7, 27), BARBOSA),
        (D(2028, 9, 4), TRABAJO),
        (D(2028, 10, 9), RAZA),
        (D(2028, 11, 7), ELECCIONES),          # general election (Código Electoral 2020)
        (D(2028, 11, 11), VETERANO),           # Saturday: not moved
        (D(2028, 11, 19), PUERTORRIQUENIDAD),  # Sunday …
        (D(2028, 11, 20), obs(PUERTORRIQUENIDAD)),  # … observed Monday
        (D(2028, 11, 23), ACCION_DE_GRACIAS),
        (D(2028, 12, 24), NOCHEBUENA),         # Sunday, half day: never moved
        (D(2028, 12, 25), NAVIDAD),
    ],
}  # fmt: skip


# The years 2031–2035 (issue 11, item 4), by the same rules and corrections, computed by hand from a
# printed calendar: Easter 13 Apr 2031, 28 Mar 2032, 17 Apr 2033, 9 Apr 2034, 25 Mar 2035; general
# election 2 Nov 2032 (first Tuesday after the first Monday of November).
ELECTION_2032 = D(2032, 11, 2)
HOLIDAYS_2031_2035: dict[int, list[tuple[dt.date, str]]] = {
    2031: [
        (D(2031, 1, 1), AÑO_NUEVO),            # Wed
        (D(2031, 1, 6), REYES),
        (D(2031, 1, 20), MLK),
        (D(2031, 2, 17), PRESIDENTES),
        (D(2031, 3, 2), CIUDADANIA),           # Sunday …
        (D(2031, 3, 3), obs(CIUDADANIA)),      # … observed Monday
        (D(2031, 3, 22), ABOLICION),           # Saturday: not moved
        (D(2031, 4, 11), VIERNES_SANTO),
        (D(2031, 5, 26), RECORDACION),
        (D(2031, 6, 19), JUNETEENTH),
        (D(2031, 7, 4), INDEPENDENCIA),
        (D(2031, 7, 25), CONSTITUCION),
        (D(2031, 7, 27), BARBOSA),             # Sunday (the package's missing day) …
        (D(2031, 7, 28), obs(BARBOSA)),        # … observed Monday
        (D(2031, 9, 1), TRABAJO),
        (D(2031, 10, 13), RAZA),
        (D(2031, 11, 11), VETERANO),
        (D(2031, 11, 19), PUERTORRIQUENIDAD),
        (D(2031, 11, 27), ACCION_DE_GRACIAS),
        (D(2031, 12, 24), NOCHEBUENA),
        (D(2031, 12, 25), NAVIDAD),
    ],
    2032: [
        (D(2032, 1, 1), AÑO_NUEVO),            # Thu
        (D(2032, 1, 6), REYES),
        (D(2032, 1, 19), MLK),
        (D(2032, 2, 16), PRESIDENTES),
        (D(2032, 3, 2), CIUDADANIA),
        (D(2032, 3, 22), ABOLICION),
        (D(2032, 3, 26), VIERNES_SANTO),
        (D(2032, 5, 31), RECORDACION),
        (D(2032, 6, 19), JUNETEENTH),          # Saturday: not moved
        (D(2032, 7, 4), INDEPENDENCIA),        # Sunday …
        (D(2032, 7, 5), obs(INDEPENDENCIA)),   # … observed Monday
        (D(2032, 7, 25), CONSTITUCION),        # Sunday …
        (D(2032, 7, 26), obs(CONSTITUCION)),   # … observed Monday
        (D(2032, 7, 27), BARBOSA),
        (D(2032, 9, 6), TRABAJO),
        (D(2032, 10, 11), RAZA),
        (D(2032, 11, 2), ELECCIONES),          # general election
        (D(2032, 11, 11), VETERANO),
        (D(2032, 11, 19), PUERTORRIQUENIDAD),
        (D(2032, 11, 25), ACCION_DE_GRACIAS),
        (D(2032, 12, 24), NOCHEBUENA),         # Friday, half day
        (D(2032, 12, 25), NAVIDAD),            # Saturday: not moved
    ],
    2033: [
        (D(2033, 1, 1), AÑO_NUEVO),            # Saturday: not moved
        (D(2033, 1, 6), REYES),
        (D(2033, 1, 17), MLK),
        (D(2033, 2, 21), PRESIDENTES),
        (D(2033, 3, 2), CIUDADANIA),
        (D(2033, 3, 22), ABOLICION),
        (D(2033, 4, 15), VIERNES_SANTO),
        (D(2033, 5, 30), RECORDACION),
        (D(2033, 6, 19), JUNETEENTH),          # Sunday …
        (D(2033, 6, 20), obs(JUNETEENTH)),     # … observed Monday
        (D(2033, 7, 4), INDEPENDENCIA),
        (D(2033, 7, 25), CONSTITUCION),
        (D(2033, 7, 27), BARBOSA),
        (D(2033, 9, 5), TRABAJO),
        (D(2033, 10, 10), RAZA),
        (D(2033, 11, 11), VETERANO),
        (D(2033, 11, 19), PUERTORRIQUENIDAD),  # Saturday: not moved
        (D(2033, 11, 24), ACCION_DE_GRACIAS),
        (D(2033, 12, 24), NOCHEBUENA),         # Saturday
        (D(2033, 12, 25), NAVIDAD),            # Sunday …
        (D(2033, 12, 26), obs(NAVIDAD)),       # … observed Monday
    ],
    2034: [
        (D(2034, 1, 1), AÑO_NUEVO),            # Sunday …
        (D(2034, 1, 2), obs(AÑO_NUEVO)),       # … observed Monday
        (D(2034, 1, 6), REYES),
        (D(2034, 1, 16), MLK),
        (D(2034, 2, 20), PRESIDENTES),
        (D(2034, 3, 2), CIUDADANIA),
        (D(2034, 3, 22), ABOLICION),
        (D(2034, 4, 7), VIERNES_SANTO),
        (D(2034, 5, 29), RECORDACION),
        (D(2034, 6, 19), JUNETEENTH),
        (D(2034, 7, 4), INDEPENDENCIA),
        (D(2034, 7, 25), CONSTITUCION),
        (D(2034, 7, 27), BARBOSA),
        (D(2034, 9, 4), TRABAJO),
        (D(2034, 10, 9), RAZA),
        (D(2034, 11, 11), VETERANO),           # Saturday: not moved
        (D(2034, 11, 19), PUERTORRIQUENIDAD),  # Sunday …
        (D(2034, 11, 20), obs(PUERTORRIQUENIDAD)),  # … observed Monday
        (D(2034, 11, 23), ACCION_DE_GRACIAS),
        (D(2034, 12, 24), NOCHEBUENA),         # Sunday, half day: never moved
        (D(2034, 12, 25), NAVIDAD),
    ],
    2035: [
        (D(2035, 1, 1), AÑO_NUEVO),            # Mon
        (D(2035, 1, 6), REYES),                # Saturday: not moved
        (D(2035, 1, 15), MLK),
        (D(2035, 2, 19), PRESIDENTES),
        (D(2035, 3, 2), CIUDADANIA),
        (D(2035, 3, 22), ABOLICION),
        (D(2035, 3, 23), VIERNES_SANTO),
        (D(2035, 5, 28), RECORDACION),
        (D(2035, 6, 19), JUNETEENTH),
        (D(2035, 7, 4), INDEPENDENCIA),
        (D(2035, 7, 25), CONSTITUCION),
        (D(2035, 7, 27), BARBOSA),
        (D(2035, 9, 3), TRABAJO),
        (D(2035, 10, 8), RAZA),
        (D(2035, 11, 11), VETERANO),           # Sunday …
        (D(2035, 11, 12), obs(VETERANO)),      # … observed Monday
        (D(2035, 11, 19), PUERTORRIQUENIDAD),
        (D(2035, 11, 22), ACCION_DE_GRACIAS),
        (D(2035, 12, 24), NOCHEBUENA),
        (D(2035, 12, 25), NAVIDAD),
    ],
}  # fmt: skip


def _weekdays_off(cal: LegalCalendar, year: int) -> set[dt.date]:
    """The weekdays of ``year`` that are not business days."""
    day, off = D(year, 1, 1), set()
    while day.year == year:
        if day.weekday() < 5 and not cal.is_business_day(day):
            off.add(day)
        day += dt.timedelta(days=1)
    return off


@pytest.fixture(scope="module")
def cal_2031_2035() -> LegalCalendar:
    return legal_calendar(election_days=(ELECTION_2028, ELECTION_2032))


@pytest.mark.parametrize("year", sorted(HOLIDAYS_2031_2035))
def test_holiday_table_2031_2035(cal_2031_2035: LegalCalendar, year: int) -> None:
    assert cal_2031_2035.holidays_in(year) == HOLIDAYS_2031_2035[year]


@pytest.mark.parametrize("year", sorted(HOLIDAYS_2031_2035))
def test_weekday_holidays_2031_2035_are_the_non_business_weekdays(cal_2031_2035: LegalCalendar, year: int) -> None:
    assert _weekdays_off(cal_2031_2035, year) == {d for d, _ in HOLIDAYS_2031_2035[year] if d.weekday() < 5}


def test_rulebooks_know_the_2032_elections() -> None:
    # First Sunday of June and first Tuesday after the first Monday of November 2032 (Código Electoral 2020).
    camara = {(e.kind, e.date) for e in RULEBOOKS["camara-171"].elections}
    assert {("primary", D(2032, 6, 6)), ("general", ELECTION_2032)} <= camara
    assert ("general", ELECTION_2032) in {(e.kind, e.date) for e in RULEBOOKS["municipal"].elections}


def test_rulebooks_know_the_2036_elections_the_computed_terms_reach() -> None:
    # The tables reach 2037 (terms of a late-2035 docket): 1 Jun 2036 is the first Sunday of June; 1 Nov
    # 2036 is a Saturday, the first Monday 3 Nov, so the general election is Tuesday 4 Nov 2036.
    camara = {(e.kind, e.date) for e in RULEBOOKS["camara-171"].elections}
    assert {("primary", D(2036, 6, 1)), ("general", D(2036, 11, 4))} <= camara
    assert ("general", D(2036, 11, 4)) in {(e.kind, e.date) for e in RULEBOOKS["municipal"].elections}


def test_terms_late_in_2035_are_computed_into_2036(cal_2031_2035: LegalCalendar) -> None:
    # 15 business days after Wed 26 Dec 2035: 27, 28, 31 Dec; 2, 3, 4 Jan 2036 (1 Jan holiday);
    # Mon 7 Jan is Reyes observed (6 Jan 2036 is a Sunday); 8–11 and 14–18 Jan → Fri 18 Jan 2036.
    assert cal_2031_2035.add_business_days(D(2035, 12, 26), 15).due == D(2036, 1, 18)
    # 30 calendar days from 8 Dec 2035 = Mon 7 Jan 2036, Reyes observed → Tue 8 Jan 2036.
    assert cal_2031_2035.add_calendar_days(D(2035, 12, 8), 30).due == D(2036, 1, 8)


def test_an_input_date_after_2035_is_refused(cal_2031_2035: LegalCalendar) -> None:
    cal_2031_2035.check_input_date(D(2035, 12, 31))
    with pytest.raises(OutOfCalendarRange) as exc:
        cal_2031_2035.check_input_date(D(2036, 1, 2))
    assert str(exc.value) == "2036-01-02 está fuera de los años que conoce el calendario legal (2024–2035)"


@pytest.mark.parametrize("year", sorted(HOLIDAYS))
def test_holiday_table_with_spanish_names(cal: LegalCalendar, year: int) -> None:
    assert cal.holidays_in(year) == HOLIDAYS[year]


@pytest.mark.parametrize("year", sorted(HOLIDAYS))
def test_weekday_holidays_are_exactly_the_non_business_weekdays(cal: LegalCalendar, year: int) -> None:
    assert _weekdays_off(cal, year) == {d for d, _ in HOLIDAYS[year] if d.weekday() < 5}


def test_business_days_per_year(cal: LegalCalendar) -> None:
    # 2026: 261 weekdays − 17 weekday holidays; 2027: 261 − 17; 2028 (leap, starts Saturday): 260 − 17.
    counts = {y: cal.business_days_in_ord(D(y, 1, 1).toordinal(), D(y, 12, 31).toordinal()) for y in HOLIDAYS}
    assert counts == {2026: 244, 2027: 244, 2028: 243}


def test_pr_holidays_has_no_election_day_by_itself() -> None:
    assert ELECTION_2028 not in {h.day for h in pr_holidays(2028)}
    assert legal_calendar().is_business_day(ELECTION_2028)


def test_observed_holiday_keeps_its_legal_date() -> None:
    observed = [h for h in pr_holidays(2027) if h.observed_for is not None]
    assert [(h.day, h.observed_for) for h in observed] == [
        (D(2027, 7, 5), D(2027, 7, 4)),
        (D(2027, 7, 26), D(2027, 7, 25)),
    ]


# -- corrections to the ``holidays`` package -------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "holiday_in_pr", "name"),
    [
        pytest.param(D(2026, 3, 2), True, CIUDADANIA, id="2 March Ciudadanía Americana (package: government only)"),
        pytest.param(D(2027, 3, 2), True, CIUDADANIA, id="2 March 2027"),
        pytest.param(D(2026, 7, 27), True, BARBOSA, id="27 July Barbosa (package: abolished 2014)"),
        pytest.param(D(2028, 7, 27), True, BARBOSA, id="27 July 2028"),
        pytest.param(ELECTION_2028, True, ELECCIONES, id="election day 2028-11-07"),
        pytest.param(D(2026, 7, 3), False, None, id="2026-07-03 business day (no Saturday to Friday shift)"),
        pytest.param(D(2027, 6, 18), False, None, id="2027-06-18 business day (Juneteenth on Saturday)"),
        pytest.param(D(2027, 12, 31), False, None, id="2027-12-31 business day (New Year 2028 on Saturday)"),
        pytest.param(D(2027, 12, 24), True, NOCHEBUENA, id="2027-12-24 holiday only as Nochebuena"),
    ],
)
def test_corrections_to_the_holidays_package(
    cal: LegalCalendar, day: dt.date, holiday_in_pr: bool, name: str | None
) -> None:
    assert cal.is_business_day(day) is not holiday_in_pr
    assert cal.holidays.get(day) == name


def test_the_package_itself_still_differs() -> None:
    """Why the corrections exist (holidays==0.109, default categories, with observed days)."""
    raw = holidays_lib.country_holidays("PR", years=[2026, 2027, 2028])
    assert D(2026, 3, 2) not in raw and D(2026, 7, 27) not in raw and ELECTION_2028 not in raw
    assert D(2026, 7, 3) in raw and D(2027, 6, 18) in raw and D(2027, 12, 31) in raw
    assert "Christmas" in raw[D(2027, 12, 24)]


def test_christmas_eve_setting() -> None:
    off = legal_calendar(settings=CalendarSettings(christmas_eve_is_holiday=False))
    assert off.is_business_day(D(2026, 12, 24))
    assert D(2026, 12, 24) not in off.holidays
    assert off.add_business_days(D(2026, 12, 23), 1).due == D(2026, 12, 24)


def test_saturday_to_friday_setting_is_available() -> None:
    federal = legal_calendar(settings=CalendarSettings(saturday_holiday_observed_friday=True))
    assert not federal.is_business_day(D(2026, 7, 3))
    assert federal.holidays[D(2026, 7, 3)] == obs(INDEPENDENCIA)


# -- closures and openings -----------------------------------------------------------------------


def test_closure_counts_like_a_holiday() -> None:
    closed = legal_calendar(closures=[D(2027, 9, 20)])  # Monday, e.g. a hurricane
    assert not closed.is_business_day(D(2027, 9, 20))
    r = closed.add_business_days(D(2027, 9, 17), 1)  # Friday + 1 business day
    assert r.due == D(2027, 9, 21)
    assert [(s.day, s.kind) for s in r.skips] == [
        (D(2027, 9, 18), "weekend"),
        (D(2027, 9, 19), "weekend"),
        (D(2027, 9, 20), "closure"),
    ]
    assert "cierre declarado" in r.skips[-1].reason
    # Calendar days: 2027-08-21 + 30 = Monday 2027-09-20, closed → Tuesday 21.
    assert closed.add_calendar_days(D(2027, 8, 21), 30).due == D(2027, 9, 21)


def test_opening_makes_a_holiday_a_business_day() -> None:
    opened = legal_calendar(openings=[D(2027, 3, 2)])
    assert opened.is_business_day(D(2027, 3, 2))
    assert opened.why_not_business(D(2027, 3, 2)) is None
    assert opened.add_business_days(D(2027, 3, 1), 1).due == D(2027, 3, 2)


def test_election_day_setting_off() -> None:
    no_election = legal_calendar(
        election_days=(ELECTION_2028,), settings=CalendarSettings(election_day_is_holiday=False)
    )
    assert no_election.is_business_day(ELECTION_2028)


def test_election_dates() -> None:
    assert general_election_day(2028) == ELECTION_2028
    assert general_election_day(2024) == D(2024, 11, 5)
    assert primary_election_day(2028) == D(2028, 6, 4)
    assert primary_election_day(2024) == D(2024, 6, 2)
    configured = {(e.kind, e.date) for e in RULEBOOKS["camara-171"].elections}
    assert ("general", ELECTION_2028) in configured


# -- business days ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "n", "due"),
    [
        pytest.param(D(2027, 3, 1), 3, D(2027, 3, 5), id="Mon + 3 bd skips 2 March"),
        pytest.param(D(2027, 3, 3), 15, D(2027, 3, 25), id="+15 bd crossing 22 March"),
        pytest.param(D(2027, 3, 24), 2, D(2027, 3, 29), id="+2 bd crossing Good Friday 2027"),
        pytest.param(D(2026, 12, 23), 1, D(2026, 12, 28), id="+1 bd over Nochebuena and Navidad 2026"),
        pytest.param(D(2026, 12, 30), 3, D(2027, 1, 5), id="+3 bd across the 2026-2027 year end"),
        pytest.param(D(2027, 12, 23), 2, D(2027, 12, 28), id="+2 bd over Nochebuena 2027"),
        pytest.param(D(2027, 12, 30), 1, D(2027, 12, 31), id="2027-12-31 is a business day"),
        pytest.param(D(2027, 12, 31), 1, D(2028, 1, 3), id="+1 bd across the 2027-2028 year end"),
        pytest.param(D(2028, 1, 5), 1, D(2028, 1, 7), id="+1 bd over Reyes 2028"),
        pytest.param(D(2026, 7, 2), 1, D(2026, 7, 3), id="2026-07-03 is a business day"),
        pytest.param(D(2027, 6, 17), 1, D(2027, 6, 18), id="2027-06-18 is a business day"),
        pytest.param(D(2027, 7, 23), 1, D(2027, 7, 28), id="+1 bd over 26 and 27 July 2027"),
        pytest.param(D(2028, 11, 6), 1, D(2028, 11, 8), id="+1 bd over election day 2028"),
        pytest.param(D(2028, 11, 17), 1, D(2028, 11, 21), id="+1 bd over Puertorriqueñidad observed"),
        pytest.param(D(2027, 3, 6), 1, D(2027, 3, 8), id="start on Saturday: first business day after"),
        pytest.param(D(2027, 3, 2), 1, D(2027, 3, 3), id="start on a holiday"),
        pytest.param(D(2027, 3, 5), -3, D(2027, 3, 1), id="-3 bd back over 2 March"),
        pytest.param(D(2027, 3, 8), -1, D(2027, 3, 5), id="-1 bd from Monday is Friday"),
        pytest.param(D(2027, 3, 6), -1, D(2027, 3, 5), id="-1 bd from Saturday is Friday"),
        pytest.param(D(2027, 3, 6), 0, D(2027, 3, 6), id="0 bd is the start itself"),
    ],
)
def test_add_business_days(cal: LegalCalendar, start: dt.date, n: int, due: dt.date) -> None:
    assert cal.add_business_days(start, n).due == due
    assert cal.add_business_days_ord(start.toordinal(), n) == due.toordinal()


def test_business_days_trace_lists_every_skipped_day(cal: LegalCalendar) -> None:
    r = cal.add_business_days(D(2027, 3, 3), 15)
    assert [s.day for s in r.skips] == [
        D(2027, 3, 6),
        D(2027, 3, 7),
        D(2027, 3, 13),
        D(2027, 3, 14),
        D(2027, 3, 20),
        D(2027, 3, 21),
        D(2027, 3, 22),
    ]
    assert r.skips[-1].reason == "lunes, 22 de marzo de 2027: feriado — Día de la Abolición de la Esclavitud"
    assert r.skips[0].reason == "sábado, 6 de marzo de 2027: fin de semana"
    assert "15 días laborables" in r.steps[0] and "jueves, 25 de marzo de 2027" in r.steps[0]


def test_next_business_day_and_count(cal: LegalCalendar) -> None:
    assert cal.next_business_day_ord(D(2027, 12, 24).toordinal()) == D(2027, 12, 27).toordinal()
    assert cal.next_business_day_ord(D(2027, 12, 27).toordinal()) == D(2027, 12, 27).toordinal()
    # 2027-03-01 … 2027-03-07: Mon, (Tue holiday), Wed, Thu, Fri → 4.
    assert cal.business_days_in_ord(D(2027, 3, 1).toordinal(), D(2027, 3, 7).toordinal()) == 4
    assert cal.business_days_in_ord(D(2027, 3, 7).toordinal(), D(2027, 3, 1).toordinal()) == 0
    # A suspension from Monday 8 to the day before Monday 15 March 2027 holds 5 business days.
    assert cal.suspended_business_days(D(2027, 3, 8), D(2027, 3, 15)) == 5


# -- calendar days with roll-forward ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "n", "due"),
    [
        pytest.param(D(2027, 2, 10), 30, D(2027, 3, 12), id="CAM-20-06 30 cd ends on a Friday"),
        pytest.param(D(2026, 6, 3), 30, D(2026, 7, 3), id="30 cd ends 2026-07-03, a business day"),
        pytest.param(D(2026, 6, 4), 30, D(2026, 7, 6), id="30 cd ends Saturday 4 July 2026, rolls to Monday"),
        pytest.param(D(2027, 1, 31), 30, D(2027, 3, 3), id="30 cd ends on 2 March 2027, rolls a day"),
        pytest.param(D(2027, 11, 24), 30, D(2027, 12, 27), id="30 cd ends on Nochebuena 2027, rolls to Monday"),
        pytest.param(D(2027, 12, 1), 30, D(2027, 12, 31), id="30 cd ends 2027-12-31, a business day"),
        pytest.param(D(2027, 12, 2), 30, D(2028, 1, 3), id="30 cd ends Saturday 1 Jan 2028, rolls across year"),
        pytest.param(D(2028, 10, 8), 30, D(2028, 11, 8), id="30 cd ends on election day 2028"),
        pytest.param(D(2027, 5, 12), 45, D(2027, 6, 28), id="CAM-22-01 45 cd ends Saturday 26 June 2027"),
        pytest.param(D(2027, 3, 5), 2, D(2027, 3, 8), id="2 cd literal, only the last day rolls (decision 2)"),
        pytest.param(D(2027, 12, 20), 5, D(2027, 12, 27), id="5 cd ends on Christmas Saturday 2027"),
    ],
)
def test_add_calendar_days_rolls_forward(cal: LegalCalendar, start: dt.date, n: int, due: dt.date) -> None:
    assert cal.add_calendar_days(start, n).due == due


def test_add_calendar_days_without_roll_forward(cal: LegalCalendar) -> None:
    r = cal.add_calendar_days(D(2026, 6, 4), 30, roll_forward=False)
    assert r.due == D(2026, 7, 4)
    assert r.skips == ()


def test_calendar_days_trace(cal: LegalCalendar) -> None:
    r = cal.add_calendar_days(D(2026, 6, 4), 30)
    assert [(s.day, s.kind) for s in r.skips] == [
        (D(2026, 7, 4), "holiday"),
        (D(2026, 7, 5), "weekend"),
    ]
    assert r.skips[0].reason == "sábado, 4 de julio de 2026: feriado — Día de la Independencia de los Estados Unidos"
    assert any("Regla 68.1" in s for s in r.steps)


# -- hour terms ----------------------------------------------------------------------------------


def _at(y: int, m: int, d: int, h: int, mi: int) -> dt.datetime:
    return dt.datetime(y, m, d, h, mi, tzinfo=PR_TZ)


@pytest.mark.parametrize(
    ("start", "hours", "reading", "due"),
    [
        pytest.param(_at(2027, 3, 1, 10, 15), 24, "clock", _at(2027, 3, 2, 10, 15), id="24 h clock, even on a holiday"),
        pytest.param(_at(2027, 3, 5, 16, 0), 48, "clock", _at(2027, 3, 7, 16, 0), id="48 h clock over a weekend"),
        pytest.param(_at(2027, 3, 13, 12, 0), 24, "clock", _at(2027, 3, 14, 12, 0), id="no daylight saving in PR"),
        pytest.param(
            _at(2027, 3, 5, 16, 0), 48, "regla_68_1", _at(2027, 3, 9, 16, 0), id="48 h Regla 68.1 skips the weekend"
        ),
        pytest.param(
            _at(2027, 3, 1, 10, 15), 24, "regla_68_1", _at(2027, 3, 3, 10, 15), id="24 h Regla 68.1 skips 2 March"
        ),
    ],
)
def test_add_hours(cal: LegalCalendar, start: dt.datetime, hours: int, reading: str, due: dt.datetime) -> None:
    got = cal.add_hours(start, hours, reading=reading)
    assert got == due
    assert got.utcoffset() == dt.timedelta(hours=-4)


def test_hour_term_from_utc_input_is_reported_in_pr_time(cal: LegalCalendar) -> None:
    got = cal.add_hours(dt.datetime(2027, 3, 1, 14, 15, tzinfo=dt.UTC), 24)
    assert got.isoformat() == "2027-03-02T10:15:00-04:00"


def test_hernandez_jimenez_v_aee_72_hours() -> None:
    """2015 TSPR 169: appeal filed Thu 12 Jun 2014 23:31; 72 h excluding Sat/Sun → Tue 17 Jun."""
    cal2014 = legal_calendar(settings=CalendarSettings(first_year=2014, last_year=2015))
    filed = _at(2014, 6, 12, 23, 31)
    assert cal2014.add_hours(filed, 72, reading="regla_68_1") == _at(2014, 6, 17, 23, 31)
    assert cal2014.add_hours(filed, 72) == _at(2014, 6, 15, 23, 31)  # clock reading: Sunday


def test_unknown_hour_reading_is_an_error(cal: LegalCalendar) -> None:
    with pytest.raises(CalendarError, match="lectura de términos en horas desconocida"):
        cal.add_hours(_at(2027, 3, 1, 10, 0), 24, reading="lunar")


# -- suspensions through terms.compute_due ------------------------------------------------------------

CD30 = Term(30, "calendar_days")
BD15 = Term(15, "business_days")


@pytest.mark.parametrize(
    ("start", "term", "suspensions", "due", "suspended"),
    [
        pytest.param(D(2027, 3, 1), CD30, [], D(2027, 3, 31), False, id="30 cd without suspension"),
        pytest.param(D(2027, 3, 1), CD30, [Suspension(D(2027, 3, 10), D(2027, 3, 15))], D(2027, 4, 5), False, id="30 cd moves by R-S = 5 days"),
        pytest.param(D(2027, 3, 1), CD30, [Suspension(D(2027, 3, 10), D(2027, 3, 13))], D(2027, 4, 5), False, id="30 cd moves 3 days to Saturday 3 April then rolls to Monday"),
        pytest.param(D(2026, 6, 4), CD30, [Suspension(D(2026, 6, 10), D(2026, 6, 12))], D(2026, 7, 6), False, id="the shift applies to the last day before roll-forward"),
        pytest.param(D(2027, 3, 3), BD15, [], D(2027, 3, 25), False, id="15 bd without suspension"),
        pytest.param(D(2027, 3, 3), BD15, [Suspension(D(2027, 3, 8), D(2027, 3, 15))], D(2027, 4, 2), False, id="15 bd moves by the 5 business days suspended, over Good Friday"),
        pytest.param(D(2027, 3, 3), BD15, [Suspension(D(2027, 3, 19), D(2027, 3, 24))], D(2027, 3, 30), False, id="15 bd: a span with a weekend and a holiday holds 2 business days"),
        pytest.param(D(2027, 3, 3), BD15, [Suspension(D(2027, 2, 20), D(2027, 3, 5))], D(2027, 3, 29), False, id="15 bd: only the suspended days after the trigger count"),
        pytest.param(D(2027, 3, 3), BD15, [Suspension(D(2027, 4, 1), D(2027, 4, 20))], D(2027, 3, 25), False, id="a suspension after the term ran out changes nothing"),
        pytest.param(D(2027, 3, 3), BD15, [Suspension(D(2027, 3, 10), None)], D(2027, 3, 25), True, id="open suspension: suspended, due as when suspended"),
        pytest.param(D(2027, 3, 1), CD30, [Suspension(D(2027, 3, 10), None)], D(2027, 3, 31), True, id="open suspension of a calendar term"),
    ],
)  # fmt: skip
def test_suspensions(
    cal: LegalCalendar,
    start: dt.date,
    term: Term,
    suspensions: list[Suspension],
    due: dt.date,
    suspended: bool,
) -> None:
    got, is_suspended, comp = compute_due(cal, start, term, suspensions=suspensions)
    assert (got, is_suspended) == (due, suspended)
    assert _compute(comp, traced=True)[0] == due  # the traced computation agrees


def test_open_suspension_status(cal: LegalCalendar) -> None:
    due, suspended, _ = compute_due(cal, D(2027, 3, 3), BD15, suspensions=[Suspension(D(2027, 3, 10), None)])
    assert status_for(due, None, D(2027, 6, 1), suspended) == "suspended"
    assert status_for(due, D(2027, 3, 20), D(2027, 6, 1), suspended) == "met"


def test_extension_adds_to_the_term(cal: LegalCalendar) -> None:
    # 45 + 45 calendar days = 90 days from the same trigger: 2027-05-12 + 90 = Tue 2027-08-10.
    due, _, _ = compute_due(
        cal,
        D(2027, 5, 12),
        Term(45, "calendar_days"),
        extensions=[(Term(45, "calendar_days"), "prórroga")],
    )
    assert due == D(2027, 8, 10)
    # 15 + 15 business days from 2027-03-03: 25 March + 15 bd (Good Friday skipped) = 2027-04-16.
    due, _, _ = compute_due(cal, D(2027, 3, 3), BD15, extensions=[(BD15, "prórroga")])
    assert due == D(2027, 4, 16)


# -- range -------------------------------------------------------------------------------------------


def test_out_of_range_day(cal: LegalCalendar) -> None:
    with pytest.raises(OutOfCalendarRange) as exc:
        cal.is_business_day(D(2038, 1, 2))
    assert (
        str(exc.value)
        == "2038-01-02 está fuera de los años que conoce el calendario legal (2024–2035; términos calculados hasta 2037)"
    )
    assert isinstance(exc.value, CalendarError) and isinstance(exc.value, ValueError)


_RANGE = "(2024–2035; términos calculados hasta 2037)"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda c: c.add_business_days(D(2037, 12, 20), 10), f"el término de 10 días laborables desde 2037-12-20 sale de los años que conoce el calendario legal {_RANGE}", id="business days past 2037"),
        pytest.param(lambda c: c.add_business_days(D(2023, 12, 29), 1), f"2023-12-29 está fuera de los años que conoce el calendario legal {_RANGE}", id="start before 2024"),
        pytest.param(lambda c: c.add_calendar_days(D(2037, 12, 20), 30), f"2038-01-19 está fuera de los años que conoce el calendario legal {_RANGE}", id="calendar days past 2037"),
        pytest.param(lambda c: c.add_calendar_days(D(2037, 12, 20), 30, roll_forward=False), f"2038-01-19 está fuera de los años que conoce el calendario legal {_RANGE}", id="calendar days past 2037 without roll-forward"),
        pytest.param(lambda c: c.add_business_days(D(2024, 1, 3), -5), f"el término de -5 días laborables desde 2024-01-03 sale de los años que conoce el calendario legal {_RANGE}", id="business days back before 2024"),
    ],
)  # fmt: skip
def test_out_of_range_computations(cal: LegalCalendar, call: object, message: str) -> None:
    with pytest.raises(OutOfCalendarRange) as exc:
        call(cal)  # type: ignore[operator]
    assert str(exc.value) == message


# -- every skipped day has a reason ---------------------------------------------------------------


def _check_reasons(cal: LegalCalendar, skips: list) -> None:  # type: ignore[type-arg]
    assert skips
    for s in skips:
        assert s.reason.startswith(format_date_es(s.day) + ": "), s
        if s.kind == "holiday":
            assert cal.holidays[s.day] in s.reason
        elif s.kind == "weekend":
            assert s.reason.endswith("fin de semana") and s.day.weekday() >= 5
        elif s.kind == "closure":
            assert "cierre" in s.reason
        else:
            assert s.kind == "suspension" and "suspensión" in s.reason


def test_every_skip_has_a_reason() -> None:
    cal = legal_calendar(closures=[D(2027, 3, 30)], election_days=(ELECTION_2028,))
    _check_reasons(cal, list(cal.add_business_days(D(2027, 3, 3), 30).skips))
    _check_reasons(cal, list(cal.add_business_days(D(2028, 10, 30), 20).skips))
    _check_reasons(cal, list(cal.add_calendar_days(D(2027, 11, 24), 30).skips))
    kinds = set()
    for start, term, susp in [
        (D(2027, 3, 3), BD15, [Suspension(D(2027, 3, 19), D(2027, 3, 24), "litigio")]),
        (D(2027, 3, 1), CD30, [Suspension(D(2027, 3, 10), D(2027, 3, 13))]),
        (D(2027, 3, 3), BD15, [Suspension(D(2027, 3, 10), None)]),
    ]:
        _, _, comp = compute_due(cal, start, term, suspensions=susp)
        skips = comp.skipped()
        _check_reasons(cal, skips)
        kinds |= {s.kind for s in skips}
    assert kinds == {"weekend", "holiday", "closure", "suspension"}


def test_format_date_es() -> None:
    assert format_date_es(D(2027, 3, 1)) == "lunes, 1 de marzo de 2027"
    assert format_date_es(D(2028, 11, 7)) == "martes, 7 de noviembre de 2028"
