"""``{% case_documents case %}``: the documents section of the case page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from ventila.documents import access, calendars, catalog
from ventila.documents.models import Delivery, Document, Draft

register = template.Library()


@register.inclusion_tag("documents/_case_documents.html", takes_context=True)
def case_documents(context: Any, case: Any) -> dict[str, Any]:
    user = context["request"].user
    manage = access.can_manage(user, case)
    docs = list(Document.objects.filter(case=case).select_related("source").order_by("id"))
    drafts = list(Draft.objects.filter(case=case).select_related("source").order_by("id")) if manage else []
    pending = []
    if manage:
        done = {(d.source_id, d.template) for d in docs} | {(d.source_id, d.template) for d in drafts}
        entries = list(case.entries.all())
        superseded = {e.supersedes_id for e in entries if e.supersedes_id}
        for e in entries:
            if e.pk in superseded:
                continue
            for spec in catalog.specs_for(case, e):
                if (e.pk, spec.key) not in done:
                    pending.append({"entry": e, "key": spec.key, "title": _(spec.title)})
    failures = (
        list(
            Delivery.objects.filter(
                document__case=case, status__in=[Delivery.Status.FAILED, Delivery.Status.RETRYING]
            ).select_related("document")
        )
        if manage
        else []
    )
    return {
        "case": case,
        "documents": docs,
        "drafts": drafts,
        "pending": pending,
        "can_manage": manage,
        "failures": failures,
        "hearings": calendars.hearing_entries([case]),
    }
