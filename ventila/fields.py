"""The model fields every app declares the same way, as one call each (issue 28: one of each).

A link between models here is protected (a row others point at is never deleted from under them), named
from the other side (``related_name``, ``"+"`` for none) and explained (a verbose name and a help text,
both shown by the admin and the forms). :func:`foreign_key` and :func:`one_to_one` write that in one
line; any other option of Django's field passes through. The fields they return are Django's own, so
the migrations see exactly what the long form declared.
"""

from __future__ import annotations

from typing import Any

from django.db import models


def _link(field: Any, to: Any, related_name: str | None, verbose_name: Any, help_text: Any, options: Any) -> Any:
    options.setdefault("on_delete", models.PROTECT)
    return field(to, related_name=related_name, verbose_name=verbose_name, help_text=help_text, **options)


def foreign_key(to: Any, related_name: str | None, verbose_name: Any, help_text: Any = "", **options: Any) -> Any:
    """A ``ForeignKey`` to ``to``: ``on_delete`` protects unless told otherwise; ``options`` as Django's."""
    return _link(models.ForeignKey, to, related_name, verbose_name, help_text, options)


def one_to_one(to: Any, related_name: str | None, verbose_name: Any, help_text: Any = "", **options: Any) -> Any:
    """A ``OneToOneField`` to ``to``, declared as :func:`foreign_key` declares a foreign key."""
    return _link(models.OneToOneField, to, related_name, verbose_name, help_text, options)


def attributes(obj: Any, *names: str) -> dict[str, Any]:
    """``obj``'s attributes ``names`` by name: the columns a row copies from what describes it (an act, a
    draft, a plan), as keyword arguments for the model."""
    return {name: getattr(obj, name) for name in names}
