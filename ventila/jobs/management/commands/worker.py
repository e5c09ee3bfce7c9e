"""``ventila worker``: the jobs' worker for one machine, or for each of several. Each round it enqueues the
sweeps that are due (``ventila/jobs/schedule.py``: the re-derivation of stale cases, the e-mail retries, the
day's reminders and published head, the sweeps that were cron lines) and runs the ready jobs with the queue
library's worker until none is left. ``--once`` runs one round. Several workers, on one machine or several,
share the queue: each job runs once."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import close_old_connections

from ventila.jobs import schedule
from ventila.jobs.queue import run_ready

from ._output import add_reminder_hour, jobs_log_to


class Command(BaseCommand):
    help = "Proceso de fondo: encola los barridos que tocan y ejecuta los trabajos de la cola."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="Una sola vuelta y terminar.")
        parser.add_argument("--interval", type=float, default=60.0, help="Segundos entre vueltas (60).")
        parser.add_argument("--no-reminders", action="store_true", help="No enviar recordatorios.")
        parser.add_argument(
            "--rederive-seconds",
            type=float,
            default=30.0,
            help="Segundos por vuelta para recalcular expedientes pendientes (30).",
        )
        add_reminder_hour(parser)

    def handle(self, *args: Any, **opts: Any) -> None:
        with jobs_log_to(self.stdout):
            while True:
                schedule.enqueue_due(
                    skip=["reminders"] if opts["no_reminders"] else [],
                    reminder_hour=opts["reminder_hour"],
                    rederive_seconds=opts["rederive_seconds"],
                )
                run_ready()
                if opts["once"]:
                    return
                time.sleep(opts["interval"])
                close_old_connections()
