"""(being written) Rulebook ``municipal``."""

from __future__ import annotations

from ...engine import Rulebook

RULEBOOK = Rulebook(id="municipal", title="Comisión para Ventilar Querellas Municipales", rules={}, kinds={},
                    settings={}, elections=())
