"""Issue 15, roles, in the browser: a commissioner's «Mi despacho» and his own vote, «Mi cuenta» with
the recovery codes running out, the password change with its errors, the per-diem ledger asking to
confirm a second per diem — each scanned by axe-core (0 serious or critical) and at 320 and 1,366 px
(nothing scrolls sideways)."""

from __future__ import annotations

from typing import Any

import pytest
from factories import file_complaint, record

from ventila.accounts import twofactor
from ventila.cases.models import MemberVote

from .axe import serious_violations
from .conftest import signed_in_context
from .pages import Checked
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


def test_commissioner_home_own_vote_and_mi_cuenta(e2e_world: Any, browser: Any, live_server: Any, now: Any) -> None:
    world = e2e_world
    now.set("2027-03-20 12:00")
    case = file_complaint(world)
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "answer_filed", "2027-03-15")
    user = world.users["comisionado"]
    scan = Checked(browser, live_server, user)
    page = scan.page

    page.goto("/")
    assert page.url == live_server.url + "/mi-despacho/"
    assert page.get_by_role("heading", name="Esperan su voto").is_visible()
    scan()
    submit(page.get_by_role("link", name=f"Anotar mi voto · {case.number}"))
    assert page.get_by_role("heading", level=1).inner_text() == "Mi voto: Determinación de la Comisión"
    scan()
    submit(page.get_by_role("button", name="Anotar mi voto"))  # nothing chosen: the error summary
    assert page.get_by_role("heading", name="Hay un problema con su voto").is_visible()
    scan()
    page.get_by_label("A favor").check()
    submit(page.get_by_role("button", name="Anotar mi voto"))
    assert page.url == live_server.url + "/mi-despacho/"
    assert "Su voto anotado: A favor" in page.inner_text("main")
    assert MemberVote.objects.get().recorded_by_id == user.pk
    scan()
    # «Mi cuenta» with two recovery codes left, then the password change with its errors shown.
    codes = twofactor.new_recovery_codes(user)
    for code in codes[:-2]:
        twofactor.use_recovery_code(user, code)
    page.goto("/cuenta/")
    assert page.get_by_role("heading", name="Le quedan 2 códigos de recuperación").is_visible()
    scan()
    submit(page.get_by_role("link", name="Cambiar la contraseña"))
    submit(page.get_by_role("button", name="Cambiar la contraseña"))
    assert page.title().startswith("Error:")
    scan()
    scan.done()


def test_second_factor_page_and_per_diem_confirmation(e2e_world: Any, browser: Any, live_server: Any) -> None:
    world = e2e_world
    found: list[str] = []
    # The second-factor page: no staff menu before the code.
    twofactor.demo_device(world.users["secretaria"])
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto("/entrar/")
    page.fill("#id_username", "secretaria")
    page.fill("#id_password", "clave-de-prueba-123")
    submit(page.get_by_role("button", name="Entrar"))
    assert "/entrar/verificar/" in page.url
    assert page.get_by_role("link", name="Cola de trabajo").count() == 0
    submit(page.get_by_role("button", name="Verificar"))
    assert page.get_by_role("heading", name="Hay un problema con el código").is_visible()
    found.extend(serious_violations(page))
    found.extend(sideways(page))
    context.close()
    # The per-diem ledger: a second meeting of the same commissioner that day asks for confirmation.
    context = signed_in_context(browser, live_server, world.users["secretaria_municipal"])
    page = context.new_page()
    president = world.municipal_members[0]
    for _ in range(2):
        page.goto("/cuerpos/querellas-municipales/dietas/")
        form = page.locator("form", has=page.locator('input[name="form"][value="meeting"]'))
        form.locator("select[name=person]").select_option(str(president.pk))
        form.locator("input[name=day]").fill("2027-03-01")
        submit(form.get_by_role("button", name="Anotar reunión"))
    assert page.get_by_label("Confirmo que es otra reunión del mismo día, no la misma anotada dos veces").is_visible()
    found.extend(serious_violations(page))
    found.extend(sideways(page))
    context.close()
    assert found == [], "\n".join(found)
