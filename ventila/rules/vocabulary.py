"""The public vocabulary of the rulebooks: stage and deadline ids per kind of case, and the one
Spanish label of each stage, deadline, kind, procedure, term status and trigger.

The ids stay English and stable (deadlines contract, docs/deadlines-contract.md); the labels are
what people read — ``ventila deadlines --explain``, the web app, documents, reminders. This module
is their only source: the web app translates them through gettext (``ventila/cases/labels.py``
wraps each in ``gettext_lazy``; the English is in ``locale/en/LC_MESSAGES/django.po``, and
``tests/web/test_translations.py`` holds every label translated). Event titles are the
``EventSpec.title`` of each rulebook.

Stage and deadline ids are a :class:`~enum.StrEnum` per kind, so that a typo in an evaluator
(``ctx.stage = ComplaintStage.AWAITNG_ANSWER``) is a mypy error; a member is its id (a ``str``).
"""

from __future__ import annotations

from enum import StrEnum

# -- stage ids, one enum per kind ------------------------------------------------------------


class ComplaintStage(StrEnum):
    """camara-171 · complaint and referral (Secs. 20–26)."""

    NEW = "new"
    FILED = "filed"
    AWAITING_ANSWER = "awaiting_answer"
    UNDER_EXAMINATION = "under_examination"
    DISMISSED = "dismissed"
    PROBABLE_CAUSE = "probable_cause"
    HEARING_SCHEDULED = "hearing_scheduled"
    IN_HEARING = "in_hearing"
    AWAITING_RESOLUTION = "awaiting_resolution"
    RESOLVED = "resolved"
    REPORT_REFERRED = "report_referred"
    SANCTIONED = "sanctioned"
    CLOSED = "closed"


class AdvisoryOpinionStage(StrEnum):
    """camara-171 · advisory_opinion (Sec. 19)."""

    NEW = "new"
    UNDER_CONSIDERATION = "under_consideration"
    ISSUED = "issued"
    REVISED = "revised"
    REJECTED = "rejected"
    NOT_ADMISSIBLE = "not_admissible"


class OutsideActivityStage(StrEnum):
    """camara-171 · outside_activity (Sec. 11)."""

    NEW = "new"
    UNDER_REVIEW = "under_review"
    OBJECTED = "objected"
    CLEARED = "cleared"
    CLEARED_BY_SILENCE = "cleared_by_silence"


class FinancialReportStage(StrEnum):
    """camara-171 · financial_report (Secs. 14–16)."""

    NEW = "new"
    IN_OFFICE = "in_office"
    LEFT_OFFICE = "left_office"
    REPORT_NOT_REQUIRED = "report_not_required"
    UNDER_OEG_EVALUATION = "under_oeg_evaluation"
    AWAITING_REPLY = "awaiting_reply"
    AWAITING_OEG_FINAL_ACTION = "awaiting_oeg_final_action"
    REPORT_FINAL = "report_final"
    REFERRED_TO_COMMISSION = "referred_to_commission"


class AccessRequestStage(StrEnum):
    """camara-171 · report_access_request (Sec. 17)."""

    NEW = "new"
    AWAITING_NOTICE = "awaiting_notice"
    AWAITING_SUBJECT = "awaiting_subject"
    OBJECTION_PENDING = "objection_pending"
    ACCESS_OPEN = "access_open"
    ACCESS_GRANTED = "access_granted"
    ACCESS_DENIED = "access_denied"
    BLOCKED_REPORT_NOT_FINAL = "blocked_report_not_final"
    REQUEST_DEFICIENT = "request_deficient"


class RegulationStage(StrEnum):
    """camara-171 · regulation (Sec. 31)."""

    NEW = "new"
    IN_FORCE = "in_force"
    REJECTED = "rejected"


class MunicipalComplaintStage(StrEnum):
    """municipal · complaint."""

    NEW = "new"
    FILED = "filed"
    AWAITING_ANSWER = "awaiting_answer"
    UNDER_STUDY = "under_study"
    DISMISSED = "dismissed"
    HEARING_SCHEDULED = "hearing_scheduled"
    AWAITING_COMMISSIONER_REPORT = "awaiting_commissioner_report"
    AWAITING_DECISION = "awaiting_decision"
    DECIDED = "decided"
    DECISION_TERM_EXPIRED = "decision_term_expired"
    DISMISSED_WITH_PREJUDICE = "dismissed_with_prejudice"
    STAYED = "stayed"


class SuspensionStage(StrEnum):
    """municipal · suspension_proceeding (¶19–¶31)."""

    NEW = "new"
    AWAITING_COURT_DECISION = "awaiting_court_decision"
    SUSPENSION_DENIED = "suspension_denied"
    SUSPENSION_ORDERED = "suspension_ordered"
    SUSPENDED_FROM_OFFICE = "suspended_from_office"
    UNDER_REVIEW = "under_review"


class DeadlockStage(StrEnum):
    """municipal · deadlock (¶35–¶36)."""

    NEW = "new"
    REPORTED = "reported"
    UNDER_INVESTIGATION = "under_investigation"
    HEARING_SCHEDULED = "hearing_scheduled"
    AWAITING_RECOMMENDATIONS = "awaiting_recommendations"
    RECOMMENDATIONS_ISSUED = "recommendations_issued"
    VACANCIES_DECLARED = "vacancies_declared"


# -- deadline ids, one enum per kind ---------------------------------------------------------


class ComplaintDeadline(StrEnum):
    """camara-171 · complaint and referral (a referral has no ``file_complaint``)."""

    FILE_COMPLAINT = "file_complaint"
    NOTIFY_RESPONDENT = "notify_respondent"
    ANSWER = "answer"
    EXAMINE = "examine"
    NOTIFY_DETERMINATION = "notify_determination"
    RESOLVE = "resolve"
    SUMMARY_TOTAL = "summary_total"
    SUMMARY_DISMISSAL_REVIEW = "summary_dismissal_review"
    SUMMARY_HEARING_CITATION = "summary_hearing_citation"
    SUMMARY_ADJUDICATION = "summary_adjudication"
    NOTIFY_SUMMARY_DISMISSAL = "notify_summary_dismissal"
    REQUEST_SUBSTITUTE = "request_substitute"
    NOTIFY_RECUSAL_DENIAL = "notify_recusal_denial"
    REFER_FINAL_REPORT = "refer_final_report"


class AdvisoryOpinionDeadline(StrEnum):
    ISSUE_OPINION = "issue_opinion"


class OutsideActivityDeadline(StrEnum):
    OBJECTION_WINDOW = "objection_window"


class FinancialReportDeadline(StrEnum):
    INITIAL_REPORT = "initial_report"
    ANNUAL_REPORT = "annual_report"
    FINAL_REPORT = "final_report"
    NOTIFY_SECRETARY = "notify_secretary"
    OEG_EVALUATION = "oeg_evaluation"
    RESPOND_TO_FINDINGS = "respond_to_findings"
    OEG_FINAL_ACTION = "oeg_final_action"
    OEG_REFERRAL = "oeg_referral"


class AccessRequestDeadline(StrEnum):
    NOTIFY_SUBJECT = "notify_subject"
    SUBJECT_OBJECTION = "subject_objection"


class RegulationDeadline(StrEnum):
    HOUSE_REJECTION_WINDOW = "house_rejection_window"
    CIRCULATE_CODE = "circulate_code"


class MunicipalComplaintDeadline(StrEnum):
    ANSWER = "answer"
    STUDY = "study"
    COMMISSIONER_REPORT = "commissioner_report"
    DECIDE = "decide"
    COURT_SUMMONS = "court_summons"


class SuspensionDeadline(StrEnum):
    COURT_DECISION = "court_decision"
    REVIEW = "review"


class DeadlockDeadline(StrEnum):
    RECOMMENDATIONS = "recommendations"
    REFER_TO_COMMISSION = "refer_to_commission"
    DELIVER_DOCUMENTS = "deliver_documents"


# -- who must act when a term is open -------------------------------------------------------


class Actor(StrEnum):
    """Whose move an open term is: who the rule makes act before it ends.

    Every deadline of every kind declares one (``KindSpec.actors``). The body's own terms (the
    Commission's, an associate commissioner's) are the staff's work now; anyone else's is waited on,
    and, once it has run out, the act the rulebook then allows (``EventSpec.on_expiry``) is the
    Commission's to take.
    """

    COMMISSION = "commission"
    COMMISSIONER = "commissioner"  # the associate commissioner who presided the hearing (municipal)
    COMPLAINANT = "complainant"
    RESPONDENT = "respondent"
    OFFICIAL = "official"  # the person who must file a financial report
    REPRESENTATIVE = "representative"  # the Representative whose report is asked for (Sec. 17(1) names him)
    OEG = "oeg"
    HOUSE = "house"
    COURT = "court"
    GOVERNOR = "governor"
    DEPARTMENTS = "departments"

    @property
    def is_body(self) -> bool:
        """The term is the body's own: the Commission (or one of its commissioners) must act."""
        return self in (Actor.COMMISSION, Actor.COMMISSIONER)


# -- the Spanish labels ----------------------------------------------------------------------

STAGE_ES: dict[str, str] = {
    "new": "Nuevo",
    "filed": "Presentada",
    "awaiting_answer": "En espera de contestación",
    "under_examination": "En examen",
    "dismissed": "Desestimada",
    "probable_cause": "Causa probable",
    "hearing_scheduled": "Vista señalada",
    "in_hearing": "En vista",
    "awaiting_resolution": "En espera de resolución",
    "resolved": "Resuelta (Informe Final)",
    "report_referred": "Informe Final referido",
    "sanctioned": "Sanción decidida",
    "closed": "Cerrado",
    # municipal · complaint
    "under_study": "En estudio",
    "awaiting_commissioner_report": "En espera del informe del Comisionado",
    "awaiting_decision": "En espera de decisión",
    "decided": "Decidida",
    "decision_term_expired": "Venció el término para decidir",
    "dismissed_with_prejudice": "Desestimada con perjuicio",
    "stayed": "Paralizada",
    # municipal · suspension_proceeding
    "awaiting_court_decision": "En espera de la decisión del tribunal",
    "suspension_denied": "Suspensión denegada",
    "suspension_ordered": "Suspensión ordenada",
    "suspended_from_office": "Suspendido del cargo",
    "under_review": "En revisión",
    # municipal · deadlock
    "reported": "Informada al Gobernador",
    "under_investigation": "En investigación",
    "awaiting_recommendations": "En espera de recomendaciones",
    "recommendations_issued": "Recomendaciones emitidas",
    "vacancies_declared": "Vacantes declaradas",
    # camara-171 · outside_activity
    "objected": "Objetada",
    "cleared": "Sin objeción",
    "cleared_by_silence": "Sin objeción (silencio de la Comisión)",
    # camara-171 · financial_report
    "in_office": "En funciones",
    "left_office": "Cesó en el cargo",
    "report_not_required": "No requiere informe",
    "under_oeg_evaluation": "En evaluación por la OEG",
    "awaiting_reply": "En espera de contestación a hallazgos",
    "awaiting_oeg_final_action": "En espera de acción final de la OEG",
    "report_final": "Informe final",
    "referred_to_commission": "Referido a la Comisión",
    # camara-171 · report_access_request
    "awaiting_notice": "En espera de notificación",
    "awaiting_subject": "En espera de respuesta del Representante",
    "objection_pending": "Objeción pendiente",
    "access_open": "Acceso disponible",
    "access_granted": "Acceso concedido",
    "access_denied": "Acceso denegado",
    "blocked_report_not_final": "Bloqueada: el informe no es final",
    "request_deficient": "Solicitud incompleta",
    # camara-171 · advisory_opinion
    "under_consideration": "En consideración",
    "issued": "Emitida",
    "revised": "Revisada",
    "rejected": "Rechazada",
    "not_admissible": "No admisible",
    # camara-171 · regulation
    "in_force": "En vigor",
}

DEADLINE_ES: dict[str, str] = {
    # camara-171 · complaint, referral
    "file_complaint": "Presentar la querella",
    "notify_respondent": "Notificar la querella a la parte querellada",
    "answer": "Contestar la querella",
    "examine": "Examinar la querella y determinar",
    "notify_determination": "Notificar la determinación",
    "resolve": "Resolver en sus méritos (Informe Final)",
    "summary_total": "Resolver el procedimiento sumario",
    "summary_dismissal_review": "Decidir si se desestima sumariamente",
    "summary_hearing_citation": "Citar a vista en el procedimiento sumario",
    "summary_adjudication": "Adjudicar y notificar tras la vista sumaria",
    "notify_summary_dismissal": "Notificar la desestimación sumaria",
    "request_substitute": "Pedir un miembro sustituto",
    "notify_recusal_denial": "Notificar la denegación de la inhibición",
    "refer_final_report": "Referir el Informe Final",
    # camara-171 · other kinds
    "issue_opinion": "Emitir la opinión consultiva",
    "objection_window": "Plazo de la Comisión para objetar la actividad",
    "initial_report": "Informe financiero inicial",
    "annual_report": "Informe financiero anual",
    "final_report": "Informe financiero de cese",
    "notify_secretary": "Informar a la Secretaría de la Cámara la radicación",
    "oeg_evaluation": "Evaluación del informe por la OEG",
    "respond_to_findings": "Contestar los hallazgos preliminares",
    "oeg_final_action": "Acción final de la OEG",
    "oeg_referral": "Referido de la OEG",
    "notify_subject": "Notificar la solicitud de acceso al Representante",
    "subject_objection": "Plazo para objetar el acceso",
    # municipal
    "study": "Estudiar la querella",
    "commissioner_report": "Informe del Comisionado",
    "decide": "Decidir la querella",
    "court_decision": "Decisión del tribunal",
    "review": "Presentar la revisión",
    "recommendations": "Emitir las recomendaciones",
    "court_summons": "Expedir la citación (tribunal)",
    "refer_to_commission": "Referir el informe a la Comisión",
    "deliver_documents": "Entregar la documentación a la Comisión",
    "house_rejection_window": "Plazo de la Cámara para rechazar el reglamento",
    "circulate_code": "Circular el Código",
    # camara-171 · the register's court summonses (not a kind of case: ``ventila conduct``)
    "citation_notice": "Avisar de la citación a la Secretaría de la Cámara",
}

# Who must act (Actor), as people read it after «Le toca a» / «Turno de»: a noun phrase.
ACTOR_ES: dict[str, str] = {
    "commission": "La Comisión",
    "commissioner": "El Comisionado Asociado",
    "complainant": "La parte querellante",
    "respondent": "La parte querellada",
    "official": "El funcionario obligado",
    "representative": "El Representante",
    "oeg": "La Oficina de Ética Gubernamental",
    "house": "La Cámara de Representantes",
    "court": "El tribunal",
    "governor": "El Gobernador",
    "departments": "Los jefes de departamento",
}

# The kinds of case as the web app names them (``KindSpec.title`` is the longer, cited title).
KIND_ES: dict[str, str] = {
    "complaint": "Querella",
    "referral": "Referido de la OEG",
    "advisory_opinion": "Opinión consultiva",
    "outside_activity": "Actividad extra-legislativa",
    "financial_report": "Informe financiero",
    "report_access_request": "Solicitud de acceso a informes",
    "suspension_proceeding": "Procedimiento especial de suspensión",
    "deadlock": "Estado de fricción Asamblea–Alcalde",
    "regulation": "Reglamento de la Comisión",
}

# Record-only docket events (ventila.rules.rulebooks.common.RECORD_ONLY_EVENTS): entries that put on
# the docket what was done with the case's documents, without being acts of the proceeding.
RECORD_ONLY_EVENT_ES: dict[str, str] = {
    "document_issued": "Documento expedido",
    "service_attempted": "Intento de notificación",
    "service_received": "Recibo de la notificación",
}

# Triggers that are not docket events but moments the rulebook derives from them (read mid-sentence).
TRIGGER_ES: dict[str, str] = {
    "answer_term_expired": "vencimiento del término para contestar",
    "year_in_office_ended": "fin del año en funciones",
    "reply_term_expired": "vencimiento del término para contestar los hallazgos",
    "answer_term_ended": "fin del término para contestar en vigor",
    "commissioner_report_due": "vencimiento del término para el informe del Comisionado Asociado",
}

STATUS_ES: dict[str, str] = {
    "open": "Abierto",
    "met": "Cumplido",
    "missed": "Vencido",
    "suspended": "Suspendido",
    "lapsed": "Transcurrido sin objeción",
}

PROCEDURE_ES: dict[str, str] = {
    "ordinary": "Ordinario",
    "summary": "Sumario (Sec. 24)",
    "deferred_until_after_election": "En espera hasta después de las elecciones (Sec. 24(f))",
}


def deadline_es(deadline_id: str) -> str:
    return DEADLINE_ES.get(deadline_id, deadline_id.replace("_", " "))


def stage_es(stage: str) -> str:
    return STAGE_ES.get(stage, stage.replace("_", " "))


# A degree of kinship in words (``kinship.Kinship.describe``: «tercer grado de consanguinidad»).
ORDINAL_ES = {1: "primer", 2: "segundo", 3: "tercer", 4: "cuarto", 5: "quinto", 6: "sexto"}


def mid_sentence(label: str) -> str:
    """A label as read inside a sentence: its first letter in lower case (``Abierto`` → ``abierto``)."""
    return label[:1].lower() + label[1:]
