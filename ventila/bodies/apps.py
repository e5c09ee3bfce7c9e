from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# The body's columns kept in the audit chain: every column but ``config_version`` and ``config_token``,
# bumped by each configuration change (the change itself is a version of its own row).
BODY_STATE = ("id", "slug", "name", "short_name", "rulebook", "case_prefix", "seats", "approved", "active")


class BodiesConfig(AppConfig):
    name = "ventila.bodies"
    label = "bodies"
    verbose_name = _("Cuerpos, personas y calendario")

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from ventila.audit import state

        from . import models

        # The configuration that moves terms and votes, kept in the audit chain (every change).
        state.register("bodies.Body", BODY_STATE)
        for label in ("bodies.Closure", "bodies.ElectionDay", "bodies.Membership"):
            state.register(label)
        # The register of people and their offices: who the Code binds and since when (Secs. 3, 14).
        state.register("bodies.Person", ("id", "given_name", "family_name", "email", "hr_number"))
        state.register("bodies.OfficeTerm", ("id", "person_id", "role", "title", "municipality", "start", "end"))
        # Every write of that configuration, through any path (actions, admin, fixtures), bumps the
        # version of the bodies it concerns: their cases are stale until re-derived with it.
        for model in (models.Closure, models.ElectionDay, models.Membership):
            post_save.connect(models.config_changed, sender=model, dispatch_uid=f"ventila-config-save-{model.__name__}")
            post_delete.connect(
                models.config_changed, sender=model, dispatch_uid=f"ventila-config-delete-{model.__name__}"
            )
        post_save.connect(models.config_changed, sender=models.Person, dispatch_uid="ventila-config-save-Person")
