"""The month's agenda (issue 29, item 8): a page per body and month with the hearings and the last days of the open
terms of the cases the user may see, the previous and next months linked, beside the closures page."""

from __future__ import annotations

import datetime as dt

from factories import file_complaint, signed_in, to_hearing

from ventila.cases.models import Case


def test_the_month_lists_each_term_on_its_last_day_and_each_hearing_at_its_hour(world, now):
    case = file_complaint(world)  # filed Mon 1 March 2027
    due = Case.objects.get(pk=case.pk).deadlines.get(deadline_id="notify_respondent").due
    assert due == dt.date(2027, 3, 5)  # 3 business days after 1 March (2 March a holiday): Friday 5 March
    secretary = signed_in(world.users["secretaria"])
    page = secretary.get("/cuerpos/etica-camara/agenda/?mes=2027-03").content.decode()
    assert "Agenda de" in page and "marzo de 2027" in page
    day = page.split("viernes, 5 de marzo de 2027", 1)[1].split("</li>\n    </li>", 1)[0]
    assert "Vence" in day and case.number in day
    assert 'href="?mes=2027-02"' in page and 'href="?mes=2027-04"' in page
    assert 'href="/cuerpos/etica-camara/calendario/"' in page  # the closures and elections, for the staff
    # Another month holds none of it; a hearing appears on its day, with its hour.
    to_hearing(world, case, now)
    april = secretary.get("/cuerpos/etica-camara/agenda/?mes=2027-04").content.decode()
    hearing = april.split("jueves, 15 de abril de 2027", 1)[1].split("</ul>", 1)[0]
    assert "Vista" in hearing and "10:00" in hearing and case.number in hearing
    assert case.number not in secretary.get("/cuerpos/etica-camara/agenda/?mes=2027-01").content.decode()


def test_the_agenda_is_for_those_who_see_the_bodys_cases(world, now):
    file_complaint(world)
    assert signed_in(world.users["ajeno"]).get("/cuerpos/etica-camara/agenda/").status_code == 404
    municipal = signed_in(world.users["secretaria_municipal"])
    assert municipal.get("/cuerpos/etica-camara/agenda/").status_code == 404
    assert "CE-2027" not in municipal.get("/cuerpos/querellas-municipales/agenda/?mes=2027-03").content.decode()
    # A month that is not one: this month, not an error.
    assert signed_in(world.users["secretaria"]).get("/cuerpos/etica-camara/agenda/?mes=2027-13").status_code == 200


def test_the_queue_and_the_closures_page_link_the_agenda(world, now):
    secretary = signed_in(world.users["secretaria"])
    assert 'href="/cuerpos/etica-camara/agenda/"' in secretary.get("/expedientes/").content.decode()
    assert 'href="/cuerpos/etica-camara/agenda/"' in secretary.get("/cuerpos/etica-camara/calendario/").content.decode()


def test_a_commissioner_reaches_the_agenda_from_my_calendar(world, now):
    case = file_complaint(world)
    commissioner = signed_in(world.users["comisionado"])
    page = commissioner.get("/calendario/").content.decode()
    assert 'href="/cuerpos/etica-camara/agenda/"' in page and "/cuerpos/querellas-municipales/agenda/" not in page
    assert case.number in commissioner.get("/cuerpos/etica-camara/agenda/?mes=2027-03").content.decode()
