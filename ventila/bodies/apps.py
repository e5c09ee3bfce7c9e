from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BodiesConfig(AppConfig):
    name = "ventila.bodies"
    label = "bodies"
    verbose_name = _("Cuerpos, personas y calendario")
