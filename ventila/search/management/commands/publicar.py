"""``ventila publicar``: write again the public record's stored rows (issue 30) from the cases — after the
migration that creates them, an import, ``ventila generate`` or a change of the rulebooks' code."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ventila.bodies.models import Body
from ventila.search.public import rebuild


class Command(BaseCommand):
    help = "Reescribe las filas del registro público (los asuntos publicados, suprimidos los datos privados)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--body", default="", help="Solo el cuerpo con este identificador (slug).")

    def handle(self, *args: Any, **options: Any) -> None:
        body = None
        if options["body"]:
            body = Body.objects.filter(slug=options["body"]).first()
            if body is None:
                raise CommandError(f"No hay un cuerpo «{options['body']}».")
        total = rebuild(body, out=self.stdout if options["verbosity"] > 1 else None)
        self.stdout.write(f"Registro público reescrito: {total} asuntos publicados.")
