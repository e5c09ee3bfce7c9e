"""Issue 28, item 2: a body's law lives in ``ventila/rules`` only. An AST scan of every module of the
apps (outside ``ventila/rules`` and the migrations) and a scan of every template fail on:

- a rulebook's slug as a string (``"camara-171"``, ``"municipal"``: the ids of the registered rulebooks);
- a rule ID (``CAM-21B-02``, ``MUN-DEC-04``: the prefixes the registered rulebooks' rules use);
- a body-specific event or stage name: an event type or a stage that some registered rulebook declares
  and not every one does (a name every rulebook shares, ``filed`` or ``dismissed``, is the app's common
  vocabulary), written with an underscore (``decision_issued``, ``referral_received``; a one-word name,
  ``resolved`` or ``closed``, is also an ordinary status word of the app's own models and is not told
  apart by its spelling).

Docstrings and comments are prose and may cite a rule; a string the program uses may not. What the
app needs to know of a body it reads from the rulebook (``Rulebook`` and ``KindSpec`` facts).

``REMAINING`` is the ledger of what is still to move, file by file; it may only shrink (an entry that no
longer occurs fails the test, so it comes off), and nothing may be added to it.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from ventila.rules.rulebooks import RULEBOOKS

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "ventila"

# path → the tokens still found there ("slug:…", "id:…", "name:…"). May only shrink.
REMAINING: dict[str, tuple[str, ...]] = {}


@cache
def _vocabulary() -> tuple[frozenset[str], re.Pattern[str], frozenset[str]]:
    """The registered rulebooks' slugs, a pattern of their rule IDs, and their body-specific names."""
    slugs = frozenset(RULEBOOKS)
    prefixes = sorted({rule_id.split("-", 1)[0] for rb in RULEBOOKS.values() for rule_id in rb.rules})
    alternatives = "|".join(map(re.escape, prefixes))
    rule_id = re.compile(rf"\b(?:{alternatives})-[0-9A-Z]+(?:-[0-9A-Z]+)*\b")
    per_body = []
    for rb in RULEBOOKS.values():
        names: set[str] = set()
        for kind in rb.kinds.values():
            names.update(kind.events)
            names.update(str(s) for s in kind.stages or ())
        per_body.append(names)
    specific = set().union(*per_body) - set.intersection(*per_body)
    return slugs, rule_id, frozenset(n for n in specific if "_" in n)


def tokens_in(text: str) -> set[str]:
    """The body law one string holds, as ledger tokens."""
    slugs, rule_id, names = _vocabulary()
    found = {f"id:{m}" for m in rule_id.findall(text)}
    if text in slugs:
        found.add(f"slug:{text}")
    if text in names:
        found.add(f"name:{text}")
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


@cache
def _any_word() -> re.Pattern[str]:
    slugs, rule_id, names = _vocabulary()
    return re.compile("|".join([rule_id.pattern, *(re.escape(w) for w in (*slugs, *names))]))


_QUOTED = re.compile(r"""["']([^"'\n]{1,80})["']""")


def _template_tokens(text: str) -> set[str]:
    slugs, rule_id, names = _vocabulary()
    found = {f"id:{m}" for m in rule_id.findall(text)}
    for quoted in _QUOTED.findall(text):
        if quoted in slugs:
            found.add(f"slug:{quoted}")
        if quoted in names:
            found.add(f"name:{quoted}")
    return found


@cache
def scan() -> dict[str, frozenset[str]]:
    """Every file of the apps holding body law → its tokens."""
    found: dict[str, frozenset[str]] = {}
    for path in sorted(APPS.rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if not path.is_file() or rel.startswith("ventila/rules/") or "/migrations/" in rel:
            continue
        if path.suffix == ".py":
            source = path.read_text(encoding="utf-8")
            if not _any_word().search(source):  # most modules hold none: no need to parse them
                continue
            tree = ast.parse(source, rel)
            skip = _docstrings(tree)
            tokens: set[str] = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                    tokens |= tokens_in(node.value)
        elif "/templates/" in rel and path.suffix in (".html", ".txt", ".xml", ".md"):
            tokens = _template_tokens(path.read_text(encoding="utf-8"))
        else:
            continue
        if tokens:
            found[rel] = frozenset(tokens)
    return found


def test_no_body_law_outside_the_rules() -> None:
    found = scan()
    new = {f: sorted(t - set(REMAINING.get(f, ()))) for f, t in found.items()}
    new = {f: t for f, t in new.items() if t}
    assert not new, "a body's law outside ventila/rules (move it into the rulebook):\n" + "\n".join(
        f"{f}: {', '.join(t)}" for f, t in sorted(new.items())
    )


def test_the_ledger_only_shrinks() -> None:
    found = scan()
    stale = {f: sorted(set(t) - found.get(f, frozenset())) for f, t in REMAINING.items()}
    stale = {f: t for f, t in stale.items() if t}
    assert not stale, f"take these off REMAINING (they no longer occur): {stale}"


def test_the_scan_finds_what_it_must() -> None:
    """The scan catches each shape the issue counted (a test that can fail)."""
    assert tokens_in("camara-171") == {"slug:camara-171"}
    assert tokens_in("municipal") == {"slug:municipal"}
    assert tokens_in("Término vencido (MUN-DEC-04)") == {"id:MUN-DEC-04"}
    assert tokens_in("CAM-16A-01") == {"id:CAM-16A-01"}
    assert tokens_in("decision_issued") == {"name:decision_issued"}
    assert tokens_in("referral_received") == {"name:referral_received"}
    assert not tokens_in("filed") and not tokens_in("municipalidad") and not tokens_in("CAMPO-1")
    tree = ast.parse('"""Sec. 21 (CAM-21B-02)."""\nX = {("camara-171", "resolved"): f"MUN-QUO-01 {y}"}\n')
    skip = _docstrings(tree)
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip]
    assert set().union(*map(tokens_in, strings)) == {"slug:camara-171", "id:MUN-QUO-01"}
    assert _template_tokens('{% if b.rulebook == "municipal" %}<span>CAM-10T-01</span>') == {
        "slug:municipal",
        "id:CAM-10T-01",
    }
