"""The act → check → confirm journey in a browser (issue 15): a late answer typed on the form, the
check-your-answers page with the rulebook's consequence, «Cambiar» back to the form with what was
typed, the confirmation refused until the late box is ticked, then the record and the message with
its effect; and the confirmation of a closure's removal. axe-core at 0 serious/critical on every
state, and no page scrolls sideways at 320 or 1,366 px."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from factories import file_complaint, record

from ventila.cases.actions import do_add_closure
from ventila.cases.models import DocketEntry

from .pages import Checked
from .test_accessibility import submit

pytestmark = pytest.mark.django_db(transaction=True)


def test_late_answer_act_check_confirm_journey(e2e_world: Any, browser: Any, live_server: Any, now: Any) -> None:
    world = e2e_world
    case = file_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-29 09:00")  # the answer term (CAM-21B-02) ended Thu 2027-03-25
    closure = do_add_closure(
        user=world.users["secretaria"], body=world.camara, day=dt.date(2027, 4, 5), reason="Huracán"
    )
    scan = Checked(browser, live_server, world.users["secretaria"])
    page = scan.page

    page.goto(f"/expedientes/{case.number}/actos/answer_filed/")
    page.fill("#id_occurred_date", "2027-03-29")
    page.fill("#id_note", "Recibida por correo certificado.")
    submit(page.get_by_role("button", name="Continuar"))
    assert page.get_by_role("heading", name="Este acto se anota fuera de término").is_visible()
    assert page.get_by_text("venció el jueves, 25 de marzo de 2027 (CAM-21B-02, Sec. 21(b)(2))").is_visible()
    scan()  # the check page, late
    # «Cambiar» beside the note: back to the form, at the note, with what was typed.
    submit(page.get_by_role("button", name="Cambiar Nota"))
    assert page.input_value("#id_note") == "Recibida por correo certificado."
    assert page.input_value("#id_occurred_date") == "2027-03-29"
    page.fill("#id_note", "Recibida por correo certificado el lunes.")
    submit(page.get_by_role("button", name="Continuar"))
    assert page.get_by_text("Recibida por correo certificado el lunes.").is_visible()
    submit(page.get_by_role("button", name="Anotar en el expediente"))
    assert page.title().startswith("Error:")
    assert page.get_by_text("Todavía no se anotó: confirme lo siguiente").is_visible()
    assert page.evaluate("document.activeElement.id") == "errores"  # the error summary takes the focus
    assert DocketEntry.objects.filter(case=case).count() == 2  # nothing written
    scan()  # the check page with its error
    page.get_by_label("Sé que el acto se anota fuera de término y quiero anotarlo").check()
    submit(page.get_by_role("button", name="Anotar en el expediente"))
    assert page.url.endswith(f"/expedientes/{case.number}/")
    assert page.get_by_text(
        "El término «Contestar la querella» se cumplió fuera de término: venció el jueves, 25 de marzo de 2027"
    ).is_visible()
    assert DocketEntry.objects.filter(case=case).count() == 3
    scan()  # the case page with the message
    # Removing the closure: a confirmation page that says what it moves and needs the reason.
    page.goto("/cuerpos/etica-camara/calendario/")
    submit(page.get_by_role("link", name="Eliminar… lunes, 5 de abril de 2027"))
    assert page.get_by_role("heading", name="¿Eliminar el cierre del lunes, 5 de abril de 2027 (Huracán)?").is_visible()
    scan()
    submit(page.get_by_role("button", name="Eliminar el cierre"))  # no reason: refused
    assert page.title().startswith("Error:")
    scan()
    page.fill("#id_reason", "Declarado por error")
    submit(page.get_by_role("button", name="Eliminar el cierre"))
    assert page.get_by_text("Se eliminó el cierre.").is_visible()
    assert not type(closure).objects.filter(pk=closure.pk).exists()
    scan.done()
