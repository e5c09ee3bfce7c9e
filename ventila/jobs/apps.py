from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "ventila.jobs"
    label = "jobs"
    verbose_name = "Procesos de fondo"
    default_auto_field = "django.db.models.BigAutoField"
