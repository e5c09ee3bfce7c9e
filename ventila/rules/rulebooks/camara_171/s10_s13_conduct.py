"""(being written) Rules of this group of sections; see the package docstring."""

from __future__ import annotations

from ...engine import KindSpec
from ..common import RuleSet

R = RuleSet()
RULES = R.rules
KINDS: dict[str, KindSpec] = {}
