"""Statistics that cannot be differenced (issue 26, finding 3): the public statistics are of closed months,
quarters and years only — never a window of chosen dates, nor one that ends today —, count the final acts
only (the public record's predicate), and group their small cells with complementary suppression so that no
row tells a hidden count exists and none can be worked out from the others and the totals. The attack of the
issue: two windows a day apart (7 → 8 in-person complaints, one filed that day)."""

from __future__ import annotations

import itertools
import re
from types import SimpleNamespace

import pytest
from factories import file_complaint

from ventila.stats import present, queries

pytestmark = pytest.mark.template_context  # the tests compare the figures the page was given (response.context)

PUBLIC = "/estadisticas/publicas/"


def _page(r) -> bytes:
    """What the page says (its main content: the header's language form echoes the address asked for)."""
    main = re.search(rb"<main.*</main>", r.content, re.S)
    assert main is not None
    return main.group()


def _figures(r) -> list[object]:
    """Every figure the page shows: its period and its tables."""
    return [r.context["period_label"], *[(t.key, t.rows, t.summary) for t in r.context["tables"]]]


def _get(client, **params):
    return client.get(PUBLIC, {"cuerpo": "etica-camara", **params})


@pytest.mark.django_db
def test_issue_26_two_windows_a_day_apart_tell_nothing(client, world, now):
    for day in range(1, 8):  # seven in-person complaints in March 2027 …
        now.set(f"2027-03-{day:02d} 18:00")
        file_complaint(world, when=f"2027-03-{day:02d} 10:00")
    now.set("2027-03-20 18:00")
    file_complaint(world, when="2027-03-20 10:00")  # … and the eighth, filed «that day»
    # The attack: the window up to the day before, and the one up to that day. Neither is answered, and
    # both pages are the same bytes (the last closed year, with nothing of March 2027 in them).
    before = _get(client, desde="2027-03-01", hasta="2027-03-19")
    that_day = _get(client, desde="2027-03-01", hasta="2027-03-20")
    one_day = _get(client, desde="2027-03-20", hasta="2027-03-20")
    assert before.status_code == that_day.status_code == one_day.status_code == 400
    assert _page(before) == _page(that_day) == _page(one_day)
    assert "2026" in before.content.decode() and "En persona" not in before.content.decode()
    # The month, its quarter and the year are not over: refused too, with the same page.
    for params in ({"anio": "2027", "periodo": "M03"}, {"anio": "2027", "periodo": "T1"}, {"anio": "2027"}):
        r = _get(client, **params)
        assert r.status_code == 400 and _figures(r) == _figures(before), params
        assert "todavía no ha terminado" in r.context["errors"]["periodo"]
    # Once March is over, it is answered — and the answer is the same whichever day it is asked, however
    # many complaints are filed since: there is no second window to subtract.
    now.set("2027-04-01 09:00")
    first = _get(client, anio="2027", periodo="M03")
    now.set("2027-04-02 18:00")
    file_complaint(world, when="2027-04-02 10:00")
    second = _get(client, anio="2027", periodo="M03")
    assert first.status_code == second.status_code == 200
    assert _page(first) == _page(second)
    received = next(t for t in first.context["tables"] if t.key == "recibidos")
    assert received.rows[0][1:] == [8]
    assert _get(client, anio="2027", periodo="M04").status_code == 400  # April is not over


def _stats(**lists):
    stats = queries.Stats(body=SimpleNamespace(rulebook="camara-171"), period=queries.Period.year(2026))
    stats.to_determination = stats.to_resolution = {"n": 0, "median": None, "p90": None}
    stats.advisory = {"asked": 0, "met": 0, "missed": 0}
    for name, value in lists.items():
        setattr(stats, name, value)
    return stats


def _received(counts):
    channels = ("in_person", "email", "online", "")
    return [
        {"kind": "complaint", "event_type": "complaint_filed", "channel": c, "n": n}
        for c, n in zip(channels[: len(counts)], counts, strict=True)
    ]


def test_issue_26_a_small_cell_leaves_no_row_and_cannot_be_worked_out_from_the_total():
    (table,) = [t for t in present.tables(_stats(received=_received([7, 1, 3])), public=True) if t.key == "recibidos"]
    labels = [str(r[0]) for r in table.rows]
    assert not any("Correo" in label for label in labels)  # the row of the hidden «1» is not shown …
    assert table.rows[-1] == ["Otros (cifras menores de 3, agrupadas)", 4]  # … and is grouped with another
    assert "11" in table.summary and sum(r[1] for r in table.rows) == 11
    staff = [t for t in present.tables(_stats(received=_received([7, 1, 3])), public=False) if t.key == "recibidos"]
    assert [r[1] for r in staff[0].rows] == [7, 1, 3]  # staff see every count


@pytest.mark.parametrize(
    "counts", [c for c in itertools.product((0, 1, 2, 3, 5), repeat=3) if any(c)], ids=lambda c: "-".join(map(str, c))
)
def test_issue_26_complementary_suppression_hides_every_small_count(counts):
    rows = [r for r in _received(list(counts)) if r["n"]]
    (table,) = [t for t in present.tables(_stats(received=rows), public=True) if t.key == "recibidos"]
    total = sum(counts)
    shown = [r[1] for r in table.rows]
    assert 1 not in shown and 2 not in shown  # never a count of one or two …
    if "menos de 3" in shown:
        assert total < 3 and len(table.rows) == 1  # … except the whole table's, when it is itself under 3
    else:
        assert sum(shown) == total  # what is shown adds up to the total: no remainder to attribute
        hidden = [n for n in counts if 0 < n < 3]
        if hidden:  # every small count is inside «Otros», whose count is at least 3
            assert table.rows[-1][0].startswith("Otros") and table.rows[-1][1] >= 3
