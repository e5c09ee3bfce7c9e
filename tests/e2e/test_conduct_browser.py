"""Sec. 10 in a real browser (issue 16): the secretary records a gift (first empty: the errors beside
the fields and in the summary; then a cent over the cap: the CAM-10K-01 finding on the gifts list and on
the person's page), a court summons (its 10(w) due day), and runs a nepotism check — from a list and
step by step — and records it. axe-core (WCAG 2.2 AA) finds no serious or critical violation on any of
these pages, with and without errors shown, and none scrolls sideways at 320 or 1,366 px.

With ``VENTILA_SCREENSHOTS=<dir>`` the pages are also saved there at both widths (for a person to look at).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from ventila.compliance.conduct_models import GiftRecord, NepotismCheck

from .pages import Checked
from .test_accessibility import submit

pytestmark = pytest.mark.django_db(transaction=True)


def test_gifts_summons_and_nepotism_in_the_browser(e2e_world: Any, browser: Any, live_server: Any, now: Any) -> None:
    now.set("2027-04-15 09:00")
    check = Checked(browser, live_server, e2e_world.users["secretaria"])
    page = check.page

    person = f"/cuerpos/etica-camara/obligados/{e2e_world.respondent.pk}/"
    page.goto(person)
    page.get_by_role("link", name="Regalos recibidos (0)").click()
    page.wait_for_load_state("load")
    check("regalos")
    submit(page.get_by_role("button", name="Anotar el regalo"))  # empty: every error beside its field
    assert "Escriba la fecha en que se recibió." in page.content()
    assert page.locator("#errores").is_visible()
    check("regalos-errores")
    page.fill("#id_received_on", "2027-04-02")
    page.fill("#id_description", "Pluma grabada")
    page.fill("#id_value", "250,01")  # a decimal comma: refused, what was typed kept
    page.fill("#id_source", "Fundación Ficticia")
    submit(page.get_by_role("button", name="Anotar el regalo"))
    assert "punto decimal" in page.content()
    assert page.locator("#id_value").input_value() == "250,01"
    assert page.locator("#id_description").input_value() == "Pluma grabada"
    page.fill("#id_value", "250.01")
    submit(page.get_by_role("button", name="Anotar el regalo"))
    assert GiftRecord.objects.get().value == Decimal("250.01")
    finding = page.locator("[data-finding='gift_not_excluded']")
    assert "CAM-10K-01 (Sec. 10(k))" in finding.inner_text()
    check("regalos-alerta")

    # The court summons: formal notice Thu 8 Apr 2027 → Fri 9 (1), Mon 12 (2), Tue 13 (3), Wed 14 (4),
    # Thu 15 (5): due Thu 15 Apr 2027 (CAM-10W-01).
    page.goto(person + "citaciones/")
    assert "CAM-10W-02" in page.content()
    page.fill("#id_case_number", "TPI-2027-0042")
    page.fill("#id_formally_notified_on", "2027-04-08")
    page.check("input[name=role][value=witness]")
    submit(page.get_by_role("button", name="Anotar la citación"))
    assert page.locator("tr[data-rule='CAM-10W-01'] [data-due]").first.get_attribute("data-due") == "2027-04-15"
    page.get_by_text("¿Por qué esta fecha?").first.click()
    assert "CAM-10W-01 (Sec. 10(w))" in page.locator("ol.trace").first.inner_text()
    check("citaciones")

    # The nepotism check: a brother-in-law (2nd degree of affinity) from the list, barred.
    page.goto(person + "nepotismo/")
    check("nepotismo")
    submit(page.get_by_role("button", name="Comprobar", exact=True))  # empty
    assert "Escriba el nombre del candidato." in page.content()
    check("nepotismo-errores")
    page.fill("#id_candidate", "Candidato Ficticio")
    page.select_option("#id_relation", "spouse+sibling")
    submit(page.get_by_role("button", name="Comprobar", exact=True))
    assert page.locator("[data-barred]").get_attribute("data-barred") == "yes"
    assert "segundo grado de afinidad" in page.locator("[data-kinship]").inner_text()
    check("nepotismo-resultado")
    # Step by step: the candidate is the child of a child of a sibling of a parent of the obligated person
    # (a first cousin's child): 5th degree of blood, not barred.
    page.select_option("#id_relation", "steps")
    page.select_option("#id_step_1", "child")
    page.select_option("#id_step_2", "child")
    page.select_option("#id_step_3", "sibling")
    page.select_option("#id_step_4", "parent")
    submit(page.get_by_role("button", name="Comprobar y anotarlo en la ficha"))
    check_row = NepotismCheck.objects.get()
    assert (check_row.kinship, check_row.degree, check_row.barred) == ("blood", 5, False)
    assert "Candidato Ficticio" in page.locator("#normas-de-conducta").inner_text()
    check("ficha")
    check.done()
