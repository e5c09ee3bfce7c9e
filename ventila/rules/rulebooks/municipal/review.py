"""¶37–¶44: judicial review, quorum, contempt, the Secretary and the record, budget and succession.
Rules ``MUN-REV-*``, ``MUN-QUO-*``, ``MUN-CON-*``, ``MUN-SEC-*``, ``MUN-BUD-*``, ``MUN-SUC-*``.

Vote counting lives in ``ventila/rules/votes.py``, which reads MUN-QUO-01 and the setting
``votes_required`` from this rulebook.
"""

from __future__ import annotations

from ..common import RuleSet

R = RuleSet()

R.add(
    "MUN-REV-01",
    "ROLE",
    "¶37",
    "podrá solicitar su reconsideración y revisión judicial",
    "Cualquier parte adversamente afectada puede pedir reconsideración y revisión judicial según la LPAU.",
)
R.add(
    "MUN-REV-02",
    "NOT-COMPUTABLE",
    "¶37",
    'de conformidad con la "Ley de Procedimiento Administrativo Uniforme del Estado Libre Asociado de Puerto Rico"',
    "Los términos de reconsideración y revisión vienen de la LPAU, no de este texto.",
    not_computable="Los términos vienen de la LPAU (ley externa); este texto no los fija y ventila no "
    "supone unos por omisión: se configuran aparte.",
)
R.add(
    "MUN-REV-03",
    "ROLE",
    "¶37",
    "El Tribunal Superior, Sala de San Juan, será el tribunal con competencia",
    "Foro de revisión judicial: Tribunal Superior, Sala de San Juan (la suspensión de MUN-SUS-11 va al "
    "Tribunal Supremo).",
)
R.add(
    "MUN-REV-04",
    "NOT-COMPUTABLE",
    "¶38",
    "El Tribunal dará la mayor prioridad en su calendario a la consideración de la solicitud de revisión",
    "La revisión de una destitución tiene la mayor prioridad en el tribunal; se rotula.",
    not_computable="Prioridad en el calendario del tribunal: no fija término ni acto de la Comisión; solo "
    "se rotula el caso.",
)

R.add(
    "MUN-QUO-01",
    "VOTE",
    "¶39",
    "los dos (2) Comisionados restantes constituirán quórum y podrán ejercer todos los poderes y funciones",
    "Dos comisionados constituyen quórum con todos los poderes; cada acto de la Comisión requiere 2 votos "
    "(ambigüedad 15, ajuste votes_required); un empate 1–1 no decide y el término sigue corriendo.",
)
R.add(
    "MUN-QUO-02",
    "RECORD",
    "¶39",
    "inhibición, ausencia, incapacidad temporera o vacante",
    "Se registra la disponibilidad de cada comisionado en cada acto (inhibición, ausencia, incapacidad "
    "temporera, vacante).",
)

R.add(
    "MUN-CON-01",
    "SUBSTANTIVE",
    "¶40",
    "incurrirá en delito menos grave",
    "Conducta impropia o desordenada, falta de disciplina o respeto, o negarse a prestar juramento o "
    "afirmación: delito menos grave; se registra para referido.",
)
R.add(
    "MUN-CON-02",
    "SUBSTANTIVE",
    "¶40",
    "multa no mayor de quinientos (500) dólares o pena de reclusión por un término no mayor de seis (6) meses",
    "Pena que impone un tribunal tras convicción (no la Comisión): multa hasta $500, reclusión hasta 6 meses, o ambas.",
)

R.add(
    "MUN-SEC-01",
    "ROLE",
    "¶41",
    "será nombrado por el Presidente y desempeñara su cargo a voluntad de éste",
    "El Secretario lo nombra el Presidente y sirve a su voluntad.",
)
R.add(
    "MUN-SEC-02",
    "RECORD",
    "¶41",
    "custodio de los archivos de la Comisión y llevara constancia completa y verídica de todos los procedimientos",
    "El expediente es de solo añadir y auditable.",
)
R.add(
    "MUN-SEC-03",
    "ROLE",
    "¶41",
    "Bajo la dirección del Presidente notificará la determinaciones, prioridades y resoluciones",
    "El Secretario notifica las determinaciones y resoluciones; se registra la fecha y los destinatarios de "
    "cada notificación.",
)

R.add(
    "MUN-BUD-01",
    "NOT-COMPUTABLE",
    "¶42",
    "se consignará anualmente en una partida separada",
    "Partida anual separada en la Resolución Conjunta del Presupuesto General.",
    not_computable="Asignación presupuestaria de la Asamblea Legislativa: no opera sobre los casos.",
)

R.add(
    "MUN-SUC-01",
    "ROLE",
    "¶43",
    "será la sucesora de la Comisión Estatal para Ventilar Querellas Municipales",
    "Los miembros de la Comisión antecesora terminan sus términos en la sucesora, con la misma regla de "
    "permanencia hasta que el sucesor tome posesión.",
)
R.add(
    "MUN-SUC-02",
    "STATE",
    "¶44",
    "continuará todos los procedimientos iniciados por la antecesora",
    "Los casos de la antecesora se importan con sus fechas originales y se marcan para revisión "
    "(ambigüedad 17, ajuste migrated_case_review).",
)
R.add(
    "MUN-SUC-03",
    "RECORD",
    "¶44",
    "todos los expedientes, propiedad, cuentas y documentos de la misma",
    "La Comisión toma custodia de expedientes, propiedad, cuentas y documentos de la antecesora.",
)
R.add(
    "MUN-SUC-04",
    "ROLE",
    "¶44",
    "continuarán en sus puestos, a menos que el Presidente de la Comisión sucesora los sustituya",
    "El personal de confianza de la antecesora sigue en sus puestos salvo que el Presidente lo sustituya.",
)

RULES = R.rules

# MUN-QUO-01: «los dos (2) Comisionados restantes constituirán quórum».
QUORUM = 2
