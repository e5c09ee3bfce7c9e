"""A late financial report is the Commission's move (issue 29), in a real browser at 1,366 and 320 px:
the queue's «Por hacer» row offers «Preparar aviso» and the case page suggests preparing the notice to
the late filer first — with axe-core at 0 serious or critical violations and nothing scrolling sideways."""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

import pytest
from factories import make_person

from ventila.bodies.models import OfficeTerm
from ventila.cases.procedures import system_user
from ventila.compliance.models import TenureCase
from ventila.compliance.tenures import sweep_tenures

from .pages import Checked

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("VENTILA_SCREENSHOTS", "")


@pytest.mark.parametrize("width,height", [(1366, 768), (320, 640)])
def test_cam_14d_01_a_late_filer_in_por_hacer_and_first_on_the_case_page(
    e2e_world: Any, now: Any, browser: Any, live_server: Any, width: int, height: int
) -> None:
    world = e2e_world
    OfficeTerm.objects.filter(person__in=[*world.members, world.respondent]).delete()
    now.set("2027-01-10 09:00")
    marta = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    sweep_tenures(user=system_user())
    case = TenureCase.objects.get(person=marta).case
    now.set("2027-04-12 09:00")  # CAM-14D-01: the first report was due Mon 5 Apr 2027

    check = Checked(browser, live_server, world.users["secretaria"], size=(width, height), widths=())
    page = check.page
    page.goto("/expedientes/?turn=mine")
    check()
    row = page.locator("table.table tbody tr", has_text=case.number)
    assert "La Comisión" in row.inner_text()
    assert row.get_by_role("link", name="Preparar aviso").count() == 1
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/queue-late-filer-{width}.png", full_page=True)

    page.goto("/cuerpos/etica-camara/obligados/tablero/?estado=late")
    check()
    board_row = page.locator("table tbody tr", has_text=case.number)
    assert board_row.get_by_role("link", name="Preparar aviso").count() == 1
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/board-late-filer-{width}.png", full_page=True)

    page.goto(f"/expedientes/{case.number}/")
    check()
    box = page.locator("#siguiente-acto")
    first = box.get_by_role("link").first
    assert first.inner_text() == "Preparar: Aviso de informe financiero no radicado"
    assert "le toca a la Comisión preparar el aviso" in box.inner_text()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/case-late-filer-{width}.png", full_page=True)
    with page.expect_navigation(wait_until="load"):
        first.click()
    assert page.url.endswith("/documentos/late_report_notice/") or "/borradores/" in page.url
    check.done()
