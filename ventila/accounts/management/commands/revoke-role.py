"""``ventila revoke-role USUARIO CUERPO FUNCIÓN --operator A --reason "…"``: propose to withdraw an
account's function for a body; another administrator approves it on the proposals page."""

from __future__ import annotations

from ventila.accounts.management.propose import RoleProposalCommand


class Command(RoleProposalCommand):
    help = "Propone retirar a un usuario una función en un cuerpo; otro administrador la aprueba (dos personas)."
    kind = "role_revoke"
