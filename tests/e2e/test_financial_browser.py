"""Financial reports in a real browser (issue 16, Secs. 14–16): the secretary opens the compliance board
from the register, filters it, sees who is late with the rule and the day count, opens a person whose
report the OEG referred, turns the referral into a case in one action and lands on the referral case,
linked to its source — axe-core (WCAG 2.2 AA) finds no serious or critical violation on these pages,
and none scrolls sideways at 320 or 1,366 px (screenshots under the test's temporary directory)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from factories import make_person

from ventila.bodies.models import OfficeTerm
from ventila.cases.actions import ActInput, UploadedDocument, do_record_act
from ventila.cases.models import Case
from ventila.cases.procedures import system_user
from ventila.compliance.actions import ReportInput, do_record_report
from ventila.compliance.models import FinancialReferral, TenureCase
from ventila.compliance.tenures import sweep_tenures
from ventila.rules import PR_TZ

from .pages import Checked
from .test_accessibility import submit

pytestmark = pytest.mark.django_db(transaction=True)


def _act(world: Any, case: Any, event_type: str, day: dt.date, files: tuple[Any, ...] = (), **payload: Any) -> None:
    moment = dt.datetime.combine(day, dt.time(), PR_TZ)
    do_record_act(
        user=world.users["secretaria"], case=case, act=ActInput(event_type, moment, False, payload, attachments=files)
    )


def _people(world: Any) -> Any:
    """B never filed (CAM-14D-01, due Mon 5 Apr 2027); R filed, the OEG referred its report with evidence."""
    OfficeTerm.objects.filter(person__in=[*world.members, world.respondent]).delete()
    make_person("Benito", "Ficticio Lugo", role="officer", title="Asesor", start=dt.date(2027, 1, 4))
    referred = make_person(
        "Rosa", "Ficticia Vega", role="department_head", title="Directora", start=dt.date(2027, 1, 4)
    )
    sweep_tenures(user=system_user())
    do_record_report(
        user=world.users["secretaria"],
        body=world.camara,
        person=referred,
        report=ReportInput(2026, "initial", dt.date(2027, 3, 25), True, True, "", dt.date(2027, 3, 26)),
    )
    case = TenureCase.objects.get(person=referred).case
    _act(world, case, "preliminary_findings_received", dt.date(2027, 6, 1), covers_year=2026)
    _act(world, case, "findings_answered", dt.date(2027, 6, 7), covers_year=2026)
    evidence = UploadedDocument("hallazgos-oeg.pdf", b"%PDF-1.4 evidencia ficticia", "application/pdf")
    _act(world, case, "oeg_final_action", dt.date(2027, 7, 1), (evidence,), outcome="referral", covers_year=2026,
         evidence_attached=True)  # fmt: skip
    return referred, case


def test_the_board_and_a_referral_turned_into_a_case_in_the_browser(
    e2e_world: Any, browser: Any, live_server: Any, tmp_path: Path, now: Any
) -> None:
    now.set("2027-08-10 09:00")
    referred, source = _people(e2e_world)
    check = Checked(browser, live_server, e2e_world.users["secretaria"])
    page = check.page

    page.goto("/cuerpos/etica-camara/obligados/")
    page.get_by_role("link", name="Tablero de informes financieros: quién debe este mes y quién está atrasado").click()
    page.wait_for_load_state("load")
    assert page.locator("[data-count=late]").inner_text() == "1"
    row = page.locator("tr[data-rule='CAM-14D-01']")
    assert "Ficticio Lugo" in row.inner_text() and "vencido hace 127 días" in row.inner_text()
    check("tablero")
    # Filtered to the late ones of another category: nobody.
    page.select_option("#categoria", "department_head")
    page.select_option("#estado", "late")
    submit(page.get_by_role("button", name="Filtrar"))
    assert "Nadie debe un informe en ese mes" in page.content()
    assert "formato=csv" in (page.get_by_role("link", name="CSV").get_attribute("href") or "")
    # A month that cannot be read: the error summary and the message beside the field.
    page.goto("/cuerpos/etica-camara/obligados/tablero/?mes=2027-13")
    assert page.locator(".error-summary").count() == 1
    check("tablero-error")

    # The person whose report the OEG referred: the one action offered, then the referral case.
    page.goto(f"/cuerpos/etica-camara/obligados/{referred.pk}/")
    assert "CAM-16B-02" in page.content()
    check("persona")
    page.get_by_role("link", name="Convertir el referido de la OEG en un caso").click()
    page.wait_for_load_state("load")
    assert "hallazgos-oeg.pdf" in page.content()
    page.fill("#id_received_on", "2027-06-30")
    submit(page.get_by_role("button", name="Abrir el caso de referido"))
    assert "El referido se recibe el día de la determinación de la OEG o después." in page.content()
    check("referido-error")
    page.fill("#id_received_on", "2027-07-02")
    submit(page.get_by_role("button", name="Abrir el caso de referido"))
    referral = Case.objects.get(kind="referral")
    assert page.url.endswith(f"/expedientes/{referral.number}/")
    assert page.get_by_role("link", name=source.number).count() >= 1
    check("caso-referido")
    # The link row points at a docket entry: out first, so that the fixture's purge of the docket can run.
    FinancialReferral.objects.all().delete()
    check.done()
