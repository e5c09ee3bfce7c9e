"""One error pattern on every staff form (issue 29), as on the public form: «Error: » first in the
``<title>``, the error summary focused (``web/forms.js`` on every page), a link to each field at fault
and a heading that says what failed — an act, a case opened, a service, not always «No se anotó nada»."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from factories import file_complaint

from tests.documents.helpers import issue

pytestmark = pytest.mark.django_db


def _staff(world):
    c = Client()
    c.force_login(world.users["secretaria"])
    return c


def _title(page: str) -> str:
    found = re.search(r"<title>(.*?)</title>", page, re.S)
    assert found is not None
    return found.group(1)


def _summary(page: str) -> str:
    return page.split('id="errores"', 1)[1].split("</div>", 1)[0]


def test_an_act_form_with_errors(world):
    case = file_complaint(world)
    page = (
        _staff(world)
        .post(f"/expedientes/{case.number}/actos/respondent_notified/", {"occurred_date": ""})
        .content.decode()
    )
    assert _title(page).startswith("Error: ")
    assert 'src="/static/web/forms.js"' in page
    summary = _summary(page)
    assert "No se anotó «Notificación recibida por la parte querellada»: revise lo siguiente" in summary
    assert re.search(r'<a href="#id_\w+', summary)


def test_a_service_form_with_errors(world):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    url = f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/"
    page = _staff(world).post(url, {"recipient": "other", "method": "email_attachment"}).content.decode()
    assert _title(page).startswith("Error: ") and not _title(page).startswith("Error: Error")
    summary = _summary(page)
    assert "No se anotó la notificación: revise lo siguiente" in summary and '<a href="#' in summary


def test_opening_a_case_with_errors(world):
    page = (
        _staff(world)
        .post(f"/expedientes/nuevo/{world.camara.slug}/complaint/", {"complainant_name": ""})
        .content.decode()
    )
    assert _title(page).startswith("Error: ")
    assert "No se abrió el expediente: revise lo siguiente" in _summary(page)


def test_a_page_without_errors_has_no_error_title(world):
    case = file_complaint(world)
    page = _staff(world).get(f"/expedientes/{case.number}/actos/respondent_notified/").content.decode()
    assert not _title(page).startswith("Error") and 'id="errores"' not in page


def test_the_per_diem_pages_title_is_its_title_and_says_error_on_an_error(world):
    c = Client()
    c.force_login(world.users["secretaria_municipal"])
    url = "/cuerpos/querellas-municipales/dietas/"
    title = _title(c.get(url).content.decode())
    assert "<" not in title and len(title) < 80 and title.startswith("Dietas · ")
    page = c.post(url, {"form": "expense"}).content.decode()
    assert _title(page).startswith("Error: Dietas · ")


def test_a_closure_day_without_a_reason_says_the_closure_was_not_declared(world):
    r = _staff(world).post(
        "/cuerpos/etica-camara/calendario/", {"form": "closure", "day": "2027-03-04", "step": "check"}
    )
    page = r.content.decode()
    assert _title(page).startswith("Error: Calendario")
    summary = _summary(page)
    assert "No se declaró el cierre: revise lo siguiente" in summary and "No se anotó nada" not in page
    assert re.search(r'<a href="#id_reason">[^<]+</a>:', summary)


def test_an_election_day_without_its_date_says_the_election_day_was_not_recorded(world):
    r = _staff(world).post("/cuerpos/etica-camara/calendario/", {"form": "election", "step": "check"})
    page = r.content.decode()
    assert _title(page).startswith("Error: Calendario")
    assert "No se anotó el día de elecciones: revise lo siguiente" in _summary(page)


def test_the_board_with_a_bad_month_has_error_in_its_title(world):
    page = _staff(world).get("/cuerpos/etica-camara/obligados/tablero/?mes=2027-13").content.decode()
    assert _title(page).startswith("Error: Tablero de informes financieros")


def test_no_staff_template_falls_back_to_the_generic_heading():
    """Every staff form that includes the error summary names what failed (the generic heading is left
    for no form of the staff's)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "ventila"
    bare = [
        str(p.relative_to(root))
        for p in root.rglob("*.html")
        if re.search(r'include "web/_form_errors\.html"\s*%\}', p.read_text(encoding="utf-8"))
    ]
    assert bare == []
