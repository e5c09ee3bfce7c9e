"""¶19–¶28: the special proceeding («Procedimiento Especial») to suspend a mayor from office and pay
while the complaint is heard: the court's 20-day term, the six factors, the 10-day certiorari term and
the absence of an automatic stay. Rules ``MUN-SUS-*``.

The evaluator tracks a ``suspension_proceeding`` case: ``court_decision`` (MUN-SUS-03, a term of the
court whose breach has no stated consequence) and ``review`` (MUN-SUS-11, the mayor's term).
"""

from __future__ import annotations

import datetime as dt

from ...engine import Context, Event, EventSpec, FieldSpec
from ...i18n import Msg, Quote
from ...vocabulary import SuspensionDeadline, SuspensionStage
from ..common import RuleSet, with_next_acts, with_order
from .complaints import first_after, today, watched

R = RuleSet()

R.add(
    "MUN-SUS-01",
    "STATE",
    "¶19",
    "Una vez presentados y notificados los cargos al Alcalde",
    "Presentados y notificados los cargos (el «Artículo 18.004» se lee como ¶12–¶13, ambigüedad 14), la "
    "Comisión puede incoar el «Procedimiento Especial» ante la Sala de San Juan del Tribunal Superior.",
)
R.add(
    "MUN-SUS-02",
    "VOTE",
    "¶19",
    "si la Comisión determina que el interés público así lo requiere",
    "Acudir al tribunal requiere una determinación de la Comisión (votación, MUN-QUO-01).",
)
R.add(
    "MUN-SUS-03",
    "DEADLINE",
    "¶19",
    "con prioridad a cualquier otro trámite y dentro de un término no mayor de veinte (20) días",
    "El tribunal determina, con prioridad, dentro de no más de 20 días desde la presentación si procede la "
    "suspensión de cargo y sueldo. Término del tribunal: se vigila; la ley no dice qué pasa si no se cumple "
    "y el caso ante la Comisión sigue (MUN-SUS-13).",
    term=(20, "days"),
)
R.add(
    "MUN-SUS-04",
    "RECORD",
    "¶20",
    "Al evaluar la solicitud el tribunal considerará los siguiente:",
    "La petición relaciona su evidencia con los seis factores que el tribunal considera.",
)
_FACTOR_REASON = "Criterio que pondera el tribunal; ventila solo registra qué evidencia se ofrece para él."
R.add(
    "MUN-SUS-05",
    "NOT-COMPUTABLE",
    "¶21",
    "una administración corrupta, fraudulenta e irresponsable o el abuso de autoridad",
    "Factor 1: administración corrupta, fraudulenta o irresponsable, o abuso de autoridad.",
    not_computable=_FACTOR_REASON,
)
R.add(
    "MUN-SUS-06",
    "NOT-COMPUTABLE",
    "¶22",
    "el historial administrativo previo del Alcalde",
    "Factor 2: historial administrativo previo del Alcalde.",
    not_computable=_FACTOR_REASON,
)
R.add(
    "MUN-SUS-07",
    "NOT-COMPUTABLE",
    "¶23",
    "la notoriedad o conocimiento público",
    "Factor 3: notoriedad o conocimiento público antes de los cargos.",
    not_computable=_FACTOR_REASON,
)
R.add(
    "MUN-SUS-08",
    "NOT-COMPUTABLE",
    "¶24",
    "la certeza o peso de la prueba",
    "Factor 4: certeza o peso de la prueba según los informes investigativos.",
    not_computable=_FACTOR_REASON,
)
R.add(
    "MUN-SUS-09",
    "NOT-COMPUTABLE",
    "¶25",
    "la urgencia de tomar medidas que protejan los bienes municipales",
    "Factor 5: urgencia de proteger los bienes municipales o la vida y salud de los ciudadanos.",
    not_computable=_FACTOR_REASON,
)
R.add(
    "MUN-SUS-10",
    "NOT-COMPUTABLE",
    "¶26",
    "la íntima vinculación de los hechos imputados a la administración",
    "Factor 6: vinculación de los hechos con la administración del municipio.",
    not_computable=_FACTOR_REASON,
)
R.add(
    "MUN-SUS-11",
    "DEADLINE",
    "¶27",
    "dentro de un término no mayor de diez (10) días contados a partir del archivo en autos",
    "El Alcalde suspendido puede pedir revisión al Tribunal Supremo mediante certiorari dentro de no más de "
    "10 días desde el archivo en autos de la notificación de la resolución.",
    term=(10, "days"),
)
R.add(
    "MUN-SUS-12",
    "RECORD",
    "¶27",
    "suspendiéndole de cargo y sueldo",
    "Se registra la fecha de efectividad de la suspensión: desde ella corren los sueldos si se le exonera "
    "(MUN-OUT-03).",
)
R.add(
    "MUN-SUS-13",
    "STATE",
    "¶28",
    "Salvo que el tribunal emita una orden o resolución para paralizar los procedimientos administrativos",
    "No hay paralización automática: el Procedimiento Especial y su revisión no detienen el caso ni sus "
    "términos; solo una orden del tribunal, anotada como suspensión de los procedimientos con la orden citada, "
    "los paraliza; sin la orden citada se señala y los términos siguen corriendo (ambigüedad 13, ajuste "
    "court_stay_tolls_terms).",
)

RULES = R.rules

FACTORS = (
    "corrupt_administration",
    "prior_record",
    "notoriety",
    "weight_of_evidence",
    "urgency",
    "link_to_administration",
)  # ¶21–¶26, in order

_F = FieldSpec
SUSPENSION_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("special_proceeding_filed", "Procedimiento Especial presentado en el Tribunal Superior (¶19)", {
            "charges_notified_on": _F("date", help="Fecha en que se notificaron los cargos al Alcalde (¶19)"),
            "factors": _F("choices", choices=FACTORS, help="Factores de ¶21–¶26 para los que se ofrece evidencia"),
            "public_interest_determined": _F("bool", help="La Comisión determinó por votación que el interés "
                                                          "público lo requiere (¶19)"),
        }),
        EventSpec("court_decision", "Determinación del tribunal sobre la suspensión", {
            "suspension_ordered": _F("bool", required=True, label="El tribunal ordenó la suspensión")}),
        EventSpec("suspension_order_notified", "Archivo en autos de la notificación de la resolución de suspensión", {
            "effective_date": _F("date", help="Fecha de efectividad de la suspensión de cargo y sueldo (¶27)")}),
        EventSpec("review_filed", "Certiorari presentado ante el Tribunal Supremo (¶27)"),
    )
}  # fmt: skip
# The terms of the special proceeding are the court's and the Mayor's: the Commission records them.
SUSPENSION_EVENTS = with_next_acts(
    SUSPENSION_EVENTS,
    {
        "special_proceeding_filed": "Cuando la Comisión presenta el Procedimiento Especial en el Tribunal "
        "Superior (¶19).",
        "court_decision": "Cuando el tribunal determina si procede la suspensión (¶20).",
        "suspension_order_notified": "Cuando se archiva en autos la notificación de la resolución de suspensión (¶27).",
        "review_filed": "Si el Alcalde pide revisión al Tribunal Supremo (¶27).",
    },
)

# What each act presupposes (never silent): each act of the special proceeding happens once — the court
# decides once (a later decision denying a suspension it ordered contradicts it), its order is notified
# once, the Mayor asks for review once.
SUSPENSION_EVENTS = with_order(
    SUSPENSION_EVENTS,
    once=("special_proceeding_filed", "court_decision", "suspension_order_notified", "review_filed"),
)

_NO_STAY_MSG = Msg("No paraliza el caso ante la Comisión ni sus términos, salvo orden del tribunal (¶28).")


def evaluate_suspension(ctx: Context) -> None:
    """Special suspension proceeding (¶19–¶28)."""
    filed = ctx.first("special_proceeding_filed")
    ordered: Event | None = None  # the last court decision seen that ordered the suspension
    order_notified = False
    for e in ctx.events:
        if e.type != "special_proceeding_filed" and (filed is None or e.at < filed.at):
            ctx.add_finding(
                "act_not_allowed",
                "MUN-SUS-01",
                Msg(
                    "«%(act)s» se registró antes del Procedimiento Especial.",
                    act=SUSPENSION_EVENTS[e.type].title,
                ),
                event=e.index,
            )
            continue
        # Never silent (issue 11, item 2): an act the proceeding cannot place is pointed at.
        if e.type == "court_decision" and e.get("suspension_ordered"):
            ordered = e
        elif e.type == "suspension_order_notified":
            if ordered is None:
                ctx.act_finding(
                    e,
                    "MUN-SUS-03",
                    Msg(
                        "«%(act)s» (%(day)s) sin una determinación previa del tribunal que ordene la suspensión (¶19, "
                        "¶27): no se tiene en cuenta. Registre antes la determinación del tribunal.",
                    ),
                )
            else:
                order_notified = True
        elif e.type == "review_filed" and not order_notified:
            ctx.act_finding(
                e,
                "MUN-SUS-11",
                Msg(
                    "«%(act)s» (%(day)s) sin una resolución de suspensión notificada antes: el certiorari se "
                    "presenta «%(quote)s» de esa notificación (¶27), así que no se tiene en cuenta.",
                    quote=Quote("contados a partir del archivo en autos"),
                ),
            )
    if filed is None:
        ctx.stage = SuspensionStage.NEW
        ctx.allowed_next = ["special_proceeding_filed"]
        return
    charged = filed.get("charges_notified_on")
    if charged is not None and charged > filed.day:
        ctx.add_finding(
            "special_proceeding_premature",
            "MUN-SUS-01",
            Msg(
                "El Procedimiento Especial se presentó el %(day)s, antes de notificarse los cargos al Alcalde "
                "(%(charged)s): procede «%(quote)s» (¶19).",
                day=filed.day,
                charged=charged,
                quote=Quote("una vez presentados y notificados los cargos"),
            ),
        )
    if filed.get("public_interest_determined") is False:
        ctx.add_finding(
            "special_proceeding_without_determination",
            "MUN-SUS-02",
            Msg(
                "La Comisión acude al tribunal «si… determina que el interés público así lo requiere» (¶19): no consta "
                "esa determinación (votación, MUN-QUO-01)."
            ),
        )
    decision = first_after(ctx, "court_decision", filed)
    note = Msg("Término del tribunal: la ley no dice qué ocurre si vence. %(no_stay)s", no_stay=_NO_STAY_MSG)
    label = Msg("presentación del Procedimiento Especial")
    watched(ctx, SuspensionDeadline.COURT_DECISION, "MUN-SUS-03", filed, decision, label, note)
    if decision is None:
        ctx.stage = SuspensionStage.AWAITING_COURT_DECISION
        ctx.allowed_next = ["court_decision"]
        return
    if not decision.get("suspension_ordered"):
        ctx.stage = SuspensionStage.SUSPENSION_DENIED
        ctx.allowed_next = []
        return
    notified = first_after(ctx, "suspension_order_notified", decision)
    if notified is None:
        ctx.stage = SuspensionStage.SUSPENSION_ORDERED
        ctx.allowed_next = ["suspension_order_notified"]
        return
    if notified.get("effective_date") is None:
        ctx.add_finding(
            "suspension_effective_date_missing",
            "MUN-SUS-12",
            Msg(
                "Registre la fecha de efectividad de la suspensión de cargo y sueldo: de ella dependen los sueldos "
                "si el Alcalde es exonerado (¶31)."
            ),
        )
    review = first_after(ctx, "review_filed", notified)
    note = Msg("La revisión por el Tribunal Supremo tampoco paraliza. %(no_stay)s", no_stay=_NO_STAY_MSG)
    r = watched(
        ctx, SuspensionDeadline.REVIEW, "MUN-SUS-11", notified, review, Msg("archivo en autos de la notificación"), note
    )
    if review is not None:
        ctx.stage = SuspensionStage.UNDER_REVIEW
        ctx.allowed_next = []
        if r.status == "missed":
            ctx.add_finding(
                "review_request_untimely",
                "MUN-SUS-11",
                Msg(
                    "El certiorari se presentó el %(day)s, después del término de %(term)s que venció el "
                    "%(due_date)s (¶27).",
                    day=review.day,
                    term=r.term.msg(),
                    due_date=r.due_date,
                ),
            )
        return
    ctx.stage = SuspensionStage.SUSPENDED_FROM_OFFICE
    ctx.changes_from(r.due_date + dt.timedelta(days=1))
    ctx.allowed_next = ["review_filed"] if today(ctx) <= r.due_date else []
