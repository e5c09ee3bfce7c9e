"""The layers of README "How the code is laid out", checked (issue 13): the import-linter contract
in pyproject.toml holds, and what the lower apps learn from the apps above them they learn from
registries filled in ``AppConfig.ready`` — here, that those registries still do their job."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from factories import file_complaint, make_person, make_user, record
from web.helpers import dismiss

from ventila.accounts import twofactor
from ventila.audit import chain

ROOT = Path(__file__).resolve().parents[2]


def test_the_layers_contract_holds() -> None:
    """``lint-imports`` (what .ci/run runs): rules imports nothing of ventila; audit, then bodies and
    accounts, then cases, then documents | filing, then web; no import cycle inside an app."""
    done = subprocess.run(  # noqa: S603 - our own interpreter, fixed arguments
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
            "--no-cache",
            "--no-logo",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_no_cycle_contract_covers_every_app_and_the_rules_package() -> None:
    """Issue 13 item 1: no package's modules import each other in a cycle, ``ventila.rules`` and its
    rulebooks included (the engine and the votes no longer import the rulebooks that import them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    acyclic = next(c for c in contracts if c["type"] == "acyclic_siblings")
    packages = sorted(
        p.parent.relative_to(ROOT).as_posix().replace("/", ".") for p in (ROOT / "ventila").glob("*/__init__.py")
    )
    assert sorted(set(packages) - set(acyclic["ancestors"])) == []
    assert "ventila.rules.rulebooks" in acyclic["ancestors"]


# Issue 13 leftovers, in README "How the code is laid out": still to lift.
_NOT_YET_LIFTED: set[str] = set()  # every file is held to the rule


def _imports_in_functions(path: Path) -> list[tuple[int, str, int]]:
    """(line, imported module, relative level) of every import inside a function of ``path``."""
    found: list[tuple[int, str, int]] = []
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import):
                    found += [(node.lineno, alias.name, 0) for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    found.append((node.lineno, node.module or "", node.level))
    return found


# Loaded on first use: each adds a quarter to half a second to every process's start (WeasyPrint; pyHanko
# and cryptography, which sign and validate issued PDFs, issue 32).
HEAVY = {"weasyprint", "pyhanko", "pyhanko_certvalidator", "cryptography"}


def _must_stay(rel: str, module: str, level: int) -> bool:
    """README: an import stays in a function only in an ``apps.py`` (models not loaded yet), in
    ``ventila/cli.py`` (the rules CLIs run without Django), for a heavy library loaded on first use
    (WeasyPrint, pyHanko, cryptography; numpy through ``calendar_batch``), or to reach the package that imports the module
    (``from . import RULEBOOK`` in a rulebook's part)."""
    if rel.endswith("/apps.py") or rel == "ventila/cli.py" or module.split(".")[0] in HEAVY:
        return True
    if level and module == "calendar_batch":
        return True
    if not level:
        return False
    package = rel.split("/")[:-1]  # ventila/rules/rulebooks/camara_171/s20_s24_complaints.py
    target = package[: len(package) - (level - 1)] + ([module] if module else [])
    return package[: len(target)] == target  # the module's own package, or one above it


def test_in_function_imports_only_where_they_must_be() -> None:
    """Issue 13 item 1: every in-function import that breaks no cycle is lifted to the top."""
    stray = [
        f"{rel}:{line} {'.' * level}{module}"
        for path in sorted((ROOT / "ventila").rglob("*.py"))
        if "migrations" not in path.parts and (rel := path.relative_to(ROOT).as_posix()) not in _NOT_YET_LIFTED
        for line, module, level in _imports_in_functions(path)
        if not _must_stay(rel, module, level)
    ]
    assert stray == [], stray


@pytest.mark.django_db
def test_a_substitute_appointed_for_a_case_must_pass_a_second_factor(world, now) -> None:
    """Sec. 8: a substitute sits on the case, so sees it, so must pass the second factor;
    accounts learns of substitutes from the check cases registers (no import of cases)."""
    member = world.members[3]
    outsider = make_person("Sustituta", "Pro Tempore Ficticia", title="Representante del Distrito 20")
    user = make_user("sustituto", person=outsider)
    assert not twofactor.requires_second_factor(user)
    case = file_complaint(world)
    now.set("2027-03-20 12:00")
    record(world, case, "recusal_requested", "2027-03-02", member=str(member.pk), by="member")
    record(
        world,
        case,
        "recusal_decided",
        "2027-03-02",
        member=str(member.pk),
        granted=True,
        ballots={p.pk: "yes" for p in world.members if p.pk != member.pk},
    )
    record(
        world,
        case,
        "substitute_appointed",
        "2027-03-02",
        member=str(member.pk),
        substitute=str(outsider.pk),
    )
    assert twofactor.requires_second_factor(user)


@pytest.mark.django_db
def test_a_docket_entry_is_chained_with_the_parts_cases_registers(world, now) -> None:
    """The chain digests a docket entry with its attachments, roll call and ballots (registered by
    cases) and names it by case number in a problem: audit imports nothing of cases."""
    case = file_complaint(world)
    now.set("2027-03-20 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "answer_filed", "2027-03-10")
    entry = dismiss(world, case, grounds="lack_of_interest")
    covered = chain.covered_now("docket_entry", entry)
    assert set(covered) == {"row", "attachments", "roll_call", "ballots"}
    content = chain.content_of("docket_entry", entry, covered)
    assert content["roll_call"]["entry_id"] == entry.pk
    assert len(content["ballots"]) == len(world.members)
    assert chain._describe("docket_entry", entry) == f"{entry.pk} = {case.number} #{entry.seq} determination_made"
    assert chain.kind_label("docket_entry") == "anotación" and chain.kind_label("document") == "documento"
    assert {"docket_entry", "document"} <= set(chain.REQUIRED_KINDS)
