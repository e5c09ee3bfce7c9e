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

        from django.db.models.signals import post_delete, post_save

        from . import register_cache

        # The per-process copies of the bodies, the register and the calendar days (register_cache).
        for label in ("bodies.Body", "bodies.OfficeTerm", "bodies.Person", "bodies.Closure", "bodies.ElectionDay"):
            post_save.connect(register_cache.bump, sender=label, dispatch_uid=f"ventila-filing-register-save-{label}")
            post_delete.connect(
                register_cache.bump, sender=label, dispatch_uid=f"ventila-filing-register-delete-{label}"
            )
