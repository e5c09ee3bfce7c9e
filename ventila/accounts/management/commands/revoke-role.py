"""``ventila revoke-role USUARIO CUERPO FUNCIÓN --operator A --approved-by B --reason "…"``: withdraw
an account's function for a body, recorded in the audit chain."""

from __future__ import annotations

from typing import Any

from ventila.accounts.actions import do_revoke_role
from ventila.accounts.management.operator import OperatorCommand


class Command(OperatorCommand):
    help = "Retira a un usuario una función en un cuerpo, con dos personas y motivo."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="El usuario.")
        parser.add_argument("body", help="El identificador del cuerpo.")
        parser.add_argument("role", help="secretary, staff o speakers_office.")
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        def act(ops: Any) -> str:
            do_revoke_role(username=options["username"], body_slug=options["body"], role=options["role"], ops=ops)
            return "Función retirada y registrada en la cadena."

        self.run(options, act)
