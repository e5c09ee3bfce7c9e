"""The navigation's links to the register of obligated people and its financial-report board, for those who
may read them."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from ventila.compliance import access as register_access

register = template.Library()


@register.simple_tag(takes_context=True)
def register_nav(context: dict[str, Any]) -> SafeString:
    """One ``<li>`` per body whose register the user may read (none for everybody else)."""
    user = context.get("user")
    bodies = register_access.register_bodies(user) if user is not None else []
    if not bodies:
        return SafeString("")
    label, board = _("Registro de obligados"), _("Informes financieros")
    links = []
    for b in bodies:
        suffix = "" if len(bodies) == 1 else f" · {b.short_name}"
        links.append((reverse("web:register", kwargs={"body": b.slug}), label + suffix))
        links.append((reverse("web:board", kwargs={"body": b.slug}), board + suffix))
    return format_html_join("", '<li><a href="{}">{}</a></li>', links)
