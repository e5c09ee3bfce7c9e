"""One vocabulary (issue 13, item 3): each kind declares its stage and deadline ids as StrEnums
(``ventila.rules.vocabulary``), every id has its one Spanish label there, and what the evaluators
produce stays inside the kind's vocabulary."""

from __future__ import annotations

import importlib.util
from enum import StrEnum
from pathlib import Path

import pytest

from ventila.rules.engine import KindSpec, evaluate
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.vocabulary import (
    DEADLINE_ES,
    KIND_ES,
    STAGE_ES,
    ComplaintStage,
    deadline_es,
    mid_sentence,
    stage_es,
)

KINDS = [(rb.id, k) for rb in RULEBOOKS.values() for k in rb.kinds.values()]
IDS = [f"{rb}:{k.id}" for rb, k in KINDS]


def _differential():  # bench/differential.py: the random walks of the differential check
    path = Path(__file__).resolve().parents[2] / "bench" / "differential.py"
    spec = importlib.util.spec_from_file_location("differential", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("rulebook", "kind"), KINDS, ids=IDS)
def test_every_kind_declares_its_stages_and_deadlines_as_str_enums(rulebook, kind: KindSpec) -> None:
    assert kind.stages is not None and issubclass(kind.stages, StrEnum)
    assert kind.deadlines is not None and issubclass(kind.deadlines, StrEnum)
    assert set(kind.deadline_ids) <= set(kind.deadlines), "deadline_ids outside the kind's deadlines"
    assert kind.initial_stage == "new"


@pytest.mark.parametrize(("rulebook", "kind"), KINDS, ids=IDS)
def test_every_stage_and_deadline_id_has_one_spanish_label(rulebook, kind: KindSpec) -> None:
    assert kind.stages is not None and kind.deadlines is not None
    assert [s.value for s in kind.stages if s not in STAGE_ES] == []
    assert [d.value for d in kind.deadlines if d not in DEADLINE_ES] == []
    assert kind.id in KIND_ES
    for s in kind.stages:
        assert stage_es(s) == STAGE_ES[s] and STAGE_ES[s][:1].isupper()
    for d in kind.deadlines:
        assert deadline_es(d) == DEADLINE_ES[d] and DEADLINE_ES[d][:1].isupper()


def test_a_kind_without_its_vocabulary_is_refused() -> None:
    with pytest.raises(TypeError, match="declare its stages and deadlines"):
        KindSpec("x", "X", {}, lambda ctx: None)
    with pytest.raises(TypeError, match="outside its vocabulary"):
        KindSpec(
            "x", "X", {}, lambda ctx: None, deadline_ids=("answr",), stages=ComplaintStage, deadlines=ComplaintStage
        )


def test_enum_members_are_their_ids() -> None:
    assert ComplaintStage.AWAITING_ANSWER == "awaiting_answer"
    assert f"{ComplaintStage.AWAITING_ANSWER}" == "awaiting_answer"
    assert mid_sentence("Abierto") == "abierto" and mid_sentence("") == ""


def test_random_dockets_stay_inside_each_kinds_vocabulary() -> None:
    """600 random walks (bench/differential.py): every stage and deadline the evaluators produce is
    a member of the kind's enums, and the evaluation carries plain strings (the contract's JSON)."""
    seen_stages: set[tuple[str, str, str]] = set()
    for scenario in _differential().walks(seed=13, dockets=600):
        ev = evaluate(scenario)
        kind = RULEBOOKS[ev.rulebook].kinds[ev.kind]
        assert kind.stages is not None and kind.deadlines is not None
        assert type(ev.stage) is str and ev.stage in set(kind.stages), (ev.kind, ev.stage)
        for d in ev.deadlines:
            assert type(d.id) is str and d.id in set(kind.deadlines), (ev.kind, d.id)
        seen_stages.add((ev.rulebook, ev.kind, ev.stage))
    assert len({k for _, k, _ in seen_stages}) == len({k.id for _, k in KINDS})  # every kind walked
    assert len(seen_stages) > 30


_TYPO = """
from ventila.rules.engine import Context
from ventila.rules.vocabulary import ComplaintDeadline, ComplaintStage


def evaluate(ctx: Context) -> None:
    ctx.stage = ComplaintStage.AWAITING_ANSWER
    ctx.add_deadline(ComplaintDeadline.ANSWER, "CAM-21B-02", ctx.events[0])
    ctx.stage = "awaitng_answer"
    ctx.stage = ComplaintStage.AWAITNG_ANSWER
    ctx.add_deadline("answr", "CAM-21B-02", ctx.events[0])
"""


def test_a_typo_in_a_stage_or_deadline_id_is_a_mypy_error(tmp_path, monkeypatch) -> None:
    """The evaluators' contract (mypy strict on ventila/rules runs in .ci/run): a stage or deadline
    id that is not a member of the kind's enum does not type-check."""
    from mypy import api

    root = Path(__file__).resolve().parents[2]
    (tmp_path / "typo.py").write_text(_TYPO, encoding="utf-8")
    monkeypatch.setenv("MYPYPATH", str(root))
    out, _err, status = api.run(
        ["--strict", "--cache-dir", str(tmp_path / "cache"), "--config-file", "", str(tmp_path / "typo.py")]
    )
    errors = sorted(int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line)
    assert status == 1 and errors == [9, 10, 11], out  # the three typos, not the two correct lines
