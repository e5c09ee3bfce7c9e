"""``ventila deadlines``: evaluate a case scenario (JSON in) into its terms (JSON out); ``ventila conduct``:
the norms of conduct outside a case (``ventila.rules.check``).

The contract of both is ``docs/deadlines-contract.md``. Exit 0 when the scenario was evaluated (findings
included); exit 2 with one line on stderr naming the field at fault when the input is unusable.
Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .check import check
from .engine import InputError, evaluate
from .explain import explain, explain_check


def _load(path: str | None, stdin: TextIO) -> Any:
    where = path or "(entrada estándar)"
    try:
        if path is None or path == "-":
            text = stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise InputError("FILE", f"no se puede leer {where}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise InputError("FILE", f"{where} no está en UTF-8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError("(raíz)", f"JSON inválido en la línea {exc.lineno}, columna {exc.colno}: {exc.msg}") from None


def _deadlines(data: Any, readable: bool) -> Any:
    return explain(evaluate(data)) if readable else evaluate(data).to_json()


def _check(data: Any, readable: bool) -> Any:
    return explain_check(check(data)) if readable else check(data)


# Each command: its name, what it does, and its answer to the parsed JSON (text with --explain).
COMMANDS: dict[str, tuple[str, Callable[[Any, bool], Any]]] = {
    "ventila deadlines": ("Evalúa los términos de un caso a partir de sus eventos (JSON).", _deadlines),
    "ventila conduct": (
        "Verifica las normas de conducta (regalos, aviso de citaciones, nepotismo, normas por cargo) y el "
        "término de un miembro de un cuerpo (JSON).",
        _check,
    ),
}


def run_deadlines(
    argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr
) -> int:
    """``ventila deadlines``: a case's terms from its docket."""
    return _run("ventila deadlines", argv, stdin, stdout, stderr)


def run_check(
    argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr
) -> int:
    """``ventila conduct``: the norms of conduct outside a case (gifts, a summons' notice, nepotism, norms by role)
    and a member's term of office."""
    return _run("ventila conduct", argv, stdin, stdout, stderr)


def _run(prog: str, argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Read the JSON, answer it (JSON, or text with ``--explain``); exit 2 with one line naming the field."""
    description, work = COMMANDS[prog]
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("file", nargs="?", help="archivo JSON (por omisión, la entrada estándar)")
    parser.add_argument("--explain", action="store_true", help="texto legible en español en vez de JSON")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    try:
        result = work(_load(args.file, stdin), args.explain)
    except InputError as exc:
        stderr.write(f"{prog}: {exc}\n")
        return 2
    except RecursionError:
        stderr.write(f"{prog}: (raíz): la entrada está anidada demasiado profundo\n")
        return 2
    if args.explain:
        stdout.write(result)
    else:
        json.dump(result, stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
    return 0
