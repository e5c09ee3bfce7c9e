"""What the municipal Commission's documents quote and must state.

``QUOTES``: the whole sentence of the law a document cites for its rule, where the rule's own quote
is a clause of it (verbatim). ``STATEMENTS``: the terms a section of a document must give in its
text (the names are ``DocumentRules.terms``).
"""

from __future__ import annotations

from ...parts import Document

QUOTES: dict[str, str] = {
    # ¶12
    "MUN-INI-04": "Todo procedimiento se iniciará con la presentación en la Secretaría de la Comisión de un escrito "
    "de formulación de querellas o cargo, debidamente jurado, acompañado de la evidencia necesaria para poder "
    "aquilatar la substancialidad de la querella o cargo imputado y la notificación al Alcalde, acompañada de "
    "copia certificada del escrito.",
    # ¶15
    "MUN-HEA-02": "Cuando la Comisión decida ventilar la querella, celebrará una vista, que podrá ser pública o "
    "privada, la cual deberá notificar al Alcalde querellado y al querellante con no menos de quince (15) días "
    "de antelación a la fecha de su celebración.",
    # ¶16
    "MUN-REP-02": "Si el caso fuere visto por un Comisionado Asociado, éste deberá someter un informe a la Comisión "
    "en pleno, con sus conclusiones de hechos, una relación de la evidencia presentada y admitida, sus "
    "conclusiones de derecho y cualquier consideración pertinente al caso para evaluación de dicha Comisión en "
    "pleno.",
    "MUN-REP-03": "Si el caso fuere visto por un Comisionado Asociado, éste deberá someter un informe a la Comisión "
    "en pleno, con sus conclusiones de hechos, una relación de la evidencia presentada y admitida, sus "
    "conclusiones de derecho y cualquier consideración pertinente al caso para evaluación de dicha Comisión en "
    "pleno.",
    # ¶14
    "MUN-STU-03": "Dicha resolución contendrá un relación de hechos, determinaciones y conclusiones de derecho de la "
    "Comisión.",
    # ¶17
    "MUN-DEC-04": "Habiendo transcurrido el término máximo para el descargo de la decisión, sin que ésta se "
    "rindiera, deberá desestimarse la querella, con perjuicio.",
}

# ¶13: the notice's term paragraph gives the term to answer and its extension.
STATEMENTS: dict[str, dict[str, tuple[str, ...]]] = {
    "mun_notice": {"answer_term": ("answer", "extension")},
}


def _decision(key: str, title: str, act: str, rule_id: str, required: str = "findings") -> Document:
    """A decision of the Commission served on both parties with a copy (¶32); its receipt is the
    decision notified, listing the parties served."""
    return Document(
        key,
        title,
        (act,),
        rule_id,
        ("respondent", "complainant"),
        receipt_act="decision_notified",
        receipt_roles=("respondent", "complainant"),
        receipt_payload={"copy_attached": True},
        receipt_lists_parties=True,
        required=required,
    )


# The documents the Commission's acts produce (``Rulebook.documents.catalogue``; their texts are the templates
# ``documents/texts/<lang>/<key>.txt``).
# Interpretation: the texts require these contents in the notice (¶12–¶13: certified copy, the answer
# term, the right to appear by counsel) and in resolutions and reports (Sec. 22 read with Sec. 25; ¶14,
# ¶16: findings of fact and conclusions of law).
DOCUMENTS: tuple[Document, ...] = (
    Document(
        "mun_notice",
        "Notificación de la querella al Alcalde",
        ("complaint_filed",),
        "MUN-INI-04",
        ("respondent",),
        receipt_act="respondent_notified",
        receipt_roles=("respondent",),
        receipt_payload={"certified_copy": True, "rights_stated": True},
        required="contents",
        contents={
            "certified_copy": ("MUN-INI-04", "Copia certificada de la querella"),
            "answer_term": ("MUN-ANS-03", "El término para contestar"),
            "rights": ("MUN-ANS-03", "El derecho a comparecer y defenderse por sí o por abogado"),
        },
    ),
    Document(
        "mun_hearing_notice",
        "Notificación de vista",
        ("hearing_noticed",),
        "MUN-HEA-02",
        ("respondent", "complainant"),
    ),
    Document(
        "mun_commissioner_report",
        "Informe del Comisionado Asociado",
        ("commissioner_report_filed",),
        "MUN-REP-02",
        ("respondent", "complainant"),
        required="findings",
    ),
    _decision("mun_decision", "Decisión de la Comisión", "decision_issued", "MUN-REP-03"),
    _decision("mun_dismissal", "Resolución de desestimación", "dismissed", "MUN-STU-03"),
    _decision(
        "mun_dismissal_with_prejudice", "Desestimación con perjuicio", "dismissed_with_prejudice", "MUN-DEC-04", ""
    ),
)
