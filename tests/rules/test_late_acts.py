"""Rulebook.docket.late_acts: what an act after its term means is declared for terms the rulebook has, and
cites a rule of its own catalogue (CAM-21C-01 for a late answer, MUN-DEC-03/04 for the municipal
Commission's compulsory terms)."""

from __future__ import annotations

import pytest

from ventila.rules import RULEBOOKS


@pytest.mark.parametrize("rulebook_id", sorted(RULEBOOKS))
def test_late_acts_name_terms_and_rules_of_their_rulebook(rulebook_id):
    rulebook = RULEBOOKS[rulebook_id]
    deadline_ids = {str(d) for kind in rulebook.kinds.values() if kind.deadlines for d in kind.deadlines}
    for deadline_id, late in rulebook.docket.late_acts.items():
        assert str(deadline_id) in deadline_ids, deadline_id
        assert late.rule_id in rulebook.rules, late.rule_id
        assert late.text.strip() and late.text[0].isupper() and late.text.endswith("."), late.text


def test_cam_21c_01_a_late_answer_is_declared_not_to_restart_the_examination():
    late = RULEBOOKS["camara-171"].docket.late_acts["answer"]
    assert late.rule_id == "CAM-21C-01" and "Sec. 21(c)(1)" in late.text and "rebeldía" in late.text


def test_mun_dec_04_a_late_decision_is_declared_to_call_for_dismissal_with_prejudice():
    rulebook = RULEBOOKS["municipal"]
    assert rulebook.docket.late_acts["decide"].rule_id == "MUN-DEC-04"
    assert {rulebook.docket.late_acts[t].rule_id for t in ("study", "commissioner_report")} == {"MUN-DEC-03"}
