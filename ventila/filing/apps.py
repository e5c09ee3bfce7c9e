from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FilingConfig(AppConfig):
    name = "ventila.filing"
    label = "filing"
    verbose_name = _("Presentación electrónica de querellas")
