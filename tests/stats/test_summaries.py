"""The text summaries of the statistics (ventila/stats/present.py) count in the singular or the plural
(ngettext), in Spanish and in English; a suppressed public cell («menos de 3») reads in the plural."""

from __future__ import annotations

import pytest
from django.utils import translation

pytestmark = pytest.mark.django_db


def _summaries(body, public=False, **figures):
    from ventila.stats import present, queries

    none = {"n": 0, "median": None, "p90": None}
    figures = {"to_determination": none, "to_resolution": none, "advisory": {"asked": 0, "met": 0, "missed": 0},
               **figures}  # fmt: skip
    stats = queries.Stats(body=body, period=queries.Period.year(2027), **figures)
    return {t.key: t.summary for t in present.tables(stats, public=public)}


def test_one_is_singular_and_two_plural_in_spanish(world):
    one = _summaries(
        world.camara,
        received=[{"kind": "complaint", "event_type": "complaint_filed", "channel": "email", "n": 1}],
        open_by_stage=[{"kind": "complaint", "stage": "filed", "n": 1}],
        dismissals=[{"value": "frivolous", "n": 1}],
        sanctions=[{"value": "written_reprimand", "n": 1}],
        advisory={"asked": 1, "met": 0, "missed": 0},
    )
    assert one["recibidos"] == "En el período se recibió 1 asunto."
    assert one["abiertos"] == "Hoy hay 1 caso abierto."
    assert one["desestimaciones"] == "Se anotó 1 causa de desestimación."
    assert one["sanciones"] == "Se impuso 1 sanción."
    assert one["opiniones"] == "Se solicitó 1 opinión consultiva."
    two = _summaries(
        world.camara,
        dismissals=[{"value": "frivolous", "n": 1}, {"value": "time_barred", "n": 1}],
        advisory={"asked": 2, "met": 0, "missed": 0},
    )
    assert two["desestimaciones"] == "Se anotaron 2 causas de desestimación."
    assert two["opiniones"] == "Se solicitaron 2 opiniones consultivas."
    assert two["sanciones"] == "Se impusieron 0 sanciones."  # zero reads in the plural
    assert _summaries(world.municipal, with_prejudice=1)["perjuicio"] == "Se desestimó con perjuicio 1 querella."
    assert _summaries(world.municipal, with_prejudice=3)["perjuicio"] == "Se desestimaron con perjuicio 3 querellas."
    # Public: a cell of one or two is «menos de 3», in the plural.
    public = _summaries(world.camara, public=True, sanctions=[{"value": "written_reprimand", "n": 1}])
    assert public["sanciones"] == "Se impusieron menos de 3 sanciones."


def test_the_count_sentences_in_english(world):
    with translation.override("en"):
        one = _summaries(world.camara, sanctions=[{"value": "written_reprimand", "n": 1}],
                         advisory={"asked": 1, "met": 0, "missed": 0})  # fmt: skip
        assert one["sanciones"] == "1 sanction was imposed."
        assert one["opiniones"] == "1 advisory opinion was requested."
        assert one["abiertos"] == "There are 0 open cases today."
        assert _summaries(world.municipal, with_prejudice=1)["perjuicio"] == "1 complaint was dismissed with prejudice."
        assert (
            _summaries(world.municipal, with_prejudice=2)["perjuicio"] == "2 complaints were dismissed with prejudice."
        )
