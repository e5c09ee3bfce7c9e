"""The daily sweep: each user receives by e-mail the terms of their cases that fall due in the next
days and the ones already missed, most urgent first, with the Commission's own fatal terms (the
municipal decision term, the House Commission's resolution term) called out.

Jobs of the queue (ventila/jobs): the daily sweep enqueues one job per user and day (its key makes it
one), and that job sends the message unless the user's :class:`ReminderLog` of the day says it was sent —
so two workers, or a job run again after its worker died, never send it twice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _

from ventila import clock
from ventila.cases import access
from ventila.cases.actions import rederive, stale_cases
from ventila.cases.labels import DEADLINES
from ventila.cases.models import Case, CaseDeadline

from . import mail
from .catalog import long_date
from .models import ReminderLog
from .term_sources import OutsideTerm, outside_terms

DEFAULT_DAYS = 7


@dataclass
class Line:
    """One term of the reminder: a case's (``deadline``) or one kept outside a docket (``outside``: a
    court summons' 10(w) notice, ``term_sources``)."""

    deadline: CaseDeadline | None
    days_left: int
    outside: OutsideTerm | None = None

    @property
    def missed(self) -> bool:
        return self.days_left < 0

    @property
    def fatal(self) -> bool:
        return self.deadline is not None and self.deadline.fatal

    @property
    def due(self) -> dt.date:
        if self.deadline is not None:
            return self.deadline.due
        assert self.outside is not None
        return self.outside.due


def terms_for(user: Any, today: dt.date, days: int) -> list[Line]:
    """Open terms of the user's cases due by ``today + days`` (missed ones included), and the terms kept
    outside a docket that the user follows (``term_sources``), most urgent first."""
    cases = access.access_cases_for_user(user).filter(status=Case.Status.OPEN)
    last = today + dt.timedelta(days=days)
    rows = (
        CaseDeadline.objects.filter(
            case__in=cases,
            satisfied_on__isnull=True,
            status__in=["open", "missed"],
            due__lte=last,
        )
        .select_related("case")
        .order_by("due", "-fatal", "case__number", "position")
    )
    lines = [Line(d, (d.due - today).days) for d in rows]
    lines += [Line(None, (t.due - today).days, t) for t in outside_terms(user, dt.date.min, last)]
    return sorted(lines, key=lambda ln: (ln.due, not ln.fatal))


def reminder_text(user: Any, lines: list[Line], today: dt.date) -> tuple[str, str]:
    name = user.get_full_name() or user.username
    fatal = [ln for ln in lines if ln.fatal]
    subject = _("Términos de sus casos · %(day)s") % {"day": long_date(today, "es")}
    if fatal:
        subject = _("TÉRMINO FATAL · ") + subject
    out = [
        _("Hola, %(name)s:") % {"name": name},
        "",
        _(
            "Estos son los términos de sus casos que vencen en los próximos días o ya vencieron, "
            "del más urgente al menos urgente."
        ),
        "",
    ]
    if fatal:
        out.append(
            _("TÉRMINOS FATALES DE LA COMISIÓN (si vencen sin el acto, la Comisión pierde la facultad de actuar):")
        )
        for ln in fatal:
            out.append("  !! " + _line(ln))
        out.append("")
    out.append(_("Todos los términos:"))
    for ln in lines:
        out.append(("  !! " if ln.fatal else "  - ") + _line(ln))
    out += ["", _("Cada término, con su cómputo día a día, está en la página del caso o de la persona obligada.")]
    return subject, "\n".join(out)


def _line(ln: Line) -> str:
    when = long_date(ln.due, "es")
    if ln.missed:
        state = _("VENCIDO hace %(n)s días") % {"n": -ln.days_left}
    elif ln.days_left == 0:
        state = _("vence HOY")
    else:
        state = _("vence en %(n)s días") % {"n": ln.days_left}
    if ln.outside is not None:
        t = ln.outside
        return f"{t.reference}: {t.label}, {when}, {state} ({t.rule_id}, {t.citation})"
    d = ln.deadline
    assert d is not None
    fatal = _(" [TÉRMINO FATAL]") if d.fatal else ""
    label = DEADLINES.get(d.deadline_id, d.deadline_id)
    return f"{d.case.number}: {label}{fatal}, {when}, {state} ({d.rule_id}, {d.citation})"


def recipients() -> list[int]:
    """The users who may get a reminder (active, with an e-mail address), by id."""
    return list(
        get_user_model().objects.filter(is_active=True).exclude(email="").order_by("pk").values_list("pk", flat=True)
    )


def prepare(now: dt.datetime) -> None:
    """Before a day's sweep: the days left are counted from each stored due date, so the cases whose terms
    passed or whose configuration changed are re-derived first (in batches), for the stages and terms they open."""
    rederive(stale_cases(now), now=now)


def remind(user_id: int, today: dt.date, *, days: int = DEFAULT_DAYS, force: bool = False) -> int:
    """Send the user's reminder of ``today`` unless it was sent (``force``: again); the number of terms in it
    (0: nothing to send, or sent already). Raises :class:`NotSent` when the mail server did not take it."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).exclude(email="").first()
    if user is None:
        return 0
    return _remind(user, today, days, clock.now(), force)


class NotSent(Exception):
    """The mail server did not take the reminder: the job fails, and the next sweep enqueues it again."""


def _remind(user: Any, today: dt.date, days: int, now: dt.datetime, force: bool) -> int:
    """Send ``user`` the reminder of ``today`` unless it was sent; the number of terms in it (0: none sent)."""
    if not force and ReminderLog.objects.filter(user=user, day=today).exists():
        return 0
    lines = terms_for(user, today, days)
    if not lines:
        return 0
    with translation.override("es"):
        subject, body = reminder_text(user, lines, today)
    message = EmailMessage(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
        headers={"Message-ID": mail.message_id()},
    )
    result = mail.send(message)
    if not result.ok:
        raise NotSent(f"{user.email}: {result.answer[:500]}")  # the job fails; the next sweep tries again
    try:
        with transaction.atomic():
            ReminderLog.objects.update_or_create(
                user=user,
                day=today,
                defaults={"terms": len(lines), "message_id": result.message_id, "sent_at": now},
            )
    except IntegrityError:
        pass
    return len(lines)
