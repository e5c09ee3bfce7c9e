"""The authentication backend: Django's, refusing while the account or address is throttled.

Every path that checks a password (the sign-in page, the administrators' site) goes through
``authenticate()`` and so through here; the failures are recorded by the ``user_login_failed``
signal (:mod:`ventila.accounts.signals`).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from . import throttle


class ThrottledModelBackend(ModelBackend):
    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if username is not None and throttle.blocked_until(username, throttle.client_address(request)):
            if request is not None:
                request.ventila_throttled = True
            raise PermissionDenied("throttled")
        return super().authenticate(request, username=username, password=password, **kwargs)
