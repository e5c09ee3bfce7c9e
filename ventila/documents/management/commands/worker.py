"""``ventila worker``: the background worker. Each round it re-derives the cases left stale (a term
passed, or a closure, election or seat changed: short batches, up to ``--rederive-seconds``),
retries the e-mails whose next attempt is due and runs the daily reminder sweep (sent once a day
per user). ``--once`` runs one round."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import close_old_connections

from ventila import clock
from ventila.audit import chain
from ventila.audit import state as audit_state
from ventila.cases.actions import rederive, stale_cases
from ventila.documents.actions import process_due_deliveries
from ventila.documents.reminders import sweep
from ventila.rules import PR_TZ


class Command(BaseCommand):
    help = "Proceso de fondo: reintenta los envíos fallidos y envía los recordatorios diarios."

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
        parser.add_argument(
            "--reminder-hour",
            type=int,
            default=7,
            help="Hora (Puerto Rico) desde la que se envían los recordatorios del día (7).",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        while True:
            now = clock.now()
            # A case's new state (a stage the law moved) is a version in the audit chain: who and why.
            with audit_state.acting(None, "Recálculo de los expedientes pendientes", name="ventila worker"):
                result = rederive(stale_cases(now), now=now, budget=opts["rederive_seconds"])
            if result.done:
                self.stdout.write(f"expedientes recalculados: {result.done}; pendientes: {result.remaining}")
            published = chain.publish_head(now, PR_TZ)  # the day's head on the public record (issue 32)
            if published is not None:
                self.stdout.write(f"cabeza publicada: eslabón {published.seq} {published.hash}")
            attempts = process_due_deliveries()
            for a in attempts:
                state = "aceptado" if a.ok else "falló"
                self.stdout.write(f"envío {a.delivery_id} a {a.recipient}: {state} · {a.server_answer}")
            if not opts["no_reminders"] and clock.now().hour >= opts["reminder_hour"]:
                for user, n in sweep():
                    self.stdout.write(f"recordatorio a {user.username}: {n} términos")
            if opts["once"]:
                return
            time.sleep(opts["interval"])
            close_old_connections()
