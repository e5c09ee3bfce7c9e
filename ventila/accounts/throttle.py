"""Throttling of failed sign-ins, kept in the database (it holds across processes and restarts).

Failures (wrong password or wrong second-factor code) are counted so that nobody can lock the real
user out by typing wrong passwords for his account from somewhere else (the combination lockout of
django-axes, over the sign-in history this module already keeps):

- **account and address**: the pair is refused without checking the password after
  ``VENTILA_SIGNIN_MAX_FAILURES`` failures within the last ``VENTILA_SIGNIN_WINDOW_MINUTES``; the
  same account from another address is not;
- **address**: an address that has had ``VENTILA_SIGNIN_MAX_ADDRESS_FAILURES`` failures for any
  names in the window (spraying) is refused;
- **account, from everywhere**: after ``VENTILA_SIGNIN_ACCOUNT_FREE_FAILURES`` failures within
  ``VENTILA_SIGNIN_ACCOUNT_WINDOW_HOURS`` the account waits after each failure, a wait that doubles
  with every failure (``VENTILA_SIGNIN_BACKOFF_SECONDS`` first, ``VENTILA_SIGNIN_BACKOFF_MAX_MINUTES``
  at most). It does not apply from an address the account completed a sign-in from within
  ``VENTILA_SIGNIN_KNOWN_ADDRESS_DAYS``: the real user at his own desk only meets his own pair's limit.

Refused attempts are recorded but do not count, so a wait ends when its window clears; nor does a
second-factor code that was already used (a replay), which is refused as such.
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
from .twofactor import requires_second_factor


def _window() -> dt.timedelta:
    return dt.timedelta(minutes=settings.VENTILA_SIGNIN_WINDOW_MINUTES)


def _failures(filters: dict[str, Any], since: dt.datetime, limit: int) -> list[dt.datetime]:
    """The times of the latest ``limit`` failures matching ``filters`` since ``since``, newest first."""
    return list(
        SignInAttempt.objects.filter(outcome=SignInAttempt.Outcome.FAILED, at__gte=since, **filters)
        .order_by("-at")
        .values_list("at", flat=True)[:limit]
    )


def _blocked_until(filters: dict[str, Any], limit: int, now: dt.datetime) -> dt.datetime | None:
    recent = _failures(filters, now - _window(), limit)
    if len(recent) < limit:
        return None
    return min(recent) + _window()


def _signed_in_from(name: str, address: str, now: dt.datetime) -> bool:
    """Whether the account completed a sign-in from this address lately (its own desk, its own phone)."""
    done = SignInAttempt.objects.filter(
        username=name,
        address=address,
        outcome=SignInAttempt.Outcome.SUCCEEDED,
        at__gte=now - dt.timedelta(days=settings.VENTILA_SIGNIN_KNOWN_ADDRESS_DAYS),
    )
    if done.filter(step__in=[SignInAttempt.Step.SECOND_FACTOR, SignInAttempt.Step.RECOVERY]).exists():
        return True
    # An account without a second factor is signed in by its password alone.
    user = User.objects.filter(username__iexact=name).first()
    return (
        user is not None and not requires_second_factor(user) and done.filter(step=SignInAttempt.Step.PASSWORD).exists()
    )


def _backoff_until(name: str, now: dt.datetime) -> dt.datetime | None:
    """The account's wait after its latest failure, once it has had its free failures."""
    free = settings.VENTILA_SIGNIN_ACCOUNT_FREE_FAILURES
    first = dt.timedelta(seconds=settings.VENTILA_SIGNIN_BACKOFF_SECONDS)
    most = dt.timedelta(minutes=settings.VENTILA_SIGNIN_BACKOFF_MAX_MINUTES)
    doublings = max(0, math.ceil(math.log2(most / first))) if first else 0
    since = now - dt.timedelta(hours=settings.VENTILA_SIGNIN_ACCOUNT_WINDOW_HOURS)
    recent = _failures({"username": name}, since, free + doublings + 1)
    if len(recent) < free:
        return None
    until = recent[0] + min(most, first * 2 ** (len(recent) - free))
    return until if until > now else None


def blocked_until(
    username: str | None, address: str | None, now: dt.datetime | None = None
) -> tuple[dt.datetime, str] | None:
    """When sign-in opens again for this account name from this address, and which limit holds it.

    ``"pair"``: this account from this address; ``"address"``: this address for any account;
    ``"account"``: the account's backoff, from an address it has not signed in from lately.
    """
    now = now or timezone.now()
    name = (username or "").strip().lower()
    if name:
        until = _blocked_until({"username": name, "address": address}, settings.VENTILA_SIGNIN_MAX_FAILURES, now)
        if until:
            return until, "pair"
    if address:
        until = _blocked_until({"address": address}, settings.VENTILA_SIGNIN_MAX_ADDRESS_FAILURES, now)
        if until:
            return until, "address"
    if name and not (address and _signed_in_from(name, address, now)):
        until = _backoff_until(name, now)
        if until:
            return until, "account"
    return None


def blocked_message(until: dt.datetime, which: str, now: dt.datetime | None = None) -> str:
    minutes = max(1, math.ceil((until - (now or timezone.now())).total_seconds() / 60))
    wait = _("1 minuto") if minutes == 1 else _("%(n)d minutos") % {"n": minutes}
    if which == "pair":
        return _(
            "Demasiados intentos fallidos para esta cuenta desde esta dirección de red. Por seguridad, "
            "espere %(wait)s y vuelva a intentarlo; si no recuerda la contraseña, pida ayuda al "
            "administrador."
        ) % {"wait": wait}
    if which == "account":
        return _(
            "Esta cuenta ha tenido muchos intentos fallidos. Por seguridad, espere %(wait)s y vuelva a "
            "intentarlo; desde una dirección de red desde la que ya entró con esta cuenta no tiene que esperar."
        ) % {"wait": wait}
    return _(
        "Demasiados intentos fallidos desde esta dirección de red. Por seguridad, espere %(wait)s y "
        "vuelva a intentarlo."
    ) % {"wait": wait}


def record(request: Any, username: str, step: str, outcome: str, user: Any = None) -> SignInAttempt:
    name = (username or "").strip().lower()[:150]
    if user is None and name:
        user = User.objects.filter(username__iexact=name).first()
    agent = request.META.get("HTTP_USER_AGENT", "")[:300] if request is not None else ""
    return SignInAttempt.objects.create(
        at=timezone.now(),
        username=name,
        user=user,
        address=client_address(request),
        user_agent=agent,
        step=step,
        outcome=outcome,
    )
