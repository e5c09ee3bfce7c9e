"""What other apps do when a person's offices change in the administration site: each registers its
callback from its ``AppConfig.ready`` (the register of obligated people opens or updates the person's
financial-report cases, ``ventila.compliance``), so that the change and its consequences are one
transaction without this app importing the ones above it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

OfficeChanged = Callable[[Any, str], None]  # (person, reason)

_CALLBACKS: list[OfficeChanged] = []


def register_office_change(callback: OfficeChanged) -> None:
    if callback not in _CALLBACKS:
        _CALLBACKS.append(callback)


def offices_changed(person: Any, reason: str) -> None:
    """Tell every registered app that ``person``'s offices were changed (in the caller's transaction)."""
    for callback in _CALLBACKS:
        callback(person, reason)
