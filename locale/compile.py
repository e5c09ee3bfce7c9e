"""Compile every ``locale/<lang>/LC_MESSAGES/django.po`` into its ``django.mo``, with Babel.

The ``.po`` files are the source of the translations (msgids are the Spanish source strings;
Spanish needs no catalogue). The ``.mo`` files are built, never committed: ``./run setup`` (and so
``./run serve`` and ``./run test``) runs this script. Pure Python, no GNU gettext.

    .venv/bin/python locale/compile.py            # compile
    .venv/bin/python locale/compile.py --check    # exit 1 when an entry has no translation

A fuzzy or untranslated entry is not compiled (Django then shows the Spanish) and is listed. A ``.mo`` newer
than its ``.po`` is left as it is (without ``--check``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

HERE = Path(__file__).resolve().parent


def catalogues() -> list[Path]:
    return sorted(HERE.glob("*/LC_MESSAGES/django.po"))


def load(po: Path) -> Catalog:
    with po.open("rb") as f:
        return read_po(f, locale=po.parent.parent.name, abort_invalid=True)


def untranslated(catalog: Catalog) -> list[str]:
    return [str(m.id) for m in catalog if m.id and (not m.string or m.fuzzy)]


def compile_all(*, check: bool = False) -> int:
    problems = 0
    for po in catalogues():
        mo = po.with_suffix(".mo")
        if not check and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue  # built from this .po already (as make would see it)
        catalog = load(po)
        missing = untranslated(catalog)
        for msgid in missing:
            print(f"{po.relative_to(HERE.parent)}: sin traducción: {msgid}", file=sys.stderr)
        problems += len(missing)
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as f:
            write_mo(f, catalog)
        tmp.replace(mo)
    return 1 if check and problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when an entry has no translation")
    return compile_all(check=parser.parse_args(argv).check)


if __name__ == "__main__":
    sys.exit(main())
