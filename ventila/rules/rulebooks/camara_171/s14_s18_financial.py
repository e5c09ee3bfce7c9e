"""Secs. 14–18: financial disclosure reports — filing terms, the OEG's evaluation, its referrals to
the Commission, third-party access to the reports, and campaign contributions. Rules ``CAM-14*`` to
``CAM-18-01``.

Two kinds of case are evaluated here:

- ``financial_report``: one official's reporting obligations while in office and at exit
  (Sec. 14), and the OEG's evaluation of each report filed (Sec. 15, with the referral of
  Sec. 16(a)). The referral itself, once received, is a ``referral`` case (``s20_s24_complaints``).
- ``report_access_request``: a third party's sworn request to inspect a final report (Sec. 17).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import (
    Act,
    AfterDocument,
    Context,
    Event,
    EventSpec,
    FieldError,
    FieldSpec,
    FormContext,
    KindSpec,
    Obligations,
    Tenure,
)
from ...i18n import Msg, Raw, joined
from ...terms import Deadline, Finding, Term
from ...vocabulary import (
    AccessRequestDeadline,
    AccessRequestStage,
    Actor,
    FinancialReportDeadline,
    FinancialReportStage,
    deadline_es,
)
from ..common import RuleSet, with_form_hints, with_next_acts, with_order

R = RuleSet()

# --- Sec. 14 — Informes Financieros ------------------------------------------------------------
R.add(
    "CAM-14A-01",
    "VALIDATION",
    "Sec. 14(a)–(b)",
    "bajo juramento, a través del sistema de radicación electrónica",
    "Informe anual jurado, radicado electrónicamente en la OEG, que cubre el año natural previo (presunción "
    "prima facie de radicación); la Comisión solo da seguimiento a su estado.",
)
R.add(
    "CAM-14C-01",
    "DEADLINE",
    "Sec. 14(c)",
    "no más tarde del día quince (15) de agosto",
    "Por cada año Y en el cargo, el informe se radica en la OEG no más tarde del 15 de agosto de Y+1 (fecha "
    "fija; si no es laborable, vence el próximo día laborable, decisión 1). Si no se radica, la OEG puede "
    "referir (Sec. 16).",
)
# Sec. 14(c): the fixed (month, day) of the year after each year in office.
ANNUAL_REPORT_DUE = (8, 15)  # CAM-14C-01 «no más tarde del día quince (15) de agosto»
R.add(
    "CAM-14C-02",
    "DEADLINE",
    "Sec. 14(c); 14(d)(1); 14(h)",
    "dos (2) días laborables, contados a partir de la fecha de radicación",
    "Quien radica un informe notifica a la Secretaría de la Cámara que cumplió, dentro de 2 días laborables "
    "desde la radicación.",
    term=(2, "business_days"),
)
R.add(
    "CAM-14D-01",
    "DEADLINE",
    "Sec. 14(d)(1)",
    "dentro de los noventa (90) días siguientes a la fecha en que tome posesión",
    "Primer informe dentro de 90 días (calendario por omisión, A-12) desde la toma de posesión; cubre el año "
    "natural anterior a la toma de posesión.",
    term=(90, "days"),
)
R.add(
    "CAM-14E-01",
    "DEADLINE",
    "Sec. 14(e)(1)",
    "le aplicará el término mencionado en el inciso (c)",
    "Quien cesa el 31 de diciembre (Representante no reelecto; funcionario o jefe de dependencia) radica su "
    "informe de cese no más tarde del 15 de agosto del año siguiente.",
)
# Sec. 14(e)(1): the exit day that takes the Sec. 14(c) date instead of the 90 days of 14(e)(2).
YEAR_END_EXIT = (12, 31)  # CAM-14E-01 «que cesará en sus funciones al 31 de diciembre»
R.add(
    "CAM-14E-02",
    "DEADLINE",
    "Sec. 14(e)(2)",
    "noventa (90) días naturales siguientes a haber cesado",
    "Quien cesa antes del 31 de diciembre radica el informe final dentro de 90 días naturales desde el cese; "
    "cubre hasta el último día en el cargo.",
    term=(90, "calendar_days"),
)
R.add(
    "CAM-14E-03",
    "STATE",
    "Sec. 14(e)(3)",
    "no tendrá que radicar el Informe Financiero de Cese",
    "El Representante reelecto no radica informe de cese; siguen sus informes anuales.",
)
R.add(
    "CAM-14F-01",
    "VALIDATION",
    "Sec. 14(f)",
    "menor de sesenta (60) días naturales",
    "Quien ocupó el cargo menos de 60 días naturales no tiene que radicar informe. El periodo ocupado cuenta "
    "cada día en el cargo, el primero y el último incluidos: no es un término contado desde un acto "
    "(decisión 9, ajuste tenure_count).",
    term=(60, "calendar_days"),
)
R.add(
    "CAM-14G-01",
    "VALIDATION",
    "Sec. 14(g)",
    "el Artículo 5.4 de la Ley 1-2012",
    "El contenido sigue el Art. 5.4 de la Ley 1-2012; lo verifica la OEG, no la Comisión.",
    not_computable="El contenido del informe lo evalúa la OEG (Sec. 15); la Comisión no recibe el informe "
    "para verificarlo, solo su estado.",
)

# --- Sec. 15 — Evaluación de los Informes ------------------------------------------------------
R.add(
    "CAM-15-01",
    "DEADLINE",
    "Sec. 15(1)",
    "dentro de los noventa (90) días siguientes a su presentación",
    "La OEG evalúa cada informe dentro de 90 días (calendario por omisión, A-12) desde su radicación "
    "electrónica y notifica al Representante y a la Comisión si es final.",
    term=(90, "days"),
)
R.add(
    "CAM-15-02",
    "STATE",
    "Sec. 15(2)",
    "automáticamente el Informe Financiero radicado advendrá final",
    "Pasados 90 días desde la radicación sin hallazgos, el informe advendrá final automáticamente; con un "
    "informe preliminar notificado en término no lo hace (A-13; ajuste auto_final_if_prelim).",
)
R.add(
    "CAM-15-03",
    "STATE",
    "Sec. 15(3)",
    "remitirá al Representante un informe preliminar",
    "Si la OEG identifica hallazgos dentro de los 90 días, remite un informe preliminar al Representante.",
)
R.add(
    "CAM-15-04",
    "DEADLINE",
    "Sec. 15(3)(1)",
    "diez (10) días calendario luego del recibo",
    "El Representante contesta por escrito los hallazgos dentro de 10 días calendario desde que recibe el "
    "informe preliminar.",
    term=(10, "calendar_days"),
)
R.add(
    "CAM-15-05",
    "DEADLINE",
    "Sec. 15(3)(2)",
    "tendrá un término de treinta (30) días calendarios",
    "Recibida la contestación o vencido su término, lo que ocurra primero, la OEG tiene 30 días calendario "
    "para declarar final el informe o referirlo a la Comisión con sus hallazgos.",
    term=(30, "calendar_days"),
)
R.add(
    "CAM-15-06",
    "ROLE",
    "Sec. 15(4)",
    "deberá informarlo a la Comisión de Ética",
    "El Director de la OEG informa a la Comisión cuando estima necesario un subpoena sobre finanzas "
    "personales; se registran esas comunicaciones.",
)

# --- Sec. 16 — Referidos de la OEG -------------------------------------------------------------
R.add(
    "CAM-16A-01",
    "DEADLINE",
    "Sec. 16(a)",
    "en ningún caso, más tarde de treinta (30) días calendario",
    "El Director de la OEG remite el referido a la brevedad posible y nunca después de 30 días calendario "
    "desde la contestación al informe preliminar o el fin de su término, lo que ocurra primero.",
    term=(30, "calendar_days"),
)
R.add(
    "CAM-16B-01",
    "VALIDATION",
    "Sec. 16(b)",
    "deberá tener adjunto toda la evidencia",
    "El referido se recibe con el informe y toda la evidencia que sostiene los hallazgos.",
)
R.add(
    "CAM-16B-02",
    "STATE",
    "Sec. 16(b)",
    "será atendido tal y como se atienden las querellas",
    "El referido se tramita como una querella desde su recibo (tipo de caso referral; A-14).",
)

# --- Sec. 17 — Divulgación de los Informes -----------------------------------------------------
R.add(
    "CAM-17-01",
    "CONFIDENTIALITY",
    "Sec. 17(1)",
    "no permitirá la inspección y el acceso",
    "Los informes que no son finales no se muestran a terceros.",
)
R.add(
    "CAM-17-02",
    "VALIDATION",
    "Sec. 17(1)",
    "cuando la persona demuestre un interés legítimo",
    "Solo informes finales, con interés legítimo y necesidad acreditados, y una querella ya presentada "
    "(«Artículo 11» = Secs. 20–21; A-1).",
)
R.add(
    "CAM-17-03",
    "DEADLINE",
    "Sec. 17(1) ¶2",
    "en un término de cinco (5) días laborables",
    "El Director de la OEG notifica al Representante cuyo informe se solicita dentro de 5 días laborables "
    "desde que recibe la solicitud (A-15).",
    term=(5, "business_days"),
)
R.add(
    "CAM-17-04",
    "DEADLINE",
    "Sec. 17(1) ¶2",
    "quince (15) días laborables para responder u objetar",
    "El Representante tiene 15 días laborables desde que recibe la notificación para responder u objetar; "
    "mientras tanto no hay acceso (A-15).",
    term=(15, "business_days"),
)
R.add(
    "CAM-17-05",
    "STATE",
    "Sec. 17(1) ¶2",
    "hasta ser resuelta la objeción",
    "El acceso se abre solo transcurridos los 15 días laborables o resuelta la objeción; quién la resuelve "
    "no se dice (A-15; ajuste sec17_objection_resolver).",
)
R.add(
    "CAM-17-06",
    "VALIDATION",
    "Sec. 17(4)(a)–(e)",
    "una solicitud escrita, bajo juramento",
    "Solicitud jurada con: (a) nombre, dirección y ocupación; (b) para quién se solicita; (c) interés y "
    "necesidad, con copia de la querella; (d) conocimiento de las restricciones de uso; (e) conocimiento de la "
    "pena por mal uso (Código Penal, Art. 16).",
)
R.add(
    "CAM-17-07",
    "CONFIDENTIALITY",
    "Sec. 17(2)–(3)",
    "únicamente para propósitos relacionados con el Código de Ética",
    "La información solo se usa para fines del Código: nada comercial, político-partidista ni de crédito.",
)
R.add(
    "CAM-17-08",
    "SUBSTANTIVE",
    "Sec. 17(5)",
    "sanciones administrativas y aquellas penales",
    "Divulgar o copiar un informe sin autorización conlleva sanciones administrativas y penales.",
)
R.add(
    "CAM-17-09",
    "VALIDATION",
    "Sec. 17(6)",
    "libre de costo",
    "Copia libre de costo para una agencia que la requiera en una investigación oficial.",
)

# --- Sec. 18 — Aportaciones para campañas ------------------------------------------------------
R.add(
    "CAM-18-01",
    "SUBSTANTIVE",
    "Sec. 18",
    "la Ley Núm. 78-2011",
    "Las aportaciones de campaña se rigen por el Código Electoral (o la ley federal para Comisionado "
    "Residente); materia externa al Código (vigencia de la Ley 78-2011 sin verificar, A-2).",
)

RULES = R.rules

FINDINGS: dict[str, str] = {
    "report_not_required": "CAM-14F-01",
    "final_report_not_required": "CAM-14E-03",
    "report_overdue": "CAM-14C-01",
    "report_final_by_lapse": "CAM-15-02",
    "preliminary_findings_untimely": "CAM-15-03",
    "report_not_sworn_or_electronic": "CAM-14A-01",
    "referral_to_commission": "CAM-16B-02",
    "referral_without_evidence": "CAM-16B-01",
    "report_not_final": "CAM-17-01",
    "access_without_complaint": "CAM-17-02",
    "access_request_incomplete": "CAM-17-06",
    "copy_free_of_charge": "CAM-17-09",
    "access_objection_untimely": "CAM-17-04",
    "access_allowed": "CAM-17-05",
    "access_not_yet_allowed": "CAM-17-05",
    "access_before_allowed": "CAM-17-05",
}

_F = FieldSpec
REPORT_TYPES = ("initial", "annual", "final")
FINANCIAL_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("took_office", "Toma de posesión del cargo"),
        EventSpec("left_office", "Cese en el cargo", {
            "reelected": _F("bool", help="Representante reelecto (Sec. 14(e)(3)): no hay informe de cese"),
        }),
        EventSpec("report_filed", "Informe financiero radicado en la OEG", {
            "covers_year": _F("int", required=True, help="Año natural que cubre el informe"),
            "report_type": _F("choice", choices=REPORT_TYPES, help="initial (14(d)), annual (14(c)) o final (14(e))"),
            "sworn": _F("bool", help="Radicado bajo juramento (Sec. 14(a))"),
            "electronic": _F("bool", help="Radicado por el sistema electrónico de la OEG (Sec. 14(a)–(b))"),
        }),
        EventSpec("secretary_notified", "Notificación de cumplimiento a la Secretaría de la Cámara", {
            "covers_year": _F("int")}),
        EventSpec("preliminary_findings_received", "Informe preliminar de hallazgos de la OEG recibido", {
            "covers_year": _F("int")}),
        EventSpec("findings_answered", "Contestación escrita a los hallazgos", {"covers_year": _F("int")}),
        EventSpec("oeg_final_action", "Determinación de la OEG: informe final o referido a la Comisión", {
            "outcome": _F("choice", required=True, choices=("final", "referral")),
            "covers_year": _F("int"),
            "evidence_attached": _F("bool", help="El referido lleva el informe y toda la evidencia (Sec. 16(b))"),
        }),
        EventSpec("subpoena_notice", "Aviso de la OEG a la Comisión sobre un subpoena (Sec. 15(4))"),
    )
}  # fmt: skip
# The terms of Secs. 14–16 are the official's and the OEG's: the Commission records what they do.
FINANCIAL_EVENTS = with_next_acts(
    FINANCIAL_EVENTS,
    {
        "took_office": "Cuando la persona toma posesión del cargo; empieza el término del primer informe.",
        "left_office": "Cuando la persona cesa en el cargo; empieza el término del informe de cese.",
        "report_filed": "Cuando se radica un informe financiero en la OEG (Sec. 14).",
        "secretary_notified": "Cuando quien radicó notifica a la Secretaría de la Cámara que cumplió (Sec. 14(c)).",
        "preliminary_findings_received": "Cuando se recibe el informe preliminar de hallazgos de la OEG (Sec. 15).",
        "findings_answered": "Cuando se contestan por escrito los hallazgos preliminares (Sec. 15).",
        "oeg_final_action": "Cuando la OEG declara final el informe o lo refiere a la Comisión (Secs. 15–16).",
        "subpoena_notice": "Cuando la OEG avisa a la Comisión de un subpoena (Sec. 15(4)).",
    },
)
# What each act presupposes (never silent): every act follows the taking of office (the kind's opening);
# a report's notice, the OEG's findings and action follow a report, an answer follows the findings; one
# taking of office per case and one leaving (a re-elected Representative's «cese» is no leaving, Sec. 14(e)(3)).
FINANCIAL_EVENTS = with_order(
    FINANCIAL_EVENTS,
    after={
        "secretary_notified": ("report_filed",),
        "preliminary_findings_received": ("report_filed",),
        "findings_answered": ("preliminary_findings_received",),
        "oeg_final_action": ("report_filed",),
    },
    not_after={
        "left_office": (Act("left_office", {"reelected": None}), Act("left_office", {"reelected": False})),
    },
    once=("took_office",),
    standalone=("subpoena_notice",),  # Sec. 15(4): the OEG's notice sets no term of the Commission's
)


# A report and what follows it (Secs. 14(c), 15): each act after the report is about one report.
_REPORT_ACTS = (
    "report_filed",
    "secretary_notified",
    "preliminary_findings_received",
    "findings_answered",
    "oeg_final_action",
)


def _not_evaluated(ctx: Context, events: Sequence[Event], why: Msg, rule_id: str = "CAM-15-01") -> None:
    """Point at acts the evaluation cannot take (never silent), saying why, under ``rule_id``."""
    titles = ctx.rulebook.kinds[ctx.scenario.kind].events
    for e in sorted(events, key=lambda e: e.index):
        ctx.add_finding(
            "act_not_allowed",
            rule_id,
            Msg("«%(act)s» (%(day)s): %(why)s.", act=titles[e.type].title, day=e.day, why=why),
            event=e.index,
        )


def _report_of(event: Event, reports: list[Event]) -> Event | None:
    """The report an OEG or Secretary event refers to: by ``covers_year`` when given, else the
    latest report filed on or before the event."""
    year = event.get("covers_year")
    before = [r for r in reports if r.at <= event.at]
    if year is not None:
        before = [r for r in before if r.get("covers_year") == year]
    return before[-1] if before else None


def _events_for(ctx: Context, event_type: str, report: Event, reports: list[Event]) -> list[Event]:
    return [e for e in ctx.all(event_type) if _report_of(e, reports) is report]


def _matching_report(reports: list[Event], year: int, types: tuple[str, ...]) -> Event | None:
    for r in reports:
        if r.get("covers_year") == year and r.get("report_type", types[0]) in types:
            return r
    return None


def _fixed_date_term(year_end: dt.date) -> tuple[Term, dt.date]:
    """The fixed date of Sec. 14(c) — 15 August of the year after ``year_end``'s — as a term in
    calendar days counted from ``year_end``, so the engine applies closures and the roll-forward to
    the next business day (decision 1) and the trace shows the arithmetic. Returns (term, date)."""
    month, day = ANNUAL_REPORT_DUE
    fixed = dt.date(year_end.year + 1, month, day)
    return Term((fixed - year_end).days, "calendar_days"), fixed


def _mark_year_end(d: Deadline, year_end: dt.date) -> Deadline:
    d.trigger = "year_in_office_ended"
    d.trigger_at = year_end
    return d


def evaluate_financial_report(ctx: Context) -> None:
    """Sec. 14–16: an official's reports (initial, annual, final) and the OEG's evaluation of each."""
    took = ctx.first_or_await("took_office", FinancialReportStage.NEW)
    if took is None:
        return
    reports = ctx.all("report_filed")
    exit_event: Event | None = None
    for e in ctx.all("left_office"):
        if e.at < took.at:
            continue
        if e.get("reelected") and ctx.respondent.role == "representative":
            ctx.add_finding(
                "final_report_not_required",
                "CAM-14E-03",
                Msg(
                    "Representante reelecto (%(day)s): no radica Informe Financiero de Cese; siguen los informes "
                    "anuales (Sec. 14(e)(3)).",
                    day=e.day,
                ),
            )
            continue
        exit_event = e
        break
    for e in ctx.all("left_office"):  # never silent: the tenure ended once
        if exit_event is not None and e is not exit_event and e.at >= exit_event.at:
            _not_evaluated(ctx, [e], Msg("el cese ya consta el %(day)s", day=exit_event.day))

    min_tenure = ctx.rule("CAM-14F-01").term
    assert min_tenure is not None
    # Decision 9 (setting tenure_count): the period occupied counts every calendar day in office, the
    # first and the last included — it is not a term counted from an act; "term_from_act" excludes the
    # day of taking office, as a term would.
    inclusive = ctx.settings["tenure_count"] == "inclusive"
    tenure = (exit_event.day - took.day).days + (1 if inclusive else 0) if exit_event is not None else None
    if exit_event is not None and tenure is not None and tenure < min_tenure.amount:
        how = Msg("contando el primero y el último") if inclusive else Msg("sin contar el día de la toma de posesión")
        ctx.add_finding(
            "report_not_required",
            "CAM-14F-01",
            Msg(
                "Ocupó el cargo del %(took)s al %(left)s (%(tenure)s días naturales, %(how)s), menos de "
                "%(amount)s días naturales: no tiene obligación de radicar informe financiero (Sec. 14(f)).",
                took=took.day,
                left=exit_event.day,
                tenure=tenure,
                how=how,
                amount=min_tenure.amount,
            ),
            days=tenure,
        )
        ctx.stage = FinancialReportStage.REPORT_NOT_REQUIRED
        ctx.allowed_next = []
        _not_evaluated(ctx, [e for t in _REPORT_ACTS for e in ctx.all(t)], Msg("no se requiere informe (Sec. 14(f))"))
        return

    obligations: list[Deadline] = []
    initial_year = took.day.year - 1
    obligations.append(
        ctx.add_deadline(
            FinancialReportDeadline.INITIAL_REPORT,
            "CAM-14D-01",
            took,
            satisfied=_matching_report(reports, initial_year, ("initial",)),
            suspendable=False,
            start_label=Msg("toma de posesión"),
        )
    )

    # Sec. 14(c): a report for each year in office, due 15 August of the next year. The exit year is
    # covered by the final report instead (Sec. 14(e)); a sitting official's years count once ended.
    if exit_event is None:  # the years so far grow on 1 January
        ctx.changes_from(dt.date(ctx.as_of_day.year + 1, 1, 1))
    last_year = exit_event.day.year - 1 if exit_event is not None else ctx.as_of_day.year - 1
    for year in range(took.day.year, last_year + 1):
        year_end = dt.date(year, *YEAR_END_EXIT)
        term, fixed = _fixed_date_term(year_end)
        obligations.append(
            _mark_year_end(
                ctx.add_deadline(
                    FinancialReportDeadline.ANNUAL_REPORT,
                    "CAM-14C-01",
                    took,
                    term=term,
                    start=year_end,
                    suspendable=False,
                    satisfied=_matching_report(reports, year, ("annual",)),
                    start_label=Msg("fin del año %(year)s en el cargo; fecha fija: %(day)s", year=year, day=fixed),
                ),
                year_end,
            )
        )

    if exit_event is not None:
        exit_day = exit_event.day
        if (exit_day.month, exit_day.day) == YEAR_END_EXIT:
            term, fixed = _fixed_date_term(exit_day)
            obligations.append(
                _mark_year_end(
                    ctx.add_deadline(
                        FinancialReportDeadline.FINAL_REPORT,
                        "CAM-14E-01",
                        exit_event,
                        term=term,
                        start=exit_day,
                        suspendable=False,
                        satisfied=_matching_report(reports, exit_day.year, ("final", "annual")),
                        start_label=Msg("cese el 31 de diciembre; fecha fija: %(day)s", day=fixed),
                    ),
                    exit_day,
                )
            )
        else:
            obligations.append(
                ctx.add_deadline(
                    FinancialReportDeadline.FINAL_REPORT,
                    "CAM-14E-02",
                    exit_event,
                    satisfied=_matching_report(reports, exit_day.year, ("final",)),
                    suspendable=False,
                    start_label=Msg("cese en el cargo"),
                )
            )

    for d in obligations:
        if d.status == "missed" and d.satisfied_at is None:
            ctx.add_finding(
                "report_overdue",
                d.rule.id,
                Msg(
                    "El %(report)s venció el %(due_date)s sin radicarse (%(citation)s); la OEG puede referir el "
                    "asunto a la Comisión (Sec. 16(a)).",
                    report=deadline_es(d.id).lower(),
                    due_date=d.due_date,
                    citation=Raw(d.rule.citation),
                ),
                deadline=d.id,
                due=d.due_date.isoformat(),
            )

    stage = FinancialReportStage.LEFT_OFFICE if exit_event is not None else FinancialReportStage.IN_OFFICE
    pending_notice = False
    for report in reports:
        stage, pending = _evaluate_report(ctx, report, reports, stage)
        pending_notice = pending_notice or pending

    # Never silent: an act of the OEG or a notice that belongs to no report on file (its ``covers_year``), or
    # repeats one already on record for its report, changes nothing: it is pointed at.
    used = {id(e) for r in reports for t in _REPORT_ACTS[1:] for e in _events_for(ctx, t, r, reports)[:1]}
    _not_evaluated(
        ctx,
        [e for t in _REPORT_ACTS[1:] for e in ctx.all(t) if id(e) not in used],
        Msg("no corresponde a un informe radicado, o repite un acto ya anotado para su informe"),
    )
    with_findings = {id(_report_of(e, reports)) for e in ctx.all("preliminary_findings_received") if id(e) in used}
    _not_evaluated(
        ctx,
        [e for e in ctx.all("findings_answered") if id(e) in used and id(_report_of(e, reports)) not in with_findings],
        Msg("su informe no tiene hallazgos preliminares de la OEG que contestar"),
    )
    ctx.stage = stage
    nxt: list[str] = []
    if exit_event is None:
        nxt.append("left_office")
    nxt.append("report_filed")
    if pending_notice:
        nxt.append("secretary_notified")
    if reports:
        latest = reports[-1]
        prelim = _events_for(ctx, "preliminary_findings_received", latest, reports)
        final = _events_for(ctx, "oeg_final_action", latest, reports)
        if not final:
            if not prelim:
                nxt.append("preliminary_findings_received")
            elif not _events_for(ctx, "findings_answered", latest, reports):
                nxt.append("findings_answered")
            nxt.append("oeg_final_action")
    nxt.append("subpoena_notice")
    ctx.allowed_next = nxt


def _evaluate_report(
    ctx: Context, report: Event, reports: list[Event], stage: FinancialReportStage
) -> tuple[FinancialReportStage, bool]:
    """The Secretary notice and the OEG's terms for one report; returns (stage, notice pending)."""
    year = report.get("covers_year")
    label = Msg("radicación del informe que cubre %(year)s", year=year)
    if report.get("sworn") is False or report.get("electronic") is False:
        ctx.add_finding(
            "report_not_sworn_or_electronic",
            "CAM-14A-01",
            Msg(
                "El informe que cubre %(year)s no consta radicado bajo juramento por el sistema electrónico de "
                "la OEG (Sec. 14(a)–(b)).",
                year=year,
            ),
        )
    notice = next(iter(_events_for(ctx, "secretary_notified", report, reports)), None)
    ctx.add_deadline(
        FinancialReportDeadline.NOTIFY_SECRETARY,
        "CAM-14C-02",
        report,
        satisfied=notice,
        suspendable=False,
        start_label=label,
    )
    prelim = next(iter(_events_for(ctx, "preliminary_findings_received", report, reports)), None)
    final = next(iter(_events_for(ctx, "oeg_final_action", report, reports)), None)
    if final is not None and final.get("outcome") == "referral":
        ctx.findings.extend(check_referral_evidence(final.get("evidence_attached"), ctx))
        ctx.add_finding(
            "referral_to_commission",
            "CAM-16B-02",
            Msg(
                "La OEG refirió el informe de %(year)s a la Comisión el %(day)s: el referido se atiende como "
                "una querella desde su recibo (Sec. 16(b); caso de tipo referral).",
                year=year,
                day=final.day,
            ),
        )
    first_action = min((e for e in (prelim, final) if e is not None), key=lambda e: e.at, default=None)
    evaluation = ctx.add_deadline(
        FinancialReportDeadline.OEG_EVALUATION,
        "CAM-15-01",
        report,
        satisfied=first_action,
        suspendable=False,
        start_label=label,
    )
    ctx.changes_from(evaluation.due_date + dt.timedelta(days=1))
    lapsed = ctx.as_of_day > evaluation.due_date
    auto_final_anyway = ctx.settings["auto_final_if_prelim"]
    decided_first = final is not None and (prelim is None or final.at < prelim.at)
    if prelim is not None and decided_first:
        assert final is not None
        ctx.add_finding(  # never silent: findings on a report the OEG had already acted on finally
            "act_not_allowed",
            "CAM-15-03",
            Msg(
                "«%(act)s» (%(day)s) llegó después de la acción final de la OEG sobre el informe de %(year)s "
                "(%(final)s): el informe preliminar precede a la acción final (Sec. 15), así que no cambia nada.",
                act=FINANCIAL_EVENTS["preliminary_findings_received"].title,
                day=prelim.day,
                year=year,
                final=final.day,
            ),
            event=prelim.index,
        )
    if prelim is not None and prelim.day > evaluation.due_date and not decided_first:
        ctx.add_finding(
            "preliminary_findings_untimely",
            "CAM-15-03",
            Msg(
                "El informe preliminar sobre el informe de %(year)s llegó el %(day)s, después de los 90 días "
                "(%(due_date)s): el informe ya había advenido final (Sec. 15(2)).",
                year=year,
                day=prelim.day,
                due_date=evaluation.due_date,
            ),
        )
    nothing_in_term = first_action is None or first_action.day > evaluation.due_date
    # a preliminary report in time stops the automatic finality, unless auto_final_if_prelim.
    no_final_in_term = final is None or final.day > evaluation.due_date
    became_final_by_lapse = lapsed and (nothing_in_term or (bool(auto_final_anyway) and no_final_in_term))
    if became_final_by_lapse:
        ctx.add_finding(
            "report_final_by_lapse",
            "CAM-15-02",
            Msg(
                "Pasaron 90 días desde la radicación del informe de %(year)s (%(due_date)s) sin determinación "
                "de la OEG: el informe advino final automáticamente (Sec. 15(2))."
                if nothing_in_term
                else "Pasaron 90 días desde la radicación del informe de %(year)s (%(due_date)s) sin "
                "determinación de la OEG (hubo informe preliminar, pero el ajuste auto_final_if_prelim lo hace "
                "final igualmente; A-13): el informe advino final automáticamente (Sec. 15(2)).",
                year=year,
                due_date=evaluation.due_date,
            ),
        )
    pending_notice = notice is None
    if decided_first:
        assert final is not None
        return (
            FinancialReportStage.REFERRED_TO_COMMISSION
            if final.get("outcome") == "referral"
            else FinancialReportStage.REPORT_FINAL
        ), pending_notice
    if prelim is None:
        return (
            FinancialReportStage.REPORT_FINAL if became_final_by_lapse else FinancialReportStage.UNDER_OEG_EVALUATION
        ), pending_notice
    if prelim.day > evaluation.due_date:
        return FinancialReportStage.REPORT_FINAL, pending_notice

    answered = next((a for a in _events_for(ctx, "findings_answered", report, reports) if a.at >= prelim.at), None)
    respond = ctx.add_deadline(
        FinancialReportDeadline.RESPOND_TO_FINDINGS,
        "CAM-15-04",
        prelim,
        satisfied=answered,
        suspendable=False,
        start_label=Msg("recibo del informe preliminar"),
    )
    final_after = final if final is not None and final.at >= prelim.at else None
    if answered is not None and answered.day <= respond.due_date:
        start, trig, start_label = answered.day, answered, Msg("contestación al informe preliminar")
    else:
        start, trig, start_label = respond.due_date, prelim, Msg("fin del término para contestar")
    if answered is None and respond.status != "missed" and final_after is None:
        return FinancialReportStage.AWAITING_REPLY, pending_notice
    d = ctx.add_deadline(
        FinancialReportDeadline.OEG_FINAL_ACTION,
        "CAM-15-05",
        trig,
        start=start,
        satisfied=final_after,
        suspendable=False,
        start_label=start_label,
    )
    if trig is prelim:
        d.trigger = "reply_term_expired"
    if final_after is not None and final_after.get("outcome") == "referral":
        r = ctx.add_deadline(
            FinancialReportDeadline.OEG_REFERRAL,
            "CAM-16A-01",
            trig,
            start=start,
            satisfied=final_after,
            suspendable=False,
            start_label=start_label,
        )
        if trig is prelim:
            r.trigger = "reply_term_expired"
        return FinancialReportStage.REFERRED_TO_COMMISSION, pending_notice
    if final_after is not None:
        return FinancialReportStage.REPORT_FINAL, pending_notice
    return FinancialReportStage.AWAITING_OEG_FINAL_ACTION, pending_notice


# --- The register's offices as the reports' scenarios (Secs. 3, 14) ------------------------------

# Sec. 3 and Sec. 14(a): the Code binds Representatives, officers (funcionarios) and department heads.
OBLIGATED_ROLES = ("representative", "officer", "department_head")
# Interpretation (docs/decisions.md, «eng-tenures»): two offices of the same role are one continuous
# tenure when the second begins no later than this many days after the last day of the first — the
# register writes a Representative's term as ending on 31 December or on 1 January, and the next term
# begins on 2 January. For a Representative such a second term is a reelection (CAM-14E-03): no exit
# report, the annual reports go on.
CONTINUOUS_GAP_DAYS = 2


def tenures_from_offices(offices: Sequence[tuple[str, dt.date, dt.date | None]]) -> list[Tenure]:
    """The register's offices of one person (role, first day, last day or None) as the tenures whose
    reports Sec. 14 requires: each its own ``financial_report`` scenario (``took_office``, a
    ``left_office`` with ``reelected`` at each reelection of a Representative, and the last
    ``left_office``). Offices of roles the Code does not bind are left out; a change of role is a new
    tenure (the exit of one office, the taking of another: Sec. 14(d)–(e))."""
    ordered = sorted((i for i, o in enumerate(offices) if o[0] in OBLIGATED_ROLES), key=lambda i: (offices[i][1], i))
    groups: list[list[int]] = []
    for i in ordered:
        role, start, _end = offices[i]
        if groups:
            last = offices[groups[-1][-1]]
            continuous = last[2] is None or (start - last[2]).days <= CONTINUOUS_GAP_DAYS
            if last[0] == role and continuous:
                groups[-1].append(i)
                continue
        groups.append([i])
    out: list[Tenure] = []
    for group in groups:
        role = offices[group[0]][0]
        start = offices[group[0]][1]
        events: list[dict[str, object]] = [{"type": "took_office", "at": start.isoformat()}]
        end: dt.date | None = None
        for n, i in enumerate(group):
            end = offices[i][2]
            if end is None:
                break
            if n + 1 == len(group):
                events.append({"type": "left_office", "at": end.isoformat()})
            elif role == "representative":  # reelected; an officer's successive offices are one tenure
                events.append({"type": "left_office", "at": end.isoformat(), "reelected": True})
        out.append(Tenure(role, start, end, tuple(group), tuple(events)))
    return out


OBLIGATIONS = Obligations(
    roles=OBLIGATED_ROLES,
    citation="Secs. 3 y 14",
    kind="financial_report",
    tenures=tenures_from_offices,
    report_event="report_filed",
    report_types=REPORT_TYPES,
    report_rule="CAM-14A-01",
    notice_event="secretary_notified",  # Sec. 14(c), 14(d)(1), 14(h): CAM-14C-02
    duty_deadlines=(
        FinancialReportDeadline.INITIAL_REPORT,
        FinancialReportDeadline.ANNUAL_REPORT,
        FinancialReportDeadline.FINAL_REPORT,
        FinancialReportDeadline.NOTIFY_SECRETARY,
    ),
    reported_events=("report_filed", "preliminary_findings_received", "findings_answered", "oeg_final_action"),
    final_action_event="oeg_final_action",
    referral_term_rule="CAM-16A-01",  # Sec. 16(a): the OEG's 30 days to refer
    register_events=("took_office", "left_office"),
    referral_kind="referral",  # Sec. 16(b): the referral the Commission receives
    referral_event="referral_received",
)


def check_referral_evidence(evidence_attached: bool | None, ctx: Context | None = None) -> list[Finding]:
    """Sec. 16(b) (CAM-16B-01): an OEG referral comes with the report and all the evidence behind
    its findings. ``None`` (not recorded) and ``True`` raise nothing."""
    if evidence_attached is not False:
        return []
    rule = ctx.rule("CAM-16B-01") if ctx is not None else R.rules["CAM-16B-01"]
    return [
        Finding(
            "referral_without_evidence",
            rule,
            Msg("El referido de la OEG no trae adjunta toda la evidencia que sostiene sus hallazgos (Sec. 16(b))."),
        )
    ]


# --- kind: report_access_request (Sec. 17) -----------------------------------------------------

ACCESS_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("access_requested", "Solicitud jurada de acceso a un informe financiero recibida por la OEG", {
            "requester_name": _F("str", help="(a) Nombre del solicitante"),
            "requester_address": _F("str", help="(a) Dirección"),
            "requester_occupation": _F("str", help="(a) Ocupación"),
            "on_behalf_of": _F("str", help="(b) Persona, organización o dependencia para la cual se solicita"),
            "interest_statement": _F("str", help="(c) Interés legítimo, pertinencia y necesidad"),
            "complaint_copy": _F("bool", help="(c) Copia de la querella presentada (Sec. 17(1))"),
            "knows_use_limits": _F("bool", help="(d) Conoce las restricciones de uso"),
            "knows_penalty": _F("bool", help="(e) Conoce la pena por mal uso (Código Penal, Art. 16)"),
            "sworn": _F("bool", help="Solicitud escrita bajo juramento"),
            "report_is_final": _F("bool", help="El informe solicitado es final (Sec. 17(1))"),
            "official_investigation": _F("bool", help="Lo pide una agencia para una investigación oficial (17(6))"),
        }),
        EventSpec("subject_notified", "Notificación de la solicitud al Representante", {
            "received_on": _F("date", not_before_event=True,
                              help="Fecha en que el Representante recibió la notificación (A-15)"),
        }),
        EventSpec("objection_filed", "Objeción del Representante"),
        EventSpec("objection_resolved", "Objeción resuelta", {
            "upheld": _F("bool", required=True, help="Se sostiene la objeción: no hay acceso"),
            "resolver": _F("choice", choices=("oeg_director", "commission")),
        }),
        EventSpec("access_granted", "Acceso al informe concedido"),
    )
}  # fmt: skip
ACCESS_EVENTS = with_next_acts(
    ACCESS_EVENTS,
    {
        "access_requested": "Cuando la OEG recibe una solicitud jurada de acceso a un informe (Sec. 17).",
        "subject_notified": "Cuando el Representante recibe la notificación de la solicitud (Sec. 17).",
        "objection_filed": "Si el Representante objeta el acceso dentro de 15 días laborables (Sec. 17).",
        "objection_resolved": "Al resolver la objeción del Representante (Sec. 17).",
        "access_granted": "Cuando se da acceso al informe (Sec. 17).",
    },
)

_REQUEST_FIELDS = (
    ("requester_name", Msg("(a) el nombre del solicitante")),
    ("requester_address", Msg("(a) su dirección")),
    ("requester_occupation", Msg("(a) su ocupación")),
    ("on_behalf_of", Msg("(b) para quién se solicita")),
    ("interest_statement", Msg("(c) el interés legítimo, la pertinencia y la necesidad")),
    ("knows_use_limits", Msg("(d) que conoce las restricciones de uso")),
    ("knows_penalty", Msg("(e) que conoce la pena por mal uso")),
    ("sworn", Msg("el juramento")),
)
RESOLVER_MSG = {
    "oeg_director": Msg("hay una objeción pendiente; la resuelve el Director de la OEG (A-15)"),
    "commission": Msg("hay una objeción pendiente; la resuelve la Comisión de Ética (A-15)"),
}


def check_request_contents(payload: Mapping[str, Any], ctx: FormContext) -> Mapping[str, FieldError]:
    """Sec. 17(4)(a)–(e) (CAM-17-06): a sworn request states each of its contents; the form refuses one
    that lacks any, beside the field. (The copy of the complaint, Sec. 17(1), is the engine's finding
    CAM-17-02: such a request is recorded and access waits until it is cured.)"""
    return {
        name: FieldError(
            "La solicitud debe indicar %(what)s (Sec. 17(4), %(rule)s).", {"what": label.es(), "rule": "CAM-17-06"}
        )
        for name, label in _REQUEST_FIELDS
        if not (str(payload.get(name)).strip() if isinstance(payload.get(name), str) else payload.get(name))
    }


ACCESS_EVENTS = with_form_hints(ACCESS_EVENTS, access_requested={"validate": check_request_contents})
# What each act presupposes (never silent): the request opens the case; the Representative objects once
# notified, the objection is resolved once filed, and access is given once — never after an objection upheld.
ACCESS_EVENTS = with_order(
    ACCESS_EVENTS,
    after={"objection_filed": ("subject_notified",), "objection_resolved": ("objection_filed",)},
    not_after={
        "access_granted": (Act("objection_resolved", {"upheld": True}),),
        "objection_filed": ("access_granted",),
        "objection_resolved": ("access_granted",),
    },
    once=("subject_notified", "objection_filed", "objection_resolved", "access_granted"),
    repeatable=("access_requested",),  # a request amended (its contents replace the first's; the terms stay)
)


def evaluate_access_request(ctx: Context) -> None:
    """Sec. 17(1): notice to the Representative within 5 business days; 15 business days to object;
    no access until those 15 days pass or the objection is resolved (CAM-17-05).

    Interpretation (A-15): the 5 days run from the OEG's receipt of the request and the 15 from the
    Representative's receipt of the notice (``received_on``, else the notice's date); access opens on
    the next business day after the 15th. Who resolves an objection is a setting
    (``sec17_objection_resolver``).
    """
    request = ctx.first_or_await("access_requested", AccessRequestStage.NEW)
    if request is None:
        return
    # An amended request (a later access_requested) replaces the contents; the terms run from the first.
    complete = _check_request(ctx, ctx.last("access_requested") or request)
    notified = ctx.first("subject_notified")
    ctx.add_deadline(
        AccessRequestDeadline.NOTIFY_SUBJECT,
        "CAM-17-03",
        request,
        satisfied=notified,
        suspendable=False,
        start_label=Msg("recibo de la solicitud"),
    )
    granted = ctx.first("access_granted")
    if request.get("report_is_final") is False:
        ctx.stage = AccessRequestStage.BLOCKED_REPORT_NOT_FINAL
        ctx.allowed_next = [] if notified else ["subject_notified"]
        _check_grant(ctx, granted, None)
        _not_evaluated(
            ctx,
            [*ctx.all("objection_filed"), *ctx.all("objection_resolved")],
            Msg("el informe no es final, así que no hay acceso que objetar (Sec. 17(1))"),
            "CAM-17-01",
        )
        return
    if notified is None:
        ctx.stage = AccessRequestStage.AWAITING_NOTICE
        ctx.allowed_next = ["subject_notified"]
        _not_yet(ctx, None, Msg("falta notificar al Representante"))
        _check_grant(ctx, granted, None)
        return
    received: dt.date = notified.get("received_on") or notified.day
    objection = ctx.first("objection_filed")
    window = ctx.add_deadline(
        AccessRequestDeadline.SUBJECT_OBJECTION,
        "CAM-17-04",
        notified,
        start=received,
        satisfied=objection,
        suspendable=False,
        start_label=Msg("recibo de la notificación por el Representante"),
    )
    opens_after_window = ctx.calendar.roll_forward(window.due_date + dt.timedelta(days=1))
    as_of = ctx.as_of_day
    resolver = RESOLVER_MSG[ctx.settings["sec17_objection_resolver"]]
    if objection is not None and objection.day <= window.due_date:
        resolved = next((r for r in ctx.all("objection_resolved") if r.at >= objection.at), None)
        if resolved is None:
            ctx.stage = AccessRequestStage.OBJECTION_PENDING
            ctx.allowed_next = ["objection_resolved"]
            _not_yet(ctx, None, resolver)
            _check_grant(ctx, granted, None)
            return
        if resolved.get("upheld"):
            ctx.stage = AccessRequestStage.ACCESS_DENIED
            ctx.allowed_next = []
            _check_grant(ctx, granted, None)
            return
        _open(ctx, resolved.day, Msg("se resolvió la objeción el %(day)s", day=resolved.day), complete, granted)
        return
    if objection is not None:
        ctx.add_finding(
            "access_objection_untimely",
            "CAM-17-04",
            Msg(
                "La objeción del %(day)s llegó después de vencer los 15 días laborables (%(due_date)s).",
                day=objection.day,
                due_date=window.due_date,
            ),
            event=objection.index,
        )
        _not_evaluated(  # nothing to resolve once the objection was late
            ctx, ctx.all("objection_resolved"), Msg("resuelve una objeción presentada fuera de término"), "CAM-17-04"
        )
    ctx.changes_from(opens_after_window)
    if as_of < opens_after_window:
        ctx.stage = AccessRequestStage.AWAITING_SUBJECT
        ctx.allowed_next = ["objection_filed"]
        _not_yet(ctx, opens_after_window, Msg("corren los 15 días laborables del Representante"))
        _check_grant(ctx, granted, opens_after_window)
        return
    _open(
        ctx,
        opens_after_window,
        Msg("transcurrieron los 15 días laborables (%(due)s)", due=window.due_date),
        complete,
        granted,
    )


def _check_request(ctx: Context, request: Event) -> bool:
    """Sec. 17(1) and 17(4): findings for what the request lacks; whether it is complete."""
    missing = [label for name, label in _REQUEST_FIELDS if not request.get(name)]
    if missing:
        ctx.add_finding(
            "access_request_incomplete",
            "CAM-17-06",
            Msg(
                "A la solicitud le falta: %(missing)s (Sec. 17(4)).",
                missing=joined(missing),
            ),
            missing=len(missing),
        )
    if not request.get("complaint_copy"):
        ctx.add_finding(
            "access_without_complaint",
            "CAM-17-02",
            Msg(
                "La solicitud no acompaña copia de la querella presentada: el acceso solo procede luego de presentarse "
                "la querella correspondiente (Sec. 17(1), 17(4)(c))."
            ),
        )
    if request.get("report_is_final") is False:
        ctx.add_finding(
            "report_not_final",
            "CAM-17-01",
            Msg(
                "El informe solicitado no es final: mientras esté bajo custodia de la OEG no se permite a terceros su "
                "inspección ni acceso (Sec. 17(1))."
            ),
        )
    if request.get("official_investigation"):
        ctx.add_finding(
            "copy_free_of_charge",
            "CAM-17-09",
            Msg("Lo solicita una agencia para una investigación oficial: la copia es libre de costo (Sec. 17(6))."),
        )
    return not missing and bool(request.get("complaint_copy"))


def _open(ctx: Context, opens_on: dt.date, why: Msg, complete: bool, granted: Event | None) -> None:
    """The term no longer bars access from ``opens_on``; a deficient request still does."""
    if not complete:
        ctx.add_finding(
            "access_not_yet_allowed",
            "CAM-17-05",
            Msg(
                "El plazo ya no impide el acceso desde el %(opens_on)s (%(why)s), pero la solicitud no cumple "
                "los requisitos de la Sec. 17(1) y 17(4): no procede el acceso hasta subsanarla.",
                opens_on=opens_on,
                why=why,
            ),
            opens_on=opens_on.isoformat(),
        )
        _check_grant(ctx, granted, None)
        ctx.stage = AccessRequestStage.REQUEST_DEFICIENT
        ctx.allowed_next = ["access_requested"]
        return
    ctx.add_finding(
        "access_allowed",
        "CAM-17-05",
        Msg(
            "El acceso al informe procede desde el %(opens_on)s: %(why)s (Sec. 17(1)).",
            opens_on=opens_on,
            why=why,
        ),
        opens_on=opens_on.isoformat(),
    )
    _check_grant(ctx, granted, opens_on)
    ctx.stage = AccessRequestStage.ACCESS_GRANTED if granted else AccessRequestStage.ACCESS_OPEN
    ctx.allowed_next = [] if granted else ["access_granted"]


def _not_yet(ctx: Context, opens_on: dt.date | None, why: Msg) -> None:
    ctx.add_finding(
        "access_not_yet_allowed",
        "CAM-17-05",
        Msg(
            "Todavía no se puede dar acceso al informe: %(why)s (Sec. 17(1)). Se abre el %(opens_on)s si no hay "
            "objeción.",
            why=why,
            opens_on=opens_on,
        )
        if opens_on
        else Msg("Todavía no se puede dar acceso al informe: %(why)s (Sec. 17(1)).", why=why),
        **({"opens_on": opens_on.isoformat()} if opens_on else {}),
    )


def _check_grant(ctx: Context, granted: Event | None, opens_on: dt.date | None) -> None:
    if granted is None:
        return
    if opens_on is None or granted.day < opens_on:
        ctx.add_finding(
            "access_before_allowed",
            "CAM-17-05",
            Msg(
                "Se dio acceso al informe el %(day)s, cuando la Sec. 17 no lo permitía (procedía desde el "
                "%(opens_on)s).",
                day=granted.day,
                opens_on=opens_on,
            )
            if opens_on
            else Msg("Se dio acceso al informe el %(day)s, cuando la Sec. 17 no lo permitía.", day=granted.day),
        )


KINDS: dict[str, KindSpec] = {
    "financial_report": KindSpec(
        "financial_report",
        "Informes financieros (Secs. 14–16)",
        FINANCIAL_EVENTS,
        evaluate_financial_report,
        stages=FinancialReportStage,
        deadlines=FinancialReportDeadline,
        deadline_ids=(
            "initial_report",
            "annual_report",
            "final_report",
            "notify_secretary",
            "oeg_evaluation",
            "respond_to_findings",
            "oeg_final_action",
            "oeg_referral",
        ),
        actors={
            "initial_report": Actor.OFFICIAL,  # CAM-14D-01
            "annual_report": Actor.OFFICIAL,  # CAM-14C-01
            "final_report": Actor.OFFICIAL,  # CAM-14E-01, CAM-14E-02
            "notify_secretary": Actor.OFFICIAL,  # CAM-14C-02
            "oeg_evaluation": Actor.OEG,  # CAM-15-01
            "respond_to_findings": Actor.OFFICIAL,  # CAM-15-04
            "oeg_final_action": Actor.OEG,  # CAM-15-05
            "oeg_referral": Actor.OEG,  # CAM-16A-01: the OEG's Director refers
        },
        respondent_roles=("representative", "officer", "department_head"),
        caption="Informes financieros de %(name)s (Secs. 14–16)",
        opening=("took_office",),
        # Issue 29: an obligated person, not a respondent; no complaint's confidentiality (Secs. 5(5), 21(d)),
        # no candidacy (Sec. 24) and no counsel to add.
        party_labels={"respondent": "Funcionario obligado"},
        confidentiality="",
        side_acts=(),
        # Secs. 14 and 16(a) (issue 29): a report duty past due is the Commission's move — the notice to
        # the late filer (documents: «late_report_notice»), then the referral.
        lapse_documents={
            "initial_report": ("late_report_notice",),  # CAM-14D-01
            "annual_report": ("late_report_notice",),  # CAM-14C-01
            "final_report": ("late_report_notice",),  # CAM-14E-01, CAM-14E-02
        },
        # Sec. 16(a) (issue 29): once the late filer was noticed, the law leaves the Commission no act and
        # no term of its own on the report: the OEG's Director refers the matter when a violation of the
        # filing rules is probable, and the referral is then received and handled as a complaint (16(b)).
        after_documents={
            "late_report_notice": AfterDocument(
                Actor.OEG,
                "CAM-16A-01",
                Msg(
                    "Se expidió el aviso al funcionario obligado. La ley no da a la Comisión otro acto ni otro "
                    "término sobre el informe no radicado: si estima probable la violación, el Director de la "
                    "OEG remite un referido (Sec. 16(a)), que la Comisión recibe y atiende como una querella "
                    "(Sec. 16(b))."
                ),
            )
        },
        # CAM-15-02: 90 days without the OEG's determination make the report final by themselves — the
        # lapse is the law's outcome, not a term the Commission waits on (issue 29).
        lapses={
            "oeg_evaluation": Msg(
                "Pasaron los 90 días sin determinación de la OEG: el informe advino final automáticamente (Sec. 15(2))."
            )
        },
    ),
    "report_access_request": KindSpec(
        "report_access_request",
        "Solicitud de acceso a un informe financiero (Sec. 17)",
        ACCESS_EVENTS,
        evaluate_access_request,
        deadline_ids=("notify_subject", "subject_objection"),
        actors={
            "notify_subject": Actor.OEG,  # CAM-17-03: the OEG's Director notifies the Representative
            "subject_objection": Actor.REPRESENTATIVE,  # CAM-17-04: «El Representante tendrá quince (15) días»
        },
        # CAM-17-04: the Representative's silence is no missed term: access follows the 15 days.
        lapses={
            "subject_objection": Msg(
                "Transcurrieron los 15 días laborables sin objeción del Representante: la OEG puede dar acceso "
                "al informe (Sec. 17(1))."
            )
        },
        stages=AccessRequestStage,
        deadlines=AccessRequestDeadline,
        respondent_roles=("representative", "officer", "department_head"),
        closed_stages=("access_granted", "access_denied"),  # CAM-17-05: access given, or the objection upheld
        caption="Solicitud de acceso a un informe financiero de %(name)s (Sec. 17)",
        opening=("access_requested",),
        party_labels={"respondent": "Persona cuyo informe se solicita", "complainant": "Solicitante"},
        # CAM-17-05 (issue 29): once access is allowed (the 15 days ran out without objection, or it was
        # resolved), giving it is the act to take.
        finding_acts={"access_allowed": ("access_granted",)},
        confidentiality="",
        side_acts=(),
    ),
}
