"""The lawyer-readable scenarios of docs/scenarios/: each file is one case, run through the engine
(``ventila deadlines``, or ``ventila conduct`` for the conduct rules), its expected dates, statuses and
findings compared with the engine's answer. Every rule that computes a term has at least one.

No database; each scenario is one evaluation.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from scenario_tables import load_all

from ventila.rules import reference
from ventila.rules.check import check
from ventila.rules.engine import evaluate
from ventila.rules.rulebooks import RULEBOOKS

SCENARIOS = load_all()


def _same_due(expected: str, got: str) -> bool:
    """A date, or a date and hour (``2027-03-02 10:00``, Puerto Rico time) against the engine's ISO text."""
    if len(expected) == 10:
        return got[:10] == expected
    want = dt.datetime.fromisoformat(expected.replace(" ", "T"))
    return dt.datetime.fromisoformat(got).replace(tzinfo=None) == want


def _answer(data: dict[str, Any]) -> dict[str, Any]:
    return check(data) if "check" in data else evaluate(data).to_json()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_scenario(scenario: Any) -> None:
    out = _answer(scenario.data)
    deadlines = out.get("deadlines", [])
    problems = []
    for row in scenario.terms:
        term, rule, due, status = (row[k].strip("`") for k in ("termino", "regla", "vence", "estado"))
        same = [d for d in deadlines if d["id"] == term and d["rule"] == rule]
        if not any(_same_due(due, d["due"]) and d["status"] == status for d in same):
            got = [f"{d['due']} {d['status']}" for d in same] or ["(ningún término así)"]
            problems.append(f"{term} ({rule}): se esperaba {due} {status}; el motor da {', '.join(got)}")
    findings = {(f["id"], f["rule"]) for f in out.get("findings", [])}
    for row in scenario.findings:
        want = (row["hallazgo"].strip("`"), row["regla"].strip("`"))
        if want not in findings:
            problems.append(f"falta el hallazgo {want[0]} ({want[1]}); el motor da {sorted(findings)}")
    for row in scenario.results:
        key, want = row["dato"].strip("`"), row["valor"].strip("`")
        if str(out.get(key)) != want:
            problems.append(f"{key}: se esperaba {want}; el motor da {out.get(key)}")
    assert scenario.terms or scenario.findings or scenario.results, f"{scenario.path.name} expects nothing"
    assert not problems, f"{scenario.path.name}:\n  " + "\n  ".join(problems)


def rules_with_a_term() -> set[str]:
    """Every rule that computes a term: one the rulebook declares with a term, one a deadline cites, or a
    computable rule of kind DEADLINE (a date the act must precede, though no count of days: CAM-11B-01's
    notice before the activity starts)."""
    out = {r.id for rb in RULEBOOKS.values() for r in rb.rules.values() if r.term is not None}
    out |= {
        r.id
        for rb in RULEBOOKS.values()
        for r in rb.rules.values()
        if str(r.kind) == "DEADLINE" and r.not_computable is None
    }
    index = reference.scan_sources([rid for rb in RULEBOOKS.values() for rid in rb.rules])
    out |= {c.rule for c in index.deadline_calls if c.rule}
    return out


def test_every_rule_with_a_term_has_a_scenario() -> None:
    covered = {r for s in SCENARIOS for r in s.cited_rules()}
    missing = sorted(rules_with_a_term() - covered)
    assert not missing, f"{len(missing)} rules with a term have no scenario in docs/scenarios/: {', '.join(missing)}"


def test_every_scenario_cites_real_rules_and_explains_its_arithmetic() -> None:
    known = {rid for rb in RULEBOOKS.values() for rid in rb.rules}
    for s in SCENARIOS:
        assert s.cited_rules() <= known, f"{s.path.name}: {sorted(s.cited_rules() - known)}"
        assert "## El cómputo" in s.path.read_text(encoding="utf-8"), f"{s.path.name}: no «El cómputo» section"


def test_a_scenario_with_an_unknown_datum_is_refused(tmp_path: Any) -> None:
    """A typo in the case's table («reglamneto») is an error naming it, never a silently different case."""
    from scenario_tables import load

    path = tmp_path / "typo.md"
    path.write_text("# X\n\n| dato | valor |\n|---|---|\n| reglamneto | camara-171 |\n", encoding="utf-8")
    with pytest.raises(ValueError, match="reglamneto"):
        load(path)


def test_the_closures_of_a_scenario_reach_the_engine() -> None:
    [closure] = [s for s in SCENARIOS if s.name == "cam-closure"]
    assert closure.data["calendar"] == {"closures": ["2027-09-16", "2027-09-17"]}


def test_a_term_of_office_is_held_by_a_scenario_or_explained_here() -> None:
    """A rule a body's composition computes a period with (MUN-COM-05: a member's four years and holdover)
    is no term of a case; ``ventila conduct``'s ``term_of_office`` check asks it, and a scenario holds it —
    or docs/scenarios/README.md names it in its table «Rules with a term that no scenario holds» with the
    reason."""
    index = (reference.ROOT / "docs" / "scenarios" / "README.md").read_text(encoding="utf-8")
    section = index.split("## Rules with a term that no scenario holds", 1)[1]
    covered = {r for s in SCENARIOS for r in s.cited_rules()}
    outside = {rb.pages.seats.rule_ids["term"] for rb in RULEBOOKS.values() if rb.pages.seats is not None}
    assert outside == {"MUN-COM-05"}
    for rule_id in outside - covered:
        assert f"\n| {rule_id} | " in section, f"{rule_id}: no scenario and no reason in docs/scenarios/README.md"
    listed = {line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ") and "-" in line}
    assert listed - {"regla"} <= outside - covered, f"listed but held by a scenario or no such rule: {listed}"
    assert "MUN-COM-05" in covered  # mun-term-of-office-*.md
