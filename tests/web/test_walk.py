"""The issue's "Done when", over HTTP: the demo secretary takes a complaint from docketing through
notice, answer, probable cause, hearing notice, hearing, roll-call vote and final report, and every
term moves as the docket grows. Dates are hand-computed (PR holidays 2027: Mar 2 American
Citizenship Day, Mar 22 Abolition Day, Mar 26 Good Friday)."""

from __future__ import annotations

import datetime as dt

import pytest
from factories import unanimous

from ventila.cases.models import Case, DocketEntry

pytestmark = pytest.mark.django_db


def signed_in(client, world, who="secretaria"):
    client.force_login(world.users[who])
    return client


def terms(case):
    return {d.deadline_id: d for d in Case.objects.get(pk=case.pk).deadlines.all()}


def post_act(client, number, act, data):
    return client.post(f"/expedientes/{number}/actos/{act}/", data)


def votes(world, yes):
    return {f"vote_{pk}": v for pk, v in unanimous(world, yes).items()}


def test_complaint_from_docketing_to_final_report(client, world, now):
    signed_in(client, world)

    # 1. Docket a complaint received in person (Sec. 20(4)).
    page = client.get("/expedientes/nuevo/etica-camara/complaint/")
    assert page.status_code == 200 and "Anotar" in page.content.decode()
    office = world.respondent.offices.get()
    r = client.post(
        "/expedientes/nuevo/etica-camara/complaint/",
        {
            "respondent_office": office.pk,
            "occurred_date": "2027-03-01",
            "occurred_time": "10:15",
            "knowledge_date": "2027-02-10",
            "facts_date": "2027-02-05",
            "channel": "in_person",
            "complainant_name": "Ana Ejemplo Ficticia",
            "complainant_address": "Calle 1, San Juan",
            "complainant_phone": "787-555-0100",
            "facts": "El Representante usó fondos públicos.",
            "provisions": "Sec. 10(i)",
            "sworn": "on",
            "personal_knowledge": "on",
        },
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    case = Case.objects.get()
    assert case.number == "CE-2027-0001"
    assert r["Location"] == "/expedientes/CE-2027-0001/"
    t = terms(case)
    # CAM-21B-01: 3 business days from Mon Mar 1, Tue Mar 2 being a holiday → Fri Mar 5.
    assert t["notify_respondent"].due == dt.date(2027, 3, 5) and t["notify_respondent"].status == "open"
    # CAM-20-06: 30 calendar days from Feb 10 → Fri Mar 12; met by the filing.
    assert t["file_complaint"].due == dt.date(2027, 3, 12) and t["file_complaint"].status == "met"
    page = client.get("/expedientes/CE-2027-0001/").content.decode()
    assert "¿Por qué esta fecha?" in page and "CAM-21B-01" in page and "Sec. 21(b)(1)" in page
    assert case.next_due == dt.date(2027, 3, 5)

    # 2. Notice served on Wed Mar 3: the answer term opens.
    now.set("2027-03-03 12:00")
    assert client.get("/expedientes/CE-2027-0001/actos/answer_filed/").status_code == 409
    r = post_act(client, "CE-2027-0001", "respondent_notified", {"occurred_date": "2027-03-03"})
    assert r.status_code == 302
    t = terms(case)
    assert t["notify_respondent"].status == "met"
    # CAM-21B-02: 15 business days from Mar 3, skipping Mon Mar 22 (Abolition Day) → Thu Mar 25.
    assert t["answer"].due == dt.date(2027, 3, 25)
    assert "Día de la Abolición" in t["answer"].trace_es() or "Abolición" in t["answer"].trace_es()
    case.refresh_from_db()
    assert case.stage == "awaiting_answer" and case.next_due == dt.date(2027, 3, 25)

    # 3. The answer is filed on Mon Mar 15: the 30-business-day examination runs from it.
    now.set("2027-03-15 09:00")
    r = post_act(client, "CE-2027-0001", "answer_filed", {"occurred_date": "2027-03-15"})
    assert r.status_code == 302
    t = terms(case)
    assert t["answer"].status == "met"
    # CAM-21C-01: 30 bd after Mar 15, skipping Mar 22 and Mar 26 (Good Friday) → Wed Apr 28.
    assert t["examine"].due == dt.date(2027, 4, 28)

    # 4. Probable cause, by roll call: 3 yes votes do not carry (Sec. 6: 4 of 7); 5 do.
    now.set("2027-03-30 15:00")
    page = client.get("/expedientes/CE-2027-0001/actos/determination_made/").content.decode()
    assert "Votación nominal" in page
    data = {"occurred_date": "2027-03-30", "outcome": "probable_cause", **votes(world, 3)}
    r = post_act(client, "CE-2027-0001", "determination_made", data)
    assert r.status_code == 409
    body = r.content.decode()
    assert "No puede registrarse como aprobada" in body and "se requieren 4" in body
    assert 'value="probable_cause" checked' in body or "checked" in body
    assert not DocketEntry.objects.filter(event_type="determination_made").exists()
    r = post_act(client, "CE-2027-0001", "determination_made", {**data, **votes(world, 5)})
    assert r.status_code == 302
    entry = DocketEntry.objects.get(event_type="determination_made")
    assert entry.roll_call.carried and entry.roll_call.yes == 5 and entry.roll_call.required == 4
    assert entry.roll_call.ballots.count() == 7
    t = terms(case)
    assert t["examine"].status == "met"
    # CAM-21C-04: 3 bd after Tue Mar 30 → Fri Apr 2.
    assert t["notify_determination"].due == dt.date(2027, 4, 2)
    case.refresh_from_db()
    assert case.stage == "probable_cause"
    now.set("2027-03-31 12:00")
    assert (
        post_act(client, "CE-2027-0001", "determination_notified", {"occurred_date": "2027-03-31"}).status_code == 302
    )

    # 5. Hearing notice: 10 business days at least for the initial hearing (CAM-21C-06).
    now.set("2027-04-01 10:00")
    data = {"occurred_date": "2027-04-01", "hearing_date": "2027-04-09T10:00"}
    r = post_act(client, "CE-2027-0001", "hearing_noticed", data)
    assert r.status_code == 200
    body = r.content.decode()
    assert "Notificación insuficiente" in body and "15 de abril de 2027" in body
    assert 'value="2027-04-09T10:00"' in body  # keeps what was typed
    assert not DocketEntry.objects.filter(event_type="hearing_noticed").exists()
    r = post_act(client, "CE-2027-0001", "hearing_noticed", {**data, "hearing_date": "2027-04-15T10:00"})
    assert r.status_code == 302
    case.refresh_from_db()
    assert case.stage == "hearing_scheduled"

    # 6. Hearing held, hearing concluded: 45 calendar days to resolve (Sec. 22).
    now.set("2027-04-22 16:00")
    assert post_act(client, "CE-2027-0001", "hearing_held", {"occurred_date": "2027-04-15"}).status_code == 302
    assert (
        post_act(
            client, "CE-2027-0001", "witness_summoned", {"occurred_date": "2027-04-16", "witness": "Testigo Ficticio"}
        ).status_code
        == 302
    )
    assert (
        post_act(client, "CE-2027-0001", "evidentiary_hearing_concluded", {"occurred_date": "2027-04-22"}).status_code
        == 302
    )
    t = terms(case)
    # CAM-22-01: Apr 22 + 45 days = Sun Jun 6 → Mon Jun 7 (roll-forward).
    assert t["resolve"].due == dt.date(2027, 6, 7)
    assert case.__class__.objects.get(pk=case.pk).next_due == dt.date(2027, 6, 7)

    # 7. Final report by roll call (Sec. 25, absolute majority).
    now.set("2027-05-10 11:00")
    r = post_act(
        client,
        "CE-2027-0001",
        "resolved",
        {
            "occurred_date": "2027-05-10",
            "outcome": "charges_proven",
            "report_findings": "Se probó el uso indebido de fondos.",
            "recommendation": "Multa de $1,000.",
            **votes(world, 4),
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    t = terms(case)
    assert t["resolve"].status == "met"
    assert t["refer_final_report"].due == dt.date(2027, 5, 10)  # CAM-25-05: immediately

    # 8. Referral to the House (Sec. 25 for a Representative) — the Speaker is the wrong route.
    r = post_act(client, "CE-2027-0001", "report_referred", {"occurred_date": "2027-05-10", "to": "speaker"})
    assert r.status_code == 200 and "Sec. 25" in r.content.decode()
    assert (
        post_act(client, "CE-2027-0001", "report_referred", {"occurred_date": "2027-05-10", "to": "house"}).status_code
        == 302
    )

    # 9. The House decides: a fine outside $250–$5,000 is refused (Sec. 26(a)(4)); within, recorded.
    now.set("2027-05-20 11:00")
    r = post_act(
        client,
        "CE-2027-0001",
        "sanction_decided",
        {"occurred_date": "2027-05-20", "sanctions": ["fine"], "fine_amount": "6000"},
    )
    assert r.status_code == 200 and "fuera del rango" in r.content.decode()
    assert 'value="6000"' in r.content.decode()
    r = post_act(
        client,
        "CE-2027-0001",
        "sanction_decided",
        {"occurred_date": "2027-05-20", "sanctions": ["expulsion", "fine"], "fine_amount": "1000"},
    )
    assert r.status_code == 302
    now.set("2027-05-21 10:00")
    assert post_act(client, "CE-2027-0001", "case_closed", {"occurred_date": "2027-05-21"}).status_code == 302
    case.refresh_from_db()
    assert case.stage == "closed" and case.status == "closed" and case.next_due is None
    assert DocketEntry.objects.filter(case=case).count() == 13
