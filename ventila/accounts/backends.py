"""The authentication backend: Django's, refusing while the account or address is throttled.

Every path that checks a password (the sign-in page, the administrators' site) goes through
``authenticate()`` and so through here; the failures are recorded by the ``user_login_failed``
signal (:mod:`ventila.accounts.signals`).

Loading the signed-in user on each request (:meth:`get_user`) also reads, in the same SELECT, the id of
the user's first confirmed TOTP device (``otp_device_id``): :class:`ventila.accounts.middleware.OTPMiddleware`
then knows whether the session's second factor still stands without a query of its own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django_otp.plugins.otp_totp.models import TOTPDevice

from . import throttle


class ThrottledModelBackend(ModelBackend):
    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if username is not None and throttle.blocked(request, username):
            if request is not None:
                request.ventila_throttled = True
            raise PermissionDenied("throttled")
        return super().authenticate(request, username=username, password=password, **kwargs)

    def get_user(self, user_id: Any) -> Any:
        User = get_user_model()
        confirmed = TOTPDevice.objects.filter(user=OuterRef("pk"), confirmed=True).order_by("pk").values("pk")[:1]
        user = User._default_manager.annotate(otp_device_id=Subquery(confirmed)).filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None
