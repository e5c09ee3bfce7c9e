"""``ventila backup [DESTINO]``: one archive with a consistent snapshot of the database and the files
(see :mod:`ventila.audit.backup`). DESTINO is a directory or a ``.tar.gz`` file; by default
``VENTILA_BACKUP_DIR`` (``var/backups``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ventila.audit.backup import BackupError, backup


class Command(BaseCommand):
    help = "Escribe una copia de seguridad (base de datos y archivos) con manifiesto SHA-256."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("destination", nargs="?", help="Directorio o archivo .tar.gz de destino.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = backup(Path(options["destination"]) if options.get("destination") else None)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"Copia escrita: {result.path}\n  método: {result.method}; base de datos: {result.database_bytes} bytes; "
            f"archivos: {result.files}; cabeza de la cadena: eslabón {result.chain_seq}; {result.seconds:.2f} s"
        )
