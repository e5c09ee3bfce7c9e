"""``ventila grant-role USUARIO CUERPO FUNCIÓN --operator A --reason "…"``: propose to give an account a
function for a body; another administrator approves it on the proposals page (password and second factor)."""

from __future__ import annotations

from ventila.accounts.management.propose import RoleProposalCommand


class Command(RoleProposalCommand):
    help = "Propone dar a un usuario una función en un cuerpo; otro administrador la aprueba (dos personas)."
    kind = "role_grant"
