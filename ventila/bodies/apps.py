from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BodiesConfig(AppConfig):
    name = "ventila.bodies"
    label = "bodies"
    verbose_name = _("Cuerpos, personas y calendario")

    def ready(self) -> None:
        from ventila.audit import state

        # The configuration that moves terms and votes, kept in the audit chain (every change).
        for label in ("bodies.Body", "bodies.Closure", "bodies.ElectionDay", "bodies.Membership"):
            state.register(label)
