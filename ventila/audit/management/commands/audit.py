"""``ventila audit verify | head | export-head | publish-head``: the tamper-evident record from the command line.

- ``verify [--heads FILE-OR-URL] [--no-files]`` walks the chain from its first link, recomputes every
  object's digest and every link's hash, checks that every docket entry, document and access log is
  chained, that every row kept as versions (a case's state, parties, the filing record, follow-up
  evidence, bodies, closures, elections, seats, role grants) equals its latest chained version, and
  that stored files still have their SHA-256, and compares the heads published on the public record and
  the heads of ``--heads``: a file exported earlier, or a list published by the public record (its
  address, ``…/registro-publico/cadena.txt``, or a copy of it kept by anyone).
  It names the first link that does not match and exits with status 1.
- ``head`` prints the chain's head (sequence and hash), to be written into the minutes.
- ``export-head [--file FILE]`` appends the head to the exported file (``VENTILA_AUDIT_HEAD_FILE``;
  by default ``var/audit/heads.log``) — run it daily from cron, with the file on another disk.
- ``publish-head`` publishes today's head on the public record (the worker does it on its first round
  of each day; once a day, later calls change nothing).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from ventila import clock
from ventila.audit import chain
from ventila.rules import PR_TZ


def default_heads_file() -> Path:
    return Path(os.environ.get("VENTILA_AUDIT_HEAD_FILE") or Path(settings.VAR_DIR) / "audit" / "heads.log")


class Command(BaseCommand):
    help = "Verifica la cadena de huellas, imprime su cabeza o la exporta a un archivo."

    def add_arguments(self, parser: Any) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        v = sub.add_parser("verify", help="Recorre la cadena y nombra el primer eslabón que no concuerda.")
        v.add_argument(
            "--heads",
            help="Archivo de cabezas exportadas, o dirección (http/https) de la lista publicada, que también debe concordar.",
        )
        v.add_argument("--no-files", action="store_true", help="No releer los archivos de los anejos.")
        sub.add_parser("head", help="Imprime la cabeza de la cadena.")
        e = sub.add_parser("export-head", help="Añade la cabeza al archivo de cabezas exportadas.")
        e.add_argument("--file", help="El archivo (por omisión VENTILA_AUDIT_HEAD_FILE o var/audit/heads.log).")
        sub.add_parser("publish-head", help="Publica la cabeza del día en el registro público.")

    def handle(self, *args: Any, **options: Any) -> None:
        action = options["action"]
        if action == "head":
            seq, h = chain.head()
            self.stdout.write(f"Cabeza de la cadena: eslabón {seq}\nHuella SHA-256: {h}\n({chain.head_line()})")
            return
        if action == "export-head":
            path = Path(options["file"]) if options.get("file") else default_heads_file()
            line = chain.export_head(path)
            self.stdout.write(f"Cabeza exportada a {path}: {line}")
            return
        if action == "publish-head":
            published = chain.publish_head(clock.now(), PR_TZ)
            if published is None:
                self.stdout.write("La cabeza de hoy ya estaba publicada.")
            else:
                self.stdout.write(f"Cabeza publicada ({published.day}): eslabón {published.seq} {published.hash}")
            return
        heads = options.get("heads") or None
        result = chain.verify(heads_file=heads, check_files=not options["no_files"])
        if result.ok:
            self.stdout.write(
                f"Cadena íntegra: {result.links} eslabones verificados, {result.files_checked} archivos, "
                f"{result.heads_checked} cabezas exportadas o publicadas.\nCabeza: eslabón {result.head_seq} {result.head_hash}"
            )
            return
        self.stdout.write(f"LA CADENA NO CONCUERDA ({len(result.problems)} problemas).")
        self.stdout.write(f"Primer problema: {result.first}")
        for p in result.problems[1:20]:
            self.stdout.write(f"  también: {p}")
        raise CommandError(f"primer eslabón que no concuerda: {result.first}", returncode=1)
