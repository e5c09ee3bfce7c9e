from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "ventila.api"
    label = "api"
    verbose_name = _("API")

    def ready(self) -> None:
        from ventila.audit import state

        # Organisations and their tokens are created and revoked through recorded actions (the chain).
        state.register("api.ApiClient")
        state.register("api.ApiToken", ("client_id", "label", "prefix", "digest", "scopes", "expires_at", "revoked_at"))
