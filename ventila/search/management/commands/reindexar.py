"""``ventila reindexar``: rebuild the search index from the cases, docket, documents and drafts."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ventila.search.index import rebuild


class Command(BaseCommand):
    help = "Reconstruye el índice de búsqueda (expedientes, anotaciones, documentos y borradores)."

    def handle(self, *args: Any, **options: Any) -> None:
        total = rebuild(out=self.stdout if options["verbosity"] > 1 else None)
        self.stdout.write(f"Índice de búsqueda reconstruido: {total} entradas.")
