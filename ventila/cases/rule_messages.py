"""The engine's stored messages (``ventila.rules.i18n.Msg`` as JSON: a term's "why this date" trace)
in the reader's language.

The template is the Spanish msgid, translated with gettext; a value that is a rulebook word (an act's
title, a holiday, a start label) is translated too, the law's quotations are marked ``lang="es"``,
what a person typed ``translate="no"``, dates are written in the reader's language. Every look-up is
cached per process and language (the catalogue does not change while it runs): a case page shows a
few dozen lines, each a handful of dictionary look-ups.
"""

from __future__ import annotations

import datetime as dt
import functools
import html
import json
import re
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, override
from django.utils.translation import gettext as _

from ventila.rules import PR_TZ
from ventila.rules.calendar import format_date_es, format_datetime_es
from ventila.rules.i18n import Msg
from ventila.rules.plain import for_users
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.terms import UNIT_ES, Finding, Term
from ventila.rules.vocabulary import DEADLINE_ES, mid_sentence


def _language() -> str:
    return get_language() or settings.LANGUAGE_CODE


def _spanish(language: str) -> bool:
    return language.startswith("es")


@functools.cache
def _lowered_titles(language: str) -> dict[str, str]:
    """An act's title as the engine writes it inside a trace (lower case, ``engine._titles``) → its
    translation, as read mid-sentence."""
    out: dict[str, str] = {}
    with override(language):
        for rulebook in RULEBOOKS.values():
            for kind in rulebook.kinds.values():
                for spec in kind.events.values():
                    out.setdefault(spec.title.lower(), mid_sentence(_(spec.title)))
        for label in DEADLINE_ES.values():  # a term's name inside a finding («El informe anual venció …»)
            out.setdefault(label.lower(), mid_sentence(_(label)))
    return out


@functools.cache
def _word(word: str, language: str) -> str:
    """A rulebook word or literal message in ``language``, without the developers' cross-references
    (``ventila.rules.plain.for_users``)."""
    if _spanish(language):
        return for_users(word)
    with override(language):
        translated = _(word)
    if translated != word:
        return for_users(translated)
    return for_users(_lowered_titles(language).get(word, word))


_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def _plain_template(template: str) -> str:
    """``for_users`` of a template, its ``%(name)s`` placeholders kept whole (they look like the
    snake_case ids ``for_users`` removes)."""
    holes = _PLACEHOLDER.findall(template)
    if not holes:
        return for_users(template)
    masked = _PLACEHOLDER.sub("\x00", template)
    out = for_users(masked)
    if out.count("\x00") != len(holes):  # a placeholder inside a removed reference: keep the template
        return template
    pieces = out.split("\x00")
    return "".join(piece + hole for piece, hole in zip(pieces, [*holes, ""], strict=True))


@functools.cache
def _template(template: str, language: str) -> str:
    if not template or _spanish(language):  # (gettext of "" is the catalogue's header)
        return _plain_template(template)
    with override(language):
        return _plain_template(_(template))


def _date(day: dt.date, language: str) -> str:
    """The day as ``long_date`` writes it (``lunes, 1 de marzo de 2027``; ``Monday, March 1, 2027``)."""
    return format_date_es(day) if _spanish(language) else day.strftime("%A, %B %-d, %Y")


def long_date_in(day: dt.date) -> str:
    """``day`` as ``long_date`` writes it, in the active language."""
    return _date(day, _language())


def _moment(moment: dt.datetime, language: str) -> str:
    local = moment.astimezone(PR_TZ)
    return format_datetime_es(local) if _spanish(language) else f"{_date(local.date(), language)} at {local:%H:%M}"


def _value(v: Any, language: str) -> str:
    """A value as HTML (escaped)."""
    if isinstance(v, dict):
        if "t" in v:
            return _render(v, language)
        if "w" in v:
            return html.escape(_word(v["w"], language))
        if "r" in v:
            return html.escape(for_users(v["r"]))
        if "u" in v:
            return f'<span translate="no">{html.escape(v["u"])}</span>'
        if "q" in v:
            return f'<span lang="es">{html.escape(v["q"])}</span>'
        if "d" in v:
            return html.escape(_date(dt.date.fromisoformat(v["d"]), language))
        if "m" in v:
            return html.escape(_moment(dt.datetime.fromisoformat(v["m"]), language))
        if "l" in v:
            return ", ".join(_value(x, language) for x in v["l"])
    return html.escape(str(v))


def _render(m: dict[str, Any], language: str) -> str:
    template = html.escape(_template(m["t"], language), quote=False)
    params = m.get("p")
    if not params:
        return template
    try:
        return template % {k: _value(v, language) for k, v in params.items()}
    except (KeyError, ValueError, TypeError):  # a translation that lost a placeholder: the Spanish, whole
        return html.escape(m["t"], quote=False) % {k: _value(v, language) for k, v in params.items()}


def render_message(m: dict[str, Any]) -> SafeString:
    """One stored message as HTML in the active language."""
    # The template is escaped, every value escaped or marked up above.
    return mark_safe(_render(m, _language()))  # nosec B308 B703


def finding_html(finding: Finding) -> SafeString:
    """A finding as a refusal says it, in the active language: its message (rule id, citation)."""
    return format_html("{} ({}, {})", render_message(finding.msg.to_json()), finding.rule.id, finding.rule.citation)


def joined_html(parts: Sequence[str]) -> SafeString:
    """Texts joined by spaces into one HTML text: the ones already HTML (``finding_html``) as they
    are, the others escaped."""
    return mark_safe(" ".join(conditional_escape(p) for p in parts))  # nosec B308 B703 (each part escaped)


def plain_html(text: str) -> str:
    """A text that may be HTML (``finding_html``) as plain text, for a report or a terminal."""
    return html.unescape(_strip(text)) if isinstance(text, SafeString) else text


def message_text(message: Msg) -> str:
    """A message (``Msg``) as plain text in the active language."""
    return plain_text(message.to_json(), _language())


def spanish_text(m: dict[str, Any]) -> str:
    """One stored message as the plain Spanish text the engine prints."""
    return plain_text(m, "es")


def _strip(markup: str) -> str:
    return re.sub(r"<[^>]+>", "", markup)


def encode_messages(messages: list[Any]) -> str:
    """Messages (``Msg``) as the stored JSON text."""
    return json.dumps([m.to_json() for m in messages], ensure_ascii=False, separators=(",", ":"))


def encode_message(message: Any) -> str:
    """One message (``Msg``) as the stored JSON text (an object: a stored plain text never starts with «{»)."""
    return json.dumps(message.to_json(), ensure_ascii=False, separators=(",", ":"))


def stored_text(stored: str) -> str:
    """A stored text that may be one message (``encode_message``), as HTML in the active language."""
    if stored.startswith("{"):
        return render_message(json.loads(stored))
    language = _language()
    text = _word(stored, language)  # a rulebook's literal message is in the catalogue
    if not _spanish(language) and text == for_users(stored):  # not translated: Spanish, marked so (issue 29)
        return f'<span lang="es">{html.escape(text)}</span>'
    return html.escape(text)


def stored_text_es(stored: str) -> str:
    """The same, as the plain Spanish text."""
    return spanish_text(json.loads(stored)) if stored.startswith("{") else stored


def decode_messages(stored: str) -> list[dict[str, Any]] | None:
    """The stored JSON's messages, or None for a text stored before messages were (plain Spanish lines)."""
    if not stored.startswith("["):
        return None
    return list(json.loads(stored))


_UNITS = {es: unit for unit, es in UNIT_ES.items()}


@functools.cache
def _term_label(term: str, language: str) -> str:
    amount, _sep, unit = term.partition(" ")
    if _spanish(language) or not amount.isdigit() or unit not in _UNITS:
        return term
    return plain_text(Term(int(amount), _UNITS[unit]).msg().to_json(), language)  # type: ignore[arg-type]  # a unit of UNIT_ES


def plain_text(m: dict[str, Any], language: str) -> str:
    """A message as plain text in ``language``."""
    return html.unescape(_strip(_render(m, language)))


def term_label(term: str) -> str:
    """A stored term («15 días laborables», ``Term.es()``) in the active language."""
    return _term_label(term, _language())
