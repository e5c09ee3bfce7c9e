"""Private iCalendar feeds: the hearings and deadlines of the cases a user may see, and the terms kept
outside a docket that the user follows (a court summons' 10(w) notice; ``term_sources``).

A feed's URL carries a secret (``/calendario/<secret>.ics``); only its SHA-256 is stored. Revoking
it makes the URL answer 404. Which cases a feed shows is decided at each read through
:func:`ventila.cases.access.access_cases_for_user`, so a user who loses access to a case (recused,
deactivated) stops seeing it in the feed. Events carry the case number and the term, never the
names of the parties (a calendar is synchronised to phones and third-party services).

A feed covers a window of days (``VENTILA_CALENDAR_PAST_DAYS`` before today, 30 by default, to
``VENTILA_CALENDAR_AHEAD_DAYS`` after, 180), filtered in SQL on indexed dates (``CaseDeadline.due``;
the hearing day of a hearing notice), and is written from ``values()`` rows. Its ETag and
Last-Modified come from two aggregate queries (:func:`feed_validator`), so a calendar client that
asks again with ``If-None-Match`` / ``If-Modified-Since`` gets a 304 without the feed being built.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import secrets
import zoneinfo
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Exists, Max, OuterRef, Sum, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.lookups import GreaterThanOrEqual, LessThan
from django.utils import translation
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from ventila import clock
from ventila.cases import access
from ventila.cases.labels import DEADLINES
from ventila.cases.models import Case, CaseDeadline, DocketEntry

from .models import CalendarFeed
from .term_sources import outside_terms

TZ = zoneinfo.ZoneInfo("America/Puerto_Rico")
HEARING_LENGTH = dt.timedelta(hours=2)  # a nominal length: the texts fix none
PRODID = "-//ventila//Procedimientos de etica//ES"
# A hearing notice's day as text ("2027-04-15" or "2027-04-15T10:00"): ISO text sorts as the dates do.
HEARING_DAY = KeyTextTransform("hearing_date", "payload")


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
    return hearing_start_of(str(entry.payload["hearing_date"]))


def hearing_start_of(raw: str) -> dt.datetime:
    """A hearing's start from its notice's ``hearing_date`` (a day alone means 9:00)."""
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


def hearing_ics(entry: DocketEntry, *, lang: str = "es") -> bytes:
    stamp = clock.now().astimezone(dt.UTC)
    with translation.override(lang):
        cal = _calendar(_("Vista · %(number)s") % {"number": entry.case.number})
        cal.add("method", "PUBLISH")
        cal.add_component(_hearing_event(entry, stamp))
        cal.add_missing_timezones()
        return bytes(cal.to_ical())


# -- the private feed: a window of days, built from rows, with a validator ---------------------------


@dataclass(frozen=True)
class FeedWindow:
    """The days a feed covers: ``first`` to ``last``, both included (Puerto Rico dates)."""

    first: dt.date
    last: dt.date


def feed_window(today: dt.date | None = None) -> FeedWindow:
    """Today − ``VENTILA_CALENDAR_PAST_DAYS`` to today + ``VENTILA_CALENDAR_AHEAD_DAYS``."""
    today = today or clock.today()
    return FeedWindow(
        today - dt.timedelta(days=int(settings.VENTILA_CALENDAR_PAST_DAYS)),
        today + dt.timedelta(days=int(settings.VENTILA_CALENDAR_AHEAD_DAYS)),
    )


def visible_cases(user: Any) -> Any:
    """The ids of the cases the user may see, as a subquery (the access rules are read once)."""
    return access.access_cases_for_user(user).values("pk")


def _window_terms(visible: Any, window: FeedWindow) -> Any:
    """The terms not yet satisfied whose last day is in the window, of the open cases the user may see.

    "Not satisfied" (no ``satisfied_on``, not met, not suspended, not a window that ran its course in
    silence) rather than "status open or missed": it stays right whether or not a missed term is stored as
    such."""
    return CaseDeadline.objects.filter(
        due__range=(window.first, window.last),
        case_id__in=visible,
        case__status=Case.Status.OPEN,
        satisfied_on__isnull=True,
    ).exclude(status__in=("met", "suspended", "lapsed"))


def _window_hearings(visible: Any, window: FeedWindow) -> Any:
    """The hearing notices (not superseded) whose hearing day is in the window, of the cases the user may see."""
    superseded = DocketEntry.objects.filter(supersedes_id=OuterRef("pk"))
    return (
        DocketEntry.objects.filter(event_type="hearing_noticed", case_id__in=visible)
        .filter(
            GreaterThanOrEqual(HEARING_DAY, Value(window.first.isoformat())),
            LessThan(HEARING_DAY, Value((window.last + dt.timedelta(days=1)).isoformat())),
        )
        .exclude(Exists(superseded))
    )


def feed_validator(
    user: Any, *, lang: str = "es", today: dt.date | None = None, visible: Any = None
) -> tuple[str, dt.datetime]:
    """The feed's ETag and Last-Modified, without building it: two aggregate queries.

    The ETag hashes what the feed is made of: the user, the language, the window, and for the terms and
    the hearings in it (already filtered by the user's access, so access gained or lost changes them)
    their count and the sum and maximum of their ids. Derived terms are rewritten with new ids whenever
    a case's docket grows, and ids are never reused, so any change to a row shown changes the ETag.
    Last-Modified is when this process first saw that ETag (never later than a change it reflects)."""
    window = feed_window(today)
    visible = visible_cases(user) if visible is None else visible
    terms = _window_terms(visible, window).aggregate(n=Count("id"), s=Sum("id"), m=Max("id"))
    hearings = _window_hearings(visible, window).aggregate(n=Count("id"), s=Sum("id"), m=Max("id"))
    # The terms kept outside a docket (a summons' 10(w) notice): few, read whole.
    outside = [(t.key, t.due) for t in outside_terms(user, window.first, window.last)]
    raw = "|".join(
        str(x)
        for x in (
            getattr(user, "pk", ""),
            lang,
            window.first,
            window.last,
            terms["n"],
            terms["s"],
            terms["m"],
            hearings["n"],
            hearings["s"],
            hearings["m"],
            outside,
        )
    )
    etag = hashlib.sha256(raw.encode()).hexdigest()[:32]
    first_seen = cache.get_or_set(f"ventila:feed-etag:{etag}", lambda: clock.now().astimezone(dt.UTC), 3 * 24 * 3600)
    return etag, first_seen


def _text(value: str) -> str:
    """An iCalendar TEXT value, escaped (RFC 5545 §3.3.11)."""
    return (
        value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n").replace("\n", "\\n")
    )


def _fold(line: str) -> str:
    """A content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character."""
    if len(line) <= 75 and line.isascii():
        return line
    out: list[str] = []
    current: list[str] = []
    size = 0
    limit = 75
    for ch in line:
        n = len(ch.encode())
        if size + n > limit:
            out.append("".join(current))
            current, size, limit = [], 0, 74  # continuation lines start with a space
        current.append(ch)
        size += n
    out.append("".join(current))
    return "\r\n ".join(out)


def _local(moment: dt.datetime) -> str:
    return moment.astimezone(TZ).strftime("%Y%m%dT%H%M%S")


@functools.lru_cache(maxsize=8)
def _frame(name: str) -> tuple[bytes, bytes]:
    """The calendar's header (with Puerto Rico's VTIMEZONE) and footer, built once by icalendar."""
    cal = _calendar(name)
    probe = Event()
    probe.add("uid", "probe@ventila")
    probe.add("dtstamp", dt.datetime(2027, 1, 1, tzinfo=dt.UTC))
    probe.add("dtstart", dt.datetime(2027, 1, 1, 9, tzinfo=TZ))
    cal.add_component(probe)
    cal.add_missing_timezones()
    text = bytes(cal.to_ical())
    start = text.index(b"BEGIN:VEVENT")
    end = text.index(b"END:VEVENT\r\n") + len(b"END:VEVENT\r\n")
    return text[:start], text[end:]


def user_feed(user: Any, *, lang: str = "es", today: dt.date | None = None, visible: Any = None) -> bytes:
    """The user's calendar: hearings and open terms, in the window of days, of the cases the user may see.

    Built from ``values()`` rows written straight as iCalendar lines (one query for the terms, one for the
    hearings), not from model objects and icalendar components."""
    window = feed_window(today)
    visible = visible_cases(user) if visible is None else visible
    stamp = "DTSTAMP:" + clock.now().astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    lines: list[str] = []
    with translation.override(lang):
        head, tail = _frame(_("ventila · vistas y términos"))
        hearing_summary = _("Vista · %(number)s")
        hearing_description = _("Vista notificada en el expediente %(number)s (anotación n.º %(seq)s).")
        fatal_mark = _(" (término fatal)")
        term_summary = _("Vence: %(term)s%(fatal)s · %(number)s")
        labels = {k: str(v) for k, v in DEADLINES.items()}
        for h in (
            _window_hearings(visible, window).order_by("case_id", "seq").values("pk", "seq", "payload", "case__number")
        ):
            start = hearing_start_of(str(h["payload"]["hearing_date"]))
            lines += [
                "BEGIN:VEVENT",
                _fold("SUMMARY:" + _text(hearing_summary % {"number": h["case__number"]})),
                f"DTSTART;TZID=America/Puerto_Rico:{_local(start)}",
                f"DTEND;TZID=America/Puerto_Rico:{_local(start + HEARING_LENGTH)}",
                stamp,
                f"UID:vista-{h['pk']}@ventila",
                _fold("DESCRIPTION:" + _text(hearing_description % {"number": h["case__number"], "seq": h["seq"]})),
                "END:VEVENT",
            ]
        rows = (
            _window_terms(visible, window)
            .order_by("due", "case_id", "position")
            .values_list(
                "case_id",
                "deadline_id",
                "position",
                "due",
                "due_at",
                "fatal",
                "term",
                "rule_id",
                "citation",
                "case__number",
            )
        )
        for case_id, deadline_id, position, due, due_at, fatal, term, rule_id, citation, number in rows.iterator(
            chunk_size=2000
        ):
            if due_at is not None:
                when = f"DTSTART;TZID=America/Puerto_Rico:{_local(due_at)}"
                until = f"DTEND;TZID=America/Puerto_Rico:{_local(due_at)}"
            else:
                when = f"DTSTART;VALUE=DATE:{due:%Y%m%d}"
                until = f"DTEND;VALUE=DATE:{due + dt.timedelta(days=1):%Y%m%d}"
            summary = term_summary % {
                "term": labels.get(deadline_id, deadline_id),
                "fatal": fatal_mark if fatal else "",
                "number": number,
            }
            lines += [
                "BEGIN:VEVENT",
                _fold("SUMMARY:" + _text(summary)),
                when,
                until,
                stamp,
                f"UID:termino-{case_id}-{deadline_id}-{position}@ventila",
                _fold("DESCRIPTION:" + _text(f"{term} · {rule_id} · {citation}")),
                "END:VEVENT",
            ]
        for t in outside_terms(user, window.first, window.last):
            lines += [
                "BEGIN:VEVENT",
                _fold("SUMMARY:" + _text(term_summary % {"term": t.label, "fatal": "", "number": t.reference})),
                f"DTSTART;VALUE=DATE:{t.due:%Y%m%d}",
                f"DTEND;VALUE=DATE:{t.due + dt.timedelta(days=1):%Y%m%d}",
                stamp,
                f"UID:{t.key}@ventila",
                _fold("DESCRIPTION:" + _text(f"{t.term} · {t.rule_id} · {t.citation}")),
                "END:VEVENT",
            ]
    body = "\r\n".join(lines).encode()
    return head + (body + b"\r\n" if lines else b"") + tail


# -- the month page: the same hearings and terms, read for the days of one month ------------------------


@dataclass(frozen=True)
class AgendaItem:
    """One thing on a day of the month page: a hearing (with its hour) or the last day of a term."""

    day: dt.date
    kind: str  # "hearing" or "term"
    number: str  # the case's number
    label: str  # the term's name ("" for a hearing)
    at: dt.time | None  # a hearing's hour, a term's hour when it ends at one
    fatal: bool = False
    rule_id: str = ""  # the catalogue rule that sets a term ("" for a hearing)


def agenda(visible: Any, first: dt.date, last: dt.date) -> list[AgendaItem]:
    """The hearings and the terms not yet satisfied from ``first`` to ``last`` (both included) of the cases in
    ``visible`` (ids, as a subquery), by day and hour: one query for each, on the feed's indexed dates."""
    window = FeedWindow(first, last)
    labels = {k: str(v) for k, v in DEADLINES.items()}
    items: list[AgendaItem] = []
    for h in _window_hearings(visible, window).values("payload", "case__number"):
        start = hearing_start_of(str(h["payload"]["hearing_date"]))
        items.append(AgendaItem(start.date(), "hearing", h["case__number"], "", start.time()))
    for deadline_id, due, due_at, fatal, number, rule_id in _window_terms(visible, window).values_list(
        "deadline_id", "due", "due_at", "fatal", "case__number", "rule_id"
    ):
        at = due_at.astimezone(TZ).time() if due_at is not None else None
        label = labels.get(deadline_id, deadline_id)
        items.append(AgendaItem(due, "term", number, label, at, bool(fatal), rule_id))
    items.sort(key=lambda i: (i.day, i.at or dt.time.max, i.kind, i.number, i.label))
    return items
