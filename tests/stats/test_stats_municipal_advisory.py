"""Two figures counted by hand on small dockets of their own (SQLite and PostgreSQL): the municipal
dismissals with prejudice (MUN-DEC-04) and the advisory opinions with their timeliness (CAM-19D-01).

Municipal (a mayor): two complaints of Mon 1 Mar 2027, both notified Wed 3 Mar and answered Mon 15 Mar.
M1 is dismissed by resolution on Sat 20 Mar (MUN-STU-02: a dismissal without prejudice). M2 goes to a
hearing (noticed 5 Apr, held 20 Apr); the associate commissioner reports on Mon 3 May, so the decision is
due Tue 18 May (MUN-DEC-02, 15 days, fatal); none comes, and the daily sweep of Wed 19 May records the
dismissal with prejudice (MUN-DEC-04). So: one dismissal with prejudice, one without.

Advisory (requests of Mon 1 Mar 2027: the opinion is due Thu 15 Apr 2027, 30 business days, CAM-19D-01):
O1 is issued on Thu 1 Apr (met); O2 is never issued (missed on 16 Apr, read on 30 Apr). Asked 2, met 1,
missed 1 — the CAM-19D-01 terms only (the CAM-19C checks of the request are not terms)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from factories import record
from web.helpers import ASSEMBLY, open_municipal_complaint, ponce_mayor

pytestmark = pytest.mark.django_db


def test_mun_dec_04_municipal_dismissals_with_prejudice_counted_apart_from_mun_stu_02(world, now):
    from ventila import clock
    from ventila.stats import queries

    mayor = ponce_mayor()
    sec = Client()
    now.set("2027-03-01 12:00")
    m1 = open_municipal_complaint(sec, world, mayor, **ASSEMBLY)
    m2 = open_municipal_complaint(sec, world, mayor, **ASSEMBLY)
    now.set("2027-03-20 12:00")

    def act(case, name, **data):  # the municipal acts as tests/procedures/test_municipal.py records them
        r = sec.post(f"/expedientes/{case.number}/actos/{name}/", data)
        assert r.status_code == 302, r.content.decode()[:3000]

    for case in (m1, m2):
        act(case, "respondent_notified", occurred_date="2027-03-03", certified_copy="on")
        act(case, "answer_filed", occurred_date="2027-03-15")
    votes = {f"vote_{p.pk}": ("yes" if i < 2 else "no") for i, p in enumerate(world.municipal_members)}
    act(m1, "dismissed", occurred_date="2027-03-20", resolution_findings="No se probó el uso de fondos.",
        resolution_conclusions="No hay violación de ley.", **votes)  # fmt: skip
    now.set("2027-04-05 12:00")
    act(m2, "hearing_noticed", occurred_date="2027-04-05", hearing_date="2027-04-20T10:00", public="on",
        recipients=["respondent", "complainant"])  # fmt: skip
    now.set("2027-04-20 15:00")
    act(m2, "hearing_concluded", occurred_date="2027-04-20", before="commissioner")
    now.set("2027-05-03 12:00")
    act(m2, "commissioner_report_filed", occurred_date="2027-05-03", findings_of_fact="on", evidence_summary="on",
        conclusions_of_law="on")  # fmt: skip
    m2.refresh_from_db()
    assert m2.deadlines.get(deadline_id="decide").due.isoformat() == "2027-05-18"  # MUN-DEC-02
    now.set("2027-05-19 06:00")
    out = StringIO()
    call_command("sweep_compulsory_terms", stdout=out)
    assert "Desestimaciones con perjuicio anotadas: 1." in out.getvalue()
    now.set("2027-05-31 12:00")
    queries.refresh(world.municipal, clock.now())
    s = queries.compute(world.municipal, queries.Period.year(2027))
    assert s.with_prejudice == 1
    # The dismissal by resolution (M1) is the one without prejudice: a dismissal without grounds listed.
    assert s.dismissals == [{"value": "", "n": 1}]
    assert queries.with_prejudice(world.municipal, queries.Period.year(2026)) == 0
    assert queries.with_prejudice(world.camara, queries.Period.year(2027)) == 0  # per body


URL = "/expedientes/asunto/etica-camara/advisory_opinion/"


def _advisory_request(client, world):
    from ventila.cases.models import Case

    data = {
        "acto": "opinion_requested",
        "person_office": world.respondent.offices.get().pk,
        "occurred_date": "2027-03-01",
        "facts": "Aceptar una invitación a dar una charla sin paga en una escuela de su distrito.",
        "facts_date": "2027-06-01",
        "detailed": "on",
    }
    assert client.post(URL, data).status_code == 200
    r = client.post(URL, {**data, "paso": "confirmar"})
    assert r.status_code == 302, r.content.decode()[:3000]
    return Case.objects.get(number=r["Location"].strip("/").split("/")[-1])


def test_cam_19d_01_advisory_opinions_asked_met_and_missed(world, now, settings, tmp_path):
    from factories import unanimous

    from ventila import clock
    from ventila.stats import queries

    settings.MEDIA_ROOT = tmp_path / "media"
    client = Client()
    client.force_login(world.users["secretaria"])
    now.set("2027-03-01 12:00")
    o1 = _advisory_request(client, world)
    o2 = _advisory_request(client, world)
    assert o1.deadlines.get(deadline_id="issue_opinion").due.isoformat() == "2027-04-15"  # CAM-19D-01
    now.set("2027-04-01 12:00")
    record(world, o1, "opinion_issued", "2027-04-01", opinion_text="La charla es compatible.",
           ballots=unanimous(world, 4))  # fmt: skip
    now.set("2027-04-10 12:00")
    queries.refresh(world.camara, clock.now())
    assert queries.advisory(world.camara, queries.Period.year(2027)) == {"asked": 2, "met": 1, "missed": 0}
    now.set("2027-04-30 12:00")
    queries.refresh(world.camara, clock.now())
    s = queries.compute(world.camara, queries.Period.year(2027))
    assert s.advisory == {"asked": 2, "met": 1, "missed": 1}
    assert o2.deadlines.get(deadline_id="issue_opinion").status == "missed"
    assert queries.advisory(world.camara, queries.Period.year(2026)) == {"asked": 0, "met": 0, "missed": 0}
    assert queries.advisory(world.municipal, queries.Period.year(2027)) == {"asked": 0, "met": 0, "missed": 0}
