"""Private iCalendar feeds (secret, revocable) and one .ics per hearing, in Puerto Rico time."""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo

import pytest
from django.test import Client
from factories import file_complaint, record, recuse, to_hearing
from icalendar import Calendar

pytestmark = pytest.mark.django_db
PR = zoneinfo.ZoneInfo("America/Puerto_Rico")


def _with_hearing(world, now):
    case = file_complaint(world)
    entry = to_hearing(world, case, now)
    return case, entry


def _feed_url(client) -> str:
    page = client.post("/calendario/", {"action": "create"}).content.decode()
    return re.search(r"http://testserver(/calendario/[^\"<]+\.ics)", page).group(1)


def test_private_feed_lists_hearings_and_terms_of_visible_cases_and_can_be_revoked(world, now):
    case, entry = _with_hearing(world, now)
    other = file_complaint(world, when="2027-04-01 09:00", knowledge="2027-03-20")
    # A commissioner recused in `other` must not see it in the feed.
    recuse(world, other, world.members[4], "2027-04-01")
    commissioner = Client()
    commissioner.force_login(world.users["comisionado"])
    path = _feed_url(commissioner)
    anonymous = Client()
    r = anonymous.get(path)
    assert r.status_code == 200 and r["Content-Type"] == "text/calendar; charset=utf-8"
    cal = Calendar.from_ical(r.content)
    events = {str(e["UID"]): e for e in cal.walk("VEVENT")}
    hearing = events[f"vista-{entry.pk}@ventila"]
    start = hearing.decoded("DTSTART")
    assert start == dt.datetime(2027, 4, 15, 10, 0, tzinfo=PR) and str(start.tzinfo) == "America/Puerto_Rico"
    assert hearing.decoded("DTEND") - start == dt.timedelta(hours=2)
    assert str(hearing["SUMMARY"]) == f"Vista · {case.number}"
    assert [tz["TZID"] for tz in cal.walk("VTIMEZONE")] == ["America/Puerto_Rico"]
    summaries = [str(e["SUMMARY"]) for e in events.values()]
    assert all(other.number not in s for s in summaries)
    # Open terms are all-day events on their due date; no party's name is in the feed.
    terms = [e for e in events.values() if str(e["UID"]).startswith(f"termino-{case.pk}-")]
    assert terms and all(isinstance(e.decoded("DTSTART"), dt.date) for e in terms)
    due = {str(e["SUMMARY"]): e.decoded("DTSTART") for e in terms}
    assert any(case.number in s for s in due)
    assert b"Qui\xc3\xb1ones" not in r.content and b"Ana Ejemplo" not in r.content
    # Revoked: the same URL answers 404; a new one works.
    commissioner.post("/calendario/", {"action": "revoke"})
    assert anonymous.get(path).status_code == 404
    new = _feed_url(commissioner)
    assert new != path and anonymous.get(new).status_code == 200
    assert anonymous.get("/calendario/no-existe.ics").status_code == 404


def test_a_fatal_term_is_marked_in_the_feed(world, now):
    case, _entry = _with_hearing(world, now)
    for day, act in [("2027-04-15", "hearing_held"), ("2027-04-16", "evidentiary_hearing_concluded")]:
        now.set(day + " 18:00")
        record(world, case, act, day)
    c = Client()
    c.force_login(world.users["secretaria"])
    cal = Calendar.from_ical(Client().get(_feed_url(c)).content)
    resolve = next(e for e in cal.walk("VEVENT") if "término fatal" in str(e["SUMMARY"]))
    # CAM-22-01: 45 calendar days from Fri Apr 16 → Mon May 31, 2027, Memorial Day → Tue Jun 1.
    assert resolve.decoded("DTSTART") == dt.date(2027, 6, 1)
    assert "CAM-22" in str(resolve["DESCRIPTION"])


def test_each_hearing_has_its_own_ics(world, now):
    case, entry = _with_hearing(world, now)
    c = Client()
    c.force_login(world.users["presidente"])
    r = c.get(f"/expedientes/{case.number}/vistas/{entry.seq}.ics")
    assert r.status_code == 200 and "attachment" in r["Content-Disposition"]
    [event] = Calendar.from_ical(r.content).walk("VEVENT")
    assert event.decoded("DTSTART") == dt.datetime(2027, 4, 15, 10, 0, tzinfo=PR)
    assert c.get(f"/expedientes/{case.number}/vistas/1.ics").status_code == 404  # not a hearing
    ajeno = Client()
    ajeno.force_login(world.users["ajeno"])
    assert ajeno.get(f"/expedientes/{case.number}/vistas/{entry.seq}.ics").status_code == 404


def test_a_closed_case_has_no_open_terms_in_the_feed_or_on_its_page_CAM_21B_01(world, now, settings):
    settings.VENTILA_CALENDAR_PAST_DAYS = 365  # the open case's missed terms are two months old
    # Filed Mon 1 Mar 2027, closed (withdrawn) Wed 3 Mar before any notice: the 3-business-day notice
    # term (Tue 2 Mar is a holiday, Día de la Ciudadanía Americana: due Fri 5 Mar) is never met, but a closed case has nothing left to meet — it is listed
    # among the ended terms, and no calendar shows it as due. Another, open case still shows its terms.
    closed = file_complaint(world)
    now.set("2027-03-03 18:00")
    record(world, closed, "case_closed", "2027-03-03")
    closed.refresh_from_db()
    assert (closed.stage, closed.status, closed.next_due) == ("closed", "closed", None)
    still_open = file_complaint(world, when="2027-03-02 09:00", knowledge="2027-02-20")
    now.set("2027-05-04 12:00")
    c = Client()
    c.force_login(world.users["secretaria"])
    cal = Calendar.from_ical(Client().get(_feed_url(c)).content)
    uids = [str(e["UID"]) for e in cal.walk("VEVENT")]
    assert not [u for u in uids if u.startswith(f"termino-{closed.pk}-")]
    assert [u for u in uids if u.startswith(f"termino-{still_open.pk}-")]
    page = c.get(f"/expedientes/{closed.number}/").content.decode()
    assert 'id="termino-notify_respondent"' not in page  # not among the open terms
    ended = page[page.index('id="cumplidos"') :]
    assert "viernes, 5 de marzo de 2027</td>\n      <td>Vencido" in ended
