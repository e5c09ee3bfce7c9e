"""An advisory opinion in a real browser (issue 17, Sec. 19): the secretary records a request from the
queue and sees the engine's checks before accepting it (CAM-19C-01, the issuing term CAM-19D-01 due
Thu 2027-04-15: 30 business days after Mon Mar 1, skipping Tue Mar 2, Mon Mar 22 and Fri Mar 26), the
Commission issues the opinion by roll call (Sec. 6 majority: 4 of 7, CAM-19D-02) and then modifies it
(Sec. 19(f), CAM-19F-01); the binding register shows it amended with both texts. A member of the House
files their own request online. axe-core (WCAG 2.2 AA) finds no serious or critical violation, and no
page scrolls sideways at 320 or 1,366 px; screenshots are written for review."""

from __future__ import annotations

from typing import Any

import pytest
from factories import make_user

from ventila.accounts.models import RoleGrant
from ventila.cases.models import Case

from .pages import Checked, open_from_the_queue
from .test_accessibility import submit

pytestmark = pytest.mark.django_db(transaction=True)


def _choose(page: Any, name: str, value: str) -> None:
    if page.locator(f"select[name={name}]").count():
        page.select_option(f"select[name={name}]", value)
    else:
        page.check(f"input[name={name}][value={value}]")


def _votes(page: Any, members: list[Any], yes: int) -> None:
    for i, member in enumerate(members):
        page.check(f"input[name=vote_{member.pk}][value={'yes' if i < yes else 'no'}]")


def test_cam_19d_01_an_opinion_from_request_to_issue_and_amendment_in_the_browser(
    e2e_world: Any, browser: Any, live_server: Any, now: Any
) -> None:
    now.set("2027-03-01 15:00")
    check = Checked(browser, live_server, e2e_world.users["secretaria"])
    page = check.page

    open_from_the_queue(page, "Anotar solicitud de opinión consultiva")
    check("advisory-form")
    office = e2e_world.respondent.offices.get()
    page.select_option("#id_person_office", str(office.pk))
    page.fill("#id_facts", "Dar una charla sin paga en una escuela de su distrito.")
    page.fill("#id_facts_date", "2027-04-14")
    page.check("#id_detailed")
    submit(page.get_by_role("button", name="Anotar y abrir el expediente"))
    # The check step: the request is one business day late (CAM-19C-01); nothing recorded yet.
    assert "CAM-19C-01" in page.content() and not Case.objects.filter(kind="advisory_opinion").exists()
    check("advisory-check-late")
    page.get_by_role("button", name="Cambiar Fecha de los hechos").click()
    page.wait_for_load_state("load")
    page.fill("#id_facts_date", "2027-04-15")
    submit(page.get_by_role("button", name="Anotar y abrir el expediente"))
    html = page.content()
    assert "La solicitud se radica a tiempo" in html and "15 de abril de 2027" in html and "CAM-19D-01" in html
    check("advisory-check")
    submit(page.get_by_role("button", name="Aceptar la solicitud y abrir el expediente"))
    case = Case.objects.get(kind="advisory_opinion")
    assert page.url.endswith(f"/expedientes/{case.number}/")
    assert "15 de abril de 2027" in page.locator("table.terms").inner_text()
    check("advisory-case")

    # Issued by roll call, 4 of 7 (Sec. 6 majority, CAM-19D-02).
    now.set("2027-04-01 15:00")
    page.goto(f"/expedientes/{case.number}/actos/opinion_issued/")
    page.fill("#id_opinion_text", "La charla es compatible con el Código si no se paga con fondos públicos.")
    _votes(page, e2e_world.members, 4)
    check("advisory-issue")
    submit(page.get_by_role("button", name="Continuar"))
    submit(page.get_by_role("button", name="Anotar"))
    case.refresh_from_db()
    assert case.stage == "issued"
    # Modified on new evidence (Sec. 19(f)): a new act, the first text kept.
    now.set("2027-04-20 15:00")
    page.goto(f"/expedientes/{case.number}/actos/opinion_revised/")
    _choose(page, "revision", "modify")
    _choose(page, "reason", "new_evidence")
    page.fill("#id_opinion_text", "Compatible solo fuera del horario de trabajo.")
    _votes(page, e2e_world.members, 5)
    submit(page.get_by_role("button", name="Continuar"))
    submit(page.get_by_role("button", name="Anotar"))
    case.refresh_from_db()
    assert case.stage == "revised"
    check("advisory-case-amended")
    page.goto("/cuerpos/etica-camara/opiniones/")
    html = page.content()
    assert "Vigente, enmendada" in html and "Compatible solo fuera del horario de trabajo." in html
    assert "La charla es compatible con el Código" in html
    check("advisory-register")
    check.done()


def test_cam_19a_01_a_member_of_the_house_files_their_own_request_in_the_browser(
    e2e_world: Any, browser: Any, live_server: Any, now: Any
) -> None:
    now.set("2027-03-01 15:00")
    member = make_user(
        "miembro_camara",
        person=e2e_world.respondent,
        grants=((e2e_world.camara, RoleGrant.Role.HOUSE_MEMBER),),
    )
    check = Checked(browser, live_server, member)
    page = check.page

    page.goto("/mis-opiniones/")
    check("member-list-empty")
    page.get_by_role("link", name="Pedir una opinión consultiva a Ética Cámara").click()
    page.wait_for_load_state("load")
    submit(page.get_by_role("button", name="Continuar"))
    assert "Escriba los hechos sobre los que pide la opinión." in page.content()
    check("member-form-errors")
    page.fill("#id_facts", "Participar sin paga en un foro de agricultores.")
    page.fill("#id_facts_date", "2027-04-15")
    page.check("input[name=facts_ongoing][value='0']")
    page.check("input[name=related_complaint][value='0']")
    submit(page.get_by_role("button", name="Continuar"))
    assert "La solicitud se radica a tiempo" in page.content()
    check("member-check")
    submit(page.get_by_role("button", name="Enviar la solicitud"))
    case = Case.objects.get(kind="advisory_opinion")
    assert page.url.endswith("/mis-opiniones/") and case.number in page.content()
    assert "15 de abril de 2027" in page.content()
    check("member-list")
    check.done()
