"""Issue 27, class 7: terms everywhere. A court summons' 10(w) notice is a term like a case's — in the
reminders e-mail and the calendar feed of the staff who keep the register — and a window whose lapse is
the expected outcome (an objection period ending in silence: Secs. 11(C), 17(1), 27) is shown as done,
«Transcurrido sin objeción», with the act that follows, never as a red «Vencido»."""

from __future__ import annotations

import datetime as dt

import pytest
from factories import file_complaint, record
from icalendar import Calendar

from ventila.compliance.conduct_actions import SummonsInput, do_record_summons
from ventila.documents import calendars
from ventila.documents.reminders import reminder_text, terms_for
from web.test_matters import open_outside_activity, page, signed_in, terms

pytestmark = pytest.mark.django_db


def _summons(world, number: str, formal: dt.date, told: dt.date | None = None):
    return do_record_summons(
        user=world.users["secretaria"],
        body=world.camara,
        person=world.respondent,
        summons=SummonsInput(number, formal, "witness", told),
    )


def test_cam_10w_01_a_summons_notice_is_in_the_staffs_reminders(world, now):
    pending = _summons(world, "TPI-2027-0001", dt.date(2027, 3, 1))
    _summons(world, "TPI-2027-0002", dt.date(2027, 3, 1), told=dt.date(2027, 3, 1))  # already told: no term
    today = dt.date(2027, 3, 3)
    lines = [ln for ln in terms_for(world.users["secretaria"], today, 7) if ln.outside is not None]
    # 5 business days after Mon 1 Mar 2027 (Tue 2 Mar is a holiday): Wed 3, Thu 4, Fri 5, Mon 8, Tue 9.
    assert [(ln.outside.key, ln.due, ln.days_left) for ln in lines] == [
        (f"citacion-{pending.pk}", dt.date(2027, 3, 9), 6)
    ]
    _subject, text = reminder_text(world.users["secretaria"], lines, today)
    assert "Citación del caso TPI-2027-0001: Avisar de la citación a la Secretaría de la Cámara" in text
    assert "vence en 6 días" in text and "CAM-10W-01, Sec. 10(w)" in text
    assert "Quiñones" not in text  # the term names the court case, not the person
    late = terms_for(world.users["secretaria"], dt.date(2027, 3, 12), 7)
    assert any(
        ln.outside is not None
        and "VENCIDO hace 3 días" in reminder_text(world.users["secretaria"], [ln], dt.date(2027, 3, 12))[1]
        for ln in late
    )
    # Who does not keep the House's register gets no such line.
    for who in ("secretaria_municipal", "comisionado", "ajeno"):
        assert not [ln for ln in terms_for(world.users[who], today, 7) if ln.outside is not None], who


def test_cam_10w_01_a_summons_notice_is_in_the_calendar_feed(world, now):
    now.set("2027-03-03 09:00")
    pending = _summons(world, "TPI-2027-0003", dt.date(2027, 3, 1))
    feed = calendars.user_feed(world.users["secretaria"], today=dt.date(2027, 3, 3))
    [event] = [e for e in Calendar.from_ical(feed).walk("VEVENT") if str(e["UID"]) == f"citacion-{pending.pk}@ventila"]
    assert event.decoded("DTSTART") == dt.date(2027, 3, 9)
    assert "Avisar de la citación" in str(event["SUMMARY"]) and "TPI-2027-0003" in str(event["SUMMARY"])
    assert "CAM-10W-01" in str(event["DESCRIPTION"]) and b"Qui" not in feed
    etag_before, _ = calendars.feed_validator(world.users["secretaria"], today=dt.date(2027, 3, 3))
    _summons(world, "TPI-2027-0004", dt.date(2027, 3, 2))
    etag_after, _ = calendars.feed_validator(world.users["secretaria"], today=dt.date(2027, 3, 3))
    assert etag_before != etag_after  # a new summons changes the feed: a client asking again gets it
    assert f"citacion-{pending.pk}" not in calendars.user_feed(world.users["secretaria_municipal"]).decode()


def test_cam_11c_01_an_objection_window_that_lapses_is_done_not_missed(client, world, now):
    signed_in(client, world)
    case = open_outside_activity(client, world)  # notice Mon 1 Mar 2027: the window ends Tue 9 Mar
    now.set("2027-03-15 09:00")
    html = page(client, case)
    window = terms(case)["objection_window"]
    assert (window.status, window.due) == ("lapsed", dt.date(2027, 3, 9))
    done = html.split('id="cumplidos"', 1)[1]
    assert "Transcurrido sin objeción" in done and "la actividad puede comenzar" in done
    assert "Vencido" not in done and "row-overdue" not in html
    # Not a term to chase: no reminder line, no calendar event.
    assert not [ln for ln in terms_for(world.users["secretaria"], dt.date(2027, 3, 15), 7) if ln.deadline == window]
    feed = calendars.user_feed(world.users["secretaria"], today=dt.date(2027, 3, 15)).decode()
    assert f"termino-{case.pk}-objection_window-" not in feed


def test_cam_21b_01_a_late_act_is_labelled_out_of_time(client, world, now):
    """Class 8: an act after its term shows «fuera de término» beside the missed term."""
    signed_in(client, world)
    case = file_complaint(world)  # filed Mon 1 Mar 2027: notice due Fri 5 Mar (Tue 2 is a holiday)
    now.set("2027-03-08 12:00")
    record(world, case, "respondent_notified", "2027-03-08")
    html = page(client, case)
    done = html.split('id="cumplidos"', 1)[1]
    assert "Vencido; acto del lunes, 8 de marzo de 2027, fuera de término" in done


def test_cam_10w_01_a_pending_summons_notice_is_on_the_compliance_board(client, world, now):
    now.set("2027-03-02 09:00")
    pending = _summons(world, "TPI-2027-0005", dt.date(2027, 3, 1))
    _summons(world, "TPI-2027-0006", dt.date(2027, 3, 1), told=dt.date(2027, 3, 2))  # told: not on the board
    now.set("2027-03-12 09:00")
    signed_in(client, world)
    html = client.get("/cuerpos/etica-camara/obligados/tablero/").content.decode()
    section = html.split('id="citaciones"', 1)[1]
    assert "TPI-2027-0005" in section and "TPI-2027-0006" not in section
    assert 'data-summons-rule="CAM-10W-01"' in section and "martes, 9 de marzo de 2027" in section
    assert "vencido hace 3 días" in section and f"#citacion-{pending.pk}" in section
    # The board's filters apply: another month shows it only while it is late; another name hides it.
    assert (
        "TPI-2027-0005" in client.get("/cuerpos/etica-camara/obligados/tablero/", {"estado": "late"}).content.decode()
    )
    assert (
        "TPI-2027-0005" not in client.get("/cuerpos/etica-camara/obligados/tablero/", {"q": "nadie"}).content.decode()
    )
    assert (
        "TPI-2027-0005"
        not in client.get(
            "/cuerpos/etica-camara/obligados/tablero/", {"estado": "due", "mes": "2027-04"}
        ).content.decode()
    )
