"""Secs. 20–24: complaints and OEG referrals — filing, notice, answer, examination, hearings,
the term to resolve, concurrent court proceedings, the summary procedure and the pre-election
blackout. Rules ``CAM-20-*`` to ``CAM-24*``.

The evaluator reads the docket events of a ``complaint`` (or ``referral``, handled as a complaint
from its receipt, Sec. 16(b)) and records every term that applies so far, the findings, the stage
of the case and the acts the Code allows next.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import Act, Context, Election, Event, EventSpec, FieldSpec, FinalAct
from ...i18n import Msg, Quote, Raw
from ...terms import Rule, Term, compute_due, shared_term
from ...vocabulary import ComplaintDeadline, ComplaintStage
from ..common import RuleSet, normalize_name, with_next_acts, with_order
from .s25_s31_reports import (
    allowed_sanctions,
    check_sanctions,
    final_report_route,
    referral_deadline,
)

R = RuleSet()

# --- Sec. 20 — Querellas -------------------------------------------------------------------
R.add(
    "CAM-20-01",
    "ROLE",
    "Sec. 20(1)",
    "a juicio de cualquier persona",
    "Cualquier persona puede presentar una querella contra un Representante, funcionario o jefe de dependencia.",
)
R.add(
    "CAM-20-02",
    "VALIDATION",
    "Sec. 20(2)",
    "por escrito y bajo apercibimiento de perjurio",
    "La querella es escrita y jurada bajo apercibimiento de perjurio, con sus consecuencias mostradas y aceptadas.",
)
R.add(
    "CAM-20-03",
    "CONFIDENTIALITY",
    "Sec. 20(3)",
    "La Querella será confidencial",
    "La querella y sus anejos son confidenciales.",
)
R.add(
    "CAM-20-04",
    "RECORD",
    "Sec. 20(4)",
    "personalmente en la Oficina de la Comisión de Ética o a través del correo electrónico",
    "Se registra el medio de presentación (en persona, correo electrónico, formulario) y el momento de recibo.",
)
R.add(
    "CAM-20-05",
    "VALIDATION",
    "Sec. 20(5)",
    "La Comisión elaborará un formulario",
    "Formulario electrónico que recoge todos los datos requeridos.",
)
R.add(
    "CAM-20-06",
    "DEADLINE",
    "Sec. 20(6)",
    "término improrrogable y jurisdiccional de treinta (30) días calendarios",
    "La querella se presenta dentro de 30 días calendario desde que el querellante conoció los hechos; "
    "fuera de término, la Comisión no tiene jurisdicción.",
    term=(30, "calendar_days"),
)
R.add(
    "CAM-20-07",
    "VALIDATION",
    "Sec. 20(7)",
    "su nombre completo, su dirección postal o correo electrónico",
    "Requeridos: nombre completo, dirección postal o correo electrónico, y teléfono del querellante.",
)

# --- Sec. 21 — Procedimientos ante la Comisión -----------------------------------------------
R.add(
    "CAM-21A-01",
    "VALIDATION",
    "Sec. 21(a)(1)",
    "el nombre completo del Representante, funcionario o jefe de dependencia",
    "Requerido: nombre completo y cargo de la parte querellada.",
)
R.add(
    "CAM-21A-02",
    "VALIDATION",
    "Sec. 21(a)(2)",
    "describir detallada y específicamente los hechos",
    "Requerida: relación detallada y específica de los hechos.",
)
R.add(
    "CAM-21A-03",
    "VALIDATION",
    "Sec. 21(a)(3)",
    "El propio y personal conocimiento",
    "Requerida: declaración de conocimiento propio y personal, bajo apercibimiento de perjurio "
    "(ajuste require_personal_knowledge, A-17).",
)
R.add(
    "CAM-21A-04",
    "VALIDATION",
    "Sec. 21(a)(4)–(10)",
    "evidencia debidamente obtenida",
    "Tipos de evidencia: admisiones públicas corroboradas; documentos públicos; documentos de negocios; "
    "documentos oficiales de agencias; hallazgos de la Asamblea, el Contralor, una agencia o sentencia firme.",
)
R.add(
    "CAM-21A-05",
    "VALIDATION",
    "Sec. 21(a)(11)",
    "los nombres y direcciones de las personas o testigos",
    "Testigos con sus direcciones, cuando aplique.",
)
R.add(
    "CAM-21A-06",
    "VALIDATION",
    "Sec. 21(a)(12)",
    "Deberá citar las disposiciones del Código de Ética",
    "Requeridas: las disposiciones del Código que se alegan infringidas.",
)
R.add(
    "CAM-21B-01",
    "DEADLINE",
    "Sec. 21(b)(1)",
    "notificará inmediatamente, dentro del término de tres (3) días laborables",
    "La Comisión notifica la querella, con copia, a la parte querellada y al Presidente de la Cámara "
    "dentro de 3 días laborables desde su presentación.",
    term=(3, "business_days"),
)
R.add(
    "CAM-21B-02",
    "DEADLINE",
    "Sec. 21(b)(2)",
    "quince (15) días laborables, contados a partir de la fecha de recibo de la notificación",
    "La parte querellada contesta por escrito dentro de 15 días laborables desde que recibe la notificación.",
    term=(15, "business_days"),
)
R.add(
    "CAM-21B-03",
    "DEADLINE",
    "Sec. 21(b)(3)",
    "a partir de la fecha en que expire el término original",
    "Prórroga para contestar de hasta 15 días laborables adicionales, contados desde que vence el "
    "término original; se solicita por escrito con razones específicas antes de que venza (A-19).",
    term=(15, "business_days"),
)
R.add(
    "CAM-21B-04",
    "VALIDATION",
    "Sec. 21(b)(4)",
    "La notificación de la querella deberá contener",
    "La notificación contiene: copia de la querella; los 15 días laborables para contestar y la prórroga; "
    "el derecho a abogado; la advertencia de rebeldía.",
)
R.add(
    "CAM-21B-05",
    "STATE",
    "Sec. 21(b)(4)(4)",
    "podrá declarar al querellado en rebeldía",
    "Sin contestación en término (ni prórroga pendiente), la Comisión puede declarar la rebeldía.",
)
R.add(
    "CAM-21C-01",
    "DEADLINE",
    "Sec. 21(c)(1)",
    "hasta un máximo de treinta (30) días laborables",
    "La Comisión examina la querella y determina dentro de 30 días laborables desde la contestación o el "
    "fin del término para contestar en vigor, lo que ocurra primero (decisión 4).",
    term=(30, "business_days"),
)
R.add(
    "CAM-21C-02",
    "STATE",
    "Sec. 21(c)(1)",
    "existe causa probable para continuar",
    "Resultado del examen: desestimación, o jurisdicción y causa probable → vista evidenciaria.",
)
R.add(
    "CAM-21C-03",
    "STATE",
    "Sec. 21(c)(2)",
    "podrá desestimar sumariamente",
    "Causas de desestimación: falta de jurisdicción; prescripción; defectos de forma o contenido; falta de "
    "interés; negativa a aportar evidencia o testimonio; querella frívola.",
)
R.add(
    "CAM-21C-04",
    "DEADLINE",
    "Sec. 21(c)(9)",
    "a no más tardar de tres (3) días laborables",
    "La determinación se notifica por escrito al querellante y al querellado dentro de 3 días laborables.",
    term=(3, "business_days"),
)
R.add(
    "CAM-21C-05",
    "STATE",
    "Sec. 21(c)(10)",
    "el debido proceso de ley a todas las partes",
    "Fase de méritos: reuniones y vistas con debido proceso.",
)
R.add(
    "CAM-21C-06",
    "DEADLINE",
    "Sec. 21(c)(10)",
    "no menos de diez (10) días laborables, la vista inicial",
    "La vista inicial se notifica con no menos de 10 días laborables de antelación.",
    term=(10, "business_days"),
)
R.add(
    "CAM-21C-07",
    "DEADLINE",
    "Sec. 21(c)(10)",
    "no menos de cinco (5) días laborables toda vista subsiguiente",
    "Cada vista subsiguiente se notifica con no menos de 5 días laborables de antelación.",
    term=(5, "business_days"),
)
R.add(
    "CAM-21C-08",
    "VALIDATION",
    "Sec. 21(c)(11)",
    "una breve relación de hechos",
    "La citación inicial indica cargos, breve relación de hechos y testigos; se registra medio, fecha y destinatario.",
)
R.add(
    "CAM-21C-09",
    "DEADLINE",
    "Sec. 21(c)(11)",
    "al menos cinco (5) días laborables, con anterioridad a la vista",
    "Si el querellado evade la notificación, el Presidente de la Comisión, con autorización previa del "
    "Presidente de la Cámara, le notifica en sesión; para la vista inicial se exigen 10 días laborables (A-21).",
    term=(5, "business_days"),
)
R.add(
    "CAM-21D-01",
    "CONFIDENTIALITY",
    "Sec. 21(d)",
    "Todos los procedimientos y documentación respecto a querellas serán confidenciales",
    "Confidencial desde la radicación hasta la determinación o resolución final.",
)

# --- Sec. 22 — Término para resolver -----------------------------------------------------------
R.add(
    "CAM-22-01",
    "DEADLINE",
    "Sec. 22",
    "cuarenta y cinco (45) días calendario",
    "La Comisión resuelve en sus méritos dentro de 45 días calendario desde que finaliza la vista evidenciaria.",
    term=(45, "calendar_days"),
)
R.add(
    "CAM-22-02",
    "DEADLINE",
    "Sec. 22",
    "no será mayor de cuarenta y cinco (45) días adicionales",
    "El Presidente de la Cámara puede conceder una prórroga de hasta 45 días adicionales; se pide antes de "
    "que venza el término (A-22).",
    term=(45, "days"),
)
R.add(
    "CAM-22-03",
    "DEADLINE",
    "Sec. 22",
    "cinco (5) días calendario adicional",
    "Denegada la prórroga, la Comisión resuelve dentro de 5 días calendario adicionales (A-23: contados desde "
    "el vencimiento original o la denegación, lo que sea antes, nunca antes del vencimiento original).",
    term=(5, "calendar_days"),
)

# --- Sec. 23 — Concurrencia de procedimientos --------------------------------------------------
R.add(
    "CAM-23-01",
    "STATE",
    "Sec. 23",
    "quedarán suspendidos hasta tanto el Tribunal emita una decisión final",
    "Un procedimiento judicial sobre los mismos hechos suspende el proceso y sus términos (todos, tras la "
    "notificación; A-24) hasta la decisión final; al reanudarse corre el balance.",
)

# --- Sec. 24 — Procedimiento sumario -----------------------------------------------------------
R.add(
    "CAM-24-01",
    "STATE",
    "Sec. 24",
    "ciento veinte (120) días o menos, previo al día de las elecciones generales",
    "Querella contra un Representante candidato a reelección o un funcionario candidato a Representante, "
    "presentada 120 días o menos antes de las elecciones generales o primarias: procedimiento sumario.",
    term=(120, "calendar_days"),
)
R.add(
    "CAM-24-02",
    "DEADLINE",
    "Sec. 24",
    "no mayor de cinco (5) días laborables, a partir de la presentación",
    "El procedimiento sumario se resuelve en no más de 5 días laborables desde la presentación.",
    term=(5, "business_days"),
)
R.add(
    "CAM-24A-01",
    "VALIDATION",
    "Sec. 24(a)",
    "todos los requisitos establecidos en este Código",
    "Los mismos requisitos de las Secs. 20–21(a).",
)
R.add(
    "CAM-24B-01",
    "DEADLINE",
    "Sec. 24(b)",
    "Inmediatamente después de recibirse la querella",
    "En el procedimiento sumario la notificación al querellado es inmediata (el mismo día).",
    term=(0, "business_days"),
)
R.add(
    "CAM-24C-01",
    "DEADLINE",
    "Sec. 24(c)",
    "veinticuatro (24) horas para determinar si desestima sumariamente",
    "24 horas para decidir si se desestima sumariamente, contadas desde la notificación al querellado "
    "(decisión 5; ajuste summary_24h_trigger).",
    term=(24, "hours"),
)
R.add(
    "CAM-24C-02",
    "STATE",
    "Sec. 24(c)",
    "no será revisable",
    "La determinación de las 24 horas no es revisable: no se ofrece reconsideración.",
)
R.add(
    "CAM-24C-03",
    "DEADLINE",
    "Sec. 24(c)",
    "cuarenta y ocho (48) horas, a partir de la notificación o recibo de la querella",
    "48 horas desde la notificación al querellado para citar a vista evidenciaria, si procede.",
    term=(48, "hours"),
)
R.add(
    "CAM-24D-01",
    "STATE",
    "Sec. 24(d)",
    "expresarse verbalmente o por escrito",
    "En la vista se examinan alegaciones y prueba; el querellado puede expresarse verbalmente o por escrito.",
)
R.add(
    "CAM-24E-01",
    "DEADLINE",
    "Sec. 24(e)",
    "cuarenta y ocho (48) horas, a partir de la celebración de la vista",
    "48 horas desde la vista para adjudicar y notificar la decisión.",
    term=(48, "hours"),
)
R.add(
    "CAM-24E-02",
    "DEADLINE",
    "Sec. 24(e)",
    "se les notificará inmediatamente a las partes",
    "Si no tiene méritos, se desestima y se notifica inmediatamente (el mismo día).",
    term=(0, "business_days"),
)
R.add(
    "CAM-24E-03",
    "STATE",
    "Sec. 24(e)",
    "según el procedimiento establecido en el Artículo 11",
    "Si tiene méritos, sigue el procedimiento ordinario: término completo para contestar y luego la Sec. 21(c) (A-28).",
)
R.add(
    "CAM-24F-01",
    "STATE",
    "Sec. 24(f)",
    "treinta (30) días naturales antes del día de las elecciones generales",
    "Las querellas presentadas en los 30 días naturales antes de las elecciones generales, o el mismo día de "
    "las elecciones (decisión 10, ajuste blackout_includes_election_day), quedan en espera.",
    term=(30, "calendar_days"),
)
R.add(
    "CAM-24F-02",
    "DEADLINE",
    "Sec. 24(f)",
    "tres (3) días laborables después de celebradas las elecciones",
    "Las querellas en espera se atienden al tercer día laborable después de las elecciones, que cuenta como "
    "fecha de presentación (A-29).",
    term=(3, "business_days"),
)

RULES = R.rules

# --- Vocabulary --------------------------------------------------------------------------------

DISMISSAL_GROUNDS = (
    "no_jurisdiction",        # 21(c)(2)[3] ausencia de jurisdicción
    "time_barred",            # [4] prescripción
    "form_or_content",        # [5] incumplimiento con requisitos de forma y contenido
    "lack_of_interest",       # [6] falta de interés del querellante
    "refuses_evidence",       # [7] se niega a aportar evidencia o testimonio
    "frivolous",              # [8] evidentemente frívola
)  # fmt: skip
# Sec. 21(c): what the Commission determines on a complaint (``determination_made``'s ``outcome``); the
# dismissal is the app's common word.
DETERMINATION_OUTCOMES_ES = {"probable_cause": "Causa probable: pasa a vista evidenciaria"}
DISMISSAL_GROUNDS_ES = {
    "no_jurisdiction": "Ausencia de jurisdicción (Sec. 21(c)(2))",
    "time_barred": "Prescripción (Sec. 21(c)(2))",
    "form_or_content": "Incumplimiento con los requisitos de forma y contenido del Código (Sec. 21(c)(2))",
    "lack_of_interest": "Falta de interés del querellante en los procesos ante la Comisión (Sec. 21(c)(2))",
    "refuses_evidence": "El querellante se niega a aportar evidencia o testimonio (Sec. 21(c)(2))",
    "frivolous": "Querella evidentemente frívola, inverosímil y desprovista de fundamentos (Sec. 21(c)(2))",
}
RESOLUTION_OUTCOMES = ("charges_proven", "charges_not_proven", "dismissed", "merit_found")
SANCTIONS = (
    "admonition",
    "public_reprimand",
    "censure",
    "fine",
    "expulsion",
    "suspension_without_pay",
    "removal",
    "verbal_admonition",
    "written_reprimand",
    "demotion",
    "transfer",
)

_F = FieldSpec
COMPLAINT_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("complaint_filed", "Querella presentada", {
            "knowledge_date": _F("date", not_after_event=True, help="Fecha en que el querellante conoció los hechos (Sec. 20(6))"),
            "facts_date": _F("date", any_year=True, help="Fecha de los hechos (Sec. 2)"),
            "channel": _F("choice", choices=("in_person", "email", "online"), help="Medio (Sec. 20(4))"),
        }),
        EventSpec("referral_received", "Referido de la OEG recibido", {
            "facts_date": _F("date", any_year=True),
            "evidence_attached": _F("bool", help="Informe y toda la evidencia adjunta (Sec. 16(b))"),
        }),
        EventSpec("respondent_notified", "Notificación recibida por la parte querellada"),
        EventSpec("speaker_notified", "Copia de la querella al Presidente de la Cámara"),
        EventSpec("extension_requested", "Prórroga para contestar solicitada", {"reasons": _F("str")}),
        EventSpec("extension_granted", "Prórroga para contestar concedida", {"business_days": _F("int", required=True)}),
        EventSpec("extension_denied", "Prórroga para contestar denegada"),
        EventSpec("answer_filed", "Contestación presentada"),
        EventSpec("default_declared", "Rebeldía declarada"),
        EventSpec("determination_made", "Determinación de la Comisión", {
            "outcome": _F("choice", required=True, choices=("dismissed", "probable_cause")),
            "grounds": _F("choices", choices=DISMISSAL_GROUNDS, labels=DISMISSAL_GROUNDS_ES,
                          help="Causas de desestimación (Sec. 21(c)(2))"),
        }),
        EventSpec("determination_notified", "Determinación notificada a las partes"),
        EventSpec("hearing_noticed", "Vista notificada", {
            "hearing_date": _F("datetime", required=True),
            "initial": _F("bool"),
            "evasion": _F("bool", help="Notificación en sesión por evasión (Sec. 21(c)(11))"),
        }),
        EventSpec("hearing_held", "Vista celebrada"),
        EventSpec("evidentiary_hearing_concluded", "Vista evidenciaria concluida"),
        EventSpec("witness_summoned", "Citación de testigo (Sec. 5(7))", {"witness": _F("str")}),
        EventSpec("documents_requested", "Requerimiento de documentos (Sec. 5(7))", {"description": _F("str")}),
        EventSpec("resolution_extension_requested", "Prórroga para resolver solicitada al Presidente de la Cámara"),
        EventSpec("resolution_extension_granted", "Prórroga para resolver concedida", {"days": _F("int", required=True)}),
        EventSpec("resolution_extension_denied", "Prórroga para resolver denegada"),
        EventSpec("proceedings_suspended", "Términos suspendidos (Sec. 23)", {"reason": _F("str")}),
        EventSpec("proceedings_resumed", "Términos reanudados"),
        EventSpec("recusal_requested", "Inhibición solicitada (Sec. 9)", {
            "member": _F("str"), "by": _F("choice", choices=("member", "party")),
            "grounds": _F("choices", choices=("bias", "former_counsel", "kinship", "other")),
        }),
        EventSpec("recusal_decided", "Inhibición resuelta", {"member": _F("str"), "granted": _F("bool", required=True)}),
        EventSpec("recusal_denial_notified", "Denegación de inhibición notificada", {"member": _F("str")}),
        EventSpec("substitute_requested", "Sustituto solicitado al Presidente de la Cámara", {"member": _F("str")}),
        EventSpec("substitute_appointed", "Miembro sustituto nombrado", {"member": _F("str"), "substitute": _F("str")}),
        EventSpec("resolved", "Querella resuelta por la Comisión (Informe Final)", {
            "outcome": _F("choice", required=True, choices=RESOLUTION_OUTCOMES),
        }),
        EventSpec("report_referred", "Informe Final referido (Sec. 25)", {
            "to": _F("choice", choices=("house", "speaker")),
            "recommendation": _F("choice", choices=("expulsion", "removal", "other_sanction"))}),
        EventSpec("referred_to_other_body", "Referido a otro organismo gubernamental (Sec. 25.1)", {
            "body": _F("str")}),
        EventSpec("sanction_decided", "Sanción decidida (Sec. 26)", {
            "sanctions": _F("choices", choices=SANCTIONS),
            "fine_amount": _F("money"),
        }),
        EventSpec("case_closed", "Caso cerrado"),
    )
}  # fmt: skip

# Final for publication (issue 26; Secs. 5(5), 21(d), A-5): a dismissal determination once notified to
# the parties (Sec. 21(c)(9)) and the case closed; a resolution that ends the ordinary procedure, after
# the evidentiary hearing, once the case is closed (Sec. 22: the Commission's Final Report, no notice act
# of its own); a summary dismissal once notified (Sec. 24(e)) and closed; charges found true once the
# Final Report is referred (Sec. 25) and the case closed. A complaint closed before any of these (withdrawn,
# or closed without the notice) is never published.
FINAL_ACTS = (
    FinalAct("determination_made", "CAM-21C-04", {"outcome": ("dismissed",)},
             then=("determination_notified", "case_closed")),
    FinalAct("resolved", "CAM-22-01", {"outcome": ("charges_not_proven", "dismissed")},
             after=("evidentiary_hearing_concluded",), then=("case_closed",)),
    FinalAct("resolved", "CAM-24E-02", {"outcome": ("dismissed",)}, then=("determination_notified", "case_closed")),
    FinalAct("resolved", "CAM-21D-01", {"outcome": ("charges_proven",)}, then=("report_referred", "case_closed")),
)  # fmt: skip
# Persons named in the acts whom the public never reads about (issue 26): the witnesses the complaint
# lists (Sec. 21(a)(11), its details) and those summoned (Sec. 5(7)).
PRIVATE_FIELDS = {"complaint_filed": ("witnesses",), "witness_summoned": ("witness",)}

# What to do next: when each act applies, the terms it meets (the Commission's own) and the parties'
# terms whose expiry lets the Commission take it (read by the case page and the work queue).
COMPLAINT_EVENTS = with_next_acts(
    COMPLAINT_EVENTS,
    {
        "complaint_filed": "Al recibir una querella jurada (Sec. 20).",
        "referral_received": "Al recibir un referido de la OEG con su informe y la evidencia (Sec. 16).",
        "respondent_notified": "Cuando la parte querellada recibe la querella; empieza su término para contestar "
        "(Sec. 21(b)).",
        "speaker_notified": "Al enviar copia de la querella al Presidente de la Cámara (Sec. 21(b)).",
        "extension_requested": "Cuando la parte querellada pide por escrito más tiempo para contestar, antes de "
        "que venza su término.",
        "extension_granted": "Si la Comisión concede la prórroga pedida (hasta 15 días laborables, Sec. 21(b)).",
        "extension_denied": "Si la Comisión deniega la prórroga pedida.",
        "answer_filed": "Cuando la parte querellada presenta su contestación por escrito.",
        "default_declared": "Si venció el término para contestar sin contestación: la Comisión declara la rebeldía.",
        "determination_made": "Al terminar el examen: desestimar la querella o determinar causa probable (Sec. 21(c)).",
        "determination_notified": "Al notificar por escrito la determinación al querellante y al querellado.",
        "hearing_noticed": "Al señalar una vista y notificarla con la antelación que exige el Código.",
        "hearing_held": "Después de celebrar una vista.",
        "evidentiary_hearing_concluded": "Cuando termina la vista evidenciaria; empieza el término para resolver.",
        "witness_summoned": "Cuando la Comisión cita a un testigo (Sec. 5(7)).",
        "documents_requested": "Cuando la Comisión requiere documentos (Sec. 5(7)).",
        "resolution_extension_requested": "Si la Comisión necesita más tiempo para resolver: se pide al "
        "Presidente de la Cámara antes de que venza el término.",
        "resolution_extension_granted": "Si el Presidente de la Cámara concede la prórroga para resolver.",
        "resolution_extension_denied": "Si el Presidente de la Cámara deniega la prórroga para resolver.",
        "proceedings_suspended": "Si una causa de la Sec. 23 suspende los términos.",
        "proceedings_resumed": "Cuando cesa la causa de la suspensión y los términos vuelven a correr.",
        "recusal_requested": "Cuando un miembro o una parte pide una inhibición (Sec. 9).",
        "recusal_decided": "Al resolver una solicitud de inhibición (Sec. 9).",
        "recusal_denial_notified": "Al informar por escrito la denegación de una inhibición pedida por un tercero.",
        "substitute_requested": "Cuando un miembro queda inhibido o es parte: se pide un sustituto al Presidente "
        "de la Cámara.",
        "substitute_appointed": "Cuando el Presidente de la Cámara nombra el miembro sustituto.",
        "resolved": "Al resolver la querella en sus méritos (Informe Final).",
        "report_referred": "Al referir el Informe Final a quien corresponde (Sec. 25).",
        "referred_to_other_body": "Si el asunto corresponde a otro organismo gubernamental (Sec. 25.1).",
        "sanction_decided": "Cuando el Cuerpo decide la sanción (Sec. 26).",
        "case_closed": "Cuando no queda nada por hacer en el caso.",
    },
    meets={
        "respondent_notified": ("notify_respondent",),  # CAM-21B-01, CAM-24B-01
        "determination_made": ("examine", "summary_dismissal_review", "summary_total"),  # CAM-21C-01, CAM-24C-01
        "determination_notified": ("notify_determination", "notify_summary_dismissal"),  # CAM-21C-04, CAM-24E-02
        "hearing_noticed": ("summary_hearing_citation",),  # CAM-24C-03
        "resolved": ("resolve", "summary_adjudication", "summary_total"),  # CAM-22-01, CAM-24E-01, CAM-24-02
        "substitute_requested": ("request_substitute",),  # CAM-09-07
        "recusal_denial_notified": ("notify_recusal_denial",),  # CAM-09-08
        "report_referred": ("refer_final_report",),  # CAM-25-05
    },
    on_expiry={
        # CAM-21B-02: without an answer in its term the Commission declares the default and examines
        # the complaint, the examination's term running from the end of the answer term (CAM-21C-01).
        "default_declared": ("answer",),
        # CAM-20-06: a complaint filed after 30 days from knowing the facts is outside the
        # Commission's jurisdiction: it determines to dismiss it.
        "determination_made": ("answer", "file_complaint"),
    },
)

# What each act presupposes besides the order of _REQUIRES (never silent): the acts the case has once —
# a determination, a Final Report, its referral, a default, the resolution's extension — are flagged when
# repeated; a suspension while suspended, a resumption without one, a hearing after the Final Report, an
# extension asked once the answer term is over are out of place. The incidental acts (Sec. 5(7) summonses and requests,
# the copy to the Speaker, a substitute, a recusal asked) set no term of their own: they change nothing
# the engine derives, by design.
# The acts after which the answer term is over (an extension to answer is out of place).
_ANSWER_PHASE_CLOSED = ("answer_filed", "default_declared", "determination_made", "referred_to_other_body")
COMPLAINT_EVENTS = with_order(
    COMPLAINT_EVENTS,
    after={
        "proceedings_resumed": ("proceedings_suspended",),
        "recusal_decided": ("recusal_requested",),
        "extension_granted": ("extension_requested",),
        "extension_denied": ("extension_requested",),
    },
    not_after={
        "hearing_noticed": ("resolved",),
        "hearing_held": ("resolved",),
        "extension_requested": _ANSWER_PHASE_CLOSED,
        # A decision on the extension once the answer is in (or the default declared, or the Commission has
        # determined) extends nothing: the extension is «para contestar» (Sec. 21(b)); docs/decisions.md,
        # «A request overtaken».
        "extension_granted": _ANSWER_PHASE_CLOSED,
        "extension_denied": _ANSWER_PHASE_CLOSED,
        # A recusal is asked of an open case (Sec. 9); one still undecided when the case is closed was left
        # without object (``act_overtaken``), so the decision that answered it is never without effect.
        "recusal_requested": ("case_closed",),
    },
    once=(
        "respondent_notified",
        "extension_requested",  # one request pending at a time: asked again only once denied
        "answer_filed",
        "extension_granted",
        "extension_denied",
        "default_declared",
        "determination_made",
        "resolution_extension_requested",
        "resolution_extension_granted",
        "resolution_extension_denied",
        "resolved",
        "report_referred",
        "referred_to_other_body",
        "proceedings_suspended",
        "proceedings_resumed",
    ),
    reopened_by={
        "proceedings_suspended": ("proceedings_resumed",),
        "extension_requested": ("extension_denied",),
        # a summary case found with merit re-enters the ordinary procedure with the full answer term
        "answer_filed": (Act("resolved", {"outcome": "merit_found"}),),
    },
    standalone=(
        "witness_summoned",
        "documents_requested",
        "speaker_notified",
        "substitute_requested",
        "substitute_appointed",
        "recusal_requested",
        # The written notice of a recusal denied meets CAM-09-08's term when a party asked; a member's own
        # request denied owes none (Sec. 9), and its notice, recorded all the same, sets no term.
        "recusal_denial_notified",
    ),
)

# Acts that may be recorded at any stage while the case is open.
ANYTIME = (
    "witness_summoned",
    "documents_requested",
    "proceedings_suspended",
    "recusal_requested",
    "substitute_requested",
    "substitute_appointed",
    "speaker_notified",
)


# --- Evaluation --------------------------------------------------------------------------------


def _election_windows(ctx: Context, filed: dt.date) -> tuple[dt.date | None, dt.date | None]:
    """(general election whose 30-day blackout holds ``filed``, election putting it in the 120 days)."""
    near = _days_near_an_election(ctx)
    if near is not None and filed not in near:
        return None, None  # no election within either window after the filing: the usual case
    blackout = summary = None
    window = ctx.rule("CAM-24-01").term
    black = ctx.rule("CAM-24F-01").term
    assert window is not None and black is not None
    # Decision 10 (setting blackout_includes_election_day): a filing on election day itself is inside
    # the blackout, like one in the 30 calendar days before it.
    first_day_before = 0 if ctx.settings["blackout_includes_election_day"] else 1
    for e in sorted(ctx.elections, key=lambda e: e.date):
        days_before = (e.date - filed).days
        if e.kind == "general" and first_day_before <= days_before <= black.amount and blackout is None:
            blackout = e.date
        if 0 < days_before <= window.amount and summary is None:
            if e.kind == "general" or ctx.settings["primary_elections_count"]:
                summary = e.date
    return blackout, summary


def _days_near_an_election(ctx: Context) -> frozenset[dt.date] | None:
    """The days from which an election of the rulebook's own list falls within the longer of the
    two windows (CAM-24-01, CAM-24F-01), computed once; None for a scenario's own elections."""
    rulebook = ctx.rulebook
    if ctx.elections is not rulebook.elections:
        return None
    entry = _NEAR_ELECTIONS.get(rulebook.id)
    if entry is None or entry[0] is not rulebook.elections or entry[1] is not rulebook.rules:
        window = rulebook.rules["CAM-24-01"].term
        black = rulebook.rules["CAM-24F-01"].term
        assert window is not None and black is not None
        longest = max(window.amount, black.amount)
        near = frozenset(e.date - dt.timedelta(days=k) for e in rulebook.elections for k in range(longest + 1))
        entry = _NEAR_ELECTIONS[rulebook.id] = (rulebook.elections, rulebook.rules, near)
    return entry[2]


_NEAR_ELECTIONS: dict[str, tuple[Sequence[Election], Mapping[str, Rule], frozenset[dt.date]]] = {}


# The rule that defines each stage, by procedure: shown with the stage ("Causa probable — Sec. 21(c)(1)").
STAGE_RULES: dict[str, dict[str, str]] = {
    "ordinary": {
        "filed": "CAM-21B-01",
        "awaiting_answer": "CAM-21B-02",
        "under_examination": "CAM-21C-01",
        "dismissed": "CAM-21C-03",
        "probable_cause": "CAM-21C-02",
        "hearing_scheduled": "CAM-21C-05",
        "in_hearing": "CAM-21C-05",
        "awaiting_resolution": "CAM-22-01",
        "resolved": "CAM-25-01",
        "report_referred": "CAM-25-04",
        "closed": "CAM-21D-01",
    },
    "summary": {
        "filed": "CAM-24B-01",
        "dismissed": "CAM-24C-02",
        "hearing_scheduled": "CAM-24D-01",
        "awaiting_resolution": "CAM-24E-01",
        "resolved": "CAM-24E-02",
        "closed": "CAM-21D-01",
    },
    "deferred_until_after_election": {"filed": "CAM-24F-01", "awaiting_answer": "CAM-24F-01"},
}


def evaluate_complaint(ctx: Context) -> None:
    """Complaint (Secs. 20–24) or OEG referral (Sec. 16(b)): every term, finding and next act."""
    _evaluate(ctx)
    closing = ctx.firsts.get("case_closed")
    if closing is not None and ctx.stage != "closed":
        # Never silent: a closing recorded while the case still has acts to come (the answer awaited, a
        # dismissal corrected into probable cause) closes nothing: it is pointed at.
        ctx.add_finding(
            "act_not_allowed",
            "CAM-05-01",
            Msg(
                "«%(act)s» (%(day)s) se registró cuando el caso aún tenía actos pendientes: no lo cierra. Registre "
                "el acto que pone fin al caso, o corrija el cierre.",
                act=COMPLAINT_EVENTS["case_closed"].title,
                day=closing.day,
            ),
            event=closing.index,
        )
    if (
        ctx.stage == "closed"
        and "recusal_decided" in ctx.firsts
        and not any(d.id in _RECUSAL_TERMS for d in ctx.deadlines)
    ):
        _recusal_terms(ctx, [])  # Sec. 9: a recusal decided keeps its terms when the case is closed
    sanctions = [e for e in (*ctx.left_out, *ctx.all("sanction_decided")) if e.type == "sanction_decided"]
    # Sec. 26's role and fine checks hold for every sanction recorded, wherever it stands on the docket:
    # one recorded before its report is referred is also pointed at (act_not_allowed).
    for sanction in sorted(sanctions, key=lambda e: e.index):
        check_sanctions(ctx, sanction)
    ctx.stage_rule = STAGE_RULES.get(ctx.procedure, {}).get(ctx.stage)
    if ctx.stage == "sanctioned":
        ctx.stage_rule = allowed_sanctions(ctx.respondent.role)[0]
    elif ctx.stage == "under_examination" and "default_declared" in ctx.firsts:
        ctx.stage_rule = "CAM-21B-05"
    elif ctx.stage == "awaiting_answer" and _summary_merit(ctx) is not None:
        ctx.stage_rule = "CAM-24E-03"
    if ctx.suspensions and ctx.suspensions[-1].end is None:
        # Sec. 23: while the court decides, the process itself is suspended: only the resumption
        # and the acts that do not advance the case may be recorded.
        ctx.stage_rule = "CAM-23-01"
        ctx.allowed_next = ["proceedings_resumed", *(a for a in _anytime(ctx) if a != "proceedings_resumed")]
    if "proceedings_suspended" in ctx.firsts:
        _acts_while_suspended(ctx)


# What may be recorded while the process is suspended (Sec. 23): the resumption and the acts that do not
# advance the case (the incidental ones, a recusal and its papers).
_WHILE_SUSPENDED = frozenset(
    {*ANYTIME, "proceedings_resumed", "recusal_decided", "recusal_denial_notified", "case_closed"}
)


# A request (an act other acts presuppose) → its answers, when none of them may be recorded while suspended.
_HELD_REQUESTS = {
    t: answers
    for t in COMPLAINT_EVENTS
    if (answers := tuple(u for u, x in COMPLAINT_EVENTS.items() if any(a.type == t for a in x.after)))
    and not any(u in _WHILE_SUSPENDED for u in answers)
}


def _acts_while_suspended(ctx: Context) -> None:
    """Never silent (docs/decisions.md, «An act while the process is suspended»): Sec. 23 suspends «el proceso»
    itself until the court decides, so an act that advances the case recorded between a suspension and its
    resumption (in the docket's order) is out of place: it is recorded and counted as it is, with
    ``act_not_allowed`` on it, unless a finding already points at it."""
    pointed = {f.data.get("event") for f in ctx.findings}
    pos = {e.index: n for n, e in enumerate(ctx.events)}
    since: Event | None = None
    for e in ctx.events:
        if e.type == "proceedings_suspended":
            since = since or e
        elif e.type == "proceedings_resumed":
            since = None
        elif since is not None and e.type not in _WHILE_SUSPENDED and e.index not in pointed:
            ctx.act_finding(
                e,
                "CAM-23-01",
                Msg(
                    "«%(act)s» (%(day)s) se registró con el proceso suspendido desde el %(since)s (Sec. 23): solo "
                    "proceden la reanudación y los actos que no adelantan el caso.",
                    since=since.day,
                ),
            )
    if since is None:
        return
    # A request on record when the process was suspended and not yet answered (the answer term's extension):
    # the suspension holds its answer too, which cannot be recorded before the resumption.
    for t, answers in _HELD_REQUESTS.items():
        for e in ctx.all(t):
            if (
                pos[e.index] > pos[since.index]
                or e.index in pointed
                or any(a.at >= e.at for u in answers for a in ctx.all(u))
            ):
                continue
            ctx.add_finding(
                "request_held_by_suspension",
                "CAM-23-01",
                Msg(
                    "«%(act)s» (%(day)s) queda pendiente: el proceso está suspendido desde el %(since)s (Sec. 23) y "
                    "se resuelve cuando se reanude.",
                    act=COMPLAINT_EVENTS[t].title,
                    day=e.day,
                    since=since.day,
                ),
                event=e.index,
            )


def _evaluate(ctx: Context) -> None:
    referral = ctx.scenario.kind == "referral"
    filed = ctx.firsts.get("referral_received" if referral else "complaint_filed")
    _check_order(ctx, referral, filed is not None and _is_summary(ctx, filed))
    if filed is None:
        ctx.stage = ComplaintStage.NEW
        ctx.allowed_next = ["referral_received" if referral else "complaint_filed"]
        return

    for dup in ctx.all(filed.type)[1:]:
        # Never silent (issue 11, item 2): the case was opened by the first filing; a second one is
        # pointed at, not silently dropped.
        ctx.act_finding(
            dup,
            "CAM-05-01",
            Msg(
                "«%(act)s» del %(day)s repite la del %(first)s, con la que se abrió el caso: no se tiene en "
                "cuenta. Si es otra querella, ábrala como caso aparte; si corrige la primera, regístrela como "
                "corrección.",
                first=filed.day,
            ),
        )

    role = ctx.respondent.role
    if role == "employee":
        ctx.add_finding(
            "employee_respondent",
            "CAM-02-02",
            Msg(
                "La parte querellada es un empleado: el Código cubre a Representantes, funcionarios y jefes de "
                "dependencia; a empleados solo bajo la Sec. 10(h) (A-4). Revise la jurisdicción."
            ),
        )
    _check_scope(ctx, filed)

    # Sec. 20(6): 30 calendar days from knowledge of the facts (complaints only, A-14).
    if not referral:
        knowledge = filed.payload.get("knowledge_date")
        if knowledge is not None:
            d = ctx.add_deadline(
                ComplaintDeadline.FILE_COMPLAINT,
                "CAM-20-06",
                filed,
                start=knowledge,
                satisfied=filed,
                suspendable=False,
                start_label=Msg("fecha en que conoció los hechos"),
            )
            if d.status == "missed":
                ctx.add_finding(
                    "complaint_time_barred",
                    "CAM-20-06",
                    Msg(
                        "La querella se presentó el %(filed)s, después del término jurisdiccional de 30 días "
                        "calendario que venció el %(due)s (conoció los hechos el %(known)s). Procede desestimar "
                        "por falta de jurisdicción (Sec. 21(c)(2)).",
                        filed=filed.day,
                        due=d.due_date,
                        known=knowledge,
                    ),
                    due=d.due_date.isoformat(),
                )
        else:
            ctx.add_finding(
                "knowledge_date_missing",
                "CAM-20-06",
                Msg(
                    "La querella no indica cuándo el querellante conoció los hechos; no puede "
                    "comprobarse el término de 30 días calendario (Sec. 20(6))."
                ),
            )

    # Sec. 24(f) blackout and Sec. 24 summary procedure.
    blackout, summary_election = _election_windows(ctx, filed.day)
    start_event = filed
    effective_start: dt.date | None = None
    if blackout is not None:
        ctx.procedure = "deferred_until_after_election"
        take_up = ctx.rule("CAM-24F-02").term
        assert take_up is not None
        resume = dt.date.fromordinal(ctx.calendar.add_business_days_ord(blackout.toordinal(), take_up.amount))
        effective_start = resume
        when = (
            Msg(
                "Presentada el mismo día de las elecciones generales, el %(day)s, que queda dentro del periodo en "
                "que la Comisión no atiende querellas (el día de las elecciones o en los 30 días naturales "
                "anteriores; decisión 10)",
                day=blackout,
            )
            if filed.day == blackout
            else Msg(
                "Presentada dentro de los 30 días naturales antes de las elecciones generales del %(day)s",
                day=blackout,
            )
        )
        ctx.add_finding(
            "filed_in_pre_election_blackout",
            "CAM-24F-01",
            Msg(
                "%(when)s: la Comisión no puede atenderla hasta el tercer día laborable después, el %(resume)s, "
                "que cuenta como fecha de presentación (Sec. 24(f); A-29).",
                when=when,
                resume=resume,
            ),
            election=blackout.isoformat(),
            resumes=resume.isoformat(),
        )
    elif summary_election is not None and ctx.respondent.candidate and role in ("representative", "officer"):
        ctx.procedure = "summary"

    if ctx.procedure == "summary":
        _evaluate_summary(ctx, filed)
        return

    _evaluate_ordinary(ctx, start_event, effective_start)


def _check_scope(ctx: Context, filed: Event) -> None:
    facts = filed.payload.get("facts_date")
    if facts is None:
        return
    start = dt.date.fromisoformat(ctx.settings["code_approval_date"])
    end = dt.date.fromisoformat(ctx.settings["scope_end_date"])
    if facts < start or facts > end:
        ctx.add_finding(
            "facts_outside_scope",
            "CAM-02-01",
            Msg(
                "Los hechos (%(facts)s) caen fuera del alcance del Código (%(start)s – %(end)s; Sec. 2, A-3).",
                facts=facts,
                start=start,
                end=end,
            ),
        )


def _evaluate_ordinary(ctx: Context, filed: Event, effective_start: dt.date | None) -> None:
    firsts = ctx.firsts
    notified = firsts.get("respondent_notified")
    start_label: Msg | str = Msg("tercer día laborable tras las elecciones (Sec. 24(f))") if effective_start else ""
    if (
        effective_start is None
        and ctx.settings["filing_timestamp_rule"] == "next_business_day"
        and not ctx.calendar.is_business_day(filed.day)
    ):
        # Interpretation (A-18, setting filing_timestamp_rule): a complaint received on a day the
        # office is closed counts as filed on the next business day.
        effective_start = ctx.calendar.roll_forward(filed.day)
        start_label = Msg("próximo día laborable tras el recibo (A-18)")
    ctx.add_deadline(
        ComplaintDeadline.NOTIFY_RESPONDENT,
        "CAM-21B-01",
        filed,
        start=effective_start,
        satisfied=notified,
        start_label=start_label,
    )
    ctx.stage = ComplaintStage.FILED
    if notified is None:
        if "case_closed" in firsts:  # closed before the respondent was notified (e.g. withdrawn)
            ctx.stage = ComplaintStage.CLOSED
            ctx.allowed_next = []
            return
        ctx.allowed_next = ["respondent_notified", *_anytime(ctx), "case_closed"]
        return

    # A summary case found with merit re-enters here with the full answer term.
    answer_trigger = notified
    merit = _summary_merit(ctx)
    if merit is not None:
        answer_trigger = merit

    answer_ev = firsts.get("answer_filed")
    determination = firsts.get("determination_made")
    answer_d, answer_end = _answer_term(ctx, answer_trigger, answer_ev)
    ctx.stage = ComplaintStage.AWAITING_ANSWER

    # Sec. 21(c)(1): examine within 30 bd from the answer or the end of the term in force.
    if answer_ev is not None and answer_ev.day <= answer_end:
        exam_start, exam_label, exam_trigger = answer_ev.day, Msg("contestación"), answer_ev
    else:
        exam_start, exam_label, exam_trigger = answer_end, Msg("fin del término para contestar"), answer_trigger
    exam_open = (
        answer_ev is not None
        or answer_d.status == "missed"
        or "default_declared" in firsts
        or determination is not None
    )
    if exam_open:
        d = ctx.add_deadline(
            ComplaintDeadline.EXAMINE,
            "CAM-21C-01",
            exam_trigger,
            start=exam_start,
            satisfied=determination,
            start_label=exam_label,
        )
        if answer_ev is None or answer_ev.day > answer_end:
            d.trigger = "answer_term_expired"
        ctx.stage = ComplaintStage.UNDER_EXAMINATION

    default = firsts.get("default_declared")
    if default is not None:
        ctx.stage = ComplaintStage.UNDER_EXAMINATION
        if answer_ev is not None and answer_ev.day <= default.day:
            ctx.add_finding(
                "default_after_answer",
                "CAM-21B-05",
                Msg("Se declaró la rebeldía después de recibirse la contestación."),
            )
        elif default.day <= answer_end:
            ctx.add_finding(
                "default_premature",
                "CAM-21B-05",
                Msg(
                    "La rebeldía se declaró el %(day)s, antes de vencer el término para contestar (%(answer_end)s).",
                    day=default.day,
                    answer_end=answer_end,
                ),
            )

    if determination is None:
        nxt = []
        if answer_ev is None:
            nxt.append("answer_filed")
            pending = _pending_extension(ctx)
            ctx.changes_from(answer_d.due_date + dt.timedelta(days=1))
            if pending is not None:
                nxt += ["extension_granted", "extension_denied"]
            elif "extension_granted" not in firsts and ctx.as_of_day <= answer_d.due_date:
                # an extension is asked for in writing before the answer term expires.
                nxt.append("extension_requested")
            if answer_d.status == "missed" and pending is None and default is None:
                nxt.append("default_declared")  # Sec. 21(b)(4)(4)
        if exam_open:
            nxt.append("determination_made")  # Sec. 21(c)(1): once the answer is in or its term ran out
        ctx.allowed_next = nxt + _anytime(ctx)
        return

    # Sec. 21(c)(9): notify the determination within 3 bd.
    ctx.add_deadline(
        ComplaintDeadline.NOTIFY_DETERMINATION,
        "CAM-21C-04",
        determination,
        satisfied=firsts.get("determination_notified"),
    )
    outcome = determination.payload.get("outcome")
    if outcome == "dismissed":
        ctx.stage = ComplaintStage.DISMISSED
        if not determination.payload.get("grounds"):
            ctx.add_finding(
                "dismissal_without_grounds",
                "CAM-21C-03",
                Msg("La desestimación no indica ninguna de las causas de la Sec. 21(c)(2)."),
            )
        nxt = [] if "determination_notified" in firsts else ["determination_notified"]
        ctx.allowed_next = nxt + ([] if "case_closed" in firsts else ["case_closed"])
        if "case_closed" in firsts:
            ctx.stage = ComplaintStage.CLOSED
        return

    ctx.stage = ComplaintStage.PROBABLE_CAUSE
    _check_hearing_notices(ctx, determination)
    concluded = ctx.last("evidentiary_hearing_concluded")
    if concluded is None:
        nxt = [] if "determination_notified" in firsts else ["determination_notified"]
        nxt.append("hearing_noticed")
        if "hearing_noticed" in firsts:
            ctx.stage = ComplaintStage.HEARING_SCHEDULED
            nxt.append("hearing_held")
        if "hearing_held" in firsts:
            ctx.stage = ComplaintStage.IN_HEARING
            nxt.append("evidentiary_hearing_concluded")
        ctx.allowed_next = nxt + _anytime(ctx)
        return

    ctx.stage = ComplaintStage.AWAITING_RESOLUTION
    resolved = firsts.get("resolved")
    _resolve_term(ctx, concluded, resolved)
    if resolved is None:
        nxt = []
        if "resolution_extension_requested" not in firsts:
            nxt.append("resolution_extension_requested")
        elif not ("resolution_extension_granted" in firsts or "resolution_extension_denied" in firsts):
            nxt += ["resolution_extension_granted", "resolution_extension_denied"]
        nxt += ["hearing_noticed", "resolved"]
        ctx.allowed_next = nxt + _anytime(ctx)
        return
    _after_resolution(ctx, resolved)


# An extension granted over the rule's maximum (the maximum is computed): to answer (Sec. 21(b)(3)) and to
# resolve (Sec. 22).
_ANSWER_EXTENSION_OVER = Msg(
    "Se concedieron %(granted)s días laborables de prórroga; el máximo es %(amount)s. Se computa el máximo."
)
_RESOLVE_EXTENSION_OVER = Msg(
    "El Presidente concedió %(days)s días de prórroga; el máximo es %(amount)s. Se computa el máximo."
)


def _answer_term(ctx: Context, trigger: Event, answer: Event | None) -> tuple[Any, dt.date]:
    """The answer term (Sec. 21(b)(2)) with any extension (21(b)(3)); returns (deadline, end in force)."""
    request = ctx.firsts.get("extension_requested")
    grant = ctx.firsts.get("extension_granted")
    literal = ctx.settings["exam_term_start"] == "literal"
    # The original expiry is needed to judge a request's timing and for the literal reading.
    original = _due_only(ctx, trigger, "CAM-21B-02") if request is not None or literal else None
    extensions: list[tuple[Term, str | Msg]] = []
    if request is not None:
        assert original is not None
        if request.day > original:
            ctx.add_finding(
                "extension_request_untimely",
                "CAM-21B-03",
                Msg(
                    "La prórroga se solicitó el %(day)s, después de vencer el término original para contestar "
                    "(%(original)s; A-19).",
                    day=request.day,
                    original=original,
                ),
            )
    if grant is not None:
        max_ext = ctx.rule("CAM-21B-03").term
        assert max_ext is not None
        granted_raw: Any = grant.payload.get("business_days")
        granted = ctx.capped("CAM-21B-03", int(granted_raw), max_ext.amount, _ANSWER_EXTENSION_OVER, "granted")
        if request is None:
            ctx.add_finding(
                "extension_without_request",
                "CAM-21B-03",
                Msg("Se concedió una prórroga sin solicitud escrita del querellado (Sec. 21(b)(3))."),
            )
        extensions.append((shared_term(granted, "business_days"), Msg("prórroga concedida, Sec. 21(b)(3)")))
    d = ctx.add_deadline(
        ComplaintDeadline.ANSWER,
        "CAM-21B-02",
        trigger,
        satisfied=answer,
        extensions=extensions,
        start_label=Msg("recibo de la notificación"),
    )
    if literal:
        assert original is not None
        return d, original  # A-20 literal: the original 15-bd expiry, even if extended
    return d, d.due_date


def _due_only(ctx: Context, trigger: Event, rule_id: str) -> dt.date:
    """The due date a rule's term gives from ``trigger`` (suspensions applied), without recording it."""
    term = ctx.rule(rule_id).term
    assert term is not None
    if term.unit == "days":
        term = ctx.normalize(term)
    if not ctx.suspensions and term.unit != "hours":
        if term.unit == "business_days":
            return ctx.calendar.add_business_days_date(trigger.day, term.amount)
        return ctx.calendar.add_calendar_days_date(trigger.day, term.amount, ctx._roll)
    due, _, _ = compute_due(ctx.calendar, trigger.day, term, suspensions=ctx.suspensions, roll_forward=ctx._roll)
    assert isinstance(due, dt.date)
    return due


def _pending_extension(ctx: Context) -> Event | None:
    req = ctx.last("extension_requested")
    if req is None:
        return None
    for t in ("extension_granted", "extension_denied"):
        dec = ctx.last(t)
        if dec is not None and dec.at >= req.at:
            return None
    return req


def earliest_hearing_date(
    ctx_or_calendar: Any,
    notice_day: dt.date,
    *,
    initial: bool,
    evasion: bool = False,
    settings: dict[str, Any] | None = None,
) -> tuple[dt.date, str]:
    """The earliest hearing date a notice given on ``notice_day`` allows, and the rule that sets it.

    Decision 7: notice day excluded, hearing day included — N business days after the notice.
    Initial hearing ≥ 10 bd (CAM-21C-06); later hearings ≥ 5 bd (CAM-21C-07); notice in session after
    evasion ≥ 5 bd (CAM-21C-09), but 10 for an initial hearing by default (A-21).
    """
    from .. import camara_171  # the package imports this module

    cal = getattr(ctx_or_calendar, "calendar", ctx_or_calendar)
    st = settings if settings is not None else getattr(ctx_or_calendar, "settings", {})
    n, rule_id = _hearing_notice(camara_171.RULEBOOK.rules, st, initial, evasion)
    return dt.date.fromordinal(cal.add_business_days_ord(notice_day.toordinal(), n)), rule_id


def _hearing_notice(rules: Mapping[str, Rule], st: Mapping[str, Any], initial: bool, evasion: bool) -> tuple[int, str]:
    """(minimum business days of notice, the rule that sets them) for a hearing notice."""
    if evasion:
        rule = rules["CAM-21C-09"]
        n = int(st.get("evasion_initial_min_notice", 10)) if initial else rule.term.amount  # type: ignore[union-attr]
    else:
        rule = rules["CAM-21C-06" if initial else "CAM-21C-07"]
        n = rule.term.amount  # type: ignore[union-attr]
    return n, rule.id


def _check_hearing_notices(ctx: Context, determination: Event) -> None:
    first = True
    for e in ctx.all("hearing_noticed"):
        initial = e.payload.get("initial")
        if initial is None:
            initial = first
        first = False
        hearing: Any = e.payload.get("hearing_date")
        hearing_day = hearing.date() if isinstance(hearing, dt.datetime) else hearing
        # earliest_hearing_date, on this case's rulebook, settings and calendar.
        n, rule_id = _hearing_notice(ctx.rulebook.rules, ctx.settings, bool(initial), bool(e.payload.get("evasion")))
        earliest = ctx.calendar.add_business_days_date(e.day, n)
        if hearing_day < earliest:
            ctx.add_finding(
                "insufficient_hearing_notice",
                rule_id,
                Msg(
                    "La vista inicial del %(hearing_day)s se notificó el %(day)s; la fecha más temprana permitida "
                    "es el %(earliest)s (%(quote)s)."
                    if initial
                    else "La vista del %(hearing_day)s se notificó el %(day)s; la fecha más temprana permitida es "
                    "el %(earliest)s (%(quote)s).",
                    hearing_day=hearing_day,
                    day=e.day,
                    earliest=earliest,
                    quote=Quote(ctx.rule(rule_id).quote),
                ),
                hearing_date=hearing_day.isoformat(),
                earliest=earliest.isoformat(),
                event=e.index,
            )


def _resolve_term(ctx: Context, concluded: Event, resolved: Event | None) -> None:
    """Sec. 22: 45 calendar days from the end of the evidentiary hearing, with its extension or denial."""
    request = ctx.firsts.get("resolution_extension_requested")
    grant = ctx.firsts.get("resolution_extension_granted")
    denial = ctx.firsts.get("resolution_extension_denied")
    term: Term | None = None  # the rule's
    extensions: tuple[tuple[Term, Msg], ...] = ()
    if request is not None or grant is not None or denial is not None:  # else the usual case: the 45 days alone
        term, extensions = _resolve_extension(ctx, concluded, request, grant, denial)
    ctx.add_deadline(
        ComplaintDeadline.RESOLVE,
        "CAM-22-03" if grant is None and denial is not None else "CAM-22-01",  # denied: Sec. 22's 5 more days
        concluded,
        term=term,
        satisfied=resolved,
        fatal=True,
        extensions=extensions,
        start_label=Msg("fin de la vista evidenciaria"),
    )


def _resolve_extension(
    ctx: Context, concluded: Event, request: Event | None, grant: Event | None, denial: Event | None
) -> tuple[Term | None, tuple[tuple[Term, Msg], ...]]:
    """Sec. 22's extension asked, granted or denied: the term to resolve (None: its rule's) and its extensions."""
    base = ctx.rule("CAM-22-01").term
    max_ext = ctx.rule("CAM-22-02").term
    denied_extra = ctx.rule("CAM-22-03").term
    assert base is not None and max_ext is not None and denied_extra is not None
    original_due = _due_only(ctx, concluded, "CAM-22-01")
    raw_original = concluded.day + dt.timedelta(days=base.amount)
    if request is not None and request.day > original_due:
        ctx.add_finding(
            "extension_request_untimely",
            "CAM-22-02",
            Msg(
                "La prórroga para resolver se solicitó el %(day)s, después de vencer el término de 45 días "
                "(%(original_due)s; A-22).",
                day=request.day,
                original_due=original_due,
            ),
        )
    if grant is not None:
        days_raw: Any = grant.payload.get("days")
        days = ctx.capped("CAM-22-02", int(days_raw), max_ext.amount, _RESOLVE_EXTENSION_OVER, "days")
        granted = Msg("prórroga concedida por el Presidente de la Cámara, Sec. 22")
        return None, ((Term(days, "days"), granted),)
    if denial is not None:
        mode = ctx.settings["denied_ext_base"]
        from_original = raw_original + dt.timedelta(days=denied_extra.amount)
        from_denial = denial.day + dt.timedelta(days=denied_extra.amount)
        if mode == "original_due":
            last = from_original
        elif mode == "denial":
            last = max(from_denial, raw_original)
        else:  # earlier of the two, never before the original last day
            last = max(min(from_original, from_denial), raw_original)
        extra = (last - raw_original).days
        denied = Msg("prórroga denegada: 5 días calendario adicionales, Sec. 22")
        return base, ((Term(extra, "calendar_days"), denied),)
    return None, ()


def _after_resolution(ctx: Context, resolved: Event) -> None:
    outcome = resolved.get("outcome")
    ctx.stage = ComplaintStage.RESOLVED
    if outcome in ("charges_not_proven", "dismissed"):
        ctx.allowed_next = [] if ctx.has("case_closed") else ["case_closed"]
        ctx.stage = ComplaintStage.CLOSED if ctx.has("case_closed") else ComplaintStage.RESOLVED
        return
    referred = ctx.first("report_referred")
    route_info = final_report_route(ctx.respondent.role, referred.get("recommendation") if referred else None)
    route = route_info.to
    if ctx.respondent.role == "representative":
        referral_deadline(ctx, resolved)
    nxt: list[str] = []
    if not ctx.has("report_referred"):
        nxt.append("report_referred")
        ctx.stage = ComplaintStage.RESOLVED
    else:
        ctx.stage = ComplaintStage.REPORT_REFERRED
        if ctx.first("sanction_decided") is None:
            nxt.append("sanction_decided")
        else:
            ctx.stage = ComplaintStage.SANCTIONED  # its Sec. 26 checks run for every sanction (evaluate_complaint)
    if referred is not None and referred.get("to") and referred.get("to") != route:
        ctx.add_finding(
            "report_misrouted",
            route_info.rule_id,
            Msg(
                "El Informe Final sobre un %(role)s se refiere a la Cámara en Pleno (Sec. 25)."
                if route == "house"
                else "El Informe Final sobre un %(role)s se refiere a el Presidente de la Cámara (Sec. 25).",
                role=Raw(ctx.respondent.role),
            ),
        )
    if ctx.has("case_closed"):
        ctx.stage = ComplaintStage.CLOSED
        ctx.allowed_next = []
        return
    if not ctx.has("referred_to_other_body"):
        nxt.append("referred_to_other_body")  # Sec. 25.1
    ctx.allowed_next = nxt + ["case_closed"]


def _summary_merit(ctx: Context) -> Event | None:
    """In a summary case the adjudication may find merit: the ordinary procedure follows (Sec. 24(e))."""
    for e in ctx.all("resolved"):
        if e.payload.get("outcome") == "merit_found":
            return e
    return None


def _evaluate_summary(ctx: Context, filed: Event) -> None:
    """Sec. 24: the 5-business-day summary procedure for candidates before an election."""
    notified = ctx.first("respondent_notified")
    determination = ctx.first("determination_made")
    resolved = ctx.first("resolved")
    end_event = None
    if determination is not None and determination.get("outcome") == "dismissed":
        end_event = determination
    elif resolved is not None:
        end_event = resolved
    ctx.add_deadline(
        ComplaintDeadline.SUMMARY_TOTAL, "CAM-24-02", filed, satisfied=end_event, start_label=Msg("presentación")
    )
    ctx.add_deadline(
        ComplaintDeadline.NOTIFY_RESPONDENT,
        "CAM-24B-01",
        filed,
        satisfied=notified,
        start_label=Msg("recibo de la querella"),
    )
    ctx.stage = ComplaintStage.FILED
    if notified is None:
        if ctx.settings["summary_24h_trigger"] == "filing":
            ctx.add_deadline(
                ComplaintDeadline.SUMMARY_DISMISSAL_REVIEW,
                "CAM-24C-01",
                filed,
                satisfied=determination,
                start_label=Msg("presentación"),
            )
        ctx.allowed_next = ["respondent_notified", *_anytime(ctx)]
        return
    trigger24 = filed if ctx.settings["summary_24h_trigger"] == "filing" else notified
    ctx.add_deadline(
        ComplaintDeadline.SUMMARY_DISMISSAL_REVIEW,
        "CAM-24C-01",
        trigger24,
        satisfied=determination,
        start_label=Msg("presentación") if trigger24 is filed else "notificación al querellado",
    )
    if determination is not None and determination.get("outcome") == "dismissed":
        ctx.stage = ComplaintStage.DISMISSED
        nxt = [] if ctx.has("determination_notified") else ["determination_notified"]
        ctx.allowed_next = [] if ctx.has("case_closed") else nxt + ["case_closed"]
        if ctx.has("case_closed"):
            ctx.stage = ComplaintStage.CLOSED
        return
    noticed = ctx.first("hearing_noticed")
    ctx.add_deadline(
        ComplaintDeadline.SUMMARY_HEARING_CITATION,
        "CAM-24C-03",
        notified,
        satisfied=noticed,
        start_label=Msg("notificación al querellado"),
    )
    held = ctx.first("hearing_held")
    if held is None:
        ctx.stage = ComplaintStage.HEARING_SCHEDULED if noticed else ComplaintStage.FILED
        nxt = ["hearing_held"] if noticed else ["determination_made", "hearing_noticed"]
        ctx.allowed_next = nxt + _anytime(ctx)
        return
    ctx.add_deadline(
        ComplaintDeadline.SUMMARY_ADJUDICATION,
        "CAM-24E-01",
        held,
        satisfied=resolved,
        start_label=Msg("celebración de la vista"),
    )
    if resolved is None:
        ctx.stage = ComplaintStage.AWAITING_RESOLUTION
        ctx.allowed_next = ["resolved", *_anytime(ctx)]
        return
    outcome = resolved.get("outcome")
    if outcome == "merit_found":
        # Sec. 24(e): the complaint continues in the ordinary procedure.
        ctx.procedure = "ordinary"
        _evaluate_ordinary_after_summary(ctx, filed, resolved)
        return
    notice = next((n for n in ctx.all("determination_notified") if n.at >= resolved.at), None)
    if outcome == "dismissed":
        # Sec. 24(e): a complaint without merit is dismissed and the parties notified at once.
        ctx.add_deadline(
            ComplaintDeadline.NOTIFY_SUMMARY_DISMISSAL,
            "CAM-24E-02",
            resolved,
            satisfied=notice,
            start_label=Msg("desestimación por falta de méritos"),
        )
    ctx.stage = ComplaintStage.CLOSED if ctx.has("case_closed") else ComplaintStage.RESOLVED
    nxt = [] if notice is not None else ["determination_notified"]
    ctx.allowed_next = [] if ctx.has("case_closed") else nxt + ["case_closed"]


def _evaluate_ordinary_after_summary(ctx: Context, filed: Event, merit: Event) -> None:
    answer = ctx.first("answer_filed")
    ctx.add_deadline(
        ComplaintDeadline.ANSWER,
        "CAM-21B-02",
        merit,
        satisfied=answer if answer and answer.at >= merit.at else None,
        start_label=Msg("decisión de que la querella tiene méritos (Sec. 24(e); A-28)"),
    )
    ctx.stage = ComplaintStage.AWAITING_ANSWER
    ctx.allowed_next = ["answer_filed", "determination_made", *_anytime(ctx)]


def _anytime(ctx: Context) -> list[str]:
    if ctx.suspensions and ctx.suspensions[-1].end is None:
        acts = ["proceedings_resumed", *[a for a in _ANYTIME_ACTS if a != "proceedings_suspended"]]
    else:
        acts = list(_ANYTIME_ACTS)
    if "recusal_decided" in ctx.firsts or "recusal_requested" in ctx.firsts:
        # Sec. 9's terms are not the process's: they run through a Sec. 23 suspension (suspendable=False),
        # and a recusal is decided while the process is suspended too (it does not advance the case).
        # Recorded once, however many times the next acts are asked for.
        _recusal_terms(ctx, acts, record=not any(d.id in _RECUSAL_TERMS for d in ctx.deadlines))
    return acts


_ANYTIME_ACTS = tuple(a for a in ANYTIME if a in COMPLAINT_EVENTS)


def _recusal_terms(ctx: Context, acts: list[str], record: bool = True) -> None:
    """Sec. 9 ¶3–5: a granted recusal asks the Speaker for a substitute at once; a denial of a
    party's request is notified within 2 calendar days (CAM-09-07, CAM-09-08).

    Each decision answers the latest earlier request for the same member, and each substitute
    request or denial notice answers a decision for the same member: with two recusals in one
    case, one member's papers never satisfy the other's terms. An act that names no member
    matches any (a docket that does not say whom it concerns).
    """
    requests = ctx.all("recusal_requested")
    decisions = ctx.all("recusal_decided")
    for dec in decisions:
        member = dec.get("member")
        req = None
        for r in requests:
            if r.at <= dec.at and _same_member(r, member):
                req = r
        if req is None and not any(f.data.get("event") == dec.index for f in ctx.findings):
            ctx.add_finding(  # never silent: a decision on a recusal no one asked for that member
                "act_not_allowed",
                "CAM-09-04",
                Msg(
                    "«%(act)s» (%(day)s) no responde a ninguna solicitud de inhibición de ese miembro (%(member)s) "
                    "registrada antes (Sec. 9).",
                    act=COMPLAINT_EVENTS["recusal_decided"].title,
                    day=dec.day,
                    member=str(member),
                ),
                event=dec.index,
            )
        if dec.get("granted"):
            sub = _first_for_member(ctx.all("substitute_requested"), member, dec)
            if record:
                ctx.add_deadline(
                    ComplaintDeadline.REQUEST_SUBSTITUTE,
                    "CAM-09-07",
                    dec,
                    satisfied=sub,
                    start_label=Msg("inhibición aceptada"),
                    suspendable=False,
                )
        elif req is not None and req.get("by", "party") == "party":
            notice = _first_for_member(ctx.all("recusal_denial_notified"), member, dec)
            if record:
                ctx.add_deadline(
                    ComplaintDeadline.NOTIFY_RECUSAL_DENIAL,
                    "CAM-09-08",
                    dec,
                    satisfied=notice,
                    start_label=Msg("denegación de la inhibición"),
                    suspendable=False,
                )
            if notice is None and "recusal_denial_notified" not in acts:
                acts.append("recusal_denial_notified")
    pending = [r for r in requests if not any(d.at >= r.at and _same_member(d, r.get("member")) for d in decisions)]
    if pending:
        acts.append("recusal_decided")


_RECUSAL_TERMS = (ComplaintDeadline.REQUEST_SUBSTITUTE, ComplaintDeadline.NOTIFY_RECUSAL_DENIAL)


def _same_member(event: Event, member: Any) -> bool:
    """Whether ``event`` concerns ``member`` (either side naming no member matches; an empty name names none)."""
    other = event.get("member")
    return not member or not other or other == member


def _first_for_member(events: Sequence[Event], member: Any, after: Event) -> Event | None:
    """The first of ``events`` on or after ``after`` that concerns ``member``."""
    return next((e for e in events if e.at >= after.at and _same_member(e, member)), None)


# Structural order of the acts: which acts each act requires before it (a finding if not).
_REQUIRES: dict[str, tuple[str, ...]] = {
    "respondent_notified": ("__filed__",),
    "speaker_notified": ("__filed__",),
    "extension_requested": ("respondent_notified",),
    "extension_granted": ("extension_requested",),
    "extension_denied": ("extension_requested",),
    "answer_filed": ("respondent_notified",),
    "default_declared": ("respondent_notified",),
    "determination_made": ("respondent_notified",),
    "determination_notified": ("determination_made",),
    "hearing_noticed": ("determination_made",),
    "hearing_held": ("hearing_noticed",),
    "evidentiary_hearing_concluded": ("hearing_held",),
    "resolution_extension_requested": ("evidentiary_hearing_concluded",),
    "resolution_extension_granted": ("resolution_extension_requested",),
    "resolution_extension_denied": ("resolution_extension_requested",),
    "proceedings_resumed": ("proceedings_suspended",),
    "recusal_decided": ("recusal_requested",),
    "recusal_denial_notified": ("recusal_decided",),
    "substitute_appointed": ("__filed__",),
    "resolved": ("hearing_held",),
    "report_referred": ("resolved",),
    "sanction_decided": ("report_referred",),
    "referred_to_other_body": ("resolved",),  # Sec. 25.1 (CAM-251-01): after the Final Report
}


def _is_summary(ctx: Context, filed: Event) -> bool:
    """Whether the complaint runs by the summary procedure of Sec. 24 (as :func:`_evaluate` decides)."""
    blackout, summary_election = _election_windows(ctx, filed.day)
    return (
        blackout is None
        and summary_election is not None
        and ctx.respondent.candidate
        and ctx.respondent.role in ("representative", "officer")
    )


# Sec. 24(c)–(d): in the summary procedure the hearing is cited within 48 hours of the notice, with no
# determination of probable cause before it (CAM-24C-03).
_SUMMARY_REQUIRES: dict[str, tuple[str, ...]] = {"hearing_noticed": ("respondent_notified",)}


def _check_order(ctx: Context, referral: bool, summary: bool = False) -> None:
    """Flag acts recorded before the acts they presuppose (a finding, never an error).

    An act flagged is not taken as on record for the acts after it: an act that presupposes an orphan is
    flagged too (every act after an orphan, never silent), and left out of the evaluation (a closing out of
    place closes nothing)."""
    filed_type = "referral_received" if referral else "complaint_filed"
    if _in_order(ctx, filed_type, summary):
        return
    other = "complaint_filed" if referral else "referral_received"
    requires = _requires(filed_type, summary)
    seen: set[str] = set()
    flagged: set[int] = set()
    for e in ctx.events:
        t = e.type
        if t == other:
            ctx.add_finding(
                "act_not_allowed",
                "CAM-05-01",
                Msg(
                    "El evento %(event)s no corresponde a un caso de tipo %(kind)s.",
                    event=Raw(t),
                    kind=Raw(ctx.scenario.kind),
                ),
                event=e.index,
            )
            flagged.add(e.index)
            continue
        if "case_closed" in seen:  # after closure: that is what is wrong with it, whatever else it lacks
            ctx.add_finding(
                "act_not_allowed",
                "CAM-05-01",
                Msg(
                    "«%(act)s» se registró después de cerrado el caso.",
                    act=COMPLAINT_EVENTS[t].title,
                ),
                event=e.index,
            )
            flagged.add(e.index)
            continue
        needs = requires.get(t)
        if needs is not None and not needs <= seen:
            missing = [m for m in sorted(needs) if m not in seen]
            ctx.add_finding(
                "act_not_allowed",
                "CAM-05-01",
                Msg(
                    "«%(act)s» (%(day)s) se registró antes de: %(missing)s.",
                    act=COMPLAINT_EVENTS[t].title,
                    day=Raw(e.day.isoformat()),
                    missing=tuple(COMPLAINT_EVENTS[m].title for m in missing),
                ),
                event=e.index,
            )
            flagged.add(e.index)
            continue
        seen.add(t)
    ctx.leave_out(flagged)


def _in_order(ctx: Context, filed_type: str, summary: bool = False) -> bool:
    """Whether _check_order has nothing to flag (the usual docket), checked cheaply.

    Each act type at its first occurrence (``ctx.firsts`` keeps that order) must come after every
    act it presupposes: later acts of the same type then do too. The other kind's filing never
    passes, and nothing may follow the closing of the case.
    """
    requires = _order_table(filed_type, summary)
    seen: set[str] = set()
    for t in ctx.firsts:
        if not requires[t] <= seen:
            return False
        seen.add(t)
    closed = ctx.firsts.get("case_closed")
    return closed is None or closed is ctx.events[-1]


_REQUIRES_BY_FILING: dict[tuple[str, bool], dict[str, frozenset[str]]] = {}


def _requires(filed_type: str, summary: bool = False) -> dict[str, frozenset[str]]:
    """Each act type → the acts it presupposes, with "the filing" resolved to ``filed_type`` (and the
    summary procedure's order when ``summary``)."""
    table = _REQUIRES_BY_FILING.get((filed_type, summary))
    if table is None:
        order = {**_REQUIRES, **_SUMMARY_REQUIRES} if summary else _REQUIRES
        table = {
            t: frozenset(filed_type if n == "__filed__" else n for n in order.get(t, _FILED))
            for t in COMPLAINT_EVENTS
            if t != filed_type
        }
        _REQUIRES_BY_FILING[(filed_type, summary)] = table
    return table


_FILED = ("__filed__",)
_NEVER = frozenset({"__never__"})  # presupposes an act that never happens: always flagged

_ORDER_TABLES: dict[tuple[str, bool], dict[str, frozenset[str]]] = {}


def _order_table(filed_type: str, summary: bool = False) -> dict[str, frozenset[str]]:
    """``_requires`` for every act type: the filing presupposes nothing, the other filing _NEVER."""
    table = _ORDER_TABLES.get((filed_type, summary))
    if table is None:
        other = "complaint_filed" if filed_type == "referral_received" else "referral_received"
        table = {t: frozenset() for t in COMPLAINT_EVENTS} | _requires(filed_type, summary) | {other: _NEVER}
        _ORDER_TABLES[(filed_type, summary)] = table
    return table


# --- Secs. 20(2),(5),(7), 21(a), 24(a): what a complaint must contain ---------------------------

EVIDENCE_KINDS: dict[str, str] = {
    # Sec. 21(a)(4)–(10) [items 4, 6–10]
    "obtained_evidence": "Evidencia debidamente obtenida o que pueda acreditar el querellante",
    "public_admissions": "Admisiones públicas corroboradas de la parte querellada",
    "public_documents": "Documentos públicos o certificación oficial de su ausencia",
    "business_records": "Documentos ordinarios de negocios o certificación oficial de su ausencia",
    "official_documents": "Documentos oficiales expedidos por una agencia gubernamental",
    "findings_or_judgment": "Hallazgos de la Asamblea Legislativa, del Contralor o de una agencia, "
    "o sentencia final y firme de un tribunal",
}

RESPONDENT_ROLES_ES = {
    "representative": "Representante",
    "officer": "Funcionario (Secretario o Sargento de Armas)",
    "department_head": "Jefe de dependencia",
    "employee": "Empleado",
}


@dataclass(frozen=True)
class FormProblem:
    """Something a complaint lacks: the form field at fault, the rule that requires it, and why."""

    field: str
    rule_id: str
    message: str
    blocking: bool = True


def check_complaint_form(
    form: Mapping[str, Any], *, settings: Mapping[str, Any] | None = None, summary: bool = False
) -> list[FormProblem]:
    """Check a complaint against what the Code requires of it, before it is docketed.

    This is the Sec. 20(5) form (CAM-20-05): the fields a complaint must carry and the rule behind
    each. ``form`` keys: ``complainant_name``, ``complainant_address``, ``complainant_email``,
    ``complainant_phone``, ``respondent_name``, ``respondent_role``, ``facts``,
    ``personal_knowledge`` (bool), ``evidence`` (list of {kind, description}), ``witnesses`` (list
    of {name, address}), ``provisions`` (list of provision codes), ``perjury_acknowledged``
    (bool), ``signature`` (the full name typed). A summary-procedure complaint must meet the same
    requirements (Sec. 24(a), CAM-24A-01). Non-blocking problems are warnings for the clerk.
    """
    from .. import camara_171  # the package imports this module

    st = settings if settings is not None else camara_171.RULEBOOK.resolve_settings({})
    problems: list[FormProblem] = [
        FormProblem(str(name), COMPLAINT_FORM_RULE, "No es un campo del formulario de querella (Sec. 20(5)).")
        for name in form
        if name not in COMPLAINT_FORM_FIELDS
    ]

    def text(name: str) -> str:
        value = form.get(name)
        return value.strip() if isinstance(value, str) else ""

    def need(name: str, rule_id: str, message: str) -> None:
        if not text(name):
            problems.append(FormProblem(name, rule_id, message))

    # Sec. 20(7): who files, and how to reach them.
    need("complainant_name", "CAM-20-07", "Escriba su nombre completo.")
    if not text("complainant_address") and not text("complainant_email"):
        problems.append(
            FormProblem("complainant_address", "CAM-20-07", "Indique su dirección postal o su correo electrónico.")
        )
    need("complainant_phone", "CAM-20-07", "Indique un teléfono donde se le pueda contactar o citar.")
    # Sec. 21(a)(1): whom it is about.
    need("respondent_name", "CAM-21A-01", "Indique el nombre completo de la persona querellada.")
    if form.get("respondent_role") not in RESPONDENT_ROLES_ES:
        problems.append(
            FormProblem(
                "respondent_role", "CAM-21A-01", "Indique si es Representante, funcionario o jefe de dependencia."
            )
        )
    # Sec. 21(a)(2): the facts, detailed and specific.
    need("facts", "CAM-21A-02", "Describa los hechos de forma detallada y específica.")
    # Sec. 21(a)(3): personal knowledge (A-17: required by default).
    if st.get("require_personal_knowledge", True) and form.get("personal_knowledge") is not True:
        problems.append(
            FormProblem(
                "personal_knowledge", "CAM-21A-03", "Declare que conoce los hechos de propio y personal conocimiento."
            )
        )
    # Sec. 21(a)(4)–(10): supporting evidence, each of a kind the Code names, each described.
    for i, item in enumerate(form.get("evidence") or ()):
        if not isinstance(item, Mapping) or item.get("kind") not in EVIDENCE_KINDS:
            problems.append(FormProblem(f"evidence[{i}].kind", "CAM-21A-04", "Elija el tipo de evidencia de la lista."))
        elif not str(item.get("description") or "").strip():
            problems.append(
                FormProblem(f"evidence[{i}].description", "CAM-21A-04", "Describa brevemente esta evidencia.")
            )
    # Sec. 21(a)(11): witnesses with their addresses.
    for i, w in enumerate(form.get("witnesses") or ()):
        if not isinstance(w, Mapping) or not str(w.get("name") or "").strip():
            problems.append(FormProblem(f"witnesses[{i}].name", "CAM-21A-05", "Escriba el nombre del testigo."))
        elif not str(w.get("address") or "").strip():
            problems.append(FormProblem(f"witnesses[{i}].address", "CAM-21A-05", "Escriba la dirección del testigo."))
    # Sec. 21(a)(12): the provisions allegedly broken.
    provisions = form.get("provisions") or ()
    if not provisions:
        problems.append(
            FormProblem(
                "provisions", "CAM-21A-06", "Elija al menos una disposición del Código que se alega infringida."
            )
        )
    elif any(p not in CODE_PROVISIONS for p in provisions):
        problems.append(FormProblem("provisions", "CAM-21A-06", "Elija las disposiciones de la lista."))
    # Sec. 20(2): sworn, under the perjury warning, with its consequences accepted.
    if form.get("perjury_acknowledged") is not True:
        problems.append(
            FormProblem(
                "perjury_acknowledged",
                "CAM-20-02",
                "Debe aceptar el apercibimiento de perjurio para presentar la querella.",
            )
        )
    signature, name = _normalize_name(text("signature")), _normalize_name(text("complainant_name"))
    if not signature:
        problems.append(FormProblem("signature", "CAM-20-02", "Firme escribiendo su nombre completo."))
    elif name and signature != name:
        problems.append(
            FormProblem("signature", "CAM-20-02", "La firma debe ser su nombre completo, igual que arriba.")
        )
    if summary:
        # Sec. 24(a) (CAM-24A-01): the summary procedure demands the same requirements.
        problems = [
            FormProblem(
                p.field,
                SUMMARY_REQUIREMENTS_RULE,
                f"{p.message} (Sec. 24(a): el procedimiento sumario exige los mismos requisitos).",
                p.blocking,
            )
            for p in problems
        ]
    return problems


SUMMARY_REQUIREMENTS_RULE = "CAM-24A-01"


# The Sec. 20(5) form (CAM-20-05): each field and the rule that asks for it.
COMPLAINT_FORM_RULE = "CAM-20-05"
COMPLAINT_FORM_FIELDS: dict[str, str] = {
    "complainant_name": "CAM-20-07",
    "complainant_address": "CAM-20-07",
    "complainant_email": "CAM-20-07",
    "complainant_phone": "CAM-20-07",
    "respondent_name": "CAM-21A-01",
    "respondent_role": "CAM-21A-01",
    "facts": "CAM-21A-02",
    "personal_knowledge": "CAM-21A-03",
    "evidence": "CAM-21A-04",
    "witnesses": "CAM-21A-05",
    "provisions": "CAM-21A-06",
    "knowledge_date": "CAM-20-06",
    "perjury_acknowledged": "CAM-20-02",
    "signature": "CAM-20-02",
}


_normalize_name = normalize_name


# The Code's provisions a complaint can cite (Sec. 21(a)(12)), by title, for the pick-list.
CODE_PROVISIONS: dict[str, str] = {
    "10(a)": "Sec. 10(a) — Diligencia, eficiencia y productividad",
    "10(b)": "Sec. 10(b) — Conducta prudente y respetuosa",
    "10(c)": "Sec. 10(c) — Conducta decorosa",
    "10(d)": "Sec. 10(d) — Trato cortés y digno",
    "10(e)": "Sec. 10(e) — Asistencia a sesiones y comisiones",
    "10(f)": "Sec. 10(f) — Servicio gratuito a los constituyentes",
    "10(g)": "Sec. 10(g) — Respeto a las leyes y órdenes de los tribunales",
    "10(h)": "Sec. 10(h) — Ambiente de trabajo libre de discrimen",
    "10(i)": "Sec. 10(i) — Uso de propiedad o fondos públicos",
    "10(j)": "Sec. 10(j) — Conflicto de interés",
    "10(k)": "Sec. 10(k) — Compensación o regalos (hasta $250.00)",
    "10(l)": "Sec. 10(l) — Influencia a favor de una persona",
    "10(m)": "Sec. 10(m) — Información confidencial",
    "10(n)": "Sec. 10(n) — Donativos o regalos del extranjero",
    "10(o)": "Sec. 10(o) — Paga adicional o remuneración extraordinaria",
    "10(p)": "Sec. 10(p) — Otros cargos en el Gobierno",
    "10(q)": "Sec. 10(q) — Cargos creados o mejorados durante el término",
    "10(r)": "Sec. 10(r) — Beneficio económico exclusivo o particular",
    "10(s)": "Sec. 10(s) — Inhibición por conflicto",
    "10(t)": "Sec. 10(t) — Nepotismo",
    "10(u)": "Sec. 10(u) — Honorarios por referidos",
    "10(v)": "Sec. 10(v) — Manejo de cheques de fondos legislativos",
    "10(w)": "Sec. 10(w) — Notificación de citaciones judiciales o administrativas",
    "10(x)": "Sec. 10(x) — Informes financieros",
    "11(A)": "Sec. 11(A) — Otros empleos, contratos o negocios; tope de 35 %",
    "11(B)": "Sec. 11(B) — Notificación de actividades extra-legislativas",
    "12(a)": "Sec. 12(a) — Representación de intereses privados ante agencias",
    "12(b)": "Sec. 12(b) — Comparecencias ante tribunales y agencias",
    "13": "Sec. 13 — Normas aplicables a funcionarios y jefes de dependencia",
    "14": "Sec. 14 — Informes financieros",
    "17": "Sec. 17 — Uso de información de los informes financieros",
}

# Sec. 21(b)(4): what the notice of the complaint must contain (CAM-21B-04).
NOTICE_OF_COMPLAINT_CONTENTS: dict[str, str] = {
    "complaint_copy": "Copia de la querella",
    "answer_term": "Que dispone de 15 días laborables desde su recibo para contestar por escrito, y que puede "
    "solicitar prórroga por justa causa",
    "right_to_counsel": "Su derecho a estar representado por abogado o por derecho propio",
    "default_warning": "Que, de no contestar en término, la Comisión podrá declararle en rebeldía y resolver "
    "sin más citarle ni oírle",
}

# Sec. 21(c)(11): what the initial hearing summons must state (CAM-21C-08).
INITIAL_SUMMONS_CONTENTS: dict[str, str] = {
    "charges": "Los cargos o violaciones imputadas",
    "facts": "Una breve relación de hechos",
    "witnesses": "Los testigos que presentará la parte promovente",
}
SUMMONS_METHODS = {
    # Sec. 21(c)(11): the complainant in writing, by phone or e-mail; the respondent in writing,
    # personally or to an authorized person; later summonses may be verbal.
    "complainant": ("writing", "phone", "email"),
    "respondent": ("personal", "authorized_person"),
}


def check_notice_of_complaint(included: set[str]) -> list[FormProblem]:
    """The contents of Sec. 21(b)(4) missing from a notice of complaint (CAM-21B-04)."""
    return [
        FormProblem(key, "CAM-21B-04", f"La notificación debe incluir: {label}.")
        for key, label in NOTICE_OF_COMPLAINT_CONTENTS.items()
        if key not in included
    ]


def check_initial_summons(included: set[str], *, to: str, method: str, initial: bool = True) -> list[FormProblem]:
    """What an initial hearing summons lacks under Sec. 21(c)(11) (CAM-21C-08)."""
    problems = []
    if initial:
        problems += [
            FormProblem(key, "CAM-21C-08", f"La citación a la vista inicial debe indicar: {label}.")
            for key, label in INITIAL_SUMMONS_CONTENTS.items()
            if key not in included
        ]
        if method not in SUMMONS_METHODS.get(to, ()):
            problems.append(
                FormProblem(
                    "method",
                    "CAM-21C-08",
                    "La citación inicial a la parte querellada se entrega por escrito, "
                    "personalmente o a la persona autorizada; al querellante, por escrito, "
                    "teléfono o correo electrónico.",
                )
            )
    return problems
