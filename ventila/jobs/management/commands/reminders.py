"""``ventila reminders``: e-mail each user the terms of their cases due soon or missed, now (the worker does
it daily): the day's sweep is enqueued and the queue is run in this process."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ventila import clock
from ventila.documents.models import ReminderLog
from ventila.documents.reminders import DEFAULT_DAYS
from ventila.jobs import tasks
from ventila.jobs.queue import run_ready

from ._output import jobs_log_to


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
        started = clock.now()
        day = opts["date"] or started.date()
        tasks.send_reminders.enqueue(day.isoformat(), opts["days"], opts["force"])
        with jobs_log_to(self.stdout):
            run_ready()
        sent = ReminderLog.objects.filter(day=day, sent_at__gte=started).count()
        self.stdout.write(f"Recordatorios enviados: {sent}")
