"""What the public e-filing form says in plain words (Secs. 20–21(a)): the Code's provisions in groups a
citizen recognises, the kinds of evidence of Sec. 21(a)(4)–(10) as a citizen would name them, the term of
Sec. 20(6) beside the date, and what happens after filing (Sec. 21(b)–(c)). The legal texts stay in
``s20_s24_complaints``; these are their plain-language faces, each pointing back to its section."""

from __future__ import annotations

from ...engine import NextStep, ProvisionGroup
from .s20_s24_complaints import CODE_PROVISIONS

# Each provision's title without its number: the checkbox's label (the section is its hint).
PROVISION_TITLES: dict[str, str] = {k: v.split(" — ", 1)[1] for k, v in CODE_PROVISIONS.items()}


def _group(key: str, label: str, hint: str, provisions: tuple[str, ...]) -> ProvisionGroup:
    citation = ("Sec. " if len(provisions) == 1 else "Secs. ") + ", ".join(provisions) + " del Código de Ética"
    return ProvisionGroup(key, label, hint, provisions, citation)


# Sec. 21(a)(12): the provisions allegedly broken, grouped by what a citizen saw. Every provision of
# CODE_PROVISIONS is in exactly one group (tests/rules/test_public_filing_content.py).
PROVISION_GROUPS: tuple[ProvisionGroup, ...] = (
    _group(
        "public_funds",
        "Uso de fondos públicos",
        "Usar dinero, vehículos, equipo o personal del Gobierno para asuntos privados, o cobrar pagos indebidos.",
        ("10(i)", "10(v)", "10(o)"),
    ),
    _group(
        "conflict",
        "Conflicto de intereses",
        "Actuar o votar en un asunto en que la persona o alguien cercano tiene un interés, o usar el cargo para "
        "favorecer a alguien.",
        ("10(j)", "10(s)", "10(r)", "10(l)", "12(a)", "12(b)"),
    ),
    _group(
        "gifts",
        "Regalos, pagos o beneficios",
        "Aceptar regalos, dinero u otros beneficios por el cargo, o cobrar por referir asuntos.",
        ("10(k)", "10(n)", "10(u)"),
    ),
    _group(
        "family_and_posts",
        "Familiares y nombramientos",
        "Nombrar o favorecer a familiares, u ocupar otros cargos en el Gobierno.",
        ("10(t)", "10(p)", "10(q)"),
    ),
    _group(
        "outside_work",
        "Otros empleos y negocios",
        "Trabajos, contratos o negocios fuera de la Cámara que no se permiten o no se informaron.",
        ("11(A)", "11(B)"),
    ),
    _group(
        "confidential_information",
        "Información confidencial",
        "Usar o divulgar información que la persona conoce por su cargo.",
        ("10(m)", "17"),
    ),
    _group(
        "financial_reports",
        "Informes financieros",
        "No presentar, o presentar mal, los informes financieros que exige el Código.",
        ("10(x)", "14"),
    ),
    _group(
        "conduct",
        "Trato y conducta",
        "Faltas de respeto, trato indigno, conducta indecorosa o discrimen en el trabajo.",
        ("10(b)", "10(c)", "10(d)", "10(h)"),
    ),
    _group(
        "duties",
        "Deberes del cargo",
        "No cumplir con el trabajo, faltar a las sesiones, cobrar por servir a los constituyentes o no respetar "
        "las leyes y las órdenes de los tribunales.",
        ("10(a)", "10(e)", "10(f)", "10(g)", "10(w)"),
    ),
    _group(
        "officers",
        "Funcionarios y jefes de dependencia",
        "Las normas que aplican al Secretario, al Sargento de Armas y a los jefes de dependencia.",
        ("13",),
    ),
)

# Sec. 21(a)(4)–(10): the kinds of evidence, in plain words (the keys of ``EVIDENCE_KINDS``, which the
# Code's own wording keeps for the staff's pages).
PUBLIC_EVIDENCE_KINDS: dict[str, str] = {
    "obtained_evidence": "Pruebas que usted obtuvo de forma legal (fotos, mensajes, grabaciones, cartas)",
    "public_admissions": "Lo que la persona querellada admitió en público, si se puede comprobar",
    "public_documents": "Documentos públicos (o una certificación de que no existen)",
    "business_records": "Documentos de un negocio, como facturas o contratos (o una certificación de que no existen)",
    "official_documents": "Documentos emitidos por una agencia del Gobierno",
    "findings_or_judgment": "Informes del Contralor, de la Legislatura o de una agencia, o una sentencia final "
    "de un tribunal",
}

# Sec. 20(6) (CAM-20-06), beside the date and when the date given is past the term.
KNOWLEDGE_TERM_HINT = (
    "Tiene %(n)s días desde que supo de los hechos para presentar la querella, y ese plazo no se puede "
    "extender. Si presenta después, la querella se recibe, pero la Comisión puede cerrarla sin investigarla "
    "(%(citation)s)."
)
LATE_WARNING = (
    "Según la fecha que indicó, conoció los hechos hace más de %(n)s días calendario. Puede presentar la "
    "querella igualmente y se recibirá, pero se anotará que llegó tarde y lo más probable es que la Comisión la "
    "cierre sin investigarla, porque la ley no le permite atender una querella presentada fuera de ese plazo "
    "(%(rule)s, %(citation)s)."
)

# Sec. 21(b)–(c): who reviews the complaint and the terms that follow, for the receipt.
NEXT_STEPS: tuple[NextStep, ...] = (
    NextStep(
        "La Secretaría de la Comisión de Ética revisa su querella y se la notifica, con copia, a la persona "
        "querellada y al Presidente de la Cámara dentro de %(n)s días laborables.",
        "CAM-21B-01",
    ),
    NextStep(
        "La persona querellada tiene %(n)s días laborables desde que recibe la notificación para contestar por "
        "escrito; puede pedir una prórroga.",
        "CAM-21B-02",
    ),
    NextStep(
        "Después, la Comisión examina la querella y, dentro de %(n)s días laborables desde la contestación (o "
        "desde que vence el plazo para contestar), decide si la desestima o si sigue adelante.",
        "CAM-21C-01",
    ),
    NextStep(
        "Lo que decida la Comisión se le notifica por escrito dentro de %(n)s días laborables.",
        "CAM-21C-04",
    ),
)
