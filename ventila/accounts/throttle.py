"""Throttling of failed sign-ins: the guesses are throttled, never the person.

Failures (wrong password or wrong second-factor code) are counted so that nobody who knows only a user
name can keep the real user out (issue 26, finding 9):

- **account and address**: the pair is refused without checking the password after
  ``VENTILA_SIGNIN_MAX_FAILURES`` failures within the last ``VENTILA_SIGNIN_WINDOW_MINUTES``; the
  same account from another address is not — so a thousand guesses from a hundred addresses leave the
  user free to sign in from a new one;
- **address**: an address that has had ``VENTILA_SIGNIN_MAX_ADDRESS_FAILURES`` failures for any
  names in the window (spraying) is refused;
- **a browser the account signed in from** (the office network, where everyone shares one address):
  a full sign-in leaves a signed cookie naming the account (:func:`remember_device`, for
  ``VENTILA_SIGNIN_DEVICE_DAYS``); from that browser only its own failures count (``VENTILA_SIGNIN_MAX_FAILURES``
  in the window, in the project's rate limiter, :mod:`ventila.accounts.ratelimit`), not the address's
  or the pair's, so a colleague typing wrong passwords at the next desk cannot lock the user out.

These limits are read from the sign-in history (the user sees it on «Mi cuenta»). Refused attempts are
recorded but do not count, so a wait ends when its window clears; nor does a second-factor code that was
already used (a replay), which is refused as such.
"""

from __future__ import annotations

import datetime as dt
import math
import secrets
from typing import Any

from django.conf import settings
from django.core import signing
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from . import ratelimit
from .client import client_address  # the one client-address function, see client.py
from .models import SignInAttempt, User


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


DEVICE_COOKIE = "ventila_device"
DEVICE_SALT = "ventila.accounts.device"


def _device_seconds() -> int:
    return int(getattr(settings, "VENTILA_SIGNIN_DEVICE_DAYS", 90)) * 86400


def known_device(request: Any, username: str | None) -> str | None:
    """The id of this browser when it completed a sign-in of ``username`` (its signed cookie), else None."""
    raw = getattr(request, "COOKIES", {}).get(DEVICE_COOKIE) if request is not None else None
    name = (username or "").strip().lower()
    if not raw or not name or len(raw) > 400:
        return None
    try:
        value = signing.loads(raw, salt=DEVICE_SALT, max_age=_device_seconds())
    except signing.BadSignature:
        return None
    if not isinstance(value, dict) or value.get("u") != name:
        return None
    return str(value.get("d") or "") or None


def remember_device(request: Any, response: HttpResponse, username: str) -> None:
    """After a full sign-in: mark this browser as one the account signs in from (see the module's docstring)."""
    name = (username or "").strip().lower()
    device = known_device(request, name) or secrets.token_hex(16)
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps({"u": name, "d": device}, salt=DEVICE_SALT),
        max_age=_device_seconds(),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _device_subject(name: str, device: str) -> str:
    return f"{name}:{device}"


def _window_seconds() -> int:
    return int(_window().total_seconds())


def blocked_until(
    username: str | None, address: str | None, now: dt.datetime | None = None
) -> tuple[dt.datetime, str] | None:
    """When sign-in opens again for this account name from this address, and which limit holds it.

    ``"pair"``: this account from this address; ``"address"``: this address for any account.
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
    return None


def blocked(request: Any, username: str | None, now: dt.datetime | None = None) -> tuple[dt.datetime, str] | None:
    """:func:`blocked_until` for this request: from a browser the account signed in from, only that browser's
    own failures count (``"device"``)."""
    now = now or timezone.now()
    device = known_device(request, username)
    if device is None:
        return blocked_until(username, client_address(request), now)
    name = (username or "").strip().lower()
    window = _window_seconds()
    moment = now.timestamp()
    if ratelimit.peek(
        "signin-device", _device_subject(name, device), settings.VENTILA_SIGNIN_MAX_FAILURES, window, now=moment
    ):
        return None
    return dt.datetime.fromtimestamp((int(moment // window) + 1) * window, tz=dt.UTC), "device"


def blocked_message(until: dt.datetime, which: str, now: dt.datetime | None = None) -> str:
    minutes = max(1, math.ceil((until - (now or timezone.now())).total_seconds() / 60))
    wait = _("1 minuto") if minutes == 1 else _("%(n)d minutos") % {"n": minutes}
    if which == "pair":
        return _(
            "Demasiados intentos fallidos para esta cuenta desde esta dirección de red. Por seguridad, "
            "espere %(wait)s y vuelva a intentarlo; si no recuerda la contraseña, pida ayuda al "
            "administrador."
        ) % {"wait": wait}
    if which == "device":
        return _(
            "Demasiados intentos fallidos para esta cuenta desde este navegador. Por seguridad, espere "
            "%(wait)s y vuelva a intentarlo; si no recuerda la contraseña, pida ayuda al administrador."
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
    device = known_device(request, name)
    if outcome == SignInAttempt.Outcome.FAILED and device is not None:
        ratelimit.hit(
            "signin-device",
            _device_subject(name, device),
            settings.VENTILA_SIGNIN_MAX_FAILURES,
            _window_seconds(),
            now=timezone.now().timestamp(),
        )
    return SignInAttempt.objects.create(
        at=timezone.now(),
        username=name,
        user=user,
        address=client_address(request),
        user_agent=agent,
        step=step,
        outcome=outcome,
    )
