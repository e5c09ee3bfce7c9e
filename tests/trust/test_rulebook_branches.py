"""Issue 13, item 2: no app branches on a body's rulebook or imports a body's rulebook module. What
a form, a page or the write path does differently for a body it reads from the rulebook: the form
hints of its event specs (``EventSpec.hints``, ``details``, ``hide``, ``validate``) and the facts of
its ``Rulebook`` and ``KindSpec`` (README "How the code is laid out", step 2)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "ventila"

# A branch on a rulebook id, in Python or in a template: ``case.body.rulebook == "municipal"``,
# ``rulebook_id != …``, ``b.rulebook in (…)``, a query filtered by a rulebook id, one rulebook
# picked by its id (``RULEBOOKS["municipal"]``).
BRANCH = re.compile(
    r"rulebook(_id)?\s*(==|!=)|\.rulebook(_id)?\s+in\b"
    r"|\b(filter|exclude|get)\(.*\brulebook\s*=\s*[\"'](camara-171|municipal)[\"']"
    r"|RULEBOOKS\[[\"'](camara-171|municipal)[\"']\]"
)
# An import of one body's rulebook (its package or one of its modules).
IMPORT = re.compile(
    r"^\s*(from\s+ventila\.rules\.rulebooks\.(camara_171|municipal)\b"
    r"|from\s+ventila\.rules\.rulebooks\s+import\s+.*\b(camara_171|municipal)\b"
    r"|import\s+ventila\.rules\.rulebooks\.(camara_171|municipal)\b)"
)

# What is left, file by file (the number of such lines): none since the public e-filing reads its
# rulebook's ``public_filing`` (issue 13, item 2). The list may only shrink.
REMAINING: dict[str, int] = {}


def _offending_lines() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(APPS.rglob("*")):
        if path.suffix not in (".py", ".html", ".txt") or not path.is_file():
            continue
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("ventila/rules/") or "/migrations/" in rel:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BRANCH.search(line) or IMPORT.search(line):
                found.setdefault(rel, []).append(f"{rel}:{n}: {line.strip()}")
    return found


def test_no_app_branches_on_a_rulebook_or_imports_one() -> None:
    found = _offending_lines()
    unexpected = {f: lines for f, lines in found.items() if len(lines) > REMAINING.get(f, 0)}
    assert not unexpected, "\n".join(line for lines in unexpected.values() for line in lines)


def test_the_list_of_what_remains_only_shrinks() -> None:
    """A file fixed comes off ``REMAINING`` (so the count it allows cannot be reused elsewhere)."""
    found = _offending_lines()
    stale = {f: n for f, n in REMAINING.items() if len(found.get(f, [])) < n}
    assert not stale, f"lower or remove these counts in REMAINING: {stale}"


def test_the_branch_pattern_finds_what_it_must() -> None:
    """The patterns catch the shapes of branch and import the issue counted (a test that can fail)."""
    for line in (
        'if case.body.rulebook == "camara-171":',
        "if body.rulebook != 'municipal':",
        '{% if b.rulebook == "municipal" %}',
        "if case.body.rulebook in RULEBOOKS_WITH_HEARINGS:",
        'Body.objects.filter(slug=slug, rulebook="municipal")',
        'if self.proc.rulebook_id == "camara-171":',
        'rule = RULEBOOKS["municipal"].rules["MUN-DIE-02"]',
    ):
        assert BRANCH.search(line), line
    for line in (
        "from ventila.rules.rulebooks.camara_171.s25_s31_reports import report_route",
        "    from ventila.rules.rulebooks.municipal import RULEBOOK",
        "from ventila.rules.rulebooks import camara_171",
    ):
        assert IMPORT.search(line), line
    for line in (
        "rulebook = RULEBOOKS[case.body.rulebook]",
        "from ventila.rules.rulebooks.common import merge",
    ):
        assert not BRANCH.search(line) and not IMPORT.search(line), line
