"""The ``ventila`` command.

``ventila deadlines`` and ``ventila conduct`` are the rules engine and need no database. Every other subcommand is a
Django management command of the web app (``ventila migrate``, ``ventila runserver`` …).
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "deadlines":
        from ventila.rules.cli import run_deadlines

        return run_deadlines(args[1:])
    if args and args[0] == "conduct":  # not "check": that is Django's system check (ventila check --deploy)
        from ventila.rules.cli import run_check

        return run_check(args[1:])
    if args and args[0] == "rules-doc":
        from ventila.rules.reference import main as rules_doc

        return rules_doc(args[1:])
    if not args or args[0] in ("-h", "--help"):
        print(
            "uso: ventila deadlines [--explain] [ARCHIVO]\n"
            "     ventila conduct [--explain] [ARCHIVO]\n"
            "     ventila rules-doc [--check]\n"
            "     ventila <orden de la aplicación web> (migrate, runserver, demo …)"
        )
        return 0
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
    try:
        from django.core.management import execute_from_command_line
    except ImportError:  # pragma: no cover - Django is a dependency
        print("ventila: falta Django; instale las dependencias (./run setup)", file=sys.stderr)
        return 2
    execute_from_command_line(["ventila", *args])
    return 0


if __name__ == "__main__":
    sys.exit(main())
