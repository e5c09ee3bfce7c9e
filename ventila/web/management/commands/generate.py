"""``ventila generate --cases N``: add N synthetic cases of fictitious people (issue 14; see
:mod:`ventila.web.generate` and bench/README.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ventila.accounts.models import User
from ventila.accounts.twofactor import demo_device
from ventila.bodies.models import Body
from ventila.web.generate import GenerateRefused, generate
from ventila.web.management.commands.demo import USERS
from ventila.web.management.commands.demo import Command as Demo


def demo_staff() -> tuple[Body, Body]:
    """The demo's two bodies, their members and the demo users (with their second factor), without
    the demo's cases."""
    demo = Demo()
    passwords = demo._passwords()
    camara, municipal = demo._bodies()
    demo._users(camara, municipal, passwords)
    for username, *_rest in USERS:
        demo_device(User.objects.get(username=username))
    return camara, municipal


class Command(BaseCommand):
    help = (
        "Añade N expedientes sintéticos para las pruebas de rendimiento: personas ficticias (nombres "
        "inventados), en los dos cuerpos de demostración, con anotaciones que el reglamento acepta, "
        "escritos en bloque y derivados por la derivación real. Se niega a mezclarlos con expedientes "
        "reales salvo con --force."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--cases", type=int, required=True, help="Cuántos expedientes añadir.")
        parser.add_argument("--seed", type=int, default=14, help="Semilla del azar (por omisión 14).")
        parser.add_argument("--batch", type=int, default=500, help="Expedientes por transacción (por omisión 500).")
        parser.add_argument(
            "--force", action="store_true", help="Añadirlos aunque la base de datos tenga expedientes reales."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["cases"] < 1 or options["batch"] < 1:
            raise CommandError("--cases y --batch deben ser números positivos.")
        try:
            report = generate(
                options["cases"],
                seed=options["seed"],
                batch=options["batch"],
                force=options["force"],
                setup_demo=demo_staff,
                progress=lambda line: self.stdout.write(f"  {line}"),
            )
        except GenerateRefused as exc:
            raise CommandError(str(exc)) from None
        bodies = ", ".join(f"{slug}: {n}" for slug, n in sorted(report.by_body.items()))
        self.stdout.write(
            f"Generados {report.cases} expedientes sintéticos ({bodies}) con {report.entries} anotaciones en "
            f"{report.seconds:.1f} s (derivación: {report.derive_seconds:.1f} s; actos que el reglamento "
            f"rechazó y acortaron un expediente: {report.refused})."
        )
