"""Rulebook ``municipal``: the law of the Comisión para Ventilar Querellas Municipales.

One module per part of the text; each declares its rules (``RULES``) and, where the part describes
a kind of case, its events and evaluator:

- ``composition`` — ¶1–¶3: jurisdiction, complainants, seats, qualifications, term of office;
- ``per_diem`` — ¶4: per diem and expenses (monthly statement);
- ``powers`` — ¶5–¶11: powers, subpoenas and their court enforcement;
- ``complaints`` — ¶12–¶18, ¶29–¶34: the complaint against a mayor (kind ``complaint``);
- ``suspension`` — ¶19–¶28: the special suspension proceeding (kind ``suspension_proceeding``);
- ``deadlock`` — ¶35–¶36: friction between Assembly and Mayor (kind ``deadlock``);
- ``review`` — ¶37–¶44: review, quorum, contempt, Secretary, budget, succession.

Citations are ¶n: the nth non-empty line of the text, each list item counted, the three headings
uncounted (catalogue «Citation»; ambiguity 7). Settings implement the catalogue's ambiguity defaults,
overridden by the decisions at the top of the catalogue.
"""

from __future__ import annotations

import datetime as dt

from ...engine import (
    BodyPages,
    CasePage,
    Docket,
    DocumentRules,
    Election,
    KindSpec,
    LateAct,
    Public,
    PublicFiling,
    Register,
    Rulebook,
    Seats,
    Setting,
)
from ...parts import CompulsoryDismissal, Publication, PublishedAct, Statistics, Voting
from ...terms import Rule
from ...vocabulary import (
    Actor,
    DeadlockDeadline,
    DeadlockStage,
    MunicipalComplaintDeadline,
    MunicipalComplaintStage,
    SuspensionDeadline,
    SuspensionStage,
)
from ...votes import register_fixed_body
from ..common import merge, with_record_only
from . import complaints, composition, deadlock, per_diem, powers, review, samples, suspension
from . import documents as document_texts
from .complaints import COMPLAINT_EVENTS, evaluate_complaint
from .deadlock import DEADLOCK_EVENTS, evaluate_deadlock
from .forms import complaint_form_hints, filing_form_hints
from .per_diem import PER_DIEM_AMOUNT
from .review import QUORUM
from .suspension import SUSPENSION_EVENTS, evaluate_suspension

# Roles a respondent may have in the input; the setting ``respondent_roles`` says which get the
# procedure without a warning (ambiguity 8).
RESPONDENT_ROLES = ("mayor", "municipal_official")

SETTINGS: dict[str, Setting] = {
    s.name: s
    for s in (
        Setting("bare_days_unit", "calendar_days", ("calendar_days", "business_days"), "Ambigüedad 1 (day_unit)",
                "Cómo se cuentan los «días» sin calificar de ¶13–¶16, ¶19, ¶27 y ¶36."),
        Setting("roll_forward", True, (True, False), "Decisión 1 (anula la ambigüedad 1)",
                "Todo término en días —de las partes y de la Comisión— cuyo último día es sábado, domingo, "
                "feriado o cierre vence el próximo día laborable (1 LPRA §72; Regla 68.1)."),
        Setting("christmas_eve_is_holiday", True, (True, False), "Decisión 3",
                "El 24 de diciembre (medio día feriado) cuenta como feriado al computar términos."),
        Setting("hour_terms", "clock", ("clock", "regla_68_1"), "Decisión 6",
                "Términos en horas: horas corridas, o excluyendo fines de semana y feriados."),
        Setting("study_trigger_without_answer", "answer_term_end", ("answer_term_end", "never"), "Ambigüedad 2",
                "Sin contestación, el estudio de 30 días corre desde el fin del término para contestar en vigor "
                "(con la prórroga), o no corre."),
        Setting("study_satisfied_by", "hearing_set_order", ("hearing_set_order", "hearing_concluded"),
                "Ambigüedad 3",
                "El estudio se cumple al desestimar o al señalar la vista (la orden que la señala), o solo al "
                "celebrarse."),
        Setting("hearing_notice_count", "from_notice", ("from_notice", "clear_days_from_service"),
                "Decisión 7 (anula la ambigüedad 3)",
                "Antelación de la vista: desde la fecha de la notificación, sin contar ese día y contando el de la "
                "vista (D + 15), o 15 días naturales completos desde la última notificación diligenciada (D + 16)."),
        Setting("with_prejudice_scope", "decision_only", ("decision_only", "all_terms"), "Decisión 8 / ambigüedad 4",
                "Qué término vencido obliga a desestimar con perjuicio: solo el de decidir, o todo término "
                "compulsorio de la Comisión."),
        Setting("extension_requires_grant", False, (False, True), "Ambigüedad 5",
                "La moción de prórroga hecha dentro del término inicial da 15 días más sin necesidad de que se "
                "conceda, o solo si se concede."),
        Setting("complaint_limitation_days", None, (), "Ambigüedad 6",
                "Término para presentar la querella desde que se conocen los hechos: la ley no fija ninguno (null)."),
        Setting("notice_reminder_days", None, (), "Ambigüedad 6",
                "Días tras la presentación para recordar que falta notificar al Alcalde (null: sin recordatorio)."),
        Setting("citation_style", "paragraph", ("paragraph",), "Ambigüedad 7",
                "Las citas son ¶n (línea no vacía n del texto); nunca el encabezado «3. Personal»."),
        Setting("respondent_roles", ("mayor",), (), "Ambigüedad 8",
                "Roles de la parte querellada que siguen el procedimiento sin advertencia (lista de: mayor, "
                "municipal_official)."),
        Setting("complainant_scope", "person", ("person", "citizen"), "Ambigüedad 8",
                "Quién puede querellarse: cualquier persona (¶5) o solo ciudadanos (¶1)."),
        Setting("hearing_privacy_elected_by", "respondent", ("respondent", "commission"), "Ambigüedad 9",
                "Quién elige si la vista es pública o privada: el Alcalde (se advierte si la Comisión dispone otra "
                "cosa) o la Comisión."),
        Setting("decide_trigger_if_report_late", "report_due", ("report_due", "report_filed"), "Ambigüedad 10",
                "Si el informe del Comisionado Asociado se rinde tarde, los 15 días para decidir corren desde su "
                "vencimiento, o desde que se rinde."),
        Setting("decide_requires_notice", True, (True, False), "Ambigüedad 10",
                "«Emitir» la decisión incluye notificarla dentro del término."),
        Setting("deadlock_vacancy_acceptance", "neither_or_both", ("neither_or_both", "neither", "not_both"),
                "Ambigüedad 11",
                "Cuándo procede declarar vacantes: si ninguna o ambas partes se allanan (literal), solo si "
                "ninguna, o si no ambas."),
        Setting("deadlock_acceptance_window_days", None, (), "Ambigüedad 11",
                "Días tras las recomendaciones para que las partes se allanen; sin posición al cerrar, se toma "
                "como no allanada (null: sin ventana)."),
        Setting("deadlock_hearing_notice_days", 15, (), "Ambigüedad 12",
                "Antelación mínima de la vista de fricción (días), como en ¶15."),
        Setting("court_stay_tolls_terms", "explicit_only", ("explicit_only", "never"), "Ambigüedad 13",
                "Solo una paralización registrada que cite la orden del tribunal (court_order) suspende los "
                "términos; o ninguna."),
        Setting("art_18_004_maps_to", "¶12", ("¶12",), "Ambigüedad 14",
                "El «Artículo 18.004» de ¶19 se lee como ¶12–¶13 (querella presentada y notificada)."),
        Setting("votes_required", QUORUM, (2, 3), "Ambigüedad 15 (MUN-QUO-01)",
                "Votos necesarios para cada acto de la Comisión; un empate no decide y el término sigue."),
        Setting("decision_notice_recipients", ("respondent", "complainant"), (), "Ambigüedad 16",
                "A quiénes se notifica la desestimación o la decisión (lista de: respondent, complainant)."),
        Setting("per_diem_amount", int(PER_DIEM_AMOUNT), (), "MUN-DIE-02",
                "Dieta por reunión, en dólares (¶4: setenta y cinco)."),
        Setting("per_diem_per_meeting", True, (True, False), "Ambigüedad 17",
                "Una dieta por reunión, aunque haya varias el mismo día; o una por día."),
        Setting("member_own_vote", False, (True, False), "Decisión 11 (MUN-QUO-01)",
                "Los comisionados no anotan su propio voto: la Comisión vota en la reunión con quórum (¶39) y "
                "la Secretaría anota la votación; o, con true, cada comisionado puede anotar el suyo antes."),
        Setting("term_start", "took_office", ("took_office", "appointed"), "Ambigüedad 17",
                "El término de cuatro años de un miembro empieza al tomar posesión, o al ser nombrado."),
        Setting("migrated_case_review", True, (True, False), "Ambigüedad 17",
                "Los casos de la Comisión antecesora se importan con sus fechas y se marcan para revisión."),
    )
}  # fmt: skip

KINDS: dict[str, KindSpec] = {
    "complaint": KindSpec(
        "complaint",
        "Querella contra un Alcalde",
        complaint_form_hints(COMPLAINT_EVENTS),
        evaluate_complaint,
        filing_act="complaint_filed",
        stages=MunicipalComplaintStage,
        deadlines=MunicipalComplaintDeadline,
        deadline_ids=("answer", "study", "commissioner_report", "decide", "court_summons"),
        actors={
            "answer": Actor.RESPONDENT,  # MUN-ANS-01, MUN-ANS-02: the Mayor answers
            "study": Actor.COMMISSION,  # MUN-STU-01
            "commissioner_report": Actor.COMMISSIONER,  # MUN-REP-01: the associate commissioner reports
            "decide": Actor.COMMISSION,  # MUN-DEC-01, MUN-DEC-02
            "court_summons": Actor.COURT,  # MUN-SUB-04: the court issues the summons
        },
        respondent_roles=RESPONDENT_ROLES,
        imported_payload={"migrated": True},  # ¶44 (MUN-SUC-02): flagged for review
        # ¶17 (MUN-DEC-04): once the dismissal with prejudice is on record the complaint is over;
        # only its notice may follow.
        closed_stages=("dismissed_with_prejudice",),
        caption="Querella contra %(office)s, %(name)s",
        # The law states no confidentiality; ventila's restriction ends when the Commission's decision
        # (¶29–¶32), its dismissal (¶14) or the dismissal with prejudice (¶17) is issued, which includes
        # its notice (ambiguity 10; the Secretary notifies, MUN-SEC-03).
        final_stages=("decided", "dismissed", "dismissed_with_prejudice"),
        final_acts=complaints.FINAL_ACTS,
        final_rule="MUN-SEC-03",
        private_fields=complaints.PRIVATE_FIELDS,
        witness_acts=("summons_issued",),  # ¶8: a summons of a witness
        caption_without_office="Querella contra %(name)s",
        procedures=("ordinary",),  # ¶12–¶17: one procedure, named so on the complaint's page
    ),
    "suspension_proceeding": KindSpec(
        "suspension_proceeding",
        "Procedimiento Especial de suspensión",
        filing_form_hints(SUSPENSION_EVENTS, "special_proceeding_filed"),
        evaluate_suspension,
        filing_act="special_proceeding_filed",
        stages=SuspensionStage,
        deadlines=SuspensionDeadline,
        deadline_ids=("court_decision", "review"),
        actors={
            "court_decision": Actor.COURT,  # MUN-SUS-03
            "review": Actor.RESPONDENT,  # MUN-SUS-11: the suspended Mayor may seek review
        },
        respondent_roles=("mayor",),
        caption="Procedimiento Especial de suspensión contra %(office)s, %(name)s",
        caption_without_office="Procedimiento Especial de suspensión contra %(name)s",
    ),
    "deadlock": KindSpec(
        "deadlock",
        "Fricción entre la Asamblea Municipal y el Alcalde",
        filing_form_hints(DEADLOCK_EVENTS, "deadlock_reported"),
        evaluate_deadlock,
        filing_act="deadlock_reported",
        stages=DeadlockStage,
        deadlines=DeadlockDeadline,
        deadline_ids=("recommendations", "refer_to_commission", "deliver_documents"),
        actors={
            "recommendations": Actor.COMMISSION,  # MUN-DLK-06
            "refer_to_commission": Actor.GOVERNOR,  # MUN-DLK-03
            "deliver_documents": Actor.DEPARTMENTS,  # MUN-DLK-04: the heads of department deliver
        },
        respondent_roles=("mayor",),
        caption="Fricción entre la Asamblea Municipal y %(office)s, %(name)s",
        caption_without_office="Fricción entre la Asamblea Municipal y %(name)s",
        order_rule="MUN-POW-02",  # an act out of place: the Commission acts on a referred friction (¶35)
    ),
}

# Every finding the evaluators can raise, and the rule it comes from (for the generated reference).
FINDINGS: dict[str, str] = {
    "act_not_allowed": "MUN-INI-01",
    "act_overtaken": "MUN-INI-01",  # raised by the engine on a request an act left without object
    "respondent_not_mayor": "MUN-COM-01",
    "complainant_not_eligible": "MUN-COM-02",
    "not_sworn": "MUN-INI-02",
    "evidence_missing": "MUN-INI-03",
    "certified_copy_missing": "MUN-INI-04",
    "complaint_time_barred": "MUN-INI-01",
    "respondent_notice_pending": "MUN-INI-01",
    "notice_contents_incomplete": "MUN-ANS-03",
    "extension_request_untimely": "MUN-ANS-02",
    "extension_over_maximum": "MUN-ANS-02",
    "extension_without_request": "MUN-ANS-02",
    "dismissal_resolution_incomplete": "MUN-STU-03",
    "decision_notice_recipients_missing": "MUN-STU-04",
    "decision_notice_without_copy": "MUN-STU-04",
    "insufficient_hearing_notice": "MUN-HEA-02",
    "hearing_notice_recipients_missing": "MUN-HEA-03",
    "hearing_privacy_differs": "MUN-HEA-05",
    "commissioner_report_incomplete": "MUN-REP-02",
    "decision_without_commissioner_report": "MUN-REP-03",
    "compulsory_term_missed": "MUN-DEC-03",
    "dismissal_with_prejudice_required": "MUN-DEC-04",
    "dismissal_with_prejudice_premature": "MUN-DEC-04",
    "protective_order_purpose_missing": "MUN-PRO-02",
    "outcome_without_merits_hearing": "MUN-OUT-01",
    "admonition_basis_missing": "MUN-OUT-02",
    "reinstatement_with_back_pay": "MUN-OUT-03",
    "removal_review_priority": "MUN-OUT-04",
    "migrated_case_review": "MUN-SUC-02",
    "enforcement_without_summons": "MUN-SUB-01",
    "special_proceeding_without_determination": "MUN-SUS-02",
    "sanction_ground_not_on_record": "MUN-FRI-01",
    "investigation_without_supported_complaint": "MUN-FRI-02",
    "enforcement_petitioner_not_authorized": "MUN-SUB-02",
    "stay_order_not_cited": "MUN-SUS-13",
    "stay_held_no_term": "MUN-SUS-13",  # raised by the engine on a cited stay that paused no term (¶28)
    "special_proceeding_premature": "MUN-SUS-01",
    "suspension_effective_date_missing": "MUN-SUS-12",
    "review_request_untimely": "MUN-SUS-11",
    "resolution_before_hearing": "MUN-DLK-09",
    "deadlock_acceptance_ambiguous": "MUN-DLK-07",
    "vacancy_not_warranted": "MUN-DLK-07",
    "vacancy_required": "MUN-DLK-07",
    "vacancy_filling_handoff": "MUN-DLK-08",
}

# Catalogue order of the rule groups (the reference lists rules in this order).
_ORDER = (
    "COM",
    "DIE",
    "POW",
    "SUB",
    "INI",
    "ANS",
    "STU",
    "HEA",
    "REP",
    "DEC",
    "PRO",
    "SUS",
    "OUT",
    "FRI",
    "DLK",
    "REV",
    "QUO",
    "CON",
    "SEC",
    "BUD",
    "SUC",
)


def _in_catalogue_order(rules: dict[str, Rule]) -> dict[str, Rule]:
    return dict(sorted(rules.items(), key=lambda kv: (_ORDER.index(kv[0].split("-")[1]), kv[0])))


RULEBOOK = Rulebook(
    id="municipal",
    title="Ley de la Comisión para Ventilar Querellas Municipales",
    body="Comisión para Ventilar Querellas Municipales",
    rules=_in_catalogue_order(
        merge(composition.R, per_diem.R, powers.R, complaints.R, suspension.R, deadlock.R, review.R)
    ),
    kinds=with_record_only(KINDS),
    settings=SETTINGS,
    findings=FINDINGS,
    samples=samples.SAMPLES,
    # General-election day is a legal holiday for the executive branch, to which the Commission belongs
    # (pr-calendar facts §1); the dates follow the Código Electoral 2020 rule.
    elections=(
        Election("general", dt.date(2024, 11, 5)),
        Election("general", dt.date(2028, 11, 7)),
        Election("general", dt.date(2032, 11, 2)),
        Election("general", dt.date(2036, 11, 4)),  # terms computed past 2035 (the tables reach 2037)
    ),
    # How its acts are recorded (¶13, ¶17).
    docket=Docket(
        # The Commission acts by its quorum and two votes (MUN-QUO-01). Not «dismissed_with_prejudice»: ¶17
        # dismisses by operation of law when the decision term runs out, and ventila records it itself.
        voting=Voting(acts={"dismissed": "MUN-QUO-01", "decision_issued": "MUN-QUO-01"}),
        # ¶17 (MUN-DEC-04): a complaint whose decision term ran out without a decision is dismissed with prejudice.
        compulsory_dismissal=CompulsoryDismissal(
            kind="complaint",
            stage=MunicipalComplaintStage.DECISION_TERM_EXPIRED,
            act="dismissed_with_prejudice",
            terms={
                MunicipalComplaintDeadline.DECIDE: "tomar y emitir la decisión",
                MunicipalComplaintDeadline.COMMISSIONER_REPORT: "rendir el informe del Comisionado Asociado",
                MunicipalComplaintDeadline.STUDY: "estudiar el expediente",
            },
            reason="Desestimada con perjuicio por disposición de ley: el término de %(term)s para %(what)s "
            "venció el %(due)s sin que la Comisión actuara (%(rule)s, %(citation)s; ¶17, MUN-DEC-04). "
            "Anotado automáticamente por ventila.",
        ),
        # What an act after its term means (shown before it is recorded): the answer is received late (¶13,
        # the study term then counted as ambiguity 2 reads it); the Commission's own terms are compulsory
        # (¶17, MUN-DEC-03), and a decision after its term cannot stand (MUN-DEC-04).
        late_acts={
            MunicipalComplaintDeadline.ANSWER: LateAct(
                "MUN-STU-01",
                "La contestación llega después de vencer el término para contestar (¶13) y se anota como tardía. "
                "El término de 30 días para estudiar el expediente (¶14) se cuenta como lo lee la ambigüedad 2: "
                "la lista de términos muestra la fecha que resulta.",
            ),
            MunicipalComplaintDeadline.STUDY: LateAct(
                "MUN-DEC-03",
                "Los términos de la Comisión son compulsorios (¶17): el acto hecho tarde se anota, y el expediente "
                "señala que el término venció sin él.",
            ),
            MunicipalComplaintDeadline.COMMISSIONER_REPORT: LateAct(
                "MUN-DEC-03",
                "Los términos de la Comisión son compulsorios (¶17): el informe rendido tarde se anota, y el "
                "expediente señala que el término venció sin él.",
            ),
            MunicipalComplaintDeadline.DECIDE: LateAct(
                "MUN-DEC-04",
                "Vencido el término para decidir sin decisión, la querella debe desestimarse con perjuicio (¶17): "
                "ya no caben amonestación, exoneración ni destitución.",
            ),
        },
        # Complaints in the main series (CVQM-2027-0001); the special suspension proceedings and the frictions
        # between an Assembly and its mayor are numbered apart (docs/decisions.md, «Case numbers: one series per
        # group of kinds»).
        number_series={"suspension_proceeding": "PE", "deadlock": "F"},
    ),
    documents=DocumentRules(
        catalogue=document_texts.DOCUMENTS,
        terms={"answer": "MUN-ANS-01", "extension": "MUN-ANS-02", "hearing_notice": "MUN-HEA-02"},
        statements=document_texts.STATEMENTS,  # ¶13
        quotes=document_texts.QUOTES,
    ),
    case_page=CasePage(
        warned_deadline="decide",  # ¶17: without a decision in time the complaint is dismissed with prejudice
        warned_texts={
            "ran_out": "El término para decidir venció el %(due)s: la querella se desestima con perjuicio (¶17, "
            "MUN-DEC-04); ventila lo anota automáticamente.",
            "today": "Hoy, %(due)s, vence el término para decidir; sin decisión, la querella se desestima con "
            "perjuicio (¶17, MUN-DEC-04).",
            "one_day": "Queda 1 día para decidir (vence el %(due)s); sin decisión, la querella se desestima con "
            "perjuicio (¶17, MUN-DEC-04).",
            "days": "Quedan %(n)s días para decidir (vence el %(due)s); sin decisión, la querella se desestima con "
            "perjuicio (¶17, MUN-DEC-04).",
        },
    ),
    pages=BodyPages(
        offered=("composition", "per_diem"),  # ¶2 (MUN-COM-03/05, MUN-QUO-01) and ¶4 (MUN-DIE-02/03)
        seats=Seats(
            composition.SEATS,
            QUORUM,
            {"seats": "MUN-COM-03", "term": "MUN-COM-05", "quorum": "MUN-QUO-01"},
            composition.compute_term_of_office,
            composition.check_candidate,
            ("MUN-COM-04", "MUN-COM-06"),  # ¶2: the President a lawyer of 5 years; judges or lawyers preferred
        ),
        per_diem_statement=per_diem.monthly_statement,
        per_diem_rule="MUN-DIE-02",
        per_diem_policy=per_diem.per_diem_policy,
    ),
    register=Register(roles=("mayor",)),
    public=Public(
        filing=PublicFiling(
            description="Querellas contra un alcalde o alcaldesa.",
            oath="Esta querella se presenta por escrito y bajo juramento (¶12 de la ley de la Comisión para Ventilar "
            "Querellas Municipales). Al firmarla, usted jura que lo que declara es cierto.",
            asks_municipality=True,
            office_label="Elija al alcalde o alcaldesa del registro",
            respondent_roles={"mayor": "Alcalde o alcaldesa"},
            evidence_kinds=complaints.PUBLIC_EVIDENCE_KINDS,
            complainant_kinds=complaints.complainant_kinds,  # MUN-COM-02
            next_steps=complaints.PUBLIC_NEXT_STEPS,  # ¶12–¶14
            sworn_writing_rules={
                "complainant": "MUN-COM-02",
                "writing": "MUN-INI-01",
                "oath": "MUN-INI-02",
                "evidence": "MUN-INI-03",
            },
        ),
        # What the public record shows: the decision (¶29–¶32), the dismissal (¶14), the dismissal with
        # prejudice (¶17) and a sanction for a frivolous complaint (¶33).
        record=Publication(
            acts={
                "dismissed": PublishedAct("Resolución de desestimación (¶14)"),
                "decision_issued": PublishedAct("Decisión de la Comisión (¶29–¶32)", ("outcome", "suspension_date")),
                "dismissed_with_prejudice": PublishedAct("Desestimación con perjuicio (¶17)"),
                "frivolous_sanction_imposed": PublishedAct(
                    "Sanción por querella frívola o sin evidencia (¶33)", ("grounds", "amount")
                ),
                "decision_notified": PublishedAct("Decisión notificada a las partes"),
            }
        ),
        statistics=Statistics(
            received=("complaint_filed", "special_proceeding_filed", "deadlock_reported"),
            determined=("dismissed", "decision_issued"),
            resolved=("decision_issued", "dismissed", "dismissed_with_prejudice"),
            dismissed=("dismissed",),
            with_prejudice="dismissed_with_prejudice",
        ),
    ),
)
# The vote checks (``votes.py``) read the seats (MUN-COM-03) and quorum (MUN-QUO-01) from here.
register_fixed_body(RULEBOOK.id, seats=composition.SEATS, quorum=QUORUM)

__all__ = ["FINDINGS", "KINDS", "RULEBOOK", "SETTINGS"]
