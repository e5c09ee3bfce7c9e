"""The generated rules reference: ``docs/rules.md``, written from the rulebooks themselves.

``ventila rules-doc`` writes it; ``ventila rules-doc --check`` exits 1 when the file on disk differs
from a fresh generation (the test suite runs the same check). Nothing in the reference is typed by
hand: for every rulebook in :data:`~ventila.rules.rulebooks.RULEBOOKS` it lists

* every rule — ID, kind, citation, term, what ventila does with it (its Spanish ``summary``, or
  "No computable: <reason>"), the source files under ``ventila/`` that use the ID (the declaring
  module first) and the test files under ``tests/`` that cite it;
* every kind of case with its event types and payload fields, and its deadline IDs;
* every deadline ID and finding ID the evaluators produce (found by reading the source: each
  ``add_deadline(<Kind>Deadline.<ID>, "<rule>", …)`` (or a literal id), ``add_finding("<id>", "<rule>", …)`` and
  ``Finding("<id>", R.rules["<rule>"], …)`` call, plus the rulebook's ``findings`` registry);
* the rulebook's settings (name, default, choices, source, help).

Every setting, and every ambiguity or decision a setting's source or a rule's text cites («A-18»,
«ambigüedad 10», «decisión 4»), links to its entry in ``docs/decisions.md`` (:func:`link_decisions`,
:func:`setting_anchor`; ``tests/rules/test_decisions.py`` checks that the anchors exist).

The deadlines contract makes event types, deadline IDs and finding IDs a public vocabulary that
must all be documented here; this module is how that stays true.

Source scanning works on the syntax tree (``ast``) and the token stream (``tokenize``), never by
importing application code, so it needs no Django. The output is deterministic: files are sorted,
no timestamps, no absolute paths.
"""

from __future__ import annotations

import argparse
import ast
import copy
import io
import json
import re
import sys
import tokenize
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from . import vocabulary
from .check import checks_of
from .engine import FIELD_TYPES, EventSpec, KindSpec, Rulebook
from .rulebooks import RULEBOOKS
from .terms import Rule, RuleKind

ROOT = Path(__file__).resolve().parents[2]
DOC_PATH = Path("docs") / "rules.md"
REGENERATE = "ventila rules-doc"
DECISIONS_DOC = "decisions.md"  # docs/decisions.md, relative to docs/rules.md

# How the code cites the catalogues' open points: «A-18» or «CAM A-18» (an ambiguity of the House
# text), «ambigüedad 10», «ambiguity 10», «MUN ambiguity 10», «Amb. 10» (an ambiguity of the
# municipal text), «decisión 4», «Decision 4» (a decision common to both catalogues).
DECISION_REF = re.compile(
    r"(?<![\w-])(?:A-(?P<cam>\d+)"
    r"|(?:MUN\s+)?(?:[Aa]mbig[uü]edad|[Aa]mbiguity|Amb\.)\s*(?P<mun>\d+)"
    r"|[Dd]ecisi[oó]n\s+(?P<dec>\d+))(?!\d)"
)

_EXCLUDED_DIRS = {
    "__pycache__",
    ".venv",
    "node_modules",
    ".git",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
}


# -- scanning the source ---------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """One ``add_deadline(…)``, ``add_finding(…)`` or ``Finding(…)`` call with a literal first argument."""

    name: str  # the deadline or finding ID
    rule: str | None  # the rule ID when given as a literal, else None
    path: str  # relative path of the file


@dataclass
class SourceIndex:
    """What the source tree says about rule IDs, deadline IDs and finding IDs.

    ``declared_in``: rule ID → the file whose ``R.add("<id>", …)`` declares it.
    ``uses``: rule ID → files (relative) holding the ID as an exact string literal *outside* its
    declaration — an evaluator, a helper or a table using the rule.
    ``tests``: rule ID → test file → number of string literals or names in that file citing the ID
    (``"CAM-21B-02 answer …"``, ``test_cam_21b_02_…``); comments do not count.
    """

    root: Path
    rule_ids: frozenset[str]
    declared_in: dict[str, str] = field(default_factory=dict)
    uses: dict[str, dict[str, int]] = field(default_factory=dict)
    tests: dict[str, dict[str, int]] = field(default_factory=dict)
    deadline_calls: list[Call] = field(default_factory=list)
    finding_calls: list[Call] = field(default_factory=list)

    def implemented_in(self, rule_id: str) -> list[str]:
        """Files using the ID, the declaring module first, then the others sorted."""
        out = []
        decl = self.declared_in.get(rule_id)
        if decl is not None:
            out.append(decl)
        out.extend(p for p in sorted(self.uses.get(rule_id, {})) if p != decl)
        return out

    def used_outside_declaration(self, rule_id: str) -> int:
        return sum(self.uses.get(rule_id, {}).values())

    def test_files(self, rule_id: str) -> dict[str, int]:
        return dict(sorted(self.tests.get(rule_id, {}).items()))


def _alternation(rule_ids: Iterable[str]) -> str:
    """The IDs as one regex alternation, longest first (none: a pattern that matches nothing)."""
    alternatives = sorted(rule_ids, key=lambda s: (-len(s), s))
    return "|".join(map(re.escape, alternatives)) if alternatives else r"(?!x)x"


def _id_regex(rule_ids: Iterable[str]) -> re.Pattern[str]:
    # "id:CAM-…" is the guard's ledger of rule IDs still written outside the rulebooks
    # (tests/trust/test_body_law_in_rules.py), not a test of the rule.
    return re.compile(r"(?<![A-Z0-9])(?<!id:)(" + _alternation(rule_ids) + r")(?![0-9A-Z])")


def _literal_regex(rule_ids: Iterable[str]) -> re.Pattern[str]:
    """Any of ``rule_ids`` anywhere in a text: a file without one declares and uses none."""
    return re.compile(_alternation(rule_ids))


def _python_files(base: Path) -> list[Path]:
    if not base.is_dir():
        return []
    return sorted(
        p for p in base.rglob("*.py") if not any(part in _EXCLUDED_DIRS for part in p.relative_to(base).parts)
    )


_RULE_KINDS = frozenset(k.value for k in RuleKind)


def _is_declaration(node: ast.Call) -> bool:
    """``R.add("<id>", "<KIND>", citation, quote, summary, …)`` (a RuleSet declaration)."""
    return (
        isinstance(node.func, ast.Attribute)
        and node.func.attr == "add"
        and len(node.args) >= 2
        and _literal(node.args[1]) in _RULE_KINDS
    )


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _vocabulary_member(node: ast.expr) -> str | None:
    """The id a ``<Kind>Deadline.<MEMBER>`` of :mod:`ventila.rules.vocabulary` stands for."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        enum = getattr(vocabulary, node.value.id, None)
        if isinstance(enum, type) and issubclass(enum, StrEnum) and node.attr in enum.__members__:
            return enum[node.attr].value
    return None


def _rule_refs(node: ast.expr) -> list[str | None]:
    """The rule IDs an argument names: :func:`_rule_ref`'s, or both of ``"CAM-…" if … else "CAM-…"``."""
    if isinstance(node, ast.IfExp):
        both = [_rule_ref(node.body), _rule_ref(node.orelse)]
        if None not in both:
            return both
    return [_rule_ref(node)]


def _rule_ref(node: ast.expr) -> str | None:
    """The rule ID an argument names: ``"CAM-…"``, ``R.rules["CAM-…"]`` or ``ctx.rule("CAM-…")``."""
    if isinstance(node, ast.Subscript):
        return _literal(node.slice)
    if isinstance(node, ast.Call) and node.args and _call_name(node) == "rule":
        return _literal(node.args[0])
    return _literal(node)


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    if isinstance(node.func, ast.Name):
        return node.func.id
    return None


# The calls that compute a term or raise a finding, and where their arguments are: name → (a deadline or a
# finding, the position of its id or None, the keyword that names it instead and its default, the position of
# the rule). ``Context.act_finding`` and ``Context.capped`` raise a finding of a fixed id unless told;
# ``municipal.complaints.watched`` and ``missing_parts`` compute a term or raise a finding for their caller.
_CALLS: dict[str, tuple[str, int | None, str, str, int]] = {
    "add_deadline": ("deadline", 0, "", "", 1),
    "add_finding": ("finding", 0, "", "", 1),
    "Finding": ("finding", 0, "", "", 1),
    "act_finding": ("finding", None, "finding", "act_not_allowed", 1),
    "capped": ("finding", None, "finding", "extension_over_maximum", 0),
    "watched": ("deadline", 1, "", "", 2),
    "missing_parts": ("finding", 2, "", "", 3),
}


def _call_of(node: ast.Call, name: str | None) -> tuple[str, str, list[str | None]] | None:
    """(deadline or finding, its id, the rules it is under) of a call in :data:`_CALLS`, or None."""
    what = _CALLS.get(name or "")
    if what is None:
        return None
    target, at, keyword, default, rule_at = what
    if at is not None:
        arg = node.args[at] if len(node.args) > at else None
        ident = None if arg is None else _literal(arg) or _vocabulary_member(arg)
    else:
        ident = next((_literal(kw.value) for kw in node.keywords if kw.arg == keyword), default)
    if ident is None:
        return None
    rules: list[str | None] = _rule_refs(node.args[rule_at]) if len(node.args) > rule_at else [None]
    if rules == [None]:
        for kw in node.keywords:
            if kw.arg in ("rule_id", "rule"):
                rules = _rule_refs(kw.value)
    return target, ident, rules


def _read(index: SourceIndex, path: Path) -> tuple[str, str | None]:
    """The path relative to the root, and the file's text (None: not UTF-8, not read)."""
    rel = path.relative_to(index.root).as_posix()
    try:
        return rel, path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return rel, None


def _scan_code(index: SourceIndex, path: Path, ids: re.Pattern[str]) -> None:
    rel, text = _read(index, path)
    if text is None:
        return
    if not ids.search(text) and not any(name in text for name in _CALLS):
        return  # neither a rule ID nor a call that names one: nothing to index (most of the code)
    try:
        tree = ast.parse(text, filename=rel)
    except SyntaxError:
        return
    declaration_args: set[int] = set()
    nodes = list(ast.walk(tree))
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if _is_declaration(node):
            first = _literal(node.args[0])
            if first is not None and first in index.rule_ids:
                index.declared_in.setdefault(first, rel)
                declaration_args.add(id(node.args[0]))
        call = _call_of(node, name) if node.args else None
        if call is not None:
            target, ident, rules = call
            calls = index.deadline_calls if target == "deadline" else index.finding_calls
            calls.extend(Call(ident, rule, rel) for rule in rules)
    for node in nodes:
        value = _literal(node) if isinstance(node, ast.Constant) else None
        if value is None or value not in index.rule_ids or id(node) in declaration_args:
            continue
        per_file = index.uses.setdefault(value, {})
        per_file[rel] = per_file.get(rel, 0) + 1


def _scan_test(index: SourceIndex, path: Path, pattern: re.Pattern[str]) -> None:
    rel, text = _read(index, path)
    if text is None:
        return
    if not pattern.search(text.upper().replace("_", "-")):
        return  # no token of the file can cite a rule (what the tokens below are matched against, at most)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return
    for tok in tokens:
        if tok.type == tokenize.STRING:
            text = tok.string
        elif tok.type == tokenize.NAME:
            text = tok.string.upper().replace("_", "-")
        else:
            continue
        for match in pattern.finditer(text):
            per_file = index.tests.setdefault(match.group(1), {})
            per_file[rel] = per_file.get(rel, 0) + 1


def scan_sources(rule_ids: Iterable[str], root: Path = ROOT) -> SourceIndex:
    """Index ``ventila/**/*.py`` (declarations, uses, calls) and ``tests/**/*.py`` (citations). A process that
    asks again for files unchanged since (same paths, sizes and modification times) gets a copy of the last index
    (the reference and its checks ask several times in one test run)."""
    ids = frozenset(rule_ids)
    code, tests = _python_files(root / "ventila"), _python_files(root / "tests")
    key = (root, ids, tuple((p, st.st_mtime_ns, st.st_size) for p in (*code, *tests) for st in (p.stat(),)))
    if _SCANNED.get("key") != key:
        index = SourceIndex(root=root, rule_ids=ids)
        literal = _literal_regex(ids)
        for path in code:
            _scan_code(index, path, literal)
        pattern = _id_regex(ids)
        for path in tests:
            _scan_test(index, path, pattern)
        _SCANNED.update(key=key, index=index)
    index = _SCANNED["index"]
    assert isinstance(index, SourceIndex)
    return copy.deepcopy(index)


_SCANNED: dict[str, Any] = {}  # the last scan_sources() of this process: its key and its index


# -- links to docs/decisions.md -------------------------------------------------------------


def decision_anchor(match: re.Match[str]) -> str:
    """The anchor in docs/decisions.md of one :data:`DECISION_REF` match."""
    if match["cam"] is not None:
        return f"cam-a-{int(match['cam'])}"
    if match["mun"] is not None:
        return f"mun-ambiguity-{int(match['mun'])}"
    return f"decision-{int(match['dec'])}"


def decision_refs(text: str) -> list[tuple[str, str]]:
    """Every ambiguity or decision ``text`` cites, as (the words cited, the anchor)."""
    return [(m.group(0), decision_anchor(m)) for m in DECISION_REF.finditer(text)]


def setting_anchor(rulebook_id: str, name: str) -> str:
    """The anchor in docs/decisions.md of a rulebook setting."""
    return f"setting-{rulebook_id}-{name}"


def link_decisions(text: str) -> str:
    """``text`` with each cited ambiguity or decision linked to its entry in docs/decisions.md."""
    return DECISION_REF.sub(lambda m: f"[{m.group(0)}]({DECISIONS_DOC}#{decision_anchor(m)})", text)


# -- rendering -------------------------------------------------------------------------------


def _cell(text: Any) -> str:
    """A value safe inside a Markdown table cell."""
    s = str(text).replace("\r", " ").replace("\n", " ").strip()
    return s.replace("|", "\\|")


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def _value(value: Any) -> str:
    return "`" + json.dumps(value, ensure_ascii=False) + "`"


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out.extend("| " + " | ".join(_cell(c) for c in row) + " |" for row in rows)
    return out


def _lead(text: str) -> list[str]:
    """A paragraph that leads into a table: the text between blank lines."""
    return ["", text, ""]


def rule_effect(rule: Rule) -> str:
    """What the reference says ventila does with a rule."""
    if rule.not_computable:
        return f"No computable: {rule.not_computable}"
    return rule.summary


def _term(rule: Rule) -> str:
    return rule.term.es() if rule.term is not None else ""


def _field_doc(name: str, spec: Any) -> str:
    parts = [spec.type]
    if spec.required:
        parts.append("requerido")
    if spec.choices:
        parts.append(" | ".join(spec.choices))
    doc = f"`{name}` ({', '.join(parts)})"
    if spec.help:
        doc += f" — {link_decisions(spec.help)}"
    return doc


def _rulebook_of(rule_id: str | None, rulebooks: Mapping[str, Rulebook]) -> str | None:
    if rule_id is None:
        return None
    for rb in rulebooks.values():
        if rule_id in rb.rules:
            return rb.id
    return None


def _rulebook_dirs(rb: Rulebook, index: SourceIndex) -> set[str]:
    """Directories holding the rulebook's declarations and evaluators (to place calls without a rule)."""
    dirs = {index.declared_in[r].rsplit("/", 1)[0] for r in rb.rules if r in index.declared_in}
    for kind in rb.kinds.values():
        module = sys.modules.get(kind.evaluate.__module__)
        file = getattr(module, "__file__", None)
        if file:
            try:
                dirs.add(Path(file).resolve().parent.relative_to(index.root).as_posix())
            except ValueError:
                pass
    return dirs


def _calls_for(rb: Rulebook, calls: list[Call], rulebooks: Mapping[str, Rulebook], index: SourceIndex) -> list[Call]:
    dirs = _rulebook_dirs(rb, index)
    out = []
    for c in calls:
        owner = _rulebook_of(c.rule, rulebooks)
        if owner == rb.id or (owner is None and (c.path.rsplit("/", 1)[0] in dirs or c.name in rb.findings)):
            out.append(c)
    return out


def _kind_section(
    rb: Rulebook,
    kind: KindSpec,
    deadline_rules: Mapping[str, list[str]],
    same_events_as: str | None,
) -> list[str]:
    out = [f"### Kind `{kind.id}` — {kind.title}", ""]
    if kind.respondent_roles:
        out += ["Respondent roles: " + ", ".join(f"`{r}`" for r in kind.respondent_roles) + ".", ""]
    if same_events_as is not None:
        out += [f"Event types: the same as kind `{same_events_as}`.", ""]
    else:
        out += ["Event types:", ""]
        rows: list[tuple[str, ...]] = []
        for ev in kind.events.values():
            fields_doc = "; ".join(_field_doc(n, s) for n, s in ev.fields.items()) or "—"
            title = f"{ev.title} (record-only: not evaluated)" if ev.record_only else ev.title
            rows.append((_code(ev.type), title, fields_doc))
        out += _table(("Event type", "Title", "Payload fields"), rows) if rows else ["(none)"]
        out.append("")
    out += ["Deadline IDs:", ""]
    if kind.deadline_ids:
        rows2: list[tuple[str, ...]] = []
        for d in kind.deadline_ids:
            rules = deadline_rules.get(d, [])
            terms = sorted({_term(rb.rules[r]) for r in rules if r in rb.rules and rb.rules[r].term is not None})
            rows2.append((_code(d), ", ".join(rules) or "—", "; ".join(terms) or "—"))
        out += _table(("Deadline ID", "Rule(s)", "Term(s)"), rows2)
    else:
        out.append("(none declared)")
    out.append("")
    return out


def render_rulebook(rb: Rulebook, index: SourceIndex, rulebooks: Mapping[str, Rulebook]) -> list[str]:
    out = [f"## `{rb.id}` — {rb.title}", ""]
    if rb.body:
        out += [f"Body: {rb.body}.", ""]
    counts: dict[str, int] = {}
    for r in rb.rules.values():
        counts[r.kind.value] = counts.get(r.kind.value, 0) + 1
    used = sum(1 for r in rb.rules if index.used_outside_declaration(r))
    tested = sum(1 for r in rb.rules if index.tests.get(r))
    out += [
        f"{len(rb.rules)} rules declared"
        + (" (" + ", ".join(f"{k}: {n}" for k, n in sorted(counts.items())) + ")" if counts else "")
        + f"; {used} used in code outside their declaration; {tested} cited by tests.",
        "",
    ]
    if rb.elections:
        out += [
            "Configured elections: "
            + ", ".join(f"{e.kind} {e.date.isoformat()}" for e in sorted(rb.elections, key=lambda e: e.date))
            + ".",
            "",
        ]

    out += ["### Rules", ""]
    rows: list[tuple[str, ...]] = []
    for rule in rb.rules.values():
        impl = ", ".join(f"`{p}`" for p in index.implemented_in(rule.id)) or "—"
        tests = ", ".join(f"`{p}` (×{n})" for p, n in index.test_files(rule.id).items()) or "—"
        rows.append(
            (
                f"**{rule.id}**",
                rule.kind.value,
                rule.citation,
                _term(rule),
                link_decisions(rule_effect(rule)),
                impl,
                tests,
            )
        )
    if rows:
        out += _table(("ID", "Kind", "Citation", "Term", "What ventila does", "Implemented in", "Tests"), rows)
    else:
        out.append("(no rules declared yet)")
    out.append("")

    deadline_calls = _calls_for(rb, index.deadline_calls, rulebooks, index)
    finding_calls = _calls_for(rb, index.finding_calls, rulebooks, index)
    deadline_rules: dict[str, list[str]] = {}
    for c in deadline_calls:
        lst = deadline_rules.setdefault(c.name, [])
        if c.rule and c.rule not in lst:
            lst.append(c.rule)
    for lst in deadline_rules.values():
        lst.sort()

    out += ["### Kinds of case", ""]
    if rb.kinds:
        seen: list[KindSpec] = []
        for kind in rb.kinds.values():
            twin = next((k.id for k in seen if k.events == kind.events), None)
            out += _kind_section(rb, kind, deadline_rules, twin)
            seen.append(kind)
    else:
        out += ["(no kinds declared yet)", ""]

    out += ["### Deadline IDs", ""]
    declared_by: dict[str, list[str]] = {}
    for kind in rb.kinds.values():
        for d in kind.deadline_ids:
            declared_by.setdefault(d, []).append(kind.id)
    all_deadlines = sorted(set(declared_by) | set(deadline_rules))
    if all_deadlines:
        rows = []
        for d in all_deadlines:
            files = sorted({c.path for c in deadline_calls if c.name == d})
            rows.append(
                (
                    _code(d),
                    ", ".join(f"`{k}`" for k in declared_by.get(d, [])) or "(not declared in a kind)",
                    ", ".join(deadline_rules.get(d, [])) or "—",
                    ", ".join(f"`{f}`" for f in files) or "(not computed by any evaluator)",
                )
            )
        out += _table(("Deadline ID", "Kinds", "Rule(s)", "Computed in"), rows)
    else:
        out.append("(none yet)")
    out.append("")

    out += ["### Finding IDs", ""]
    finding_rules: dict[str, set[str]] = {}
    finding_files: dict[str, set[str]] = {}
    for c in finding_calls:
        finding_rules.setdefault(c.name, set())
        finding_files.setdefault(c.name, set()).add(c.path)
        if c.rule:
            finding_rules[c.name].add(c.rule)
    for fid, rid in rb.findings.items():
        finding_rules.setdefault(fid, set()).add(rid)
    if finding_rules:
        rows3 = [
            (
                _code(fid),
                ", ".join(sorted(finding_rules[fid])) or "(rule chosen at run time)",
                ", ".join(f"`{f}`" for f in sorted(finding_files.get(fid, ()))) or "(registry only)",
            )
            for fid in sorted(finding_rules)
        ]
        out += _table(("Finding ID", "Rule(s)", "Raised in"), rows3)
    else:
        out.append("(none yet)")
    out.append("")

    out += ["### Settings", ""]
    if rb.settings:
        rows4 = [
            (
                f"[{_code(s.name)}]({DECISIONS_DOC}#{setting_anchor(rb.id, s.name)})",
                _value(s.default),
                ", ".join(_value(c) for c in s.choices) or "any value",
                link_decisions(s.source),
                link_decisions(s.help),
            )
            for s in rb.settings.values()
        ]
        out += _table(("Setting", "Default", "Choices", "Source", "What it decides"), rows4)
    else:
        out.append("(none yet)")
    out.append("")
    return out


def render(rulebooks: Mapping[str, Rulebook] | None = None, root: Path = ROOT) -> str:
    """The whole reference as Markdown (deterministic)."""
    if rulebooks is None:
        rulebooks = RULEBOOKS
    all_ids = [rid for rb in rulebooks.values() for rid in rb.rules]
    index = scan_sources(all_ids, root)
    out = [
        "# Rules reference",
        "",
        f"<!-- Generated by `{REGENERATE}` from ventila/rules/rulebooks; do not edit by hand. -->",
        "",
        "Every rule ventila knows, rulebook by rulebook, with its catalogue ID, kind, citation, term and what",
        "ventila does with it (in Spanish, as the rulebook declares it); where it is implemented (source files",
        "under `ventila/` that use the ID as a literal, the declaring module first); and which test files cite",
        "it (×n = how many test ids, names or literals in that file). Then each kind of case with its event",
        "types and payload fields, and the public vocabulary of the deadlines contract",
        "([deadlines-contract.md](deadlines-contract.md)): every deadline ID and finding ID the evaluators",
        "produce, and each rulebook's settings. Calendar conventions: [calendar.md](calendar.md). Each setting,",
        "and each ambiguity («A-n», «ambigüedad n») or decision («decisión n») cited, links to its entry in",
        f"[{DECISIONS_DOC}]({DECISIONS_DOC}): the passage, the readings, the one ventila takes.",
        "",
        "Rulebooks: " + ", ".join(f"`{rb.id}` ({len(rb.rules)} rules)" for rb in rulebooks.values()) + ".",
        "",
    ]
    for rb in rulebooks.values():
        out += render_rulebook(rb, index, rulebooks)
    return "\n".join(out).rstrip("\n") + "\n"


CONTRACT_PATH = Path("docs") / "deadlines-contract.md"
CONTRACT_BEGIN = "<!-- BEGIN vocabulary: generated by `ventila rules-doc` from the rulebooks; do not edit by hand -->"
CONTRACT_END = "<!-- END vocabulary -->"


def _vocabulary_of(
    rb: Rulebook, index: SourceIndex, rulebooks: Mapping[str, Rulebook]
) -> tuple[dict[str, list[str]], list[str]]:
    """(deadline ID → its rules, every finding ID) of a rulebook, as the reference finds them."""
    deadline_rules: dict[str, list[str]] = {}
    for c in _calls_for(rb, index.deadline_calls, rulebooks, index):
        lst = deadline_rules.setdefault(c.name, [])
        if c.rule and c.rule not in lst:
            lst.append(c.rule)
    findings = {c.name for c in _calls_for(rb, index.finding_calls, rulebooks, index)} | set(rb.findings)
    return {d: sorted(r) for d, r in deadline_rules.items()}, sorted(findings)


def render_contract_vocabulary(rulebooks: Mapping[str, Rulebook], index: SourceIndex) -> list[str]:
    """The deadlines contract's vocabulary (docs/deadlines-contract.md, between its markers): every
    kind, its acts with their payload fields, its deadline IDs with rules and terms, the record-only
    events, every finding ID, and the conduct checks of ``ventila conduct`` — from the rulebooks."""
    out = [CONTRACT_BEGIN, "", "Kinds of case (`kind`), per rulebook:", ""]
    out += _table(
        ("rulebook", "kinds"),
        [(_code(rb.id), ", ".join(_code(k) for k in rb.kinds)) for rb in rulebooks.values()],
    )
    out += ["", "Event types of each kind (payload fields in brackets; `*` required):", ""]
    rows: list[tuple[str, ...]] = []
    record_only: dict[str, EventSpec] = {}
    for rb in rulebooks.values():
        groups: list[tuple[list[str], KindSpec]] = []
        for kind in rb.kinds.values():
            twin = next((g for g in groups if g[1].events == kind.events), None)
            if twin is not None:
                twin[0].append(kind.id)
            else:
                groups.append(([kind.id], kind))
        for ids, kind in groups:
            acts = []
            for ev in kind.events.values():
                if ev.record_only:
                    record_only.setdefault(ev.type, ev)
                    continue
                fields = ", ".join(n + ("*" if f.required else "") for n, f in ev.fields.items())
                acts.append(_code(ev.type) + (f" [{fields}]" if fields else ""))
            rows.append((f"{rb.id} · {', '.join(ids)}", ", ".join(acts)))
    out += _table(("rulebook · kind", "events"), rows)
    out += _lead(
        "Payload field types (what each accepts in the JSON; one policy for `ventila deadlines`, "
        "`ventila conduct` and the API — a value it refuses exits 2 naming the field):"
    )
    used = {
        f.type
        for rb in rulebooks.values()
        for k in rb.kinds.values()
        for e in k.events.values()
        for f in e.fields.values()
    }
    out += _table(("type", "accepts"), [(_code(t), FIELD_TYPES[t]) for t in FIELD_TYPES if t in used or t == "money"])
    out += ["", "Record-only events (every kind of every rulebook; not acts of the proceeding, see below):", ""]
    out += _table(
        ("event", "payload fields"),
        [
            (_code(t), ", ".join(n + ("*" if f.required else "") for n, f in ev.fields.items()))
            for t, ev in record_only.items()
        ],
    )
    out += ["", "Deadline IDs of each kind (the rules that fix them; their terms):", ""]
    rows = []
    findings_rows: list[tuple[str, ...]] = []
    for rb in rulebooks.values():
        deadline_rules, findings = _vocabulary_of(rb, index, rulebooks)
        for kind in rb.kinds.values():
            cells = []
            for d in kind.deadline_ids:
                rules = deadline_rules.get(d, [])
                terms = sorted({_term(rb.rules[r]) for r in rules if r in rb.rules and rb.rules[r].term is not None})
                detail = ", ".join(rules) + (f": {'; '.join(terms)}" if terms else "")
                cells.append(_code(d) + (f" ({detail})" if detail else ""))
            rows.append((f"{rb.id} · {kind.id}", ", ".join(cells) or "(none)"))
        findings_rows.append((_code(rb.id), ", ".join(_code(f) for f in findings)))
    out += _table(("rulebook · kind", "deadlines"), rows)
    out += ["", "Finding IDs, per rulebook (rules.md gives each one's rules and where it is raised):", ""]
    out += _table(("rulebook", "findings"), findings_rows)
    out += _lead(
        "Checks of `ventila conduct` (`check`), per rulebook (its norms of conduct; `term_of_office` where it records"
        " its members' terms):"
    )
    out += _table(
        ("rulebook", "checks"),
        [(_code(rb.id), ", ".join(_code(c) for c in checks_of(rb)) or "(none)") for rb in rulebooks.values()],
    )
    out += ["", CONTRACT_END]
    return out


def render_contract(current: str, rulebooks: Mapping[str, Rulebook] | None = None, root: Path = ROOT) -> str:
    """The contract ``current`` with its generated vocabulary brought up to date (ValueError without the markers)."""
    if CONTRACT_BEGIN not in current or CONTRACT_END not in current:
        raise ValueError(f"{CONTRACT_PATH} has no generated vocabulary block ({CONTRACT_BEGIN!r} … {CONTRACT_END!r})")
    rulebooks = RULEBOOKS if rulebooks is None else rulebooks
    index = scan_sources([rid for rb in rulebooks.values() for rid in rb.rules], root)
    head, rest = current.split(CONTRACT_BEGIN, 1)
    tail = rest.split(CONTRACT_END, 1)[1]
    return head + "\n".join(render_contract_vocabulary(rulebooks, index)) + tail


def main(argv: Sequence[str] | None = None) -> int:
    """``ventila rules-doc [--check] [--output FILE]``."""
    parser = argparse.ArgumentParser(
        prog="ventila rules-doc",
        description="Genera la referencia de reglas (docs/rules.md) a partir de los reglamentos.",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="no escribe: sale con 1 si docs/rules.md no coincide con una generación nueva",
    )
    parser.add_argument("--output", default=None, help="archivo de salida (por omisión, docs/rules.md)")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return 2 if exc.code else 0
    path = Path(args.output) if args.output else ROOT / DOC_PATH

    def contract(current: str | None) -> str:
        return render_contract(current or "")

    outputs: list[tuple[Path, Callable[[str | None], str]]] = [(path, lambda _current: render())]
    if not args.output:  # the contract's vocabulary block too (docs/deadlines-contract.md)
        outputs.append((ROOT / CONTRACT_PATH, contract))
    stale = 0
    for target, make in outputs:
        try:
            current: str | None = target.read_text(encoding="utf-8")
        except OSError:
            current = None
        try:
            text = make(current)
        except ValueError as exc:
            print(f"ventila rules-doc: {exc}", file=sys.stderr)
            return 1
        if args.check:
            if current != text:
                what = "no existe" if current is None else "está desactualizado"
                print(f"ventila rules-doc: {target} {what}; regenérelo con `{REGENERATE}`", file=sys.stderr)
                stale = 1
            else:
                print(f"ventila rules-doc: {target} está al día")
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"ventila rules-doc: escrito {target}")
    return stale


if __name__ == "__main__":
    sys.exit(main())
