"""``ventila reset-password USUARIO --operator A --approved-by B --reason "…"``: give the account a new
random password, printed once here (hand it to its owner), recorded in the audit chain."""

from __future__ import annotations

from ventila.accounts.actions import do_reset_password
from ventila.accounts.management.operator import AccountCommand


class Command(AccountCommand):
    help = "Da a un usuario una contraseña nueva al azar (se imprime una vez), con dos personas y motivo."
    action = staticmethod(do_reset_password)
    done = (
        "Contraseña nueva de {username} (entréguela a su titular; no se vuelve a mostrar):\n"
        "{result}\nSus sesiones abiertas terminaron. La acción quedó registrada en la cadena."
    )
