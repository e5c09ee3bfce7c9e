"""What the Commission's documents quote and must state (R. de la C. 171).

``QUOTES``: the whole sentence of the Code a document cites for its rule, where the rule's own
quote is a clause of it (verbatim; a list that ends a sentence is joined with «; »). ``STATEMENTS``:
the terms a section of a document must give in its text (the names are ``DocumentRules.terms``).
"""

from __future__ import annotations

from ...parts import Document

_SEC_25 = (
    "Cuando la Comisión, luego de celebradas todas las vistas y reuniones necesarias, determine con una mayoría "
    "absoluta de sus votos que: "
)

QUOTES: dict[str, str] = {
    # Sec. 21(b)(4)
    "CAM-21B-04": "La notificación de la querella deberá contener: 1) copia de la querella 2) indicar a la parte "
    "querellada que dispone de quince (15) días laborables, contados a partir de su recibo, para responder "
    "por escrito sobre los cargos que se le imputan a la misma.",
    # Sec. 21(b)(1)
    "CAM-21B-01": "La Comisión de Ética notificará inmediatamente, dentro del término de tres (3) días laborables, "
    "con copia de la querella al Representante, funcionario o jefe de dependencia contra el cual se haya "
    "radicado la misma y al Presidente de la Cámara de Representantes de Puerto Rico.",
    # Sec. 21(b)(3)
    "CAM-21B-03": "La Comisión de Ética, a solicitud del querellado, podrá conceder una prórroga por un término no "
    "mayor quince (15) días laborables adicionales, a partir de la fecha en que expire el término original.",
    # Sec. 21(b)(4)(4)
    "CAM-21B-05": "Se le advertirá que, de no formular una contestación a la querella en el término prescrito, la "
    "Comisión podrá declarar al querellado en rebeldía y resolver el caso en su ausencia, sin más citarle o "
    "escucharle.",
    # Sec. 21(c)(2)
    "CAM-21C-03": "La Comisión de Ética podrá desestimar sumariamente la querella presentada por cualquiera de las "
    "siguientes causales: Ausencia de jurisdicción; Prescripción; Incumplimiento con los requisitos de forma y "
    "contenidos requeridos por este Código; Falta de interés del querellante en los procesos ante la Comisión; "
    "El querellante se niega a aportar evidencia o testimonio durante la investigación o vista; Por tratarse de "
    "una querella evidentemente frívola, inverosímil y totalmente desprovista de fundamentos.",
    # Sec. 21(c)(1)
    "CAM-21C-02": "La Comisión de Ética tendrá hasta un máximo de treinta (30) días laborables, a partir de la "
    "fecha en que el querellado radique su contestación escrita a los cargos imputados, o a partir del "
    "vencimiento de los quince (15) días laborables o de la prórroga concedida, lo que ocurra primero, para "
    "examinar la querella y determinar si corresponde la desestimación de la misma o determinar que tiene "
    "jurisdicción sobre el asunto planteado y que existe causa probable para continuar con la consideración "
    "en sus méritos en una vista evidenciaria.",
    # Sec. 21(c)(11)
    "CAM-21C-08": "La notificación de la vista inicial se hará por escrito, por teléfono o por correo electrónico a "
    "la parte querellante y por escrito, personalmente a la parte querellada o persona autorizada por ésta a "
    "recibir documentos, informando los cargos o violaciones imputadas y una breve relación de hechos, así "
    "como los testigos a ser presentados por la parte promovente.",
    # Sec. 21(c)(10)
    "CAM-21C-07": "Conforme a ello, deberá notificar, con no menos de diez (10) días laborables, la vista inicial, "
    "y no menos de cinco (5) días laborables toda vista subsiguiente.",
    # Sec. 22
    "CAM-22-01": "Una vez la Comisión asume jurisdicción sobre el asunto planeado y determina que existe causa "
    "probable para continuar con la consideración del asunto presentado, deberá resolver toda querella en sus "
    "méritos, dentro de un término no mayor de cuarenta y cinco (45) días calendario, contados a partir de la "
    "fecha en que finalice la vista evidenciaría.",
    # Sec. 9 ¶3–4
    "CAM-09-07": "De acogerse dicha solicitud de inhibición por la mayoría de los miembros de la Comisión de Ética, "
    "el Presidente de la Comisión de Ética notificará inmediatamente al Presidente de la Cámara para que proceda "
    "el nombramiento de un Representante sustituto.",
    # Sec. 9 ¶5
    "CAM-09-08": "Si la Comisión de Ética determina negar la solicitud de inhibición presentada por un tercero, se "
    "procederá a informar dicha decisión por escrito en un término no mayor de dos (2) días calendarios al "
    "solicitante, así como al Presidente de la Cámara de Representantes.",
    # Sec. 19(d)
    "CAM-19D-01": "Las Opiniones Consultivas de la Comisión se emitirán por mayoría de los miembros de la Comisión, "
    "dentro de los treinta (30) días laborables siguientes a la fecha de radicarse la solicitud de esta.",
    # Sec. 19(b)
    "CAM-19B-01": "Toda solicitud de Opinión Consultiva que no exponga todos los elementos de juicio indispensables "
    "para ser contestada apropiada y responsablemente podrá ser rechazada de plano.",
    # Sec. 25(1)–(3)(1): each item completes the section's opening clause.
    "CAM-25-02": _SEC_25 + "Existe base sustancial para instar un proceso de expulsión en contra de un Representante, "
    "la Comisión radicará, en la Secretaría de la Cámara, para la consideración por el Cuerpo, los cargos "
    "correspondientes.",
    "CAM-25-03": _SEC_25 + "La violación por parte de un funcionario es de tal naturaleza que se tenga base sustancial "
    "para decretar su remoción, la Comisión radicará, en la Secretaría de la Cámara, los cargos que correspondan, "
    "para que se proceda de acuerdo con las disposiciones de ley, de estas Reglas y del Reglamento de la Cámara.",
    "CAM-25-04": _SEC_25 + "Los cargos que se le imputan a un Representante o funcionario querellado son ciertos, pero "
    "que la naturaleza de la violación incurrida no constituye prueba suficiente para que se decrete su expulsión, "
    "la Comisión referirá el Informe Final con sus hallazgos y recomendaciones al Cuerpo en Pleno, por conducto de "
    "la Secretaría.",
    "CAM-25-06": _SEC_25 + "Los cargos que se le imputan a un jefe de dependencia querellado son ciertos, la Comisión "
    "referirá el Informe Final con sus hallazgos y recomendaciones al Presidente de la Cámara de Representantes, por "
    "conducto de la Secretaría, quien determinará conforme a su discreción y en el ejercicio de sus funciones "
    "reglamentarias, la sanción que entienda pertinente.",
}

# Sec. 21(b)(2)–(4): the notice's term paragraph gives the term to answer and the extension.
STATEMENTS: dict[str, dict[str, tuple[str, ...]]] = {
    "notice_of_complaint": {"answer_term": ("answer", "extension")},
}


# The documents the Commission's acts produce (``Rulebook.documents.catalogue``; their texts are the templates
# ``documents/texts/<lang>/<key>.txt``).
DOCUMENTS: tuple[Document, ...] = (
    # Sec. 21(b)(4)
    Document(
        "notice_of_complaint",
        "Notificación de la querella",
        ("complaint_filed", "referral_received"),
        "CAM-21B-04",
        ("respondent",),
        receipt_act="respondent_notified",
        receipt_roles=("respondent",),
        required="rulebook_check",
    ),
    # Secs. 14 and 16(a): the notice to an obligated person whose financial report is late, from the
    # tenure's case (its first act, the taking of office), while a report duty is past due unmet.
    Document(
        "late_report_notice",
        "Aviso de informe financiero no radicado",
        ("took_office",),
        "",
        ("respondent",),
        rule_by="late_duty",
        applies="late_duty",
    ),
    # Sec. 21(b)(1)
    Document(
        "speaker_copy",
        "Copia de la querella al Presidente de la Cámara",
        ("complaint_filed", "referral_received"),
        "CAM-21B-01",
        ("speaker",),
        receipt_act="speaker_notified",
        receipt_roles=("speaker",),
    ),
    Document(
        "extension_decision",
        "Resolución sobre la prórroga para contestar",
        ("extension_granted", "extension_denied"),
        "CAM-21B-03",
        ("respondent", "complainant"),
    ),
    Document(
        "default_resolution",
        "Resolución de rebeldía",
        ("default_declared",),
        "CAM-21B-05",
        ("respondent", "complainant"),
    ),
    # Sec. 21(c)(1)–(2): a dismissal or probable cause
    Document(
        "determination",
        "Determinación de la Comisión",
        ("determination_made",),
        "CAM-21C-02",
        ("respondent", "complainant"),
        rule_by="payload:outcome",
        rules={"dismissed": "CAM-21C-03"},
        receipt_act="determination_notified",
        receipt_roles=("respondent", "complainant"),
    ),
    # Sec. 21(c)(10)–(11): the first hearing and any later one
    Document(
        "hearing_summons",
        "Citación a vista",
        ("hearing_noticed",),
        "CAM-21C-07",
        ("respondent", "complainant"),
        rule_by="initial_hearing",
        rules={True: "CAM-21C-08"},
        required="initial_summons_check",
    ),
    # Sec. 22
    Document(
        "resolution",
        "Resolución de la Comisión",
        ("resolved",),
        "CAM-22-01",
        ("respondent", "complainant"),
        required="findings",
    ),
    # Sec. 25: the route by the respondent's role and the recommendation
    Document(
        "final_report",
        "Informe Final",
        ("report_referred",),
        "",
        ("speaker",),
        rule_by="final_report_route",
    ),
    # Sec. 9 ¶3–4
    Document(
        "recusal_decision",
        "Resolución sobre la inhibición",
        ("recusal_decided",),
        "CAM-09-08",
        ("speaker", "complainant"),
        rule_by="payload:granted",
        rules={True: "CAM-09-07"},
        receipt_act="recusal_denial_notified",
        receipt_roles=("complainant", "respondent", "counsel"),
        receipt_per="member",  # Sec. 9 ¶5: the denial concerns one member (CAM-09-08)
        receipt_unless="granted",  # only a denied recusal is notified this way
        answers=("recusal_requested",),
    ),
    # Sec. 19(b), (d), (f)
    Document(
        "advisory_opinion",
        "Opinión consultiva",
        ("opinion_issued", "opinion_rejected", "opinion_revised"),
        "CAM-19B-01",
        ("requester",),
        rule_by="event",
        rules={"opinion_issued": "CAM-19D-01", "opinion_revised": "CAM-19F-01"},
        variants={"opinion_issued": "issued", "opinion_revised": "revised", "opinion_rejected": "rejected"},
    ),
    # Sec. 11(c)
    Document(
        "outside_activity_decision",
        "Decisión sobre la actividad extra-legislativa",
        ("objection_decided",),
        "CAM-11C-01",
        ("respondent",),
        rule_by="payload:objected",
        rules={True: "CAM-11C-02"},
    ),
)
