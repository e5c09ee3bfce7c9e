"""The engine's texts as catalogue messages: a Spanish template and its values, not a finished string.

The rules package speaks Spanish (its CLI, ``docs/``, the reference) and imports no Django, yet the
web app shows the same texts — the "why this date" trace, a term's unit — in the reader's language.
So a text the web app shows is built as a :class:`Msg`: the template is the Spanish msgid (with
``%(name)s`` placeholders, as gettext's Python format), the values are kept apart, each with what it
is:

- ``str`` — a word of the rulebook (an act's title, a holiday, a start label): translated too;
- :class:`Raw` — an identifier or citation shown as it is (``CAM-21B-02``, ``Sec. 21(b)``);
- :class:`Typed` — what a person typed (a suspension's reason): shown as typed, never translated;
- :class:`Quote` — the law's words: always Spanish;
- ``int``, ``dt.date``, ``dt.datetime`` — formatted in the reader's language;
- :class:`Msg` — a part of the sentence that is itself a message;
- a ``tuple`` of these — a list, joined by commas (:func:`joined` for another separator).

Every finding (``terms.Finding``) is a message: ``tests/rules/test_findings_translatable.py`` reads
this package's source and fails on a finding written as a plain or f-string, or a value that is
already Spanish text (``format_date_es(…)``, ``"; ".join(…)``).

``str(msg)`` / :meth:`Msg.es` is the Spanish text the engine always printed (the CLI's output is
unchanged); :meth:`Msg.to_json` is the stored form the web layer translates with gettext.
The templates are collected for the catalogue from the source (:func:`source_templates`: every
``Msg("…")`` with a literal template in this package), with the rulebooks' other words.
"""

from __future__ import annotations

import ast
import datetime as dt
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Union

from .calendar import format_date_es, format_datetime_es


@dataclass(frozen=True, slots=True)
class Raw:
    """An identifier or a citation: the same in every language."""

    text: str


@dataclass(frozen=True, slots=True)
class Typed:
    """What a person typed: shown as typed, in no catalogue."""

    text: str


@dataclass(frozen=True, slots=True)
class Quote:
    """The law's words, quoted: Spanish in every language."""

    text: str


Value = Union[str, int, dt.date, dt.datetime, Raw, Typed, Quote, "Msg", tuple[Any, ...]]


class Msg:
    """A Spanish template (the catalogue's msgid) and its values. Immutable and hashable (a trace's
    inputs are compared to skip rewriting unchanged rows)."""

    __slots__ = ("params", "template")

    template: str
    params: tuple[tuple[str, Value], ...]

    def __init__(self, template: str, /, **params: Value) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "params", tuple(params.items()))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Msg is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.template, self.params) == (other.template, other.params)

    def __hash__(self) -> int:
        return hash((self.template, self.params))

    def __repr__(self) -> str:
        return f"Msg({self.template!r}, {dict(self.params)!r})"

    def having(self, **params: Value) -> Msg:
        """This message with ``params`` added before its own values (what a helper fills in: the act, its day)."""
        return Msg(self.template, **params, **dict(self.params))

    def es(self) -> str:
        """The Spanish text."""
        if not self.params:
            return self.template
        return self.template % {k: _es(v) for k, v in self.params}

    __str__ = es

    def __bool__(self) -> bool:
        return bool(self.template)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.template}
        if self.params:
            out["p"] = {k: _encode(v) for k, v in self.params}
        return out


def _es(v: Value) -> str:
    if isinstance(v, str):
        return v
    if isinstance(v, Msg):
        return v.es()
    if isinstance(v, (Raw, Typed, Quote)):
        return v.text
    if isinstance(v, tuple):
        return ", ".join(_es(x) for x in v)
    if isinstance(v, dt.datetime):
        return format_datetime_es(v)
    if isinstance(v, dt.date):
        return format_date_es(v)
    return str(v)


def _encode(v: Value) -> Any:
    """A value as JSON: a word ``{"w"}``, raw ``{"r"}``, typed ``{"u"}``, quoted ``{"q"}``, a date
    ``{"d"}`` or moment ``{"m"}`` (ISO), a number as itself, a message as its own object."""
    if isinstance(v, str):
        return {"w": v}
    if isinstance(v, Msg):
        return v.to_json()
    if isinstance(v, Raw):
        return {"r": v.text}
    if isinstance(v, Typed):
        return {"u": v.text}
    if isinstance(v, Quote):
        return {"q": v.text}
    if isinstance(v, tuple):
        return {"l": [_encode(x) for x in v]}
    if isinstance(v, dt.datetime):
        return {"m": v.isoformat()}
    if isinstance(v, dt.date):
        return {"d": v.isoformat()}
    return v


def joined(items: Sequence[Value], separator: str = "; ") -> Msg:
    """A list of values joined by ``separator`` (a ``tuple`` value joins with commas): a message whose
    template is only the placeholders and separators, so it needs no translation of its own."""
    template = separator.replace("%", "%%").join(f"%(i{n})s" for n in range(len(items)))
    return Msg(template, **{f"i{n}": v for n, v in enumerate(items)})


def money_text(value: Decimal) -> str:
    """An amount in dollars, ``$1,234.56`` (the same in English); an exact amount with more decimals keeps
    them — the Sec. 11(A) cap of ``$25,699.856``, which rounded to the cent would read as equal to a
    compensation that exceeds it."""
    exponent = value.normalize().as_tuple().exponent
    places = max(2, -exponent) if isinstance(exponent, int) else 2
    return f"${value:,.{places}f}"


def text_es(value: str | Msg) -> str:
    """A text that may be a message, in Spanish."""
    return value.es() if isinstance(value, Msg) else value


# The calls whose literal argument (by position) is a text the web app shows translated: a message's
# template, and the message of a public filing form's check (``FormProblem(field, rule, message)``,
# and a rulebook's ``need(field, rule, message)`` helper that builds one).
# A finding's literal message (``add_finding(id, rule, message)``) is shown translated too, and so is
# what a missed term was for (the municipal ``term_missed(ctx, deadline, what)``).
# An act form's hints (``engine.FieldHint``, ``DetailField``, ``FieldError``): a detail's label and an
# error's text by position, the rest by keyword, and the literal values of their ``params`` (translated
# one by one when shown, ``cases.evaluation.rulebook_text``).
_TEXT_ARGUMENT = {
    "Msg": 0,
    "FormProblem": 2,
    "need": 2,
    "add_finding": 2,
    "term_missed": 2,
    "DetailField": 0,
    "FieldError": 0,
}
_TEXT_KEYWORDS = {
    "FieldHint": ("help", "label", "required_message"),
    "DetailField": ("label", "help", "required_message"),
    "FieldError": ("text",),
}
_PARAMS = {"FieldHint": None, "FieldError": 1}
_RULE_ID = re.compile(
    r"[A-Z]{2,4}(?:-[0-9A-Z]+)+\Z"
)  # a rule ID passed as a value: no word to translate  # where the params are: by keyword, or this position too


@functools.cache
def source_templates() -> frozenset[str]:
    """Every literal template of a ``Msg("…")`` call (and message of a form check) in this package's
    source, and each text of an act form's hints: the msgids the catalogue needs beside the ``_()`` calls
    (``ventila makemessages`` collects them through ``rulebooks.rulebook_words``)."""
    out: set[str] = set()
    for path in sorted(Path(__file__).resolve().parent.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            position = _TEXT_ARGUMENT.get(name)
            if position is not None and len(node.args) > position:
                out.update(_literals(node.args[position]))
            keywords = _TEXT_KEYWORDS.get(name, ())
            out.update(t for k in node.keywords if k.arg in keywords for t in _literals(k.value))
            if name in _PARAMS:
                at = _PARAMS[name]
                params = [k.value for k in node.keywords if k.arg == "params"]
                params += [node.args[at]] if at is not None and len(node.args) > at else []
                for arg in params:
                    if isinstance(arg, ast.Dict):
                        out.update(t for v in arg.values for t in _literals(v) if t and not _RULE_ID.match(t))
    return frozenset(out)


def _literals(arg: ast.expr) -> list[str]:
    """The texts an argument can be: a literal, or either branch of ``a if … else b``."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value]
    if isinstance(arg, ast.IfExp):
        return _literals(arg.body) + _literals(arg.orelse)
    return []
