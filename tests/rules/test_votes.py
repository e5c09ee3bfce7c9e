"""Roll-call votes: Cámara Sec. 6 (CAM-06-01) and the votes that follow it, and the municipal
quorum and two-vote rule (MUN-QUO-01, ambiguity 15)."""

from __future__ import annotations

import dataclasses

import pytest

from ventila.rules import engine, rulebooks
from ventila.rules.rulebooks.municipal import composition, review
from ventila.rules.votes import (
    CAMARA_COMMISSION_MOTIONS,
    FIXED_BODIES,
    FixedBody,
    VoteError,
    default_seats,
    outcome_error,
    required_yes,
    tally,
    validate_roll_call,
)


def roll(*choices: str) -> dict[str, str]:
    """Members m1, m2, … voting the given choices in order."""
    return {f"m{i}": c for i, c in enumerate(choices, 1)}


# --- CAM-06-01: absolute majority of the members en propiedad ----------------------------------


@pytest.mark.parametrize(
    ("votes", "carried"),
    [
        pytest.param(roll("yes", "yes", "yes", "yes", "no", "no", "no"), True, id="CAM-06-01 four of seven carry"),
        pytest.param(roll("yes", "yes", "yes", "no", "abstain", "absent", "absent"), False,
                     id="CAM-06-01 three yes never carry even if the rest do not vote no"),
        pytest.param(roll("yes", "yes", "yes", "yes", "absent", "absent", "absent"), True,
                     id="CAM-06-01 four yes carry with three absent"),
        pytest.param(roll("yes", "yes", "yes", "recused", "recused", "no", "absent"), False,
                     id="CAM-06-01 seats base: recusals do not lower the four"),
    ],
)  # fmt: skip
def test_sec6_default_base_is_the_seven_seats(votes: dict[str, str], carried: bool) -> None:
    out = tally("camara-171", votes)
    assert (out.carried, out.required, out.base, out.rule_id, out.citation) == (carried, 4, 7, "CAM-06-01", "Sec. 6")
    assert out.valid
    assert "mayoría absoluta" in out.explanation_es


@pytest.mark.parametrize(
    ("base", "votes", "required"),
    [
        # seated: six seated (one vacancy) → ⌊6/2⌋+1 = 4; five seated → 3.
        pytest.param("seated", roll("yes", "yes", "yes", "no", "no", "absent"), 4, id="CAM-06-01 seated base with one vacancy"),
        pytest.param("seated", roll("yes", "yes", "yes", "no", "no"), 3, id="CAM-06-01 seated base with two vacancies"),
        # non_recused: seven seated, two recused → 5 → 3.
        pytest.param("non_recused", roll("yes", "yes", "yes", "recused", "recused", "no", "no"), 3,
                     id="CAM-06-01 non-recused base"),
    ],
)  # fmt: skip
def test_sec6_other_bases_A6(base: str, votes: dict[str, str], required: int) -> None:
    out = tally("camara-171", votes, settings={"majority_base": base})
    assert out.required == required
    assert out.carried is (out.yes >= required)


@pytest.mark.parametrize("rule_id", CAMARA_COMMISSION_MOTIONS)
def test_commission_votes_use_the_sec6_threshold(rule_id: str) -> None:
    out = tally("camara-171", roll("yes", "yes", "yes", "yes", "no", "no", "no"), motion_rule_id=rule_id)
    assert (out.rule_id, out.required, out.carried) == (rule_id, 4, True)
    assert required_yes("camara-171", motion_rule_id=rule_id) == 4


def test_recusal_vote_without_the_challenged_member_CAM_09_06() -> None:
    votes = roll("yes", "yes", "yes", "yes", "no", "no", "absent")
    out = tally("camara-171", votes, motion_rule_id="CAM-09-06", excluded={"m7"})
    # Six take part: ⌊6/2⌋+1 = 4.
    assert (out.base, out.required, out.carried) == (6, 4, True)
    # The challenged member recorded as voting is an error, and the vote is not counted.
    bad = tally(
        "camara-171", roll("yes", "yes", "yes", "no", "no", "no", "yes"), motion_rule_id="CAM-09-06", excluded={"m7"}
    )
    assert not bad.valid and bad.yes == 3 and not bad.carried
    assert "Sec. 9 ¶4" in bad.errors[0]


def test_substitutes_vote_and_recused_members_cannot_CAM_06_01() -> None:
    # m4 is recused; "sub-m4" sits pro tempore in the matter and votes.
    votes = {"m1": "yes", "m2": "yes", "m3": "yes", "m4": "recused", "sub-m4": "yes", "m5": "no", "m6": "no"}
    assert tally("camara-171", votes, recused={"m4"}).carried
    refused = {**votes, "m4": "yes", "sub-m4": "absent"}
    out = tally("camara-171", refused, recused={"m4"})
    assert (out.yes, out.recused, out.carried) == (3, 1, False)
    assert "m4 está inhibido" in out.errors[0]
    assert validate_roll_call("camara-171", refused, recused={"m4"}) == list(out.errors)


def test_validate_roll_call_counts_and_choices() -> None:
    eight = roll("yes", "yes", "yes", "yes", "no", "no", "no", "no")
    assert validate_roll_call("camara-171", eight) == ["Hay 8 votos registrados y la Comisión tiene 7 escaños."]
    assert validate_roll_call("camara-171", eight, seats=8) == []
    errors = validate_roll_call("camara-171", {"m1": "maybe"})
    assert errors and "no es una opción de voto" in errors[0]
    with pytest.raises(VoteError):
        tally("camara-171", {"m1": "maybe"})
    with pytest.raises(VoteError):
        tally("camara-171", roll("yes"), motion_rule_id="CAM-21B-02")
    with pytest.raises(VoteError):
        tally("senado", roll("yes"))


def test_outcome_error_refuses_what_the_votes_do_not_carry() -> None:
    carried = tally("camara-171", roll("yes", "yes", "yes", "yes", "no", "no", "no"))
    lost = tally("camara-171", roll("yes", "yes", "yes", "no", "no", "no", "no"))
    assert outcome_error(True, carried) is None
    assert outcome_error(False, lost) is None
    assert "se requieren 4" in (outcome_error(True, lost) or "")
    assert "No puede registrarse como denegada" in (outcome_error(False, carried) or "")
    invalid = tally("camara-171", roll("yes", "yes", "yes", "yes", "yes", "no", "no"), recused={"m5"})
    assert invalid.carried is False and "no puede registrarse" in (outcome_error(True, invalid) or "")


def test_house_votes_use_the_house_seats_CAM_29_01() -> None:
    votes = {f"r{i}": ("yes" if i < 26 else "no") for i in range(51)}
    out = tally("camara-171", votes, seats=51, motion_rule_id="CAM-29-01")
    assert (out.base, out.required, out.yes, out.carried) == (51, 26, 26, True)
    assert required_yes("camara-171", motion_rule_id="CAM-27-02") == 26


def test_to_json_has_the_recorded_fields() -> None:
    data = tally("camara-171", roll("yes", "yes", "yes", "yes", "no", "abstain", "absent")).to_json()
    assert {k: data[k] for k in ("carried", "yes", "no", "abstain", "absent", "recused", "required", "rule")} == {
        "carried": True,
        "yes": 4,
        "no": 1,
        "abstain": 1,
        "absent": 1,
        "recused": 0,
        "required": 4,
        "rule": "CAM-06-01",
    }


# --- MUN-QUO-01: municipal quorum of two, two votes per act ----------------------------------------


@pytest.mark.parametrize(
    ("votes", "quorum", "carried", "tie"),
    [
        pytest.param(roll("yes", "yes", "no"), True, True, False, id="MUN-QUO-01 two of three carry"),
        pytest.param(roll("yes", "yes", "recused"), True, True, False, id="MUN-QUO-01 two remaining commissioners carry"),
        pytest.param(roll("yes", "no", "recused"), True, False, True, id="MUN-QUO-01 one-one tie is no decision"),
        pytest.param(roll("yes", "no", "abstain"), True, False, True, id="MUN-QUO-01 one-one with an abstention"),
        pytest.param(roll("yes", "absent", "recused"), False, False, False, id="MUN-QUO-01 one present is no quorum"),
        pytest.param(roll("yes", "abstain", "absent"), True, False, False, id="MUN-QUO-01 one yes never carries"),
    ],
)  # fmt: skip
def test_municipal(votes: dict[str, str], quorum: bool, carried: bool, tie: bool) -> None:
    out = tally("municipal", votes)
    assert (out.quorum, out.carried, out.tie, out.required, out.rule_id) == (quorum, carried, tie, 2, "MUN-QUO-01")
    if tie:
        assert "Empate" in out.explanation_es
    if not quorum:
        assert "No hay quórum" in out.explanation_es


def test_municipal_votes_required_setting_and_seats() -> None:
    assert required_yes("municipal") == 2
    out = tally("municipal", roll("yes", "yes", "no"), settings={"votes_required": 3})
    assert (out.required, out.carried) == (3, False)
    assert validate_roll_call("municipal", roll("yes", "yes", "no", "no")) == [
        "Hay 4 votos registrados y la Comisión tiene 3 escaños."
    ]


def test_mun_quo_01_and_mun_com_03_the_vote_checks_read_the_municipal_rulebooks_numbers() -> None:
    """MUN-QUO-01 (quorum) and MUN-COM-03 (seats): the municipal rulebook registers them with the
    vote checks, which no longer import the rulebook (issue 13: no import cycle in ventila.rules)."""
    assert default_seats("municipal") == composition.SEATS
    assert FIXED_BODIES["municipal"] == FixedBody(seats=composition.SEATS, quorum=review.QUORUM)


def test_the_engine_and_the_rulebooks_share_one_registry() -> None:
    """The rulebooks fill the engine's registry; registering another rulebook under a taken id fails."""
    assert rulebooks.RULEBOOKS is engine.RULEBOOKS
    assert list(engine.RULEBOOKS) == ["camara-171", "municipal"]
    assert engine.register_rulebook(rulebooks.MUNICIPAL) is rulebooks.MUNICIPAL
    clone = dataclasses.replace(rulebooks.MUNICIPAL, title="otro")
    with pytest.raises(ValueError, match="registered twice"):
        engine.register_rulebook(clone)
    assert engine.RULEBOOKS["municipal"] is rulebooks.MUNICIPAL
