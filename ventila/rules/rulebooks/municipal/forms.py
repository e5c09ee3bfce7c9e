"""Form hints of the municipal Commission's events: what the web app's generic act and filing forms
show for them. The engine still validates every payload and raises its findings."""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import DetailField, EventSpec, FieldHint, FormContext
from ..common import with_form_hints
from .complaints import earliest_hearing_date


def _filing_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """¶12: a sworn writing (the generic filing form's words are the Commission's but for the oath's)."""
    return {"sworn": FieldHint(label="La querella está jurada")} if ctx.filing else {}


def _hearing_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """¶15 (MUN-HEA-02): say up front the earliest hearing date a notice given today allows."""
    if ctx.calendar is None:
        return {}
    calendar, settings = ctx.calendar()
    earliest = earliest_hearing_date(ctx.day, calendar=calendar, settings=settings)
    return {
        "hearing_date": FieldHint(
            help="Con notificación hoy, la vista no puede celebrarse antes del %(day)s (¶15, %(rule)s).",
            params={"day": earliest, "rule": "MUN-HEA-02"},
        )
    }


def _stay_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """¶28 (MUN-SUS-13): only a court order stays the Commission's proceedings: it must be cited."""
    return {
        "court_order": FieldHint(
            required=True,
            help="La orden o resolución del tribunal que paraliza los procedimientos (¶28): tribunal, número y fecha.",
            required_message="Indique la orden del tribunal: solo una orden del tribunal paraliza los "
            "procedimientos (¶28).",
        )
    }


# ¶14: the dismissal resolution's contents, written out, are what its flags attest.
DISMISSAL_DETAILS = {
    "resolution_findings": DetailField(
        "Relación de hechos y determinaciones",
        rows=4,
        help="La resolución de desestimación contiene relación de hechos y determinaciones (¶14).",
        required_message="La resolución debe contener la relación de hechos y las determinaciones (¶14).",
        attests=("facts_stated", "findings_made"),
    ),
    "resolution_conclusions": DetailField(
        "Conclusiones de derecho",
        rows=4,
        help="Y sus conclusiones de derecho (¶14).",
        required_message="La resolución debe contener las conclusiones de derecho (¶14).",
        attests=("conclusions_of_law",),
    ),
}


def complaint_form_hints(events: Mapping[str, EventSpec]) -> dict[str, EventSpec]:
    """The complaint events with their form hints."""
    return with_form_hints(
        events,
        complaint_filed={"hints": _filing_hints, "hide": ("personal_knowledge", "provisions")},
        dismissed={"details": DISMISSAL_DETAILS},
        hearing_noticed={"hints": _hearing_hints},
        proceedings_suspended={"hints": _stay_hints},
    )


def filing_form_hints(events: Mapping[str, EventSpec], first: str) -> dict[str, EventSpec]:
    """The events of a kind whose first act is ``first``, with that act's filing hints."""
    return with_form_hints(events, **{first: {"hints": _filing_hints}})
