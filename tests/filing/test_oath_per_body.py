"""Each body's public form states its own oath (issue 29): the House's cites the Code (Sec. 20(2)), never
the municipal law; the municipal one is read from its rulebook (``PublicFiling.oath``)."""

from __future__ import annotations

from ventila.rules import RULEBOOKS

from .helpers import camara_steps, walk


def test_the_house_form_cites_its_own_law_only(world, client):
    walk(client, "etica-camara", camara_steps(world)[:-1])
    page = client.get("/querellas/etica-camara/juramento/").content.decode()
    assert "Apercibimiento de perjurio" in page
    assert "bajo juramento (Sec. 20(2) del Código de Ética de la Cámara de Representantes)" in page
    assert "¶12" not in page and "Querellas Municipales" not in page.split("Apercibimiento de perjurio", 1)[1]


def test_each_rulebook_states_its_own_oath():
    house = RULEBOOKS["camara-171"].public.filing
    town = RULEBOOKS["municipal"].public.filing
    assert house is not None and town is not None
    assert "Sec. 20(2)" in house.oath and "¶12" not in house.oath
    assert "¶12" in town.oath and "Sec. 20" not in town.oath
