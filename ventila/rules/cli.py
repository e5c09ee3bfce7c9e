"""``ventila deadlines``: evaluate a case scenario (JSON in) into its terms (JSON out).

The contract is ``docs/deadlines-contract.md``. Exit 0 when the scenario was evaluated (findings
included); exit 2 with one line on stderr naming the field at fault when the input is unusable.
Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .engine import Evaluation, InputError, evaluate
from .explain import explain


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


def run_deadlines(
    argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr
) -> int:
    parser = argparse.ArgumentParser(
        prog="ventila deadlines",
        description="Evalúa los términos de un caso a partir de sus eventos (JSON).",
    )
    parser.add_argument("file", nargs="?", help="archivo JSON (por omisión, la entrada estándar)")
    parser.add_argument("--explain", action="store_true", help="texto legible en español en vez de JSON")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    try:
        data = _load(args.file, stdin)
        result: Evaluation = evaluate(data)
    except InputError as exc:
        stderr.write(f"ventila deadlines: {exc}\n")
        return 2
    except RecursionError:
        stderr.write("ventila deadlines: (raíz): la entrada está anidada demasiado profundo\n")
        return 2
    if args.explain:
        stdout.write(explain(result))
    else:
        json.dump(result.to_json(), stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
    return 0
