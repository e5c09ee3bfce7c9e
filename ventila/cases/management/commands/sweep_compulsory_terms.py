"""``ventila sweep_compulsory_terms``: run daily (cron or the worker). Records, as the system, the
dismissal with prejudice of every municipal complaint whose decision term ran out (¶17,
MUN-DEC-04). Idempotent: running it twice records nothing new."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ventila.cases.procedures import do_sweep_compulsory_terms


class Command(BaseCommand):
    help = (
        "Anota la desestimación con perjuicio de las querellas municipales cuyo término para decidir venció "
        "(¶17). Ejecútelo una vez al día; es idempotente."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        results = do_sweep_compulsory_terms()
        for r in results:
            if r.entry_seq is None:
                self.stderr.write(f"{r.case}: no se anotó — {r.message}")
            else:
                self.stdout.write(f"{r.case}: anotación n.º {r.entry_seq} — {r.message}")
        done = sum(1 for r in results if r.entry_seq is not None)
        self.stdout.write(f"Desestimaciones con perjuicio anotadas: {done}.")
