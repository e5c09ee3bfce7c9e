"""``ventila filing_purge``: remove uploads abandoned in quarantine (drafts never submitted) and the
rate-limit counters whose window has ended."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ventila.accounts import ratelimit
from ventila.filing.draft import purge_quarantine


class Command(BaseCommand):
    help = (
        "Borra los archivos de borradores abandonados (más antiguos que VENTILA_FILING_QUARANTINE_HOURS) y los "
        "contadores de frecuencia vencidos."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--hours", type=int, default=None, help="Antigüedad mínima en horas.")

    def handle(self, *args: Any, **options: Any) -> None:
        n = purge_quarantine(options["hours"])
        self.stdout.write(f"Se borraron {n} borradores abandonados.")
        counters = ratelimit.purge()
        self.stdout.write(f"Se borraron {counters} contadores de frecuencia vencidos.")
