"""Issue 14 item 6: the public form without a database session. The draft is stored beside its
uploads and named by a signed cookie bound to the browser's CSRF secret; the draft is checked once
per content; the register of office holders is kept per process until a version stamp changes."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from filing.helpers import camara_steps, drafts_of, walk
from ventila import clock
from ventila.bodies.models import OfficeTerm, Person
from ventila.cases.models import Case
from ventila.filing import register_cache
from ventila.filing.draft import MAX_COOKIE_CHARS, drafts_cookie
from ventila.filing.forms import ComplainantForm
from ventila.filing.procedures import CheckedByRulebook, procedure_for

BODY = "etica-camara"
STEP = f"/querellas/{BODY}"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"


def _refused(client, response, words: str) -> None:
    """Sent back to the start with a message in Spanish (not a 500), the draft cookie deleted."""
    assert response.status_code == 302 and response["Location"] == f"{STEP}/quien/"
    assert response.cookies[drafts_cookie()].value == ""  # deleted
    page = client.get(response["Location"])
    assert page.status_code == 200 and words in page.content.decode()


def test_a_whole_filing_uses_no_database_session(world, client):
    steps = camara_steps(world)
    with CaptureQueriesContext(connection) as queries:
        r = walk(client, BODY, steps)
        assert client.get(r["Location"]).status_code == 200  # the receipt, from the signed receipts cookie
    assert not [q["sql"] for q in queries.captured_queries if "django_session" in q["sql"]]
    assert not Session.objects.exists() and Case.objects.count() == 1
    # Another browser has no receipt cookie: nothing.
    assert Client().get(r["Location"]).status_code == 404


def test_a_tampered_draft_cookie_is_refused_with_a_message_and_the_filer_starts_again(world, client):
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    value = client.cookies[drafts_cookie()].value
    client.cookies[drafts_cookie()] = value[:-3] + ("AAA" if not value.endswith("AAA") else "BBB")
    r = client.post(f"{STEP}/juramento/", steps[-1][1])
    _refused(client, r, "fue alterado")
    assert not Case.objects.exists()
    # Its bytes were not the draft's: the draft is not reachable any more from this browser.
    assert client.get(f"{STEP}/hechos/")["Location"] == f"{STEP}/quien/"


def test_an_oversize_draft_cookie_is_refused(world, client):
    client.get(f"{STEP}/quien/")
    client.cookies[drafts_cookie()] = "x" * (MAX_COOKIE_CHARS + 1)
    r = client.get(f"{STEP}/querellado/")
    _refused(client, r, "demasiado grande")


def test_a_draft_cookie_from_another_filer_cannot_submit(world, client):
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    other = Client()
    other.get(f"{STEP}/quien/")  # its own CSRF cookie
    other.cookies[drafts_cookie()] = client.cookies[drafts_cookie()].value  # the first filer's draft cookie
    r = other.post(f"{STEP}/juramento/", steps[-1][1])
    _refused(other, r, "pertenece a otro navegador")
    assert not Case.objects.exists()
    assert "Ana Ejemplo" not in other.get(f"{STEP}/quien/").content.decode()  # nothing of the draft leaked
    # The first filer still has the draft and submits it.
    assert client.post(f"{STEP}/juramento/", steps[-1][1]).status_code == 302 and Case.objects.count() == 1


def test_the_draft_is_checked_once_per_content(world, client):
    steps = camara_steps(world)
    original = CheckedByRulebook.check
    with mock.patch.object(CheckedByRulebook, "check", autospec=True, side_effect=original) as check:
        walk(client, BODY, steps[:-1])
        # quien, querellado, hechos, evidencia (continue): one check per step that was passed
        assert check.call_count == 4
        assert client.get(f"{STEP}/juramento/").status_code == 200  # the review: the same content
        assert client.get(f"{STEP}/juramento/").status_code == 200
        assert check.call_count == 4
        with mock.patch.object(ComplainantForm, "full_clean", autospec=True) as complainant_form:
            r = client.post(f"{STEP}/juramento/", steps[-1][1])
        assert r.status_code == 302 and Case.objects.count() == 1
        assert check.call_count == 5  # the oath and signature are new content: checked once
        assert complainant_form.call_count == 0  # step 1's values are those its form accepted


def test_a_changed_earlier_step_is_validated_again_on_submit(world, client):
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    drafts = drafts_of(client)
    drafts[f"filing:{BODY}"]["data"]["complainant_email"] = "no es un correo"  # not what its form accepted
    drafts.save()
    r = client.post(f"{STEP}/juramento/", steps[-1][1])
    assert r["Location"] == f"{STEP}/quien/?revisar=1" and not Case.objects.exists()


def test_the_register_is_kept_per_process_until_it_changes(world):
    today = clock.today()
    register_cache.bump()
    first = procedure_for(world.camara).register(today)
    assert world.respondent.pk in [o.person_id for o in first]
    with CaptureQueriesContext(connection) as queries:
        again = procedure_for(world.camara).register(today)  # another request: no query
    assert len(queries) == 0 and [o.pk for o in again] == [o.pk for o in first]
    # A new office holder (a save in this process): seen at once.
    newcomer = Person.objects.create(given_name="Nueva", family_name="Representante Ficticia")
    office = OfficeTerm.objects.create(
        person=newcomer, role="representative", title="Representante del Distrito 7", start=dt.date(2025, 1, 2)
    )
    assert office.pk in [o.pk for o in procedure_for(world.camara).register(today)]
    # An office that ended: gone.
    office.end = today - dt.timedelta(days=1)
    office.save()
    assert office.pk not in [o.pk for o in procedure_for(world.camara).register(today)]
    # A change made by another process: only the shared stamp moves; this process reads again.
    OfficeTerm.objects.filter(pk=office.pk).update(end=None)  # (no signal here: as if elsewhere)
    register_cache._write_stamp()
    with CaptureQueriesContext(connection) as queries:
        current = procedure_for(world.camara).register(today)
    assert len(queries) >= 1 and office.pk in [o.pk for o in current]


def test_the_respondent_step_lists_an_office_added_after_it_was_shown(world, client):
    steps = camara_steps(world)
    walk(client, BODY, steps[:1])
    assert "Distrito 9" not in client.get(f"{STEP}/querellado/").content.decode()
    newcomer = Person.objects.create(given_name="Otra", family_name="Legisladora Ficticia")
    OfficeTerm.objects.create(
        person=newcomer, role="representative", title="Representante del Distrito 9", start=dt.date(2025, 1, 2)
    )
    assert "Distrito 9" in client.get(f"{STEP}/querellado/").content.decode()


def test_the_refusal_is_translated_when_english_was_chosen(world, client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/querellas/"})
    walk(client, BODY, camara_steps(world)[:1])
    value = client.cookies[drafts_cookie()].value
    client.cookies[drafts_cookie()] = "A" + value[1:] if not value.startswith("A") else "B" + value[1:]
    r = client.get(f"{STEP}/querellado/")
    _refused(client, r, "was altered")


def test_a_draft_that_would_outgrow_its_bound_is_not_saved_and_says_so(world, client, monkeypatch):
    steps = camara_steps(world)
    walk(client, BODY, steps[:2])
    monkeypatch.setattr("ventila.filing.draft.MAX_DRAFT_BYTES", 3000)  # (1 MB in use: no form lets that much in)
    r = client.post(f"{STEP}/hechos/", {**steps[2][1], "facts": "Hechos. " * 500})
    assert r.status_code == 302 and r["Location"] == f"{STEP}/hechos/"
    page = client.get(r["Location"]).content.decode()
    assert "pasaría del tamaño máximo" in page and "Hechos. Hechos." not in page
    monkeypatch.undo()
    assert client.post(f"{STEP}/hechos/", steps[2][1]).status_code == 302  # within the bound: saved, next step


def test_a_draft_that_cannot_be_written_is_answered_with_a_message_not_a_500(world, client, monkeypatch):
    steps = camara_steps(world)
    walk(client, BODY, steps[:1])

    def full_disk(self, data):  # noqa: ARG001
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("pathlib.Path.write_bytes", full_disk)
    r = client.post(f"{STEP}/querellado/", steps[1][1])
    monkeypatch.undo()
    assert r.status_code == 302 and r["Location"] == f"{STEP}/querellado/"
    assert "No se pudo guardar lo último" in client.get(r["Location"]).content.decode()
