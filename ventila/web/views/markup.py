"""The lists of the busiest pages as HTML, written in one pass: the case page's docket (the
«Expediente» timeline), the work queue's rows and its filters' options.

A docket can hold hundreds of entries and the queue shows 25 rows and 55 stages; through the template
engine each row cost a dozen nodes, translations, URL reversals and date filters (three quarters of
a 200-entry case page's time, two thirds of the queue's). Here the per-row work is string
formatting: every translation is looked up once per page, every URL reversed once (a prefix and a
suffix around the varying part), every date formatted once. The markup is the templates' (they keep
the list around it); values are escaped the way the templates escape them (``conditional_escape``
after ``localize``), translated texts are not (as ``{% translate %}`` leaves them).
"""

from __future__ import annotations

import datetime as dt
import functools
import html
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ventila.cases.labels import DEADLINES, KINDS, STAGES
from ventila.rules import PR_TZ

from ..templatetags.web_tags import days_left, long_date

_SENTINEL = 987654321

_VOCABULARY = {"stages": STAGES, "kinds": KINDS, "deadlines": DEADLINES}


@functools.cache
def _vocabulary_in(name: str, language: str) -> dict[str, str]:
    return {k: str(v) for k, v in _VOCABULARY[name].items()}  # translated into ``language``, active now


def vocabulary(name: str) -> dict[str, str]:
    """``STAGES``, ``KINDS`` or ``DEADLINES`` of ``ventila.cases.labels`` translated into the active
    language, once per process and language (the catalogue does not change while it runs): the
    queue shows 55 stages and three labels a row, each a gettext look-up through a lazy string."""
    return _vocabulary_in(name, get_language() or settings.LANGUAGE_CODE)


class Typed(str):
    """A value of a docket entry that a person typed or the register holds (a name, a reason, a
    court's case, a mail server's answer): shown as it is, marked ``translate="no"``."""

    __slots__ = ()


def url_maker(name: str, key: str, **kwargs: Any) -> Callable[[Any], str]:
    """``{% url name key=… %}`` for many values of ``key``: reversed once, the value put between the
    (escaped) prefix and suffix."""
    head, tail = conditional_escape(reverse(name, kwargs={**kwargs, key: _SENTINEL})).rsplit(str(_SENTINEL), 1)
    return lambda value: f"{head}{value}{tail}"


def _v(value: Any) -> str:
    """``{{ value }}`` with autoescape on (Django's ``escape`` is ``html.escape`` of the text)."""
    kind = type(value)
    if kind is str:
        return html.escape(value)
    if kind is int and not settings.USE_THOUSAND_SEPARATOR:  # what ``localize`` gives an int then
        return str(value)
    return conditional_escape(localize(value))


def _lines(value: Any) -> str:
    """``{{ value|linebreaksbr }}``: a plain text's lines, escaped, joined by ``<br>``."""
    if type(value) is str:
        return html.escape(value.replace("\r\n", "\n").replace("\r", "\n")).replace("\n", "<br>")
    return linebreaksbr(value)


class _Moments:
    """``|moment`` and ``|long_date``, each day formatted once per page."""

    def __init__(self) -> None:
        self.days: dict[dt.date, str] = {}

    def day(self, day: dt.date) -> str:
        text = self.days.get(day)
        if text is None:
            text = self.days[day] = long_date(day)
        return text

    def moment(self, value: dt.datetime, has_time: bool = True) -> str:
        local = value.astimezone(PR_TZ)
        text = self.day(local.date())
        return f"{text}, {local:%H:%M}" if has_time else text


def render_timeline(case_number: str, rows: Iterable[dict[str, Any]], *, can_correct: bool) -> SafeString:
    """The ``<li>`` items of the timeline, newest first: one line per entry (date, act, who recorded
    it), its details behind a ``<details>``; the attempts to serve a document and its receipts
    (``row["service"]``) folded under the entry of the document's issue, a line each."""
    t = {
        "seq": _("anotación n.º %(seq)s"),
        "by": _("anotó %(who)s"),
        "corrected": _("Corregida por la anotación n.º %(seq)s: no cuenta para los términos."),
        "corrected_tag": _("Corregida"),
        "corrects": _("Corrige la anotación n.º %(seq)s."),
        "document": _("Documento"),
        "receipt": _("Recibo del documento"),
        "failed": _("El envío falló"),
        "yes": _("Sí"),
        "no": _("No"),
        "roll_call": _("Votación nominal"),
        "carried": _("prevaleció"),
        "not_carried": _("no prevaleció"),
        "count": _("%(y)s a favor, %(n)s en contra; requeridos %(r)s"),
        "recorded": _("Anotado por %(who)s el %(when)s"),
        "correct": _("Corregir esta anotación"),
        "service": _("Notificaciones de este documento"),
        "service_count": _("notificaciones: %(n)s"),
        "service_failed": _("fallidas: %(n)s"),
    }
    document_url = url_maker("documents:document", "doc_id", number=case_number)
    attachment_url = url_maker("web:attachment", "attachment_id", number=case_number)
    correct_url = url_maker("web:correct", "seq", number=case_number)
    when = _Moments()
    out: list[str] = []
    add = out.append

    def who(e: Any) -> str:
        return e.recorded_by.get_full_name() or e.recorded_by.username

    def body(row: dict[str, Any]) -> None:
        """What the entry's ``<details>`` shows once opened."""
        e = row["e"]
        corrected_by = row["corrected_by"]
        if corrected_by:
            add(f'<p class="tag tag-warn tag-wrap">{t["corrected"] % {"seq": _v(corrected_by.seq)}}</p>')
        if e.supersedes_id:
            add(f'<p class="muted">{t["corrects"] % {"seq": _v(e.supersedes.seq)}}</p>')
        document = row["document"]
        if document:
            label = t["document"] if row.get("record_only") else t["receipt"]
            add(f'<p>{label}: <a href="{document_url(document.pk)}">«{_v(_(document.title))}»</a></p>')
        if row["payload"]:
            add('<dl class="payload">')
            for k, v in row["payload"]:
                shown = t["yes"] if v is True else t["no"] if v is False else _v(v)
                if type(v) is Typed:
                    shown = f'<span translate="no">{shown}</span>'
                add(f"<div><dt>{_v(k)}</dt><dd>{shown}</dd></div>")
            add("</dl>")
        if row["details"]:
            add('<dl class="payload">')
            for k, v in row["details"]:
                add(f'<div><dt>{_v(k)}</dt><dd translate="no">{_lines(v)}</dd></div>')
            add("</dl>")
        rc = row["roll_call"]
        if rc:
            count = t["count"] % {"y": _v(rc.yes), "n": _v(rc.no), "r": _v(rc.required)}
            outcome = t["carried"] if rc.carried else t["not_carried"]
            add(
                f'<div class="rollcall"><p><strong>{t["roll_call"]}:</strong> <span lang="es">{_v(rc.motion)}</span> — {outcome}'
                f" ({count}, {_v(rc.rule_id)}, {_v(rc.citation)})</p>"
                '<ul class="ballots">'
                + "".join(
                    f'<li><span translate="no">{_v(b.person)}</span>: {_v(b.get_vote_display())}</li>'
                    for b in rc.ballot_list
                )
                + "</ul></div>"
            )
        if e.note:
            add(f'<p translate="no">{_lines(e.note)}</p>')
        attachments = e.attachment_list
        if attachments:
            add('<ul class="attachments">')
            for a in attachments:
                add(
                    f'<li><a href="{attachment_url(a.pk)}" translate="no">{_v(a.filename)}</a>'
                    f' <span class="muted mono">SHA-256 {_v(a.sha256)}</span></li>'
                )
            add("</ul>")
        recorded = t["recorded"] % {
            "who": f'<span translate="no">{_v(who(e))}</span>',
            "when": _v(when.moment(e.recorded_at)),
        }
        add(f'<p class="muted small">{recorded}')
        if can_correct and not corrected_by and not row.get("record_only"):
            add(f' · <a href="{correct_url(e.seq)}">{t["correct"]}</a>')
        add("</p>")

    for row in rows:
        e = row["e"]
        corrected_by = row["corrected_by"]
        service = row.get("service") or ()
        flags = ""
        if corrected_by:
            flags += f' <span class="tag tag-warn">{t["corrected_tag"]}</span>'
        if row.get("failed"):
            flags += f' <span class="tag tag-danger">{t["failed"]}</span>'
        if service:
            failed = sum(1 for s in service if s.get("failed"))
            flags += f' <span class="tag">{t["service_count"] % {"n": len(service)}}</span>'
            if failed:
                flags += f' <span class="tag tag-danger">{t["service_failed"] % {"n": failed}}</span>'
        document = row["document"]
        what = f": «{_v(_(document.title))}»" if document and row.get("record_only") else ""
        by_name = f'<span translate="no">{_v(who(e))}</span>'
        add(
            f'<li class="timeline-item{" superseded" if corrected_by else ""}" id="anotacion-{_v(e.seq)}">'
            f'<details class="entry"><summary class="timeline-head">'
            f'<span class="entry-when">{when.moment(e.occurred_at, e.has_time)}</span> '
            f'<strong class="entry-act">{_v(row["title"])}</strong>{what}'
            f'<span class="muted"> · {t["by"] % {"who": by_name}} · {t["seq"] % {"seq": _v(e.seq)}}</span>'
            f"{flags}</summary>"
            '<div class="entry-body">'
        )
        body(row)
        if service:
            add(f'<p class="service-head"><strong>{t["service"]}</strong></p><ul class="service">')
            for s in service:
                se = s["e"]
                brief = f' · <span translate="no">{_v(s["brief"])}</span>' if s.get("brief") else ""
                bad = f' <span class="tag tag-danger">{t["failed"]}</span>' if s.get("failed") else ""
                add(
                    f'<li class="timeline-attempt" id="anotacion-{_v(se.seq)}"><details class="entry"><summary>'
                    f'<span class="entry-when">{when.moment(se.occurred_at, se.has_time)}</span> '
                    f"{_v(s['title'])}{brief}"
                    f'<span class="muted"> · {t["seq"] % {"seq": _v(se.seq)}}</span>{bad}</summary>'
                    '<div class="entry-body">'
                )
                body(s)
                add("</div></details></li>")
            add("</ul>")
        add("</div></details></li>\n")
    # Every value above is escaped (``_v``, ``_lines``); the texts are the catalogue's, as in the template.
    return mark_safe("".join(out))  # nosec B308 B703


def case_url_maker(name: str) -> Callable[[str], str]:
    """``{% url name number=… %}`` for many case numbers: reversed once; a number is quoted as
    ``reverse`` quotes it."""
    sentinel = "N0SENTINEL"
    head, tail = reverse(name, kwargs={"number": sentinel}).rsplit(sentinel, 1)
    head, tail = conditional_escape(head), conditional_escape(tail)
    safe = RFC3986_SUBDELIMS + "/~:@"
    return lambda number: f"{head}{conditional_escape(quote(number, safe=safe))}{tail}"


def act_url_maker() -> Callable[[str, str], str]:
    """``{% url "web:act" number=… act=… %}`` for many cases and acts: reversed once."""
    number_sentinel, act_sentinel = "N0SENTINEL", "A0SENTINEL"
    url = reverse("web:act", kwargs={"number": number_sentinel, "act": act_sentinel})
    head, rest = url.split(number_sentinel, 1)
    middle, tail = rest.split(act_sentinel, 1)
    safe = RFC3986_SUBDELIMS + "/~:@"
    return lambda number, act: conditional_escape(f"{head}{quote(number, safe=safe)}{middle}{quote(act)}{tail}")


def options_html(choices: Iterable[tuple[Any, Any]], selected: Any) -> SafeString:
    """``<option value="k" selected>label</option>`` for each choice, as the filter selects wrote them."""
    out = [
        f'<option value="{_v(k)}"{" selected" if selected == k else ""}>{_v(label)}</option>' for k, label in choices
    ]
    # Values and labels escaped above.
    return mark_safe("".join(out))  # nosec B308 B703


def render_queue_rows(items: Iterable[dict[str, Any]]) -> SafeString:
    """The ``<tr>`` rows of the work queue: each cell at most two lines (issue 29), a line that does not
    fit cut with an ellipsis on a wide screen (the case page has it whole), wrapped on a phone."""
    summary_text, deferred_text = _("Sumario"), _("En espera por elecciones")  # outside f-strings: makemessages
    summary = f'<span class="tag tag-danger">{summary_text}</span> '
    deferred = f'<span class="tag tag-warn">{deferred_text}</span> '
    waiting, no_term = _("En espera"), _("Sin término abierto")
    late, next_act, either = _("%(actor)s no actuó a tiempo"), _("Siguiente acto:"), _("o")
    case_url = case_url_maker("web:case")
    when = _Moments()
    out: list[str] = []
    add = out.append
    for it in items:
        c = it["case"]
        left = it["days_left"]
        number = _v(c.number)
        flag = summary if it.get("summary") else deferred if it.get("deferred") else ""
        warning = f'<span class="tag tag-warn">{_v(it["warning"])}</span> ' if it.get("warning") else ""
        deadline = _v(it["deadline"]) if it["deadline"] else "—"
        due = f'<time datetime="{c.next_due.isoformat()}">{when.day(c.next_due)}</time>' if c.next_due else "—"
        if left is None:
            days = ""
        else:
            tag = "tag tag-danger" if left < 0 else "tag tag-warn" if left <= 3 else "tag"
            days = f'<span class="{tag}">{_v(days_left(left))}</span> '
        overdue = ' class="row-overdue"' if left is not None and left < 0 else ""
        move = it.get("move")
        if move is None:
            who = [f'<span class="muted">{no_term}</span>' if it.get("mine") else "—"]
        elif move.body_acts:
            who = [f"<strong>{_v(move.who)}</strong>"]
            if move.late_actor:
                who[0] += f' · <span class="muted">{_v(late % {"actor": move.late_actor})}</span>'
        else:
            who = [_v(move.actor), f'<span class="muted">{waiting}</span>']
        if it.get("next_acts"):
            links = f" {either} ".join(f'<a href="{url}">{_v(title)}</a>' for title, url in it["next_acts"])
            who.append(f"{next_act} {links}")
        who_cell = "".join(f'<span class="line">{line}</span>' for line in who)
        add(
            f"<tr{overdue}>"
            f'<th scope="row"><a href="{case_url(c.number)}">{number}</a></th>'
            f'<td><span class="line">{flag}<span lang="es">{_v(c.caption)}</span></span>'
            f'<span class="line muted">{warning}{_v(it["kind"])} · <span lang="es">{_v(c.body.short_name)}</span></span>'
            f'</td><td><span class="clamp">{_v(it["stage"])}</span></td>'
            f'<td><span class="line">{deadline}</span><span class="line">{days}{due}</span></td>'
            f"<td>{who_cell}</td></tr>\n"
        )
    return mark_safe("".join(out))  # nosec B308 B703
