"""The shared arguments of the operators' commands (``grant-role``, ``reset-password`` …): who runs
it, the second administrator who approved it, and why; a refused action names the argument at fault."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ventila.accounts.actions import OperatorRefused, Operators, operators_from


class OperatorCommand(BaseCommand):
    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--operator",
            required=True,
            help="Su nombre de usuario: un administrador del sistema, quien ejecuta la orden.",
        )
        parser.add_argument(
            "--approved-by", required=True, help="Otro administrador del sistema, que aprobó la acción (dos personas)."
        )
        parser.add_argument("--reason", required=True, help="Por qué se hace (queda en el registro).")

    def run(self, options: dict[str, Any], action: Callable[[Operators], str]) -> None:
        try:
            self.stdout.write(action(operators_from(options)))
        except OperatorRefused as exc:
            raise CommandError(f"{exc.field}: {exc.message}") from None


class AccountCommand(OperatorCommand):
    """An operator's action on one account (``reset-password``, ``reset-second-factor``): ``action`` does
    it (``username=``, ``ops=``) and ``done`` says what was done (``{username}``, ``{result}``: what the
    action gave back)."""

    action: Callable[..., Any]
    done = ""

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="El usuario.")
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        username = options["username"]
        self.run(
            options, lambda ops: self.done.format(username=username, result=self.action(username=username, ops=ops))
        )
