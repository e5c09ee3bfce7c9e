"""``ventila restore ARCHIVO``: bring a backup back onto an empty install and verify the audit chain."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ventila.audit.backup import BackupError, restore


class Command(BaseCommand):
    help = "Restaura una copia de seguridad sobre una instalación vacía y verifica la cadena."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("archive", help="El archivo .tar.gz que escribió «ventila backup».")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            out = restore(Path(options["archive"]))
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        m, v = out["manifest"], out["verification"]
        self.stdout.write(f"Copia del {m['created_at']} restaurada ({m['method']}) en {out['seconds']:.2f} s.")
        if not v.ok:
            raise CommandError(f"La cadena restaurada no concuerda: {v.first}")
        if (v.head_seq, v.head_hash) != (m["chain_head"]["seq"], m["chain_head"]["hash"]):
            raise CommandError("La cabeza de la cadena restaurada no es la del manifiesto.")
        self.stdout.write(
            f"Cadena íntegra: {v.links} eslabones; cabeza {v.head_seq} {v.head_hash} (la del manifiesto)."
        )
