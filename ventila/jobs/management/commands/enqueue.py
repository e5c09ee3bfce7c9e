"""``ventila enqueue [SWEEP …]``: enqueue the sweeps that are due (all, or the ones named) for the queue's
workers, and hand out again the jobs of a worker that died. For installs that run the library's own worker
(``ventila db_worker``) and let cron or a systemd timer say when: every minute, on any number of nodes —
each sweep is enqueued once per period."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ventila.jobs import schedule

from ._output import add_reminder_hour


class Command(BaseCommand):
    help = "Encola los barridos que tocan (recordatorios, reintentos de correo, recálculos, barridos diarios)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("sweeps", nargs="*", help="Cuáles (por omisión, todos).")
        add_reminder_hour(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        unknown = [n for n in opts["sweeps"] if n not in schedule.NAMES]
        if unknown:
            raise CommandError(f"No hay barrido «{unknown[0]}». Los barridos: {', '.join(schedule.NAMES)}.")
        names = schedule.enqueue_due(only=opts["sweeps"] or None, reminder_hour=opts["reminder_hour"])
        self.stdout.write("encolados: " + (", ".join(names) or "ninguno"))
