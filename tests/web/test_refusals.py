"""Bad input and refusals: a clear Spanish message beside the field, what was typed kept, nothing
written; an act the rulebook does not allow now refused with the reason."""

from __future__ import annotations

import pytest
from factories import file_complaint, record, unanimous

from ventila.cases.models import Case, CaseCounter, DocketEntry

from .helpers import recuse

pytestmark = pytest.mark.django_db


@pytest.fixture
def secretary(client, world):
    client.force_login(world.users["secretaria"])
    return client


def entries(case):
    return DocketEntry.objects.filter(case=case).count()


def test_act_not_allowed_now_is_refused_with_the_reason(secretary, world, now):
    case = file_complaint(world)
    r = secretary.get(f"/expedientes/{case.number}/actos/answer_filed/")
    assert r.status_code == 409
    body = r.content.decode()
    assert "El reglamento no permite «Contestación presentada» ahora" in body
    assert "Presentada" in body and "Notificación recibida por la parte querellada" in body
    r = secretary.post(f"/expedientes/{case.number}/actos/answer_filed/", {"occurred_date": "2027-03-01"})
    assert r.status_code == 409 and entries(case) == 1
    # Only the acts allowed now are offered on the case page.
    page = secretary.get(f"/expedientes/{case.number}/").content.decode()
    assert f"/expedientes/{case.number}/actos/respondent_notified/" in page
    assert f"/expedientes/{case.number}/actos/answer_filed/" not in page
    # An act that is not in the rulebook at all does not exist.
    assert secretary.get(f"/expedientes/{case.number}/actos/no_such_act/").status_code == 404


def test_act_dated_when_the_rulebook_did_not_allow_it(secretary, world, now):
    """Default (Sec. 21(b)(4)(4)) is offered only once the answer term has run out, and only dated after it."""
    case = file_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    assert "default_declared" not in Case.objects.get(pk=case.pk).allowed_next
    now.set("2027-03-29 09:00")  # the answer term (due Thu Mar 25) has run out
    page = secretary.get(f"/expedientes/{case.number}/").content.decode()
    assert "actos/default_declared/" in page
    r = secretary.post(f"/expedientes/{case.number}/actos/default_declared/", {"occurred_date": "2027-03-24"})
    assert r.status_code == 409
    assert "El reglamento no permite «Rebeldía declarada» el miércoles, 24 de marzo de 2027" in r.content.decode()
    assert entries(case) == 2
    r = secretary.post(f"/expedientes/{case.number}/actos/default_declared/", {"occurred_date": "2027-03-29"})
    assert r.status_code == 302 and entries(case) == 3


def test_filing_with_bad_input_keeps_what_was_typed_and_writes_nothing(secretary, world):
    office = world.respondent.offices.get()
    data = {
        "respondent_office": office.pk,
        "occurred_date": "2027-02-30",
        "knowledge_date": "ayer",
        "channel": "in_person",
        "complainant_name": "Ana Ejemplo Ficticia",
        "complainant_phone": "",
        "facts": "Hechos escritos con cuidado.",
        "provisions": "Sec. 10(j)",
    }
    r = secretary.post("/expedientes/nuevo/etica-camara/complaint/", data)
    assert r.status_code == 200
    body = r.content.decode()
    assert "No se abrió el expediente: revise lo siguiente" in body and "<title>Error: " in body
    assert 'id="id_occurred_date_error"' in body and "Introduzca una fecha válida" in body
    assert 'id="id_knowledge_date_error"' in body
    assert "La querella debe estar jurada bajo apercibimiento de perjurio" in body
    assert 'aria-invalid="true"' in body
    assert "Hechos escritos con cuidado." in body and 'value="Ana Ejemplo Ficticia"' in body
    assert 'value="2027-02-30"' in body and 'value="ayer"' in body
    assert Case.objects.count() == 0 and CaseCounter.objects.filter(last__gt=0).count() == 0


def test_complaint_cannot_be_dated_in_the_future(secretary, world):
    office = world.respondent.offices.get()
    r = secretary.post(
        "/expedientes/nuevo/etica-camara/complaint/",
        {
            "respondent_office": office.pk,
            "occurred_date": "2027-03-02",
            "knowledge_date": "2027-02-10",
            "channel": "email",
            "complainant_name": "Ana",
            "complainant_email": "ana@example.org",
            "complainant_phone": "787",
            "facts": "x",
            "provisions": "y",
            "sworn": "on",
            "personal_knowledge": "on",
        },
    )
    assert r.status_code == 200 and "no puede ser posterior a hoy" in r.content.decode()
    assert Case.objects.count() == 0


def test_dismissal_needs_its_grounds_and_probable_cause_has_none(secretary, world, now):
    case = file_complaint(world)
    now.set("2027-03-15 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "answer_filed", "2027-03-15")
    votes = {f"vote_{pk}": v for pk, v in unanimous(world).items()}
    url = f"/expedientes/{case.number}/actos/determination_made/"
    r = secretary.post(url, {"occurred_date": "2027-03-15", "outcome": "dismissed", **votes})
    assert r.status_code == 200 and 'id="id_grounds_error"' in r.content.decode()
    r = secretary.post(
        url, {"occurred_date": "2027-03-15", "outcome": "probable_cause", "grounds": ["frivolous"], **votes}
    )
    assert r.status_code == 200 and "no aplican a una determinación de causa probable" in r.content.decode()
    # The grounds offered are the six of Sec. 21(c)(2), in Spanish.
    page = secretary.get(url).content.decode()
    assert "Querella evidentemente frívola" in page and "Prescripción" in page
    # A missing vote is named beside its member.
    partial = dict(votes)
    missing = world.members[2]
    partial.pop(f"vote_{missing.pk}")
    r = secretary.post(
        url, {"occurred_date": "2027-03-15", "outcome": "dismissed", "grounds": ["frivolous"], **partial}
    )
    assert r.status_code == 200 and f'Indique el voto de <span translate="no">{missing}</span>' in r.content.decode()
    assert entries(case) == 3
    r = secretary.post(url, {"occurred_date": "2027-03-15", "outcome": "dismissed", "grounds": ["frivolous"], **votes})
    assert r.status_code == 302
    assert Case.objects.get(pk=case.pk).stage == "dismissed"


def test_extension_over_the_maximum_is_refused_beside_the_field(secretary, world, now):
    case = file_complaint(world)
    now.set("2027-03-10 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "extension_requested", "2027-03-08", reasons="Necesito documentos.")
    r = secretary.post(
        f"/expedientes/{case.number}/actos/extension_granted/", {"occurred_date": "2027-03-10", "business_days": "16"}
    )
    assert r.status_code == 200
    body = r.content.decode()
    assert 'id="id_business_days_error"' in body and "el máximo es 15" in body and 'value="16"' in body
    assert entries(case) == 3
    r = secretary.post(
        f"/expedientes/{case.number}/actos/extension_granted/", {"occurred_date": "2027-03-10", "business_days": "10"}
    )
    assert r.status_code == 302
    # Hand-computed: the answer term (Thu Mar 25) plus 10 business days (Good Friday Mar 26 skipped) → Fri Apr 9.
    import datetime as dt

    assert Case.objects.get(pk=case.pk).deadlines.get(deadline_id="answer").due == dt.date(2027, 4, 9)


def test_recused_member_leaves_the_roll_call(secretary, world, now):
    case = file_complaint(world)
    now.set("2027-03-15 12:00")
    recused = world.members[3]
    recuse(world, case, recused)  # Sec. 9 ¶4: he does not vote
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "answer_filed", "2027-03-15")
    page = secretary.get(f"/expedientes/{case.number}/actos/determination_made/").content.decode()
    assert f'name="vote_{recused.pk}"' not in page
    assert f'name="vote_{world.members[0].pk}"' in page
    # Sec. 9 ¶3: the granted recusal asks the Speaker for a substitute at once (CAM-09-07).
    assert case.deadlines.filter(deadline_id="request_substitute").exists()
