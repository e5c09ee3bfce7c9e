"""The evaluation as readable Spanish: one deadline a paragraph, with the rule, its citation and
the arithmetic (which days were skipped and why). Written for a person: the developers' cross-references
(«A-12», «ambigüedad 10») are left out (``plain.for_users``), as on the web app's pages."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from .calendar import format_date_es, format_datetime_es
from .engine import Evaluation, KindSpec
from .plain import for_users
from .rulebooks import RULEBOOKS
from .terms import Deadline
from .vocabulary import PROCEDURE_ES, STATUS_ES, TRIGGER_ES, deadline_es, mid_sentence, stage_es


def due_es(d: Deadline) -> str:
    if isinstance(d.due, dt.datetime):
        return f"{format_datetime_es(d.due)} (hora de Puerto Rico)"
    return format_date_es(d.due)


def start_es(d: Deadline, kind: KindSpec) -> str:
    """What the term runs from, as a clerk reads it: the real start (the knowledge date for
    ``file_complaint``, the end of another term …) and its date, never an internal id."""
    comp = d.computation
    if comp is not None and comp.start_label:
        label, start = comp.start_label, comp.start
    else:
        spec = kind.events.get(d.trigger)
        label = spec.title if spec is not None else TRIGGER_ES.get(d.trigger, "el acto que inicia el término")
        start = d.trigger_at
    when = format_datetime_es(start) if isinstance(start, dt.datetime) else format_date_es(start)
    return f"«{label}» ({when})"


def explain(ev: Evaluation) -> str:
    rb = RULEBOOKS[ev.rulebook]
    kind = rb.kinds[ev.kind]
    as_of = ev.as_of if isinstance(ev.as_of, dt.date) and not isinstance(ev.as_of, dt.datetime) else ev.as_of.date()
    # Only a kind with procedures (the complaints) names one: «procedimiento ordinario» says nothing of the others.
    procedure = (
        f" · procedimiento {mid_sentence(PROCEDURE_ES.get(ev.procedure, ev.procedure))}" if kind.procedures else ""
    )
    out = [
        f"{rb.title}",
        f"Caso: {kind.title}{procedure} · etapa: {stage_es(ev.stage)} · al {format_date_es(as_of)}",
        "",
    ]
    if not ev.deadlines:
        out += ["No corre ningún término todavía.", ""]
    for d in ev.deadlines:
        head = f"■ {deadline_es(d.id)} [{d.id}] — {mid_sentence(STATUS_ES[d.status])}; vence el {due_es(d)}"
        if d.fatal:
            head += " (término fatal de la Comisión)"
        out.append(head)
        out.append(f"  Regla {d.rule.id}, {d.rule.citation}: {for_users(d.rule.summary)}")
        out.append(f"  Término: {d.term.es()}, desde {start_es(d, kind)}.")
        for line in d.trace()[1:]:
            out.append(f"  {for_users(line)}")
        if d.status == "lapsed" and d.id in kind.lapses:
            out.append(f"  Sigue: {for_users(kind.lapses[d.id].es())}")
        if d.satisfied_at is not None:
            sat = d.satisfied_at
            when = format_date_es(sat.date() if isinstance(sat, dt.datetime) else sat)
            by_type = d.satisfied_by or ""
            by = kind.events[by_type].title if by_type in kind.events else TRIGGER_ES.get(by_type, deadline_es(by_type))
            out.append(f"  Acto: «{by}» el {when}.")
        out.append("")
    if ev.findings:
        out.append("Hallazgos:")
        for f in ev.findings:
            out.append(f"  • {f.id} ({f.rule.id}, {f.rule.citation}): {for_users(f.message)}")
        out.append("")
    if ev.allowed_next:
        names = (f"{kind.events[a].title} [{a}]" if a in kind.events else a for a in ev.allowed_next)
        out.append("Actos permitidos ahora: " + "; ".join(names) + ".")
    return "\n".join(out) + "\n"


def explain_check(result: Mapping[str, Any]) -> str:
    """A conduct check (``ventila conduct``) as readable Spanish: the term with its arithmetic, the
    kinship, the norms that bind, and each finding with its rule."""
    out: list[str] = []
    for d in result.get("deadlines", []):
        due = format_date_es(dt.date.fromisoformat(d["due"]))
        out.append(f"■ {deadline_es(d['id'])} — {mid_sentence(STATUS_ES[d['status']])}; vence el {due}")
        out += [f"  {for_users(line)}" for line in result.get("trace", [])]
        out.append("")
    if "kinship" in result:
        k = result["kinship"]
        out.append(f"Parentesco: {k['description'] if k else 'ninguno que la ley cuente'}.")
        out.append("Dentro del límite de la prohibición." if result["within_bar"] else "Fuera del límite.")
        out.append("")
    if "nominal_end" in result:  # a member's term of office (term_of_office)
        out.append(f"{for_users(result['message'])} ({result['rule']}, {result['citation']})")
        return "\n".join(out) + "\n"
    if "binds" in result:
        yes = [b["citation"] for b in result["binds"] if b["binds"]]
        no = [b["citation"] for b in result["binds"] if not b["binds"]]
        out.append("Normas que obligan: " + (", ".join(yes) or "ninguna") + ".")
        out.append("Normas que no obligan: " + (", ".join(no) or "ninguna") + ".")
        out.append("")
    findings = result.get("findings", [])
    if findings:
        out.append("Hallazgos:")
        out += [f"  • {f['id']} ({f['rule']}, {f['citation']}): {for_users(f['message'])}" for f in findings]
    elif "deadlines" not in result:
        out.append("Sin hallazgos.")
    return "\n".join(out).rstrip("\n") + "\n"
