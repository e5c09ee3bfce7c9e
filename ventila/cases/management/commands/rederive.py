"""``ventila rederive``: re-derive the stale cases (their terms passed, or their body's closures,
elections or members changed) in short batches, each its own transaction; ``--all`` first marks
every case stale (after a change of the rulebooks' code). Resumable: interrupted, it leaves the
cases not yet done stale, and running it again finishes them."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ventila import clock
from ventila.audit import state
from ventila.cases.actions import rederive, stale_cases
from ventila.cases.models import Case


class Progress:
    """A progress bar on a terminal; on anything else, one line per tenth of the way."""

    WIDTH = 30

    def __init__(self, out: Any, total: int) -> None:
        self.out, self.total, self.done, self.shown = out, total, 0, -1
        self.tty = bool(getattr(out, "isatty", lambda: False)())

    def __call__(self, n: int) -> None:
        self.done += n
        frac = self.done / self.total if self.total else 1.0
        if self.tty:
            bar = "#" * int(frac * self.WIDTH)
            end = "\n" if self.done >= self.total else ""
            self.out.write(f"\r[{bar:<{self.WIDTH}}] {self.done}/{self.total} expedientes", ending=end)
            self.out.flush()
        elif int(frac * 10) > self.shown:
            self.shown = int(frac * 10)
            self.out.write(f"{self.done}/{self.total} expedientes ({int(frac * 100)} %)")


class Command(BaseCommand):
    help = (
        "Recalcula los expedientes pendientes (términos vencidos, cierres, elecciones o miembros nuevos) "
        "en lotes cortos; con --all, todos. Se puede interrumpir y volver a ejecutar."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all",
            action="store_true",
            help="Marcar todos los expedientes como pendientes y recalcularlos (tras un cambio del reglamento).",
        )
        parser.add_argument("--batch", type=int, default=200, help="Expedientes por lote (200).")

    def handle(self, *args: Any, **opts: Any) -> None:
        now = clock.now()
        if opts["all"]:
            # Stale (version 0) and with no digest, so that every derived row is compared with what the
            # rulebooks' code now derives, traces included; resumable: an interrupted run leaves the rest
            # marked. Neither column is the audit chain's (CASE_STATE): no version is due.
            marked = Case.objects.update(config_version=0, derived_digest="")
            self.stdout.write(f"Expedientes marcados para recalcular: {marked}.")
        pending = stale_cases(now, open_only=False)
        total = pending.count()
        self.stdout.write(f"Expedientes por recalcular: {total}.")
        reason = "Recálculo de todos los expedientes" if opts["all"] else "Recálculo de los expedientes pendientes"
        with state.acting(None, reason, name="ventila rederive"):  # who and why, in the audit chain
            result = rederive(pending, now=now, batch=max(1, opts["batch"]), progress=Progress(self.stdout, total))
        left = stale_cases(now, open_only=False).count()
        self.stdout.write(
            f"Recalculados: {result.done} en {result.batches} lotes; ya al día u ocupados: {result.skipped}; "
            f"pendientes: {left}."
        )
