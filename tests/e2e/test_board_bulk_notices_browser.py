"""The compliance board's bulk action (issue 29) in a real browser at 1,366 and 320 px: «Preparar los avisos
de todos los morosos» prepares a draft of the late-filer notice (CAM-14D-01) for each late row marked, and
the message says how many and links to each — with axe-core at 0 serious or critical violations and
nothing scrolling sideways."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from factories import make_person

from ventila.bodies.models import OfficeTerm
from ventila.cases.procedures import system_user
from ventila.compliance.models import TenureCase
from ventila.compliance.tenures import sweep_tenures
from ventila.documents.models import Draft

from .pages import Checked

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def documents_cleared(e2e_world: Any) -> Any:
    """The drafts and documents the test makes hold on to docket rows: out before the world purges the docket."""
    from django.db import connection

    from ventila.documents.db_triggers import purge_documents

    yield e2e_world
    Draft.objects.all().delete()
    purge_documents(connection)


@pytest.mark.parametrize("width,height", [(1366, 768), (320, 640)])
def test_cam_14d_01_the_board_prepares_every_late_filers_notice_in_one_click(
    documents_cleared: Any, now: Any, browser: Any, live_server: Any, width: int, height: int
) -> None:
    world = documents_cleared
    OfficeTerm.objects.filter(person__in=[*world.members, world.respondent]).delete()
    now.set("2027-01-10 09:00")
    for first, last in (("Marta", "Ficticia Ruiz"), ("Pablo", "Ficticio Soto"), ("Lucía", "Ficticia Vega")):
        make_person(first, last, role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    sweep_tenures(user=system_user())
    tenures = list(TenureCase.objects.select_related("case", "person").order_by("case__number"))
    cases = [t.case for t in tenures]
    now.set("2027-04-12 09:00")  # CAM-14D-01: the first reports were due Mon 5 Apr 2027

    check = Checked(browser, live_server, world.users["secretaria"], size=(width, height), widths=())
    page = check.page
    page.goto("/cuerpos/etica-camara/obligados/tablero/?estado=late")
    check(f"board-bulk-before-{width}")
    boxes = page.get_by_role("checkbox")
    assert boxes.count() == 3 and all(boxes.nth(i).is_checked() for i in range(3))
    # Leave Lucía out: only the rows marked get a notice.
    lucia = next(t.case for t in tenures if t.person.given_name == "Lucía")
    page.get_by_role("checkbox", name=f"Preparar el aviso a Lucía Ficticia Vega ({lucia.number})").uncheck()
    with page.expect_navigation(wait_until="load"):
        page.get_by_role("button", name="Preparar los avisos de todos los morosos").click()
    assert page.url.endswith("?mes=2027-04&estado=late")  # back to the board as it was filtered
    message = page.locator(".messages")
    assert "Se prepararon 2 avisos" in message.inner_text()
    links = message.get_by_role("link")
    assert links.count() == 2 and lucia.number not in message.inner_text()
    assert page.get_by_role("checkbox").count() == 1  # Lucía's row only: the others have their draft
    assert page.get_by_role("link", name="Revisar el borrador del aviso").count() == 2
    check(f"board-bulk-after-{width}")
    assert set(Draft.objects.values_list("case_id", flat=True)) == {c.pk for c in cases if c != lucia}
    with page.expect_navigation(wait_until="load"):
        links.first.click()
    assert "/borradores/" in page.url
    check()
    # Issued: the case now waits on the OEG, as Sec. 16(a) has it (CAM-16A-01); the page says so.
    from ventila.documents.actions import do_issue_document

    marta = tenures[0].case
    do_issue_document(user=world.users["secretaria"], draft=Draft.objects.get(case=marta))
    page.goto(f"/expedientes/{marta.number}/")
    assert "Le toca a la Oficina de Ética Gubernamental. Regla CAM-16A-01 · Sec. 16(a)." in page.inner_text("main")
    assert page.locator("#siguiente-acto").count() == 0
    check(f"case-after-notice-{width}")
    check.done()
