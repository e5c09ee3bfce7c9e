"""Spanish names of the public vocabulary's deadlines and stages, for people (explain, web app).

The identifiers stay English and stable (deadlines contract); these are only their labels.
"""

from __future__ import annotations

DEADLINE_ES: dict[str, str] = {
    # camara-171 · complaint, referral
    "file_complaint": "Presentar la querella (30 días desde que se conocieron los hechos)",
    "notify_respondent": "Notificar la querella a la parte querellada",
    "answer": "Contestación de la parte querellada",
    "examine": "Examinar la querella y determinar",
    "notify_determination": "Notificar la determinación a las partes",
    "resolve": "Resolver la querella en sus méritos",
    "summary_total": "Resolver el procedimiento sumario",
    "summary_dismissal_review": "Decidir si se desestima sumariamente (24 horas)",
    "summary_hearing_citation": "Citar a vista evidenciaria (48 horas)",
    "summary_adjudication": "Adjudicar tras la vista (48 horas)",
    "notify_summary_dismissal": "Notificar de inmediato la desestimación",
    "request_substitute": "Pedir al Presidente de la Cámara un miembro sustituto",
    "notify_recusal_denial": "Notificar la denegación de la inhibición",
    "refer_final_report": "Referir el Informe Final al Cuerpo",
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
    "oeg_referral": "Referido de la OEG a la Comisión",
    "notify_subject": "Notificar la solicitud de acceso al funcionario",
    "subject_objection": "Plazo para objetar el acceso",
    # municipal
    "study": "Estudiar el expediente",
    "commissioner_report": "Informe del Comisionado Asociado",
    "decide": "Tomar y emitir la decisión",
    "court_decision": "Decisión del Tribunal en el Procedimiento Especial",
    "review": "Revisión ante el Tribunal Supremo",
    "recommendations": "Informe con recomendaciones sobre el estado de fricción",
    "court_summons": "Expedición de la citación por el Tribunal",
    "refer_to_commission": "Referir el informe de fricción a la Comisión",
    "deliver_documents": "Entrega de documentos por los jefes de departamento",
    "house_rejection_window": "Plazo de la Cámara para rechazar el reglamento",
    "circulate_code": "Circular el Código",
}

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
    "resolved": "Resuelta",
    "report_referred": "Informe Final referido",
    "sanctioned": "Sanción decidida",
    "closed": "Cerrada",
    # municipal · complaint
    "under_study": "En estudio",
    "awaiting_commissioner_report": "En espera del informe del Comisionado Asociado",
    "awaiting_decision": "En espera de decisión",
    "decided": "Decidida",
    "decision_term_expired": "Término para decidir vencido",
    "dismissed_with_prejudice": "Desestimada con perjuicio",
    "stayed": "Paralizada por orden judicial",
    # municipal · suspension_proceeding
    "awaiting_court_decision": "En espera de la decisión del Tribunal",
    "suspension_denied": "Suspensión denegada",
    "suspension_ordered": "Suspensión ordenada",
    "suspended_from_office": "Alcalde suspendido de empleo y sueldo",
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
    "awaiting_notice": "En espera de notificar al funcionario",
    "awaiting_subject": "En espera de respuesta del funcionario",
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

# Record-only docket events (ventila.rules.rulebooks.common.RECORD_ONLY_EVENTS): entries that put on
# the docket what was done with the case's documents, without being acts of the proceeding.
RECORD_ONLY_EVENT_ES: dict[str, str] = {
    "document_issued": "Documento expedido",
    "service_attempted": "Intento de notificación",
    "service_received": "Recibo de la notificación",
}

# Triggers that are not docket events but moments the rulebook derives from them.
TRIGGER_ES: dict[str, str] = {
    "answer_term_expired": "vencimiento del término para contestar",
    "year_in_office_ended": "fin del año en funciones",
    "reply_term_expired": "vencimiento del término para contestar los hallazgos",
    "answer_term_ended": "fin del término para contestar en vigor",
    "commissioner_report_due": "vencimiento del término para el informe del Comisionado Asociado",
}

STATUS_ES: dict[str, str] = {"open": "abierto", "met": "cumplido", "missed": "vencido", "suspended": "suspendido"}

PROCEDURE_ES: dict[str, str] = {
    "ordinary": "ordinario",
    "summary": "sumario (Sec. 24)",
    "deferred_until_after_election": "en espera hasta después de las elecciones (Sec. 24(f))",
}


def deadline_es(deadline_id: str) -> str:
    return DEADLINE_ES.get(deadline_id, deadline_id.replace("_", " "))


def stage_es(stage: str) -> str:
    return STAGE_ES.get(stage, stage.replace("_", " "))
