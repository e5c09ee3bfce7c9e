"""¶12–¶18 and ¶29–¶34: the complaint against a mayor — initiation, notice, answer and its extension,
study, hearing, the associate commissioner's report, the decision and its compulsory terms,
protective orders, outcomes and frivolous complaints. Rules ``MUN-INI-*``, ``MUN-ANS-*``,
``MUN-STU-*``, ``MUN-HEA-*``, ``MUN-REP-*``, ``MUN-DEC-*``, ``MUN-PRO-*``, ``MUN-OUT-*``, ``MUN-FRI-*``.

The evaluator reads the docket of a ``complaint`` and records every term that applies so far
(``answer``, ``study``, ``commissioner_report``, ``decide``, and ``court_summons`` for each petition to
enforce a subpoena), the findings, the stage of the case and the acts the law allows next.

Pure helpers: :func:`earliest_hearing_date` (MUN-HEA-02 under decision 7) and
:func:`decide_days_remaining` / :func:`decide_term_warning` (how long before MUN-DEC-04 fires).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from ...calendar import LegalCalendar, Suspension, format_date_es, legal_calendar
from ...engine import Context, Evaluation, Event, EventSpec, FieldSpec, FinalAct, InputError, NextStep, suspension_spans
from ...i18n import Msg, Quote
from ...terms import Deadline, Term, compute_due
from ...vocabulary import MunicipalComplaintDeadline, MunicipalComplaintStage
from ..common import RuleSet, with_next_acts, with_order

R = RuleSet()

# --- ¶12 — Iniciación ------------------------------------------------------------------------------
R.add(
    "MUN-INI-01",
    "STATE",
    "¶12",
    "Todo procedimiento se iniciará con la presentación en la Secretaría de la Comisión",
    "El procedimiento se inicia con la presentación de la querella en la Secretaría y la notificación al "
    "Alcalde; la ley no fija término de prescripción ni quién notifica ni cuándo (ambigüedad 6).",
)
R.add(
    "MUN-INI-02",
    "VALIDATION",
    "¶12",
    "debidamente jurado",
    "La querella es un escrito debidamente jurado; si no lo es, se señala.",
)
R.add(
    "MUN-INI-03",
    "VALIDATION",
    "¶12",
    "acompañado de la evidencia necesaria para poder aquilatar la substancialidad",
    "La querella acompaña la evidencia necesaria para aquilatar su substancialidad; si falta, se señala "
    "(puede dar lugar a sanción, MUN-FRI-01).",
)
R.add(
    "MUN-INI-04",
    "VALIDATION",
    "¶12",
    "acompañada de copia certificada del escrito",
    "La notificación al Alcalde acompaña copia certificada de la querella.",
)

# --- ¶13 — Contestación ---------------------------------------------------------------------------
R.add(
    "MUN-ANS-01",
    "DEADLINE",
    "¶13",
    "se le conceden quince (15) días para contestar el escrito",
    "El Alcalde contesta dentro de 15 días desde la notificación (días sin calificar: calendario por "
    "omisión; el último día que no es laborable pasa al siguiente laborable, decisión 1).",
    term=(15, "days"),
)
R.add(
    "MUN-ANS-02",
    "DEADLINE",
    "¶13",
    "prorrogable por quince (15) días adicionales a moción del querellado, si así lo solicita dentro del "
    "término inicial",
    "Si el Alcalde lo solicita dentro del término inicial, el término se extiende 15 días más (30 desde la "
    "notificación), sin necesidad de que se conceda (ambigüedad 5, ajuste extension_requires_grant); una "
    "moción tardía no extiende nada.",
    term=(15, "days"),
)
R.add(
    "MUN-ANS-03",
    "VALIDATION",
    "¶13",
    "La notificación deberá señalar al Alcalde querellado",
    "La notificación indica el término de 15 días, el derecho a comparecer y defenderse por sí o por "
    "abogado, a presentar prueba documental y testificar, y a una vista pública o privada.",
)
R.add(
    "MUN-ANS-04",
    "ROLE",
    "¶13",
    "por sí o por medio de abogado",
    "Se registra la comparecencia del Alcalde: por sí o por medio de abogado.",
)

# --- ¶14 — Estudio del expediente -----------------------------------------------------------------
R.add(
    "MUN-STU-01",
    "DEADLINE",
    "¶14",
    "dentro de los treinta (30) días siguientes a su recibo, estudiará el expediente",
    "La Comisión estudia el expediente y desestima o señala vista dentro de 30 días desde el recibo de la "
    "contestación; sin contestación, desde el fin del término para contestar en vigor (ambigüedad 2). "
    "Término compulsorio (MUN-DEC-03).",
    term=(30, "days"),
)
R.add(
    "MUN-STU-02",
    "STATE",
    "¶14",
    "podrá desestimar o señalar una vista para ventilar los cargos formulados",
    "Tras el estudio hay dos salidas: desestimar o señalar vista.",
)
R.add(
    "MUN-STU-03",
    "VALIDATION",
    "¶14",
    "Dicha resolución contendrá un relación de hechos, determinaciones y conclusiones de derecho",
    "La resolución de desestimación contiene relación de hechos, determinaciones y conclusiones de derecho.",
)
R.add(
    "MUN-STU-04",
    "ROLE",
    "¶14",
    "notificará su decisión con copia de la resolución al efecto",
    "La decisión se notifica con copia de la resolución, al Alcalde y al querellante (ambigüedad 16, ajuste "
    "decision_notice_recipients).",
)

# --- ¶15–¶16 — Vista --------------------------------------------------------------------------------
R.add(
    "MUN-HEA-01",
    "STATE",
    "¶15",
    "celebrará una vista, que podrá ser pública o privada",
    "Si la Comisión decide ventilar la querella, celebra una vista, pública o privada.",
)
R.add(
    "MUN-HEA-02",
    "DEADLINE",
    "¶15",
    "con no menos de quince (15) días de antelación a la fecha de su celebración",
    "La vista se notifica con no menos de 15 días de antelación: notificada el día D, la vista puede ser el "
    "día D + 15 o después (decisión 7; ajuste hearing_notice_count).",
    term=(15, "days"),
)
R.add(
    "MUN-HEA-03",
    "ROLE",
    "¶15",
    "deberá notificar al Alcalde querellado y al querellante",
    "La vista se notifica al Alcalde y al querellante, a ambos con la antelación debida.",
)
R.add(
    "MUN-HEA-04",
    "ROLE",
    "¶16",
    "La vista podrá ser ante la Comisión en pleno o ante un Comisionado Asociado designado por ésta",
    "La vista es ante la Comisión en pleno o ante un Comisionado Asociado designado (no ante el Presidente solo).",
)
R.add(
    "MUN-HEA-05",
    "CONFIDENTIALITY",
    "¶13, ¶15",
    "vista pública o privada",
    "Cada vista lleva la marca pública/privada; se registra la elección del Alcalde y se advierte si la "
    "Comisión dispone otra cosa (ambigüedad 9, ajuste hearing_privacy_elected_by).",
)

# --- ¶16 — Informe del Comisionado Asociado --------------------------------------------------------
R.add(
    "MUN-REP-01",
    "DEADLINE",
    "¶16",
    "rendir su informe dentro de un término de quince días contados a partir de la fecha de conclusión de la vista",
    "El Comisionado Asociado que presidió la vista rinde su informe dentro de 15 días desde que concluye. "
    "Término compulsorio (MUN-DEC-03).",
    term=(15, "days"),
)
R.add(
    "MUN-REP-02",
    "VALIDATION",
    "¶16",
    "sus conclusiones de hechos, una relación de la evidencia presentada y admitida, sus conclusiones de derecho",
    "El informe contiene conclusiones de hechos, relación de la evidencia presentada y admitida, y "
    "conclusiones de derecho.",
)
R.add(
    "MUN-REP-03",
    "STATE",
    "¶16",
    "someter un informe a la Comisión en pleno",
    "La Comisión en pleno decide a base del informe.",
)

# --- ¶16–¶17 — Decisión y términos compulsorios ----------------------------------------------------
R.add(
    "MUN-DEC-01",
    "DEADLINE",
    "¶16",
    "tomar y emitir una decisión dentro de los quince (15) días de concluida la vista, cuando ésta haya sido "
    "celebrada ante la Comisión en pleno",
    "Vista ante la Comisión en pleno: la Comisión decide dentro de 15 días desde que concluye la vista. "
    "Vencido sin decisión, la querella se desestima con perjuicio (MUN-DEC-04).",
    term=(15, "days"),
)
R.add(
    "MUN-DEC-02",
    "DEADLINE",
    "¶16",
    "o desde que el Comisionado Asociado que la presidió rindió un informe",
    "Vista ante un Comisionado Asociado: la Comisión decide dentro de 15 días desde el informe, o desde su "
    "vencimiento si se rindió tarde (ambigüedad 10). Vencido sin decisión, desestimación con perjuicio.",
    term=(15, "days"),
)
R.add(
    "MUN-DEC-03",
    "STATE",
    "¶17",
    "Los términos aquí dispuestos son de carácter compulsorio.",
    "Todo término de la Comisión que vence sin su acto se señala (compulsory_term_missed).",
)
R.add(
    "MUN-DEC-04",
    "STATE",
    "¶17",
    "Habiendo transcurrido el término máximo para el descargo de la decisión, sin que ésta se rindiera, "
    "deberá desestimarse la querella, con perjuicio",
    "Vencido el término para decidir sin decisión, la querella debe desestimarse con perjuicio; ya no caben "
    "amonestación, exoneración ni destitución (ajuste with_prejudice_scope, decisión 8).",
)

# --- ¶18 — Órdenes protectoras ----------------------------------------------------------------------
R.add(
    "MUN-PRO-01",
    "STATE",
    "¶18",
    "órdenes protectoras de carácter interlocutor, bajo apercibimiento de desacato",
    "La Comisión puede emitir órdenes protectoras interlocutorias, bajo apercibimiento de desacato; sin término.",
)
R.add(
    "MUN-PRO-02",
    "VALIDATION",
    "¶18",
    "proteger la integridad de los procedimientos",
    "Cada orden protectora corresponde a un caso pendiente e indica su propósito: integridad de los "
    "procedimientos, evitar lesión o malversación de fondos o propiedad, interés público, o salvaguardar "
    "documentos o evidencia.",
)

# --- ¶29–¶32 — Decisiones posibles ------------------------------------------------------------------
R.add(
    "MUN-OUT-01",
    "STATE",
    "¶29",
    "Después de ventilarse los cargos contra un Alcalde en su fondo",
    "Solo tras una vista en sus méritos, y antes de que venza el término para decidir, la Comisión puede "
    "amonestar, exonerar o destituir.",
)
R.add(
    "MUN-OUT-02",
    "STATE",
    "¶30",
    "Disponer una amonestación",
    "Amonestación: se probaron prácticas impropias que no constituyen temeridad, negligencia inexcusable ni "
    "conducta lesiva; esa determinación se registra.",
)
R.add(
    "MUN-OUT-03",
    "STATE",
    "¶31",
    "Exonerar al Alcalde",
    "Exoneración; si estaba suspendido, reinstalación y sueldos y beneficios marginales desde la fecha de "
    "efectividad de la suspensión.",
)
R.add(
    "MUN-OUT-04",
    "STATE",
    "¶32",
    "Destituir al Alcalde.",
    "Destitución; la revisión judicial tiene prioridad (MUN-REV-04).",
)

# --- ¶33–¶34 — Querellas frívolas --------------------------------------------------------------------
R.add(
    "MUN-FRI-01",
    "SUBSTANTIVE",
    "¶33",
    "podrá imponer multas o sanciones por la radicación de querellas o cargos frívolos y sin fundamento",
    "Multas o sanciones por querellas frívolas y sin fundamento o sin la evidencia necesaria; cuantía y "
    "procedimiento no están en la ley (reglamentos, ¶7).",
)
R.add(
    "MUN-FRI-02",
    "VALIDATION",
    "¶34",
    "no podrán ser utilizados como mecanismos de búsqueda de información",
    "Un acto investigativo requiere una querella presentada y debidamente sustentada.",
)

RULES = R.rules

# --- Vocabulary --------------------------------------------------------------------------------------

COMPLAINANT_KINDS = ("governor", "oeg_director", "municipal_assembly", "citizen", "person")


# The public form's order (issue 29): whoever files on the web is most often a citizen, so the citizen (and any
# other person) comes first, then the authorities ¶1 names, in its order. The law's list keeps the law's order.
PUBLIC_COMPLAINANT_ORDER = ("citizen", "person", "governor", "oeg_director", "municipal_assembly")


def complainant_kinds(settings: Mapping[str, Any]) -> tuple[str, ...]:
    """MUN-COM-02 (¶1, ¶5): who may complain on the public form, per the ``complainant_scope`` setting (ambiguity
    8), a citizen first."""
    return tuple(
        k for k in PUBLIC_COMPLAINANT_ORDER if not (k == "person" and settings["complainant_scope"] == "citizen")
    )


# The public form's kinds of evidence (MUN-INI-03: the evidence needed to weigh the complaint).
PUBLIC_EVIDENCE_KINDS: dict[str, str] = {
    "documents": "Documentos",
    "recordings": "Fotografías, grabaciones o vídeos",
    "official_records": "Documentos oficiales o certificaciones de una agencia",
    "other": "Otra evidencia",
}
# The receipt's «Qué pasa ahora» (¶12–¶14): who takes the complaint and the terms that follow.
PUBLIC_NEXT_STEPS: tuple[NextStep, ...] = (
    NextStep(
        "La Secretaría de la Comisión recibe su querella y se la notifica al alcalde o alcaldesa con copia "
        "certificada.",
        "MUN-INI-04",
    ),
    NextStep(
        "El alcalde o alcaldesa tiene %(n)s días desde la notificación para contestar, y puede pedir más tiempo.",
        "MUN-ANS-01",
    ),
    NextStep(
        "Después, la Comisión estudia el expediente y, dentro de %(n)s días desde la contestación (o desde que "
        "vence el plazo para contestar), desestima la querella o señala una vista.",
        "MUN-STU-01",
    ),
    NextStep("Se le notifica la decisión con copia de la resolución.", "MUN-STU-04"),
)
OUTCOMES = ("admonition", "exoneration", "removal")
PROTECTIVE_PURPOSES = (
    "proceedings_integrity",   # proteger la integridad de los procedimientos
    "prevent_funds_misuse",    # evitar cualquier lesión o malversación de fondos
    "protect_property",        # (evitar lesión o malversación de) propiedad
    "public_interest",         # proteger el interés público
    "safeguard_evidence",      # salvaguardar cualquier documento o evidencia
)  # fmt: skip
OUTCOME_ES = {"admonition": "amonestación", "exoneration": "exoneración", "removal": "destitución"}
PARTIES = ("respondent", "complainant")
PARTY_ES = {"respondent": "el Alcalde querellado", "complainant": "el querellante"}

_F = FieldSpec
COMPLAINT_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("complaint_filed", "Querella presentada en la Secretaría", {
            "complainant_kind": _F("choice", choices=COMPLAINANT_KINDS,
                                   help="Quién se querella (¶1, ¶5): Gobernador, Director de la OEG, Asamblea "
                                        "Municipal, ciudadano u otra persona"),
            "sworn": _F("bool", help="Escrito debidamente jurado (¶12)"),
            "evidence_attached": _F("bool", help="Acompaña la evidencia necesaria (¶12)"),
            "knowledge_date": _F("date", not_after_event=True, help="Fecha en que el querellante conoció los hechos (ambigüedad 6)"),
            "migrated": _F("bool", help="Caso iniciado ante la Comisión antecesora e importado con sus fechas (¶44)"),
        }),
        EventSpec("respondent_notified", "Notificación de la querella al Alcalde", {
            "certified_copy": _F("bool", help="Acompaña copia certificada del escrito (¶12)"),
            "rights_stated": _F("bool", help="Indica el término y los derechos del Alcalde (¶13)"),
        }),
        EventSpec("extension_requested", "Prórroga para contestar solicitada por el Alcalde"),
        EventSpec("extension_granted", "Prórroga para contestar concedida", {
            "days": _F("int", help="Días concedidos (máximo 15, ¶13)")}),
        EventSpec("answer_filed", "Contestación recibida", {
            "appearance": _F("choice", choices=("in_person", "counsel"), help="Por sí o por abogado (¶13)"),
            "hearing_preference": _F("choice", choices=("public", "private"),
                                     help="Vista pública o privada que el Alcalde elige (¶13)"),
        }),
        EventSpec("dismissed", "Querella desestimada sin vista", {
            "facts_stated": _F("bool", help="La resolución contiene relación de hechos (¶14)"),
            "findings_made": _F("bool", help="Contiene determinaciones (¶14)"),
            "conclusions_of_law": _F("bool", help="Contiene conclusiones de derecho (¶14)"),
        }),
        EventSpec("hearing_noticed", "Vista señalada y notificada", {
            "hearing_date": _F("datetime", required=True),
            "public": _F("bool", help="Vista pública (true) o privada (false) (¶15)"),
            "recipients": _F("choices", choices=PARTIES, help="A quiénes se notificó (¶15)"),
            "served_on": _F("date", help="Fecha de la última notificación diligenciada (ambigüedad 3)"),
        }),
        EventSpec("hearing_concluded", "Vista concluida", {
            "before": _F("choice", required=True, choices=("full", "commissioner"),
                         help="Ante la Comisión en pleno o ante un Comisionado Asociado (¶16)"),
            "public": _F("bool"),
        }),
        EventSpec("commissioner_report_filed", "Informe del Comisionado Asociado rendido", {
            "findings_of_fact": _F("bool"), "evidence_summary": _F("bool"), "conclusions_of_law": _F("bool"),
        }),
        EventSpec("decision_issued", "Decisión de la Comisión emitida", {
            "outcome": _F("choice", required=True, choices=OUTCOMES),
            "suspension_date": _F("date", help="Fecha de efectividad de la suspensión de cargo y sueldo (¶31)"),
            "misconduct_not_reckless": _F("bool", help="Prácticas impropias sin temeridad, negligencia "
                                                       "inexcusable ni conducta lesiva (¶30)"),
        }),
        EventSpec("decision_notified", "Decisión o resolución notificada a las partes", {
            "recipients": _F("choices", choices=PARTIES),
            "copy_attached": _F("bool", help="Con copia de la resolución (¶14)"),
        }),
        EventSpec("dismissed_with_prejudice", "Querella desestimada con perjuicio (¶17)", {"reason": _F("str")}),
        EventSpec("proceedings_suspended", "Procedimientos paralizados por orden del tribunal (¶28)", {
            "court_order": _F("str", help="Orden o resolución del tribunal que paraliza (¶28)"),
            "reason": _F("str"),
        }),
        EventSpec("proceedings_resumed", "Procedimientos reanudados"),
        EventSpec("protective_order_issued", "Orden protectora emitida (¶18)", {
            "purposes": _F("choices", choices=PROTECTIVE_PURPOSES)}),
        EventSpec("summons_issued", "Citación de testigo o requerimiento de documentos (¶8)", {
            "witness": _F("str"),
            "issued_by": _F("choice", choices=("commission", "president", "associate_commissioner", "secretary")),
        }),
        EventSpec("enforcement_petition_filed", "Petición al Tribunal Superior para hacer cumplir una citación (¶9)", {
            "petitioner": _F("choice", choices=("commission", "president", "associate_commissioner", "secretary")),
            "ground": _F("choice", choices=("non_appearance", "non_production", "refusal_to_answer")),
            "witness": _F("str"),
        }),
        EventSpec("court_summons_issued", "Citación expedida por el tribunal (¶11)"),
        EventSpec("privilege_claimed", "Privilegio o derecho invocado por un testigo (¶11)", {
            "witness": _F("str"), "claim": _F("str")}),
        EventSpec("privilege_ruled", "Privilegio adjudicado por la Comisión (¶11)", {"upheld": _F("bool")}),
        EventSpec("frivolous_sanction_imposed", "Multa o sanción por querella frívola o sin evidencia (¶33)", {
            "grounds": _F("choice", choices=("frivolous", "missing_evidence"), labels={
                "frivolous": "Querella frívola (¶33)",
                "missing_evidence": "Querella sin la evidencia necesaria (¶33)",
            }),
            "amount": _F("money"),
        }),
    )
}  # fmt: skip
# Final for publication (issue 26; ambiguity 10: «emitir» includes the notice, MUN-SEC-03): the
# Commission's decision (¶29–¶32), its dismissal without a hearing (¶14) or the dismissal with prejudice
# (¶17), each once notified to the parties.
FINAL_ACTS = (
    FinalAct("decision_issued", "MUN-OUT-01", then=("decision_notified",)),
    FinalAct("dismissed", "MUN-STU-02", then=("decision_notified",)),
    FinalAct("dismissed_with_prejudice", "MUN-DEC-04", then=("decision_notified",)),
)
# Persons named in the acts whom the public never reads about (issue 26): the witnesses the complaint
# lists (its details) and those summoned or who claim a privilege (¶8, ¶9, ¶11).
PRIVATE_FIELDS = {
    "complaint_filed": ("witnesses",),
    "summons_issued": ("witness",),
    "enforcement_petition_filed": ("witness",),
    "privilege_claimed": ("witness",),
}

COMPLAINT_EVENTS = with_next_acts(
    COMPLAINT_EVENTS,
    {
        "complaint_filed": "Al recibir en la Secretaría una querella jurada con su evidencia (¶12).",
        "respondent_notified": "Al notificar al Alcalde con copia certificada; empieza su término para contestar "
        "(¶12–¶13).",
        "extension_requested": "Si el Alcalde pide más tiempo para contestar dentro de su término (¶13).",
        "extension_granted": "Si se concede la prórroga para contestar (hasta 15 días, ¶13).",
        "answer_filed": "Cuando se recibe la contestación del Alcalde (¶13).",
        "dismissed": "Tras estudiar el expediente, si la querella no amerita vista (¶14).",
        "hearing_noticed": "Tras estudiar el expediente, si la querella amerita vista: se señala y se notifica "
        "(¶14–¶15).",
        "hearing_concluded": "Cuando termina la vista; empieza el término para el informe o la decisión (¶16).",
        "commissioner_report_filed": "Cuando el Comisionado Asociado que presidió la vista rinde su informe (¶16).",
        "decision_issued": "Al decidir la querella después de la vista (¶16–¶17).",
        "decision_notified": "Al notificar la decisión o la resolución a las partes (¶14).",
        "dismissed_with_prejudice": "Si venció un término compulsorio de la Comisión sin actuar (¶17).",
        "proceedings_suspended": "Si un tribunal ordena paralizar los procedimientos (¶28).",
        "proceedings_resumed": "Cuando cesa la orden que paralizó los procedimientos.",
        "protective_order_issued": "Si hace falta proteger a un testigo o una información (¶18).",
        "summons_issued": "Al citar a un testigo o requerir documentos (¶8).",
        "enforcement_petition_filed": "Si un testigo no comparece, no entrega documentos o no contesta (¶9).",
        "court_summons_issued": "Cuando el tribunal expide la citación pedida (¶11).",
        "privilege_claimed": "Si un testigo invoca un privilegio o un derecho (¶11).",
        "privilege_ruled": "Al adjudicar el privilegio invocado por un testigo (¶11).",
        "frivolous_sanction_imposed": "Si la querella resultó frívola o sin la evidencia necesaria (¶33).",
    },
    meets={
        "dismissed": ("study",),  # MUN-STU-01
        "hearing_noticed": ("study",),  # MUN-STU-01
        "commissioner_report_filed": ("commissioner_report",),  # MUN-REP-01
        "decision_issued": ("decide",),  # MUN-DEC-01, MUN-DEC-02
    },
    on_expiry={
        # MUN-ANS-01 / MUN-STU-01: without an answer in its term, the study runs from the end of the
        # term (ambiguity 2): the Commission dismisses or sets the hearing without the answer.
        "dismissed": ("answer",),
        "hearing_noticed": ("answer",),
        # MUN-DEC-03, MUN-DEC-04: the Commission's terms are compulsory; once one runs out the
        # complaint is dismissed with prejudice.
        "dismissed_with_prejudice": ("study", "commissioner_report", "decide"),
    },
)

# What each act presupposes besides the order of _REQUIRES (never silent): the acts the complaint has
# once are flagged when repeated (a second notice, decision or report, a resumption without a new stay);
# a court summons follows a petition; the incidental acts (¶8 summonses, ¶9 petitions, ¶18 protective orders, a
# privilege claimed, a ¶33 sanction) set no term of their own: they change nothing the engine derives.
COMPLAINT_EVENTS = with_order(
    COMPLAINT_EVENTS,
    after={
        "privilege_ruled": ("privilege_claimed",),
        "court_summons_issued": ("enforcement_petition_filed",),
        "decision_notified": ("dismissed", "decision_issued", "dismissed_with_prejudice"),  # ¶14: what it notifies
    },
    once=(
        "respondent_notified",
        "extension_requested",
        "extension_granted",
        "answer_filed",
        "commissioner_report_filed",
        "decision_issued",
        "decision_notified",
        "dismissed_with_prejudice",
        "proceedings_resumed",
        "court_summons_issued",
    ),
    reopened_by={"proceedings_resumed": ("proceedings_suspended",)},
    standalone=(
        "protective_order_issued",
        "summons_issued",
        "enforcement_petition_filed",
        "privilege_claimed",
        "privilege_ruled",
        "frivolous_sanction_imposed",
    ),
    # A hearing noticed anew (rescheduled, or a notice that was short given again): each notice is checked
    # (MUN-HEA-02), and one in time after another changes no term (as the deadlock's, ¶36).
    repeatable=("hearing_noticed",),
)

# Acts after which the complaint is over (and the rule that says so).
_CLOSING = {"dismissed": "MUN-STU-02", "decision_issued": "MUN-OUT-01", "dismissed_with_prejudice": "MUN-DEC-04"}
_AFTER_CLOSING_OK = frozenset({"decision_notified", "frivolous_sanction_imposed", "dismissed_with_prejudice"})
# What each act requires before it (a finding otherwise), and the rule it comes from.
_REQUIRES: dict[str, tuple[str, str]] = {
    "respondent_notified": ("complaint_filed", "MUN-INI-01"),
    "extension_requested": ("respondent_notified", "MUN-ANS-02"),
    "extension_granted": ("extension_requested", "MUN-ANS-02"),
    "answer_filed": ("respondent_notified", "MUN-ANS-01"),
    "dismissed": ("respondent_notified", "MUN-STU-02"),
    "hearing_noticed": ("respondent_notified", "MUN-STU-02"),
    "hearing_concluded": ("hearing_noticed", "MUN-HEA-01"),
    "commissioner_report_filed": ("hearing_concluded", "MUN-REP-01"),
    "proceedings_resumed": ("proceedings_suspended", "MUN-SUS-13"),
    "privilege_ruled": ("privilege_claimed", "MUN-SUB-06"),
    "court_summons_issued": ("enforcement_petition_filed", "MUN-SUB-04"),
}


# --- Pure helpers --------------------------------------------------------------------------------------


def _default_settings() -> Mapping[str, Any]:
    from . import RULEBOOK  # the package (this rulebook) imports this module

    return {name: s.default for name, s in RULEBOOK.settings.items()}


def earliest_hearing_date(
    notice_day: dt.date,
    *,
    calendar: LegalCalendar | None = None,
    settings: Mapping[str, Any] | None = None,
    served_on: dt.date | None = None,
    notice_days: int | None = None,
) -> dt.date:
    """The earliest lawful hearing date for a hearing notified on ``notice_day`` (MUN-HEA-02).

    Decision 7 (setting ``hearing_notice_count="from_notice"``): notice day excluded, hearing day
    included — with N = 15, a notice on day D allows a hearing on D + 15. The N days are calendar
    days unless ``bare_days_unit`` says business days. Interpretation (ambiguity 3, the alternative
    ``"clear_days_from_service"``): 15 clear days after the later service (``served_on``), so the
    hearing may be on service + 16 at the earliest. ``notice_days`` overrides N (the deadlock
    hearing uses ``deadlock_hearing_notice_days``, ambiguity 12).
    """
    st = settings if settings is not None else _default_settings()
    rule = RULES["MUN-HEA-02"]
    assert rule.term is not None
    n = rule.term.amount if notice_days is None else notice_days
    base = notice_day
    if st.get("hearing_notice_count", "from_notice") == "clear_days_from_service":
        base = max(notice_day, served_on) if served_on is not None else notice_day
        n += 1
    if st.get("bare_days_unit", "calendar_days") == "business_days":
        cal = calendar if calendar is not None else legal_calendar()
        return cal.add_business_days(base, n).due
    return base + dt.timedelta(days=n)


def days_remaining(deadline: Deadline, as_of: dt.date) -> int:
    """Calendar days from ``as_of`` to the deadline's due date: 0 = due today, < 0 = already run out."""
    return (deadline.due_date - as_of).days


def decide_days_remaining(evaluation: Evaluation, as_of: dt.date | None = None) -> int | None:
    """Days left before the decision term (MUN-DEC-01/02) runs out and MUN-DEC-04 fires.

    ``None`` when no decision term runs (no hearing concluded yet, the decision was issued, or a court
    stay holds the term); 0 on its last day; negative once it has run out.
    """
    try:
        d = evaluation.deadline("decide")
    except KeyError:
        return None
    if d.satisfied_at is not None or d.status == "suspended":
        return None
    if as_of is None:
        ref = evaluation.as_of
        as_of = ref.date() if isinstance(ref, dt.datetime) else ref
    return days_remaining(d, as_of)


def decide_term_warning(evaluation: Evaluation, *, days_ahead: int, as_of: dt.date | None = None) -> str | None:
    """A Spanish warning when the decision term ends within ``days_ahead`` days (or has ended); else None."""
    left = decide_days_remaining(evaluation, as_of)
    if left is None or left > days_ahead:
        return None
    due = format_date_es(evaluation.deadline("decide").due_date)
    if left < 0:
        return (
            f"El término para decidir venció el {due}: la querella debe desestimarse con perjuicio (¶17, MUN-DEC-04)."
        )
    if left == 0:
        return f"Hoy, {due}, vence el término para decidir; sin decisión, la querella se desestima con perjuicio (¶17)."
    return (
        f"Quedan {left} {'día' if left == 1 else 'días'} para decidir (vence el {due}); sin decisión, "
        f"la querella se desestima con perjuicio (¶17)."
    )


# --- Shared evaluation pieces (also used by the deadlock kind) ----------------------------------------


def today(ctx: Context) -> dt.date:
    a = ctx.as_of
    return a.date() if isinstance(a, dt.datetime) else a


def first_after(ctx: Context, event_type: str, ref: Event | None) -> Event | None:
    for e in ctx.all(event_type):
        if ref is None or e.at >= ref.at:
            return e
    return None


def watched(
    ctx: Context, deadline_id: StrEnum, rule_id: str, start: Event, done: Event | None, label: Msg, note: Msg
) -> Deadline:
    """A term of another authority (a court, the Governor, the department heads) that ventila watches: it
    runs from ``start`` (``label``) until ``done``, a suspension of the case does not pause it, and ``note``
    says what its end means."""
    d = ctx.add_deadline(deadline_id, rule_id, start, satisfied=done, suspendable=False, start_label=label)
    d.notes.append(note)
    return d


def apply_court_stays(ctx: Context, rule_id: str = "MUN-SUS-13") -> None:
    """Interpretation (ambiguity 13, setting ``court_stay_tolls_terms``): only a ``proceedings_suspended``
    entry that cites the court's order or resolution tolls the terms (``explicit_only``, the default:
    ¶28 «salvo que el tribunal emita una orden o resolución para paralizar»); an entry without it is
    flagged and the terms run through it, as through a filing in court. With ``never``, the terms run
    through any stay."""
    if ctx.settings["court_stay_tolls_terms"] == "never":
        ctx.suspensions = []
    elif any(not e.get("court_order") for e in ctx.all("proceedings_suspended")):
        ctx.suspensions = _cited_stays(ctx)
    standing: Event | None = None  # the cited stay in force
    for e in ctx.events:
        if e.type == "proceedings_resumed":
            standing = None
        elif e.type == "proceedings_suspended" and e.get("court_order"):
            if standing is None:
                standing = e
                continue
            ctx.add_finding(  # never silent: a second cited stay while the first stands repeats it
                "act_not_allowed",
                rule_id,
                Msg(
                    "La paralización del %(day)s repite la del %(first)s, que sigue vigente: cuenta la primera "
                    "hasta que se reanuden los procedimientos (¶28).",
                    day=e.day,
                    first=standing.day,
                ),
                event=e.index,
            )
    for e in ctx.all("proceedings_suspended"):
        if not e.get("court_order"):
            ctx.add_finding(
                "stay_order_not_cited",
                rule_id,
                Msg(
                    "La paralización del %(day)s no cita la orden o resolución del tribunal; solo una orden del "
                    "tribunal paraliza los procedimientos (¶28), así que los términos siguen corriendo. Indique la "
                    "orden.",
                    day=e.day,
                ),
                event=e.index,
            )


def _cited_stays(ctx: Context) -> list[Suspension]:
    """The spans of the stays that cite the court's order: each from its entry up to the next resumption."""
    return suspension_spans(ctx.events, lambda e: bool(e.get("court_order")))


def stay_open(ctx: Context) -> bool:
    """Whether a stay that holds the terms is in force (the last stay has no resumption)."""
    if ctx.settings["court_stay_tolls_terms"] == "explicit_only":
        return bool(ctx.suspensions) and ctx.suspensions[-1].end is None
    open_ = False
    for e in ctx.events:
        if e.type == "proceedings_suspended":
            open_ = True
        elif e.type == "proceedings_resumed":
            open_ = False
    return open_


def term_missed(ctx: Context, d: Deadline, what: str) -> bool:
    """MUN-DEC-03: a Commission term that passed without its act. Returns True when MUN-DEC-04 applies.

    Decision 8 / ambiguity 4 (setting ``with_prejudice_scope``): by default only the decision term
    calls for dismissal with prejudice; ``all_terms`` extends it to every compulsory term.
    """
    if d.satisfied_at is not None:
        sat = d.satisfied_at.date() if isinstance(d.satisfied_at, dt.datetime) else d.satisfied_at
        late = Msg("se hizo tarde, el %(day)s", day=sat)
    else:
        late = Msg("no se ha hecho")
    ctx.add_finding(
        "compulsory_term_missed",
        "MUN-DEC-03",
        Msg(
            "El término de %(term)s para %(what)s venció el %(due)s y el acto %(late)s. «%(quote)s» (¶17).",
            term=d.term.msg(),
            what=what,
            due=d.due_date,
            late=late,
            quote=Quote(ctx.rule("MUN-DEC-03").quote),
        ),
        deadline=d.id,
        due=d.due_date.isoformat(),
    )
    fatal = d.id == "decide" or (
        ctx.settings["with_prejudice_scope"] == "all_terms" and ctx.scenario.kind == "complaint"
    )
    dwp = ctx.first("dismissed_with_prejudice") if fatal else None
    if dwp is not None:
        # The act the term called for is on record (¶17, MUN-DEC-04): the term stays missed, closed by
        # the dismissal, and the dismissal is no longer asked for (issue 11, item 3).
        d.satisfied_by = dwp.type
        d.satisfied_at = dwp.moment
    elif fatal:
        ctx.add_finding(
            "dismissal_with_prejudice_required",
            "MUN-DEC-04",
            Msg(
                "Transcurrió el término máximo (%(term)s, venció el %(due)s) sin que la Comisión emitiera su "
                "decisión: la querella debe desestimarse con perjuicio (¶17). Ya no procede amonestar, exonerar "
                "ni destituir."
                if d.id == "decide"
                else "Transcurrió el término máximo (%(term)s, venció el %(due)s) sin que la Comisión cumpliera "
                "el término compulsorio: la querella debe desestimarse con perjuicio (¶17). Ya no procede "
                "amonestar, exonerar ni destituir.",
                term=d.term.msg(),
                due=d.due_date,
            ),
            deadline=d.id,
            due=d.due_date.isoformat(),
        )
    return fatal


def check_hearing_notice(ctx: Context, e: Event, rule_id: str, notice_days: int | None = None) -> None:
    hearing = e.get("hearing_date")
    hearing_day = hearing.date() if isinstance(hearing, dt.datetime) else hearing
    earliest = earliest_hearing_date(
        e.day, calendar=ctx.calendar, settings=ctx.settings, served_on=e.get("served_on"), notice_days=notice_days
    )
    if hearing_day < earliest:
        n = ctx.rule("MUN-HEA-02").term.amount if notice_days is None else notice_days  # type: ignore[union-attr]
        ctx.add_finding(
            "insufficient_hearing_notice",
            rule_id,
            Msg(
                "La vista del %(hearing_day)s se notificó el %(day)s: se requieren no menos de %(n)s días de "
                "antelación, así que la fecha más temprana permitida es el %(earliest)s.",
                hearing_day=hearing_day,
                day=e.day,
                n=n,
                earliest=earliest,
            ),
            hearing_date=hearing_day.isoformat(),
            earliest=earliest.isoformat(),
            event=e.index,
        )


def tuple_setting(ctx: Context, name: str, allowed: Sequence[str]) -> tuple[str, ...]:
    value = ctx.settings[name]
    if isinstance(value, str) or not isinstance(value, (list, tuple)) or any(v not in allowed for v in value):
        raise InputError(f"settings.{name}", f"debe ser una lista de: {', '.join(allowed)}")
    return tuple(value)


def optional_int_setting(ctx: Context, name: str) -> int | None:
    value = ctx.settings[name]
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"settings.{name}", f"{value!r} no es un número entero no negativo ni null")
    return value


# --- Evaluation --------------------------------------------------------------------------------------


def evaluate_complaint(ctx: Context) -> None:
    """Complaint against a mayor (¶12–¶34): every term, finding and next act."""
    _check_order(ctx)
    apply_court_stays(ctx)
    filed = ctx.first_or_await("complaint_filed", MunicipalComplaintStage.NEW)
    if filed is None:
        return
    _check_parties(ctx, filed)
    _check_filing(ctx, filed)
    _side_acts(ctx, filed)
    _check_outcomes(ctx)
    must_dismiss = _main(ctx, filed)
    dwp = ctx.first("dismissed_with_prejudice")
    if dwp is not None and not must_dismiss:
        ctx.add_finding(
            "dismissal_with_prejudice_premature",
            "MUN-DEC-04",
            Msg(
                "Se registró una desestimación con perjuicio el %(day)s sin que hubiera vencido el término para "
                "decidir (¶17).",
                day=dwp.day,
            ),
            event=dwp.index,
        )
    if stay_open(ctx) and ctx.stage not in _CLOSED_STAGES:
        ctx.stage = MunicipalComplaintStage.STAYED
        ctx.allowed_next = ["proceedings_resumed"]


_CLOSED_STAGES = frozenset({"dismissed", "decided", "dismissed_with_prejudice", "decision_term_expired"})


def _main(ctx: Context, filed: Event) -> bool:
    """Stages and terms; returns True when the complaint must be dismissed with prejudice."""
    notified = first_after(ctx, "respondent_notified", filed)
    if notified is None:
        ctx.stage = MunicipalComplaintStage.FILED
        _notice_reminder(ctx, filed)
        ctx.allowed_next = ["respondent_notified", *_anytime(ctx)]
        return False
    _check_notice(ctx, notified)

    answer = first_after(ctx, "answer_filed", notified)
    answer_d, original_due = _answer_term(ctx, notified, answer)
    answer_end = answer_d.due_date
    now = today(ctx)

    dismissed = first_after(ctx, "dismissed", notified)
    noticed = first_after(ctx, "hearing_noticed", notified)
    for ev in (dismissed, noticed):
        if ev is not None and (answer is None or ev.at < answer.at) and ev.day <= answer_end:
            ctx.act_finding(
                ev,
                "MUN-STU-01",
                Msg(
                    "«%(act)s» (%(day)s) antes de recibirse la contestación y de vencer el término para contestar "
                    "(%(answer_end)s): el estudio empieza «%(quote)s» (¶14).",
                    answer_end=answer_end,
                    quote=Quote("una vez radicada la contestación"),
                ),
            )

    # MUN-STU-01: 30 days from the answer's receipt; without a timely answer, from the end of the
    # answer term in force. Interpretation: ambiguity 2, setting study_trigger_without_answer.
    if ctx.settings["study_satisfied_by"] == "hearing_concluded":
        exits = [e for e in (dismissed, first_after(ctx, "hearing_concluded", notified)) if e is not None]
    else:
        exits = [e for e in (dismissed, noticed) if e is not None]
    exit_ev = min(exits, key=lambda e: (e.at, e.index)) if exits else None
    study_d: Deadline | None = None
    if answer is not None or answer_d.status == "missed" or exit_ev is not None:
        if answer is not None and answer.day <= answer_end:
            study_d = ctx.add_deadline(
                MunicipalComplaintDeadline.STUDY,
                "MUN-STU-01",
                answer,
                satisfied=exit_ev,
                start_label=Msg("recibo de la contestación"),
            )
        elif ctx.settings["study_trigger_without_answer"] == "answer_term_end":
            study_d = ctx.add_deadline(
                MunicipalComplaintDeadline.STUDY,
                "MUN-STU-01",
                notified,
                start=answer_end,
                satisfied=exit_ev,
                start_label=Msg("fin del término para contestar en vigor (ambigüedad 2)"),
            )
            study_d.trigger = "answer_term_ended"
        elif answer is not None:
            study_d = ctx.add_deadline(
                MunicipalComplaintDeadline.STUDY,
                "MUN-STU-01",
                answer,
                satisfied=exit_ev,
                start_label=Msg("recibo de la contestación"),
            )
    if study_d is not None and study_d.status == "missed":
        if term_missed(ctx, study_d, "estudiar el expediente y desestimar o señalar vista"):
            _must_dismiss(ctx)
            return True

    if dismissed is None and noticed is None:
        nxt: list[str] = []
        if answer is None:
            nxt.append("answer_filed")
            request = first_after(ctx, "extension_requested", notified)
            ctx.changes_from(original_due + dt.timedelta(days=1))
            if request is None and now <= original_due:
                nxt.append("extension_requested")
            if (
                request is not None
                and request.day <= original_due
                and ctx.settings["extension_requires_grant"]
                and first_after(ctx, "extension_granted", request) is None
            ):
                nxt.append("extension_granted")
        ctx.changes_from(answer_end + dt.timedelta(days=1))
        if answer is not None or now > answer_end:
            ctx.stage = MunicipalComplaintStage.UNDER_STUDY
            nxt += ["dismissed", "hearing_noticed"]
        else:
            ctx.stage = MunicipalComplaintStage.AWAITING_ANSWER
        ctx.allowed_next = nxt + _anytime(ctx)
        return False

    if dismissed is not None:
        missing_parts(
            ctx, dismissed, "dismissal_resolution_incomplete", "MUN-STU-03", _DISMISSAL_PARTS, _DISMISSAL_LACKS
        )
        ctx.stage = MunicipalComplaintStage.DISMISSED
        nxt = []
        if first_after(ctx, "decision_notified", dismissed) is None:
            nxt.append("decision_notified")
        if not ctx.has("frivolous_sanction_imposed"):
            nxt.append("frivolous_sanction_imposed")
        ctx.allowed_next = nxt
        return False

    # The hearing route (¶15–¶16).
    for e in ctx.all("hearing_noticed"):
        check_hearing_notice(ctx, e, "MUN-HEA-02")
        _check_hearing_parties(ctx, e, answer)
    decision = ctx.first("decision_issued")
    concluded = None
    for e in ctx.all("hearing_concluded"):
        if decision is None or e.at <= decision.at:
            concluded = e  # «concluida la vista» = its last session (ambiguity 10)
    if concluded is None:
        ctx.stage = MunicipalComplaintStage.HEARING_SCHEDULED
        ctx.allowed_next = ["hearing_concluded", "hearing_noticed", *_anytime(ctx)]
        return False
    decision = first_after(ctx, "decision_issued", concluded)
    satisfied = _decision_satisfaction(ctx, decision)

    decide_d: Deadline | None = None
    if concluded.get("before") == "commissioner":
        report = first_after(ctx, "commissioner_report_filed", concluded)
        rep_d = ctx.add_deadline(
            MunicipalComplaintDeadline.COMMISSIONER_REPORT,
            "MUN-REP-01",
            concluded,
            satisfied=report,
            start_label=Msg("conclusión de la vista ante el Comisionado Asociado"),
        )
        if report is not None:
            missing_parts(ctx, report, "commissioner_report_incomplete", "MUN-REP-02", _REPORT_PARTS, _REPORT_LACKS)
        if rep_d.status == "missed" and term_missed(ctx, rep_d, "rendir el informe del Comisionado Asociado"):
            _must_dismiss(ctx)
            return True
        if decision is not None and (report is None or report.at > decision.at):
            ctx.add_finding(
                "decision_without_commissioner_report",
                "MUN-REP-03",
                Msg(
                    "La Comisión decidió el %(day)s sin el informe del Comisionado Asociado que presidió la vista "
                    "(¶16).",
                    day=decision.day,
                ),
                event=decision.index,
            )
        # Interpretation (ambiguity 10, setting decide_trigger_if_report_late): a late report starts the
        # 15 days on the report's due date, never later; "report_filed" reads the text literally.
        late_mode = ctx.settings["decide_trigger_if_report_late"]
        start: dt.date | None = None
        from_due = False
        if report is not None:
            if late_mode == "report_due" and report.day > rep_d.due_date:
                start, from_due = rep_d.due_date, True
            else:
                start = report.day
        elif late_mode == "report_due" and rep_d.status == "missed":
            start, from_due = rep_d.due_date, True
        if start is None and decision is None:
            ctx.stage = MunicipalComplaintStage.AWAITING_COMMISSIONER_REPORT
            ctx.allowed_next = ["commissioner_report_filed", *_anytime(ctx)]
            return False
        if start is not None:
            decide_d = ctx.add_deadline(
                MunicipalComplaintDeadline.DECIDE,
                "MUN-DEC-02",
                report or concluded,
                start=start,
                satisfied=satisfied,
                fatal=True,
                start_label=(
                    Msg("vencimiento del término para el informe (ambigüedad 10)")
                    if from_due
                    else Msg("informe del Comisionado Asociado")
                ),
            )
            if from_due:
                decide_d.trigger = "commissioner_report_due"
    else:
        decide_d = ctx.add_deadline(
            MunicipalComplaintDeadline.DECIDE,
            "MUN-DEC-01",
            concluded,
            satisfied=satisfied,
            fatal=True,
            start_label=Msg("conclusión de la vista ante la Comisión en pleno"),
        )
    if (
        decide_d is not None
        and decision is not None
        and satisfied is decision
        and ctx.settings["decide_requires_notice"]
    ):
        decide_d.notes.append(
            Msg(
                "La decisión se presume notificada el día en que se emitió; si se notificó después, registre "
                "«decision_notified» (emitir incluye notificar, ambigüedad 10)."
            )
        )

    if decide_d is not None and decide_d.status == "missed":
        term_missed(ctx, decide_d, "tomar y emitir la decisión")
        _must_dismiss(ctx)
        return True
    if decision is None:
        if (
            concluded.get("before") == "commissioner"
            and first_after(ctx, "commissioner_report_filed", concluded) is None
        ):
            # MUN-REP-03: the full Commission decides on the report; the term may already run (ambiguity 10).
            ctx.stage = MunicipalComplaintStage.AWAITING_COMMISSIONER_REPORT
            ctx.allowed_next = ["commissioner_report_filed", *_anytime(ctx)]
            return False
        ctx.stage = MunicipalComplaintStage.AWAITING_DECISION
        ctx.allowed_next = ["decision_issued", *_anytime(ctx)]
        return False
    _check_decision(ctx, decision)
    ctx.stage = MunicipalComplaintStage.DECIDED
    ctx.allowed_next = ["decision_notified"] if first_after(ctx, "decision_notified", decision) is None else []
    return False


def _must_dismiss(ctx: Context) -> None:
    dwp = ctx.first_or_await("dismissed_with_prejudice", MunicipalComplaintStage.DECISION_TERM_EXPIRED)
    if dwp is None:
        return
    ctx.stage = MunicipalComplaintStage.DISMISSED_WITH_PREJUDICE
    ctx.allowed_next = [] if first_after(ctx, "decision_notified", dwp) is not None else ["decision_notified"]


def _decision_satisfaction(ctx: Context, decision: Event | None) -> Event | None:
    """Interpretation (ambiguity 10, setting decide_requires_notice): «emitir» includes notice, so a
    notice recorded after the decision is what meets the term; without one the decision is taken as
    notified the same day."""
    if decision is None or not ctx.settings["decide_requires_notice"]:
        return decision
    notice = first_after(ctx, "decision_notified", decision)
    return notice if notice is not None else decision


def _answer_term(ctx: Context, notified: Event, answer: Event | None) -> tuple[Deadline, dt.date]:
    """MUN-ANS-01 with MUN-ANS-02; returns (the answer deadline in force, the original due date)."""
    base = ctx.rule("MUN-ANS-01").term
    ext = ctx.rule("MUN-ANS-02").term
    assert base is not None and ext is not None
    original, _, _ = compute_due(
        ctx.calendar,
        notified.day,
        ctx.normalize(base),
        suspensions=ctx.suspensions,
        roll_forward=ctx.settings["roll_forward"],
    )
    assert isinstance(original, dt.date)
    request = first_after(ctx, "extension_requested", notified)
    grant = first_after(ctx, "extension_granted", notified)
    extensions: list[tuple[Term, str | Msg]] = []
    rule_id = "MUN-ANS-01"
    if grant is not None and grant.get("days") is not None and grant.get("days") > ext.amount:
        ctx.add_finding(
            "extension_over_maximum",
            "MUN-ANS-02",
            Msg(
                "Se concedieron %(days)s días de prórroga; la ley permite %(amount)s adicionales (¶13). Se "
                "computan %(amount)s.",
                days=grant.get("days"),
                amount=ext.amount,
            ),
            granted=grant.get("days"),
            maximum=ext.amount,
        )
    if grant is not None and request is None:
        ctx.add_finding(
            "extension_without_request",
            "MUN-ANS-02",
            Msg("Se concedió una prórroga sin moción del Alcalde querellado (¶13)."),
            event=grant.index,
        )
    if request is not None:
        if request.day > original:
            ctx.add_finding(
                "extension_request_untimely",
                "MUN-ANS-02",
                Msg(
                    "La prórroga se solicitó el %(day)s, después de vencer el término inicial para contestar "
                    "(%(original)s): no extiende el término (¶13).",
                    day=request.day,
                    original=original,
                ),
                event=request.index,
            )
        elif not ctx.settings["extension_requires_grant"]:
            # Interpretation (ambiguity 5, setting extension_requires_grant): a timely motion gives the
            # 15 additional days whether or not a grant is recorded.
            extensions.append((ext, Msg("prórroga a moción del querellado dentro del término inicial, ¶13")))
            rule_id = "MUN-ANS-02"
        elif grant is not None:
            days = min(int(grant.get("days") if grant.get("days") is not None else ext.amount), ext.amount)
            extensions.append((Term(days, ext.unit), Msg("prórroga concedida a moción del querellado, ¶13")))
            rule_id = "MUN-ANS-02"
    d = ctx.add_deadline(
        MunicipalComplaintDeadline.ANSWER,
        rule_id,
        notified,
        term=base,
        satisfied=answer,
        extensions=extensions,
        start_label=Msg("notificación al Alcalde"),
    )
    return d, original


def _anytime(ctx: Context) -> list[str]:
    acts = ["proceedings_suspended", "protective_order_issued", "summons_issued", "enforcement_petition_filed"]
    petitions = len(ctx.all("enforcement_petition_filed"))
    if petitions > len(ctx.all("court_summons_issued")):
        acts.append("court_summons_issued")
    acts.append("privilege_claimed")
    if len(ctx.all("privilege_claimed")) > len(ctx.all("privilege_ruled")):
        acts.append("privilege_ruled")
    acts.append("frivolous_sanction_imposed")
    return acts


# --- Checks --------------------------------------------------------------------------------------------


def _check_order(ctx: Context) -> None:
    """Flag acts out of order. An act flagged is not taken as on record for the acts after it: an act that
    presupposes only an orphan is flagged too (every act after an orphan, never silent), and left out of the
    evaluation (a hearing concluded before it was noticed is no merits hearing)."""
    seen: set[str] = set()
    flagged: set[int] = set()
    closed: Event | None = None
    for e in ctx.events:
        found = len(ctx.findings)
        if e.type == "complaint_filed" and "complaint_filed" in seen:
            # Never silent (issue 11, item 2): the case was opened by the first filing.
            first = ctx.first("complaint_filed")
            assert first is not None
            ctx.act_finding(
                e,
                "MUN-INI-01",
                Msg(
                    "«%(act)s» del %(day)s repite la del %(first)s, con la que se abrió el caso: no se tiene en "
                    "cuenta. Si es otra querella, ábrala como caso aparte; si corrige la primera, regístrela como "
                    "corrección.",
                    first=first.day,
                ),
            )
        need, rule_id = _REQUIRES.get(e.type, ("complaint_filed", "MUN-INI-01"))
        if e.type != "complaint_filed" and need not in seen:
            ctx.act_finding(
                e,
                rule_id,
                Msg(
                    "«%(act)s» (%(day)s) se registró antes de: «%(needed)s».",
                    needed=COMPLAINT_EVENTS[need].title,
                ),
            )
        if closed is not None and e.type not in _AFTER_CLOSING_OK:
            ctx.act_finding(
                e,
                "MUN-PRO-01" if e.type == "protective_order_issued" else _CLOSING[closed.type],
                Msg(
                    "«%(act)s» (%(day)s) se registró después de «%(closing)s» (%(closed)s).",
                    closing=COMPLAINT_EVENTS[closed.type].title,
                    closed=closed.day,
                ),
            )
        if e.type == "dismissed" and "hearing_concluded" in seen:
            ctx.add_finding(
                "act_not_allowed",
                "MUN-OUT-01",
                Msg(
                    "Tras la vista en sus méritos la Comisión solo puede amonestar, exonerar o destituir (¶29–¶32), "
                    "o desestimar con perjuicio si venció el término para decidir (¶17)."
                ),
                event=e.index,
            )
        if e.type in _CLOSING and closed is None:
            closed = e
        if len(ctx.findings) == found:
            seen.add(e.type)
        else:
            flagged.add(e.index)
    ctx.leave_out(flagged)


def _check_parties(ctx: Context, filed: Event) -> None:
    # Interpretation (ambiguity 8, settings respondent_roles and complainant_scope).
    roles = tuple_setting(ctx, "respondent_roles", ("mayor", "municipal_official"))
    if ctx.respondent.role not in roles:
        ctx.add_finding(
            "respondent_not_mayor",
            "MUN-COM-01",
            Msg(
                "La parte querellada no es un alcalde. ¶1 da jurisdicción sobre cualquier funcionario municipal, pero "
                "el procedimiento (¶12–¶32) nombra solo al Alcalde; se aplica con esa advertencia (ambigüedad 8)."
            ),
        )
    kind = filed.get("complainant_kind")
    if kind == "person" and ctx.settings["complainant_scope"] == "citizen":
        ctx.add_finding(
            "complainant_not_eligible",
            "MUN-COM-02",
            Msg(
                "¶1 permite querellarse a «cualquier ciudadano»; el querellante no se registró como ciudadano "
                "(¶5 dice «cualquier persona»; ajuste complainant_scope)."
            ),
        )


def _check_filing(ctx: Context, filed: Event) -> None:
    if filed.get("sworn") is False:
        ctx.add_finding("not_sworn", "MUN-INI-02", Msg("La querella no está debidamente jurada (¶12)."))
    if filed.get("evidence_attached") is False:
        ctx.add_finding(
            "evidence_missing",
            "MUN-INI-03",
            Msg(
                "La querella no acompaña la evidencia necesaria para aquilatar su substancialidad (¶12); la "
                "Comisión puede imponer multas o sanciones por ello (¶33)."
            ),
        )
    if filed.get("migrated") and ctx.settings["migrated_case_review"]:
        ctx.add_finding(
            "migrated_case_review",
            "MUN-SUC-02",
            Msg(
                "Caso iniciado ante la Comisión antecesora: se importó con sus fechas originales (¶44); revise que los "
                "términos computados correspondan al expediente (ambigüedad 17)."
            ),
        )
    limit = optional_int_setting(ctx, "complaint_limitation_days")
    knowledge = filed.get("knowledge_date")
    if limit is not None and knowledge is not None and (filed.day - knowledge).days > limit:
        ctx.add_finding(
            "complaint_time_barred",
            "MUN-INI-01",
            Msg(
                "La querella se presentó el %(day)s, más de %(limit)s días después de conocerse los hechos "
                "(%(knowledge)s); la ley no fija ese término: lo fija el ajuste complaint_limitation_days "
                "(ambigüedad 6).",
                day=filed.day,
                limit=limit,
                knowledge=knowledge,
            ),
        )


def _notice_reminder(ctx: Context, filed: Event) -> None:
    days = optional_int_setting(ctx, "notice_reminder_days")
    if days is not None:
        ctx.changes_from(filed.day + dt.timedelta(days=days + 1))
    if days is not None and (today(ctx) - filed.day).days > days:
        ctx.add_finding(
            "respondent_notice_pending",
            "MUN-INI-01",
            Msg(
                "La querella se presentó el %(day)s y no consta la notificación al Alcalde (recordatorio a los "
                "%(days)s días; la ley no fija término, ambigüedad 6).",
                day=filed.day,
                days=days,
            ),
        )


def _check_notice(ctx: Context, notified: Event) -> None:
    if notified.get("certified_copy") is False:
        ctx.add_finding(
            "certified_copy_missing",
            "MUN-INI-04",
            Msg("La notificación al Alcalde no acompaña copia certificada de la querella (¶12)."),
        )
    if notified.get("rights_stated") is False:
        ctx.add_finding(
            "notice_contents_incomplete",
            "MUN-ANS-03",
            Msg(
                "La notificación debe indicar al Alcalde los 15 días para contestar y sus derechos a comparecer y "
                "defenderse por sí o por abogado, a presentar prueba y testificar, y a una vista pública o privada (¶13)."
            ),
        )


# What a resolution of dismissal (¶14) and the Associate Commissioner's report (¶16) must contain: the
# payload's yes/no field of each part, with its name; the message when one is «no».
_DISMISSAL_PARTS = (
    ("facts_stated", Msg("relación de hechos")),
    ("findings_made", Msg("determinaciones")),
    ("conclusions_of_law", Msg("conclusiones de derecho")),
)
_DISMISSAL_LACKS = Msg("A la resolución de desestimación le falta: %(missing)s (¶14).")
_REPORT_PARTS = (
    ("findings_of_fact", Msg("conclusiones de hechos")),
    ("evidence_summary", Msg("relación de la evidencia presentada y admitida")),
    ("conclusions_of_law", Msg("conclusiones de derecho")),
)
_REPORT_LACKS = Msg("Al informe del Comisionado Asociado le falta: %(missing)s (¶16).")


def missing_parts(
    ctx: Context, e: Event, finding: str, rule_id: str, parts: tuple[tuple[str, Msg], ...], lacks: Msg
) -> None:
    """A finding on ``e`` when its payload says it lacks one of ``parts``: ``lacks`` with ``%(missing)s``."""
    missing = tuple(name for key, name in parts if e.get(key) is False)
    if missing:
        ctx.add_finding(finding, rule_id, lacks.having(missing=missing), event=e.index)


def _check_hearing_parties(ctx: Context, e: Event, answer: Event | None) -> None:
    recipients = e.get("recipients")
    if recipients is not None:
        missing = [PARTY_ES[p] for p in PARTIES if p not in recipients]
        if missing:
            ctx.add_finding(
                "hearing_notice_recipients_missing",
                "MUN-HEA-03",
                Msg(
                    "La vista debe notificarse al Alcalde querellado y al querellante; falta: %(missing)s (¶15).",
                    missing=tuple(missing),
                ),
                event=e.index,
            )
    # Interpretation (ambiguity 9, setting hearing_privacy_elected_by): the mayor chooses.
    pref = answer.get("hearing_preference") if answer is not None else None
    public = e.get("public")
    if pref is not None and public is not None and ctx.settings["hearing_privacy_elected_by"] == "respondent":
        if (pref == "public") != public:
            ctx.add_finding(
                "hearing_privacy_differs",
                "MUN-HEA-05",
                Msg(
                    "El Alcalde eligió una vista %(chosen)s (¶13) y la vista se señaló %(set)s (ambigüedad 9).",
                    chosen=Msg("pública") if pref == "public" else Msg("privada"),
                    set=Msg("pública") if public else Msg("privada"),
                ),
                event=e.index,
            )


def _check_outcomes(ctx: Context) -> None:
    for d in ctx.all("decision_issued"):
        if not any(h.at <= d.at for h in ctx.all("hearing_concluded")):
            ctx.add_finding(
                "outcome_without_merits_hearing",
                "MUN-OUT-01",
                Msg(
                    "La Comisión decidió (%(outcome)s) el %(day)s sin que conste una vista en sus méritos: solo "
                    "«%(quote)s» (¶29).",
                    outcome=OUTCOME_ES[d.get("outcome")],
                    day=d.day,
                    quote=Quote("después de ventilarse los cargos… en su fondo"),
                ),
                event=d.index,
            )
    recipients_required = tuple_setting(ctx, "decision_notice_recipients", PARTIES)
    for n in ctx.all("decision_notified"):
        recipients = n.get("recipients")
        if recipients is not None:
            missing = [PARTY_ES[p] for p in recipients_required if p not in recipients]
            if missing:
                ctx.add_finding(
                    "decision_notice_recipients_missing",
                    "MUN-STU-04",
                    Msg("La decisión debe notificarse también a: %(who)s (ambigüedad 16).", who=tuple(missing)),
                    event=n.index,
                )
        if n.get("copy_attached") is False:
            ctx.add_finding(
                "decision_notice_without_copy",
                "MUN-STU-04",
                Msg("La decisión se notifica con copia de la resolución (¶14)."),
                event=n.index,
            )


def _check_decision(ctx: Context, d: Event) -> None:
    """MUN-OUT-02..04 for a decision that stands (issued within the term)."""
    outcome = d.get("outcome")
    if outcome == "admonition" and d.get("misconduct_not_reckless") is not True:
        ctx.add_finding(
            "admonition_basis_missing",
            "MUN-OUT-02",
            Msg(
                "La amonestación requiere la determinación de que las prácticas impropias probadas no constituyen "
                "temeridad, negligencia inexcusable ni conducta lesiva a los mejores intereses públicos (¶30)."
            ),
            event=d.index,
        )
    if outcome == "exoneration" and d.get("suspension_date") is not None:
        since = d.get("suspension_date")
        ctx.add_finding(
            "reinstatement_with_back_pay",
            "MUN-OUT-03",
            Msg(
                "Exonerado tras una suspensión de cargo y sueldo: procede reinstalarlo y pagarle sueldos y "
                "beneficios marginales desde el %(since)s (¶31).",
                since=since,
            ),
            since=since.isoformat(),
            event=d.index,
        )
    if outcome == "removal":
        ctx.add_finding(
            "removal_review_priority",
            "MUN-OUT-04",
            Msg(
                "Destitución del Alcalde (¶32): si se solicita revisión judicial, el tribunal le dará la mayor "
                "prioridad (¶38, MUN-REV-04)."
            ),
            event=d.index,
        )


def _side_acts(ctx: Context, filed: Event) -> None:
    supported = filed.get("sworn") is not False and filed.get("evidence_attached") is not False
    for s in ctx.all("summons_issued"):
        if not supported:
            ctx.add_finding(
                "investigation_without_supported_complaint",
                "MUN-FRI-02",
                Msg(
                    "Citación del %(day)s en una querella no jurada o sin evidencia: los procedimientos no pueden "
                    "usarse como búsqueda de información sin una querella debidamente sustentada (¶34).",
                    day=s.day,
                ),
                event=s.index,
            )
    for p in ctx.all("protective_order_issued"):
        if not p.get("purposes"):
            ctx.add_finding(
                "protective_order_purpose_missing",
                "MUN-PRO-02",
                Msg(
                    "La orden protectora del %(day)s no indica su propósito (¶18).",
                    day=p.day,
                ),
                event=p.index,
            )
    summons = list(ctx.all("court_summons_issued"))
    for pet in ctx.all("enforcement_petition_filed"):
        if not any(s.at <= pet.at for s in ctx.all("summons_issued")):
            ctx.add_finding(
                "enforcement_without_summons",
                "MUN-SUB-01",
                Msg(
                    "La petición al tribunal del %(day)s no tiene una citación previa de la Comisión: procede "
                    "«%(quote)s», no produzca lo requerido o se niegue a contestar (¶9).",
                    day=pet.day,
                    quote=Quote("cuando un testigo citado por la Comisión no comparezca"),
                ),
                event=pet.index,
            )
        if pet.get("petitioner") == "secretary":
            ctx.add_finding(
                "enforcement_petitioner_not_authorized",
                "MUN-SUB-02",
                Msg(
                    "Pueden acudir al Tribunal Superior la Comisión, su Presidente o un Comisionado Asociado; el "
                    "Secretario no está entre ellos (¶9)."
                ),
                event=pet.index,
            )
        issued = next((s for s in summons if s.at >= pet.at), None)
        if issued is not None:
            summons.remove(issued)
        note = Msg(
            "Término del tribunal («perentoriamente»): se vigila; la ley no dice qué ocurre si no se cumple. "
            "Las reclamaciones del testigo se dirimen aparte y %(quote)s (¶11, MUN-SUB-05).",
            quote=Quote(ctx.rule("MUN-SUB-05").quote),
        )
        label = Msg("petición al tribunal")
        watched(ctx, MunicipalComplaintDeadline.COURT_SUMMONS, "MUN-SUB-04", pet, issued, label, note)
    for sanc in ctx.all("frivolous_sanction_imposed"):
        if sanc.get("grounds") == "missing_evidence" and filed.get("evidence_attached") is True:
            ctx.add_finding(
                "sanction_ground_not_on_record",
                "MUN-FRI-01",
                Msg(
                    "La sanción se impuso por falta de evidencia, pero la querella consta presentada con evidencia (¶33)."
                ),
                event=sanc.index,
            )
