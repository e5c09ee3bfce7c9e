"""Sign-in history: every password attempt, right or wrong, is recorded."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.dispatch import receiver
from django.utils import timezone

from . import throttle
from .models import SignInAttempt


@receiver(user_login_failed)
def _failed(sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any) -> None:
    throttled = getattr(request, "ventila_throttled", False)
    outcome = SignInAttempt.Outcome.THROTTLED if throttled else SignInAttempt.Outcome.FAILED
    throttle.record(request, credentials.get("username") or "", SignInAttempt.Step.PASSWORD, outcome)


@receiver(user_logged_in)
def _succeeded(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if request is not None and hasattr(request, "session"):
        request.session["ventila_signed_in_at"] = timezone.now().timestamp()
    # A real request (the sign-in page, the administrators' site); not a test's force_login.
    if request is not None and request.META.get("REMOTE_ADDR"):
        throttle.record(
            request, user.get_username(), SignInAttempt.Step.PASSWORD, SignInAttempt.Outcome.SUCCEEDED, user=user
        )
