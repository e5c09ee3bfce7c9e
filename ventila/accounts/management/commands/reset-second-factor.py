"""``ventila reset-second-factor USUARIO --operator A --approved-by B --reason "…"``: remove the
account's authenticator and recovery codes (it enrols again at its next sign-in), recorded in the
audit chain."""

from __future__ import annotations

from ventila.accounts.actions import do_reset_second_factor
from ventila.accounts.management.operator import AccountCommand


class Command(AccountCommand):
    help = "Quita el segundo factor de un usuario (se inscribe de nuevo al entrar), con dos personas y motivo."
    action = staticmethod(do_reset_second_factor)
    done = (
        "Segundo factor de {username} retirado ({result} dispositivo(s) y sus códigos de "
        "recuperación); se inscribirá de nuevo al entrar. La acción quedó registrada en la cadena."
    )
