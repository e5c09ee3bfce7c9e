"""Final means final (issue 26): each kind declares in its rulebook when a matter is final for publication
(``KindSpec.final_acts``: a final act with its notice to the parties and the closing) — the one predicate
the public record, the open data, the annual report and the public statistics read. The walk: every kind
of every rulebook × every stage of it × the histories the attack used (a withdrawal, a dismissal closed
without its notice, a decision not notified) and the ones that are final."""

from __future__ import annotations

import datetime as dt

import pytest

from ventila.rules import PR_TZ
from ventila.rules.rulebooks import RULEBOOKS


def _acts(*steps: str | tuple[str, dict[str, str]]) -> list[tuple[str, dict[str, str], dt.datetime]]:
    out = []
    for i, step in enumerate(steps):
        kind, payload = (step, {}) if isinstance(step, str) else step
        out.append((kind, payload, dt.datetime(2027, 3, 1 + i, 10, tzinfo=PR_TZ)))
    return out


HOUSE_FILED = ("complaint_filed", "respondent_notified", "answer_filed")
DISMISSAL = ("determination_made", {"outcome": "dismissed", "grounds": "frivolous"})
# (id, acts, final for publication) for the House's complaint and referral (whatever the filing act).
HOUSE = [
    ("withdrawn: closed right after filing", _acts("complaint_filed", "case_closed"), False),
    ("dismissal closed without its notice", _acts(*HOUSE_FILED, DISMISSAL, "case_closed"), False),
    ("dismissal notified, not closed", _acts(*HOUSE_FILED, DISMISSAL, "determination_notified"), False),
    ("notice before the dismissal", _acts(*HOUSE_FILED, "determination_notified", DISMISSAL, "case_closed"), False),
    ("probable cause, closed", _acts(*HOUSE_FILED, ("determination_made", {"outcome": "probable_cause"}),
                                     "determination_notified", "case_closed"), False),
    ("CAM-21C-04 dismissal notified and closed",
     _acts(*HOUSE_FILED, DISMISSAL, "determination_notified", "case_closed"), True),
    ("CAM-22-01 charges not proven after the hearing, closed",
     _acts(*HOUSE_FILED, "evidentiary_hearing_concluded", ("resolved", {"outcome": "charges_not_proven"}),
           "case_closed"), True),
    ("summary dismissal closed without its notice",
     _acts("complaint_filed", "respondent_notified", "hearing_held", ("resolved", {"outcome": "dismissed"}),
           "case_closed"), False),
    ("CAM-24E-02 summary dismissal notified and closed",
     _acts("complaint_filed", "respondent_notified", "hearing_held", ("resolved", {"outcome": "dismissed"}),
           "determination_notified", "case_closed"), True),
    ("charges proven, closed without the Final Report referred",
     _acts(*HOUSE_FILED, "evidentiary_hearing_concluded", ("resolved", {"outcome": "charges_proven"}),
           "case_closed"), False),
    ("CAM-21D-01 charges proven, Final Report referred, closed",
     _acts(*HOUSE_FILED, "evidentiary_hearing_concluded", ("resolved", {"outcome": "charges_proven"}),
           "report_referred", "sanction_decided", "case_closed"), True),
]  # fmt: skip
MUNICIPAL = [
    ("decision not notified", _acts("complaint_filed", "respondent_notified", "decision_issued"), False),
    ("dismissal not notified", _acts("complaint_filed", "respondent_notified", "dismissed"), False),
    ("dismissal with prejudice not notified", _acts("complaint_filed", "dismissed_with_prejudice"), False),
    ("MUN-OUT-01 decision notified",
     _acts("complaint_filed", "respondent_notified", "decision_issued", "decision_notified"), True),
    ("MUN-STU-02 dismissal notified", _acts("complaint_filed", "respondent_notified", "dismissed", "decision_notified"),
     True),
    ("MUN-DEC-04 dismissal with prejudice notified",
     _acts("complaint_filed", "dismissed_with_prejudice", "decision_notified"), True),
]  # fmt: skip
HISTORIES = {
    ("camara-171", "complaint"): HOUSE,
    ("camara-171", "referral"): HOUSE,
    ("municipal", "complaint"): MUNICIPAL,
}
EVERY_HISTORY = [h for hs in (HOUSE, MUNICIPAL) for h in hs]

WALK = [
    pytest.param(rb, kind, str(stage), id=f"{rb}·{kind}·{stage}")
    for rb, book in sorted(RULEBOOKS.items())
    for kind, spec in sorted(book.kinds.items())
    for stage in (spec.stages or ())
]


@pytest.mark.parametrize(("rulebook", "kind", "stage"), WALK)
def test_every_kind_and_stage_publishes_only_a_final_act_with_its_notice(rulebook, kind, stage):
    spec = RULEBOOKS[rulebook].kinds[kind]
    histories = HISTORIES.get((rulebook, kind))
    for name, acts, final in histories or EVERY_HISTORY:
        expected = final and histories is not None and stage in spec.final_stages
        assert spec.final_for_publication(stage, acts) is expected, (name, stage)


def test_the_walk_covers_every_kind_and_the_kinds_published_are_the_ones_with_histories():
    published = {(rb, k) for rb, book in RULEBOOKS.items() for k, s in book.kinds.items() if s.final_acts}
    assert published == set(HISTORIES)
    assert len(WALK) >= sum(len(list(s.stages or ())) for b in RULEBOOKS.values() for s in b.kinds.values())


@pytest.mark.parametrize(("rulebook", "kind"), sorted(HISTORIES), ids=lambda v: str(v))
def test_each_final_act_cites_a_rule_of_its_rulebook(rulebook, kind):
    book = RULEBOOKS[rulebook]
    spec = book.kinds[kind]
    for final in spec.final_acts:
        assert final.rule in book.rules, final
    assert set(spec.private_fields) <= set(spec.events)
