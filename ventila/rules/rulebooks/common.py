"""Helpers for writing a rulebook: rule declarations that read like the catalogue."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..engine import Act, EventSpec, FieldSpec, KindSpec
from ..terms import Rule, RuleKind, Term, Unit
from ..vocabulary import RECORD_ONLY_EVENT_ES


class RuleSet:
    """The rules one module declares, in catalogue order."""

    def __init__(self) -> None:
        self.rules: dict[str, Rule] = {}

    def add(
        self,
        rule_id: str,
        kind: str,
        citation: str,
        quote: str,
        summary: str,
        *,
        term: tuple[int, Unit] | None = None,
        not_computable: str | None = None,
    ) -> Rule:
        if rule_id in self.rules:
            raise ValueError(f"duplicate rule {rule_id}")
        rule = Rule(
            id=rule_id,
            kind=RuleKind(kind),
            citation=citation,
            quote=quote,
            summary=summary,
            term=Term(*term) if term else None,
            not_computable=not_computable,
        )
        self.rules[rule_id] = rule
        return rule


def merge(*sets: RuleSet) -> dict[str, Rule]:
    out: dict[str, Rule] = {}
    for s in sets:
        for rid, rule in s.rules.items():
            if rid in out:
                raise ValueError(f"rule {rid} declared twice")
            out[rid] = rule
    return out


# -- record-only events: the docket's record of documents and their service ----------------------

# Every kind of every rulebook declares these: the docket keeps the record of every document issued
# (with the SHA-256 of its PDF) and of every attempt to serve it (recipient, message ID, the mail
# server's answer) and of receipts that are no act of their own. They are not acts of the proceeding: the engine validates their payload and
# leaves them out of the evaluation (EventSpec.record_only), so they change no term, stage, allowed
# act or finding. The receipt that starts a term stays its own act (``respondent_notified`` …).
_METHODS = ("email_attachment", "email_link", "hand", "mail")

# The document served and the notice of it, as every act of service names them.
_SERVED = {
    "document": FieldSpec("int", True, help="Número del documento notificado."),
    "delivery": FieldSpec("int", True, help="Número de la notificación."),
}


def _record_only(event_type: str, fields: Mapping[str, FieldSpec]) -> EventSpec:
    return EventSpec(event_type, RECORD_ONLY_EVENT_ES[event_type], fields, record_only=True)


RECORD_ONLY_EVENTS: dict[str, EventSpec] = {
    "document_issued": _record_only(
        "document_issued",
        {
            "document": FieldSpec("int", True, help="Número del documento expedido."),
            "template": FieldSpec("str", True, help="Modelo del documento (por ejemplo notice_of_complaint)."),
            "title": FieldSpec("str", True, help="Título del documento."),
            "sha256": FieldSpec("str", True, help="Huella SHA-256 del PDF expedido."),
            "rule": FieldSpec("str", True, help="La regla del catálogo que exige el documento."),
            "citation": FieldSpec("str", help="La cita del texto que exige el documento."),
            "source_seq": FieldSpec("int", help="La anotación cuyo acto el documento pone por escrito."),
            "language": FieldSpec("choice", choices=("es", "en"), help="Idioma del documento."),
        },
    ),
    "service_attempted": _record_only(
        "service_attempted",
        {
            **_SERVED,
            "attempt": FieldSpec("int", help="Número del intento (1, 2, …) para esa notificación."),
            "method": FieldSpec("choice", True, _METHODS, help="Medio de la notificación."),
            "recipient": FieldSpec("str", True, help="Dirección de correo o nombre del destinatario."),
            "recipient_name": FieldSpec("str", help="Nombre del destinatario."),
            "recipient_role": FieldSpec("str", help="Calidad del destinatario (respondent, complainant…)."),
            "sha256": FieldSpec("str", help="Huella SHA-256 del PDF notificado."),
            "message_id": FieldSpec("str", help="Message-ID del correo."),
            "answer": FieldSpec("str", help="La respuesta del servidor de correo, o el error."),
            "ok": FieldSpec("bool", True, help="Si el servidor aceptó el mensaje (o se entregó en mano o por correo)."),
            "received_on": FieldSpec("date", help="Fecha de recibo, en la entrega personal o por correo postal."),
        },
    ),
    # The receipt of a document served by e-mail, when it is no act of its own (an act such as
    # ``respondent_notified`` records the receipts that start a term).
    "service_received": _record_only(
        "service_received",
        {
            **_SERVED,
            "method": FieldSpec("choice", True, _METHODS, help="Medio de la notificación."),
            "recipient": FieldSpec("str", True, help="Nombre del destinatario."),
            "recipient_role": FieldSpec("str", help="Calidad del destinatario (respondent, complainant…)."),
            "received_on": FieldSpec("date", True, help="Fecha en que el destinatario recibió el documento."),
            "sha256": FieldSpec("str", help="Huella SHA-256 del PDF notificado."),
        },
    ),
}


def with_record_only(kinds: dict[str, KindSpec]) -> dict[str, KindSpec]:
    """The kinds, each with the record-only events added to its vocabulary."""
    out: dict[str, KindSpec] = {}
    for kind_id, kind in kinds.items():
        clash = set(kind.events) & set(RECORD_ONLY_EVENTS)
        if clash:
            raise ValueError(f"kind {kind_id} already declares {sorted(clash)}")
        out[kind_id] = replace(kind, events={**kind.events, **RECORD_ONLY_EVENTS})
    return out


# -- form hints: what the web app's generic forms read of an event spec ---------------------------


def with_form_hints(events: Mapping[str, EventSpec], **by_type: Mapping[str, Any]) -> dict[str, EventSpec]:
    """``events`` with the form hints of some of them (``hearing_noticed={"hints": …}``): the fields
    of :class:`~ventila.rules.engine.EventSpec` a generic form reads, declared beside the rulebook's
    checks so that no form branches on a rulebook."""
    unknown = set(by_type) - set(events)
    if unknown:
        raise ValueError(f"form hints for unknown events: {', '.join(sorted(unknown))}")
    return {t: replace(e, **by_type[t]) if t in by_type else e for t, e in events.items()}


def with_next_acts(
    events: Mapping[str, EventSpec],
    when: Mapping[str, str],
    *,
    meets: Mapping[str, tuple[str, ...]] | None = None,
    on_expiry: Mapping[str, tuple[str, ...]] | None = None,
) -> dict[str, EventSpec]:
    """``events`` with what the case page and the queue say of each act: ``when``, one Spanish line on
    when it applies (every event needs one); ``meets``, the deadlines it fulfils; ``on_expiry``, the
    deadlines of another (a party, the court…) whose running out lets the body take it. The deadline
    ids are checked against the kind by :class:`~ventila.rules.engine.KindSpec`."""
    meets, on_expiry = meets or {}, on_expiry or {}
    unknown = (set(when) | set(meets) | set(on_expiry)) - set(events)
    missing = set(events) - set(when)
    if unknown or missing:
        raise ValueError(f"next acts: unknown events {sorted(unknown)}, events without «when» {sorted(missing)}")
    return {
        t: replace(e, when=when[t], meets=meets.get(t, ()), on_expiry=on_expiry.get(t, ())) for t, e in events.items()
    }


def with_order(
    events: Mapping[str, EventSpec],
    *,
    after: Mapping[str, tuple[str | Act, ...]] | None = None,
    not_after: Mapping[str, tuple[str | Act, ...]] | None = None,
    once: tuple[str, ...] = (),
    reopened_by: Mapping[str, tuple[str | Act, ...]] | None = None,
    standalone: tuple[str, ...] = (),
    repeatable: tuple[str, ...] = (),
) -> dict[str, EventSpec]:
    """``events`` with their preconditions (:attr:`~ventila.rules.engine.EventSpec.after`, ``not_after``,
    ``once``, ``reopened_by``) and the acts that change nothing by design (``standalone``), which the engine
    checks for every kind: an act out of place is flagged, never dropped in silence (``repeatable``: a repeat
    that may change nothing). An act given by its
    type alone is any act of that type."""
    after, not_after, reopened_by = after or {}, not_after or {}, reopened_by or {}
    named = set(after) | set(not_after) | set(once) | set(reopened_by) | set(standalone) | set(repeatable)
    acts = {a if isinstance(a, str) else a.type for m in (after, not_after, reopened_by) for v in m.values() for a in v}
    unknown = (named | acts) - set(events)
    if unknown:
        raise ValueError(f"order: unknown events {sorted(unknown)}")

    def as_acts(items: tuple[str | Act, ...]) -> tuple[Act, ...]:
        return tuple(Act(a) if isinstance(a, str) else a for a in items)

    return {
        t: replace(
            e,
            after=as_acts(after.get(t, ())) or e.after,
            not_after=as_acts(not_after.get(t, ())) or e.not_after,
            once=e.once or t in once,
            reopened_by=as_acts(reopened_by.get(t, ())) or e.reopened_by,
            standalone=e.standalone or t in standalone,
            repeatable=e.repeatable or t in repeatable,
        )
        for t, e in events.items()
    }


def normalize_name(name: str) -> str:
    """A name as compared with another (a signature with the complainant's name): case, accents and
    spacing folded."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())
