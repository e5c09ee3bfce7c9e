"""``{% case_documents case %}``: the documents section of the case page."""

from __future__ import annotations

import html
from typing import Any

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ventila.documents import access, calendars, catalog
from ventila.documents.models import Delivery, Document, Draft

register = template.Library()


@register.inclusion_tag("documents/_case_documents.html", takes_context=True)
def case_documents(
    context: Any,
    case: Any,
    entries: Any = None,
    documents: Any = None,
    deliveries: Any = None,
    drafts: Any = None,
) -> dict[str, Any]:
    """``entries`` (the docket), ``documents`` (with their source entries), ``deliveries`` (with their
    documents) and ``drafts`` (``[]`` when the page knows there are none): what the case page already
    read, not read again."""
    user = context["request"].user
    manage = access.can_manage(user, case)
    if documents is None:
        documents = Document.objects.filter(case=case).select_related("source").order_by("id")
    docs = list(documents)
    if not manage:
        drafts = []
    elif drafts is None:
        drafts = list(Draft.objects.filter(case=case).select_related("source").order_by("id"))
    else:
        drafts = list(drafts)
    pending = []
    if manage:
        done = {(d.source_id, d.template) for d in docs} | {(d.source_id, d.template) for d in drafts}
        entries = list(case.entries.all()) if entries is None else entries
        superseded = {e.supersedes_id for e in entries if e.supersedes_id}
        # A long docket can ask for many documents: the buttons are written here (``pending_items``),
        # each URL and label without the template engine's per-item {% url %} and {% blocktranslate %}.
        sentinel = "987654321"
        new_url = reverse("documents:new", kwargs={"number": case.number, "seq": sentinel, "template": "keysentinel"})
        head, tail = new_url.split(sentinel, 1)
        number = _("n.º %(seq)s")
        titles: dict[str, str] = {}
        for e in entries:
            if e.pk in superseded:
                continue
            for spec in catalog.specs_for(case, e):
                if (e.pk, spec.key) not in done:
                    title = titles.get(spec.title) or titles.setdefault(spec.title, _(spec.title))
                    pending.append(
                        {
                            "entry": e,
                            "key": spec.key,
                            "title": title,
                            "url": head + str(e.seq) + tail.replace("keysentinel", spec.key),
                            "number": number % {"seq": e.seq},
                        }
                    )
    failed = (Delivery.Status.FAILED, Delivery.Status.RETRYING)
    if not manage:
        failures = []
    elif deliveries is None:
        failures = list(Delivery.objects.filter(document__case=case, status__in=failed).select_related("document"))
    else:
        failures = [d for d in deliveries if d.status in failed]
    return {
        "case": case,
        "documents": docs,
        "drafts": drafts,
        "pending": pending,
        "pending_items": _buttons(pending),
        "can_manage": manage,
        "failures": failures,
        "hearings": calendars.hearing_entries([case]) if entries is None else _hearings(case, entries),
    }


def _buttons(pending: list[dict[str, Any]]) -> SafeString:
    """The pending documents' buttons (``format_html`` per button would cost more than the rest of the list)."""
    e = html.escape
    out = "".join(
        f'\n    <li><a class="button button-secondary" href="{e(p["url"])}">{e(p["title"])} ({e(p["number"])})</a></li>'
        for p in pending
    )
    return mark_safe(out)  # nosec B308 B703


def _hearings(case: Any, entries: list[Any]) -> list[Any]:
    """``calendars.hearing_entries([case])`` from the docket in hand."""
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    out = [
        e
        for e in sorted(entries, key=lambda e: e.seq)
        if e.event_type == "hearing_noticed" and e.pk not in superseded and e.payload.get("hearing_date")
    ]
    for e in out:
        e.case = case
    return out
