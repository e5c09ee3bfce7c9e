"""The staff navigation's link to the statistics (issue 18): for whoever serves a body as staff."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from ventila.cases import access

register = template.Library()


@register.simple_tag(takes_context=True)
def stats_nav(context: dict[str, Any]) -> SafeString:
    user = context.get("user")
    if user is None or not getattr(user, "is_authenticated", False) or not access.staff_body_ids(user):
        return SafeString("")
    return format_html('<li><a href="{}">{}</a></li>', reverse("web:stats"), _("Estadísticas"))
