"""Throttling of failed sign-ins, kept in the database (it holds across processes and restarts).

A sign-in is refused without checking the password while the account name has had
``VENTILA_SIGNIN_MAX_FAILURES`` failures (wrong password or wrong second-factor code) within the
last ``VENTILA_SIGNIN_WINDOW_MINUTES``, or the network address ``VENTILA_SIGNIN_MAX_ADDRESS_FAILURES``.
Refused attempts are recorded but do not count, so the wait ends when the window clears.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from .client import client_address  # noqa: F401  (the one client-address function, see client.py)
from .models import SignInAttempt, User


def _window() -> dt.timedelta:
    return dt.timedelta(minutes=settings.VENTILA_SIGNIN_WINDOW_MINUTES)


def _blocked_until(filters: dict[str, Any], limit: int, now: dt.datetime) -> dt.datetime | None:
    recent = list(
        SignInAttempt.objects.filter(outcome=SignInAttempt.Outcome.FAILED, at__gte=now - _window(), **filters)
        .order_by("-at").values_list("at", flat=True)[:limit]
    )
    if len(recent) < limit:
        return None
    return min(recent) + _window()


def blocked_until(username: str | None, address: str | None, now: dt.datetime | None = None
                  ) -> tuple[dt.datetime, str] | None:
    """When sign-in opens again for this account name or address, and which one is blocked."""
    now = now or timezone.now()
    if username:
        until = _blocked_until({"username": username.strip().lower()}, settings.VENTILA_SIGNIN_MAX_FAILURES, now)
        if until:
            return until, "account"
    if address:
        until = _blocked_until({"address": address}, settings.VENTILA_SIGNIN_MAX_ADDRESS_FAILURES, now)
        if until:
            return until, "address"
    return None


def blocked_message(until: dt.datetime, which: str, now: dt.datetime | None = None) -> str:
    minutes = max(1, math.ceil((until - (now or timezone.now())).total_seconds() / 60))
    wait = _("1 minuto") if minutes == 1 else _("%(n)d minutos") % {"n": minutes}
    if which == "account":
        return _("Demasiados intentos fallidos para esta cuenta. Por seguridad, espere %(wait)s y vuelva a "
                 "intentarlo; si no recuerda la contraseña, pida ayuda al administrador.") % {"wait": wait}
    return _("Demasiados intentos fallidos desde esta dirección de red. Por seguridad, espere %(wait)s y "
             "vuelva a intentarlo.") % {"wait": wait}


def record(request: Any, username: str, step: str, outcome: str, user: Any = None) -> SignInAttempt:
    name = (username or "").strip().lower()[:150]
    if user is None and name:
        user = User.objects.filter(username__iexact=name).first()
    agent = request.META.get("HTTP_USER_AGENT", "")[:300] if request is not None else ""
    return SignInAttempt.objects.create(at=timezone.now(), username=name, user=user, address=client_address(request),
                                        user_agent=agent, step=step, outcome=outcome)
