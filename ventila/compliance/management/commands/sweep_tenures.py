"""``ventila sweep_tenures``: run daily (cron, e.g. ``10 0 * * *``). Dockets, as the system, the
events of the register's offices whose day has come on each obligated person's financial-report
case (Secs. 14–16): a tenure begun (its case opened), a reelection, an exit; and brings every case
in line with an office changed in the administration site. Idempotent."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ventila.cases.procedures import system_user
from ventila.compliance.tenures import sweep_tenures


class Command(BaseCommand):
    help = (
        "Anota en el expediente de informes financieros de cada persona obligada los actos de sus cargos que "
        "llegaron a su fecha (toma de posesión, reelección, cese). Ejecútelo una vez al día; es idempotente."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        result = sweep_tenures(user=system_user())
        for problem in result.problems:
            self.stderr.write(problem)
        self.stdout.write(f"Expedientes abiertos: {len(result.opened)}; actos anotados: {result.acts}.")
