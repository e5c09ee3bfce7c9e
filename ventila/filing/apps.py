from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FilingConfig(AppConfig):
    name = "ventila.filing"
    label = "filing"
    verbose_name = _("Presentación electrónica de querellas")

    def ready(self) -> None:
        from ventila.audit import state

        # The public filing record (key hash, receipt; not the e-mail delivery flag, set after) and the
        # evidence added with the follow-up key, kept in the audit chain.
        state.register("filing.Filing", ("id", "case_id", "key_hash", "filed_at", "receipt", "email", "language"))
        state.register("filing.Supplement")
