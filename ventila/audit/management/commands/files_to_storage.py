"""``ventila files_to_storage [--desde CARPETA]``: copy an existing install's stored files from its disk into
the file storage now configured (``VENTILA_STORAGE_URL``, e.g. object storage: docs/deploy.md, "Moving the
files"), each one checked against the SHA-256 recorded for it before and after the copy.

Every model row with a stored ``file`` and its ``sha256`` is visited (attachments, follow-up evidence, issued
documents, requested and annual reports). A file already in the storage with the right hash is left alone, so
the command can be run again after an interruption; a file missing from the disk or whose bytes are not the
recorded ones is reported and not copied, and the command then ends with an error. Nothing is deleted from
the disk: remove the old folder once ``ventila audit`` verifies on the new storage."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.management.base import BaseCommand, CommandError
from django.db import models

from ventila import files


def stored_file_models() -> list[type[models.Model]]:
    """The models that keep a file in the storage under a recorded SHA-256."""
    out = []
    for model in apps.get_models():
        names = {f.name for f in model._meta.get_fields()}
        if "sha256" in names and isinstance(
            model._meta.get_field("file") if "file" in names else None, models.FileField
        ):
            out.append(model)
    return out


class Command(BaseCommand):
    help = (
        "Copia los archivos guardados en el disco de la instalación (--desde, por omisión la carpeta media) al "
        "almacenamiento configurado (VENTILA_STORAGE_URL), comprobando la huella SHA-256 de cada uno."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--desde", dest="source", help="Carpeta de los archivos (por omisión, MEDIA_ROOT).")

    def handle(self, *args: Any, **options: Any) -> None:
        source = Path(options.get("source") or settings.MEDIA_ROOT)
        if not source.is_dir():
            raise CommandError(f"La carpeta de origen «{source}» no existe.")
        copied = present = 0
        problems: list[str] = []
        storage = files.storage()
        for model in stored_file_models():
            for row in model._base_manager.exclude(file="").order_by("pk"):
                name, sha = row.file.name, row.sha256
                label = f"{model._meta.verbose_name} {row.pk} ({name})"
                try:
                    files.read_verified(name, sha)
                    present += 1
                    continue
                except files.FileDamaged:
                    pass  # not there yet (or damaged there): copied from the disk
                try:
                    data = (source / name).read_bytes()
                except OSError:
                    problems.append(f"falta en el disco: {label}")
                    continue
                if hashlib.sha256(data).hexdigest() != sha:
                    problems.append(f"en el disco no coincide con su SHA-256: {label}")
                    continue
                if storage.exists(name):
                    storage.delete(name)
                storage.save(name, ContentFile(data))
                files.read_verified(name, sha)  # read back through the storage: the copy is the recorded bytes
                copied += 1
        self.stdout.write(f"Archivos copiados: {copied}; ya estaban: {present}; con problemas: {len(problems)}.")
        for p in problems:
            self.stderr.write(f"  {p}")
        if problems:
            raise CommandError(f"{len(problems)} archivo(s) no se copiaron; vea la lista anterior.")
