"""«Esperan su voto» (issue 29): only the motions awaiting the commissioner's vote — a voted act an open
term of the Commission calls for now — each with what it decides (the rulebook's words) and the term's
due date; a voted act the case merely allows, which nobody has moved, is not listed."""

from __future__ import annotations

import re

from ventila.cases.voting import vote_rule

from .test_roles import _examined, _signed_in


def test_only_motions_awaiting_the_vote_with_text_and_due_date(world, now):
    case = _examined(world, now)
    voted = [a for a in case.allowed_next if vote_rule(case.body.rulebook, a) is not None]
    now.set("2027-03-20 12:00")
    page = _signed_in(world.users["comisionado"]).get("/mi-despacho/").content.decode()
    votes = page.split('id="votos"', 1)[1].split('id="vistas"', 1)[0]
    items = re.findall(r"<li>.*?</li>", votes, re.S)
    assert len(items) == 1 and case.number in items[0]
    assert "Determinación de la Comisión" in items[0]
    assert re.search(r"Término «[^»]+»: vence el \w+, \d+ de \w+ de 2027\.", items[0])
    listed = re.findall(r"/votos/(\w+)/", votes)
    assert listed == ["determination_made"] and set(listed) <= set(voted)
