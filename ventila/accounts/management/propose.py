"""The shared part of the commands that propose (``grant-role``, ``revoke-role``, ``api_tokens client``):
the proposal is recorded under the administrator named with ``--operator`` and applied only when
another administrator approves it on the proposals page, with his password and second factor."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from ventila.accounts.models import User
from ventila.accounts.proposals import ProposalRefused, do_propose


def add_proposer_arguments(parser: Any) -> None:
    parser.add_argument(
        "--operator", required=True, help="Su nombre de usuario: el administrador del sistema que propone."
    )
    parser.add_argument("--reason", required=True, help="Por qué se propone (queda en el registro).")


def propose(command: BaseCommand, options: dict[str, Any], kind: str, data: dict[str, Any]) -> None:
    user = User.objects.filter(username=options["operator"]).first()
    try:
        proposal = do_propose(user=user, kind=kind, data=data, reason=options["reason"])
    except ProposalRefused as exc:
        raise CommandError(str(exc)) from None
    command.stdout.write(
        f"Propuesta {proposal.pk} registrada en la cadena. No se aplica hasta que otro administrador la apruebe "
        f"en {reverse('accounts:proposals')} con su contraseña y su segundo factor."
    )


class RoleProposalCommand(BaseCommand):
    """``grant-role`` and ``revoke-role``: a user, a body and a function, proposed as ``kind``."""

    kind = ""

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("username", help="El usuario.")
        parser.add_argument("body", help="El identificador del cuerpo, por ejemplo «etica-camara».")
        parser.add_argument("role", help="secretary, staff, speakers_office o house_member.")
        add_proposer_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        propose(self, options, self.kind, {k: options[k] for k in ("username", "body", "role")})
