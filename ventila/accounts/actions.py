"""What only the server's operators do to an account, each an audited action that needs two people.

Password resets and second-factor resets are not in the administrators' site: a system administrator
could otherwise take over an account that has a case. They are management commands run on the server
(``ventila reset-password``, ``reset-second-factor``) naming the operator who runs them and a second,
different administrator who approved them, and why. Each is written to the audit chain
(:class:`~ventila.audit.models.OperatorAction`). Functions (role grants) go further: one administrator
proposes, another approves signing with his password and second factor (:mod:`ventila.accounts.proposals`).
"""

from __future__ import annotations

import getpass
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_otp.plugins.otp_totp.models import TOTPDevice

from ventila.audit import chain
from ventila.audit.models import OperatorAction

from .models import RecoveryCode, User


class OperatorRefused(Exception):
    """The action cannot be done: ``field`` is the argument at fault, ``message`` says why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Operators:
    """Who runs the action and who approved it: two different, active system administrators."""

    operator: str
    approver: str
    reason: str

    def check(self, target: User | None = None) -> None:
        for field, name in (("--operator", self.operator), ("--approved-by", self.approver)):
            admin = User.objects.filter(username=name, is_active=True, is_superuser=True).first()
            if admin is None:
                raise OperatorRefused(
                    field, _("«%(name)s» no es un administrador activo del sistema.") % {"name": name}
                )
            if target is not None and admin.pk == target.pk:
                raise OperatorRefused(field, _("Nadie aprueba ni ejecuta una acción sobre su propia cuenta."))
        if self.operator == self.approver:
            raise OperatorRefused("--approved-by", _("La aprobación debe ser de otra persona que el operador."))
        if not self.reason.strip():
            raise OperatorRefused("--reason", _("Indique el motivo."))


def find_user(username: str, field: str = "username") -> User:
    user = User.objects.filter(username=username).first()
    if user is None:
        raise OperatorRefused(field, _("No existe el usuario «%(name)s».") % {"name": username})
    return user


def log_operator_action(
    action: str, target: User, detail: str, operator: str, approver: str, reason: str
) -> OperatorAction:
    """Chain what was done to ``target``'s account, by whom and with whose approval."""
    try:
        system_user = getpass.getuser()
    except (KeyError, OSError):  # no name for the process's uid (a container)
        system_user = ""
    row = OperatorAction.objects.create(
        at=timezone.now(),
        action=action,
        target=target.get_username(),
        detail=detail[:300],
        operator=operator,
        approver=approver,
        system_user=system_user[:150],
        reason=reason.strip(),
    )
    chain.append("operator_action", row)
    return row


def _log(action: str, target: User, detail: str, ops: Operators) -> OperatorAction:
    return log_operator_action(action, target, detail, ops.operator, ops.approver, ops.reason)


def do_reset_password(*, username: str, ops: Operators) -> str:
    """Give the account a new random password (returned once, to be handed to its owner); its open
    sessions end (Django ties each session to the password)."""
    user = find_user(username)
    ops.check(user)
    password = secrets.token_urlsafe(12)
    with transaction.atomic():
        user.set_password(password)
        user.save(update_fields=["password"])
        _log("reset-password", user, "contraseña nueva", ops)
    return password


def do_reset_second_factor(*, username: str, ops: Operators) -> int:
    """Remove the account's authenticator devices and recovery codes: it enrols again at its next
    sign-in. Returns how many devices were removed."""
    user = find_user(username)
    ops.check(user)
    with transaction.atomic():
        devices, _n = TOTPDevice.objects.filter(user=user).delete()
        RecoveryCode.objects.filter(user=user).delete()
        _log("reset-second-factor", user, f"{devices} dispositivo(s) y los códigos de recuperación", ops)
    return devices


def operators_from(options: dict[str, Any]) -> Operators:
    return Operators(options.get("operator") or "", options.get("approved_by") or "", options.get("reason") or "")
