"""Fold a JSON object {Spanish msgid: English msgstr} into ``en/LC_MESSAGES/django.po`` (Babel).

For porting a branch that still added its translations to the old ``locale/en_translations.json``:

    git show BRANCH:locale/en_translations.json > /tmp/en.json
    .venv/bin/python locale/merge_json.py /tmp/en.json && .venv/bin/python locale/compile.py

An msgid already in the catalogue gets the JSON's text; a new one is added (with no source
reference: run ``makemessages`` afterwards to add them). Prints what it added and changed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

PO = Path(__file__).resolve().parent / "en" / "LC_MESSAGES" / "django.po"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("uso: locale/merge_json.py TRADUCCIONES.json", file=sys.stderr)
        return 2
    pairs: dict[str, str] = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    with PO.open("rb") as f:
        catalog = read_po(f, locale="en")
    added = changed = 0
    for msgid, msgstr in pairs.items():
        message = catalog.get(msgid)
        if message is None:
            catalog.add(msgid, msgstr)
            added += 1
        elif message.string != msgstr:
            message.string = msgstr
            message.flags.discard("fuzzy")
            changed += 1
    with PO.open("wb") as f:
        write_po(f, catalog, width=0, sort_output=False)
    print(f"{added} añadidas, {changed} cambiadas → {PO}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
