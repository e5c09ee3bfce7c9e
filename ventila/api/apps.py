from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The API app: organisations, tokens, the idempotency records and the request log."""

    name = "ventila.api"
    label = "api"
    verbose_name = _("API")

    def ready(self) -> None:
        """Register the organisation proposal kind and the chained models."""
        from django.utils.translation import gettext_lazy

        from ventila.accounts import proposals
        from ventila.audit import state

        from . import tokens

        # An organisation's function decides what it reads: proposed by one administrator, approved by another.
        proposals.register_kind(
            proposals.ProposalKind(
                "api_client",
                gettext_lazy("Dar de alta una organización de la API"),
                tokens.ApiClientForm,
                tokens.apply_client_proposal,
                tokens.describe_client_proposal,
            )
        )

        # Organisations and their tokens are created and revoked through recorded actions (the chain).
        state.register("api.ApiClient")
        state.register("api.FiledCase")  # a case an organisation filed: it may read it afterwards
        state.register("api.ApiToken", ("client_id", "label", "prefix", "digest", "scopes", "expires_at", "revoked_at"))
