"""Issue 28, item 7: the README's «How the code is laid out» stays true — it names as many Django apps as
``INSTALLED_APPS`` holds, and gives every app (and every top-level module of the package) its paragraph."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen").split()


def _section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## How the code is laid out")
    return text[start : text.index("\n## ", start + 1)]


def _apps() -> set[str]:
    return {app.split(".", 1)[1] for app in settings.INSTALLED_APPS if app.startswith("ventila.")}


def test_the_readme_counts_the_installed_apps() -> None:
    said = re.search(r"One pure-Python package and (\w+) Django apps", _section())
    assert said is not None
    assert said.group(1) == NUMBERS[len(_apps())], f"INSTALLED_APPS holds {len(_apps())} of ventila's apps"


def test_every_app_and_top_level_module_has_its_paragraph() -> None:
    heads = re.findall(r"\*\*((?:`ventila/\w+`(?:, )?)+)\*\*", _section())
    named = {name for head in heads for name in re.findall(r"`ventila/(\w+)`", head)}
    package = ROOT / "ventila"
    modules = {p.stem for p in package.glob("*.py")} - {"__init__", "settings", "urls", "wsgi", "asgi", "cli"}
    assert named == _apps() | {"rules"} | modules
