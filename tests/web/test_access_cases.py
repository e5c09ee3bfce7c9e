"""Who sees what, case by case (Sec. 5(5), 21(d)): the follow-up key, the Speaker's office, the calendar, the
public record. The walk of every URL with every role is ``test_access.py``."""

from __future__ import annotations

import pytest
from factories import file_complaint, record, unanimous

from .helpers import dismiss
from .test_access import ROLES, SEE, _expect, _online_evidence

pytestmark = pytest.mark.django_db


def test_the_follow_up_key_opens_only_its_own_case(world, now):
    from django.test import Client

    case = file_complaint(world)
    evidence = _online_evidence(case)
    c = Client()
    assert c.get(f"/querellas/seguimiento/{case.number}/").status_code == 404
    assert c.post("/querellas/seguimiento/", {"key": "clave-de-prueba"}).status_code == 302
    assert c.get(f"/querellas/seguimiento/{case.number}/").status_code == 200
    assert (
        c.get(f"/querellas/expedientes/{case.number}/evidencia/{evidence.pk}/").status_code == 302
    )  # staff only: sign in


def test_speakers_office_sees_only_reports_referred_to_it(world, now):
    from django.test import Client

    from ventila.bodies.models import OfficeTerm

    head = world.respondent
    OfficeTerm.objects.filter(person=head).update(role="department_head", title="Director de Finanzas")
    case = file_complaint(world)
    case.respondent_role = "department_head"
    case.save(update_fields=["respondent_role"])
    speaker = Client()
    speaker.force_login(world.users["presidencia_camara"])
    steps = [
        ("2027-03-03", "respondent_notified", {}, None),
        ("2027-03-10", "answer_filed", {}, None),
        ("2027-03-30", "determination_made", {"outcome": "probable_cause"}, True),
        ("2027-04-01", "hearing_noticed", {"hearing_date": "2027-04-15T10:00"}, None),
        ("2027-04-15", "hearing_held", {}, None),
        ("2027-04-16", "evidentiary_hearing_concluded", {}, None),
        ("2027-04-30", "resolved", {"outcome": "charges_proven"}, True),
    ]
    for day, act, payload, voted in steps:
        now.set(day + " 18:00")
        record(world, case, act, day, ballots=unanimous(world) if voted else None, **payload)
    assert speaker.get(f"/expedientes/{case.number}/").status_code == 404
    record(world, case, "report_referred", "2027-04-30", to="speaker")
    assert speaker.get(f"/expedientes/{case.number}/").status_code == 200
    # It records the Speaker's decision (Sec. 26(c)), with the sanctions a department head admits.
    page = speaker.get(f"/expedientes/{case.number}/actos/sanction_decided/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "Reprimenda escrita" in body and "Multa" not in body and "Expulsión" not in body
    assert speaker.get(f"/expedientes/{case.number}/actos/case_closed/").status_code == 403
    r = speaker.post(
        f"/expedientes/{case.number}/actos/sanction_decided/",
        {"occurred_date": "2027-04-30", "sanctions": ["written_reprimand"]},
    )
    assert r.status_code == 302


def test_calendar_changes_are_the_staffs(world, now):
    from django.test import Client

    from ventila.bodies.models import Closure

    for role in [r for r in ROLES if r in world.users or r == "anonymous"]:
        closure = Closure.objects.create(body=world.camara, day="2027-03-04", reason="Huracán")
        c = Client()
        if role != "anonymous":
            c.force_login(world.users[role])
        r = c.post(f"/cuerpos/etica-camara/calendario/cierres/{closure.pk}/eliminar/", {"reason": "Anotado por error"})
        allowed = role in ("secretaria", "personal", "admin")
        assert r.status_code == (302 if allowed or role == "anonymous" else 404), role
        assert Closure.objects.filter(pk=closure.pk).exists() == (not allowed), role
        Closure.objects.filter(pk=closure.pk).delete()
        r = c.post("/cuerpos/etica-camara/calendario/", {"form": "closure", "day": "2027-03-05", "reason": "x"})
        assert Closure.objects.filter(day="2027-03-05").exists() == allowed, role
        Closure.objects.filter(day="2027-03-05").delete()


def test_the_public_record_shows_a_final_case_to_every_role_and_nothing_more(world, now):
    """Issue 17 (CAM-21D-01): once closed, the case's public record is everyone's — and only it: the
    case page, its docket and its issued PDF stay behind the same doors as before."""
    from django.test import Client

    case = file_complaint(world)
    now.set("2027-03-20 12:00")
    record(world, case, "respondent_notified", "2027-03-02")
    record(world, case, "answer_filed", "2027-03-10")
    dismiss(world, case)
    record(world, case, "determination_notified", "2027-03-16")
    record(world, case, "case_closed", "2027-03-17")
    n = case.number
    urls = {
        f"/registro-publico/etica-camara/{n}/": dict.fromkeys(ROLES, 200),
        f"/registro-publico/querellas-municipales/{n}/": dict.fromkeys(ROLES, 404),  # not that body's
        f"/expedientes/{n}/": _expect(**SEE),
    }
    wrong = []
    for role in [r for r in ROLES if r in world.users or r == "anonymous"]:  # the roles this world has
        c = Client()
        if role != "anonymous":
            c.force_login(world.users[role])
        for url, expected in urls.items():
            if (got := c.get(url).status_code) != expected[role]:
                wrong.append(f"{role} {url}: {got} (expected {expected[role]})")
    assert wrong == []
