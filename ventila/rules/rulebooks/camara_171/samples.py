"""The sample dockets of the House's Commission that ``ventila generate`` draws for the benchmarks (the
demo's sequences, ``ventila demo``): fictitious, each act one the rulebook accepts where it stands."""

from __future__ import annotations

from ...parts import SAMPLE_NAME, Choice, Days, SampleFlow
from ...parts import SampleStep as Step

_RESOLUTION = {
    "report_findings": "La Comisión determina probados los hechos de la querella (datos sintéticos).",
    "recommendation": "Se recomienda la sanción que dispone la Sec. 26.",
}
ORDINARY = (
    Step("respondent_notified", 2),
    Step("answer_filed", 8),
    Step("determination_made", 10, {"outcome": "probable_cause"}, votes=(5, 2)),
    Step("determination_notified", 1),
    Step("hearing_noticed", 1, {"initial": True}, hearing_in=12),
    Step("hearing_held", 12),
    Step("evidentiary_hearing_concluded", 3),
    Step("resolved", 10, {"outcome": "charges_proven"}, _RESOLUTION, votes=(5, 1), last_padded=True),
    Step("report_referred", 0, {"to": "house"}),
    Step("sanction_decided", 5, {"sanctions": ["fine"], "fine_amount": 1500}),
    Step("case_closed", 1),
)
_EXTENSION = (
    Step("respondent_notified", 2),
    Step("extension_requested", 5, {"reasons": "Acopio de prueba documental."}),
    Step("extension_granted", 1, {"business_days": 10}),
    Step("answer_filed", 9),
)
_DISMISSAL = (
    Step("respondent_notified", 2),
    Step("answer_filed", 6),
    Step("determination_made", 9, {"outcome": "dismissed", "grounds": ["frivolous"]}, votes=(6, 1), last_padded=True),
    Step("determination_notified", 2),
    Step("case_closed", 3),
)
_COMPLAINT = {"knowledge_date": Days(-12), "facts_date": Days(-15), "channel": Choice(("email", "in_person"))}
_COMPLAINT_DETAILS = {"provisions": "Sec. 10(i), Sec. 10(j)"}
_PADDING = {
    "witness_summoned": {"witness": SAMPLE_NAME},
    "documents_requested": {"description": "Expedientes de contratación (datos sintéticos)."},
}

SAMPLES = (
    SampleFlow("complaint", 6, "complaint_filed", _COMPLAINT, ORDINARY, _COMPLAINT_DETAILS, _PADDING),
    SampleFlow("complaint", 2, "complaint_filed", _COMPLAINT, _EXTENSION, _COMPLAINT_DETAILS, _PADDING),
    SampleFlow("complaint", 2, "complaint_filed", _COMPLAINT, _DISMISSAL, _COMPLAINT_DETAILS, _PADDING),
    SampleFlow(
        "referral",
        1,
        "referral_received",
        {"facts_date": Days(-20), "evidence_attached": True},
        (Step("respondent_notified", 2),),
    ),
)
