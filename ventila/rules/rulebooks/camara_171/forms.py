"""Form hints of the Cámara's complaint events: what the web app's generic act and filing forms show
for them, and the cross-field checks of a recorded act, answered as field errors. The engine still
validates every payload and raises its findings; nothing here is checked twice."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from ...engine import DetailField, EventSpec, FieldError, FieldHint, FormContext
from ..common import with_form_hints
from .s20_s24_complaints import RULES, earliest_hearing_date
from .s25_s31_reports import allowed_sanctions, report_route


def _filing_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """What the staff's docketing form cites of Secs. 20–21(a), field by field; Sec. 20(6): they state the
    day the complainant learned of the facts."""
    if not ctx.filing:
        return {}
    return {
        "knowledge_date": FieldHint(required=True),
        "respondent_office": FieldHint(help="La persona y el cargo que ocupa, del registro (Sec. 21(a)(1))."),
        "respondent_candidate": FieldHint(
            help="Una querella presentada 120 días o menos antes de las elecciones sigue el procedimiento sumario (Sec. 24)."
        ),
        "complainant_name": FieldHint(help="Requerido (Sec. 20(7))."),
        "complainant_phone": FieldHint(help="Requerido (Sec. 20(7))."),
        "facts": FieldHint(help="Sec. 21(a)(2)."),
        "provisions": FieldHint(help="Sec. 21(a)(12); por ejemplo «Sec. 10(j)»."),
        "witnesses": FieldHint(help="Sec. 21(a)(11)."),
        "channel": FieldHint(help="Sec. 20(4): en persona en la Oficina de la Comisión o por correo electrónico."),
        "sworn": FieldHint(
            help="Sec. 20(2): sin juramento no se puede presentar.",
            required_message="La querella debe estar jurada bajo apercibimiento de perjurio (Sec. 20(2)).",
        ),
        "personal_knowledge": FieldHint(
            help="Sec. 21(a)(3).",
            required_message="La querella debe declarar conocimiento propio y personal (Sec. 21(a)(3)).",
        ),
    }


def _hearing_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """Sec. 21(c)(10): say up front the earliest hearing date a notice given today allows."""
    if ctx.calendar is None:
        return {}
    calendar, settings = ctx.calendar()
    initial = "hearing_noticed" not in ctx.docket
    earliest, rule_id = earliest_hearing_date(calendar, ctx.day, initial=initial, settings=dict(settings))
    return {
        "hearing_date": FieldHint(
            help="Con notificación hoy, la vista %(which)sno puede celebrarse antes del %(day)s (%(rule)s).",
            params={
                "which": "inicial " if initial else "",
                "day": earliest,
                "rule": rule_id,
            },
        )
    }


def _check_hearing_notice(payload: Mapping[str, Any], ctx: FormContext) -> Mapping[str, FieldError]:
    """Sec. 21(c)(10)–(11): a hearing notice shorter than the law's minimum is refused."""
    if ctx.calendar is None:
        return {}
    hearing = dt.date.fromisoformat(str(payload["hearing_date"])[:10])
    initial = payload.get("initial")
    if initial is None:
        initial = "hearing_noticed" not in ctx.docket
    calendar, settings = ctx.calendar()
    earliest, rule_id = earliest_hearing_date(
        calendar,
        ctx.day,
        initial=bool(initial),
        evasion=bool(payload.get("evasion")),
        settings=dict(settings),
    )
    if hearing >= earliest:
        return {}
    rule = RULES[rule_id]
    return {
        "hearing_date": FieldError(
            "Notificación insuficiente: una vista %(which)snotificada el %(notice)s no puede celebrarse antes "
            "del %(earliest)s («%(quote)s», %(rule)s, %(citation)s).",
            {
                "which": "inicial " if initial else "",
                "notice": ctx.day,
                "earliest": earliest,
                "quote": rule.quote,
                "rule": rule.id,
                "citation": rule.citation,
            },
        )
    }


def _check_grounds(payload: Mapping[str, Any], ctx: FormContext) -> Mapping[str, FieldError]:
    """Sec. 21(c)(2): the grounds are those of a dismissal (one without grounds is CAM-21C-03's finding)."""
    if payload.get("outcome") == "probable_cause" and payload.get("grounds"):
        return {"grounds": FieldError("Las causas de desestimación no aplican a una determinación de causa probable.")}
    return {}


def _report_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """Sec. 25: the route the respondent's role sets is offered first."""
    return {
        "to": FieldHint(
            initial=report_route(ctx.respondent_role),
            help="Sec. 25: el Informe sobre un Representante o funcionario va a la Cámara en Pleno; sobre un jefe "
            "de dependencia, al Presidente de la Cámara.",
        )
    }


def _sanction_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """Sec. 26: only the sanctions the respondent's role admits are offered."""
    return {"sanctions": FieldHint(choices=allowed_sanctions(ctx.respondent_role)[1])}


def _check_fine_marked(payload: Mapping[str, Any], ctx: FormContext) -> Mapping[str, FieldError]:
    """A fine's amount goes with the sanction «Multa» (its range and its absence are CAM-26A's findings)."""
    if payload.get("fine_amount") is not None and "fine" not in (payload.get("sanctions") or ()):
        return {"fine_amount": FieldError("Hay una cantidad de multa pero no se marcó la sanción «Multa».")}
    return {}


def complaint_form_hints(events: Mapping[str, EventSpec]) -> dict[str, EventSpec]:
    """The complaint (and referral) events with their form hints."""
    return with_form_hints(
        events,
        complaint_filed={"hints": _filing_hints},
        referral_received={"hints": _filing_hints},  # the fields a referral's form shows of them
        determination_made={"validate": _check_grounds},
        hearing_noticed={"hints": _hearing_hints, "validate": _check_hearing_notice},
        proceedings_suspended={
            "details": {
                "court_case": DetailField(
                    "Caso judicial sobre los mismos hechos",
                    rows=0,
                    max_length=300,
                    help="Tribunal, número y epígrafe del caso que motiva la suspensión (Sec. 23; ¶28 para la "
                    "Comisión municipal).",
                    required_message="Indique el caso judicial que suspende los términos.",
                )
            }
        },
        report_referred={"hints": _report_hints},
        sanction_decided={"hints": _sanction_hints, "validate": _check_fine_marked},
    )
