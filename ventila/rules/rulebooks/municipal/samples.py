"""The sample dockets of the municipal Commission that ``ventila generate`` draws for the benchmarks (the
demo's sequences, ``ventila demo``): fictitious, each act one the rulebook accepts where it stands."""

from __future__ import annotations

from ...parts import Choice, Days, SampleFlow
from ...parts import SampleStep as Step

COMPLAINT = (
    Step("respondent_notified", 2),
    Step("answer_filed", 6),
    Step("hearing_noticed", 5, {"public": True}, hearing_in=20),
    Step("hearing_concluded", 20, {"before": "full"}),
    Step("decision_issued", 5, {"outcome": "admonition"}, votes=(2, 1)),
    Step("decision_notified", 1),
)

SAMPLES = (
    SampleFlow(
        "complaint",
        6,
        "complaint_filed",
        {"complainant_kind": Choice(("citizen", "municipal_assembly")), "sworn": True, "evidence_attached": True},
        COMPLAINT,
    ),
    SampleFlow(
        "suspension_proceeding",
        1,
        "special_proceeding_filed",
        {
            "charges_notified_on": Days(-4),
            "factors": ["weight_of_evidence", "urgency"],
            "public_interest_determined": True,
        },
    ),
    SampleFlow("deadlock", 1, "deadlock_reported", {"by": "municipal_assembly"}, (Step("referred_to_commission", 0),)),
)
