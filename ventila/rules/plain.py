"""Rulebook texts as users read them: without the developers' cross-references.

The rulebooks' summaries, hints and messages cite, for whoever maintains the code, the open point of
the text they settle and the setting that switches the reading («ambigüedad 17, ajuste
term_start», «A-3», «decisión 4»; ``docs/decisions.md`` explains each, and the generated reference
links them). A clerk, a commissioner or a party has no use for them: :func:`for_users` removes them
from a text, with whatever parenthesis they leave empty, and keeps everything else — the citation of
the law («¶2», «Sec. 21(b)») included. Pages, documents and e-mails show rulebook texts through it.
"""

from __future__ import annotations

import functools
import re

# One cross-reference: an ambiguity or decision of docs/decisions.md, a setting ("ajuste x"), a
# snake_case identifier (a setting, a finding or an event id), and the words that join them.
_REFERENCE = (
    r"(?:MUN\s+)?(?:[Aa]mbig[uü]edad(?:es)?|[Aa]mbiguit(?:y|ies)|Amb\.)\s*\d+(?:\s*(?:y|and|,)\s*\d+)*"
    r"|(?<![\w-])A-\d+"
    r"|[Dd]ecisi(?:ó|o)n(?:es)?\s+\d+"
    r"|(?:[Aa]juste|[Ss]etting)s?\s+`?[a-z][a-z0-9]*(?:_[a-z0-9]+)*`?"
    r"|`?«?[a-z][a-z0-9]*(?:_[a-z0-9]+)+»?`?"
    r"|[Aa]nula(?:\s+la|\s+el)?|[Oo]verrides(?:\s+the)?|[Vv]éase|[Ss]ee"
    r"|[/,;:]|\by\b|\band\b"
)
_ONLY_REFERENCES = re.compile(rf"^\s*(?:(?:{_REFERENCE})\s*)+$")
# A part of a parenthesis: what lies between its separators.
_SEPARATOR = re.compile(r"(\s*[,;:/]\s*)")
_PARENTHESIS = re.compile(r"\s*\(([^()]*)\)")
# A reference left outside a parenthesis, at the end of a sentence or clause («…, ambigüedad 6.»).
_TRAILING = re.compile(
    r"[,;:]?\s*(?:(?:MUN\s+)?(?:[Aa]mbig[uü]edad|[Aa]mbiguity)\s*\d+|(?<![\w-])A-\d+|[Dd]ecisi(?:ó|o)n\s+\d+)"
    r"(?:\s*,\s*(?:[Aa]juste|[Ss]etting)\s+`?[a-z][a-z0-9_]*`?)?(?=\s*[.;)]|\s*$)"
)


def _parenthesis(match: re.Match[str]) -> str:
    inner = match.group(1)
    if _ONLY_REFERENCES.match(inner):
        return ""
    pieces = _SEPARATOR.split(inner)
    kept: list[str] = []
    for i in range(0, len(pieces), 2):
        part = pieces[i]
        separator = pieces[i - 1] if i else ""
        if part.strip() and _ONLY_REFERENCES.match(part):
            continue
        kept.append(separator if kept else "")
        kept.append(part)
    text = "".join(kept).strip()
    leading = match.group(0)[: len(match.group(0)) - len(match.group(0).lstrip())]
    return f"{leading}({text})" if text else ""


@functools.lru_cache(maxsize=4096)
def for_users(text: str) -> str:
    """``text`` without the developers' cross-references (see the module's docstring).

    >>> for_users("Sigue en el cargo (el término empieza al tomar posesión, ambigüedad 17, ajuste term_start).")
    'Sigue en el cargo (el término empieza al tomar posesión).'
    >>> for_users("Debe notificarse también a: el querellante (ambigüedad 16).")
    'Debe notificarse también a: el querellante.'
    """
    if not text:
        return text
    out = _PARENTHESIS.sub(_parenthesis, text)
    out = _TRAILING.sub("", out)
    return out


def has_internal_reference(text: str) -> list[str]:
    """The developers' markers ``text`` still holds (a test's check of what a page shows)."""
    return INTERNAL_MARKER.findall(text)


# What no page, document or e-mail may show: an ambiguity or decision of docs/decisions.md, a
# setting named as such, or a snake_case identifier.
INTERNAL_MARKER = re.compile(
    r"[Aa]mbig[uü]edad(?:es)?\s*\d+|[Aa]mbiguit(?:y|ies)\s*\d+|(?<![\w-])A-\d+\b|[Dd]ecisi(?:ó|o)n\s+\d+\b"
    r"|\b(?:ajuste|setting)\s+[a-z]+_[a-z_]+|(?<![\w/.-])[a-z]+(?:_[a-z0-9]+)+(?![\w/.-])"
)
