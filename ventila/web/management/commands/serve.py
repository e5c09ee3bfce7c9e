"""``ventila serve ADDRESS:PORT [runserver options]``: what ``./run serve`` does once the environment is set up —
migrate, load the demo, then serve — in one process, so a newcomer's first start pays Django's start-up once,
not three times. The autoreloader's child (``RUN_MAIN``) only serves: its parent has already done the rest."""

from __future__ import annotations

import argparse
import os
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Aplica las migraciones, carga la demostración y sirve la aplicación (lo que hace ./run serve)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("addrport", help="DIRECCIÓN:PUERTO, por ejemplo 127.0.0.1:8000")
        parser.add_argument("runserver_args", nargs=argparse.REMAINDER, help="Opciones de runserver.")

    def handle(self, *args: Any, addrport: str, runserver_args: list[str], **options: Any) -> None:
        if os.environ.get("RUN_MAIN") != "true":
            call_command("migrate", interactive=False, verbosity=0)
            call_command("demo", address=addrport, stdout=self.stdout)
            self.stdout.write(f"· Sirviendo en http://{addrport}  (Ctrl-C para detener)")
            self.stdout.flush()
        call_command("runserver", addrport, *runserver_args)
