"""``ventila grant-role USUARIO CUERPO FUNCIÓN --operator A --approved-by B --reason "…"``: give an
account a function for a body (secretary, staff, Speaker's office), recorded in the audit chain."""

from __future__ import annotations

from typing import Any

from ventila.accounts.actions import do_grant_role
from ventila.accounts.management.operator import OperatorCommand


class Command(OperatorCommand):
    help = "Da a un usuario una función en un cuerpo (secretary, staff, speakers_office), con dos personas y motivo."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="El usuario que recibe la función.")
        parser.add_argument("body", help="El identificador del cuerpo, por ejemplo «etica-camara».")
        parser.add_argument("role", help="secretary, staff o speakers_office.")
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        def act(ops: Any) -> str:
            grant = do_grant_role(
                username=options["username"], body_slug=options["body"], role=options["role"], ops=ops
            )
            return f"Función concedida y registrada en la cadena: {grant}"

        self.run(options, act)
