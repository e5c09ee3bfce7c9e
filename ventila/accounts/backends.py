"""The authentication backend: Django's, refusing while the account or address is throttled.

Every path that checks a password (the sign-in page, the administrators' site) goes through
``authenticate()`` and so through here; the failures are recorded by the ``user_login_failed``
signal (:mod:`ventila.accounts.signals`).

Loading the signed-in user on each request (:meth:`get_user`) also reads, in the same SELECT, the id of
the user's first confirmed TOTP device (``otp_device_id``): :class:`ventila.accounts.middleware.OTPMiddleware`
then knows whether the session's second factor still stands without a query of its own.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied, ValidationError
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
        try:
            pk = User._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        user = next(iter(User._default_manager.raw(_user_sql(), [pk])), None)
        return user if user is not None and self.user_can_authenticate(user) else None


@functools.cache
def _user_sql() -> str:
    """The user and the id of their first confirmed TOTP device, in one SELECT written once: it runs on every
    request, where the ORM's compilation of the same query (a subquery annotation) cost a millisecond of CPU."""
    user, device = get_user_model()._meta, TOTPDevice._meta
    pk, device_pk = user.pk.column, device.pk.column
    user_fk, confirmed = device.get_field("user").column, device.get_field("confirmed").column
    # The names come from the models' metadata; the id is a query parameter.
    sql = (
        f'SELECT u.*, (SELECT d."{device_pk}" FROM "{device.db_table}" d WHERE d."{user_fk}" = u."{pk}"'  # nosec B608
        f' AND d."{confirmed}" ORDER BY d."{device_pk}" LIMIT 1) AS otp_device_id'
        f' FROM "{user.db_table}" u WHERE u."{pk}" = %s'
    )
    return sql
