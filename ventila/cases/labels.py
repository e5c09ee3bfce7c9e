"""The words people read for the rulebooks' public vocabulary, through gettext: stages, deadlines,
kinds, procedures and term statuses (their Spanish comes from ``ventila.rules.vocabulary``), and the
act forms' payload fields, their choices and the votes (web-only words, marked here). The ids are
the engine's."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ventila.rules import RULEBOOKS
from ventila.rules.engine import field_choice_labels
from ventila.rules.vocabulary import ACTOR_ES, DEADLINE_ES, KIND_ES, PROCEDURE_ES, STAGE_ES, STATUS_ES

from .models import Ballot

# The rulebooks' vocabulary (ventila.rules.vocabulary is its one source): each Spanish label is a
# msgid of locale/en/LC_MESSAGES/django.po, translated when read (tests/web/test_translations.py
# holds every one of them translated).
STAGES = {k: _(v) for k, v in STAGE_ES.items()}
KINDS = {k: _(v) for k, v in KIND_ES.items()}
PROCEDURES = {k: _(v) for k, v in PROCEDURE_ES.items()}
DEADLINES = {k: _(v) for k, v in DEADLINE_ES.items()}
DEADLINE_STATUS = {k: _(v) for k, v in STATUS_ES.items()}
ACTORS = {k: _(v) for k, v in ACTOR_ES.items()}  # whose move a term is (ventila.rules.vocabulary.Actor)

FIELDS = {
    "occurred_at": _("Fecha del acto"),
    "occurred_time": _("Hora (opcional)"),
    "knowledge_date": _("Fecha en que el querellante conoció los hechos"),
    "facts_date": _("Fecha de los hechos"),
    # Sec. 19: an advisory opinion.
    "facts": _("Hechos consultados"),
    "facts_ongoing": _("Los hechos ya están ocurriendo"),
    "related_complaint": _("Existe una querella relacionada"),
    "requester_role": _("Quién la solicita"),
    "detailed": _("La solicitud expone todos los elementos de juicio"),
    "opinion_text": _("Texto de la opinión"),
    "revision": _("Qué se hace con la opinión"),
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
    "complainant_kind": _("Quién presenta la querella"),
    "sworn": _("La querella está jurada"),
    "migrated": _("Caso migrado de otro sistema"),
    "certified_copy": _("Se entregó copia certificada"),
    "rights_stated": _("La notificación expresa los derechos del querellado"),
    "appearance": _("Comparecencia"),
    "hearing_preference": _("Preferencia de vista"),
    "facts_stated": _("Expresa los hechos"),
    "findings_made": _("Contiene determinaciones de hechos"),
    "conclusions_of_law": _("Contiene conclusiones de derecho"),
    "public": _("Vista pública"),
    "recipients": _("Destinatarios"),
    "served_on": _("Fecha de la notificación"),
    "before": _("Ante"),
    "findings_of_fact": _("Contiene determinaciones de hechos"),
    "evidence_summary": _("Contiene un resumen de la prueba"),
    "suspension_date": _("Fecha de la suspensión"),
    "misconduct_not_reckless": _("La conducta no fue temeraria"),
    "copy_attached": _("Se acompañó copia"),
    "court_order": _("Orden del tribunal"),
    "purposes": _("Propósitos"),
    "issued_by": _("Expedida por"),
    "petitioner": _("Peticionario"),
    "claim": _("Privilegio o derecho invocado"),
    "upheld": _("Se sostuvo el privilegio"),
    "amount": _("Cantidad (dólares)"),
    "attachment": _("Documento adjunto"),
    # Descriptive details (not computed by the rulebook) of the procedures of issue 6.
    "recusal_reasons": _("Fundamentos por escrito de la inhibición"),
    "kinship_relation": _("Parentesco del miembro"),
    "kinship_with": _("Parentesco con"),
    "kinship_check": _("Comprobación de parentesco (Sec. 9(c))"),
    "court_case": _("Caso judicial sobre los mismos hechos"),
    "final_decision": _("Decisión final del tribunal"),
    "resolution_findings": _("Relación de hechos y determinaciones de la resolución"),
    "resolution_conclusions": _("Conclusiones de derecho de la resolución"),
    "dismissal_reason": _("Motivo de la desestimación con perjuicio"),
    "charges_notified_on": _("Fecha en que se notificaron los cargos al Alcalde"),
    "factors": _("Factores para los que se ofrece evidencia"),
    "public_interest_determined": _("La Comisión determinó que el interés público lo requiere"),
    "all_parties": _("Se notificó a todas las partes interesadas"),
    # Sec. 11: a notice of outside employment, contract or business, and the Commission's decision on it.
    "activity": _("Tipo de actividad"),
    "compensation": _("Compensación anual pactada (dólares)"),
    "legislative_salary": _("Salario anual de legislador (dólares)"),
    "planned_start": _("Fecha prevista de inicio de la actividad"),
    "nature": _("Naturaleza de las labores"),
    "certified_no_conflict": _("Certifica bajo su firma que no hay conflicto de interés"),
    "copy_to_secretariat": _("Se copió a la Secretaría del Cuerpo"),
    "change": _("Notifica un cambio en actividades ya notificadas"),
    "objected": _("La Comisión se opone a la actividad"),
    "yes_votes": _("Votos a favor"),
    # Sec. 17: a sworn request to inspect a financial report, its notice and the objection.
    "requester_name": _("(a) Nombre del solicitante"),
    "requester_address": _("(a) Dirección del solicitante"),
    "requester_occupation": _("(a) Ocupación del solicitante"),
    "on_behalf_of": _("(b) Para quién se solicita"),
    "interest_statement": _("(c) Interés legítimo, pertinencia y necesidad"),
    "complaint_copy": _("(c) Acompaña copia de la querella presentada"),
    "knows_use_limits": _("(d) Declara conocer las restricciones de uso"),
    "knows_penalty": _("(e) Declara conocer la pena por mal uso"),
    "report_is_final": _("El informe solicitado es final"),
    "official_investigation": _("Lo pide una agencia para una investigación oficial (Sec. 17(6))"),
    "received_on": _("Fecha en que el Representante recibió la notificación"),
    "resolver": _("Quién resolvió la objeción"),
    # Sec. 27: a regulation of the Commission.
    "title": _("Título del reglamento"),
    # Secs. 14–16: a financial report, its notice to the Secretary and the OEG's evaluation.
    "covers_year": _("Año que cubre el informe"),
    "report_type": _("Tipo de informe"),
    "electronic": _("Radicado por el sistema electrónico de la OEG"),
    "reelected": _("Representante reelecto"),
}
for _rulebook in RULEBOOKS.values():  # a field only one body's acts take, in that rulebook's words
    for _kind in _rulebook.kinds.values():
        FIELDS.update({n: _(f.label) for e in _kind.events.values() for n, f in e.fields.items() if f.label})
# A field whose label depends on the kind of case (the same payload name means another thing there).
KIND_FIELDS = {
    ("outside_activity", "grounds"): _("Fundamentos en la Ley o las Reglas"),
    ("report_access_request", "sworn"): _("La solicitud está jurada"),
    ("report_access_request", "upheld"): _("Se sostiene la objeción: no hay acceso"),
    ("regulation", "yes_votes"): _("Votos de la Cámara a favor del rechazo"),
    ("financial_report", "sworn"): _("Radicado bajo juramento"),
    ("financial_report", "evidence_attached"): _("El referido lleva el informe y toda la evidencia (Sec. 16(b))"),
}

CHOICES: dict[object, object] = {
    "initial": _("Inicial"),
    "annual": _("Anual"),
    "final": _("Final"),
    "referral": _("Referido a la Comisión"),
    "in_person": _("En persona en la Oficina de la Comisión"),
    "email": _("Por correo electrónico"),
    "online": _("Formulario electrónico"),
    "dismissed": _("Desestimación"),
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
    "governor": _("El Gobernador"),
    "oeg_director": _("El Director de la Oficina de Ética Gubernamental"),
    "municipal_assembly": _("La Asamblea Municipal"),
    "citizen": _("Un ciudadano"),
    "person": _("Otra persona"),
    "counsel": _("Por abogado"),
    "public": _("Pública"),
    "private": _("Privada"),
    "full": _("La Comisión en pleno"),
    "commissioner": _("Un Comisionado Asociado"),
    "admonition": _("Amonestación"),
    "exoneration": _("Exoneración"),
    "removal": _("Destitución"),
    "respondent": _("La parte querellada"),
    "complainant": _("La parte querellante"),
    "commission": _("La Comisión"),
    "president": _("El Presidente"),
    "associate_commissioner": _("Un Comisionado Asociado"),
    "secretary": _("El Secretario"),
    "non_appearance": _("No compareció"),
    "non_production": _("No produjo los documentos"),
    "refusal_to_answer": _("Se negó a contestar"),
    "missing_evidence": _("Sin evidencia"),
    # ¶21–¶26: what the court weighs on a suspension (the municipal rulebook's FACTORS).
    "corrupt_administration": _("Administración corrupta, fraudulenta o irresponsable, o abuso de autoridad"),
    "prior_record": _("Historial administrativo previo del Alcalde"),
    "notoriety": _("Notoriedad o conocimiento público previo a los cargos"),
    "weight_of_evidence": _("Certeza o peso de la prueba"),
    "urgency": _("Urgencia de proteger los bienes municipales o la vida y salud de los ciudadanos"),
    "link_to_administration": _("Vinculación de los hechos a la administración del municipio"),
    # The purposes of a protective order (the municipal rulebook's PROTECTIVE_PURPOSES).
    "proceedings_integrity": _("Proteger la integridad de los procedimientos"),
    "prevent_funds_misuse": _("Evitar la lesión o malversación de fondos"),
    "protect_property": _("Evitar la lesión o malversación de propiedad"),
    "public_interest": _("Proteger el interés público"),
    "safeguard_evidence": _("Salvaguardar documentos o evidencia de la querella"),
    "other_sanction": _("Otra sanción"),
    True: _("Sí"),
    False: _("No"),
}
for _rulebook in RULEBOOKS.values():  # each body's own choices (the Cámara's grounds and sanctions)
    CHOICES.update({k: _(v) for k, v in _rulebook.choice_labels.items()})

# (event type, field) → the words of that field's choices (``FieldSpec.labels``): a key two fields word
# differently (Sec. 21(c)(2)'s and Sec. 19(c)'s ``no_jurisdiction``) is read with its field, never merged.
FIELD_CHOICES: dict[tuple[str, str], dict[str, object]] = {}
_FIELD_WORDS: dict[tuple[str, str], object] = {}  # the Spanish words, to check two rulebooks agree
for _rulebook in RULEBOOKS.values():
    for _key, _labels in field_choice_labels(_rulebook).items():
        if _FIELD_WORDS.setdefault(_key, _labels) != _labels:
            raise ValueError(f"{_key}: two rulebooks word this field's choices differently")
        FIELD_CHOICES[_key] = {k: _(v) for k, v in _labels.items()}


def choice_label(value: object, event_type: str = "", field: str = "") -> object:
    """A payload choice in the reader's words: the field's own (``FIELD_CHOICES``) when the event and field
    are known, else the shared table (``CHOICES``); anything else as it is."""
    own = FIELD_CHOICES.get((event_type, field))
    if own is not None and isinstance(value, str) and value in own:
        return own[value]
    try:
        return CHOICES.get(value, value)
    except TypeError:  # an unhashable value (a list): as it is
        return value


VOTES = dict(Ballot.Vote.choices)  # a member's vote, in words: the ballot's own choices


def confidentiality_notice(rulebook_id: str, kind: str = "") -> str:
    """Who may read a case of this rulebook, in the user's language: the rulebook's own rule with its
    citation (the Code's Secs. 5(5) and 21(d)), or, where the body's law states none (the municipal
    Commission's), the restriction ventila applies — never another body's law. A ``kind`` that declares
    its own line (``KindSpec.confidentiality``) is read in its words: a financial report is no complaint."""
    text = RULEBOOKS[rulebook_id].confidentiality
    spec = RULEBOOKS[rulebook_id].kinds.get(kind)
    if spec is not None and spec.confidentiality is not None:  # the kind's own (issue 29)
        text = spec.confidentiality
    if text:
        return gettext(text)
    return gettext("Acceso restringido: solo lo ven las personas autorizadas en este expediente.")
