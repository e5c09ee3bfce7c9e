"""Documents (issue 29): a section the law requires cannot be emptied by saving the draft (it stays as it
was, the error beside it, what was typed kept); the issue confirmation shows the text itself."""

from __future__ import annotations

import pytest
from django.test import Client
from factories import file_complaint

from ventila.documents.models import Draft

pytestmark = pytest.mark.django_db


def test_a_required_section_cannot_be_emptied_and_the_confirmation_shows_the_text(world):
    case = file_complaint(world)
    c = Client()
    c.force_login(world.users["secretaria"])
    c.post(f"/expedientes/{case.number}/anotaciones/1/documentos/notice_of_complaint/", {"language": "es"})
    draft = Draft.objects.get()
    url = f"/expedientes/{case.number}/borradores/{draft.pk}/"
    form = {f"section_{s['key']}": s["text"] for s in draft.sections}
    before = {s["key"]: s["text"] for s in draft.sections}
    form.update(title=draft.title, section_default_warning="", section_intro="Texto revisado.")
    r = c.post(url, form)  # a plain save
    page = r.content.decode()
    assert r.status_code == 200 and "no puede quedar vacía" in page and "<title>Error: " in page
    assert 'href="#id_section_default_warning"' in page and "Texto revisado." in page
    assert {s["key"]: s["text"] for s in Draft.objects.get().sections} == before  # nothing saved
    confirm = c.get(f"/expedientes/{case.number}/borradores/{draft.pk}/expedir/").content.decode()
    assert "El texto que se congelará" in confirm and "<details>" not in confirm.split("El texto que se congelará")[1]
    assert before["default_warning"].split("\n")[0][:40] in confirm
