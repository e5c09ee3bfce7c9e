"""¶5–¶11: the Commission's powers (the list under H3, see ambiguity 7), oaths and subpoenas, court
enforcement of subpoenas and the witness's privileges. Rules ``MUN-POW-*`` and ``MUN-SUB-*``.

Interpretation (ambiguity 7, setting ``citation_style``): the list ¶5–¶7 sits under the heading
«3. Personal de la Comisión» although it lists powers; rules cite the paragraph (¶5), never the heading.
The complaint evaluator (``complaints.py``) applies MUN-SUB-02, -04 and -06 to the docket.
"""

from __future__ import annotations

from ..common import RuleSet

R = RuleSet()

R.add(
    "MUN-POW-01",
    "ROLE",
    "¶5",
    "Entender y resolver las querellas o cargos formulados contra cualquier alcalde",
    "Tipo de caso «complaint»: querellas contra un alcalde del Gobernador, el Director de la OEG, la Asamblea "
    "o cualquier persona.",
)
R.add(
    "MUN-POW-02",
    "STATE",
    "¶6",
    "Situaciones de fricción entre la Asamblea y el Alcalde.",
    "Tipo de caso «deadlock»: fricción entre la Asamblea Municipal y el Alcalde (ver MUN-DLK-*).",
)
R.add(
    "MUN-POW-03",
    "RECORD",
    "¶7",
    "Aprobar, enmendar y derogar los reglamentos de carácter interno para el funcionamiento de la Comisión.",
    "Los reglamentos internos se registran con sus versiones y fechas.",
)
R.add(
    "MUN-POW-04",
    "ROLE",
    "¶8",
    "tomar juramentos, citar testigos y compeler la presentación de libros, documentos u otra evidencia",
    "La Comisión, cada Comisionado Asociado y el Secretario pueden tomar juramentos, citar testigos y "
    "requerir documentos (el Presidente, como parte de la Comisión: ambigüedad 17).",
)

R.add(
    "MUN-SUB-01",
    "STATE",
    "¶9",
    "Cuando un testigo citado por la Comisión no comparezca a testificar o no produzca los libros",
    "Procede acudir al tribunal cuando el testigo citado no comparece, no produce lo requerido o se niega a contestar.",
)
R.add(
    "MUN-SUB-02",
    "ROLE",
    "¶9",
    "ésta, su Presidente, o cualquiera de sus Comisionados Asociados podrá acudir ante el Tribunal Superior",
    "Pueden pedir al Tribunal Superior, bajo apercibimiento de desacato, la comparecencia y los documentos: "
    "la Comisión, su Presidente o un Comisionado Asociado. El Secretario no está en la lista.",
)
R.add(
    "MUN-SUB-03",
    "ROLE",
    "¶10",
    "cuando así lo solicita el Presidente de la misma",
    "El Secretario de Justicia da asistencia legal para acudir al tribunal a solicitud del Presidente.",
)
R.add(
    "MUN-SUB-04",
    "DEADLINE",
    "¶11",
    "el Tribunal expedirá perentoriamente la citación solicitada",
    "Presentada la petición, el tribunal expide la citación de inmediato (el mismo día). Término del "
    "tribunal: se vigila; la ley no dice qué pasa si no se cumple.",
    term=(0, "days"),
)
R.add(
    "MUN-SUB-05",
    "STATE",
    "¶11",
    "no podrá tener el efecto de impedir la comparecencia del testigo ni de paralizar la orden de "
    "producción de documentos",
    "Las reclamaciones del testigo se dirimen en acción aparte y nunca paralizan la citación.",
)
R.add(
    "MUN-SUB-06",
    "ROLE",
    "¶11",
    "deberá someterse a la Comisión para su adjudicación",
    "Cada privilegio o derecho que invoque un testigo se somete a la Comisión, que lo adjudica; se registra "
    "el reclamo y la adjudicación.",
)

RULES = R.rules
