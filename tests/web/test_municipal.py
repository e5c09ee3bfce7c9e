"""The municipal Commission through the same UI: a complaint against a mayor, its answer, and a
decision that needs the Commission's quorum and two votes (MUN-QUO-01)."""

from __future__ import annotations

import pytest
from factories import file_complaint

from ventila.cases.labels import confidentiality_notice
from ventila.cases.models import DocketEntry

from .helpers import open_municipal_complaint, ponce_mayor

pytestmark = [pytest.mark.django_db]


def test_complaint_against_a_mayor_with_a_two_vote_decision(client, world, now):
    mayor = ponce_mayor()
    client.force_login(world.users["secretaria_municipal"])
    page = client.get("/expedientes/nuevo/querellas-municipales/complaint/").content.decode()
    assert "Alcalde de Ponce" in page and "Representante" not in page.split("respondent_office")[1][:2000]
    case = open_municipal_complaint(client, world, mayor)
    assert case.number == "CVQM-2027-0001" and case.respondent_role == "mayor"
    # The municipal Commission's staff never sees the House's cases, nor the reverse.
    client.force_login(world.users["secretaria"])
    assert client.get(f"/expedientes/{case.number}/").status_code == 404
    client.force_login(world.users["secretaria_municipal"])
    now.set("2027-03-15 12:00")
    for act, day in (("respondent_notified", "2027-03-03"), ("answer_filed", "2027-03-10")):
        assert client.post(f"/expedientes/{case.number}/actos/{act}/", {"occurred_date": day}).status_code == 302
    now.set("2027-04-30 12:00")
    r = client.post(
        f"/expedientes/{case.number}/actos/hearing_noticed/",
        {"occurred_date": "2027-03-15", "hearing_date": "2027-04-20T10:00"},
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    assert (
        client.post(
            f"/expedientes/{case.number}/actos/hearing_concluded/", {"occurred_date": "2027-04-20", "before": "full"}
        ).status_code
        == 302
    )
    url = f"/expedientes/{case.number}/actos/decision_issued/"
    members = world.municipal_members
    one_yes = {f"vote_{members[0].pk}": "yes", f"vote_{members[1].pk}": "no", f"vote_{members[2].pk}": "absent"}
    r = client.post(url, {"occurred_date": "2027-04-30", "outcome": "admonition", **one_yes})
    assert r.status_code == 409 and "se requieren 2" in r.content.decode()
    assert not DocketEntry.objects.filter(case=case, event_type="decision_issued").exists()
    two_yes = {**one_yes, f"vote_{members[1].pk}": "yes"}
    r = client.post(url, {"occurred_date": "2027-04-30", "outcome": "admonition", **two_yes})
    assert r.status_code == 302
    entry = DocketEntry.objects.get(case=case, event_type="decision_issued")
    assert entry.roll_call.carried and entry.roll_call.rule_id == "MUN-QUO-01"


def test_each_body_speaks_its_own_law_on_the_case_page_and_in_its_mail(client, world, now):
    """A municipal case never cites the House Code's confidentiality (Secs. 5(5), 21(d), CAM-05-02): its
    law states none, so the page states ventila's own restriction; a House case cites the Code."""
    case = open_municipal_complaint(client, world)
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    assert "Acceso restringido: solo lo ven las personas autorizadas en este expediente." in page
    assert "5(5)" not in page and "Código de Ética" not in page
    assert "Código de Ética" not in confidentiality_notice("municipal")
    house = file_complaint(world)
    client.force_login(world.users["secretaria"])
    page = client.get(f"/expedientes/{house.number}/").content.decode()
    assert "Confidencial hasta la resolución final (Secs. 5(5) y 21(d) del Código de Ética)." in page
