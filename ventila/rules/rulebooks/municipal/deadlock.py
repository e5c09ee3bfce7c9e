"""¶35–¶36: friction («estado de fricción») between the Municipal Assembly and the Mayor — the report
to the Governor, the referral to the Commission, the investigation, the hearing, the recommendations
within 15 days and the vacancies. Rules ``MUN-DLK-*``.

Pure helper: :func:`assess_deadlock_vacancy` (MUN-DLK-07 under ambiguity 11).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from ...engine import Context, Event, EventSpec, FieldSpec
from ...i18n import Msg, Quote
from ...vocabulary import DeadlockDeadline, DeadlockStage
from ..common import RuleSet, with_next_acts, with_order
from .complaints import check_hearing_notice, first_after, optional_int_setting, term_missed, today, watched

R = RuleSet()

R.add(
    "MUN-DLK-01",
    "SUBSTANTIVE",
    "¶35",
    "Si en el municipio existe un estado de fricción entre la Asamblea y el Alcalde",
    "Umbral: una fricción tal que el crédito o los asuntos públicos municipales sufren demoras o perjuicios, "
    "o corren el riesgo de sufrirlos.",
)
R.add(
    "MUN-DLK-02",
    "ROLE",
    "¶35",
    "el Alcalde o la Asamblea deberá rendir un informe sobre tal circunstancia al Gobernador",
    "El Alcalde o la Asamblea informa la situación al Gobernador (deadlock_reported); sin término.",
)
R.add(
    "MUN-DLK-03",
    "DEADLINE",
    "¶35",
    "Inmediatamente que reciba el informe antes referido, el Gobernador referirá éste a la Comisión",
    "El Gobernador refiere el informe a la Comisión de inmediato (el mismo día); el caso se abre con el "
    "referido. Término del Gobernador: se vigila; la ley no dice qué pasa si no se cumple.",
    term=(0, "days"),
)
R.add(
    "MUN-DLK-04",
    "DEADLINE",
    "¶35",
    "jefes de departamentos que inmediatamente pongan a disposición de la Comisión",
    "Por orden del Gobernador, los jefes de departamento entregan de inmediato (el mismo día) a la Comisión "
    "toda la documentación sobre los asuntos públicos del municipio. Se vigila; sin consecuencia establecida.",
    term=(0, "days"),
)
R.add(
    "MUN-DLK-05",
    "STATE",
    "¶36",
    "Practicada la investigación, y celebrada una vista",
    "Investigación, vista y recomendaciones; la vista se notifica con no menos de 15 días de antelación a "
    "todas las partes interesadas (ambigüedad 12, ajuste deadlock_hearing_notice_days).",
)
R.add(
    "MUN-DLK-06",
    "DEADLINE",
    "¶36",
    "informe con sus recomendaciones en un término no mayor de quince (15) días, contados a partir de la "
    "fecha de concluida la vista",
    "La Comisión rinde su informe con recomendaciones dentro de no más de 15 días desde que concluye la "
    "vista. Si vence, se advierte (compulsory_term_missed; ambigüedad 4).",
    term=(15, "days"),
)
R.add(
    "MUN-DLK-07",
    "STATE",
    "¶36",
    "Cuando ninguna o ambas partes se allanen a las recomendaciones de la Comisión",
    "Si ninguna o ambas partes se allanan y la situación puede causar daño irreparable a la ciudadanía, la "
    "Comisión declarará vacante el cargo de Alcalde y los de cualquier número de asambleístas (lectura "
    "literal, ambigüedad 11, ajuste deadlock_vacancy_acceptance).",
)
R.add(
    "MUN-DLK-08",
    "SUBSTANTIVE",
    "¶36",
    "se cubrirán en la misma forma dispuesta en esta ley para los casos en que ocurran vacantes",
    "Las vacantes se cubren como en casos de incapacidad total y permanente, muerte o renuncia (otras "
    "disposiciones de la ley): se remite.",
)
R.add(
    "MUN-DLK-09",
    "VALIDATION",
    "¶36",
    "no adoptará resolución alguna hasta después de celebrarse una vista",
    "Ninguna resolución antes de una vista en que todas las partes interesadas sean oídas y puedan presentar prueba.",
)

RULES = R.rules

_F = FieldSpec
_POSITIONS = {
    "mayor_accepts": _F("bool", help="El Alcalde se allana a las recomendaciones"),
    "assembly_accepts": _F("bool", help="La Asamblea se allana a las recomendaciones"),
}
_VACANCY = {
    "irreparable_harm": _F("bool", help="La situación puede ocasionar daño irreparable a la ciudadanía (¶36)"),
    "vacancies": _F(
        "choices",
        choices=("mayor", "assembly_members"),
        help="Cargos declarados vacantes (¶36)",
        labels={"mayor": "El cargo de Alcalde (¶36)", "assembly_members": "Escaños de la Asamblea Municipal (¶36)"},
    ),
    "assembly_seats": _F("int", help="Número de escaños de la Asamblea declarados vacantes"),
}
DEADLOCK_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("deadlock_reported", "Informe de fricción rendido al Gobernador (¶35)", {
            "by": _F("choice", choices=("mayor", "municipal_assembly"), labels={
                "mayor": "El Alcalde (¶35)", "municipal_assembly": "La Asamblea Municipal (¶35)"})}),
        EventSpec("referred_to_commission", "Informe referido por el Gobernador a la Comisión (¶35)"),
        EventSpec("governor_order_issued", "Orden del Gobernador a los jefes de departamento (¶35)"),
        EventSpec("documents_delivered", "Documentación entregada a la Comisión por los departamentos (¶35)"),
        EventSpec("hearing_noticed", "Vista señalada y notificada a las partes interesadas", {
            "hearing_date": _F("datetime", required=True),
            "served_on": _F("date", help="Fecha de la última notificación diligenciada (ambigüedad 3)"),
            "all_parties": _F("bool", help="Se notificó a todas las partes interesadas (¶36)"),
        }),
        EventSpec("hearing_concluded", "Vista concluida (¶36)"),
        EventSpec("recommendations_issued", "Informe con recomendaciones de la Comisión (¶36)",
                  {**_POSITIONS, **_VACANCY}),
        EventSpec("positions_recorded", "Posición de las partes ante las recomendaciones (¶36)", dict(_POSITIONS)),
        EventSpec("vacancies_declared", "Vacantes declaradas por la Comisión (¶36)", dict(_VACANCY)),
    )
}  # fmt: skip
DEADLOCK_EVENTS = with_next_acts(
    DEADLOCK_EVENTS,
    {
        "deadlock_reported": "Cuando el Alcalde o la Asamblea Municipal informa la fricción al Gobernador (¶35).",
        "referred_to_commission": "Cuando el Gobernador refiere el informe a la Comisión (¶35).",
        "governor_order_issued": "Cuando el Gobernador ordena a los jefes de departamento entregar la "
        "documentación (¶35).",
        "documents_delivered": "Cuando los departamentos entregan la documentación a la Comisión (¶35).",
        "hearing_noticed": "Al señalar la vista y notificarla a todas las partes interesadas (¶36).",
        "hearing_concluded": "Cuando termina la vista; empiezan los 15 días para las recomendaciones (¶36).",
        "recommendations_issued": "Al rendir el informe con recomendaciones (¶36).",
        "positions_recorded": "Cuando las partes dicen si aceptan las recomendaciones (¶36).",
        "vacancies_declared": "Si las partes no aceptan las recomendaciones y procede declarar vacantes (¶36).",
    },
    meets={"recommendations_issued": ("recommendations",)},  # MUN-DLK-06
)


# What each act presupposes (never silent): the Governor refers a report made to him, the departments
# deliver what he ordered, the hearing ends once noticed (recommendations before it are the evaluator's
# MUN-DLK-09 finding), the parties answer recommendations issued; each act of ¶35–¶36 happens once (the
# hearing may be noticed anew and held over several sessions).
DEADLOCK_EVENTS = with_order(
    DEADLOCK_EVENTS,
    after={
        "referred_to_commission": ("deadlock_reported",),
        "documents_delivered": ("governor_order_issued",),
        "hearing_noticed": ("referred_to_commission",),
        "hearing_concluded": ("hearing_noticed",),
        "positions_recorded": ("recommendations_issued",),
        "vacancies_declared": ("positions_recorded",),
    },
    # The recommendations are made once the hearing is over (¶36): a session concluded after them is out of
    # place (it would move the 15 days past the recommendations that met them).
    not_after={"hearing_concluded": ("recommendations_issued",)},
    once=(
        "deadlock_reported",
        "referred_to_commission",
        "governor_order_issued",
        "documents_delivered",
        "recommendations_issued",
        "positions_recorded",
        "vacancies_declared",
    ),
    # The hearing noticed anew (rescheduled); a hearing of several sessions concluded at each: the 15 days of
    # ¶36 run from the last (``ctx.last``), an earlier conclusion changes nothing.
    repeatable=("hearing_noticed", "hearing_concluded"),
)


# --- MUN-DLK-07: the vacancy rule -------------------------------------------------------------------


@dataclass(frozen=True)
class VacancyAssessment:
    """What MUN-DLK-07 calls for: ``required`` = the Mayor's office must be declared vacant (and any
    number of Assembly seats may be); ``missing`` lists what is not yet on record."""

    required: bool
    missing: tuple[str, ...]
    warnings: tuple[Msg, ...]
    reason: Msg


AcceptanceReading = Literal["neither_or_both", "neither", "not_both"]


def assess_deadlock_vacancy(
    *,
    mayor_accepts: bool | None,
    assembly_accepts: bool | None,
    irreparable_harm: bool | None,
    hearing_held: bool,
    reading: str = "neither_or_both",
) -> VacancyAssessment:
    """MUN-DLK-07: «Cuando ninguna o ambas partes se allanen… y la situación sea de tal naturaleza que
    pueda ocasionar daño irreparable… declarará vacante el cargo de Alcalde».

    Interpretation (ambiguity 11, setting ``deadlock_vacancy_acceptance``): ``neither_or_both`` (the
    literal text, default), ``neither``, or ``not_both``. Nothing is required until each party's
    position, the harm finding and the DLK-09 hearing are on record.
    """
    missing: list[Msg] = []
    if not hearing_held:
        missing.append(Msg("la vista (¶36)"))
    if mayor_accepts is None:
        missing.append(Msg("la posición del Alcalde"))
    if assembly_accepts is None:
        missing.append(Msg("la posición de la Asamblea"))
    if irreparable_harm is None:
        missing.append(Msg("la determinación de daño irreparable"))
    if missing:
        return VacancyAssessment(
            False,
            tuple(m.es() for m in missing),
            (),
            Msg("Faltan en el expediente: %(missing)s.", missing=tuple(missing)),
        )
    accepted = int(bool(mayor_accepts)) + int(bool(assembly_accepts))
    if reading == "neither":
        meets = accepted == 0
    elif reading == "not_both":
        meets = accepted < 2
    elif reading == "neither_or_both":
        meets = accepted in (0, 2)
    else:
        raise ValueError(f"lectura desconocida: {reading!r}")
    warnings: list[Msg] = []
    if accepted == 2 and meets:
        warnings.append(
            Msg(
                "Ambas partes se allanaron y la lectura literal de ¶36 («ninguna o ambas») aun así exige "
                "declarar vacantes; probablemente es un error del texto (ambigüedad 11)."
            )
        )
    if accepted == 1:
        warnings.append(Msg("Solo una parte se allanó: el texto no prevé ese caso (ambigüedad 11)."))
    required = meets and bool(irreparable_harm)
    if required:
        reason = Msg("Procede declarar vacante el cargo de Alcalde y, si se estima, escaños de la Asamblea (¶36).")
    elif not irreparable_harm:
        reason = Msg("No se determinó daño irreparable: no procede declarar vacantes (¶36).")
    else:
        reason = Msg("Las posiciones de las partes no son las que ¶36 exige para declarar vacantes.")
    return VacancyAssessment(required, (), tuple(warnings), reason)


# --- Evaluation -----------------------------------------------------------------------------------------


def _latest(ctx: Context, types: tuple[str, ...], name: str, until: dt.date | None = None) -> object:
    value = None
    for e in ctx.events:
        if e.type in types and name in e.payload and (until is None or e.day <= until):
            value = e.payload[name]
    return value


def evaluate_deadlock(ctx: Context) -> None:
    """Deadlock between the Municipal Assembly and the Mayor (¶35–¶36)."""
    reported = ctx.first("deadlock_reported")
    referred = ctx.first("referred_to_commission")
    if reported is not None:
        note = Msg("Término del Gobernador («inmediatamente»): se vigila; sin consecuencia establecida (¶35).")
        label = Msg("recibo del informe por el Gobernador")
        watched(ctx, DeadlockDeadline.REFER_TO_COMMISSION, "MUN-DLK-03", reported, referred, label, note)
    order = ctx.first("governor_order_issued")
    if order is not None:
        delivered = first_after(ctx, "documents_delivered", order)
        note = Msg(
            "Término de los jefes de departamento («inmediatamente»): se vigila; sin consecuencia establecida (¶35)."
        )
        label = Msg("orden del Gobernador")
        watched(ctx, DeadlockDeadline.DELIVER_DOCUMENTS, "MUN-DLK-04", order, delivered, label, note)
    _check_resolutions(ctx)
    # MUN-POW-02: the Commission acts on a friction situation once the Governor refers it (¶6, ¶35).
    for e in ctx.events:
        if e.type in _COMMISSION_ACTS and (referred is None or e.at < referred.at):
            ctx.act_finding(
                e,
                "MUN-POW-02",
                Msg(
                    "«%(act)s» (%(day)s) antes de que el Gobernador refiriera el informe a la Comisión (¶35).",
                ),
            )
    if referred is None:
        ctx.stage = DeadlockStage.NEW if reported is None else DeadlockStage.REPORTED
        ctx.allowed_next = ["deadlock_reported"] if reported is None else ["referred_to_commission"]
        return

    notice_days = optional_int_setting(ctx, "deadlock_hearing_notice_days")
    for e in ctx.all("hearing_noticed"):
        if notice_days is not None:
            check_hearing_notice(ctx, e, "MUN-DLK-05", notice_days=notice_days)
        if e.get("all_parties") is False:
            ctx.add_finding(
                "hearing_notice_recipients_missing",
                "MUN-DLK-09",
                Msg("La vista debe notificarse a todas las partes interesadas, que serán oídas (¶36)."),
                event=e.index,
            )
    side: list[str] = []
    if order is None:
        side.append("governor_order_issued")
    elif first_after(ctx, "documents_delivered", order) is None:
        side.append("documents_delivered")
    concluded = ctx.last("hearing_concluded")
    if concluded is None:
        _positions_too_early(ctx)
        ctx.stage = DeadlockStage.HEARING_SCHEDULED if ctx.has("hearing_noticed") else DeadlockStage.UNDER_INVESTIGATION
        nxt = ["hearing_noticed"]
        if ctx.has("hearing_noticed"):
            nxt.insert(0, "hearing_concluded")
        ctx.allowed_next = nxt + side
        return
    recs = first_after(ctx, "recommendations_issued", concluded)
    d = ctx.add_deadline(
        DeadlockDeadline.RECOMMENDATIONS,
        "MUN-DLK-06",
        concluded,
        satisfied=recs,
        start_label=Msg("conclusión de la vista"),
    )
    if d.status == "missed":
        term_missed(ctx, d, "rendir el informe con recomendaciones")
    if recs is None:
        _positions_too_early(ctx)
        ctx.stage = DeadlockStage.AWAITING_RECOMMENDATIONS
        ctx.allowed_next = ["recommendations_issued", *side]
        return
    _assess(ctx, recs)


def _positions_too_early(ctx: Context) -> None:
    """Never silent: the parties' positions recorded before the recommendations issued after the hearing
    answer nothing yet (¶36); each is pointed at."""
    _point_at_positions(
        ctx,
        ctx.all("positions_recorded"),
        "MUN-DLK-09",
        Msg("antes de las recomendaciones de la Comisión tras la vista: no contesta ninguna (¶36)"),
    )


def _point_at_positions(ctx: Context, events: list[Event], rule_id: str, why: Msg) -> None:
    """Point at records of the parties' positions that change nothing (never silent), saying why."""
    for e in events:
        ctx.add_finding(
            "act_not_allowed",
            rule_id,
            Msg("«%(act)s» (%(day)s) %(why)s.", act=DEADLOCK_EVENTS["positions_recorded"].title, day=e.day, why=why),
            event=e.index,
        )


_COMMISSION_ACTS = frozenset(
    {"hearing_noticed", "hearing_concluded", "recommendations_issued", "positions_recorded", "vacancies_declared"}
)


def _check_resolutions(ctx: Context) -> None:
    """MUN-DLK-09: no resolution before a hearing."""
    for e in ctx.events:
        if e.type in ("recommendations_issued", "vacancies_declared") and not any(
            h.at <= e.at for h in ctx.all("hearing_concluded")
        ):
            ctx.act_finding(
                e,
                "MUN-DLK-09",
                Msg(
                    "«%(act)s» (%(day)s) antes de celebrarse la vista: la Comisión «%(quote)s» (¶36).",
                    quote=Quote("no adoptará resolución alguna hasta después de celebrarse una vista"),
                ),
                finding="resolution_before_hearing",
            )


def _assess(ctx: Context, recs: Event) -> None:
    # Interpretation (ambiguity 11, setting deadlock_acceptance_window_days): with a window, a party whose
    # position is not on record when it closes is taken as not accepting; without one, we wait.
    window = optional_int_setting(ctx, "deadlock_acceptance_window_days")
    until = recs.day + dt.timedelta(days=window) if window is not None else None
    types = ("recommendations_issued", "positions_recorded")
    _point_at_positions(  # a record of positions that states none
        ctx,
        [
            e
            for e in ctx.all("positions_recorded")
            if e.get("mayor_accepts") is None and e.get("assembly_accepts") is None
        ],
        "MUN-DLK-07",
        Msg("no consigna si el Alcalde o la Asamblea aceptan las recomendaciones: no cambia nada (¶36)"),
    )
    mayor = _latest(ctx, types, "mayor_accepts", until)
    assembly = _latest(ctx, types, "assembly_accepts", until)
    if until is not None:
        ctx.changes_from(until + dt.timedelta(days=1))
    if until is not None and today(ctx) > until:
        mayor = False if mayor is None else mayor
        assembly = False if assembly is None else assembly
    vtypes = ("recommendations_issued", "vacancies_declared")
    harm = _latest(ctx, vtypes, "irreparable_harm")
    vacancies = _latest(ctx, vtypes, "vacancies") or ()
    seats = _latest(ctx, vtypes, "assembly_seats")
    assert isinstance(vacancies, tuple)
    a = assess_deadlock_vacancy(
        mayor_accepts=mayor if isinstance(mayor, bool) else None,
        assembly_accepts=assembly if isinstance(assembly, bool) else None,
        irreparable_harm=harm if isinstance(harm, bool) else None,
        hearing_held=True,
        reading=str(ctx.settings["deadlock_vacancy_acceptance"]),
    )
    for w in a.warnings:
        ctx.add_finding("deadlock_acceptance_ambiguous", "MUN-DLK-07", w)
    declared = bool(vacancies) or bool(seats)
    if declared and not a.required:
        ctx.add_finding(
            "vacancy_not_warranted",
            "MUN-DLK-07",
            Msg(
                "Se declararon vacantes sin que se cumplan las condiciones de ¶36. %(reason)s",
                reason=a.reason,
            ),
        )
    if a.required and "mayor" not in vacancies:
        ctx.add_finding(
            "vacancy_required",
            "MUN-DLK-07",
            Msg(
                "Se cumplen las condiciones de ¶36: la Comisión «declarará vacante el cargo de Alcalde» "
                "(y los de cualquier número de asambleístas)."
            ),
        )
    if declared:
        ctx.add_finding(
            "vacancy_filling_handoff",
            "MUN-DLK-08",
            Msg(
                "Las vacantes se cubren en la forma que la ley dispone para incapacidad total y "
                "permanente, muerte o renuncia (¶36): remita el caso."
            ),
        )
    ctx.stage = DeadlockStage.VACANCIES_DECLARED if declared else DeadlockStage.RECOMMENDATIONS_ISSUED
    nxt: list[str] = []
    if a.missing and not declared:
        nxt.append("positions_recorded")
    if not declared and (a.required or a.missing):
        nxt.append("vacancies_declared")
    ctx.allowed_next = nxt
