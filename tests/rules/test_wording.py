"""Issue 27, class 8: what the engine says to a reader. The procedure is named only where a kind has
one (the complaints); the readable text leaves out the developers' cross-references; 24 December says
why it stops a count; Sec. 17's vocabulary names the Representative, as its text does."""

from __future__ import annotations

import pytest
from rule_input import case, ev

from ventila.rules.check import check
from ventila.rules.engine import evaluate
from ventila.rules.explain import explain, explain_check
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.vocabulary import ACTOR_ES, DEADLINE_ES, STAGE_ES

OUTSIDE = case(
    "camara-171",
    "outside_activity",
    ev("outside_activity_notified", "2027-03-01", compensation=100),
    as_of="2027-03-03",
)
COMPLAINT = case(
    "camara-171", "complaint", ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"), as_of="2027-03-03"
)


def test_cam_11c_01_no_procedure_is_named_on_a_kind_without_one() -> None:
    assert "procedimiento" not in explain(evaluate(OUTSIDE)).splitlines()[1]
    assert "procedimiento ordinario" in explain(evaluate(COMPLAINT)).splitlines()[1]
    with_procedures = {(rb.id, k.id) for rb in RULEBOOKS.values() for k in rb.kinds.values() if k.procedures}
    assert with_procedures == {("camara-171", "complaint"), ("camara-171", "referral"), ("municipal", "complaint")}


def test_cam_14d_01_the_readable_text_leaves_out_internal_references() -> None:
    """CAM-14D-01's summary cites «A-12» for the developers; the explanation a person reads does not."""
    data = case("camara-171", "financial_report", ev("took_office", "2027-01-02"), as_of="2027-03-01")
    text = explain(evaluate(data))
    assert "CAM-14D-01" in text and "A-12" not in text and "Primer informe dentro de 90 días" in text


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(
            explain_check(check({"rulebook": "camara-171", "check": "summons", "formal_notice": "2027-12-17"})),
            id="CAM-10W-01 summons across 24 December",
        ),
        pytest.param(
            explain(evaluate({**COMPLAINT, "as_of": "2027-12-20", "events": [
                {"type": "complaint_filed", "at": "2027-12-21", "knowledge_date": "2027-12-01"}]})),
            id="CAM-21B-01 notice across 24 December",
        ),
    ],
)  # fmt: skip
def test_decision_3_nochebuena_says_why_it_stops_a_count(text: str) -> None:
    [line] = [ln for ln in text.splitlines() if "24 de diciembre" in ln and "no cuenta" in ln]
    assert "Nochebuena" in line and "la tarde es feriado" in line and "Regla 68.1" in line
    assert "feriado en su totalidad" in line


def test_cam_17_04_sec_17_names_the_representative() -> None:
    kind = RULEBOOKS["camara-171"].kinds["report_access_request"]
    words = [DEADLINE_ES[d] for d in kind.deadline_ids]
    words += [STAGE_ES[s] for s in kind.stages or () if s in STAGE_ES]
    words += [ACTOR_ES[a] for a in kind.actors.values()]
    words += [m.es() for m in kind.lapses.values()]
    assert not [w for w in words if "funcionario" in w.lower()], words
    assert ACTOR_ES[kind.actors["subject_objection"]] == "El Representante"
