"""The work queue as a work list (issue 29), over HTTP: the opening acts behind one «Anotar…» menu, the
filters in one row that opens (open when a filter is set), each row's cells in at most two lines, and
«Por hacer» holding exactly the cases with an act the user may record now — its count says so."""

from __future__ import annotations

import re

from factories import file_complaint, record

from tests.web.test_advisory import fresh, open_request, signed_in
from tests.web.test_whose_move import rows, tab_counts


def test_por_hacer_holds_only_the_cases_with_an_act_to_record_now(client, world, now):
    signed_in(client, world)
    rejected, _page = open_request(client, world, facts_ongoing="on")
    now.set("2027-03-03 12:00")
    record(world, rejected, "opinion_rejected", "2027-03-03", grounds="no_jurisdiction")
    assert fresh(rejected).allowed_next == [] and fresh(rejected).status == "open"  # nobody's next step
    to_do = file_complaint(world, when="2027-03-03 10:00")
    body = client.get("/expedientes/").content.decode()
    assert tab_counts(body) == {"all": "2", "mine": "1", "waiting": "0"}
    mine = client.get("/expedientes/?turn=mine").content.decode()
    assert set(rows(mine)) == {to_do.number}
    assert "Por hacer: los expedientes con un acto que usted puede anotar ahora." in mine
    assert "/actos/" in rows(mine)[to_do.number]


def test_the_opening_acts_are_one_menu_and_the_filters_one_row(client, world, now):
    signed_in(client, world)
    file_complaint(world)
    body = client.get("/expedientes/").content.decode()
    head = body.split('<div class="page-head queue-head">', 1)[1].split('<details class="filters-box"', 1)[0]
    assert head.count('<details class="menu">') == 1 and "Anotar…</summary>" in head
    assert 'class="button' not in head.split("</summary>", 1)[1]  # the acts are links in the menu, not buttons
    assert f'href="/expedientes/nuevo/{world.camara.slug}/complaint/"' in head
    assert f'href="/expedientes/asunto/{world.camara.slug}/' in head
    assert '<details class="filters-box">' in body and "(Abiertos)" in body  # closed, saying what it shows
    filtered = client.get("/expedientes/?due=overdue").content.decode()
    assert '<details class="filters-box" open>' in filtered and "(Abiertos · Vencidos)" in filtered


def test_each_cell_of_a_row_is_at_most_two_lines(client, world, now):
    signed_in(client, world)
    now.set("2027-02-01 11:00")
    late = file_complaint(world, when="2027-02-01 10:00", knowledge="2027-01-25")
    now.set("2027-02-02 12:00")
    record(world, late, "respondent_notified", "2027-02-02")
    now.set("2027-03-10 12:00")
    row = rows(client.get("/expedientes/").content.decode())[late.number]
    for cell in re.findall(r"<td>(.*?)</td>", row, re.S):
        assert cell.count('<span class="line') + cell.count('<span class="clamp">') <= 2, cell
        assert "<br>" not in cell
    assert "La parte querellada no actuó a tiempo" in row and "vencido hace" in row
