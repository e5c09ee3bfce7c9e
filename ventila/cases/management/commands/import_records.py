"""``ventila import_records FILE --body SLUG``: bring in the cases and docket entries of a predecessor
body from a JSON or CSV file (layout: docs/import.md). Every row is validated by the rulebook; a
rejected row is reported with its number and reason and the import goes on. Idempotent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ventila.bodies.models import Body
from ventila.cases.importer import import_records


class Command(BaseCommand):
    help = (
        "Importa los expedientes y anotaciones de un cuerpo antecesor desde un archivo JSON o CSV "
        "(formato en docs/import.md). Valida cada fila; informa las rechazadas sin detenerse. Idempotente."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="El archivo .json o .csv.")
        parser.add_argument(
            "--body",
            help="Identificador del cuerpo (por ejemplo «querellas-municipales»); en JSON "
            "puede venir en el campo «body».",
        )
        parser.add_argument("--format", choices=("json", "csv"), help="Formato; por omisión, la extensión del archivo.")
        parser.add_argument(
            "--source",
            help="Nombre del origen (por omisión, el nombre del archivo); identifica las filas ya importadas.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        if not path.is_file():
            raise CommandError(f"No existe el archivo {path}.")
        fmt = options["format"] or ("csv" if path.suffix.lower() == ".csv" else "json")
        text = path.read_text(encoding="utf-8-sig")
        slug = options["body"]
        if slug is None and fmt == "json":
            try:
                data = json.loads(text)
                slug = data.get("body") if isinstance(data, dict) else None
            except json.JSONDecodeError:
                slug = None
        body = Body.objects.filter(slug=slug).first() if slug else None
        if body is None:
            raise CommandError("Indique el cuerpo con --body (por ejemplo --body querellas-municipales).")
        report = import_records(text, fmt, body=body, source=options["source"] or path.name)
        for number, where, reason in report.rejects:
            self.stdout.write(f"Fila {number} ({where}) rechazada: {reason}")
        self.stdout.write(
            f"Importadas {report.imported} filas ({report.cases} expedientes nuevos); ya importadas antes: "
            f"{report.skipped}; rechazadas: {len(report.rejects)}."
        )
