"""Secs. 10–13: the general norms of conduct, outside jobs, contracts and businesses, representing
private interests, and which norms bind officers and department heads. Rules ``CAM-10*`` to
``CAM-13-01``.

Most of these norms are substantive: ventila records them (a complaint cites them) but cannot
decide them. Where the catalogue marks a norm "checkable", this module offers a pure ``check_*``
function that returns Spanish findings: gifts (10(k)), foreign gifts (10(n)), agency contracts
(11(A)(b)), outside income (11(A)), the role × norm matrix (13); nepotism (10(t)) is checked in
``ventila.rules.kinship`` with the degrees declared here.

It also evaluates the ``outside_activity`` kind (Sec. 11(B)–(C)): a Representative's notice of an
outside paid activity and the Commission's 5 business days to object.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from ...calendar import DayResult, LegalCalendar
from ...engine import (
    ConductRules,
    Context,
    Event,
    EventSpec,
    FieldError,
    FieldHint,
    FieldSpec,
    FormContext,
    KindSpec,
)
from ...i18n import Msg, Raw, Typed, joined, money_text
from ...terms import Deadline, Finding
from ...vocabulary import Actor, OutsideActivityDeadline, OutsideActivityStage
from ...votes import required_yes
from ..common import RuleSet, with_form_hints, with_next_acts, with_order

R = RuleSet()

# --- Sec. 10 — Normas Generales de Conducta (one rule per inciso) -----------------------------
R.add(
    "CAM-10A-01",
    "SUBSTANTIVE",
    "Sec. 10(a)",
    "diligencia, eficiencia y productividad",
    "Representante: los más altos criterios de diligencia, eficiencia y productividad.",
)
R.add(
    "CAM-10B-01",
    "SUBSTANTIVE",
    "Sec. 10(b)",
    "una conducta prudente",
    "Representante: prudencia en lo protegido por la inmunidad parlamentaria y respeto hacia todos.",
)
R.add("CAM-10C-01", "SUBSTANTIVE", "Sec. 10(c)", "una conducta decorosa", "Representante: conducta decorosa.")
R.add(
    "CAM-10D-01",
    "SUBSTANTIVE",
    "Sec. 10(d)",
    "un trato cortés y digno",
    "Representante: trato cortés y digno a toda persona.",
)
R.add(
    "CAM-10E-01",
    "SUBSTANTIVE",
    "Sec. 10(e)",
    "asistir con regularidad a las sesiones",
    "Representante: asistir con regularidad a sesiones, reuniones y vistas; notificar y pedir excusa por "
    "salud, seguridad, familia o deber legislativo (verificable solo con datos de asistencia).",
)
R.add(
    "CAM-10F-01",
    "SUBSTANTIVE",
    "Sec. 10(f)",
    "gratuitamente",
    "Representante: atender gratuitamente a sus representados, para el bien común.",
)
R.add(
    "CAM-10G-01",
    "SUBSTANTIVE",
    "Sec. 10(g)",
    "las citaciones u órdenes de los Tribunales de Justicia",
    "Representante: no desacatar las leyes ni las citaciones u órdenes judiciales (Const. Art. III §14).",
)
R.add(
    "CAM-10H-01",
    "SUBSTANTIVE",
    "Sec. 10(h)",
    "un ambiente de trabajo libre de discrimen",
    "Representantes, funcionarios, jefes de dependencia y empleados: ambiente libre de discrimen por las "
    "razones enumeradas.",
)
R.add(
    "CAM-10I-01",
    "SUBSTANTIVE",
    "Sec. 10(i)",
    "la propiedad o fondos públicos",
    "Representante: no obtener beneficios prohibidos con propiedad o fondos públicos; el uso incidental a "
    "la labor legislativa no lo es.",
)
R.add(
    "CAM-10J-01",
    "SUBSTANTIVE",
    "Sec. 10(j)",
    "resulte en un conflicto de interés",
    "Representante: no realizar acciones que resulten en conflicto de interés.",
)
R.add(
    "CAM-10K-01",
    "SUBSTANTIVE",
    "Sec. 10(k)",
    "cuyo valor no exceda de $250.00",
    "Representante: ningún pago aparte del sueldo; se excluyen premios por méritos y regalos sociales "
    "acostumbrados de hasta $250.00, sin que formen un patrón de una misma fuente. Verificable: un regalo de "
    "más de $250.00 no está excluido; alerta al segundo regalo excluido de una fuente en un año (A-9).",
)
# Sec. 10(k)(2): the value up to which a customary social gift is excluded.
GIFT_VALUE_CAP = Decimal("250.00")  # CAM-10K-01 «cuyo valor no exceda de $250.00»
R.add(
    "CAM-10L-01",
    "SUBSTANTIVE",
    "Sec. 10(l)",
    "esté influenciada a favor de esa persona",
    "Representante: no aceptar ni solicitar bienes a cambio de influir su actuación.",
)
R.add(
    "CAM-10M-01",
    "SUBSTANTIVE",
    "Sec. 10(m)",
    "revelará o usará información confidencial",
    "Representantes, funcionarios y jefes de dependencia: no revelar ni usar información confidencial "
    "para obtener ventaja.",
)
R.add(
    "CAM-10N-01",
    "SUBSTANTIVE",
    "Sec. 10(n)",
    "un valor mayor de $250.00",
    "Representante: ningún donativo económico de un país o funcionario extranjero; ni regalos de valor "
    "aparente mayor de $250.00, condecoraciones o cargos oficiales, salvo dispensa por Resolución de la "
    "Cámara. Verificable: fuente extranjera + (donativo o regalo > $250.00), sin dispensa → alerta.",
)
# Sec. 10(n): the apparent value above which a foreign gift is barred.
FOREIGN_GIFT_VALUE_CAP = Decimal("250.00")  # CAM-10N-01 «un valor mayor de $250.00»
R.add(
    "CAM-10O-01",
    "SUBSTANTIVE",
    "Sec. 10(o)",
    "paga adicional o remuneración extraordinaria",
    "Representante: ninguna paga adicional del Gobierno salvo que la autorice el Art. 177 del Código "
    "Político u otra ley.",
)
R.add(
    "CAM-10P-01",
    "SUBSTANTIVE",
    "Sec. 10(p)",
    "excepto cargos y otros servicios ad honorem",
    "Representante: ningún cargo en agencias gubernamentales, salvo cargos ad honorem compatibles.",
)
R.add(
    "CAM-10Q-01",
    "SUBSTANTIVE",
    "Sec. 10(q)",
    "creado o mejorado en su sueldo",
    "Representante: no ser nombrado durante su término a un cargo creado o mejorado en sueldo por la "
    "Asamblea, salvo ad honorem compatible.",
)
R.add(
    "CAM-10R-01",
    "SUBSTANTIVE",
    "Sec. 10(r)",
    "un beneficio económico exclusivo o particular",
    "Representante: no participar en asuntos legislativos que le produzcan un beneficio económico exclusivo.",
)
R.add(
    "CAM-10S-01",
    "SUBSTANTIVE",
    "Sec. 10(s)",
    "decida que la inhibición es improcedente",
    "Representantes, funcionarios y jefes de dependencia: abstenerse ante un conflicto de interés salvo que "
    "la Cámara o su Presidente, informados, decidan que la inhibición es improcedente; se registra.",
)
R.add(
    "CAM-10T-01",
    "SUBSTANTIVE",
    "Sec. 10(t)",
    "hasta el tercer grado de consanguinidad o segundo de afinidad",
    "Representantes, funcionarios y jefes de dependencia: no recomendar, mantener ni contratar parientes "
    "hasta el tercer grado de consanguinidad o segundo de afinidad, salvo dispensa del Presidente de la "
    "Cámara (se presume si él recomendó) o empleo previo a la elección o designación (ventila.rules.kinship).",
)
# Sec. 10(t): the furthest degrees of kinship the nepotism bar reaches.
NEPOTISM_MAX_BLOOD_DEGREE = 3  # CAM-10T-01 «hasta el tercer grado de consanguinidad»
NEPOTISM_MAX_AFFINITY_DEGREE = 2  # CAM-10T-01 «o segundo de afinidad»
R.add(
    "CAM-10U-01",
    "SUBSTANTIVE",
    "Sec. 10(u)",
    "en virtud de referirle un asunto a otra persona",
    "Representante: no cobrar por referir a otro un servicio que el Código le prohíbe.",
)
R.add(
    "CAM-10V-01",
    "SUBSTANTIVE",
    "Sec. 10(v)",
    "recogerá, recibirá o entregará cheques",
    "Representante: no manejar cheques de fondos legislativos; se exceptúan los cheques simbólicos.",
)
R.add(
    "CAM-10W-01",
    "DEADLINE",
    "Sec. 10(w)",
    "cinco (5) días laborables a partir de la notificación formal",
    "El Representante notifica por escrito al Secretario de la Cámara toda citación judicial o administrativa "
    "o caso en que sea parte o testigo, dentro de 5 días laborables desde la notificación formal.",
    term=(5, "business_days"),
)
R.add(
    "CAM-10W-02",
    "CONFIDENTIALITY",
    "Sec. 10(w)",
    "se abstendrá de incluir detalles",
    "La notificación omite el testimonio y el propósito de la citación: solo número de caso, fecha y papel.",
)
R.add(
    "CAM-10X-01",
    "SUBSTANTIVE",
    "Sec. 10(x)",
    "los informes financieros o cualquier información adicional",
    "Representantes, funcionarios y jefes de dependencia: rendir los informes financieros y la información "
    "adicional que pida la OEG (Sec. 14).",
)

# --- Sec. 11 — Otros empleos, contratos o negocios ---------------------------------------------
R.add(
    "CAM-11A-01",
    "SUBSTANTIVE",
    "Sec. 11(A)",
    "hasta un máximo de 35% de su salario",
    "Los ingresos extra-legislativos no exceden el 35 % del salario de legislador (periodo anual; A-10).",
)
# Sec. 11(A) (Ley 97-1968): outside income may reach this share of the legislative salary.
OUTSIDE_INCOME_CAP = Decimal("0.35")  # CAM-11A-01 «hasta un máximo de 35% de su salario»
R.add(
    "CAM-11A-02",
    "SUBSTANTIVE",
    "Sec. 11(A)(a)",
    "comprometa su independencia de criterio",
    "Representante: ningún cargo, contrato o negocio que comprometa su independencia de criterio.",
)
R.add(
    "CAM-11A-03",
    "SUBSTANTIVE",
    "Sec. 11(A)(b)(1)–(6)",
    "realizar negocios u otorgar contratos con agencia gubernamental alguna",
    "Representante: ningún negocio ni contrato con agencias, salvo las excepciones (1)–(6); todo contrato "
    "con una agencia necesita su código de excepción.",
)
R.add(
    "CAM-11B-01",
    "DEADLINE",
    "Sec. 11(B) ¶2",
    "previo al inicio de la actividad lucrativa extra-legislativa",
    "El Representante notifica a la Comisión, con copia a la Secretaría, antes de comenzar la actividad "
    "(fecha fija: el inicio de la actividad).",
)
R.add(
    "CAM-11B-02",
    "VALIDATION",
    "Sec. 11(B)(1)–(3)",
    "certificará bajo su firma",
    "La notificación indica la naturaleza de las labores, certifica bajo firma que no hay conflicto de "
    "interés y que la compensación no supera el tope legal (CAM-11A-01).",
)
R.add(
    "CAM-11B-03",
    "ROLE",
    "Sec. 11(B) ¶1",
    "deber continuo de notificar a la Comisión",
    "El Representante notifica todo cambio, con copia a la Secretaría; el texto no fija término (A-10).",
)
R.add(
    "CAM-11C-01",
    "DEADLINE",
    "Sec. 11(C)",
    "cinco (5) días laborables para oponerse",
    "La Comisión puede oponerse dentro de 5 días laborables desde que recibe la notificación, fundamentada "
    "en la Ley o las Reglas; su silencio equivale a no oponerse (A-10).",
    term=(5, "business_days"),
)
R.add(
    "CAM-11C-02",
    "VOTE",
    "Sec. 11(C)",
    "mayoría absoluta de sus integrantes",
    "La oposición requiere mayoría absoluta (4 de 7; umbral de la Sec. 6, A-6); se registran sus fundamentos.",
)

# --- Sec. 12 — Representación de intereses privados --------------------------------------------
R.add(
    "CAM-12A-01",
    "SUBSTANTIVE",
    "Sec. 12(a)",
    "en su capacidad oficial y no medie compensación",
    "Representante: representar a privados ante agencias solo en su capacidad oficial y sin compensación.",
)
R.add(
    "CAM-12B-01",
    "SUBSTANTIVE",
    "Sec. 12(b)(1)",
    "de naturaleza criminal",
    "Representante: no comparecer en procesos criminales, salvo en su propia defensa.",
)
R.add(
    "CAM-12B-02",
    "SUBSTANTIVE",
    "Sec. 12(b)(2)",
    "en forma gratuita y a favor del interés público",
    "Representante: no litigar acciones civiles en que el Gobierno sea parte, salvo gratis y en interés "
    "público; no aplica si el Gobierno se hizo parte después.",
)
R.add(
    "CAM-12B-03",
    "DEADLINE",
    "Sec. 12(b)(2)",
    "deberá renunciar a dicha representación legal, a la brevedad posible",
    "El Representante renuncia a la brevedad posible a compromisos previos a su elección que el Código no "
    "permite (desde la toma de posesión o la aprobación del Código, lo que sea después; A-11).",
    not_computable="«A la brevedad posible» no fija un plazo numérico: no hay vencimiento que calcular; la "
    "renuncia se registra.",
)
R.add(
    "CAM-12B-04",
    "SUBSTANTIVE",
    "Sec. 12(b)(3)",
    "en un procedimiento administrativo o adjudicativo",
    "Representante: no comparecer ante agencias estatales o federales en procedimientos administrativos o "
    "adjudicativos.",
)

# --- Sec. 13 — Funcionarios y jefes de dependencias ---------------------------------------------
R.add(
    "CAM-13-01",
    "SUBSTANTIVE",
    "Sec. 13",
    "excepto los incisos (a), (b), (e), (f), (p), (q) y (r) del Artículo 4",
    "Funcionarios y jefes de dependencia quedan obligados por las Secs. 10–12 salvo los incisos (a), (b), (e), "
    "(f), (p), (q) y (r) de la Sec. 10 (A-1: «Artículos 4, 5 y 6» = Secs. 10, 11 y 12). Matriz cargo × norma.",
)
# Sec. 13: the incisos of Sec. 10 that do not bind officers and department heads (A-1 legacy map).
NOT_BINDING_OFFICERS_AND_HEADS: tuple[str, ...] = (
    "CAM-10A-01",
    "CAM-10B-01",
    "CAM-10E-01",
    "CAM-10F-01",
    "CAM-10P-01",
    "CAM-10Q-01",
    "CAM-10R-01",
)  # CAM-13-01 «excepto los incisos (a), (b), (e), (f), (p), (q) y (r)»
# employees answer only for Sec. 10(h), which names them.
EMPLOYEE_NORMS: tuple[str, ...] = ("CAM-10H-01",)

RULES = R.rules

# Sec. 11(A)(b)(1)–(6): the exceptions that allow a Representative to contract with an agency.
AGENCY_CONTRACT_EXCEPTIONS: dict[str, str] = {
    "sole_buyer_or_seller": "(1) la agencia es el único comprador o vendedor",
    "property": "(2) arrendamiento o compraventa de un bien del Representante: único disponible o con las "
    "especificaciones exigidas, ya arrendado por la agencia, o arrendado antes de la elección",
    "general_program": "(3) propiedades, programas, préstamos, garantías o incentivos accesibles a todo "
    "ciudadano que cualifique, sin trato preferente",
    "permit_or_license": "(4) permisos, licencias o patentes exigidos por ley, sin trato preferente",
    "intellectual_property": "(5) derechos de propiedad intelectual o patentes de invención",
    "no_clear_conflict": "(6) otro contrato que no constituya un claro y manifiesto conflicto de interés",
}

# Finding id → rule id, for the rules reference.
FINDINGS: dict[str, str] = {
    "gift_not_excluded": "CAM-10K-01",
    "gift_pattern": "CAM-10K-01",
    "foreign_gift_prohibited": "CAM-10N-01",
    "nepotism_alert": "CAM-10T-01",
    "agency_contract_without_exception": "CAM-11A-03",
    "outside_income_over_cap": "CAM-11A-01",
    "outside_income_unverified": "CAM-11A-01",
    "notice_incomplete": "CAM-11B-02",
    "secretariat_copy_missing": "CAM-11B-03",
    "notice_after_activity_start": "CAM-11B-01",
    "activity_starts_before_objection_window_ends": "CAM-11C-01",
    "objected_activity_under_way": "CAM-11C-01",
    "no_objection_by_silence": "CAM-11C-01",
    "objection_untimely": "CAM-11C-01",
    "objection_without_grounds": "CAM-11C-01",
    "objection_without_majority": "CAM-11C-02",
    "norm_not_applicable": "CAM-13-01",
}


# --- pure checks -------------------------------------------------------------------------------

GiftKind = Literal["social", "award", "payment", "donation", "decoration", "official_post", "political_contribution"]
GIFT_KINDS: tuple[str, ...] = (
    "social",
    "award",
    "payment",
    "donation",
    "decoration",
    "official_post",
    "political_contribution",
)
GIFT_KIND_ES: dict[str, str] = {
    "social": "regalo u obsequio social acostumbrado",
    "award": "premio o reconocimiento por méritos",
    "payment": "pago o bien por realizar los deberes del cargo",
    "donation": "donativo económico",
    "decoration": "condecoración",
    "official_post": "cargo oficial",
    "political_contribution": "contribución política",
}


@dataclass(frozen=True)
class Gift:
    """Something of value a Representative received.

    ``kind``: ``social`` (Sec. 10(k)(2)), ``award`` (10(k)(1)), ``payment`` (pay for official
    duties, barred by 10(k)), ``donation``, ``decoration`` and ``official_post`` (10(n) when
    foreign), ``political_contribution`` (Sec. 3(m): neither gift nor income). ``foreign``: from a
    foreign country or official (10(n)). ``waiver``: the House waived 10(n) by Resolution.
    """

    received: dt.date
    source: str
    value: Decimal | float | int
    kind: GiftKind = "social"
    foreign: bool = False
    waiver: bool = False

    @property
    def amount(self) -> Decimal:
        return self.value if isinstance(self.value, Decimal) else Decimal(str(self.value))


_money = money_text


def _amount(value: Decimal) -> Raw:
    """An amount of money as a message's value (``$1,234.56``: the same in English)."""
    return Raw(_money(value))


def is_excluded_gift(gift: Gift) -> bool:
    """Whether Sec. 10(k) excludes the gift from the bar: a merit award, or a customary social gift
    worth no more than $250.00 (CAM-10K-01). Political contributions are not gifts at all (3(m))."""
    if gift.kind not in GIFT_KINDS:
        raise ValueError(f"«{gift.kind}» no es un tipo de regalo (valores: {', '.join(GIFT_KINDS)})")
    return gift.kind == "award" or (gift.kind == "social" and gift.amount <= GIFT_VALUE_CAP)


def check_foreign_gift(gift: Gift) -> list[Finding]:
    """Sec. 10(n) (CAM-10N-01): from a foreign country or official, a donation (any amount), a gift
    apparently worth more than $250.00, a decoration or an official post is barred unless the House
    waived it by Resolution."""
    if not gift.foreign or gift.waiver or gift.kind == "political_contribution":
        return []
    barred = gift.kind in ("donation", "decoration", "official_post") or gift.amount > FOREIGN_GIFT_VALUE_CAP
    if not barred:
        return []
    what = GIFT_KIND_ES[gift.kind].capitalize()
    if gift.kind in ("donation", "decoration", "official_post"):
        message = Msg(
            "%(what)s de fuente extranjera (%(source)s, %(received)s): la Sec. 10(n) lo prohíbe salvo dispensa "
            "de la Cámara mediante Resolución, que no consta.",
            what=what,
            source=Typed(gift.source),
            received=gift.received,
        )
    else:
        message = Msg(
            "%(what)s de valor aparente %(value)s, mayor de %(cap)s de fuente extranjera (%(source)s, "
            "%(received)s): la Sec. 10(n) lo prohíbe salvo dispensa de la Cámara mediante Resolución, que no "
            "consta.",
            what=what,
            value=_amount(gift.amount),
            cap=_amount(FOREIGN_GIFT_VALUE_CAP),
            source=Typed(gift.source),
            received=gift.received,
        )
    return [
        Finding(
            "foreign_gift_prohibited",
            R.rules["CAM-10N-01"],
            message,
            {"source": gift.source, "value": str(gift.amount), "kind": gift.kind},
        )
    ]


def check_gift(gift: Gift) -> list[Finding]:
    """Sec. 10(k) and 10(n) for one gift (no pattern check; see :func:`check_gifts`)."""
    out: list[Finding] = []
    if gift.kind == "political_contribution":
        return out  # Sec. 3(m) (CAM-03-07): neither a gift nor income
    if gift.kind == "payment" or (gift.kind == "social" and not is_excluded_gift(gift)):
        reason = (
            Msg("es un pago o bien de valor por realizar los deberes del cargo")
            if gift.kind == "payment"
            else Msg("vale %(value)s, más de %(cap)s", value=_amount(gift.amount), cap=_amount(GIFT_VALUE_CAP))
        )
        out.append(
            Finding(
                "gift_not_excluded",
                R.rules["CAM-10K-01"],
                Msg(
                    "%(what)s de %(source)s (%(received)s) %(reason)s: no está entre las exclusiones de la Sec. 10(k).",
                    what=GIFT_KIND_ES[gift.kind].capitalize(),
                    source=Typed(gift.source),
                    received=gift.received,
                    reason=reason,
                ),
                {"source": gift.source, "value": str(gift.amount), "kind": gift.kind},
            )
        )
    out.extend(check_foreign_gift(gift))
    return out


def check_gifts(gifts: Iterable[Gift], *, settings: Mapping[str, Any] | None = None) -> list[Finding]:
    """Every gift's checks plus the repeat-donor alert of Sec. 10(k): the excluded gifts of one
    source must not become a pattern.

    Interpretation (A-9, setting ``gift_pattern_threshold``, default 2): an alert at the Nth excluded
    gift from the same source within one calendar year, and at each one after it.
    """
    from . import RULEBOOK  # the package (this rulebook) imports this module

    threshold = int(RULEBOOK.resolve_settings(settings or {})["gift_pattern_threshold"])
    out: list[Finding] = []
    seen: dict[tuple[str, int], int] = {}
    for gift in sorted(gifts, key=lambda g: g.received):
        out.extend(check_gift(gift))
        if not is_excluded_gift(gift):
            continue
        key = (gift.source.strip().casefold(), gift.received.year)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= threshold:
            out.append(
                Finding(
                    "gift_pattern",
                    R.rules["CAM-10K-01"],
                    Msg(
                        "%(source)s ha dado %(seen)s regalos o premios excluidos en %(year)s (el último el "
                        "%(received)s): la Sec. 10(k) pide evitar que se conviertan en un patrón de una misma persona o "
                        "entidad (alerta desde el %(threshold)sº; A-9).",
                        source=Typed(gift.source),
                        seen=seen[key],
                        year=gift.received.year,
                        received=gift.received,
                        threshold=threshold,
                    ),
                    {"source": gift.source, "year": gift.received.year, "count": seen[key]},
                )
            )
    return out


def check_agency_contract(exception: str | None, *, agency: str = "la agencia") -> list[Finding]:
    """Sec. 11(A)(b) (CAM-11A-03): a Representative's contract or business with a government agency
    needs one of the exceptions (1)–(6) (a key of ``AGENCY_CONTRACT_EXCEPTIONS``).

    An unknown exception code raises ValueError (input error).
    """
    if exception is None:
        return [
            Finding(
                "agency_contract_without_exception",
                R.rules["CAM-11A-03"],
                Msg(
                    "Contrato o negocio con %(agency)s sin excepción de la Sec. 11(A)(b)(1)–(6): la Sec. 11(A)(b) "
                    "lo prohíbe salvo que se indique la excepción aplicable.",
                    agency=agency if agency == "la agencia" else Typed(agency),
                ),
                {"agency": agency},
            )
        ]
    if exception not in AGENCY_CONTRACT_EXCEPTIONS:
        raise ValueError(
            f"«{exception}» no es una excepción de la Sec. 11(A)(b) (valores: {', '.join(AGENCY_CONTRACT_EXCEPTIONS)})"
        )
    return []


def compute_outside_income_cap(legislative_salary: Decimal | float | int) -> Decimal:
    """The most a Representative may earn outside the legislature: 35 % of the legislative salary
    (Sec. 11(A), CAM-11A-01), over the same period as the salary (annual by default, A-10).

    Exact, not rounded to the cent: the law caps at 35 % of the salary, so on $73,428.16 the cap is
    $25,699.856 and $25,699.86 exceeds it (a salary in cents times 0.35 needs at most four decimals)."""
    salary = legislative_salary if isinstance(legislative_salary, Decimal) else Decimal(str(legislative_salary))
    return salary * OUTSIDE_INCOME_CAP


def outside_income_cap(legislative_salary: Decimal) -> tuple[Decimal, Decimal, str]:
    """Sec. 11(A) for the web app (``Rulebook.register.income_cap``): the cap, its share in per cent, its rule."""
    return compute_outside_income_cap(legislative_salary), OUTSIDE_INCOME_CAP * 100, "CAM-11A-01"


def _over_cap_message(compensation: Decimal, legislative_salary: Decimal) -> Msg | None:
    cap = compute_outside_income_cap(legislative_salary)
    if compensation <= cap:
        return None
    return Msg(
        "La compensación extra-legislativa de %(compensation)s supera el tope de %(cap)s (%(percent)s %% del "
        "salario de legislador de %(salary)s; Sec. 11(A), periodo anual, A-10).",
        compensation=_amount(compensation),
        cap=_amount(cap),
        percent=int(OUTSIDE_INCOME_CAP * 100),
        salary=_amount(legislative_salary),
    )


def check_outside_income(
    compensation: Decimal | float | int, legislative_salary: Decimal | float | int
) -> list[Finding]:
    """CAM-11A-01: an alert when outside compensation exceeds 35 % of the legislative salary."""
    comp = compensation if isinstance(compensation, Decimal) else Decimal(str(compensation))
    salary = legislative_salary if isinstance(legislative_salary, Decimal) else Decimal(str(legislative_salary))
    msg = _over_cap_message(comp, salary)
    if msg is None:
        return []
    cap = compute_outside_income_cap(salary)
    return [
        Finding("outside_income_over_cap", R.rules["CAM-11A-01"], msg, {"compensation": str(comp), "cap": str(cap)})
    ]


def compute_citation_notice_due(calendar: LegalCalendar, formal_notice: dt.date) -> DayResult:
    """Sec. 10(w) (CAM-10W-01): the day by which a Representative tells the House Secretary of a
    judicial or administrative citation or case: 5 business days after its formal notice."""
    term = R.rules["CAM-10W-01"].term
    assert term is not None
    return calendar.add_business_days(formal_notice, term.amount)


# Sec. 10(w): the term of a court summons' notice to the House Secretary, and the act that meets it.
CITATION_NOTICE_DEADLINE = "citation_notice"
CITATION_NOTICE_TRIGGER = "formal_notice"
CITATION_NOTICE_ACT = "secretary_notified"


def compute_citation_notice(
    calendar: LegalCalendar, formal_notice: dt.date, notified_on: dt.date | None, as_of: dt.date
) -> Deadline:
    """Sec. 10(w) (CAM-10W-01) as a term like a case's: due 5 business days after the formal notice;
    ``met`` when the Secretary was told by then, ``missed`` when told later (a late act) or when
    ``as_of`` is past the due day with no notice on record, else ``open``. Its trace is the
    deadline's (:meth:`Deadline.trace_msgs`)."""
    rule = R.rules["CAM-10W-01"]
    assert rule.term is not None
    due = compute_citation_notice_due(calendar, formal_notice).due
    deadline = Deadline(
        CITATION_NOTICE_DEADLINE,
        rule,
        CITATION_NOTICE_TRIGGER,
        formal_notice,
        rule.term,
        due,
        inputs=(calendar, formal_notice, rule.term, (), True, "clock", Msg("notificación formal de la citación")),
    )
    if notified_on is not None:
        deadline.status = "met" if notified_on <= due else "missed"
        deadline.satisfied_by = CITATION_NOTICE_ACT
        deadline.satisfied_at = notified_on
    else:
        deadline.status = "open" if as_of <= due else "missed"
    return deadline


# --- Sec. 13: which norm binds whom ------------------------------------------------------------

ROLES_ES = {
    "representative": "Representante",
    "officer": "funcionario",
    "department_head": "jefe de dependencia",
    "employee": "empleado",
}


def norm_rule_ids() -> tuple[str, ...]:
    """The norms of conduct: every rule of Secs. 10–12."""
    return tuple(rid for rid in R.rules if rid.startswith(("CAM-10", "CAM-11", "CAM-12")))


def norm_binds(role: str, rule_id: str) -> bool:
    """Whether the norm ``rule_id`` (Secs. 10–12) binds a person of ``role``.

    Representatives: all. Officers and department heads: all but 10(a),(b),(e),(f),(p),(q),(r)
    (Sec. 13, CAM-13-01; A-1). Employees: 10(h) only (A-4).
    """
    if rule_id not in R.rules or not rule_id.startswith(("CAM-10", "CAM-11", "CAM-12")):
        raise ValueError(f"{rule_id} no es una norma de conducta de las Secs. 10–12")
    if role == "representative":
        return True
    if role in ("officer", "department_head"):
        return rule_id not in NOT_BINDING_OFFICERS_AND_HEADS
    if role == "employee":
        return rule_id in EMPLOYEE_NORMS
    raise ValueError(f"«{role}» no es un cargo (valores: {', '.join(ROLES_ES)})")


def norm_matrix() -> dict[str, dict[str, bool]]:
    """Role × norm: ``matrix[role][rule_id]`` says whether the norm binds that role."""
    return {role: {rid: norm_binds(role, rid) for rid in norm_rule_ids()} for role in ROLES_ES}


def check_norms_for_role(role: str, rule_ids: Sequence[str]) -> list[Finding]:
    """A finding for each cited norm that does not bind a respondent of ``role`` (e.g. a complaint
    against the House Secretary citing Sec. 10(a))."""
    out: list[Finding] = []
    for rid in rule_ids:
        if norm_binds(role, rid):
            continue
        rule = R.rules[rid]
        why = (
            Msg("la Sec. 13 excluye ese inciso para funcionarios y jefes de dependencia")
            if role != "employee"
            else Msg("a los empleados solo les aplica la Sec. 10(h) (A-4)")
        )
        out.append(
            Finding(
                "norm_not_applicable",
                R.rules["CAM-13-01"],
                Msg(
                    "%(citation)s (%(rule)s) no obliga a un %(role)s: %(why)s.",
                    citation=Raw(rule.citation),
                    rule=Raw(rid),
                    role=ROLES_ES[role],
                    why=why,
                ),
                {"norm": rid, "role": role},
            )
        )
    return out


# --- kind: outside_activity (Sec. 11(B)–(C)) ----------------------------------------------------

_F = FieldSpec
# Sec. 11's title: «Otros empleos, contratos o negocios» — what a notice is of.
OUTSIDE_ACTIVITY_TYPES = ("employment", "contract", "business")
OUTSIDE_ACTIVITY_TYPES_ES = {
    "employment": "Otro empleo (Sec. 11)",
    "contract": "Contrato (Sec. 11)",
    "business": "Negocio (Sec. 11)",
}
OUTSIDE_ACTIVITY_EVENTS: dict[str, EventSpec] = {
    e.type: e
    for e in (
        EventSpec("outside_activity_notified", "Notificación de actividad extra-legislativa recibida por la Comisión", {
            "activity": _F("choice", choices=OUTSIDE_ACTIVITY_TYPES, labels=OUTSIDE_ACTIVITY_TYPES_ES,
                           help="Otro empleo, contrato o negocio (Sec. 11, título)"),
            "compensation": _F("money", help="Compensación pactada, anual (Sec. 11(B)(3); A-10)"),
            "legislative_salary": _F("money", help="Salario anual de legislador (base del 35 %, Sec. 11(A))"),
            "planned_start": _F("date", help="Fecha prevista de inicio de la actividad (Sec. 11(B) ¶2)"),
            "nature": _F("str", help="Naturaleza de las labores (Sec. 11(B)(1))"),
            "certified_no_conflict": _F("bool", help="Certificación bajo firma de que no hay conflicto (Sec. 11(B)(2))"),
            "copy_to_secretariat": _F("bool", help="Copia a la Secretaría del Cuerpo (Sec. 11(B))"),
            "change": _F("bool", help="Notificación de un cambio en actividades ya notificadas (Sec. 11(B) ¶1)"),
        }),
        EventSpec("objection_decided", "Determinación de la Comisión sobre la oposición", {
            "objected": _F("bool", required=True, help="La Comisión se opone a la actividad"),
            "yes_votes": _F("int", help="Votos a favor de oponerse (Sec. 11(C))"),
            "grounds": _F("str", help="Fundamentos en la Ley o las Reglas"),
        }),
        EventSpec("activity_started", "Inicio de la actividad extra-legislativa"),
    )
}  # fmt: skip
OUTSIDE_ACTIVITY_EVENTS = with_next_acts(
    OUTSIDE_ACTIVITY_EVENTS,
    {
        "outside_activity_notified": "Al recibir la notificación del Representante, antes de que empiece la "
        "actividad (Sec. 11(B)).",
        "objection_decided": "Si la Comisión decide, dentro de 5 días laborables, oponerse o no (Sec. 11(C)).",
        "activity_started": "Cuando la actividad empieza.",
    },
    meets={"objection_decided": ("objection_window",)},  # CAM-11C-01
)


def _notice_hints(ctx: FormContext) -> Mapping[str, FieldHint]:
    """Sec. 11(B): the staff recording a notice say what it is of (an employment, a contract, a business)."""
    return {
        "activity": FieldHint(required=True, required_message="Indique si es otro empleo, un contrato o un negocio.")
    }


def _check_objection(payload: Mapping[str, Any], ctx: FormContext) -> Mapping[str, FieldError]:
    """Sec. 11(C): an objection states its grounds in the Law or the Rules (CAM-11C-01)."""
    if payload.get("objected") and not str(payload.get("grounds") or "").strip():
        return {
            "grounds": FieldError("Una oposición debe indicar sus fundamentos en la Ley o en las Reglas (Sec. 11(C)).")
        }
    return {}


OUTSIDE_ACTIVITY_EVENTS = with_form_hints(
    OUTSIDE_ACTIVITY_EVENTS,
    outside_activity_notified={"hints": _notice_hints},
    objection_decided={"validate": _check_objection},
)
# What each act presupposes (never silent): the Commission decides on a notice, once on each (an objection
# after its «no objection» contradicts it: a new notice of a change reopens it, Sec. 11(B) ¶1); the activity
# starts once (a start before any notice is the evaluator's CAM-11B-01 finding).
OUTSIDE_ACTIVITY_EVENTS = with_order(
    OUTSIDE_ACTIVITY_EVENTS,
    after={"objection_decided": ("outside_activity_notified",)},
    once=("objection_decided", "activity_started"),
)


def _money_field(e: Event, name: str) -> Decimal | None:
    v = e.get(name)
    return None if v is None else Decimal(str(v))


def evaluate_outside_activity(ctx: Context) -> None:
    """Sec. 11(B)–(C): each notice opens the Commission's 5 business days to object.

    Interpretation (A-10, setting ``objection_trigger``): the 5 business days run from the
    Commission's receipt of the notice (the ``outside_activity_notified`` event); silence means no
    objection; a start of the activity before the window ends is flagged.
    """
    notices = ctx.all("outside_activity_notified")
    if not notices:
        ctx.stage = OutsideActivityStage.NEW
        ctx.allowed_next = ["outside_activity_notified"]
        for e in ctx.all("activity_started"):  # never silent: a start with no notice at all
            ctx.add_finding(
                "notice_after_activity_start",
                "CAM-11B-01",
                Msg(
                    "La actividad comenzó el %(start)s sin notificación a la Comisión: debía notificarse antes del "
                    "inicio (Sec. 11(B) ¶2).",
                    start=e.day,
                ),
                start=e.day.isoformat(),
                event=e.index,
            )
        return
    started = ctx.first("activity_started")
    decisions = ctx.all("objection_decided")
    # Each decision answers the last notice before it in the docket's order (a decision and a new notice
    # of the same day: the one entered first comes first), as the order check counts it (``once``).
    pos = {e.index: n for n, e in enumerate(ctx.events)}
    stands = False
    for i, notice in enumerate(notices):
        following = notices[i + 1] if i + 1 < len(notices) else None
        decision = next(
            (
                d
                for d in decisions
                if pos[d.index] > pos[notice.index] and (following is None or pos[d.index] < pos[following.index])
            ),
            None,
        )
        window = ctx.add_deadline(
            OutsideActivityDeadline.OBJECTION_WINDOW,
            "CAM-11C-01",
            notice,
            satisfied=decision,
            start_label=Msg("recibo de la notificación por la Comisión"),
        )
        _check_notice(ctx, notice, started if i == 0 else None, window.due_date)
        if decision is not None:
            stands = _check_decision(ctx, decision, window.due_date)
        elif window.status == "missed":
            ctx.add_finding(
                "no_objection_by_silence",
                "CAM-11C-01",
                Msg(
                    "Venció el %(due_date)s el término de 5 días laborables sin que la Comisión se opusiera: se "
                    "entiende que no hay oposición a la actividad notificada el %(day)s (A-10).",
                    due_date=window.due_date,
                    day=notice.day,
                ),
                due=window.due_date.isoformat(),
            )
    last = notices[-1]
    last_window = ctx.deadlines[-1]
    decision = next((d for d in decisions if pos[d.index] > pos[last.index]), None)
    if decision is not None:
        ctx.stage = OutsideActivityStage.OBJECTED if stands else OutsideActivityStage.CLEARED
    elif last_window.status == "missed":
        ctx.stage = OutsideActivityStage.CLEARED_BY_SILENCE
    else:
        ctx.stage = OutsideActivityStage.UNDER_REVIEW
    if ctx.stage == "objected" and started is not None and decision is not None and started.at >= decision.at:
        ctx.add_finding(  # never silent: the activity went ahead against the Commission's objection
            "act_not_allowed",
            "CAM-11C-01",
            Msg(
                "La actividad comenzó el %(start)s pese a la oposición de la Comisión del %(day)s (Sec. 11(C)).",
                start=started.day,
                day=decision.day,
            ),
            event=started.index,
        )
    elif ctx.stage == "objected" and started is not None and decision is not None:
        ctx.add_finding(  # never silent: the Commission objects to an activity already under way
            "objected_activity_under_way",
            "CAM-11C-01",
            Msg(
                "La actividad está en curso desde el %(start)s y la Comisión se opuso a ella el %(day)s: el "
                "Representante no puede seguir realizándola (Sec. 11(C)).",
                start=started.day,
                day=decision.day,
            ),
            event=started.index,
        )
    nxt = ["objection_decided"] if ctx.stage == "under_review" else []
    if started is None and ctx.stage != "objected":
        nxt.append("activity_started")
    nxt.append("outside_activity_notified")  # the continuing duty to report changes (Sec. 11(B) ¶1)
    ctx.allowed_next = nxt


def _check_notice(ctx: Context, notice: Event, started: Event | None, window_due: dt.date) -> None:
    missing: list[Msg] = []
    if not notice.get("nature"):
        missing.append(Msg("la naturaleza de las labores (1)"))
    if notice.get("certified_no_conflict") is not True:
        missing.append(Msg("la certificación bajo firma de que no hay conflicto de interés (2)"))
    if notice.get("compensation") is None:
        missing.append(Msg("la compensación pactada (3)"))
    if missing:
        ctx.add_finding(
            "notice_incomplete",
            "CAM-11B-02",
            Msg(
                "A la notificación del %(day)s le falta: %(missing)s (Sec. 11(B)(1)–(3)).",
                day=notice.day,
                missing=joined(missing),
            ),
            missing=len(missing),
        )
    if notice.get("copy_to_secretariat") is False:
        ctx.add_finding(
            "secretariat_copy_missing",
            "CAM-11B-03",
            Msg(
                "La notificación del %(day)s no se copió a la Secretaría del Cuerpo (Sec. 11(B)).",
                day=notice.day,
            ),
        )
    comp, salary = _money_field(notice, "compensation"), _money_field(notice, "legislative_salary")
    if comp is not None and salary is not None:
        msg = _over_cap_message(comp, salary)
        if msg is not None:
            ctx.add_finding(
                "outside_income_over_cap",
                "CAM-11A-01",
                msg,
                compensation=str(comp),
                cap=str(compute_outside_income_cap(salary)),
            )
    elif comp is not None:
        ctx.add_finding(
            "outside_income_unverified",
            "CAM-11A-01",
            Msg(
                "La notificación no indica el salario de legislador: no puede verificarse el tope de 35 % (Sec. 11(A))."
            ),
        )
    planned: dt.date | None = notice.get("planned_start")
    start = started.day if started is not None else planned
    # Sec. 11(B) ¶2: the notice precedes the start. Days are the unit: a start on the notice's own
    # day cannot be shown to follow it, so it is flagged too.
    if start is not None and start <= notice.day and not notice.get("change"):
        ctx.add_finding(
            "notice_after_activity_start",
            "CAM-11B-01",
            Msg(
                "La actividad comenzó el %(start)s y la notificación se recibió el %(day)s: debía notificarse "
                "antes del inicio (Sec. 11(B) ¶2)."
                if started is not None
                else "La actividad comienza el %(start)s y la notificación se recibió el %(day)s: debía "
                "notificarse antes del inicio (Sec. 11(B) ¶2).",
                start=start,
                day=notice.day,
            ),
            start=start.isoformat(),
        )
    elif start is not None and start < window_due:
        # Interpretation: warn when the start comes before receipt + 5 business days.
        ctx.add_finding(
            "activity_starts_before_objection_window_ends",
            "CAM-11C-01",
            Msg(
                "La actividad comenzó el %(start)s, antes de que venza el %(window_due)s el término de la "
                "Comisión para oponerse (A-10)."
                if started is not None
                else "La actividad comienza el %(start)s, antes de que venza el %(window_due)s el término de "
                "la Comisión para oponerse (A-10).",
                start=start,
                window_due=window_due,
            ),
            start=start.isoformat(),
            window_due=window_due.isoformat(),
        )


def _check_decision(ctx: Context, decision: Event, window_due: dt.date) -> bool:
    """Check an objection; whether it stands (an objection without the majority does not)."""
    if not decision.get("objected"):
        return False
    if decision.day > window_due:
        ctx.add_finding(
            "objection_untimely",
            "CAM-11C-01",
            Msg(
                "La oposición del %(day)s llegó después de vencer el término de 5 días laborables "
                "(%(window_due)s): para entonces el silencio equivalía a no oponerse (A-10).",
                day=decision.day,
                window_due=window_due,
            ),
        )
    if not decision.get("grounds"):
        ctx.add_finding(
            "objection_without_grounds",
            "CAM-11C-01",
            Msg("La oposición no indica sus fundamentos en la Ley o en las Reglas (Sec. 11(C))."),
        )
    yes = decision.get("yes_votes")
    if yes is not None:
        needed = required_yes("camara-171", settings=ctx.settings, motion_rule_id="CAM-11C-02")
        if yes < needed:
            ctx.add_finding(
                "objection_without_majority",
                "CAM-11C-02",
                Msg(
                    "La oposición tuvo %(yes)s votos a favor; la Sec. 11(C) exige la mayoría absoluta de los "
                    "integrantes (%(needed)s votos; A-6). No hay oposición válida.",
                    yes=yes,
                    needed=needed,
                ),
                yes_votes=yes,
                required=needed,
            )
            return False
    return True


KINDS: dict[str, KindSpec] = {
    "outside_activity": KindSpec(
        "outside_activity",
        "Actividad extra-legislativa (Sec. 11)",
        OUTSIDE_ACTIVITY_EVENTS,
        evaluate_outside_activity,
        deadline_ids=("objection_window",),
        actors={"objection_window": Actor.COMMISSION},  # CAM-11C-01: the Commission may object
        stages=OutsideActivityStage,
        deadlines=OutsideActivityDeadline,
        respondent_roles=("representative", "officer", "department_head"),
        # Decided, or let pass in silence: nothing is left to do until a new notice (a change) reopens it.
        closed_stages=("objected", "cleared", "cleared_by_silence"),
        # CAM-11C-01: the Commission's silence means no objection — the expected outcome, not a missed term.
        lapses={
            "objection_window": Msg(
                "Transcurrieron los 5 días laborables sin oposición de la Comisión: la actividad puede comenzar "
                "(Sec. 11(C))."
            )
        },
        caption="Actividad extra-legislativa de %(name)s (Sec. 11)",
    ),
}

# What the web app checks per person of the register (Secs. 10(k), 10(n), 10(t), 10(w)): read through
# ``Rulebook.register.conduct``, never by importing this module.
CONDUCT = ConductRules(
    gift=Gift,
    check_gift=check_gift,
    check_gifts=check_gifts,
    gift_kinds=GIFT_KINDS,
    citation_notice_due=compute_citation_notice_due,
    citation_notice=compute_citation_notice,
    roles=ROLES_ES,
    norm_matrix=norm_matrix,
    check_norms_for_role=check_norms_for_role,
    gift_cap=GIFT_VALUE_CAP,
    foreign_gift_cap=FOREIGN_GIFT_VALUE_CAP,
    nepotism_max_blood=NEPOTISM_MAX_BLOOD_DEGREE,
    nepotism_max_affinity=NEPOTISM_MAX_AFFINITY_DEGREE,
    gift_rules=("CAM-10K-01", "CAM-10N-01"),
    summons_rule="CAM-10W-01",
    summons_confidentiality_rule="CAM-10W-02",
    nepotism_rule="CAM-10T-01",
)
