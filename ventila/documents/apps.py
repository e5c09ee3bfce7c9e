from django.apps import AppConfig


class DocumentsConfig(AppConfig):
    name = "ventila.documents"
    label = "documents"
    verbose_name = "Documentos y notificaciones"
