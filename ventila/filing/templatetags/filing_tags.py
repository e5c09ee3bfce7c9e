"""What the public channel adds to the staff's case page: evidence sent later with the key."""

from __future__ import annotations

from typing import Any

from django import template

from ventila.cases.models import Case
from ventila.filing.models import Filing
from ventila.filing.procedures import procedure_for

register = template.Library()


@register.inclusion_tag("filing/_case_supplements.html")
def online_filing(case: Case, has_filing: bool = True) -> dict[str, Any]:
    """``has_filing``: False when the page knows the case came in without one (no query then)."""
    filing = Filing.objects.filter(case=case).first() if has_filing else None
    if filing is None:
        return {"filing": None}
    proc = procedure_for(case.body)
    kinds = proc.evidence_kinds() if proc else {}
    return {
        "filing": filing,
        "case": case,
        "supplements": [(s, kinds.get(s.kind, s.kind)) for s in filing.supplements.all()],
    }
