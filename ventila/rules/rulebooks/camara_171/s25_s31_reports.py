"""Secs. 25–31: the Final Report and its routing, referral to other bodies, sanctions,
regulations, constitutional guarantee, amendments, severability and entry into force.
Rules ``CAM-25-*`` to ``CAM-31-*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from ...engine import Context, Event, EventSpec, FieldHint, FieldSpec, FormContext, KindSpec
from ...i18n import Msg, Raw
from ...vocabulary import Actor, ComplaintDeadline, RegulationDeadline, RegulationStage
from ...votes import required_yes
from ..common import RuleSet, with_form_hints, with_next_acts, with_order

R = RuleSet()

R.add(
    "CAM-25-01",
    "VOTE",
    "Sec. 25",
    "una mayoría absoluta de sus votos",
    "Las determinaciones del Informe Final requieren mayoría absoluta (umbral de la Sec. 6; A-6).",
)
R.add(
    "CAM-25-02",
    "STATE",
    "Sec. 25(1)",
    "un proceso de expulsión",
    "Representante: la Comisión radica cargos en la Secretaría para un proceso de expulsión (Const. Art. III §§9, 21).",
)
R.add(
    "CAM-25-03",
    "STATE",
    "Sec. 25(2)",
    "base sustancial para decretar su remoción",
    "Funcionario: la Comisión radica cargos de remoción en la Secretaría.",
)
R.add(
    "CAM-25-04",
    "STATE",
    "Sec. 25(3)",
    "al Cuerpo en Pleno, por conducto de la Secretaría",
    "Cargos probados sin expulsión: el Informe Final va al Cuerpo en Pleno, que adopta o fija otra sanción.",
)
R.add(
    "CAM-25-05",
    "DEADLINE",
    "Sec. 25(3)",
    "será inmediatamente referido al Cuerpo",
    "El Informe Final sobre un Representante se refiere inmediatamente (el mismo día) al Cuerpo.",
    term=(0, "business_days"),
)
R.add(
    "CAM-25-06",
    "STATE",
    "Sec. 25(3)(1)",
    "conforme a su discreción",
    "Jefe de dependencia con cargos probados: el informe va al Presidente de la Cámara, que fija la sanción (A-30).",
)
R.add(
    "CAM-251-01",
    "STATE",
    "Sec. 25.1",
    "cualquier otro organismo gubernamental pertinente",
    "La Comisión puede recomendar referir el asunto a otro organismo; se registra.",
)
R.add(
    "CAM-252-01", "STATE", "Sec. 25.2", "las mociones privilegiadas", "El Informe se tramita como moción privilegiada."
)
R.add(
    "CAM-26A-01",
    "STATE",
    "Sec. 26(a)",
    "a discreción del Cuerpo en Pleno",
    "Representante (el Pleno): amonestación, reprimenda pública, censura, multa, expulsión.",
)
R.add(
    "CAM-26A-02",
    "VALIDATION",
    "Sec. 26(a)(4)",
    "no menor de $250.00 hasta un máximo de $5,000.00",
    "La multa a un Representante está entre $250.00 y $5,000.00.",
)
R.add(
    "CAM-26B-01",
    "STATE",
    "Sec. 26(b)",
    "Destitución del cargo que ocupe",
    "Funcionario (la Cámara): amonestación, reprimenda pública, censura, suspensión de empleo y sueldo, destitución.",
)
R.add(
    "CAM-26C-01",
    "ROLE",
    "Sec. 26(c)",
    "por el Presidente de la Cámara o por el Funcionario en quien ésta delegue",
    "Jefe de dependencia o empleado (el Presidente o su delegado): amonestación verbal, reprimenda escrita, "
    "suspensión, descenso, traslado, destitución.",
)
R.add(
    "CAM-27-01",
    "DEADLINE",
    "Sec. 27",
    "dentro de los diez (10) días laborables siguientes a su radicación",
    "La Cámara puede rechazar un reglamento de la Comisión dentro de 10 días laborables desde su radicación; "
    "rige de inmediato salvo rechazo.",
    term=(10, "business_days"),
)
R.add(
    "CAM-27-02",
    "VOTE",
    "Sec. 27",
    "la mayoría absoluta de los miembros de la Cámara",
    "Umbral para rechazar un reglamento: mayoría absoluta del total de miembros de la Cámara (A-31).",
)
R.add(
    "CAM-27-03",
    "DEADLINE",
    "Sec. 27",
    "no mayor de treinta (30) días laborables luego de aprobado",
    "El Código se circula a todo Representante, funcionario y jefe de dependencia dentro de 30 días laborables "
    "de aprobado.",
    term=(30, "business_days"),
)
R.add(
    "CAM-28-01",
    "NOT-COMPUTABLE",
    "Sec. 28",
    "todos los derechos enumerados en la Carta de Derechos",
    "Garantía constitucional.",
    not_computable="Declara derechos constitucionales; no fija término, voto ni dato.",
)
R.add(
    "CAM-29-01",
    "VOTE",
    "Sec. 29",
    "mayoría absoluta del total de los miembros de la Cámara",
    "Umbral para enmendar o derogar el Código; el Código se versiona.",
)
R.add(
    "CAM-30-01",
    "NOT-COMPUTABLE",
    "Sec. 30",
    "no afectará la validez del resto",
    "Separabilidad.",
    not_computable="Cláusula de separabilidad; no opera sobre los casos.",
)
R.add(
    "CAM-31-01",
    "RECORD",
    "Sec. 31",
    "comenzará a regir inmediatamente luego de su aprobación",
    "Se guarda la fecha de aprobación del Código (ajuste code_approval_date; el texto no la da, A-3).",
)

RULES = R.rules

# Sec. 26: the sanctions each respondent role can receive, and who imposes them.
SANCTIONS_BY_ROLE: dict[str, tuple[str, tuple[str, ...]]] = {
    "representative": ("CAM-26A-01", ("admonition", "public_reprimand", "censure", "fine", "expulsion")),
    "officer": ("CAM-26B-01", ("admonition", "public_reprimand", "censure", "suspension_without_pay", "removal")),
    "department_head": ("CAM-26C-01", (
        "verbal_admonition", "written_reprimand", "suspension_without_pay", "demotion", "transfer", "removal")),
    "employee": ("CAM-26C-01", (
        "verbal_admonition", "written_reprimand", "suspension_without_pay", "demotion", "transfer", "removal")),
}  # fmt: skip

SANCTION_ES: dict[str, str] = {
    "admonition": "Amonestación",
    "public_reprimand": "Reprimenda pública",
    "censure": "Voto de censura",
    "fine": "Multa",
    "expulsion": "Expulsión",
    "suspension_without_pay": "Suspensión de empleo y sueldo",
    "removal": "Destitución",
    "verbal_admonition": "Amonestación verbal",
    "written_reprimand": "Reprimenda escrita",
    "demotion": "Descenso en categoría",
    "transfer": "Traslado",
}

# Sec. 26(a)(4): the fine range for Representatives, in dollars.
FINE_RANGE: dict[str, tuple[float, float]] = {"representative": (250.00, 5000.00)}


def allowed_sanctions(role: str) -> tuple[str, tuple[str, ...]]:
    """(rule id, sanctions) Sec. 26 allows for a respondent of this role."""
    return SANCTIONS_BY_ROLE[role]


def sanctions_for(role: str) -> tuple[str, ...]:
    """The sanctions Sec. 26 allows for a respondent of this role (none for a role it does not name)."""
    return SANCTIONS_BY_ROLE[role][1] if role in SANCTIONS_BY_ROLE else ()


def report_route(role: str) -> str:
    """Where the Final Report goes (Sec. 25): the House in Pleno for Representatives and officers,
    the Speaker for department heads and employees."""
    return final_report_route(role).to


@dataclass(frozen=True)
class ReportRoute:
    """Where a Final Report with proven charges goes, and what the Commission does (Sec. 25)."""

    to: str  # house | speaker
    rule_id: str
    action: str  # Spanish
    privileged_motion: bool = False  # Sec. 25.2 (CAM-252-01)


def final_report_route(role: str, recommendation: str | None = None) -> ReportRoute:
    """Sec. 25: the route of a Final Report whose charges were found true, by the respondent's role.

    ``recommendation`` ``expulsion`` (Representative, Sec. 25(1)) or ``removal`` (officer,
    Sec. 25(2)) means the Commission files charges with the Secretaría; otherwise the report goes
    to the Body in Pleno (Sec. 25(3)), or to the Speaker for department heads and employees
    (Sec. 25(3)(1)). Reports to the Pleno are processed as privileged motions (Sec. 25.2).
    """
    if role == "representative" and recommendation == "expulsion":
        return ReportRoute(
            "house",
            "CAM-25-02",
            "La Comisión radica cargos en la Secretaría para un proceso de expulsión (Const. Art. III §§9, 21).",
            True,
        )
    if role == "officer" and recommendation == "removal":
        return ReportRoute(
            "house",
            "CAM-25-03",
            "La Comisión radica en la Secretaría cargos para decretar la remoción del funcionario.",
            True,
        )
    if role in ("representative", "officer"):
        return ReportRoute(
            "house",
            "CAM-25-04",
            "El Informe Final se remite al Cuerpo en Pleno por conducto de "
            "la Secretaría, que lo adopta o fija otra sanción (Sec. 26).",
            True,
        )
    return ReportRoute(
        "speaker",
        "CAM-25-06",
        "El Informe Final se remite al Presidente de la Cámara por "
        "conducto de la Secretaría; el Presidente fija la sanción a su discreción.",
    )


PRIVILEGED_MOTION_RULE = "CAM-252-01"
OTHER_BODY_REFERRAL_RULE = "CAM-251-01"


def check_fine(role: str, amount: Decimal | float) -> Msg | None:
    """A message when the fine is outside the range Sec. 26(a)(4) sets; None when valid."""
    if role not in FINE_RANGE:
        return Msg("El Código solo prevé multa para Representantes (Sec. 26(a)).")
    low, high = FINE_RANGE[role]
    if not low <= amount <= high:
        return Msg(
            "La multa de %(amount)s está fuera del rango de %(low)s a %(high)s (Sec. 26(a)(4)).",
            amount=Raw(f"${amount:,.2f}"),
            low=Raw(f"${low:,.2f}"),
            high=Raw(f"${high:,.2f}"),
        )
    return None


def check_sanctions(ctx: Context, event: Event) -> None:
    role = ctx.respondent.role
    rule_id, allowed = allowed_sanctions(role)
    chosen: tuple[str, ...] = event.get("sanctions") or ()
    for s in chosen:
        if s not in allowed:
            ctx.add_finding(
                "sanction_not_allowed",
                rule_id,
                Msg(
                    "«%(sanction)s» no es una sanción que la Sec. 26 permita para este cargo (permitidas: "
                    "%(allowed)s).",
                    sanction=SANCTION_ES[s],
                    allowed=tuple(SANCTION_ES[a] for a in allowed),
                ),
                sanction=s,
                event=event.index,
            )
    amount = event.get("fine_amount")
    if "fine" in chosen or amount is not None:
        if amount is None:
            ctx.add_finding(
                "fine_amount_missing", "CAM-26A-02", Msg("Se impuso multa sin indicar la cantidad."), event=event.index
            )
        else:
            msg = check_fine(role, Decimal(str(amount)))
            if msg is not None:
                ctx.add_finding("fine_out_of_range", "CAM-26A-02", msg, amount=str(amount), event=event.index)


def referral_deadline(ctx: Context, resolved: Event) -> None:
    referred = ctx.first("report_referred")
    ctx.add_deadline(
        ComplaintDeadline.REFER_FINAL_REPORT,
        "CAM-25-05",
        resolved,
        satisfied=referred,
        start_label=Msg("Informe Final del %(day)s", day=resolved.day),
    )


# --- Sec. 27: the Commission's regulations and the circulation of the Code ----------------------

REGULATION_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("regulation_filed", "Reglamento radicado en la Secretaría", {"title": FieldSpec("str")}),
        EventSpec("regulation_rejected", "Reglamento rechazado por la Cámara", {
            "yes_votes": FieldSpec("int", required=True, help="Votos a favor del rechazo")}),
        EventSpec("code_approved", "Código aprobado"),
        EventSpec("code_circulated", "Código circulado a Representantes, funcionarios y jefes de dependencia"),
    )
}  # fmt: skip
REGULATION_EVENTS = with_next_acts(
    REGULATION_EVENTS,
    {
        "regulation_filed": "Al radicar un reglamento de la Comisión en la Secretaría (Sec. 27).",
        "regulation_rejected": "Si la Cámara lo rechaza dentro de 10 días laborables (Sec. 27).",
        "code_approved": "Cuando se aprueba el Código.",
        "code_circulated": "Al circular el Código a todo Representante, funcionario y jefe de dependencia (Sec. 27).",
    },
    meets={"code_circulated": ("circulate_code",)},  # CAM-27-03
)


def _regulation_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """Sec. 27: a regulation filed is named by its title (the docket and the caption say which one)."""
    return {"title": FieldHint(required=True, required_message="Indique el título del reglamento.")}


REGULATION_EVENTS = with_form_hints(REGULATION_EVENTS, regulation_filed={"hints": _regulation_hints})
# What each act presupposes (never silent): a rejection follows the regulation's filing and a circulation
# the Code's approval; each of the four is one act of the case (another regulation is another case).
REGULATION_EVENTS = with_order(
    REGULATION_EVENTS,
    after={"regulation_rejected": ("regulation_filed",), "code_circulated": ("code_approved",)},
    once=("regulation_filed", "regulation_rejected", "code_approved", "code_circulated"),
)


def evaluate_regulation(ctx: Context) -> None:
    """Sec. 27: a regulation rules at once unless the House rejects it within 10 business days of
    its filing, by an absolute majority of its members; the Code is circulated within 30 business
    days of its approval."""
    ctx.stage = RegulationStage.NEW
    ctx.allowed_next = ["regulation_filed", "code_approved"]
    approved = ctx.first("code_approved")
    if approved is not None:
        ctx.add_deadline(
            RegulationDeadline.CIRCULATE_CODE,
            "CAM-27-03",
            approved,
            satisfied=ctx.first("code_circulated"),
            suspendable=False,
            start_label=Msg("aprobación del Código"),
        )
        ctx.allowed_next = ["regulation_filed"] + ([] if ctx.has("code_circulated") else ["code_circulated"])
    filed = ctx.first("regulation_filed")
    if filed is None:
        return
    rejected = ctx.first("regulation_rejected")
    window = ctx.add_deadline(
        RegulationDeadline.HOUSE_REJECTION_WINDOW,
        "CAM-27-01",
        filed,
        satisfied=rejected,
        suspendable=False,
        start_label=Msg("radicación del reglamento"),
    )
    ctx.stage_rule = "CAM-27-01"
    if rejected is None:
        ctx.stage = RegulationStage.IN_FORCE  # it rules from its filing unless rejected
        if window.status == "open":
            ctx.allowed_next = ["regulation_rejected"]
        else:
            ctx.allowed_next = []
        return
    needed = required_yes("camara-171", settings=ctx.settings, motion_rule_id="CAM-27-02")
    votes = int(rejected.get("yes_votes"))
    if votes < needed:
        ctx.add_finding(
            "rejection_without_majority",
            "CAM-27-02",
            Msg(
                "El rechazo tuvo %(votes)s votos; requiere la mayoría absoluta de los miembros de la Cámara "
                "(%(needed)s).",
                votes=votes,
                needed=needed,
            ),
            votes=votes,
            required=needed,
        )
        ctx.stage = RegulationStage.IN_FORCE
    elif window.status == "missed":
        ctx.add_finding(
            "rejection_untimely",
            "CAM-27-01",
            Msg(
                "El rechazo llegó después de los 10 días laborables (%(due_date)s); el reglamento sigue en vigor.",
                due_date=window.due_date,
            ),
        )
        ctx.stage = RegulationStage.IN_FORCE
    else:
        ctx.stage = RegulationStage.REJECTED
    ctx.allowed_next = []


REGULATION_KIND = KindSpec(
    "regulation",
    "Reglamento de la Comisión y circulación del Código",
    REGULATION_EVENTS,
    evaluate_regulation,
    stages=RegulationStage,
    deadlines=RegulationDeadline,
    deadline_ids=("house_rejection_window", "circulate_code"),
    actors={
        "house_rejection_window": Actor.HOUSE,  # CAM-27-01: the House may reject it
        "circulate_code": Actor.COMMISSION,  # CAM-27-03
    },
    closed_stages=("rejected",),  # CAM-27-01: the House rejected it within its 10 business days
    # CAM-27-01: the House's silence is the expected outcome: the regulation rules from its filing.
    lapses={
        "house_rejection_window": Msg(
            "Transcurrieron los 10 días laborables sin rechazo de la Cámara: el reglamento sigue en vigor (Sec. 27)."
        )
    },
    caption="Reglamento de la Comisión y circulación del Código",
)
