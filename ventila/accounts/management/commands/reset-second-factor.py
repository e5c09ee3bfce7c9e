"""``ventila reset-second-factor USUARIO --operator A --approved-by B --reason "…"``: remove the
account's authenticator and recovery codes (it enrols again at its next sign-in), recorded in the
audit chain."""

from __future__ import annotations

from typing import Any

from ventila.accounts.actions import do_reset_second_factor
from ventila.accounts.management.operator import OperatorCommand


class Command(OperatorCommand):
    help = "Quita el segundo factor de un usuario (se inscribe de nuevo al entrar), con dos personas y motivo."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="El usuario.")
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        def act(ops: Any) -> str:
            n = do_reset_second_factor(username=options["username"], ops=ops)
            return (
                f"Segundo factor de {options['username']} retirado ({n} dispositivo(s) y sus códigos de "
                "recuperación); se inscribirá de nuevo al entrar. La acción quedó registrada en la cadena."
            )

        self.run(options, act)
