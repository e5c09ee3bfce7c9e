"""¶1–¶3 (H1 «1. Composición de la Comisión»): jurisdiction, who may file, the three seats, the
President's qualifications, the term of office with holdover, and the members' immunity.
Rules ``MUN-COM-*``.

Pure helpers: :func:`check_president` and :func:`check_member` (MUN-COM-04 blocks, MUN-COM-06
warns) and :func:`compute_term_of_office` (MUN-COM-05: four years, held over until the successor
takes office).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ...calendar import format_date_es
from ...i18n import Msg, Raw
from ..common import RuleSet

R = RuleSet()

R.add(
    "MUN-COM-01",
    "SUBSTANTIVE",
    "¶1",
    "jurisdicción primaria para entender en la querellas contra cualquier alcalde o contra cualquier "
    "funcionario municipal",
    "La Comisión tiene jurisdicción primaria sobre querellas contra un alcalde o cualquier funcionario "
    "municipal; el procedimiento de ¶12–¶32 nombra solo al alcalde: contra otros funcionarios se registra "
    "con una advertencia (ambigüedad 8, ajuste respondent_roles).",
)
R.add(
    "MUN-COM-02",
    "ROLE",
    "¶1",
    "el Gobernador del Estado Libre Asociado de Puerto Rico, el Director de la Oficina de Etica "
    "Gubernamental, la Asamblea Municipal o cualquier ciudadano",
    "Pueden querellarse: el Gobernador, el Director de la OEG, la Asamblea Municipal o cualquier ciudadano; "
    "¶5 dice «cualquier persona» (ambigüedad 8, ajuste complainant_scope).",
)
R.add(
    "MUN-COM-03",
    "ROLE",
    "¶2",
    "un Presidente y dos Comisionados Asociados nombrados por el Gobernador de Puerto Rico y el "
    "Consentimiento del Senado",
    "Tres escaños: un Presidente y dos Comisionados Asociados, nombrados por el Gobernador con el "
    "consentimiento del Senado.",
)
R.add(
    "MUN-COM-04",
    "VALIDATION",
    "¶2",
    "El Presidente deberá ser un abogado con no menos de cinco años de experiencia",
    "El Presidente debe ser abogado con no menos de 5 años de ejercicio de la profesión; si no, se bloquea "
    "el nombramiento.",
)
R.add(
    "MUN-COM-05",
    "ROLE",
    "¶2",
    "término de cuatro (4) años cada uno y desempeñarán los cargos hasta que sus sucesores sean nombrados y "
    "tomen posesión del cargo",
    "Términos de 4 años; cada miembro sigue en el cargo hasta que su sucesor sea nombrado y tome posesión "
    "(el término empieza al tomar posesión, ambigüedad 17, ajuste term_start).",
)
R.add(
    "MUN-COM-06",
    "VALIDATION",
    "¶2",
    "Preferentemente se designaran como miembros de la Comisión a personas que hayan sido miembros de la "
    "Judicatura de Puerto Rico o abogados con no menos de cinco (5) años",
    "Preferencia, no requisito: ex jueces o abogados con no menos de 5 años de ejercicio. Solo se advierte.",
)
R.add(
    "MUN-COM-07",
    "SUBSTANTIVE",
    "¶3",
    "no incurrirán en responsabilidad económica por cualquier acción tomada en el desempeño de sus deberes",
    "Los miembros no responden económicamente por sus actos oficiales, salvo actos intencionales, ilegales, "
    "para beneficio propio o a sabiendas de que pueden ocasionar daños.",
)

RULES = R.rules

# MUN-COM-03: the seats of the Commission.
SEATS = 3
# MUN-COM-04 / MUN-COM-06: «no menos de cinco años de experiencia en el ejercicio de la profesión».
MIN_YEARS_OF_PRACTICE = 5
# MUN-COM-05: «un término de cuatro (4) años».
TERM_OF_OFFICE_YEARS = 4


# --- MUN-COM-04 / MUN-COM-06: qualifications ------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """What the qualification checks need to know about a person proposed for a seat."""

    is_lawyer: bool
    years_of_practice: float = 0
    former_judge: bool = False


@dataclass(frozen=True)
class QualificationCheck:
    """One result of a qualification check: ``block`` stops the appointment, ``warn`` only informs."""

    rule_id: str
    severity: Literal["block", "warn"]
    message: Msg  # shown in the reader's language; ``str()`` is the Spanish


def check_president(candidate: Candidate) -> list[QualificationCheck]:
    """MUN-COM-04 (block) and MUN-COM-06 (warn) for the President's seat; empty when qualified."""
    out: list[QualificationCheck] = []
    if not candidate.is_lawyer or candidate.years_of_practice < MIN_YEARS_OF_PRACTICE:
        why = (
            Msg("no es abogado")
            if not candidate.is_lawyer
            else Msg("tiene %(years)s de ejercicio de la profesión", years=_years(candidate.years_of_practice))
        )
        out.append(
            QualificationCheck(
                "MUN-COM-04",
                "block",
                Msg(
                    "El Presidente debe ser abogado con no menos de %(years)s años de experiencia en el ejercicio "
                    "de la profesión (¶2); la persona propuesta %(why)s.",
                    years=MIN_YEARS_OF_PRACTICE,
                    why=why,
                ),
            )
        )
    out.extend(check_member(candidate))
    return out


def check_member(candidate: Candidate) -> list[QualificationCheck]:
    """MUN-COM-06 for any seat: a preference for former judges or lawyers with ≥ 5 years (warn only)."""
    lawyer_ok = candidate.is_lawyer and candidate.years_of_practice >= MIN_YEARS_OF_PRACTICE
    if candidate.former_judge or lawyer_ok:
        return []
    return [
        QualificationCheck(
            "MUN-COM-06",
            "warn",
            Msg(
                "La ley prefiere (sin exigirlo) a ex miembros de la Judicatura o abogados con no menos de "
                "%(years)s años de ejercicio (¶2); la persona propuesta no es ninguna de las dos cosas.",
                years=MIN_YEARS_OF_PRACTICE,
            ),
        )
    ]


def _years(years: float) -> Msg:
    if float(years).is_integer():
        n = int(years)
        return Msg("1 año") if n == 1 else Msg("%(n)s años", n=n)
    return Msg("%(n)s años", n=Raw(str(years)))


# --- MUN-COM-05: term of office with holdover -----------------------------------------------------


@dataclass(frozen=True)
class TermOfOffice:
    """A member's term: when it started, when the four years end, and whether the member holds over.

    ``nominal_end`` is the anniversary four years after ``start``: the first day *outside* the four
    years. From that day the member holds over (``holdover``) until the successor takes office;
    ``service_ends`` is that day, when known.
    """

    start: dt.date
    nominal_end: dt.date
    on: dt.date
    in_office: bool
    holdover: bool
    service_ends: dt.date | None
    message: str


def add_years(day: dt.date, years: int) -> dt.date:
    """``day`` plus whole years. Interpretation: an anniversary of 29 February in a common year falls
    on 1 March (the day after 28 February), never silently on 28 February."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return dt.date(day.year + years, 3, 1)


def compute_term_of_office(
    *,
    took_office: dt.date,
    on: dt.date,
    appointed: dt.date | None = None,
    successor_took_office: dt.date | None = None,
    settings: Mapping[str, Any] | None = None,
) -> TermOfOffice:
    """MUN-COM-05: four years from the start, then holdover until the successor takes office.

    Interpretation (ambiguity 17, setting ``term_start``): the term starts when the member takes
    office (``took_office``, default) or, with ``term_start="appointed"``, on the appointment date.
    """
    mode = (settings or {}).get("term_start", "took_office")
    if mode == "appointed":
        if appointed is None:
            raise ValueError("term_start='appointed' requiere la fecha de nombramiento")
        start = appointed
    else:
        start = took_office
    nominal_end = add_years(start, TERM_OF_OFFICE_YEARS)
    last_day = format_date_es(nominal_end - dt.timedelta(days=1))

    def term(in_office: bool, holdover: bool, service_ends: dt.date | None, message: str) -> TermOfOffice:
        return TermOfOffice(start, nominal_end, on, in_office, holdover, service_ends, message)

    if successor_took_office is not None and successor_took_office <= on:
        ended = f"El cargo terminó el {format_date_es(successor_took_office)}, cuando el sucesor tomó posesión (¶2)."
        return term(False, False, successor_took_office, ended)
    if on < took_office:
        return term(False, False, None, f"Aún no ha tomado posesión (lo hará el {format_date_es(took_office)}).")
    if on < nominal_end:
        within = f"En su término de {TERM_OF_OFFICE_YEARS} años, hasta el {last_day} (¶2)."
        return term(True, False, successor_took_office, within)
    holding = (
        f"Su término de {TERM_OF_OFFICE_YEARS} años terminó el {last_day}; "
        f"sigue en el cargo hasta que su sucesor sea nombrado y tome posesión (¶2)."
    )
    return term(True, True, successor_took_office, holding)


def check_candidate(
    seat: str, is_lawyer: bool, years_of_practice: float, former_judge: bool
) -> list[QualificationCheck]:
    """MUN-COM-04/06 for a person proposed for ``seat`` (``president`` or another)."""
    candidate = Candidate(is_lawyer, years_of_practice, former_judge)
    return check_president(candidate) if seat == "president" else check_member(candidate)
