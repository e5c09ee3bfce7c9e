"""The case page's docket and the queue's rows are written in Python (``ventila/web/views/markup.py``),
not by the template engine row by row (issue 14, item 4: the pages' CPU). What must hold: the
template nodes rendered do not grow with the docket or with the rows, and every value on those
rows is still escaped — a hostile text shows as text, never as markup."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.template import base as template_base
from factories import file_complaint, make_person

from ventila.cases.models import DocketEntry

from .helpers import ask_recusal

pytestmark = pytest.mark.django_db

HOSTILE = "<script>alert('x')</script> & \"comillas\""
ESCAPED = "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;comillas&quot;"


@contextmanager
def nodes_rendered() -> Iterator[list[int]]:
    """How many template nodes the block renders (Django's own ``render_annotated``, counted)."""
    count = [0]
    original = template_base.Node.render_annotated

    def counting(self: Any, context: Any) -> Any:
        count[0] += 1
        return original(self, context)

    template_base.Node.render_annotated = counting  # type: ignore[method-assign]
    try:
        yield count
    finally:
        template_base.Node.render_annotated = original  # type: ignore[method-assign]


def _pad(case: Any, total: int, event_type: str) -> None:
    """Copy one stored entry of ``event_type`` until the docket has ``total`` entries."""
    source = case.entries.get(event_type=event_type)
    fields = [f.attname for f in DocketEntry._meta.concrete_fields if f.attname not in ("id", "seq", "supersedes_id")]
    have = case.entries.count()
    DocketEntry.objects.bulk_create(
        [DocketEntry(seq=n + 1, **{f: getattr(source, f) for f in fields}) for n in range(have, total)]
    )


def test_the_case_page_renders_as_many_template_nodes_for_200_entries_as_for_10(client, world, now):
    # Entries that ask for no document, so the documents section (its own list) does not grow either.
    counts = []
    for total in (10, 200):
        case = file_complaint(world)
        ask_recusal(world, case, world.members[4])
        _pad(case, total, "recusal_requested")
        client.force_login(world.users["secretaria"])
        client.get(f"/expedientes/{case.number}/")  # the day's first read re-derives the case
        with nodes_rendered() as count:
            r = client.get(f"/expedientes/{case.number}/")
        assert r.status_code == 200
        assert r.content.decode().count('class="timeline-item') == total
        counts.append(count[0])
    small, big = counts
    assert big == small, f"{small} template nodes for 10 entries, {big} for 200"


def test_the_queue_renders_as_many_template_nodes_for_25_rows_as_for_1(client, world, now):
    client.force_login(world.users["secretaria"])
    file_complaint(world)
    with nodes_rendered() as one:
        r = client.get("/expedientes/")
    assert r.content.decode().count('<th scope="row"><a href="/expedientes/') == 1
    for _ in range(24):  # a full page, and no next page (the pager's link would add its own nodes)
        file_complaint(world)
    with nodes_rendered() as many:
        r = client.get("/expedientes/")
    assert r.content.decode().count('<th scope="row"><a href="/expedientes/') == 25
    assert "after=" not in r.content.decode()
    assert many[0] == one[0], f"{one[0]} template nodes for 1 row, {many[0]} for 25"


def test_hostile_text_on_the_docket_and_the_queue_shows_as_text(client, world, now):
    respondent = make_person(HOSTILE, "Ficticio", title="Representante del Distrito 40")
    case = file_complaint(world, respondent=respondent)
    assert HOSTILE in case.caption
    ask_recusal(world, case, world.members[4], HOSTILE + "\nsegunda línea")
    client.force_login(world.users["secretaria"])
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    timeline = page[page.index('<ol class="timeline"') :]
    assert "<script>" not in page
    assert ESCAPED + "<br>segunda línea" in timeline  # escaped, and the line break still a <br>
    queue = client.get("/expedientes/").content.decode()
    assert "<script>" not in queue
    assert ESCAPED + " Ficticio" in queue  # the caption names the respondent
