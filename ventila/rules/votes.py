"""Roll-call votes: who may vote, how many yes votes a motion needs, and whether it carried.

Cámara (R. de la C. 171, Sec. 6, CAM-06-01): every determination needs the yes votes of an
absolute majority, ``yes ≥ ⌊N/2⌋ + 1``. What N is, is ambiguity A-6 (setting ``majority_base``):

- ``seats`` (default): the Commission's seats (setting ``seats``, 7) → always 4 yes votes;
- ``seated``: the members currently seated (the roll call: every seated member appears in it,
  present or not; substitutes pro tempore sit for the member they replace);
- ``non_recused``: the seated members minus those recused in the matter.

Abstaining or being absent is not voting yes. Substitutes vote; recused members cannot, and a vote
recorded for a recused member is an error (:func:`validate_roll_call`). The other Commission votes
of the Code — CAM-05-06, CAM-09-05, CAM-09-06, CAM-11C-02, CAM-19D-02, CAM-25-01 — use the same
threshold (their texts say «mayoría de los miembros», «integrantes», «de sus votos»; A-6 reads them
all as Sec. 6). In CAM-09-06 the challenged member does not take part: pass him in ``excluded``.
The House votes of Secs. 27 and 29 (CAM-27-02, CAM-29-01) use the House's seats (``house_seats``, A-31).

Municipal (MUN-QUO-01, ambiguity 15): three commissioners; two present and not recused are a
quorum; an act needs ``votes_required`` (2) yes votes; 1–1 is no decision.

The web app records a vote's outcome only when the roll call carries it: call
:func:`outcome_error` with the outcome the clerk wants to record.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .engine import RULEBOOKS
from .terms import Rule

Choice = Literal["yes", "no", "abstain", "absent", "recused"]
CHOICES: tuple[str, ...] = ("yes", "no", "abstain", "absent", "recused")
CHOICE_ES: dict[str, str] = {
    "yes": "a favor",
    "no": "en contra",
    "abstain": "abstención",
    "absent": "ausente",
    "recused": "inhibido",
}

# Commission motions whose threshold is Sec. 6's (A-6 default).
CAMARA_COMMISSION_MOTIONS: tuple[str, ...] = (
    "CAM-06-01",
    "CAM-05-06",
    "CAM-09-05",
    "CAM-09-06",
    "CAM-11C-02",
    "CAM-19D-02",
    "CAM-25-01",
)
# House (Pleno) motions: absolute majority of the House's seats.
CAMARA_HOUSE_MOTIONS: tuple[str, ...] = ("CAM-27-02", "CAM-29-01")


class VoteError(ValueError):
    """A roll call that cannot be tallied as given (its Spanish message names the problem)."""


@dataclass(frozen=True)
class VoteOutcome:
    """The result of a roll call: counts, the threshold, and whether the motion carried."""

    carried: bool
    quorum: bool
    yes: int
    no: int
    abstain: int
    absent: int
    recused: int
    required: int
    base: int
    rule_id: str
    citation: str
    explanation_es: str
    tie: bool = False
    errors: tuple[str, ...] = field(default=())

    @property
    def valid(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "carried": self.carried,
            "quorum": self.quorum,
            "tie": self.tie,
            "yes": self.yes,
            "no": self.no,
            "abstain": self.abstain,
            "absent": self.absent,
            "recused": self.recused,
            "required": self.required,
            "base": self.base,
            "rule": self.rule_id,
            "citation": self.citation,
            "explanation": self.explanation_es,
            "errors": list(self.errors),
        }


def _rulebook(rulebook_id: str) -> Any:
    if rulebook_id not in RULEBOOKS:
        raise VoteError(f"«{rulebook_id}» no es un reglamento (valores: {', '.join(RULEBOOKS)})")
    return RULEBOOKS[rulebook_id]


def _rule(rulebook: Any, rule_id: str) -> Any:
    try:
        return rulebook.rules[rule_id]
    except KeyError:
        raise VoteError(f"la regla {rule_id} no está declarada en el reglamento {rulebook.id}") from None


@dataclass(frozen=True)
class FixedBody:
    """A body whose seats and quorum the law fixes (no setting), as its rulebook declares them."""

    seats: int
    quorum: int


FIXED_BODIES: dict[str, FixedBody] = {}
"""Rulebook id → its :class:`FixedBody`, registered by the rulebook with :func:`register_fixed_body`
(the rulebooks import this module, so it never imports them)."""


def register_fixed_body(rulebook_id: str, *, seats: int, quorum: int) -> None:
    FIXED_BODIES[rulebook_id] = FixedBody(seats=seats, quorum=quorum)


def _municipal_votes_required(rulebook: Any, settings: Mapping[str, Any] | None) -> int:
    """Municipal ambiguity 15: yes votes an act needs (setting ``votes_required``, default 2)."""
    return int(rulebook.resolve_settings(settings or {})["votes_required"])


def default_seats(rulebook_id: str, settings: Mapping[str, Any] | None = None) -> int:
    """The body's seats: Cámara's setting ``seats`` (7, Sec. 4); municipal 3 (its ``SEATS``)."""
    rb = _rulebook(rulebook_id)
    if rulebook_id == "camara-171":
        return int(rb.resolve_settings(settings or {})["seats"])
    return FIXED_BODIES[rulebook_id].seats


def required_yes(
    rulebook_id: str = "camara-171",
    *,
    settings: Mapping[str, Any] | None = None,
    seated: int | None = None,
    recused: int = 0,
    excluded: int = 0,
    motion_rule_id: str | None = None,
) -> int:
    """How many yes votes a motion needs, without a roll call at hand.

    Cámara: ``⌊N/2⌋ + 1`` with N per ``majority_base`` (``seated`` defaults to every seat filled);
    ``excluded`` members (the challenged member of CAM-09-06) leave the base. Municipal: the
    ``votes_required`` setting (2).
    """
    rb = _rulebook(rulebook_id)
    if rulebook_id != "camara-171":
        return _municipal_votes_required(rb, settings)
    st = rb.resolve_settings(settings or {})
    return _camara_base(st, motion_rule_id, seated, recused, excluded)[0]


def _camara_base(
    st: Mapping[str, Any], motion_rule_id: str | None, seated: int | None, recused: int, excluded: int
) -> tuple[int, int, str]:
    """(required, base N, Spanish description of N)."""
    if motion_rule_id in CAMARA_HOUSE_MOTIONS:
        n = int(st["house_seats"])
        return n // 2 + 1, n, f"los {n} escaños de la Cámara (A-31)"
    seats = int(st["seats"])
    sitting = seats if seated is None else seated
    mode = st["majority_base"]
    if mode == "seats":
        n, what = seats, f"los {seats} escaños de la Comisión"
    elif mode == "seated":
        n, what = sitting, f"los {sitting} miembros en propiedad"
    else:
        n, what = sitting - recused, f"los {sitting - recused} miembros en propiedad no inhibidos"
    if excluded:
        n -= excluded
        what += f", sin {excluded} miembro(s) cuya inhibición se resuelve (Sec. 9 ¶4)"
    return n // 2 + 1, n, what


def _counts(votes: Mapping[str, str]) -> dict[str, int]:
    counts = dict.fromkeys(CHOICES, 0)
    for choice in votes.values():
        if choice in counts:
            counts[choice] += 1
    return counts


def validate_roll_call(
    rulebook_id: str,
    votes: Mapping[str, str],
    *,
    seats: int | None = None,
    recused: Collection[str] = (),
    excluded: Collection[str] = (),
    settings: Mapping[str, Any] | None = None,
) -> list[str]:
    """Spanish errors in a roll call; an empty list when it can be tallied.

    ``votes`` maps every seated member (substitutes under their own name) to a choice.
    ``recused`` are the members recused in the matter (from the docket): they may only be recorded
    as ``recused`` (or ``absent``). ``excluded`` are members who must not take part in this vote
    (the challenged member of CAM-09-06).
    """
    errors: list[str] = []
    n_seats = seats if seats is not None else default_seats(rulebook_id, settings)
    if len(votes) > n_seats:
        errors.append(f"Hay {len(votes)} votos registrados y la Comisión tiene {n_seats} escaños.")
    for member, choice in votes.items():
        if choice not in CHOICES:
            errors.append(f"{member}: «{choice}» no es una opción de voto (valores: {', '.join(CHOICES)}).")
            continue
        if member in recused and choice in ("yes", "no", "abstain"):
            errors.append(
                f"{member} está inhibido en este asunto y no puede votar (se registró «{CHOICE_ES[choice]}»)."
            )
        if member in excluded and choice in ("yes", "no", "abstain"):
            errors.append(
                f"{member} no participa en esta votación (Sec. 9 ¶4: se resuelve sin el miembro cuya "
                f"inhibición se pide); se registró «{CHOICE_ES[choice]}»."
            )
    return errors


def tally(
    rulebook_id: str,
    votes: Mapping[str, str],
    *,
    seats: int | None = None,
    settings: Mapping[str, Any] | None = None,
    motion_rule_id: str | None = None,
    recused: Collection[str] = (),
    excluded: Collection[str] = (),
) -> VoteOutcome:
    """Tally a roll call under the rulebook's vote rule.

    A vote recorded for a member listed in ``recused`` or ``excluded`` is not counted (it is
    treated as ``recused``) and the outcome carries the error (``outcome.errors``); the web app
    should refuse such a roll call (see :func:`validate_roll_call`). A choice outside ``CHOICES``
    raises :class:`VoteError`.
    """
    for member, choice in votes.items():
        if choice not in CHOICES:
            raise VoteError(f"{member}: «{choice}» no es una opción de voto (valores: {', '.join(CHOICES)})")
    errors = tuple(
        validate_roll_call(rulebook_id, votes, seats=seats, recused=recused, excluded=excluded, settings=settings)
    )
    clean = {
        m: ("recused" if (m in recused or m in excluded) and c in ("yes", "no", "abstain") else c)
        for m, c in votes.items()
    }
    counts = _counts(clean)
    excluded_n = sum(1 for m in clean if m in excluded)
    recused_n = sum(1 for m, c in clean.items() if c == "recused" and m not in excluded)
    if rulebook_id == "camara-171":
        return _tally_camara(clean, counts, seats, settings, motion_rule_id, excluded_n, recused_n, errors)
    return _tally_municipal(rulebook_id, counts, settings, motion_rule_id, errors)


def _tally_camara(
    votes: Mapping[str, str],
    counts: Mapping[str, int],
    seats: int | None,
    settings: Mapping[str, Any] | None,
    motion_rule_id: str | None,
    excluded_n: int,
    recused_n: int,
    errors: tuple[str, ...],
) -> VoteOutcome:
    rb = _rulebook("camara-171")
    st = dict(rb.resolve_settings(settings or {}))
    if seats is not None:
        st["seats"] = seats
    rule_id = motion_rule_id or "CAM-06-01"
    if rule_id not in CAMARA_COMMISSION_MOTIONS and rule_id not in CAMARA_HOUSE_MOTIONS:
        raise VoteError(
            f"{rule_id} no es una votación del Código (valores: "
            f"{', '.join(CAMARA_COMMISSION_MOTIONS + CAMARA_HOUSE_MOTIONS)})"
        )
    rule = _rule(rb, rule_id)
    # The excluded member (CAM-09-06) leaves the base of this vote in every reading.
    required, base, what = _camara_base(st, rule_id, len(votes), recused_n, excluded_n)
    yes = counts["yes"]
    present = yes + counts["no"] + counts["abstain"]
    # Interpretation: the Code sets no quorum for the Commission; "quorum" here means that enough
    # members are present and not recused for the required majority to be reachable.
    quorum = present >= required
    carried = yes >= required and not errors
    sec6 = "" if rule_id == "CAM-06-01" else " (umbral de la Sec. 6; A-6)"
    explanation = (
        f"{rule.id} ({rule.citation}){sec6}: se requieren {required} votos a favor, la mayoría absoluta de "
        f"{what} (⌊{base}/2⌋ + 1). Votos: {yes} a favor, {counts['no']} en contra, {counts['abstain']} "
        f"abstenciones, {counts['absent']} ausentes, {counts['recused']} inhibidos. "
        + ("La moción prevalece." if carried else "La moción no prevalece.")
    )
    return _outcome(rule, counts, required, base, carried, quorum, False, explanation, errors)


def _outcome(
    rule: Rule,
    counts: Mapping[str, int],
    required: int,
    base: int,
    carried: bool,
    quorum: bool,
    tie: bool,
    explanation: str,
    errors: tuple[str, ...],
) -> VoteOutcome:
    """The outcome of a roll call: its counts, what it required of which base, and why (its errors last)."""
    if errors:
        explanation += " La votación tiene errores: " + " ".join(errors)
    yes, no, abstain, absent, recused = (counts[k] for k in ("yes", "no", "abstain", "absent", "recused"))
    return VoteOutcome(
        carried,
        quorum,
        yes,
        no,
        abstain,
        absent,
        recused,
        required,
        base,
        rule.id,
        rule.citation,
        explanation,
        tie,
        errors,
    )


def _tally_municipal(
    rulebook_id: str,
    counts: Mapping[str, int],
    settings: Mapping[str, Any] | None,
    motion_rule_id: str | None,
    errors: tuple[str, ...],
) -> VoteOutcome:
    rb = _rulebook(rulebook_id)
    rule = _rule(rb, motion_rule_id or "MUN-QUO-01")
    quorum_n = FIXED_BODIES[rulebook_id].quorum  # the municipal MUN-QUO-01, or another fixed body's
    required = _municipal_votes_required(rb, settings)
    yes, no = counts["yes"], counts["no"]
    present = yes + no + counts["abstain"]
    quorum = present >= quorum_n
    carried = quorum and yes >= required and not errors
    tie = quorum and not carried and yes == no and yes > 0
    if not quorum:
        verdict = (
            f"No hay quórum: hay {present} comisionados presentes y no inhibidos; se requieren "
            f"{quorum_n}. La Comisión no puede actuar."
        )
    elif tie:
        verdict = f"Empate {yes}–{no}: no hay decisión y el término sigue corriendo (ambigüedad 15)."
    else:
        verdict = "La moción prevalece." if carried else "La moción no prevalece."
    explanation = (
        f"{rule.id} ({rule.citation}): quórum de {quorum_n} comisionados presentes y no inhibidos; un acto "
        f"requiere {required} votos a favor (ajuste votes_required). Votos: {yes} a favor, {no} en contra, "
        f"{counts['abstain']} abstenciones, {counts['absent']} ausentes, {counts['recused']} inhibidos. {verdict}"
    )
    return _outcome(rule, counts, required, quorum_n, carried, quorum, tie, explanation, errors)


def member_may_record_own_vote(rulebook_id: str, settings: Mapping[str, Any] | None = None) -> bool:
    """Whether a member seated in a case may record his own vote on a motion before the roll call
    (setting ``member_own_vote``; a rulebook that declares none: no).

    Interpretation (decision 11): neither text says how a member's vote is taken. The Code counts the
    yes votes of the members in office (Sec. 6, CAM-06-01) and lets the Commission make its internal
    rules (Sec. 5(8)): a member may record his own vote (``camara-171``: true). The municipal law's
    Commission acts by the quorum of the commissioners present (¶39, MUN-QUO-01): its votes are taken
    at the meeting and recorded by its secretary (``municipal``: false). Either way the secretary keeps
    the roll call, which is what the act carries."""
    rulebook = _rulebook(rulebook_id)
    if "member_own_vote" not in rulebook.settings:
        return False
    return bool(rulebook.resolve_settings(settings or {})["member_own_vote"])


def outcome_error(recorded_carried: bool, outcome: VoteOutcome) -> str | None:
    """Why the web app must refuse to record ``recorded_carried`` for this roll call; None if it may.

    An outcome is recordable only when the roll call is valid and says the same thing: a motion
    recorded as adopted needs the votes that carry it; one recorded as rejected must not have them.
    """
    if outcome.errors:
        return "La votación no puede registrarse: " + " ".join(outcome.errors)
    if recorded_carried and not outcome.carried:
        return (
            f"No puede registrarse como aprobada: tiene {outcome.yes} votos a favor y se requieren "
            f"{outcome.required} ({outcome.rule_id}, {outcome.citation})."
        )
    if not recorded_carried and outcome.carried:
        return (
            f"No puede registrarse como denegada: alcanzó {outcome.yes} votos a favor de {outcome.required} "
            f"requeridos ({outcome.rule_id}, {outcome.citation})."
        )
    return None
