"""Which docket acts a body decides by roll call, and under which vote rule of its rulebook.

The counting itself is the rulebook's (:func:`ventila.rules.votes.tally`); which acts the texts put to a
vote is the rulebook's too (``Rulebook.docket.voting``, :class:`ventila.rules.parts.Voting`). This module only
reads it.
"""

from __future__ import annotations

from ventila.rules import RULEBOOKS

# The payload field of a voted act that holds the yes votes: filled from the roll call, never typed.
YES_VOTES_FIELD = "yes_votes"


def voted_acts() -> list[tuple[str, str]]:
    """Every (rulebook id, event type) a body decides by roll call, over the registered rulebooks."""
    return [(rb.id, act) for rb in RULEBOOKS.values() for act in rb.docket.voting.acts]


def vote_rule(rulebook_id: str, event_type: str) -> str | None:
    """The catalogue rule whose majority decides this act, or None when the act is not voted."""
    rulebook = RULEBOOKS.get(rulebook_id)
    return rulebook.docket.voting.acts.get(event_type) if rulebook is not None else None


def recorded_outcome(rulebook_id: str, event_type: str) -> str | None:
    """For a voted act that may be recorded either way, its payload's yes/no field that says what is
    recorded (the roll call must then carry the motion, or not); None: recorded as carried."""
    rulebook = RULEBOOKS.get(rulebook_id)
    return rulebook.docket.voting.recorded_outcome.get(event_type) if rulebook is not None else None
