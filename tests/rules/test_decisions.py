"""docs/decisions.md: every ambiguity or decision the code cites, and every setting, has an entry.

The code cites the catalogues' open points by number («A-18», «ambigüedad 10», «MUN ambiguity 3»,
«decisión 4»); a newcomer finds each one in docs/decisions.md by its anchor (``#cam-a-18``,
``#mun-ambiguity-10``, ``#decision-4``), and each rulebook setting by ``#setting-<rulebook>-<name>``.
The generated docs/rules.md links there (``reference.link_decisions``); these tests keep the links
from pointing at nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ventila.rules import reference
from ventila.rules.rulebooks import RULEBOOKS

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "docs" / "decisions.md"
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
SCANNED_SUFFIXES = (".py", ".html", ".txt")

# How many open points each catalogue numbers (requirements catalogues, «Ambiguities» and the
# decisions at their top): 32 for R. de la C. 171, 17 for the municipal law, 10 decisions.
CATALOGUE_ENTRIES = (
    [f"cam-a-{n}" for n in range(1, 33)]
    + [f"mun-ambiguity-{n}" for n in range(1, 18)]
    + [f"decision-{n}" for n in range(1, 11)]
)


def _anchors(text: str) -> list[str]:
    return ANCHOR.findall(text)


@pytest.fixture(scope="module")
def anchors() -> set[str]:
    return set(_anchors(DECISIONS.read_text(encoding="utf-8")))


def _code_references(root: Path) -> list[tuple[str, int, str, str]]:
    """(file, line, words cited, anchor) for every citation in ventila/ code, comments and strings."""
    out = []
    for path in sorted((root / "ventila").rglob("*")):
        if path.suffix not in SCANNED_SUFFIXES or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(root).as_posix()
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for words, anchor in reference.decision_refs(line):
                out.append((rel, lineno, words, anchor))
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el próximo día laborable tras el recibo (A-18)", ["cam-a-18"]),
        ("(catalogue CAM A-12, MUN ambiguity 1)", ["cam-a-12", "mun-ambiguity-1"]),
        ("Decisión 8 / ambigüedad 4", ["decision-8", "mun-ambiguity-4"]),
        ("Decisión 1 (anula la ambigüedad 1)", ["decision-1", "mun-ambiguity-1"]),
        ("as in decision 7", ["decision-7"]),
        ("What N is, is ambiguity A-6", ["cam-a-6"]),
        ("(Amb. 10)", ["mun-ambiguity-10"]),
        ("Ambigüedad 15 (MUN-QUO-01)", ["mun-ambiguity-15"]),
        # Rule IDs, case numbers inside other words and bare words are not citations.
        ("CAM-00X-01, MUN-XXX-00, CAM-A-1, DATA-1", []),
        ("la decisión se notifica", []),
    ],
)
def test_decision_refs_recognise_the_ways_the_code_cites(text: str, expected: list[str]) -> None:
    assert [anchor for _, anchor in reference.decision_refs(text)] == expected


def test_every_reference_in_the_code_has_an_anchor_in_decisions_md(anchors: set[str]) -> None:
    refs = _code_references(ROOT)
    assert refs, "the scan found no citation at all: the pattern is broken"
    missing = [f"{f}:{n}: «{words}» → #{a}" for f, n, words, a in refs if a not in anchors]
    assert not missing, "cited in the code but without an entry in docs/decisions.md:\n" + "\n".join(missing)


def test_a_reference_without_an_entry_is_reported(tmp_path: Path, anchors: set[str]) -> None:
    (tmp_path / "ventila").mkdir()
    (tmp_path / "ventila" / "x.py").write_text("# Interpretation (A-99): no such ambiguity\n", encoding="utf-8")
    refs = _code_references(tmp_path)
    assert refs == [("ventila/x.py", 1, "A-99", "cam-a-99")]
    assert "cam-a-99" not in anchors


def test_every_catalogue_ambiguity_and_decision_has_an_entry(anchors: set[str]) -> None:
    assert not [a for a in CATALOGUE_ENTRIES if a not in anchors]


def test_every_rulebook_setting_has_an_entry(anchors: set[str]) -> None:
    missing = [
        reference.setting_anchor(rb.id, name)
        for rb in RULEBOOKS.values()
        for name in rb.settings
        if reference.setting_anchor(rb.id, name) not in anchors
    ]
    assert not missing, "settings without an entry in docs/decisions.md: " + ", ".join(missing)


def test_anchors_are_unique() -> None:
    found = _anchors(DECISIONS.read_text(encoding="utf-8"))
    assert len(found) == len(set(found)), sorted({a for a in found if found.count(a) > 1})


def test_in_page_links_of_decisions_md_resolve(anchors: set[str]) -> None:
    links = re.findall(r"\]\(#([^)]+)\)", DECISIONS.read_text(encoding="utf-8"))
    headings = {
        re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
        for h in re.findall(r"^#+ (.+)$", DECISIONS.read_text(encoding="utf-8"), re.M)
    }
    assert not [a for a in links if a not in anchors and a not in headings]


def test_rules_reference_links_each_setting_and_each_cited_ambiguity(anchors: set[str]) -> None:
    text = reference.render()
    for rb in RULEBOOKS.values():
        for name in rb.settings:
            link = f"[`{name}`]({reference.DECISIONS_DOC}#{reference.setting_anchor(rb.id, name)})"
            assert link in text, f"docs/rules.md does not link setting {rb.id}.{name}"
    linked = re.findall(r"\]\(" + re.escape(reference.DECISIONS_DOC) + r"#([^)]+)\)", text)
    assert {a for a in linked if a.startswith(("cam-a-", "mun-ambiguity-", "decision-"))}
    assert not [a for a in linked if a not in anchors]
    # No citation is left unlinked: every match in the page sits inside a link's text.
    unlinked = [
        m.group(0)
        for m in reference.DECISION_REF.finditer(text)
        if not text.startswith(f"]({reference.DECISIONS_DOC}#", m.end())
    ]
    assert not unlinked, unlinked
