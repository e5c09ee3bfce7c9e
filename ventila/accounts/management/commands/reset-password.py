"""``ventila reset-password USUARIO --operator A --approved-by B --reason "…"``: give the account a new
random password, printed once here (hand it to its owner), recorded in the audit chain."""

from __future__ import annotations

from typing import Any

from ventila.accounts.actions import do_reset_password
from ventila.accounts.management.operator import OperatorCommand


class Command(OperatorCommand):
    help = "Da a un usuario una contraseña nueva al azar (se imprime una vez), con dos personas y motivo."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="El usuario.")
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        def act(ops: Any) -> str:
            password = do_reset_password(username=options["username"], ops=ops)
            return (
                f"Contraseña nueva de {options['username']} (entréguela a su titular; no se vuelve a mostrar):\n"
                f"{password}\nSus sesiones abiertas terminaron. La acción quedó registrada en la cadena."
            )

        self.run(options, act)
