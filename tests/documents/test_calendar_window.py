"""Issue 14 item 5: the private feed covers a window of days, set in the environment, and answers a
client that already has it with 304 (ETag / Last-Modified computed without building the feed)."""

from __future__ import annotations

import datetime as dt
import gzip

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.http import http_date
from factories import file_complaint, record, recuse
from icalendar import Calendar

from documents.test_calendars import _feed_url, _with_hearing
from ventila.cases.models import CaseDeadline
from ventila.documents import calendars

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # Last-Modified: when this process first saw an ETag (ids recur between tests on SQLite)


def _uids(content: bytes) -> set[str]:
    return {str(e["UID"]) for e in Calendar.from_ical(content).walk("VEVENT")}


def _feed(world, user):
    """The path of ``user``'s private feed, and a client without a session to read it with."""
    c = Client()
    c.force_login(world.users[user])
    return _feed_url(c), Client()


def test_the_feed_shows_only_hearings_and_terms_inside_the_window(world, now):
    case, entry = _with_hearing(world, now)
    user = world.users["secretaria"]
    hearing = f"vista-{entry.pk}@ventila"
    day = dt.date(2027, 4, 15)  # the hearing's day
    # Past 30 days (default): the hearing is in on its 30th day after, out on the 31st.
    assert hearing in _uids(calendars.user_feed(user, today=day + dt.timedelta(days=30)))
    assert hearing not in _uids(calendars.user_feed(user, today=day + dt.timedelta(days=31)))
    # Next 180 days: in when it is 180 days ahead, out at 181.
    assert hearing in _uids(calendars.user_feed(user, today=day - dt.timedelta(days=180)))
    assert hearing not in _uids(calendars.user_feed(user, today=day - dt.timedelta(days=181)))
    # The same for a term, by its last day.
    term = CaseDeadline.objects.filter(case=case, satisfied_on__isnull=True).exclude(status="met").first()
    assert term is not None
    uid = f"termino-{case.pk}-{term.deadline_id}-{term.position}@ventila"
    assert uid in _uids(calendars.user_feed(user, today=term.due - dt.timedelta(days=180)))
    assert uid not in _uids(calendars.user_feed(user, today=term.due - dt.timedelta(days=181)))
    assert uid in _uids(calendars.user_feed(user, today=term.due + dt.timedelta(days=30)))
    assert uid not in _uids(calendars.user_feed(user, today=term.due + dt.timedelta(days=31)))


def test_the_window_is_set_by_the_settings(world, now, settings):
    _case, entry = _with_hearing(world, now)  # hearing on 15 Apr 2027, today 1 Apr
    c = Client()
    c.force_login(world.users["secretaria"])
    path = _feed_url(c)
    wide = Client().get(path)
    assert f"vista-{entry.pk}@ventila" in _uids(wide.content)
    settings.VENTILA_CALENDAR_AHEAD_DAYS = 13  # up to 14 Apr: the hearing is out
    narrow = Client().get(path)
    assert f"vista-{entry.pk}@ventila" not in _uids(narrow.content)
    assert narrow["ETag"] != wide["ETag"]
    settings.VENTILA_CALENDAR_AHEAD_DAYS = 14
    assert f"vista-{entry.pk}@ventila" in _uids(Client().get(path).content)


def test_a_client_that_has_the_feed_gets_304_until_it_changes(world, now):
    case, _entry = _with_hearing(world, now)
    path, feed = _feed(world, "secretaria")
    first = feed.get(path)
    assert first.status_code == 200 and first["ETag"].startswith('"') and first["Last-Modified"]
    # Private, revalidated every time, never in a shared cache (confidential, issue 11).
    assert {p.strip() for p in first["Cache-Control"].split(",")} == {"private", "no-cache", "max-age=0"}
    with CaptureQueriesContext(connection) as queries:
        again = feed.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == first["ETag"]
    assert len(queries) <= 5  # the feed's secret, the roles, two aggregates: the feed is not built
    since = feed.get(path, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304
    # Another act on the docket rewrites the case's terms: a new ETag, the whole feed again.
    now.set("2027-04-02 18:00")
    record(world, case, "hearing_noticed", "2027-04-02", hearing_date="2027-04-20T10:00")
    changed = feed.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert "2027" in changed.content.decode()
    # Nor is it "not modified since" the first answer: it changed a day later.
    assert http_date(dt.datetime(2027, 4, 2, 22, tzinfo=dt.UTC).timestamp()) == changed["Last-Modified"]
    assert feed.get(path, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"]).status_code == 200


def test_a_user_who_loses_access_to_a_case_loses_it_from_the_feed_and_gets_no_304(world, now):
    case, entry = _with_hearing(world, now)
    path, feed = _feed(world, "comisionado")
    before = feed.get(path)
    assert f"vista-{entry.pk}@ventila" in _uids(before.content)
    # Recused in the case (world.members[4] is the commissioner): the case is no longer theirs to see.
    now.set("2027-04-02 18:00")
    recuse(world, case, world.members[4], "2027-04-02")
    after = feed.get(path, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    uids = _uids(after.content)
    assert not [u for u in uids if u == f"vista-{entry.pk}@ventila" or u.startswith(f"termino-{case.pk}-")]
    assert case.number not in after.content.decode()
    # Another case they still see is there.
    other = file_complaint(world, when="2027-04-02 09:00", knowledge="2027-03-20")
    assert [u for u in _uids(feed.get(path).content) if u.startswith(f"termino-{other.pk}-")]


def test_the_feed_travels_compressed_to_a_client_that_accepts_it_and_still_answers_304(world, now):
    _with_hearing(world, now)
    c = Client()
    c.force_login(world.users["secretaria"])
    path = _feed_url(c)
    plain = Client().get(path)
    packed = Client().get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    again = Client().get(path, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"])
    assert again.status_code == 304
