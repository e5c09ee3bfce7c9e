"""Signals the cases app sends for the apps above it (which it does not import).

``derived``: a case's derived rows were just brought in line with its docket (an act recorded, a
correction, a re-derivation), in the writer's transaction; sent with ``case`` (its derived fields as now
stored or about to be stored in the same transaction), ``stage_before`` and ``term_days`` (the last days of
the met or missed terms whose rows the write changed: the statistics' stored periods that hold one are
stale). The public record keeps its
stored rows with it (:mod:`ventila.search.public`), the statistics their stored periods
(:mod:`ventila.stats.stored`)."""

from __future__ import annotations

from django.dispatch import Signal

derived = Signal()
