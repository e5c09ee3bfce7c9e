"""Second factor required, and sessions that end.

After the password, an account that must use two factors (:func:`twofactor.requires_second_factor`)
reaches nothing but the second-factor pages (verify, or enrol the first time) and sign-out until it
has passed. A session also ends ``VENTILA_SESSION_MAX_HOURS`` after sign-in, whatever the activity
(the idle limit is the session's stored expiry, renewed by requests at most once a minute: sessions.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.middleware import OTPMiddleware as LibraryOTPMiddleware
from django_otp.plugins.otp_totp.models import TOTPDevice

from . import twofactor

OPEN_PREFIXES = ("/static/", "/i18n/")


class OTPMiddleware(LibraryOTPMiddleware):
    """django-otp's middleware, without its query per request when the session's device is the user's
    first confirmed TOTP device: the user's own SELECT already checked that this device exists, is the
    user's and is confirmed (``otp_device_id``, :meth:`ventila.accounts.backends.ThrottledModelBackend.get_user`),
    the same checks as the library's (``_finalize_device``). The device row itself is read only if used.
    Any other case (another device, none, a user loaded otherwise) goes the library's way."""

    def _verify_user_sync(self, request: HttpRequest, user: Any) -> Any:
        known = getattr(user, "otp_device_id", None) if user.is_authenticated else None
        if known is None or request.session.get(DEVICE_ID_SESSION_KEY) != f"{TOTPDevice.model_label()}/{known}":
            return super()._verify_user_sync(request, user)
        self._init_user_fields(user)
        user.otp_device = SimpleLazyObject(lambda: TOTPDevice.objects.get(pk=known, user_id=user.pk, confirmed=True))
        return user


class SecondFactorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user: Any = request.user
        if user.is_authenticated:
            response = self._check(request, user)
            if response is not None:
                return response
        return self.get_response(request)

    def _check(self, request: HttpRequest, user: Any) -> HttpResponse | None:
        started = request.session.get("ventila_signed_in_at")
        now = time.time()
        if started is None:
            request.session["ventila_signed_in_at"] = now
        elif now - float(started) > settings.VENTILA_SESSION_MAX_HOURS * 3600:
            logout(request)
            messages.info(
                request,
                _("Su sesión terminó: han pasado %(h)d horas desde que entró. Entre de nuevo.")
                % {"h": settings.VENTILA_SESSION_MAX_HOURS},
            )
            return redirect(f"{reverse('web:login')}?{urlencode({'next': request.get_full_path()})}")
        path = request.path
        if path.startswith(OPEN_PREFIXES) or path in (
            reverse("web:logout"),
            reverse("accounts:verify"),
            reverse("accounts:enrol"),
        ):
            return None
        if user.is_verified() or not twofactor.requires_second_factor(user):
            return None
        target = "accounts:verify" if twofactor.confirmed_device(user) else "accounts:enrol"
        nxt = request.get_full_path() if request.method == "GET" else reverse("web:queue")
        return redirect(f"{reverse(target)}?{urlencode({'next': nxt})}")
