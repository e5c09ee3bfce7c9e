"""Two-factor sign-in: TOTP (RFC 6238, django-otp) and single-use recovery codes stored hashed.

Every account that can see a case — the bodies' secretaries and staff, the Speaker's office,
members and substitutes (commissioners), and system administrators — must pass the second factor
after the password; an account without a device enrols on its first sign-in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from typing import Any

import segno
from django.db import transaction
from django.utils import timezone
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from ventila.audit import state
from ventila.bodies.models import Membership

from .grants import grants_of
from .models import RecoveryCode

RECOVERY_CODES = 10
DEMO_DEVICE_NAME = "demostración"
_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud and typed by hand
# Other seats that let a person's account see cases (a substitute appointed for a case): each app
# above registers its check, given the person's id, from ``AppConfig.ready`` (:func:`register_seat`).
SEAT_CHECKS: list[Callable[[int], bool]] = []


def register_seat(check: Callable[[int], bool]) -> None:
    if check not in SEAT_CHECKS:
        SEAT_CHECKS.append(check)


def requires_second_factor(user: Any) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser or user.is_staff:
        return True
    if grants_of(user).any_role if user.is_active else user.role_grants.exists():
        return True
    if user.person_id is None:
        return False
    return Membership.objects.filter(person_id=user.person_id).exists() or any(
        check(user.person_id) for check in SEAT_CHECKS
    )


def confirmed_device(user: Any) -> TOTPDevice | None:
    return TOTPDevice.objects.filter(user=user, confirmed=True).order_by("pk").first()


def pending_device(user: Any) -> TOTPDevice:
    """The unconfirmed device shown during enrolment (one per user, reused until confirmed)."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False).order_by("pk").first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name="ventila", confirmed=False)
    return device


def secret_base32(device: TOTPDevice) -> str:
    return base64.b32encode(device.bin_key).decode("ascii").rstrip("=")


def grouped(secret: str) -> str:
    return " ".join(secret[i : i + 4] for i in range(0, len(secret), 4))


def qr_svg(device: TOTPDevice) -> str:
    """The provisioning URI as an inline SVG QR code (no image request, nothing inline to allow in the CSP)."""
    return str(segno.make(device.config_url, error="m").svg_inline(scale=4, dark="#1b1b1b", light="#ffffff"))


def _digest(code: str) -> str:
    return hashlib.sha256(code.replace("-", "").replace(" ", "").strip().lower().encode()).hexdigest()


def new_recovery_codes(user: Any) -> list[str]:
    """Replace the user's recovery codes; return the clear codes (shown once, never stored)."""
    codes = [
        "-".join("".join(secrets.choice(_ALPHABET) for _ in range(5)) for _ in range(2)) for _ in range(RECOVERY_CODES)
    ]
    now = timezone.now()
    with transaction.atomic():
        RecoveryCode.objects.filter(user=user).delete()
        created = RecoveryCode.objects.bulk_create(
            [RecoveryCode(user=user, digest=_digest(c), created_at=now) for c in codes]
        )
        # bulk_create sends no signal: each code's version goes to the audit chain here.
        state.touch(created if all(rc.pk is not None for rc in created) else RecoveryCode.objects.filter(user=user))
    return codes


def use_recovery_code(user: Any, code: str) -> bool:
    """Spend one unused recovery code; True if it was valid."""
    wanted = _digest(code)
    with transaction.atomic():
        for rc in RecoveryCode.objects.select_for_update().filter(user=user, used_at__isnull=True):
            if hmac.compare_digest(rc.digest, wanted):
                rc.used_at = timezone.now()
                rc.save(update_fields=["used_at"])
                return True
    return False


def recovery_codes_left(user: Any) -> int:
    return RecoveryCode.objects.filter(user=user, used_at__isnull=True).count()


def looks_like_totp(code: str) -> bool:
    digits = code.replace(" ", "")
    return digits.isdigit() and len(digits) == 6


def is_replayed_totp(device: TOTPDevice, code: str) -> bool:
    """Whether ``code`` is an app code the device has already accepted (a replay), not a wrong one.

    django-otp refuses a code whose time step is not after the last accepted one; such a code is
    still right for the clock (within the device's tolerance), so it says nothing about guessing
    and is refused without counting as a failure.
    """
    digits = code.replace(" ", "")
    if device.last_t < 0 or not looks_like_totp(digits):
        return False
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time()
    if totp.verify(int(digits), device.tolerance, device.last_t + 1):
        return False  # still new: not a replay
    return bool(totp.verify(int(digits), device.tolerance))


def demo_device(user: Any) -> TOTPDevice:
    """Pre-enrol a demo user (``ventila demo``): a confirmed device named for the demonstration."""
    device = TOTPDevice.objects.filter(user=user, confirmed=True).order_by("pk").first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name=DEMO_DEVICE_NAME, confirmed=True)
    return device


def current_code(device: TOTPDevice) -> str:
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    return f"{totp.token():0{device.digits}d}"
