"""Private iCalendar feeds: the hearings and deadlines of the cases a user may see.

A feed's URL carries a secret (``/calendario/<secret>.ics``); only its SHA-256 is stored. Revoking
it makes the URL answer 404. Which cases a feed shows is decided at each read through
:func:`ventila.cases.access.access_cases_for_user`, so a user who loses access to a case (recused,
deactivated) stops seeing it in the feed. Events carry the case number and the term, never the
names of the parties (a calendar is synchronised to phones and third-party services).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import zoneinfo
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from ventila import clock
from ventila.cases import access
from ventila.cases.labels import DEADLINES
from ventila.cases.models import Case, CaseDeadline, DocketEntry

from .models import CalendarFeed

TZ = zoneinfo.ZoneInfo("America/Puerto_Rico")
HEARING_LENGTH = dt.timedelta(hours=2)  # a nominal length: the texts fix none
PRODID = "-//ventila//Procedimientos de etica//ES"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def do_create_feed(*, user: Any, now: dt.datetime | None = None) -> str:
    """Revoke the user's current feed (if any) and create a new one; returns the new secret."""
    now = now or clock.now()
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        CalendarFeed.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=now)
        CalendarFeed.objects.create(user=user, token_sha256=_digest(token), created_at=now)
    return token


def do_revoke_feed(*, user: Any, now: dt.datetime | None = None) -> int:
    now = now or clock.now()
    with transaction.atomic():
        return CalendarFeed.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=now)


def feed_user(token: str) -> Any | None:
    feed = (
        CalendarFeed.objects.select_related("user").filter(token_sha256=_digest(token), revoked_at__isnull=True).first()
    )
    if feed is None or not feed.user.is_active:
        return None
    return feed.user


def hearing_entries(cases: Iterable[Case] | Any) -> list[DocketEntry]:
    entries = list(
        DocketEntry.objects.filter(case__in=cases, event_type="hearing_noticed")
        .select_related("case")
        .order_by("case_id", "seq")
    )
    superseded = set(
        DocketEntry.objects.filter(case__in=cases, supersedes__isnull=False).values_list("supersedes_id", flat=True)
    )
    return [e for e in entries if e.pk not in superseded and e.payload.get("hearing_date")]


def hearing_start(entry: DocketEntry) -> dt.datetime:
    raw = str(entry.payload["hearing_date"])
    if len(raw) == 10:
        raw += "T09:00"
    return dt.datetime.fromisoformat(raw).replace(tzinfo=TZ)


def _calendar(name: str) -> Any:
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", "America/Puerto_Rico")
    return cal


def _hearing_event(entry: DocketEntry, stamp: dt.datetime) -> Any:
    ev = Event()
    start = hearing_start(entry)
    ev.add("uid", f"vista-{entry.pk}@ventila")
    ev.add("dtstamp", stamp)
    ev.add("dtstart", start)
    ev.add("dtend", start + HEARING_LENGTH)
    ev.add("summary", _("Vista · %(number)s") % {"number": entry.case.number})
    ev.add(
        "description",
        _("Vista notificada en el expediente %(number)s (anotación n.º %(seq)s).")
        % {"number": entry.case.number, "seq": entry.seq},
    )
    return ev


def _deadline_event(d: CaseDeadline, stamp: dt.datetime) -> Any:
    ev = Event()
    label = str(DEADLINES.get(d.deadline_id, d.deadline_id))
    ev.add("uid", f"termino-{d.case_id}-{d.deadline_id}-{d.position}@ventila")
    ev.add("dtstamp", stamp)
    if d.due_at is not None:
        start = d.due_at.astimezone(TZ)
        ev.add("dtstart", start)
        ev.add("dtend", start)
    else:
        ev.add("dtstart", d.due)
        ev.add("dtend", d.due + dt.timedelta(days=1))
    fatal = _(" (término fatal)") if d.fatal else ""
    ev.add(
        "summary", _("Vence: %(term)s%(fatal)s · %(number)s") % {"term": label, "fatal": fatal, "number": d.case.number}
    )
    ev.add("description", f"{d.term} · {d.rule_id} · {d.citation}")
    return ev


def user_feed(user: Any, *, lang: str = "es") -> bytes:
    """The user's calendar: hearings and open terms of every case the user may see."""
    stamp = clock.now().astimezone(dt.UTC)
    with translation.override(lang):
        cal = _calendar(_("ventila · vistas y términos"))
        cases = access.access_cases_for_user(user)
        for e in hearing_entries(cases):
            cal.add_component(_hearing_event(e, stamp))
        for d in (
            CaseDeadline.objects.filter(
                case__in=cases, case__status=Case.Status.OPEN, satisfied_on__isnull=True, status__in=["open", "missed"]
            )
            .select_related("case")
            .order_by("due", "case_id", "position")
        ):
            cal.add_component(_deadline_event(d, stamp))
        cal.add_missing_timezones()
        return bytes(cal.to_ical())


def hearing_ics(entry: DocketEntry, *, lang: str = "es") -> bytes:
    stamp = clock.now().astimezone(dt.UTC)
    with translation.override(lang):
        cal = _calendar(_("Vista · %(number)s") % {"number": entry.case.number})
        cal.add("method", "PUBLISH")
        cal.add_component(_hearing_event(entry, stamp))
        cal.add_missing_timezones()
        return bytes(cal.to_ical())
