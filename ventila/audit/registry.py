"""The models whose rows the audit chain keeps as versions (:mod:`ventila.audit.state`), as each
app registers them from its ``AppConfig.ready``. Its own module so that both the chain (which
verifies them) and :mod:`~ventila.audit.state` (which writes them) read it without importing each
other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import models


@dataclass(frozen=True)
class Registered:
    label: str  # "app_label.ModelName"
    fields: tuple[str, ...] | None  # attnames; None: every concrete column
    # Values kept instead of a column that must not be copied into the chain (a second factor's key:
    # its SHA-256), by name: each computed from the row.
    computed: dict[str, Callable[[Any], Any]] = field(default_factory=dict)
    reads: tuple[str, ...] = ()  # the columns the computed values are computed from


REGISTRY: dict[str, Registered] = {}


def label_of(model: type[models.Model]) -> str:
    return model._meta.label


def fields_of(label: str, model: type[models.Model]) -> list[str]:
    reg = REGISTRY[label]
    names = list(reg.fields) if reg.fields is not None else [f.attname for f in model._meta.concrete_fields]
    return names + [name for name in reg.computed if name not in names]
