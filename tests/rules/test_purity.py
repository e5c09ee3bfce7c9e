"""``ventila/rules`` is pure Python: no Django, nothing of ventila outside ``ventila.rules``.

Every module under ventila/rules is read with ``ast`` (not imported), so an import hidden inside a
function or behind ``if TYPE_CHECKING`` is caught as well. Relative imports are resolved against
the module's package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "ventila" / "rules"
FORBIDDEN_TOP = {"django"}


def _modules() -> list[Path]:
    return sorted(p for p in RULES.rglob("*.py") if "__pycache__" not in p.parts)


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the file, in line order."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level - 1 > 0:
                    base = base[: -(node.level - 1)] if node.level - 1 < len(base) else []
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            out.append((node.lineno, target))
            # ``from ventila import cases`` imports ventila.cases.
            if target == "ventila":
                out += [(node.lineno, f"ventila.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                out.append((node.lineno, node.args[0].value))
    return sorted(out)


def violations(path: Path, root: Path = ROOT) -> list[str]:
    rel = path.relative_to(root).as_posix()
    bad = []
    for line, target in imports_of(path, root):
        top = target.split(".", 1)[0]
        if top in FORBIDDEN_TOP:
            bad.append(f"{rel}:{line} imports {target}")
        elif (
            top == "ventila"
            and target != "ventila"
            and not (target == "ventila.rules" or target.startswith("ventila.rules."))
        ):
            bad.append(f"{rel}:{line} imports {target} (outside ventila.rules)")
    return bad


def test_there_are_modules_to_check() -> None:
    names = {p.relative_to(RULES).as_posix() for p in _modules()}
    assert {"calendar.py", "terms.py", "engine.py", "cli.py", "reference.py"} <= names


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_module_is_pure(path: Path) -> None:
    assert violations(path) == []


def test_the_checker_catches_violations(tmp_path: Path) -> None:
    """The checker itself: Django, ventila apps, relative escapes and ``from ventila import …``."""
    fake_rules = tmp_path / "ventila" / "rules" / "rulebooks"
    fake_rules.mkdir(parents=True)
    bad = fake_rules / "bad.py"
    bad.write_text(
        "import django.db\n"
        "from django.conf import settings\n"
        "from ventila.cases import models\n"
        "from ...cases import actions\n"  # ventila.rules.rulebooks → ventila.cases
        "from .. import engine\n"  # ventila.rules: allowed
        "from ventila import web\n"
        "def f():\n"
        "    import ventila.audit\n"
        "    return __import__('django')\n",
        encoding="utf-8",
    )
    assert violations(bad, tmp_path) == [
        "ventila/rules/rulebooks/bad.py:1 imports django.db",
        "ventila/rules/rulebooks/bad.py:2 imports django.conf",
        "ventila/rules/rulebooks/bad.py:3 imports ventila.cases (outside ventila.rules)",
        "ventila/rules/rulebooks/bad.py:4 imports ventila.cases (outside ventila.rules)",
        "ventila/rules/rulebooks/bad.py:6 imports ventila.web (outside ventila.rules)",
        "ventila/rules/rulebooks/bad.py:8 imports ventila.audit (outside ventila.rules)",
        "ventila/rules/rulebooks/bad.py:9 imports django",
    ]
