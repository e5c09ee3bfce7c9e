"""Secs. 1–9: title, scope, definitions, the Ethics Commission, its powers, how it decides,
vacancies, matters against its own members and recusal. Rules ``CAM-01-*`` to ``CAM-09-*``.

These sections set up the body rather than a kind of case: their terms (Sec. 9) are evaluated in
the complaint evaluator (``s20_s24_complaints``), their vote thresholds in ``ventila.rules.votes``
and the kinship ground of recusal in ``ventila.rules.kinship``. This module declares every rule
and offers the pure checks the catalogue marks "checkable": the roster (Sec. 4), the substitute a
member needs when involved in a matter (Sec. 8) and the scope of the Code (Sec. 2).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import KindSpec
from ...i18n import Msg, Typed
from ...terms import Finding
from ..common import RuleSet

R = RuleSet()

# --- Sec. 1 — Título ---------------------------------------------------------------------------
R.add(
    "CAM-01-01",
    "NOT-COMPUTABLE",
    "Sec. 1",
    "se conocerá como “Código de Ética de la Cámara de Representantes de Puerto Rico”",
    "Título del Código.",
    not_computable="Da nombre al Código; no fija término, voto ni dato que verificar.",
)
R.add(
    "CAM-01-02",
    "NOT-COMPUTABLE",
    "Exposición de motivos",
    "o hasta que otra cosa se dispusiese por este Cuerpo",
    "Preámbulo no dispositivo; su límite temporal difiere del de la Sec. 2 (A-3).",
    not_computable="La exposición de motivos no es parte dispositiva; el alcance temporal lo fija la "
    "Sec. 2 (CAM-02-01).",
)

# --- Sec. 2 — Alcance --------------------------------------------------------------------------
R.add(
    "CAM-02-01",
    "VALIDATION",
    "Sec. 2",
    "desde la fecha de aprobación de este Código hasta el 31 de diciembre de 2028",
    "Se registra la fecha de los hechos; alerta si cae antes de la aprobación del Código "
    "(ajuste code_approval_date) o después del 31 de diciembre de 2028 (ajuste scope_end_date; A-3).",
)
R.add(
    "CAM-02-02",
    "VALIDATION",
    "Sec. 2",
    "la conducta de los miembros, funcionarios y jefes de dependencias",
    "Sujetos del Código: Representantes, funcionarios y jefes de dependencia; empleados solo bajo la "
    "Sec. 10(h), con alerta (A-4).",
)

# --- Sec. 3 — Definiciones ---------------------------------------------------------------------
R.add(
    "CAM-03-01",
    "ROLE",
    "Sec. 3(s)",
    "todo miembro electo",
    "Representante (role representative): todo miembro electo de la Cámara.",
)
R.add(
    "CAM-03-02",
    "ROLE",
    "Sec. 3(k)",
    "el Secretario y el Sargento de Armas",
    "Funcionario (role officer): solo el Secretario y el Sargento de Armas.",
)
R.add(
    "CAM-03-03",
    "ROLE",
    "Sec. 3(o)",
    "El Presidente de la Cámara definirá, por escrito",
    "Jefe de dependencia: los que el Presidente de la Cámara designe por escrito; "
    "se guarda la lista con su documento y fecha.",
)
R.add(
    "CAM-03-04",
    "ROLE",
    "Sec. 3(j)",
    "cualquier persona que ocupe un cargo o empleo en la Cámara",
    "Empleado (role employee), con sus subtipos: regular, irregular, por contrato equivalente a un puesto, "
    "transitorio, probatorio, en destaque.",
)
R.add(
    "CAM-03-05",
    "SUBSTANTIVE",
    "Sec. 3(t)",
    "cuyos asuntos financieros estén bajo su control legal",
    "Unidad familiar: cónyuge, compañero consensual, hijos dependientes y personas cuyos asuntos financieros "
    "estén bajo el control legal del servidor (relación a escoger de una lista; ver HOUSEHOLD_RELATIONS).",
)
R.add(
    "CAM-03-06",
    "SUBSTANTIVE",
    "Sec. 3(a)–(i),(l)–(r)",
    "tendrán el significado que aquí se indica",
    "Glosario del Código (acción oficial, agencia —incluye las de EE.UU.—, cargo ad honorem, conflicto de "
    "interés, ingreso, regalo, etc.): datos de referencia.",
)
R.add(
    "CAM-03-07",
    "SUBSTANTIVE",
    "Sec. 3(m)",
    "las contribuciones hechas a organizaciones políticas o candidatos",
    "Una contribución política lícita no es regalo ni ingreso (se excluye de las verificaciones de regalos).",
)

# --- Sec. 4 — Comisión de Ética ----------------------------------------------------------------
R.add(
    "CAM-04-01",
    "VALIDATION",
    "Sec. 4",
    "integrada por siete (7) Representantes",
    "La Comisión tiene 7 escaños, todos de Representantes; alerta ante una vacante.",
)
# Sec. 4: the Commission's seats (also the rulebook setting ``seats``, the base of Sec. 6).
COMMISSION_SEATS = 7  # CAM-04-01 «integrada por siete (7) Representantes»
R.add(
    "CAM-04-02",
    "ROLE",
    "Sec. 4",
    "serán nombrados por el Presidente de la Cámara",
    "El Presidente de la Cámara nombra a los miembros y designa Presidente, Vicepresidente, Secretario y "
    "Portavoz de las minorías; se registran los actos.",
)

# --- Sec. 5 — Funciones y poderes --------------------------------------------------------------
R.add(
    "CAM-05-01",
    "STATE",
    "Sec. 5(2)–(4)",
    "Recibir, considerar e investigar las Querellas",
    "Tipos de asunto: querella, referido de la OEG (que además se resuelve), opinión consultiva y "
    "notificaciones de la Sec. 11; cada acto debe corresponder al tipo y a la etapa del asunto.",
)
R.add(
    "CAM-05-02",
    "CONFIDENTIALITY",
    "Sec. 5(5)",
    "hasta la determinación o resolución final de la Comisión",
    "Todo asunto es confidencial desde su radicación hasta la determinación final (A-5; ajuste auto_unseal_on_final).",
)
R.add(
    "CAM-05-03",
    "ROLE",
    "Sec. 5(7)",
    "Citar testigos, tomar juramentos y escuchar testimonios",
    "La Comisión cita testigos y requiere documentos y prueba testifical, pericial o documental; se registra "
    "cada citación.",
)
R.add(
    "CAM-05-04",
    "ROLE",
    "Sec. 5(6),(8)",
    "Adoptar las reglas y reglamentos que sean necesarios",
    "La Comisión celebra vistas y adopta o enmienda sus reglamentos, conforme a la ley (Sec. 27).",
)
R.add(
    "CAM-05-05",
    "ROLE",
    "Sec. 5(9)",
    "podrá emplear o contratar y, a su voluntad, remover",
    "El Presidente de la Comisión contrata y remueve al personal dentro de la asignación del Presidente de la Cámara.",
)
R.add(
    "CAM-05-06",
    "VOTE",
    "Sec. 5(10)",
    "por el voto de una mayoría de sus miembros",
    "Una resolución formal define el alcance de una investigación; umbral de la Sec. 6 (4 de 7; A-6).",
)
R.add(
    "CAM-05-07",
    "NOT-COMPUTABLE",
    "Sec. 5(1),(11)",
    "Realizar cualesquiera otras gestiones",
    "Poderes generales de la Comisión.",
    not_computable="Facultad general residual; no fija término, voto ni requisito verificable.",
)

# --- Sec. 6 — Determinaciones ------------------------------------------------------------------
R.add(
    "CAM-06-01",
    "VOTE",
    "Sec. 6",
    "la mayoría absoluta de los miembros en propiedad",
    "Toda determinación requiere votos a favor ≥ ⌊N/2⌋+1, con N la base de la mayoría que se adopte (por "
    "omisión los 7 escaños: 4 votos; ajuste majority_base); abstenerse o ausentarse no es votar a favor; se "
    "registra cada voto (A-6).",
)

# --- Sec. 7 — Vacantes -------------------------------------------------------------------------
R.add(
    "CAM-07-01",
    "ROLE",
    "Sec. 7",
    "será cubierta por el Presidente de la Cámara",
    "El Presidente de la Cámara cubre las vacantes; se guarda el historial de la composición.",
)

# --- Sec. 8 — Asuntos contra miembros ----------------------------------------------------------
R.add(
    "CAM-08-01",
    "STATE",
    "Sec. 8",
    "nombrar un sustituto o miembro pro tempore, hasta que se resuelva el asunto",
    "Si un miembro es querellado, referido o citado como testigo, el Presidente de la Comisión (o el "
    "Vicepresidente si el implicado es el Presidente; A-7) pide al Presidente de la Cámara un sustituto para "
    "ese asunto; ventila lo detecta al cotejar la composición.",
)

# --- Sec. 9 — Inhibición -----------------------------------------------------------------------
R.add(
    "CAM-09-01",
    "SUBSTANTIVE",
    "Sec. 9(a)",
    "prejuicio o parcialidad hacia cualquiera de las partes",
    "Causa de inhibición: prejuicio o parcialidad hacia las partes, sus testigos o abogados, o haber "
    "prejuzgado; la lista es abierta («sin limitarse a»).",
)
R.add(
    "CAM-09-02",
    "SUBSTANTIVE",
    "Sec. 9(b)",
    "Por haber sido abogado o asesor",
    "Causa de inhibición: el miembro fue abogado o asesor de una parte, o de sus abogados, en el asunto.",
)
R.add(
    "CAM-09-03",
    "SUBSTANTIVE",
    "Sec. 9(c)",
    "consanguinidad o afinidad dentro del cuarto grado",
    "Causa de inhibición: parentesco de consanguinidad o afinidad hasta el cuarto grado con el querellado, "
    "el querellante, un testigo o el abogado de una parte (alerta calculada por ventila.rules.kinship).",
)
# Sec. 9(c): the furthest degree, by blood and by marriage, that is a ground for recusal.
RECUSAL_MAX_BLOOD_DEGREE = 4  # CAM-09-03 «consanguinidad o afinidad dentro del cuarto grado»
RECUSAL_MAX_AFFINITY_DEGREE = 4  # CAM-09-03 (the same «cuarto grado» for both)
R.add(
    "CAM-09-04",
    "DEADLINE",
    "Sec. 9 ¶2",
    "tan pronto se conozca de la causa",
    "El miembro (motu proprio) o una parte plantea la inhibición tan pronto conoce la causa, verbalmente "
    "para récord y por escrito con sus fundamentos, al Presidente de la Comisión y al de la Cámara.",
    not_computable="«Tan pronto se conozca» no fija un plazo numérico ni un momento verificable en que se "
    "conoció la causa: ventila registra la solicitud (recusal_requested) sin calcular vencimiento.",
)
R.add(
    "CAM-09-05",
    "VOTE",
    "Sec. 9 ¶3",
    "por la mayoría de los miembros",
    "Acoger una inhibición requiere mayoría (umbral de la Sec. 6).",
)
R.add(
    "CAM-09-06",
    "VOTE",
    "Sec. 9 ¶4",
    "sin la participación de dicho miembro",
    "Si un tercero pide la inhibición y el miembro se niega, la Comisión en Pleno vota sin ese miembro "
    "(umbral de la Sec. 6 sin él); un voto afirmativo decreta la inhibición (A-32).",
)
R.add(
    "CAM-09-07",
    "DEADLINE",
    "Sec. 9 ¶3–4",
    "notificará inmediatamente al Presidente de la Cámara",
    "Acogida o decretada la inhibición, el Presidente de la Comisión lo notifica inmediatamente (el mismo "
    "día) al Presidente de la Cámara, que nombra un sustituto.",
    term=(0, "business_days"),
)
R.add(
    "CAM-09-08",
    "DEADLINE",
    "Sec. 9 ¶5",
    "no mayor de dos (2) días calendarios",
    "Denegada la inhibición pedida por un tercero, la Comisión lo informa por escrito al solicitante y al "
    "Presidente de la Cámara en no más de 2 días calendario (contados literalmente; decisión 2).",
    term=(2, "calendar_days"),
)

RULES = R.rules
KINDS: dict[str, KindSpec] = {}

# Finding id → rule id, for the rules reference.
FINDINGS: dict[str, str] = {
    "facts_outside_scope": "CAM-02-01",
    "employee_respondent": "CAM-02-02",
    "act_not_allowed": "CAM-05-01",
    "commission_seat_count": "CAM-04-01",
    "commission_member_not_representative": "CAM-04-01",
    "commission_vacancy": "CAM-04-01",
    "substitute_required": "CAM-08-01",
    "recusal_kinship": "CAM-09-03",
}

# Sec. 3(t): the relations that make a person part of an official's household (unidad familiar).
HOUSEHOLD_RELATIONS: dict[str, str] = {
    "spouse": "cónyuge",
    "consensual_partner": "compañero(a) consensual",
    "dependent_child": "hijo(a) dependiente",
    "under_legal_financial_control": "persona cuyos asuntos financieros están bajo su control legal",
}


# --- pure checks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One seat of the Commission: who holds it, their role, and the office they hold in it."""

    member: str
    role: str = "representative"
    office: str = "member"  # chair | vice_chair | secretary | minority_spokesperson | member


def check_scope(facts: dt.date, settings: Mapping[str, Any] | None = None) -> list[Finding]:
    """Sec. 2: a warning when the facts fall outside the Code's time scope (CAM-02-01; A-3)."""
    st = _settings(settings)
    start = dt.date.fromisoformat(st["code_approval_date"])
    end = dt.date.fromisoformat(st["scope_end_date"])
    if start <= facts <= end:
        return []
    return [
        Finding(
            "facts_outside_scope",
            R.rules["CAM-02-01"],
            Msg(
                "Los hechos (%(facts)s) caen fuera del alcance del Código (%(start)s – %(end)s; Sec. 2, A-3).",
                facts=facts,
                start=start,
                end=end,
            ),
            {"facts_date": facts.isoformat()},
        )
    ]


def check_roster(seats: Sequence[Seat | None], settings: Mapping[str, Any] | None = None) -> list[Finding]:
    """Sec. 4 and 7: the roster has ``seats`` (7) seats, each held by a Representative.

    ``None`` marks a vacant seat: a warning naming the Speaker, who fills it (CAM-07-01).
    """
    expected = int(_settings(settings)["seats"])
    out: list[Finding] = []
    rule = R.rules["CAM-04-01"]
    if len(seats) != expected:
        out.append(
            Finding(
                "commission_seat_count",
                rule,
                Msg(
                    "La Comisión tiene %(seats)s escaños registrados; la Sec. 4 dispone %(expected)s.",
                    seats=len(seats),
                    expected=expected,
                ),
                {"seats": len(seats), "expected": expected},
            )
        )
    vacant = sum(1 for s in seats if s is None)
    if vacant:
        out.append(
            Finding(
                "commission_vacancy",
                rule,
                Msg(
                    "Hay %(vacant)s escaño(s) vacante(s) en la Comisión; el Presidente de la Cámara cubre las "
                    "vacantes (Sec. 7).",
                    vacant=vacant,
                ),
                {"vacant": vacant},
            )
        )
    for s in seats:
        if s is not None and s.role != "representative":
            out.append(
                Finding(
                    "commission_member_not_representative",
                    rule,
                    Msg(
                        "%(member)s ocupa un escaño de la Comisión sin ser Representante (Sec. 4).",
                        member=Typed(s.member),
                    ),
                    {"member": s.member},
                )
            )
    return out


def check_member_involvement(
    seats: Sequence[Seat | None],
    *,
    respondents: Sequence[str] = (),
    witnesses: Sequence[str] = (),
    settings: Mapping[str, Any] | None = None,
) -> list[Finding]:
    """Sec. 8: a member who is respondent (complaint or referral) or a cited witness needs a
    substitute for that matter; the Chair asks the Speaker.

    Interpretation: when the member involved is the Chair, the Vice-chair asks (A-7; setting
    ``sec8_requester_if_chair``, whose only reading today is ``vice_chair``).
    """
    st = _settings(settings)
    out: list[Finding] = []
    for s in seats:
        if s is None:
            continue
        as_what = "parte querellada" if s.member in respondents else "testigo" if s.member in witnesses else None
        if as_what is None:
            continue
        requester = "el Presidente de la Comisión"
        if s.office == "chair":
            requester = {"vice_chair": "el Vicepresidente de la Comisión"}[st["sec8_requester_if_chair"]]
        out.append(
            Finding(
                "substitute_required",
                R.rules["CAM-08-01"],
                Msg(
                    "%(member)s, miembro de la Comisión, figura como %(as_what)s en el asunto: %(requester)s debe "
                    "pedir al Presidente de la Cámara un sustituto o miembro pro tempore hasta que se resuelva "
                    "(Sec. 8).",
                    member=Typed(s.member),
                    as_what=as_what,
                    requester=requester,
                ),
                {"member": s.member, "as": "respondent" if as_what == "parte querellada" else "witness"},
            )
        )
    return out


def _settings(settings: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The rulebook's settings with ``settings`` applied (looked up lazily: no import cycle)."""
    from . import RULEBOOK  # the package (this rulebook) imports this module

    return RULEBOOK.resolve_settings(settings or {})


def member_involvement_warnings(
    seats: Sequence[tuple[str, str]], respondents: Sequence[str], witnesses: Sequence[str]
) -> list[Msg]:
    """The messages of :func:`check_member_involvement` for seats given as (member, office)."""
    findings = check_member_involvement(
        [Seat(name, office=office) for name, office in seats], respondents=respondents, witnesses=witnesses
    )
    return [f.msg for f in findings]
