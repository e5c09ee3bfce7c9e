"""What the pages of Sec. 10 show of the engine's answers (gifts' findings, summonses' terms,
nepotism checks), in the reader's language; shared by the views and the person page's part."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from ventila import clock
from ventila.cases.rule_messages import render_message
from ventila.compliance import access as register_access
from ventila.compliance import conduct
from ventila.compliance.conduct_models import GiftRecord, NepotismCheck
from ventila.rules.kinship import Kinship
from ventila.rules.plain import for_users


def finding_text(f: Any) -> SafeString:
    """An engine finding in the reader's language when the rulebook wrote it as a catalogue message;
    else its Spanish text, marked as Spanish."""
    if f.msg is not None:
        return render_message(f.msg.to_json())
    return format_html('<span lang="es">{}</span>', for_users(f.message))


def findings_rows(findings: list[Any]) -> list[dict[str, Any]]:
    return [{"id": f.id, "rule_id": f.rule.id, "citation": f.rule.citation, "text": finding_text(f)} for f in findings]


def kinship_text(k: Kinship | None) -> str:
    """The degree of kinship, in the reader's language."""
    if k is None:
        return _("ninguno: la ley no ve parentesco (la afinidad no crea afinidad)")
    if k.kind == "spouse":
        return _("cónyuge (el matrimonio no tiene grado)")
    ordinal = {
        1: _("primer"),
        2: _("segundo"),
        3: _("tercer"),
        4: _("cuarto"),
        5: _("quinto"),
        6: _("sexto"),
    }.get(k.degree, str(k.degree))
    line = _("línea recta") if k.line == "direct" else _("línea colateral")
    if k.kind == "blood":
        return _("%(ordinal)s grado de consanguinidad (%(line)s)") % {"ordinal": ordinal, "line": line}
    return _("%(ordinal)s grado de afinidad (%(line)s)") % {"ordinal": ordinal, "line": line}


def gift_rows(body: Any, person: Any) -> list[dict[str, Any]]:
    return [{"gift": v.gift, "findings": findings_rows(v.findings)} for v in conduct.person_gift_findings(body, person)]


def _term_row(t: conduct.SummonsTerm, today: Any) -> dict[str, Any]:
    return {
        "summons": t.summons,
        "due": t.due,
        "days_left": (t.due - today).days if t.due is not None else None,
        "timely": t.timely,
        "overdue": t.overdue,
        "lines": [render_message(m.to_json()) for m in t.lines],
        "error": t.error,
    }


def summons_rows(body: Any, person: Any) -> list[dict[str, Any]]:
    today = clock.today()
    return [_term_row(t, today) for t in conduct.person_summons_terms(body, person, today)]


def check_rows(body: Any, person: Any) -> list[dict[str, Any]]:
    out = []
    for c in NepotismCheck.objects.filter(body=body, person=person).select_related("recorded_by"):
        try:
            text = kinship_text(conduct.nepotism(tuple(c.path.split("+"))).kinship)
        except ValueError:
            text = "—"
        out.append({"check": c, "kinship": text})
    return out


def person_conduct(user: Any, body: Any, person: Any) -> dict[str, Any]:
    """What the person page shows of Sec. 10: the gifts' findings, each summons' term, the checks."""
    if not register_access.can_read_register(user, body):
        raise PermissionDenied
    return {
        "body": body,
        "person": person,
        "gift_rows": [r for r in gift_rows(body, person) if r["findings"]],
        "gift_count": GiftRecord.objects.filter(body=body, person=person).count(),
        "summons_rows": summons_rows(body, person),
        "checks": check_rows(body, person),
        "conduct_rules": conduct.conduct_of(body),  # the rules its tables cite
    }
