"""Add to ``en/LC_MESSAGES/django.po`` the rulebooks' words it lacks (``ventila.rules.rulebooks.
rulebook_words``: stage, deadline, kind and event labels …), with an empty translation to fill.

They are not ``_("…")`` calls in the source, so ``makemessages`` does not collect them (and marks
them obsolete, ``#~``): after it, run this script, which also brings obsolete ones back with
their translation. Then fill the empty entries and run ``locale/compile.py`` (or ``./run setup``).

    .venv/bin/python locale/rulebook_words.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from ventila.rules.rulebooks import rulebook_words

PO = Path(__file__).resolve().parent / "en" / "LC_MESSAGES" / "django.po"


def main() -> int:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="en")
    added = restored = 0
    for word in sorted(rulebook_words()):
        if word in catalog:
            continue
        old = catalog.obsolete.pop(word, None)
        catalog.add(
            word,
            old.string if old is not None else "",
            auto_comments=["ventila.rules (rulebook vocabulary)"],
        )
        restored += old is not None
        added += old is None
    with PO.open("wb") as f:
        write_po(f, catalog, width=0)
    print(f"{added} añadidas sin traducir, {restored} recuperadas → {PO}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
