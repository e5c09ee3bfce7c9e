"""What a page shows in English mode that is still Spanish.

A page's visible text (text nodes, and the ``title``, ``alt``, ``aria-label`` and ``placeholder`` a
person or a screen reader meets) is collected outside ``<script>``/``<style>`` and outside any element
marked as not the page's language: ``lang="es"`` (the law's quotations, issued documents) or
``translate="no"`` (what people typed: names, facts, notes). Each piece is checked two ways:

- against the catalogue: a text that is, or contains, a Spanish msgid whose English translation
  exists was not translated (a template or a view printed the msgid, or a stored Spanish text);
- against Spanish markers: ``¿ ¡ ñ``, accented vowels, «ción», and Spanish function words as whole
  words (del, los, las, para, que …), for the strings no catalogue knows.

Inside ``<title>`` and ``<option>``, which cannot hold a marked ``<span>``, the data the test knows
(people's names, offices, bodies' names, cases' titles: ``data``) is taken out of the text first.

Shared by the HTTP walk (``test_english.py``) and the browser check (``tests/e2e``).
"""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[2] / "locale" / "en" / "LC_MESSAGES" / "django.po"

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_ATTRS = ("title", "alt", "aria-label", "placeholder")
_SPACE = re.compile(r"\s+")

SPANISH_MARKERS = re.compile(
    r"[¿¡ñÑáéíóúÁÉÍÓÚ]|ción\b|\b(?:del|los|las|para|que|una|por|desde|hasta|sobre|entre|cuando)\b",
    re.IGNORECASE,
)


class _Visible(HTMLParser):
    """The visible texts of a page, outside elements in another language or not to be translated."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden-from-the-check)
        self.texts: list[str] = []
        self.plain: set[int] = set()  # indexes of texts in <title> or <option> (no markup possible)

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        lang = (a.get("lang") or "").lower()
        hidden = (
            self._hidden()
            or tag in ("script", "style", "template")
            or lang.startswith("es")
            or a.get("translate") == "no"
            or (tag == "input" and a.get("type") == "hidden")
        )
        if not hidden:
            for name in _ATTRS:
                if a.get(name):
                    self.texts.append(str(a[name]))
            if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
                self.texts.append(str(a["value"]))
        if tag in _VOID:
            return
        self.stack.append((tag, hidden))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        for i in range(len(self.stack) - 1, -1, -1):  # tolerate unclosed <p>/<li>: pop up to the match
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not self._hidden():
            text = _SPACE.sub(" ", data).strip()
            if text:
                if self.stack and self.stack[-1][0] in ("title", "option"):
                    self.plain.add(len(self.texts))
                self.texts.append(text)


def visible_texts(html: str, data: frozenset[str] = frozenset()) -> list[str]:
    """The page's visible texts; in ``<title>`` and ``<option>``, without the known ``data``."""
    parser = _Visible()
    parser.feed(html)
    parser.close()
    if not data:
        return parser.texts
    ordered = sorted(data, key=len, reverse=True)
    out = []
    for i, text in enumerate(parser.texts):
        if i in parser.plain:
            for value in ordered:
                if value in text:
                    text = text.replace(value, " ")
            text = _SPACE.sub(" ", text).strip()
        out.append(text)
    return out


@functools.cache
def _catalogue() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The Spanish msgids that have an English translation different from them: whole texts (to
    compare a text node with) and, for the longer ones, patterns (placeholders as wildcards) to find
    inside a longer text."""
    with PO.open("rb") as f:
        catalog = read_po(f, locale="en")
    whole: set[str] = set()
    inside: list[str] = []
    for m in catalog:
        if not m.id or isinstance(m.id, tuple) or not m.string or m.string == m.id:
            continue
        msgid = _SPACE.sub(" ", m.id).strip()
        parts = re.split(r"%\(\w+\)[sdf]|%[sd]|\{\w*\}", msgid)
        literal = max(parts, key=len).strip()
        if len(parts) == 1:
            whole.add(msgid)
        elif sum(c.isalpha() for c in "".join(parts)) >= 5:
            # A template printed untranslated, its values filled in: the whole text is the template
            # with anything in place of each placeholder («Vence: Monday, March 1, 2027.»).
            inside.append(
                "^"
                + ".+?".join(re.escape(p.strip() if i in (0, len(parts) - 1) else p) for i, p in enumerate(parts))
                + "$"
            )
        # Long enough, and Spanish enough, not to match English words by chance («Sec.», «Total»).
        if len(literal) >= 14 and " " in literal and SPANISH_MARKERS.search(literal):
            inside.append(re.escape(literal))
    patterns = tuple(re.compile("|".join(inside[i : i + 200])) for i in range(0, len(inside), 200))
    return frozenset(whole), patterns


def spanish_in(texts: list[str]) -> list[str]:
    """The texts that are still Spanish, each with why."""
    whole, patterns = _catalogue()
    out = []
    for text in texts:
        if text in whole:
            out.append(f"{text!r} (catalogue msgid printed untranslated)")
            continue
        hit = next((m.group(0) for p in patterns if (m := p.search(text))), None)
        if hit == text:
            out.append(f"{text!r} (a catalogue msgid printed untranslated, its values filled in)")
        elif hit:
            out.append(f"{text!r} (contains the msgid {hit!r})")
        elif m := SPANISH_MARKERS.search(text):
            out.append(f"{text!r} (Spanish marker {m.group(0)!r})")
    return out


def known_data() -> frozenset[str]:
    """What the world's people typed or its register holds, which ``<title>`` and ``<option>`` show
    without markup: names of people, offices, bodies and parties, and cases' titles."""
    from ventila.accounts.models import User
    from ventila.bodies.models import Body, OfficeTerm, Person
    from ventila.cases.models import Case, Party

    values: set[str] = set()
    values.update(str(p) for p in Person.objects.all())
    values.update(OfficeTerm.objects.values_list("title", flat=True))
    values.update(OfficeTerm.objects.values_list("municipality", flat=True))
    for name, short in Body.objects.values_list("name", "short_name"):
        values.update((name, short))
    values.update(Case.objects.values_list("caption", flat=True))
    values.update(Party.objects.values_list("name", flat=True))
    values.update(Party.objects.values_list("office", flat=True))
    values.update(u.get_full_name() for u in User.objects.all())
    return frozenset(v for v in values if v and len(v) > 2)
