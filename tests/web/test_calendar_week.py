"""The week's agenda (issue 29, «a month/week calendar of hearings and terms»): the seven days of a week from
Sunday (as the month's weeks, the calendar of Puerto Rico), each with its hearings and the terms that end on it, holidays and declared closures marked; the previous,
next and current weeks linked, and the month beside it. The same people see it as see the month's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.test import Client
from factories import file_complaint, signed_in, to_hearing

from ventila import clock
from ventila.cases.actions import do_add_closure
from ventila.cases.models import Case

WEEK = "/cuerpos/etica-camara/agenda/semana/"


def _day(page: str, long_date: str) -> str:
    """The markup of one day of the week page, from its heading to the next day's."""
    return page.split(f'<span class="week-long">{long_date}</span>', 1)[1].split('<li class="week-day', 1)[0]


def test_the_week_lists_the_term_on_its_last_day_with_its_rule_and_the_hearing_at_its_hour(world, now):
    case = file_complaint(world)  # filed Mon 1 March 2027
    term = Case.objects.get(pk=case.pk).deadlines.get(deadline_id="notify_respondent")
    assert term.due == dt.date(2027, 3, 5)  # Friday 5 March (2 March a holiday)
    secretary = signed_in(world.users["secretaria"])
    page = secretary.get(WEEK + "?semana=2027-03-03").content.decode()  # any day of the week: its Sunday's week
    days = page.split('<li class="week-day')[1:]
    assert len(days) == 7 and "domingo, 28 de febrero de 2027" in days[0] and "sábado, 6 de marzo de 2027" in days[6]
    friday = _day(page, "viernes, 5 de marzo de 2027")
    assert "Vence" in friday and case.number in friday and f'<span class="rule-id">{term.rule_id}</span>' in friday
    assert str(term.rule_id) and "Nada señalado." in _day(page, "jueves, 4 de marzo de 2027")
    assert case.number not in _day(page, "jueves, 4 de marzo de 2027")
    # The holiday of 2 March is marked on its day.
    assert 'class="agenda-off"' in _day(page, "martes, 2 de marzo de 2027")
    assert 'class="agenda-off"' not in _day(page, "miércoles, 3 de marzo de 2027")
    # The hearing: on Thursday 15 April at 10:00, in the week of Sunday 11 April (asked by its Monday).
    to_hearing(world, case, now)
    april = secretary.get(WEEK + "?semana=2027-04-12").content.decode()
    hearing = _day(april, "jueves, 15 de abril de 2027")
    assert "Vista" in hearing and "10:00" in hearing and case.number in hearing
    assert case.number not in secretary.get(WEEK + "?semana=2027-04-19").content.decode()


def test_a_declared_closure_is_marked_on_its_day_of_the_week_and_of_the_month(world, now):
    now.set("2027-03-01 12:00")
    do_add_closure(user=world.users["secretaria"], body=world.camara, day=dt.date(2027, 3, 4), reason="Huracán")
    secretary = signed_in(world.users["secretaria"])
    week = secretary.get(WEEK + "?semana=2027-03-01").content.decode()
    assert "Cierre: Huracán" in _day(week, "jueves, 4 de marzo de 2027")
    month = secretary.get("/cuerpos/etica-camara/agenda/?mes=2027-03").content.decode()
    assert "Cierre: Huracán" in month.split("jueves, 4 de marzo de 2027", 1)[1].split("</li>", 1)[0]


def test_the_week_links_the_weeks_around_it_and_its_month_and_the_month_links_each_days_week(world, now):
    secretary = signed_in(world.users["secretaria"])
    page = secretary.get(WEEK + "?semana=2027-03-01").content.decode()
    assert "Ética Cámara</span>: semana del 28 de febrero de 2027</h1>" in page
    assert 'href="?semana=2027-02-21" rel="prev">← Semana anterior' in page
    assert 'href="?semana=2027-03-07" rel="next">Semana siguiente →' in page
    assert 'href="?">Esta semana' in page
    assert 'href="/cuerpos/etica-camara/agenda/?mes=2027-03">Ver el mes' in page
    month = secretary.get("/cuerpos/etica-camara/agenda/?mes=2027-03").content.decode()
    # Saturday 6 March closes the week of Sunday 28 February; Sunday 7 March opens the next, Monday 8 in it.
    assert f'href="{WEEK}?semana=2027-02-28"><span class="month-num" aria-hidden="true">6</span>' in month
    assert f'href="{WEEK}?semana=2027-03-07"><span class="month-num" aria-hidden="true">7</span>' in month
    assert f'href="{WEEK}?semana=2027-03-07"><span class="month-num" aria-hidden="true">8</span>' in month
    assert f'href="{WEEK}">Ver esta semana' in month
    secretary.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = secretary.get(WEEK + "?semana=2027-03-01").content.decode()
    assert "week of February 28, 2027</h1>" in english and "Previous week" in english
    assert "Sunday, February 28, 2027" in english


def test_the_week_is_for_those_who_see_the_bodys_cases_as_the_month_is(world, now):
    case = file_complaint(world)
    for user, status in (("ajeno", 404), ("secretaria_municipal", 404), ("secretaria", 200), ("comisionado", 200)):
        client = signed_in(world.users[user])
        assert client.get(WEEK).status_code == client.get("/cuerpos/etica-camara/agenda/").status_code == status, user
    municipal = signed_in(world.users["secretaria_municipal"])
    own = municipal.get("/cuerpos/querellas-municipales/agenda/semana/?semana=2027-03-01")
    assert own.status_code == 200 and case.number not in own.content.decode()
    assert case.number in signed_in(world.users["comisionado"]).get(WEEK + "?semana=2027-03-01").content.decode()
    # Signed out: to the sign-in page, as the month.
    signed_out = Client().get(WEEK)
    assert signed_out.status_code == 302 and "semana" not in signed_out["Location"].split("?", 1)[0]


@pytest.mark.parametrize(
    "raw",
    [
        "garbage",
        "2027-02-30",
        "\x00",
        "2027-03-01\x00",
        "9" * 10_000,
        "9999-12-31",
        "0001-01-01",
        "0001-01",
        "9999-12",
        "-1",
        "",
    ],
)
def test_a_week_or_month_that_is_not_one_is_the_current_one_never_an_error(world, now, raw):
    secretary = signed_in(world.users["secretaria"])
    today = clock.today()
    sunday = today - dt.timedelta(days=(today.weekday() + 1) % 7)
    response = secretary.get(WEEK, {"semana": raw})
    assert response.status_code == 200
    assert f'href="?semana={sunday + dt.timedelta(days=7):%Y-%m-%d}" rel="next"' in response.content.decode()
    month = secretary.get("/cuerpos/etica-camara/agenda/", {"mes": raw})
    assert month.status_code == 200 and f"{today:%Y-%m}" in month.content.decode()
