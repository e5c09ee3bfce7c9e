"""The rulebooks: one per body. A third body is a new rulebook, not a fork."""

from __future__ import annotations

from ..engine import Rulebook
from .camara_171 import RULEBOOK as CAMARA_171
from .municipal import RULEBOOK as MUNICIPAL

RULEBOOKS: dict[str, Rulebook] = {CAMARA_171.id: CAMARA_171, MUNICIPAL.id: MUNICIPAL}
