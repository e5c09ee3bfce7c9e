"""Template helpers: accessible field widgets and Spanish dates."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.forms import BoundField
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ventila.bodies.models import Body
from ventila.cases.access import house_member_body_ids, visible_bodies
from ventila.cases.labels import CHOICES
from ventila.cases.rule_messages import render_message
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.calendar import MONTHS_ES, format_date_es
from ventila.rules.i18n import Msg
from ventila.rules.plain import for_users
from ventila.web.matter_forms import matter_kinds
from ventila.web.matter_labels import MATTER_BUTTONS
from ventila.web.opening_forms import FILING_BUTTONS, PAGE_BUTTONS

register = template.Library()


@register.filter
def finding_rule(body: Any, finding: str) -> str:
    """The rule ID behind ``finding`` in the body's rulebook (``Rulebook.findings``): a page's sentence cites
    the rule the body's own law gives it, never an ID of its own ("" if the body's law has no such finding)."""
    return RULEBOOKS[body.rulebook].findings.get(finding, "")


@register.simple_tag
def widget(field: BoundField, **extra: Any) -> str:
    """The field's widget with aria-describedby (help and error) and aria-invalid when wrong."""
    described = []
    if field.help_text:
        described.append(f"{field.auto_id}_help")
    if field.errors:
        described.append(f"{field.auto_id}_error")
    attrs: dict[str, Any] = dict(extra)
    if described:
        attrs["aria-describedby"] = " ".join(described)
    if field.errors:
        attrs["aria-invalid"] = "true"
    if field.field.required and field.widget_type not in ("radioselect", "checkboxselectmultiple"):
        attrs["required"] = True
    return field.as_widget(attrs=attrs)


@register.filter
def is_group(field: BoundField) -> bool:
    return field.widget_type in ("radioselect", "checkboxselectmultiple")


@register.filter
def is_checkbox(field: BoundField) -> bool:
    return field.widget_type == "checkbox"


@register.filter
def plain(value: Any) -> str:
    """A rulebook's text without the developers' cross-references (``ventila.rules.plain``)."""
    return for_users(str(value)) if value else ""


@register.filter
def rule_text(value: Any) -> str:
    """A rulebook's text the catalogue translates (a rule's summary), in the user's language, without
    the developers' cross-references."""
    return for_users(_(str(value))) if value else ""


@register.filter
def long_date(value: Any) -> str:
    """``lunes, 1 de marzo de 2027`` in Spanish; ISO-like in English."""
    if value is None or value == "":
        return ""
    if isinstance(value, dt.datetime):
        value = value.astimezone(PR_TZ).date()
    if (get_language() or "es").startswith("es"):
        return format_date_es(value)
    return value.strftime("%A, %B %-d, %Y")


@register.filter
def day_month_year(value: dt.date) -> str:
    """``12 de abril de 2027`` in Spanish; ``April 12, 2027`` in English (a date whose weekday goes without saying)."""
    if (get_language() or "es").startswith("es"):
        return f"{value.day} de {MONTHS_ES[value.month - 1]} de {value.year}"
    return value.strftime("%B %-d, %Y")


@register.filter
def month_year(value: dt.date) -> str:
    """``marzo de 2027`` in Spanish; ``March 2027`` in English."""
    if (get_language() or "es").startswith("es"):
        return f"{MONTHS_ES[value.month - 1]} de {value.year}"
    return value.strftime("%B %Y")


@register.filter
def moment(value: dt.datetime, has_time: bool = True) -> str:
    local = value.astimezone(PR_TZ)
    text = long_date(local.date())
    return f"{text}, {local:%H:%M}" if has_time else text


@register.filter
def days_left(n: int | None) -> str:
    if n is None:
        return ""
    if n < 0:
        return _("vencido hace %(n)s días") % {"n": -n} if n < -1 else _("vencido ayer")
    if n == 0:
        return _("vence hoy")
    if n == 1:
        return _("queda 1 día")
    return _("quedan %(n)s días") % {"n": n}


@register.filter
def money(value: Any) -> str:
    """Dollars as Puerto Rico writes them: «$1,234.50» (decimal point, whatever the UI language)."""
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return str(value)
    if amount < 0:  # a reversal in the per-diem ledger: «−$75.00»
        return f"\u2212${-amount:,.2f}"
    return f"${amount:,.2f}"


@register.filter
def filing_buttons(body: Body) -> list[tuple[str, Any]]:
    """The kinds besides the complaint this body's staff docket by hand, with their button labels."""
    kinds = RULEBOOKS[body.rulebook].kinds
    return [(kind, label) for kind, label in FILING_BUTTONS.items() if kind in kinds]


@register.filter
def matter_buttons(body: Body) -> list[tuple[str, Any]]:
    """The Code's preventive matters this body's staff open by hand (Secs. 11, 17, 27), with their labels."""
    return [(kind, MATTER_BUTTONS[kind]) for kind in matter_kinds(body)]


@register.filter
def page_buttons(body: Body) -> list[tuple[str, Any]]:
    """The body's own pages (``Rulebook.pages.offered``): their view names and button labels."""
    pages = [PAGE_BUTTONS[page] for page in RULEBOOKS[body.rulebook].pages.offered if page in PAGE_BUTTONS]
    if "advisory_opinion" in RULEBOOKS[body.rulebook].kinds:  # Sec. 19(e): the binding register
        pages.append(("web:opinion_register", _("Registro de opiniones consultivas")))
    return pages


@register.filter
def typed(value: Any) -> str:
    """What a person typed or a register holds (a name, an office, facts, a note), marked
    ``translate="no"``: it is shown as written in every language, and no translator (a browser's,
    or ``tests/web/test_english.py``) takes it for the page's own text."""
    if value is None or value == "":
        return ""
    return format_html('<span translate="no">{}</span>', value)


@register.filter
def spanish(value: Any) -> str:
    """A text that is Spanish in every language (the name of a body, a case's title as the docket
    records it, the title of a document issued in Spanish), marked ``lang="es"`` so that a screen
    reader reads it as Spanish."""
    if value is None or value == "":
        return ""
    return format_html('<span lang="es">{}</span>', value)


@register.filter
def message(value: Any) -> str:
    """An engine's message (``ventila.rules.i18n.Msg``: a finding's ``msg``) in the user's language, as
    HTML (the law's words marked ``lang="es"``, what people typed ``translate="no"``)."""
    if isinstance(value, Msg):
        return render_message(value.to_json())
    return "" if value is None else str(value)


@register.filter
def catalogued(value: Any) -> str:
    """A stored Spanish text the catalogue knows (a document's title, as its template names it) in the
    user's language; any other text as it is."""
    if not value:
        return ""
    return _(str(value))


@register.filter
def choice(value: Any) -> str:
    """A payload choice in the reader's words (``ventila.cases.labels.CHOICES``)."""
    return str(CHOICES.get(value, value))


@register.filter
def house_member(user: Any) -> bool:
    """Whether the user files their own advisory-opinion requests (the ``house_member`` grant; issue 17)."""
    return bool(user is not None and user.is_authenticated and house_member_body_ids(user))


@register.filter
def sees_cases(user: Any) -> bool:
    """Whether the user works with cases (a body's staff, a seat, the Speaker's office): the queue, the search
    and the staff menus are theirs. A House member who only files her own requests has none of them (issue 29)."""
    return bool(user is not None and user.is_authenticated and (visible_bodies(user) or user.is_superuser))
