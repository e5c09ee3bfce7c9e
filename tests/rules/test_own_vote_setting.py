"""Decision 11 (CAM-06-01, MUN-QUO-01): whether a member may record his own vote, by rulebook and setting."""

from __future__ import annotations

import pytest

from ventila.rules.engine import InputError
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.votes import VoteError, member_may_record_own_vote


def test_decision_11_cam_06_01_house_members_may_record_their_own_vote() -> None:
    assert member_may_record_own_vote("camara-171") is True
    assert member_may_record_own_vote("camara-171", {"member_own_vote": False}) is False


def test_decision_11_mun_quo_01_municipal_commissioners_vote_at_the_meeting() -> None:
    assert member_may_record_own_vote("municipal") is False
    assert member_may_record_own_vote("municipal", {"member_own_vote": True}) is True


def test_decision_11_setting_is_checked() -> None:
    with pytest.raises(InputError):
        RULEBOOKS["camara-171"].resolve_settings({"member_own_vote": "yes"})
    with pytest.raises(VoteError):
        member_may_record_own_vote("no-such-rulebook")
