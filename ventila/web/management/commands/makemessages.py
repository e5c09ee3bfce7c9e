"""``ventila makemessages``: Django's command, with the rulebooks' words (issue 28: one translation pipeline).

The rulebooks import no Django, so their words — ``ventila.rules.rulebooks.rulebook_words``: the
vocabulary's labels, kind and event titles, form hints, every ``Msg("…")`` template, the public form's
words — are no ``_()`` calls for xgettext to find. While it runs, this command writes them as
``gettext_noop`` calls into one source file that it scans with the rest (``locale/rulebook_words.py``,
removed when it is done): the catalogue holds every one of them, msgmerge keeps their translations, none
is marked obsolete, and nothing is to be run after it. Nothing is copied by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.commands import makemessages

from ventila.rules.rulebooks import rulebook_words

WORDS_FILE = "rulebook_words.py"


def words_source() -> str:
    """The rulebooks' words as a Python source of ``gettext_noop`` calls, one a line, sorted."""
    lines = [
        '"""Written by ``ventila makemessages`` while it runs (the rulebooks\' words), then removed."""',
        "from django.utils.translation import gettext_noop",
        "",
    ]
    lines += [f"gettext_noop({word!r})" for word in sorted(rulebook_words())]
    return "\n".join(lines) + "\n"


class Command(makemessages.Command):
    help = makemessages.Command.help + " Con las palabras de los reglamentos (ventila.rules)."

    generated: Path | None = None

    def find_files(self, root: str) -> list[Any]:
        files = list(super().find_files(root))
        if self.domain != "django":
            return files
        locale = Path(settings.LOCALE_PATHS[0])
        self.generated = locale / WORDS_FILE
        files = [f for f in files if Path(f.path).resolve() != self.generated.resolve()]  # one left behind
        self.generated.write_text(words_source(), encoding="utf-8")
        files.append(self.translatable_file_class(str(locale), WORDS_FILE, str(locale)))
        return sorted(files)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            super().handle(*args, **options)
        finally:
            if self.generated is not None:
                self.generated.unlink(missing_ok=True)
