"""``ventila revoke-role USUARIO CUERPO FUNCIÓN --operator A --reason "…"``: propose to withdraw an
account's function for a body; another administrator approves it on the proposals page."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ventila.accounts.management.propose import add_proposer_arguments, propose


class Command(BaseCommand):
    help = "Propone retirar a un usuario una función en un cuerpo; otro administrador la aprueba (dos personas)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="El usuario.")
        parser.add_argument("body", help="El identificador del cuerpo.")
        parser.add_argument("role", help="secretary, staff, speakers_office o house_member.")
        add_proposer_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        data = {k: options[k] for k in ("username", "body", "role")}
        propose(self, options, "role_revoke", data)
