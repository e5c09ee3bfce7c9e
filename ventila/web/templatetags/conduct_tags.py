"""The person page's part on Sec. 10 (gifts' alerts, court summonses' terms, nepotism checks)."""

from __future__ import annotations

from typing import Any

from django import template

from ventila.web.conduct_display import person_conduct as compute

register = template.Library()


@register.inclusion_tag("web/_person_conduct.html", takes_context=True)
def person_conduct(context: Any, body: Any, person: Any) -> dict[str, Any]:
    return compute(context["user"], body, person)
