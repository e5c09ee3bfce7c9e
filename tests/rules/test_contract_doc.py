"""docs/deadlines-contract.md cannot drift from the rulebooks: its vocabulary block is generated
(``ventila rules-doc``) and must equal a fresh generation, and every public name of every rulebook —
kinds, event types, deadline IDs, conduct checks — appears in it."""

from __future__ import annotations

import pytest

from ventila.rules import reference
from ventila.rules.check import CHECKS
from ventila.rules.rulebooks import RULEBOOKS

CONTRACT = (reference.ROOT / reference.CONTRACT_PATH).read_text(encoding="utf-8")


def test_the_contract_vocabulary_is_current() -> None:
    assert reference.render_contract(CONTRACT) == CONTRACT, (
        f"{reference.CONTRACT_PATH} is stale: run `{reference.REGENERATE}` and commit it"
    )


def _names() -> list[object]:
    out: list[object] = []
    for rb in RULEBOOKS.values():
        for kind in rb.kinds.values():
            out.append(pytest.param("kind", kind.id, id=f"{rb.id} kind {kind.id}"))
            out += [pytest.param("event", e, id=f"{rb.id} {kind.id} event {e}") for e in kind.events]
            out += [pytest.param("deadline", d, id=f"{rb.id} {kind.id} deadline {d}") for d in kind.deadline_ids]
    out += [pytest.param("check", c, id=f"check {c}") for c in CHECKS]
    return out


@pytest.mark.parametrize(("what", "name"), _names())
def test_every_public_name_is_in_the_contract(what: str, name: str) -> None:
    assert f"`{name}`" in CONTRACT, f"{what} `{name}` is not in {reference.CONTRACT_PATH}"


def test_what_the_outside_check_found_missing_is_there() -> None:
    """Issue 27 class 6: the `regulation` kind and the `oeg_referral` deadline were omitted."""
    block = CONTRACT.split(reference.CONTRACT_BEGIN, 1)[1].split(reference.CONTRACT_END, 1)[0]
    assert "`regulation`" in block and "`oeg_referral` (CAM-16A-01" in block


def test_every_conduct_check_is_described_with_its_rule() -> None:
    section = CONTRACT.split("## Conduct checks", 1)[1].split("\n## ", 1)[0]
    for name in CHECKS:
        assert f"| `{name}` (Sec." in section, name


def test_a_contract_without_the_markers_is_an_error() -> None:
    with pytest.raises(ValueError, match="vocabulary"):
        reference.render_contract("# a contract with no generated block\n")
