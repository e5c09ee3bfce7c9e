"""Degrees of kinship by blood (consanguinidad) and by marriage (afinidad), counted the civil-law way.

Two rules of R. de la C. 171 turn on kinship: nepotism (Sec. 10(t), CAM-10T-01: up to the 3rd
degree by blood or the 2nd by marriage) and recusal (Sec. 9(c), CAM-09-03: up to the 4th degree
by either). Their limits live next to those rule declarations; this module only counts.

Counting (Código Civil de Puerto Rico): each generation is one degree. In the direct line the
degree is the number of generations between the two people (parent 1, grandparent 2); in the
collateral line one climbs to the common ancestor and comes down to the other person (siblings 2,
uncle–nephew 3, first cousins 4). Affinity joins a spouse to the blood relatives of the other
spouse, in the same line and degree as that spouse (father-in-law 1st, brother-in-law 2nd).
Affinity does not create affinity: a spouse's sibling's spouse (concuñado) and a child's
parents-in-law (consuegros) are not kin.

A relationship is described as a *path* of steps from one person to the other —
``parent``, ``child``, ``sibling``, ``spouse`` — climbing first and then coming down (``sibling``
is shorthand for ``parent`` + ``child``); a spouse step may open or close the path. Or by name,
in Spanish or English (``"suegra"``, ``"first cousin"``): see :data:`RELATIONS`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .i18n import Msg, Raw
from .rulebooks import RULEBOOKS
from .rulebooks.camara_171 import s01_s09_commission as commission
from .rulebooks.camara_171 import s10_s13_conduct as conduct
from .terms import Finding
from .vocabulary import ORDINAL_ES

Step = Literal["parent", "child", "sibling", "spouse"]
STEPS: tuple[str, ...] = ("parent", "child", "sibling", "spouse")
STEP_ES: dict[str, str] = {"parent": "padre/madre", "child": "hijo/a", "sibling": "hermano/a", "spouse": "cónyuge"}


@dataclass(frozen=True, slots=True)
class Kinship:
    """Kinship between two people.

    ``kind``: ``blood`` (consanguinidad), ``affinity`` (afinidad) or ``spouse`` (the marriage
    itself, which has no degree: ``degree`` is 0). ``line``: ``direct`` (one descends from the
    other, or from the other's spouse), ``collateral`` (a common ancestor) or ``marriage``.
    """

    kind: Literal["blood", "affinity", "spouse"]
    degree: int
    line: Literal["direct", "collateral", "marriage"]

    def describe_es(self) -> str:
        return self.describe().es()

    def describe(self) -> Msg:
        """The kinship in words («tercer grado de consanguinidad (línea colateral)»), as a message."""
        if self.kind == "spouse":
            return Msg("cónyuge")
        degree: str | Raw = ORDINAL_ES.get(self.degree) or Raw(f"{self.degree}º")
        if self.kind == "blood":
            if self.line == "direct":
                return Msg("%(degree)s grado de consanguinidad (línea recta)", degree=degree)
            return Msg("%(degree)s grado de consanguinidad (línea colateral)", degree=degree)
        if self.line == "direct":
            return Msg("%(degree)s grado de afinidad (línea recta)", degree=degree)
        return Msg("%(degree)s grado de afinidad (línea colateral)", degree=degree)

    def within(self, max_blood: int, max_affinity: int, *, spouse_counts: bool = True) -> bool:
        """Whether this kinship is within the given degrees (a spouse counts when ``spouse_counts``)."""
        if self.kind == "spouse":
            return spouse_counts
        limit = max_blood if self.kind == "blood" else max_affinity
        return self.degree <= limit


def compute_kinship(path: Sequence[str]) -> Kinship | None:
    """The kinship a path of steps describes, or ``None`` when the law sees no kinship.

    Raises ``ValueError`` (with a Spanish message) for a path that is not a valid description:
    an unknown step, an empty path, two spouse steps in a row, or a blood part that comes down and
    then climbs again (``child`` then ``parent`` may be the same person or a stranger).
    """
    steps = list(path)
    if not steps:
        raise ValueError("el parentesco necesita al menos un paso (padre, hijo, hermano o cónyuge)")
    for s in steps:
        if s not in STEPS:
            raise ValueError(f"«{s}» no es un paso de parentesco (valores: {', '.join(STEPS)})")
    for a, b in zip(steps, steps[1:], strict=False):
        if a == b == "spouse":
            raise ValueError("dos pasos de cónyuge seguidos no describen a otra persona")
    spouse_at = [i for i, s in enumerate(steps) if s == "spouse"]
    if not spouse_at:
        return _blood(steps)
    if steps == ["spouse"]:
        return Kinship("spouse", 0, "marriage")
    if len(spouse_at) > 1 or spouse_at[0] not in (0, len(steps) - 1):
        # Affinity does not create affinity (concuñados, consuegros, stepsiblings): no kinship.
        segment: list[str] = []
        for s in [*steps, "spouse"]:  # still reject a malformed blood part between the spouse steps
            if s == "spouse":
                _blood(segment)
                segment = []
            else:
                segment.append(s)
        return None
    rest = steps[1:] if spouse_at[0] == 0 else steps[:-1]
    blood = _blood(rest)
    return Kinship("affinity", blood.degree, blood.line)


def _blood(steps: Sequence[str]) -> Kinship:
    ups = downs = 0
    for s in steps:
        if s == "parent":
            if downs:
                raise ValueError(
                    "el camino baja y luego sube (hijo → padre): es ambiguo; descríbalo subiendo hasta el "
                    "ancestro común y bajando después"
                )
            ups += 1
        elif s == "child":
            downs += 1
        elif s == "sibling":
            if downs:
                raise ValueError("el camino baja y luego pasa a un hermano: es ambiguo; use padre/hijo")
            ups += 1
            downs += 1
    return Kinship("blood", ups + downs, "direct" if ups == 0 or downs == 0 else "collateral")


# Named relations, Spanish and English → path. Accents and case are ignored on lookup.
_RELATION_PATHS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("padre", "madre", "father", "mother", "parent"), ("parent",)),
    (("hijo", "hija", "son", "daughter", "child"), ("child",)),
    (("hermano", "hermana", "brother", "sister", "sibling"), ("sibling",)),
    (("abuelo", "abuela", "grandfather", "grandmother", "grandparent"), ("parent", "parent")),
    (("nieto", "nieta", "grandson", "granddaughter", "grandchild"), ("child", "child")),
    (("bisabuelo", "bisabuela", "great-grandfather", "great-grandmother", "great-grandparent"),
     ("parent", "parent", "parent")),
    (("bisnieto", "bisnieta", "great-grandson", "great-granddaughter", "great-grandchild"),
     ("child", "child", "child")),
    (("tatarabuelo", "tatarabuela", "great-great-grandparent"), ("parent",) * 4),
    (("tataranieto", "tataranieta", "great-great-grandchild"), ("child",) * 4),
    (("tio", "tia", "uncle", "aunt"), ("parent", "sibling")),
    (("sobrino", "sobrina", "nephew", "niece"), ("sibling", "child")),
    (("primo", "prima", "primo hermano", "prima hermana", "cousin", "first cousin"),
     ("parent", "sibling", "child")),
    (("tio abuelo", "tia abuela", "great-uncle", "great-aunt"), ("parent", "parent", "sibling")),
    (("sobrino nieto", "sobrina nieta", "grandnephew", "grandniece"), ("sibling", "child", "child")),
    (("conyuge", "esposo", "esposa", "spouse", "husband", "wife"), ("spouse",)),
    (("suegro", "suegra", "father-in-law", "mother-in-law"), ("spouse", "parent")),
    (("yerno", "nuera", "son-in-law", "daughter-in-law"), ("child", "spouse")),
    (("cunado", "cunada", "brother-in-law", "sister-in-law"), ("spouse", "sibling")),
    (("hijastro", "hijastra", "stepchild", "stepson", "stepdaughter"), ("spouse", "child")),
    (("padrastro", "madrastra", "stepparent", "stepfather", "stepmother"), ("parent", "spouse")),
    (("abuelo politico", "abuela politica", "grandparent-in-law"), ("spouse", "parent", "parent")),
    (("concunado", "concunada"), ("spouse", "sibling", "spouse")),
    (("consuegro", "consuegra"), ("child", "spouse", "parent")),
)  # fmt: skip

RELATIONS: dict[str, tuple[str, ...]] = {name: path for names, path in _RELATION_PATHS for name in names}


def _key(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.strip().lower())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


def relation_path(name: str) -> tuple[str, ...]:
    """The path of a named relation (``"cuñada"``, ``"first cousin"``); ValueError if unknown."""
    try:
        return RELATIONS[_key(name)]
    except KeyError:
        raise ValueError(f"«{name}» no es un parentesco conocido (p. ej.: {', '.join(list(RELATIONS)[:8])}…)") from None


def kinship_of(name: str) -> Kinship | None:
    """The kinship of a named relation; ``None`` for relations the law does not count (consuegro)."""
    return compute_kinship(relation_path(name))


def _resolve(kinship: Kinship | str | Sequence[str] | None) -> Kinship | None:
    if kinship is None or isinstance(kinship, Kinship):
        return kinship
    if isinstance(kinship, str):
        return kinship_of(kinship)
    return compute_kinship(kinship)


def _spouse_counts(settings: Mapping[str, Any] | None) -> bool:
    return bool(RULEBOOKS["camara-171"].resolve_settings(settings or {})["kinship_spouse_counts"])


def check_nepotism(
    kinship: Kinship | str | Sequence[str] | None,
    *,
    waiver: bool = False,
    recommended_by_speaker: bool = False,
    employed_before: bool = False,
    settings: Mapping[str, Any] | None = None,
) -> list[Finding]:
    """Sec. 10(t) (CAM-10T-01): an alert when a Representative, officer or department head
    recommends, keeps or contracts a relative within the 3rd degree by blood or the 2nd by marriage.

    No alert when the Speaker waived it expressly (``waiver``), when the Speaker himself recommended
    the appointment (the waiver is then deemed granted), or when the relative already worked for the
    House before the official's election or designation (``employed_before``).

    Interpretation: a spouse has no degree of kinship, but is closer than any degree; the check
    alerts for a spouse too (setting ``kinship_spouse_counts``, default true).
    """
    k = _resolve(kinship)
    if k is None or not k.within(
        conduct.NEPOTISM_MAX_BLOOD_DEGREE, conduct.NEPOTISM_MAX_AFFINITY_DEGREE, spouse_counts=_spouse_counts(settings)
    ):
        return []
    if waiver or recommended_by_speaker or employed_before:
        return []
    rule = conduct.R.rules["CAM-10T-01"]
    return [
        Finding(
            "nepotism_alert",
            rule,
            Msg(
                "Parentesco de %(kinship)s: dentro del límite de la Sec. 10(t) (hasta el tercer grado de "
                "consanguinidad o segundo de afinidad). No consta dispensa del Presidente de la Cámara ni que "
                "la persona trabajara en la Cámara antes de la elección o designación.",
                kinship=k.describe(),
            ),
            {"kind": k.kind, "degree": k.degree},
        )
    ]


def check_recusal_kinship(
    kinship: Kinship | str | Sequence[str] | None,
    *,
    with_whom: str = "una parte",
    settings: Mapping[str, Any] | None = None,
) -> list[Finding]:
    """Sec. 9(c) (CAM-09-03): kinship within the 4th degree, by blood or by marriage, between a
    Commission member and the respondent, the complainant, a witness or a party's lawyer is a
    ground for recusal. ``with_whom`` names that person in the message (Spanish).

    Interpretation: a spouse counts, as in :func:`check_nepotism` (``kinship_spouse_counts``).
    """
    k = _resolve(kinship)
    if k is None or not k.within(
        commission.RECUSAL_MAX_BLOOD_DEGREE,
        commission.RECUSAL_MAX_AFFINITY_DEGREE,
        spouse_counts=_spouse_counts(settings),
    ):
        return []
    return [
        Finding(
            "recusal_kinship",
            commission.R.rules["CAM-09-03"],
            Msg(
                "El miembro tiene parentesco de %(kinship)s con %(with_whom)s: causa de inhibición de la "
                "Sec. 9(c) (dentro del cuarto grado de consanguinidad o afinidad).",
                kinship=k.describe(),
                with_whom=with_whom,
            ),
            {"kind": k.kind, "degree": k.degree},
        )
    ]
