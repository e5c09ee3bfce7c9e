"""What the municipal Commission's documents quote and must state.

``QUOTES``: the whole sentence of the law a document cites for its rule, where the rule's own quote
is a clause of it (verbatim). ``STATEMENTS``: the terms a section of a document must give in its
text (the names are ``document_terms``).
"""

from __future__ import annotations

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
