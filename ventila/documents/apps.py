from django.apps import AppConfig


class DocumentsConfig(AppConfig):
    name = "ventila.documents"
    label = "documents"
    verbose_name = "Documentos y notificaciones"

    def ready(self) -> None:
        from ventila.audit import chain

        chain.register_kind(chain.ChainedKind("document", "documents.Document", "documento"))
        chain.register_kind(
            chain.ChainedKind("publication_review", "documents.PublicationReview", "revisión de la publicación")
        )
