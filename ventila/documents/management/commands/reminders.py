"""``ventila reminders``: e-mail each user the terms of their cases due soon or missed (daily)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ventila.documents.reminders import DEFAULT_DAYS, sweep


class Command(BaseCommand):
    help = "Envía a cada usuario los términos de sus casos que vencen pronto o ya vencieron (una vez al día)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=DEFAULT_DAYS,
            help="Cuántos días hacia adelante incluir (por omisión, %(default)s).",
        )
        parser.add_argument(
            "--date",
            type=dt.date.fromisoformat,
            default=None,
            help="El día del barrido (AAAA-MM-DD); por omisión, hoy.",
        )
        parser.add_argument("--force", action="store_true", help="Enviar aunque ya se haya enviado hoy.")

    def handle(self, *args: Any, **opts: Any) -> None:
        sent = sweep(today=opts["date"], days=opts["days"], force=opts["force"])
        for user, n in sent:
            self.stdout.write(f"{user.username}: {n} términos")
        self.stdout.write(f"Recordatorios enviados: {len(sent)}")
