"""Which docket acts a body decides by roll call, and under which vote rule of its rulebook.

The counting itself is the rulebook's (:func:`ventila.rules.votes.tally`); this table only says
which acts the texts put to a vote: the Commission's determination after examining a complaint
and its resolution with the Final Report are decisions of the Commission (Sec. 6, Sec. 25), as is
accepting a recusal (Sec. 9 ¶3).
"""

from __future__ import annotations

VOTED_ACTS: dict[tuple[str, str], str] = {
    ("camara-171", "determination_made"): "CAM-06-01",
    ("camara-171", "resolved"): "CAM-25-01",
    ("camara-171", "recusal_decided"): "CAM-09-05",
    # Sec. 11(C): the Commission opposes an outside activity by the absolute majority of Sec. 6 (CAM-11C-02).
    ("camara-171", "objection_decided"): "CAM-11C-02",
    # Sec. 19(d): the Commission issues an advisory opinion, and extends its term, by the Sec. 6 majority
    # (CAM-19D-02, A-16); a Sec. 19(f) revision is a decision of the Commission, by the same majority.
    ("camara-171", "opinion_issued"): "CAM-19D-02",
    ("camara-171", "opinion_extension_granted"): "CAM-19D-02",
    ("camara-171", "opinion_revised"): "CAM-19D-02",
    # Municipal: the Commission acts by its quorum and two votes (MUN-QUO-01).
    ("municipal", "dismissed"): "MUN-QUO-01",
    ("municipal", "decision_issued"): "MUN-QUO-01",
    # Not «dismissed_with_prejudice»: ¶17 dismisses by operation of law when the decision term runs
    # out; ventila records it itself (``ventila sweep_compulsory_terms``), no vote is taken.
}


# A voted act that may be recorded either way: the payload's yes/no field that says what is recorded (the
# roll call must then carry the motion, or not carry it). Any other voted act is recorded as carried.
RECORDED_OUTCOME: dict[str, str] = {
    "recusal_decided": "granted",
    "objection_decided": "objected",
}
# The payload field of a voted act that holds the yes votes: filled from the roll call, never typed.
YES_VOTES_FIELD = "yes_votes"


def vote_rule(rulebook_id: str, event_type: str) -> str | None:
    """The catalogue rule whose majority decides this act, or None when the act is not voted."""
    return VOTED_ACTS.get((rulebook_id, event_type))
