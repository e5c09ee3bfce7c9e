"""Sec. 19: advisory opinions (opiniones consultivas). Rules ``CAM-19*``.

The ``advisory_opinion`` kind: a written request about facts still to come, filed at least 30
business days before them; the Commission issues its opinion, by a Sec. 6 majority, within 30
business days of the filing, extendable once by 30 more.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Literal

from ...engine import Context, Event, EventSpec, FieldHint, FieldSpec, FormContext, KindSpec
from ...i18n import Msg
from ...terms import Term
from ...vocabulary import Actor, AdvisoryOpinionDeadline, AdvisoryOpinionStage
from ...votes import required_yes
from ..common import RuleSet, with_next_acts, with_order

R = RuleSet()

R.add(
    "CAM-19A-01",
    "ROLE",
    "Sec. 19(a)",
    "a solicitud del Presidente o de cualquier Representante",
    "Pueden pedirla el «Presidente» (de la Cámara por omisión, A-16) o cualquier Representante, funcionario o "
    "jefe de dependencia.",
)
R.add(
    "CAM-19A-02",
    "VALIDATION",
    "Sec. 19(a)",
    "de no existir una querella relacionada",
    "No se emite opinión si existe una querella relacionada.",
)
R.add(
    "CAM-19B-01",
    "VALIDATION",
    "Sec. 19(b)",
    "podrá ser rechazada de plano",
    "Solicitud escrita y detallada; si le faltan elementos indispensables puede rechazarse de plano.",
)
R.add(
    "CAM-19C-01",
    "DEADLINE",
    "Sec. 19(c)",
    "en o antes de treinta (30) días laborables previos",
    "La solicitud se presenta al menos 30 días laborables antes de los hechos (el día de la solicitud no "
    "cuenta; el de los hechos sí). Tardía: se señala o se rechaza, según la lectura que se adopte (ajuste advisory_late_request, A-16).",
    term=(30, "business_days"),
)
R.add(
    "CAM-19C-02",
    "VALIDATION",
    "Sec. 19(c)",
    "ya ocurrió o está ocurriendo",
    "Si los hechos ya ocurrieron o están ocurriendo, la Comisión no tiene jurisdicción.",
)
R.add(
    "CAM-19D-01",
    "DEADLINE",
    "Sec. 19(d)",
    "dentro de los treinta (30) días laborables siguientes",
    "La Comisión emite la opinión dentro de 30 días laborables desde la radicación; prorrogable por hasta 30 "
    "días laborables adicionales (la Comisión la concede por votación de la Sec. 6; A-16).",
    term=(30, "business_days"),
)
# Sec. 19(d): the most the issuing term can be extended.
MAX_OPINION_EXTENSION = Term(30, "business_days")  # CAM-19D-01 «un término adicional de treinta (30) días laborables»
R.add(
    "CAM-19D-02",
    "VOTE",
    "Sec. 19(d)",
    "por mayoría de los miembros de la Comisión",
    "La opinión se emite por la mayoría de la Sec. 6 (A-6).",
)
R.add(
    "CAM-19E-01",
    "STATE",
    "Sec. 19(e)",
    "será válida y obligatoria",
    "La opinión obliga a la Comisión frente a quien la pidió, sobre los mismos hechos, si actuó de buena fe "
    "(sin omitir ni falsear hechos esenciales); se enlaza con querellas posteriores.",
)
R.add(
    "CAM-19F-01",
    "STATE",
    "Sec. 19(f)",
    "corregir, modificar, revertir o dejar sin efecto",
    "La Comisión puede corregir, modificar, revertir o dejar sin efecto una opinión ante nueva evidencia o "
    "para evitar un fracaso de la justicia; se guarda cada versión.",
)

RULES = R.rules

FINDINGS: dict[str, str] = {
    "advisory_opinion_untimely": "CAM-19C-01",
    "advisory_no_jurisdiction": "CAM-19C-02",
    "advisory_related_complaint": "CAM-19A-02",
    "advisory_requester_not_allowed": "CAM-19A-01",
    "extension_over_maximum": "CAM-19D-01",
    "extension_untimely": "CAM-19D-01",
    "opinion_without_majority": "CAM-19D-02",
    "advisory_request_incomplete": "CAM-19B-01",
    "opinion_binding": "CAM-19E-01",
    "revision_without_grounds": "CAM-19F-01",
    "revision_before_opinion": "CAM-19F-01",
    "opinion_revision": "CAM-19F-01",
    "opinion_revoked": "CAM-19E-01",
}

REQUESTER_ROLES = ("speaker", "chair", "representative", "officer", "department_head", "employee", "other")
# Sec. 19(f): «corregir, modificar, revertir o dejar sin efecto»; the last two leave no opinion in force.
REVISION_TYPES = ("correct", "modify", "reverse", "revoke")
# Sec. 19(e) «a menos que sea enmendada o revocada»: after these the opinion no longer binds (CAM-19E-01);
# after the others it binds as amended.
REVISIONS_ENDING_OPINION = frozenset({"reverse", "revoke"})
_REVISION_DONE = {
    "correct": Msg("corrigió"),
    "modify": Msg("modificó"),
    "reverse": Msg("revirtió"),
    "revoke": Msg("dejó sin efecto"),
}
REJECTION_GROUNDS = ("incomplete", "untimely", "no_jurisdiction", "related_complaint")
# The words the act forms show for these choices (Sec. 19(a)–(c), 19(f)).
REVISION_ES = {
    "correct": "Corregir la opinión (Sec. 19(f))",
    "modify": "Modificar la opinión (Sec. 19(f))",
    "reverse": "Revertir la opinión (Sec. 19(f))",
    "revoke": "Dejar sin efecto la opinión (Sec. 19(f))",
}
REVISION_REASON_ES = {
    "new_evidence": "Nueva evidencia o información fidedigna (Sec. 19(f))",
    "miscarriage_of_justice": "Evitar un fracaso de la justicia (Sec. 19(f))",
}
REJECTION_GROUNDS_ES = {
    "incomplete": "No contiene los elementos indispensables (Sec. 19(b))",
    "untimely": "Radicada con menos de 30 días laborables antes de los hechos (Sec. 19(c))",
    "no_jurisdiction": "Los hechos ya ocurrieron o están ocurriendo (Sec. 19(c))",
    "related_complaint": "Existe una querella relacionada (Sec. 19(a))",
}
REQUESTER_ROLES_ES = {
    "speaker": "Presidente de la Cámara (Sec. 19(a))",
    "chair": "Presidente de la Comisión (Sec. 19(a))",
    "representative": "Representante (Sec. 19(a))",
    "officer": "Funcionario (Sec. 19(a))",
    "department_head": "Jefe de dependencia (Sec. 19(a))",
    "employee": "Empleado (no puede solicitarla, Sec. 19(a))",
    "other": "Otra persona (no puede solicitarla, Sec. 19(a))",
}
# The words of these choices for a value read without its field (the register's history, the rulebook's
# ``docket.choice_labels``); each field's own are its ``labels``.
ADVISORY_CHOICES_ES = {
    **REVISION_ES,
    **REVISION_REASON_ES,
    **REJECTION_GROUNDS_ES,
    "representative": "Representante",
    "officer": "Funcionario",
    "department_head": "Jefe de dependencia",
    "chair": "Presidente de la Comisión",
    "employee": "Empleado",
}


def request_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """Sec. 19(b) (CAM-19B-01): the staff form asks for the facts, written and detailed, although the
    rulebook does not require them of an imported docket."""
    return {"facts": FieldHint(required=True)} if ctx.filing else {}


_F = FieldSpec
ADVISORY_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("opinion_requested", "Solicitud de opinión consultiva radicada", {
            "facts": _F("str", help="Los hechos consultados, expuestos clara y detalladamente "
                                                    "(Sec. 19(b))"),
            "facts_date": _F("date", required=True, help="Fecha en que ocurrirán los hechos consultados (Sec. 19(c))"),
            "facts_ongoing": _F("bool", help="Los hechos ya están ocurriendo (Sec. 19(c))"),
            "related_complaint": _F("bool", help="Existe una querella relacionada (Sec. 19(a))"),
            "requester_role": _F("choice", choices=REQUESTER_ROLES, labels=REQUESTER_ROLES_ES, help="Quién la solicita (Sec. 19(a))"),
            "detailed": _F("bool", help="Escrita, y expone clara y detalladamente todos los elementos de juicio "
                                        "(Sec. 19(b))"),
        }, hints=request_hints),
        EventSpec("opinion_extension_granted", "Prórroga para emitir la opinión concedida", {
            "business_days": _F("int", required=True),
            "yes_votes": _F("int", help="Votos a favor de la prórroga (A-16: votación de la Sec. 6)"),
        }),
        EventSpec("opinion_issued", "Opinión consultiva emitida", {
            "opinion_text": _F("str", help="El texto de la opinión (Sec. 19(d))"),
            "yes_votes": _F("int", help="Votos a favor (Sec. 19(d))"),
        }),
        EventSpec("opinion_rejected", "Solicitud rechazada de plano", {
            "grounds": _F("choice", choices=REJECTION_GROUNDS, labels=REJECTION_GROUNDS_ES,
                          help="Por qué se rechaza de plano (Sec. 19(a)–(c))"),
        }),
        EventSpec("opinion_revised", "Opinión corregida, modificada, revertida o dejada sin efecto (Sec. 19(f))", {
            "revision": _F("choice", choices=REVISION_TYPES, labels=REVISION_ES, help="Qué hace la Comisión con la opinión (Sec. 19(f))"),
            "reason": _F("choice", choices=("new_evidence", "miscarriage_of_justice"), labels=REVISION_REASON_ES,
                         help="Por qué se revisa (Sec. 19(f))"),
            "opinion_text": _F("str", help="El nuevo texto de la opinión, si lo hay (Sec. 19(f))"),
            "yes_votes": _F("int", help="Votos a favor (Sec. 6)"),
        }),
    )
}  # fmt: skip
ADVISORY_EVENTS = with_next_acts(
    ADVISORY_EVENTS,
    {
        "opinion_requested": "Al recibir una solicitud escrita de opinión consultiva (Sec. 19(a)–(c)).",
        "opinion_extension_granted": "Si la Comisión necesita más tiempo: prórroga de hasta 30 días laborables "
        "por votación (Sec. 19(d)).",
        "opinion_issued": "Al emitir la opinión aprobada por la Comisión (Sec. 19(d)).",
        "opinion_rejected": "Si la solicitud no procede: se rechaza de plano (Sec. 19).",
        "opinion_revised": "Si hay evidencia nueva o para evitar una injusticia (Sec. 19(f)).",
    },
    meets={"opinion_issued": ("issue_opinion",), "opinion_rejected": ("issue_opinion",)},  # CAM-19D-01
)
# What each act presupposes (never silent): the request opens the case (one request, one opinion); the
# Commission issues the opinion or rejects the request, once, not both, and extends its term only before
# either (a revision before the opinion is the evaluator's ``revision_before_opinion``, on that event).
ADVISORY_EVENTS = with_order(
    ADVISORY_EVENTS,
    not_after={
        "opinion_extension_granted": ("opinion_issued", "opinion_rejected"),
        "opinion_issued": ("opinion_rejected",),
        "opinion_rejected": ("opinion_issued",),
    },
    once=("opinion_requested", "opinion_issued", "opinion_rejected"),
    repeatable=("opinion_extension_granted",),  # up to 30 business days in all, in one grant or more (Sec. 19(d))
)


def earliest_facts_date(ctx: Context, request_day: dt.date) -> dt.date:
    """The earliest facts' date a request filed on ``request_day`` may ask about (CAM-19C-01):
    the 30th business day after it (request day excluded, facts' day included, as in decision 7)."""
    term = ctx.rule("CAM-19C-01").term
    assert term is not None
    return ctx.calendar.add_business_days(request_day, term.amount).due


def latest_request_date(ctx: Context, facts_date: dt.date) -> dt.date:
    """The last day a request about facts on ``facts_date`` is timely: 30 business days before it."""
    term = ctx.rule("CAM-19C-01").term
    assert term is not None
    return ctx.calendar.add_business_days(facts_date, -term.amount).due


def evaluate_advisory_opinion(ctx: Context) -> None:
    """Sec. 19: admissibility of the request and the term to issue the opinion."""
    request = ctx.first_or_await("opinion_requested", AdvisoryOpinionStage.NEW)
    if request is None:
        return
    facts: dt.date = request.get("facts_date")
    admissible = True
    role = request.get("requester_role")
    if role in ("employee", "other"):
        ctx.add_finding(
            "advisory_requester_not_allowed",
            "CAM-19A-01",
            Msg(
                "Solo pueden pedir una opinión consultiva el Presidente o un Representante, funcionario o jefe de "
                "dependencia (Sec. 19(a))."
            ),
        )
        admissible = False
    if request.get("related_complaint"):
        ctx.add_finding(
            "advisory_related_complaint",
            "CAM-19A-02",
            Msg(
                "Existe una querella relacionada: la Comisión no emite opinión consultiva sobre el asunto (Sec. 19(a))."
            ),
        )
        admissible = False
    if request.get("facts_ongoing") or facts <= request.day:
        ctx.add_finding(
            "advisory_no_jurisdiction",
            "CAM-19C-02",
            Msg(
                "Los hechos (%(facts)s) ya ocurrieron o están ocurriendo al radicarse la solicitud el %(day)s: "
                "la Comisión no tiene jurisdicción (Sec. 19(c)).",
                facts=facts,
                day=request.day,
            ),
        )
        admissible = False
    else:
        earliest = earliest_facts_date(ctx, request.day)
        if facts < earliest:
            # Interpretation (A-16, setting advisory_late_request): a late request about future facts
            # is outside the no-jurisdiction clause; flag it (default) or treat it as rejected.
            reject = ctx.settings["advisory_late_request"] == "reject"
            ctx.add_finding(
                "advisory_opinion_untimely",
                "CAM-19C-01",
                Msg(
                    "La solicitud se radicó el %(day)s, con menos de 30 días laborables antes de los hechos "
                    "(%(facts)s); debía radicarse no más tarde del %(latest)s (Sec. 19(c)). Se rechaza (ajuste "
                    "advisory_late_request; A-16)."
                    if reject
                    else "La solicitud se radicó el %(day)s, con menos de 30 días laborables antes de los hechos "
                    "(%(facts)s); debía radicarse no más tarde del %(latest)s (Sec. 19(c)).",
                    day=request.day,
                    facts=facts,
                    latest=latest_request_date(ctx, facts),
                ),
                earliest_facts_date=earliest.isoformat(),
                latest_request_date=latest_request_date(ctx, facts).isoformat(),
            )
            if reject:
                admissible = False

    if request.get("detailed") is False:
        ctx.add_finding(
            "advisory_request_incomplete",
            "CAM-19B-01",
            Msg(
                "La solicitud no expone todos los elementos de juicio indispensables para contestarla: puede "
                "rechazarse de plano (Sec. 19(b))."
            ),
        )
    rejected = ctx.first("opinion_rejected")
    issued = ctx.first("opinion_issued")
    for revision in ctx.all("opinion_revised"):
        if issued is None or revision.at < issued.at:
            ctx.add_finding(
                "revision_before_opinion",
                "CAM-19F-01",
                Msg(
                    "Se registró una revisión (%(day)s) sin opinión emitida.",
                    day=revision.day,
                ),
                event=revision.index,
            )
        elif revision.get("reason") is None:
            ctx.add_finding(
                "revision_without_grounds",
                "CAM-19F-01",
                Msg(
                    "La revisión del %(day)s no indica su causa: nueva evidencia o información fidedigna, o evitar "
                    "un fracaso de la justicia (Sec. 19(f)).",
                    day=revision.day,
                ),
            )
    if not admissible:
        ctx.stage = AdvisoryOpinionStage.REJECTED if rejected else AdvisoryOpinionStage.NOT_ADMISSIBLE
        ctx.allowed_next = [] if rejected else ["opinion_rejected"]
        # Never silent: on a request the Commission cannot answer, only its rejection is in place (an opinion,
        # its extension or its revision is not).
        for e in ctx.events:
            if e.type in ("opinion_extension_granted", "opinion_issued", "opinion_revised"):
                ctx.act_finding(
                    e,
                    "CAM-19A-01",
                    Msg(
                        "«%(act)s» (%(day)s) sobre una solicitud que la Comisión no puede contestar (Sec. 19(a)–(c)): "
                        "solo procede rechazarla de plano.",
                    ),
                )
        return

    extensions = _extensions(ctx, request)
    ctx.add_deadline(
        AdvisoryOpinionDeadline.ISSUE_OPINION,
        "CAM-19D-01",
        request,
        satisfied=issued or rejected,
        extensions=extensions,
        suspendable=False,
        start_label=Msg("radicación de la solicitud"),
    )
    if issued is not None:
        _check_votes(ctx, issued, "la opinión")
    if rejected is not None and (issued is None or rejected.at < issued.at):
        ctx.stage = AdvisoryOpinionStage.REJECTED
        ctx.allowed_next = []
        return
    if issued is not None:
        _binding(ctx, issued)
        return
    ctx.stage = AdvisoryOpinionStage.UNDER_CONSIDERATION
    nxt = ["opinion_issued", "opinion_rejected"]
    if not ctx.has("opinion_extension_granted"):
        nxt.append("opinion_extension_granted")
    ctx.allowed_next = nxt


def _binding(ctx: Context, issued: Event) -> None:
    """Sec. 19(e)–(f): the opinion binds the Commission «a menos que sea enmendada o revocada»: each
    revision is on record (its history), and the last one says whether, and as what, it still binds."""
    revisions = [r for r in ctx.all("opinion_revised") if r.at >= issued.at]
    for r in revisions:
        ctx.add_finding(
            "opinion_revision",
            "CAM-19F-01",
            Msg(
                "El %(day)s la Comisión %(done)s la opinión emitida el %(issued)s (Sec. 19(f)).",
                day=r.day,
                done=_REVISION_DONE[str(r.get("revision") or "modify")],
                issued=issued.day,
            ),
            event=r.index,
            revision=str(r.get("revision") or "modify"),
        )
    last = revisions[-1] if revisions else None
    ctx.stage = AdvisoryOpinionStage.REVISED if last is not None else AdvisoryOpinionStage.ISSUED
    if last is not None and last.get("revision") in REVISIONS_ENDING_OPINION:
        ctx.add_finding(
            "opinion_revoked",
            "CAM-19E-01",
            Msg(
                "La opinión emitida el %(day)s quedó sin efecto el %(revoked)s (Sec. 19(f)): ya no obliga a la "
                "Comisión (Sec. 19(e), «a menos que sea enmendada o revocada»).",
                day=issued.day,
                revoked=last.day,
            ),
            binding=False,
            revoked_on=last.day.isoformat(),
        )
        ctx.allowed_next = []
        return
    ctx.add_finding(
        "opinion_binding",
        "CAM-19E-01",
        Msg(
            "La opinión emitida el %(day)s, enmendada el %(amended)s, es válida y obligatoria en su texto "
            "enmendado para la Comisión respecto a quien la solicitó, en querellas posteriores sobre los "
            "mismos hechos, si actuó de buena fe (Sec. 19(e)); enlácela a esas querellas.",
            day=issued.day,
            amended=last.day,
        )
        if last is not None
        else Msg(
            "La opinión emitida el %(day)s es válida y obligatoria para la Comisión respecto a quien la "
            "solicitó, en querellas posteriores sobre los mismos hechos, si actuó de buena fe (Sec. 19(e)); "
            "enlácela a esas querellas.",
            day=issued.day,
        ),
        binding=True,
        **({"amended_on": last.day.isoformat()} if last is not None else {}),
    )
    ctx.allowed_next = ["opinion_revised"]


def _extensions(ctx: Context, request: Event) -> list[tuple[Term, str | Msg]]:
    """Sec. 19(d): one extension of up to 30 business days in all; more is capped, with a finding."""
    grants = ctx.all("opinion_extension_granted")
    if not grants:
        return []
    base = ctx.rule("CAM-19D-01").term
    assert base is not None
    original_due = ctx.calendar.add_business_days(request.day, base.amount).due
    total = 0
    for g in grants:
        if g.day > original_due:
            ctx.add_finding(
                "extension_untimely",
                "CAM-19D-01",
                Msg(
                    "La prórroga se concedió el %(day)s, después de vencer el término original (%(original_due)s).",
                    day=g.day,
                    original_due=original_due,
                ),
            )
        _check_votes(ctx, g, "la prórroga")
        if not int(g.get("business_days")):
            ctx.add_finding(  # never silent: an extension of no day extends nothing
                "act_not_allowed",
                "CAM-19D-01",
                Msg(
                    "La prórroga del %(day)s no concede ningún día laborable: el término no cambia (Sec. 19(d)).",
                    day=g.day,
                ),
                event=g.index,
            )
        total += int(g.get("business_days"))
    over = Msg(
        "Se concedieron %(total)s días laborables de prórroga; la Sec. 19(d) permite hasta %(amount)s. "
        "Se computa el máximo."
    )
    total = ctx.capped("CAM-19D-01", total, MAX_OPINION_EXTENSION.amount, over, "total")
    return [(Term(total, "business_days"), Msg("prórroga, Sec. 19(d)"))]


def _check_votes(ctx: Context, event: Event, what: Literal["la opinión", "la prórroga"]) -> None:
    yes = event.get("yes_votes")
    if yes is None:
        return
    needed = required_yes("camara-171", settings=ctx.settings, motion_rule_id="CAM-19D-02")
    if yes < needed:
        ctx.add_finding(
            "opinion_without_majority",
            "CAM-19D-02",
            Msg(
                "La opinión tuvo %(yes)s votos a favor; se requiere la mayoría de los miembros (%(needed)s; "
                "Sec. 6, A-6)."
                if what == "la opinión"
                else "La prórroga tuvo %(yes)s votos a favor; se requiere la mayoría de los miembros (%(needed)s; "
                "Sec. 6, A-6).",
                yes=yes,
                needed=needed,
            ),
            yes_votes=yes,
            required=needed,
        )


KINDS: dict[str, KindSpec] = {
    "advisory_opinion": KindSpec(
        "advisory_opinion",
        "Opinión consultiva (Sec. 19)",
        ADVISORY_EVENTS,
        evaluate_advisory_opinion,
        stages=AdvisoryOpinionStage,
        deadlines=AdvisoryOpinionDeadline,
        deadline_ids=("issue_opinion",),
        actors={"issue_opinion": Actor.COMMISSION},  # CAM-19D-01: the Commission issues the opinion
        respondent_roles=(
            "representative",
            "officer",
            "department_head",
        ),  # CAM-19A-01 (the Speaker is a Representative)
        caption="Opinión consultiva solicitada por %(name)s (Sec. 19)",
        opening=("opinion_requested",),
    ),
}
