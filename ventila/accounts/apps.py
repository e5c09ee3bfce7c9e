from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "ventila.accounts"
    label = "accounts"
    verbose_name = _("Cuentas y funciones")

    def ready(self) -> None:
        from ventila.audit import backup, state

        from . import signals  # noqa: F401  (sign-in history)

        state.register("accounts.RoleGrant")  # who may see cases: kept in the audit chain
        backup.register_data("accounts.User")  # an install with accounts is not one a restore may land on
