"""Spanish labels (through gettext) for the rulebooks' public vocabulary: stages, deadlines,
payload fields and their choices. The vocabulary itself (the ids) is the engine's; these are
only the words people read."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ventila.rules.rulebooks.camara_171.s20_s24_complaints import DISMISSAL_GROUNDS_ES
from ventila.rules.rulebooks.camara_171.s25_s31_reports import SANCTION_ES

STAGES = {
    "new": _("Nuevo"),
    "filed": _("Presentada"),
    "awaiting_answer": _("En espera de contestación"),
    "under_examination": _("En examen"),
    "dismissed": _("Desestimada"),
    "probable_cause": _("Causa probable"),
    "hearing_scheduled": _("Vista señalada"),
    "in_hearing": _("En vista"),
    "awaiting_resolution": _("En espera de resolución"),
    "resolved": _("Resuelta (Informe Final)"),
    "report_referred": _("Informe Final referido"),
    "sanctioned": _("Sanción decidida"),
    "closed": _("Cerrado"),
}

KINDS = {
    "complaint": _("Querella"),
    "referral": _("Referido de la OEG"),
    "advisory_opinion": _("Opinión consultiva"),
    "outside_activity": _("Actividad extra-legislativa"),
    "financial_report": _("Informe financiero"),
    "report_access_request": _("Solicitud de acceso a informes"),
    "suspension_proceeding": _("Procedimiento especial de suspensión"),
    "deadlock": _("Estado de fricción Asamblea–Alcalde"),
}

PROCEDURES = {
    "ordinary": _("Ordinario"),
    "summary": _("Sumario (Sec. 24)"),
    "deferred_until_after_election": _("En espera hasta después de las elecciones (Sec. 24(f))"),
}

DEADLINES = {
    "file_complaint": _("Presentar la querella"),
    "notify_respondent": _("Notificar la querella a la parte querellada"),
    "answer": _("Contestar la querella"),
    "examine": _("Examinar la querella y determinar"),
    "notify_determination": _("Notificar la determinación"),
    "resolve": _("Resolver en sus méritos (Informe Final)"),
    "summary_total": _("Resolver el procedimiento sumario"),
    "summary_dismissal_review": _("Decidir si se desestima sumariamente"),
    "summary_hearing_citation": _("Citar a vista en el procedimiento sumario"),
    "summary_adjudication": _("Adjudicar y notificar tras la vista sumaria"),
    "request_substitute": _("Pedir un miembro sustituto"),
    "notify_recusal_denial": _("Notificar la denegación de la inhibición"),
    "refer_final_report": _("Referir el Informe Final"),
    "study": _("Estudiar la querella"),
    "commissioner_report": _("Informe del Comisionado"),
    "decide": _("Decidir la querella"),
}

DEADLINE_STATUS = {
    "open": _("Abierto"),
    "met": _("Cumplido"),
    "missed": _("Vencido"),
    "suspended": _("Suspendido"),
}

FIELDS = {
    "occurred_at": _("Fecha del acto"),
    "occurred_time": _("Hora (opcional)"),
    "knowledge_date": _("Fecha en que el querellante conoció los hechos"),
    "facts_date": _("Fecha de los hechos"),
    "channel": _("Medio de presentación"),
    "evidence_attached": _("Se recibió el informe con toda la evidencia"),
    "reasons": _("Razones de la solicitud"),
    "business_days": _("Días laborables de prórroga concedidos"),
    "days": _("Días de prórroga concedidos"),
    "outcome": _("Resultado"),
    "grounds": _("Causas"),
    "hearing_date": _("Fecha y hora de la vista"),
    "initial": _("Es la vista inicial"),
    "evasion": _("Notificación en sesión por evasión del querellado (Sec. 21(c)(11))"),
    "witness": _("Testigo citado"),
    "description": _("Documentos requeridos"),
    "reason": _("Motivo"),
    "member": _("Miembro"),
    "by": _("Solicitada por"),
    "granted": _("Inhibición aceptada"),
    "substitute": _("Miembro sustituto"),
    "to": _("Referido a"),
    "sanctions": _("Sanciones"),
    "fine_amount": _("Cantidad de la multa (dólares)"),
    "note": _("Nota"),
    "attachment": _("Documento adjunto"),
}

CHOICES: dict[object, object] = {
    "in_person": _("En persona en la Oficina de la Comisión"),
    "email": _("Por correo electrónico"),
    "online": _("Formulario electrónico"),
    "dismissed": _("Desestimación"),
    "probable_cause": _("Causa probable: pasa a vista evidenciaria"),
    "charges_proven": _("Cargos probados"),
    "charges_not_proven": _("Cargos no probados"),
    "merit_found": _("La querella tiene méritos"),
    "house": _("La Cámara en Pleno, por conducto de la Secretaría"),
    "speaker": _("El Presidente de la Cámara"),
    "member": _("El propio miembro"),
    "party": _("Una parte"),
    "bias": _("Prejuicio o parcialidad (Sec. 9(a))"),
    "former_counsel": _("Fue abogado o asesor de una parte (Sec. 9(b))"),
    "kinship": _("Parentesco dentro del cuarto grado (Sec. 9(c))"),
    "other": _("Otra causa"),
    True: _("Sí"),
    False: _("No"),
}
CHOICES.update({k: _(v) for k, v in DISMISSAL_GROUNDS_ES.items()})
CHOICES.update({k: _(v) for k, v in SANCTION_ES.items()})

VOTES = {
    "yes": _("A favor"),
    "no": _("En contra"),
    "abstain": _("Abstención"),
    "absent": _("Ausente"),
    "recused": _("Inhibido"),
}
