"""The generated rules reference (docs/rules.md) and the coverage of both catalogues.

* docs/rules.md must equal a fresh generation (``ventila rules-doc`` rewrites it).
* Every rule ID of the catalogues (tests/rules/catalogue_ids.txt, derived from them) is declared in
  its rulebook with the catalogue's kind, and is implemented: used in code outside its declaration,
  or — for kinds that by nature only declare (SUBSTANTIVE, ROLE, RECORD, CONFIDENTIALITY) — declared
  with a summary; a NOT-COMPUTABLE rule (or any rule marked ``not_computable``) says why.
* Every DEADLINE rule is cited by at least one test (a test id, name or literal naming the rule).
* The public vocabulary of the deadlines contract (event types with their payload fields, deadline
  IDs, finding IDs) exists in the rulebooks, hence in the reference.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path

import pytest

from ventila.rules import reference
from ventila.rules.engine import EventSpec, FieldSpec, KindSpec, Rulebook, Setting
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.rulebooks.common import RuleSet
from ventila.rules.terms import RuleKind
from ventila.rules.vocabulary import Actor

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE_FILE = Path(__file__).with_name("catalogue_ids.txt")
PREFIX_TO_RULEBOOK = {"CAM": "camara-171", "MUN": "municipal"}
DECLARE_ONLY_KINDS = {
    RuleKind.SUBSTANTIVE,
    RuleKind.ROLE,
    RuleKind.RECORD,
    RuleKind.CONFIDENTIALITY,
}


def load_catalogue() -> dict[str, dict[str, str]]:
    """rulebook id → {rule id: kind}, in catalogue order."""
    out: dict[str, dict[str, str]] = {rb: {} for rb in PREFIX_TO_RULEBOOK.values()}
    for line in CATALOGUE_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rule_id, kind = line.split()
        out[PREFIX_TO_RULEBOOK[rule_id.split("-", 1)[0]]][rule_id] = kind
    return out


CATALOGUE = load_catalogue()


@pytest.fixture(scope="module")
def index() -> reference.SourceIndex:
    ids = {rid for rb in RULEBOOKS.values() for rid in rb.rules}
    ids |= {rid for rules in CATALOGUE.values() for rid in rules}
    return reference.scan_sources(ids, ROOT)


@pytest.fixture(scope="module")
def fresh_doc() -> str:
    """One fresh generation of the reference, shared by the tests of this module."""
    return reference.render()


def _report(problems: list[str], what: str) -> str:
    return f"{len(problems)} {what}:\n  " + "\n  ".join(problems)


# -- the catalogue file itself -------------------------------------------------------------------


def test_catalogue_file_lists_both_catalogues() -> None:
    # 171 rules in the House catalogue, 90 in the municipal one; every kind is a RuleKind.
    assert len(CATALOGUE["camara-171"]) == 171
    assert len(CATALOGUE["municipal"]) == 90
    kinds = {k for rules in CATALOGUE.values() for k in rules.values()}
    assert kinds <= {k.value for k in RuleKind}
    assert list(CATALOGUE["camara-171"])[:2] == ["CAM-01-01", "CAM-01-02"]


# -- docs/rules.md is current --------------------------------------------------------------------


def test_rules_doc_is_current(fresh_doc: str) -> None:
    path = ROOT / reference.DOC_PATH
    fresh = fresh_doc
    assert path.exists(), f"{reference.DOC_PATH} is missing: run `{reference.REGENERATE}`"
    current = path.read_text(encoding="utf-8")
    assert current == fresh, f"{reference.DOC_PATH} is stale: run `{reference.REGENERATE}` and commit it"


def test_render_is_deterministic(fresh_doc: str) -> None:
    assert reference.render() == fresh_doc


def test_rules_doc_check_command_detects_a_stale_file(tmp_path: Path) -> None:
    target = tmp_path / "rules.md"
    assert reference.main(["--output", str(target)]) == 0
    assert reference.main(["--check", "--output", str(target)]) == 0
    target.write_text(target.read_text(encoding="utf-8") + "\nedited by hand\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "ventila.cli", "rules-doc", "--check", "--output", str(target)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 1
    assert "ventila rules-doc" in proc.stderr and "desactualizado" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_rules_doc_check_on_a_missing_file(tmp_path: Path) -> None:
    assert reference.main(["--check", "--output", str(tmp_path / "absent.md")]) == 1


def test_reference_lists_every_rule_of_every_rulebook(fresh_doc: str) -> None:
    text = fresh_doc
    for rb in RULEBOOKS.values():
        assert f"## `{rb.id}`" in text
        for rid in rb.rules:
            assert f"| **{rid}** |" in text, rid
        for name in rb.settings:
            assert f"| [`{name}`](decisions.md#setting-{rb.id}-{name}) |" in text, name


# -- the generator on a synthetic tree ----------------------------------------------------------


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _toy_rulebook() -> Rulebook:
    r = RuleSet()
    r.add(
        "TOY-01-01",
        "DEADLINE",
        "Art. 1",
        "diez (10) días",
        "Resolver en 10 días | sin excusa.",
        term=(10, "days"),
    )
    r.add(
        "TOY-01-02",
        "NOT-COMPUTABLE",
        "Art. 2",
        "declara",
        "Declaración.",
        not_computable="No fija término.",
    )
    events = {"filed": EventSpec("filed", "Presentada", {"when": FieldSpec("date", required=True, help="Fecha")})}

    class Stage(StrEnum):
        NEW = "new"

    class Due(StrEnum):
        DECIDE = "decide"

    kind = KindSpec(
        "case",
        "Caso",
        events,
        lambda ctx: None,
        deadline_ids=("decide",),
        stages=Stage,
        deadlines=Due,
        actors={"decide": Actor.COMMISSION},
    )
    return Rulebook(
        id="toy",
        title="Reglamento de juguete",
        rules=r.rules,
        kinds={"case": kind},
        settings={"roll_forward": Setting("roll_forward", True, (True, False), "Decisión 1", "Corre al lunes.")},
        elections=(),
        findings={"registered_only": "TOY-01-02"},
    )


def test_scanner_finds_declarations_uses_calls_and_test_citations(tmp_path: Path) -> None:
    _write(
        tmp_path / "ventila/rules/rulebooks/toy/rules.py",
        (
            'R.add("TOY-01-01", "DEADLINE", "Art. 1", "q", "s", term=(10, "days"))\n'
            'R.add("TOY-01-02", "NOT-COMPUTABLE", "Art. 2", "q", "s", not_computable="r")\n'
        ),
    )
    _write(
        tmp_path / "ventila/rules/rulebooks/toy/evaluate.py",
        (
            '"""Mentions TOY-01-02 in a docstring, which is not a use."""\n'
            "def evaluate(ctx):\n"
            '    ctx.add_deadline("decide", "TOY-01-01", ctx.first("filed"))\n'
            '    ctx.add_finding("late", "TOY-01-01", "Tarde.")\n'
            "    rule_id = pick()\n"
            '    ctx.add_finding("varies", rule_id, "Depende.")\n'
            "    # TOY-01-02 in a comment is not a use either\n"
        ),
    )
    _write(
        tmp_path / "ventila/rules/kinship_toy.py",
        (
            "def check(rule):\n"
            '    return [Finding("related", R.rules["TOY-01-01"], "Parentesco."), Finding("other", rule, "x"),\n'
            '            Finding("asked", ctx.rule("TOY-01-01"), "y")]\n'
        ),
    )
    _write(
        tmp_path / "tests/test_toy.py",
        (
            "import pytest\n"
            '@pytest.mark.parametrize("x", [pytest.param(1, id="TOY-01-01 ten days")])\n'
            "def test_toy_01_01_again(x):\n"
            "    # TOY-01-02 only in a comment: does not count\n"
            "    assert x\n"
        ),
    )
    idx = reference.scan_sources({"TOY-01-01", "TOY-01-02"}, tmp_path)
    assert idx.declared_in == {
        "TOY-01-01": "ventila/rules/rulebooks/toy/rules.py",
        "TOY-01-02": "ventila/rules/rulebooks/toy/rules.py",
    }
    assert idx.uses == {
        "TOY-01-01": {
            "ventila/rules/kinship_toy.py": 2,
            "ventila/rules/rulebooks/toy/evaluate.py": 2,
        }
    }
    assert idx.used_outside_declaration("TOY-01-02") == 0
    assert idx.implemented_in("TOY-01-01") == [
        "ventila/rules/rulebooks/toy/rules.py",
        "ventila/rules/kinship_toy.py",
        "ventila/rules/rulebooks/toy/evaluate.py",
    ]
    assert idx.tests == {"TOY-01-01": {"tests/test_toy.py": 2}}
    assert reference.Call("decide", "TOY-01-01", "ventila/rules/rulebooks/toy/evaluate.py") in idx.deadline_calls
    assert {(c.name, c.rule) for c in idx.finding_calls} == {
        ("late", "TOY-01-01"),
        ("varies", None),
        ("related", "TOY-01-01"),
        ("other", None),
        ("asked", "TOY-01-01"),
    }


def test_render_of_a_toy_rulebook(tmp_path: Path) -> None:
    _write(
        tmp_path / "ventila/rules/rulebooks/toy/rules.py",
        'R.add("TOY-01-01", "DEADLINE", "a", "b", "c")\n',
    )
    _write(
        tmp_path / "ventila/rules/rulebooks/toy/evaluate.py",
        'ctx.add_deadline("decide", "TOY-01-01", e)\nctx.add_finding("late", "TOY-01-01", "m")\n',
    )
    text = reference.render({"toy": _toy_rulebook()}, tmp_path)
    assert text.startswith("# Rules reference\n")
    assert "## `toy` — Reglamento de juguete" in text
    # The summary's pipe is escaped; the not-computable rule shows its reason.
    assert "| **TOY-01-01** | DEADLINE | Art. 1 | 10 días | Resolver en 10 días \\| sin excusa. |" in text
    assert "| **TOY-01-02** | NOT-COMPUTABLE | Art. 2 |  | No computable: No fija término. |" in text
    assert "| `filed` | Presentada | `when` (date, requerido) — Fecha |" in text
    assert "| `decide` | TOY-01-01 | 10 días |" in text
    assert "| `late` | TOY-01-01 | `ventila/rules/rulebooks/toy/evaluate.py` |" in text
    assert "| `registered_only` | TOY-01-02 | (registry only) |" in text
    assert (
        "| [`roll_forward`](decisions.md#setting-toy-roll_forward) | `true` | `true`, `false` "
        "| [Decisión 1](decisions.md#decision-1) | Corre al lunes. |"
    ) in text
    assert "/work/" not in text and str(tmp_path) not in text


# -- catalogue coverage ------------------------------------------------------------------------


@pytest.mark.parametrize("rb_id", list(CATALOGUE))
def test_every_catalogue_rule_is_declared(rb_id: str) -> None:
    declared = RULEBOOKS[rb_id].rules
    missing = [rid for rid in CATALOGUE[rb_id] if rid not in declared]
    assert not missing, _report(missing, f"catalogue rules not declared in rulebook {rb_id}")


@pytest.mark.parametrize("rb_id", list(CATALOGUE))
def test_declared_rules_have_the_catalogue_kind(rb_id: str) -> None:
    rules = RULEBOOKS[rb_id].rules
    wrong = [
        f"{rid}: catalogue {kind}, rulebook {rules[rid].kind.value}"
        for rid, kind in CATALOGUE[rb_id].items()
        if rid in rules and rules[rid].kind.value != kind
    ]
    assert not wrong, _report(wrong, "rules declared with another kind than the catalogue's")


@pytest.mark.parametrize("rb_id", list(CATALOGUE))
def test_no_rule_outside_the_catalogue(rb_id: str) -> None:
    extra = [rid for rid in RULEBOOKS[rb_id].rules if rid not in CATALOGUE[rb_id]]
    assert not extra, _report(extra, "rules declared that the catalogue does not have (typo?)")


def _why_not_implemented(rb_id: str, rule_id: str, idx: reference.SourceIndex) -> str | None:
    rule = RULEBOOKS[rb_id].rules.get(rule_id)
    if rule is None:
        return "not declared"
    if rule.not_computable is not None:
        return None if rule.not_computable.strip() else "not_computable without a reason"
    if rule.kind is RuleKind.NOT_COMPUTABLE:
        return "NOT-COMPUTABLE rule without a not_computable reason"
    if rule.kind in DECLARE_ONLY_KINDS:
        return None if rule.summary.strip() else f"{rule.kind.value} rule without a summary"
    if idx.used_outside_declaration(rule_id):
        return None
    return f"{rule.kind.value} rule not used in code outside its declaration"


@pytest.mark.parametrize("rb_id", list(CATALOGUE))
def test_every_catalogue_rule_is_implemented(rb_id: str, index: reference.SourceIndex) -> None:
    problems = []
    for rid in CATALOGUE[rb_id]:
        why = _why_not_implemented(rb_id, rid, index)
        if why is not None:
            problems.append(f"{rid}: {why}")
    assert not problems, _report(problems, f"catalogue rules of {rb_id} not implemented")


@pytest.mark.parametrize("rb_id", list(CATALOGUE))
def test_every_deadline_rule_is_cited_by_a_test(rb_id: str, index: reference.SourceIndex) -> None:
    uncited = [rid for rid, kind in CATALOGUE[rb_id].items() if kind == "DEADLINE" and not index.tests.get(rid)]
    assert not uncited, _report(uncited, f"DEADLINE rules of {rb_id} that no test id or name cites")


@pytest.mark.parametrize("rb_id", list(CATALOGUE))
def test_every_rule_has_summary_citation_and_quote(rb_id: str) -> None:
    bad = [
        rid
        for rid, r in RULEBOOKS[rb_id].rules.items()
        if not (r.summary.strip() and r.citation.strip() and r.quote.strip())
    ]
    assert not bad, _report(bad, "rules without summary, citation or quote")


# -- the contract's public vocabulary -------------------------------------------------------------

# From the deadlines contract (docs/deadlines-contract.md): events (with payload fields), deadline IDs
# and the finding IDs it names.
_COMPLAINT_EVENTS = {
    "respondent_notified": (),
    "extension_requested": ("reasons",),
    "extension_granted": ("business_days",),
    "answer_filed": (),
    "default_declared": (),
    "determination_made": ("outcome", "grounds"),
    "determination_notified": (),
    "hearing_noticed": ("hearing_date", "initial"),
    "hearing_held": (),
    "evidentiary_hearing_concluded": (),
    "resolution_extension_requested": (),
    "resolution_extension_granted": ("days",),
    "resolution_extension_denied": (),
    "proceedings_suspended": ("reason",),
    "proceedings_resumed": (),
    "resolved": ("outcome",),
}
CONTRACT_EVENTS: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    ("camara-171", "complaint"): {"complaint_filed": ("knowledge_date",), **_COMPLAINT_EVENTS},
    ("camara-171", "referral"): {"referral_received": (), **_COMPLAINT_EVENTS},
    ("camara-171", "advisory_opinion"): {
        "opinion_requested": ("facts_date",),
        "opinion_extension_granted": ("business_days",),
        "opinion_issued": (),
    },
    ("camara-171", "outside_activity"): {
        "outside_activity_notified": ("compensation", "legislative_salary"),
        "objection_decided": ("objected",),
    },
    ("camara-171", "financial_report"): {
        "took_office": (),
        "left_office": ("reelected",),
        "report_filed": ("covers_year",),
        "secretary_notified": (),
        "preliminary_findings_received": (),
        "findings_answered": (),
    },
    ("camara-171", "report_access_request"): {
        "access_requested": (),
        "subject_notified": (),
        "objection_filed": (),
        "objection_resolved": (),
    },
    ("municipal", "complaint"): {
        "complaint_filed": (),
        "respondent_notified": (),
        "extension_requested": (),
        "extension_granted": ("days",),
        "answer_filed": (),
        "dismissed": (),
        "hearing_noticed": ("hearing_date",),
        "hearing_concluded": ("before",),
        "commissioner_report_filed": (),
        "decision_issued": ("outcome",),
    },
    ("municipal", "suspension_proceeding"): {
        "special_proceeding_filed": (),
        "court_decision": (),
        "suspension_order_notified": (),
        "review_filed": (),
    },
    ("municipal", "deadlock"): {
        "deadlock_reported": (),
        "referred_to_commission": (),
        "hearing_concluded": (),
        "recommendations_issued": (),
    },
}
CONTRACT_DEADLINES: dict[tuple[str, str], tuple[str, ...]] = {
    ("camara-171", "complaint"): (
        "file_complaint",
        "notify_respondent",
        "answer",
        "examine",
        "notify_determination",
        "resolve",
        "summary_total",
        "summary_dismissal_review",
        "summary_hearing_citation",
        "summary_adjudication",
    ),
    ("camara-171", "advisory_opinion"): ("issue_opinion",),
    ("camara-171", "outside_activity"): ("objection_window",),
    ("camara-171", "financial_report"): (
        "initial_report",
        "annual_report",
        "final_report",
        "notify_secretary",
        "oeg_evaluation",
        "respond_to_findings",
        "oeg_final_action",
    ),
    ("camara-171", "report_access_request"): ("notify_subject", "subject_objection"),
    ("municipal", "complaint"): ("answer", "study", "commissioner_report", "decide"),
    ("municipal", "suspension_proceeding"): ("court_decision", "review"),
    ("municipal", "deadlock"): ("recommendations",),
}
CONTRACT_FINDINGS: dict[str, tuple[str, ...]] = {
    "camara-171": (
        "complaint_time_barred",
        "extension_over_maximum",
        "extension_request_untimely",
        "insufficient_hearing_notice",
        "advisory_opinion_untimely",
        "outside_income_over_cap",
        "report_not_required",
        "filed_in_pre_election_blackout",
    ),
    "municipal": ("compulsory_term_missed", "dismissal_with_prejudice_required"),
}


def _kind(rb_id: str, kind_id: str) -> KindSpec | None:
    return RULEBOOKS[rb_id].kinds.get(kind_id)


def _vocabulary_cases() -> Iterator[object]:
    for rb_id, kind_id in CONTRACT_EVENTS:
        yield pytest.param(rb_id, kind_id, id=f"{rb_id} {kind_id}")


@pytest.mark.parametrize(("rb_id", "kind_id"), list(_vocabulary_cases()))
def test_contract_events_and_payload_fields_exist(rb_id: str, kind_id: str) -> None:
    kind = _kind(rb_id, kind_id)
    assert kind is not None, f"kind {kind_id} of {rb_id} is not declared"
    problems = []
    for etype, fields in CONTRACT_EVENTS[(rb_id, kind_id)].items():
        spec = kind.events.get(etype)
        if spec is None:
            problems.append(f"event {etype} missing")
            continue
        problems += [f"{etype}.{f} missing" for f in fields if f not in spec.fields]
    assert not problems, _report(problems, f"contract vocabulary missing in {rb_id} · {kind_id}")


@pytest.mark.parametrize(("rb_id", "kind_id"), [pytest.param(rb, k, id=f"{rb} {k}") for (rb, k) in CONTRACT_DEADLINES])
def test_contract_deadline_ids_exist(rb_id: str, kind_id: str, index: reference.SourceIndex) -> None:
    kind = _kind(rb_id, kind_id)
    assert kind is not None, f"kind {kind_id} of {rb_id} is not declared"
    computed = {c.name for c in index.deadline_calls}
    problems = [
        f"{d}: not in the kind's deadline_ids"
        for d in CONTRACT_DEADLINES[(rb_id, kind_id)]
        if d not in kind.deadline_ids
    ]
    problems += [f"{d}: no evaluator computes it" for d in kind.deadline_ids if d not in computed]
    assert not problems, _report(problems, f"deadline IDs of {rb_id} · {kind_id}")


@pytest.mark.parametrize("rb_id", list(CONTRACT_FINDINGS))
def test_contract_finding_ids_are_raised_and_documented(rb_id: str, fresh_doc: str) -> None:
    text = fresh_doc
    section = text.split(f"## `{rb_id}`", 1)[1].split("\n## `", 1)[0]
    findings = section.split("### Finding IDs", 1)[1].split("### Settings", 1)[0]
    missing = [f for f in CONTRACT_FINDINGS[rb_id] if f"| `{f}` |" not in findings]
    assert not missing, _report(missing, f"contract finding IDs not raised by any {rb_id} evaluator")
