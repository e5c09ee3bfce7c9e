import hashlib
from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# The account's columns that decide what it reaches (not its password, names or last sign-in).
USER_STATE = ("id", "username", "person_id", "is_active", "is_staff", "is_superuser")
# A second-factor device's columns that make it one (not the counters each code moves).
DEVICE_STATE = ("id", "user_id", "name", "confirmed", "step", "t0", "digits", "tolerance")


def key_digest(device: Any) -> str:
    """What the chain keeps of a device's key: its SHA-256 (the key itself never leaves its row)."""
    return hashlib.sha256(str(device.key).encode("ascii")).hexdigest()


class AccountsConfig(AppConfig):
    name = "ventila.accounts"
    label = "accounts"
    verbose_name = _("Cuentas y funciones")

    def ready(self) -> None:
        from ventila.audit import backup, state

        from . import signals  # noqa: F401  (sign-in history)

        # Every row that grants or removes access is kept in the audit chain (docs/permissions.md): the
        # functions, the account's flags and its link to a person of the register (whose seats count),
        # the two-person proposals, and the second factor — its devices (the SHA-256 of the key, never
        # the key) and its recovery codes (already digests).
        state.register("accounts.RoleGrant")
        state.register("accounts.User", USER_STATE)
        state.register("accounts.Proposal")
        state.register("otp_totp.TOTPDevice", DEVICE_STATE, computed={"key_sha256": ("key", key_digest)})
        state.register("accounts.RecoveryCode", ("id", "user_id", "digest", "used_at"))
        backup.register_data("accounts.User")  # an install with accounts is not one a restore may land on
