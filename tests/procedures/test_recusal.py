"""Recusal and substitutes (Secs. 8–9) through the UI: the request with written reasons and a kinship
check, the roll call without the challenged member, the loss of access at once, the 2-day notice of a
denial, and the substitute who sits, sees and votes on that one case only."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from factories import file_complaint, make_person, make_user, record

from ventila.cases.actions import ActRefused
from ventila.cases.models import Case, CaseExclusion, DocketEntry

pytestmark = pytest.mark.django_db


def _client(user):
    c = Client()
    c.force_login(user)
    return c


def _votes(world, yes, *, without=(), no=0):
    voters = [p for p in world.members if p.pk not in without]
    return {f"vote_{p.pk}": ("yes" if i < yes else "no" if i < yes + no else "abstain") for i, p in enumerate(voters)}


def test_own_motion_recusal_needs_written_reasons_and_checks_kinship(world, now):
    case = file_complaint(world)
    now.set("2027-03-02 12:00")
    sec = _client(world.users["secretaria"])
    member = world.members[3]
    url = f"/expedientes/{case.number}/actos/recusal_requested/"
    page = sec.get(url).content.decode()
    assert "Fundamentos por escrito" in page and "primo hermano o prima hermana" in page
    # No written reasons: refused beside the field, nothing typed is lost.
    kinship = {"occurred_date": "2027-03-02", "member": member.pk, "by": "member", "grounds": ["kinship"]}
    r = sec.post(
        url, {**kinship, "kinship_relation": "parent+parent+sibling+child+child", "kinship_with": "respondent"}
    )
    body = r.content.decode()
    assert r.status_code == 200
    assert "Escriba los fundamentos de la inhibición" in body
    # CAM-09-03: a second cousin is the 6th degree — not the Sec. 9(c) ground.
    assert "sexto grado de consanguinidad" in body and "no está dentro del cuarto grado" in body
    assert not DocketEntry.objects.filter(case=case, event_type="recusal_requested").exists()
    r = sec.post(
        url,
        {
            **kinship,
            "kinship_relation": "parent+sibling+child",
            "kinship_with": "respondent",
            "recusal_reasons": "Es primo hermano del querellado.",
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    entry = DocketEntry.objects.get(case=case, event_type="recusal_requested")
    assert entry.payload == {"member": str(member.pk), "by": "member", "grounds": ["kinship"]}
    assert entry.details["recusal_reasons"] == "Es primo hermano del querellado."
    assert "cuarto grado de consanguinidad" in entry.details["kinship_check"]
    assert "CAM-09-03" in entry.details["kinship_check"]


def test_granted_recusal_is_voted_without_the_member_and_removes_access_at_once(world, now):
    recused = world.members[4]  # the "comisionado" user's seat
    case = file_complaint(world)
    now.set("2027-03-02 12:00")
    commissioner = _client(world.users["comisionado"])
    assert commissioner.get(f"/expedientes/{case.number}/").status_code == 200
    record(
        world,
        case,
        "recusal_requested",
        "2027-03-02",
        member=str(recused.pk),
        by="member",
        details={"recusal_reasons": "Fue asesor del querellado."},
    )
    sec = _client(world.users["secretaria"])
    url = f"/expedientes/{case.number}/actos/recusal_decided/"
    page = sec.get(url).content.decode()
    # Sec. 9 ¶4: the member whose recusal is decided is not in the roll call.
    assert f'name="vote_{recused.pk}"' not in page and f'name="vote_{world.members[0].pk}"' in page
    # A roll call that counts his own vote is refused by the action itself.
    everyone = {p.pk: "yes" for p in world.members}
    with pytest.raises(ActRefused, match="no vota sobre su propia inhibición"):
        record(world, case, "recusal_decided", "2027-03-02", member=str(recused.pk), granted=True, ballots=everyone)
    # 3 of the 6 others are not a majority: the base is 7 seats less the challenged member → 4 yes (CAM-09-05).
    r = sec.post(
        url,
        {
            "occurred_date": "2027-03-02",
            "member": recused.pk,
            "granted": "1",
            **_votes(world, 3, without=(recused.pk,), no=3),
        },
    )
    assert r.status_code == 409 and "se requieren 4" in r.content.decode()
    r = sec.post(
        url,
        {
            "occurred_date": "2027-03-02",
            "member": recused.pk,
            "granted": "1",
            **_votes(world, 4, without=(recused.pk,)),
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    rc = DocketEntry.objects.get(case=case, event_type="recusal_decided").roll_call
    assert rc.rule_id == "CAM-09-05" and rc.carried and rc.required == 4
    assert rc.ballots.count() == 6 and not rc.ballots.filter(person=recused).exists()
    # At once: the recused member no longer sees the case (404, as if it did not exist), nor in the queue.
    assert commissioner.get(f"/expedientes/{case.number}/").status_code == 404
    assert case.number not in commissioner.get("/expedientes/").content.decode()
    assert CaseExclusion.objects.get(case=case, person=recused).reason == "recused"
    # Sec. 9 ¶3: the Speaker is asked for a substitute at once (CAM-09-07).
    d = Case.objects.get(pk=case.pk).deadlines.get(deadline_id="request_substitute")
    assert d.rule_id == "CAM-09-07" and d.due == dt.date(2027, 3, 2)
    # Nor does he vote on the case any more.
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-16 12:00")
    record(world, case, "answer_filed", "2027-03-15")
    page = sec.get(f"/expedientes/{case.number}/actos/determination_made/").content.decode()
    assert f'name="vote_{recused.pk}"' not in page


def test_party_recusal_denied_is_notified_within_two_calendar_days(world, now):
    member = world.members[2]
    case = file_complaint(world)
    now.set("2027-03-05 12:00")
    record(
        world,
        case,
        "recusal_requested",
        "2027-03-04",
        member=str(member.pk),
        by="party",
        grounds=["bias"],
        details={"recusal_reasons": "Expresiones públicas sobre el caso."},
    )
    sec = _client(world.users["secretaria"])
    # Denied: the roll call must not carry the motion (CAM-09-06: the Commission decides without him).
    r = sec.post(
        f"/expedientes/{case.number}/actos/recusal_decided/",
        {
            "occurred_date": "2027-03-05",
            "member": member.pk,
            "granted": "0",
            **_votes(world, 1, without=(member.pk,), no=5),
        },
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    rc = DocketEntry.objects.get(case=case, event_type="recusal_decided").roll_call
    assert rc.rule_id == "CAM-09-06" and not rc.carried
    assert "sin 1 miembro(s) cuya inhibición se resuelve" in rc.explanation
    case = Case.objects.get(pk=case.pk)
    d = case.deadlines.get(deadline_id="notify_recusal_denial")
    # Decided Fri Mar 5 2027 + 2 calendar days = Sun Mar 7, counted literally; the last day, a Sunday,
    # rolls forward to Mon Mar 8 (CAM-09-08; decisions 1 and 2).
    assert (d.rule_id, d.due) == ("CAM-09-08", dt.date(2027, 3, 8))
    assert "recusal_denial_notified" in case.allowed_next
    assert not CaseExclusion.objects.filter(case=case, person=member).exists()
    # A roll call that carried cannot be recorded as a denial.
    now.set("2027-03-08 12:00")
    record(
        world, case, "recusal_requested", "2027-03-08", member=str(world.members[1].pk), by="party", grounds=["bias"]
    )
    r = sec.post(
        f"/expedientes/{case.number}/actos/recusal_decided/",
        {
            "occurred_date": "2027-03-08",
            "member": world.members[1].pk,
            "granted": "0",
            **_votes(world, 6, without=(world.members[1].pk,)),
        },
    )
    assert r.status_code == 409 and "No puede registrarse como denegada" in r.content.decode(), re.sub(
        r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode())
    )[:3000]


def test_complaint_against_a_member_and_the_substitute_who_sits_on_that_case_only(world, now):
    member = world.members[5]
    case = file_complaint(world, respondent=member)
    other = file_complaint(world)
    substitute = make_person("Sustituta", "Pro Tempore Ficticia", title="Representante del Distrito 33")
    sub_user = make_user("sustituta", person=substitute)
    sec = _client(world.users["secretaria"])
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    # Sec. 8 (CAM-08-01): a member who is the respondent → ask the Speaker for a substitute.
    assert "CAM-08-01" in page and "pedir al Presidente de la Cámara un sustituto" in page
    sub_client = _client(sub_user)
    assert sub_client.get(f"/expedientes/{case.number}/").status_code == 404
    now.set("2027-03-02 12:00")
    r = sec.post(
        f"/expedientes/{case.number}/actos/substitute_requested/", {"occurred_date": "2027-03-02", "member": member.pk}
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    assert "CAM-08-01" not in sec.get(f"/expedientes/{case.number}/").content.decode()
    form = sec.get(f"/expedientes/{case.number}/actos/substitute_appointed/").content.decode()
    assert "Sustituta Pro Tempore Ficticia" in form
    r = sec.post(
        f"/expedientes/{case.number}/actos/substitute_appointed/",
        {"occurred_date": "2027-03-02", "member": member.pk, "substitute": substitute.pk},
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    # The substitute sees this case — and only this one (signing in again: she now needs the second factor).
    sub_client = _client(sub_user)
    assert sub_client.get(f"/expedientes/{case.number}/").status_code == 200
    assert sub_client.get(f"/expedientes/{other.number}/").status_code == 404
    listing = sub_client.get("/expedientes/").content.decode()
    assert case.number in listing and other.number not in listing
    # She reads; she does not record acts.
    assert sub_client.get(f"/expedientes/{case.number}/actos/respondent_notified/").status_code == 403
    # And she votes on it in the member's place.
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    now.set("2027-03-16 12:00")
    record(world, case, "answer_filed", "2027-03-15")
    page = sec.get(f"/expedientes/{case.number}/actos/determination_made/").content.decode()
    assert f'name="vote_{substitute.pk}"' in page and f'name="vote_{member.pk}"' not in page


def test_member_cited_as_witness_is_replaced(world, now):
    member = world.members[4]
    case = file_complaint(world)
    commissioner = _client(world.users["comisionado"])
    assert commissioner.get(f"/expedientes/{case.number}/").status_code == 200
    now.set("2027-03-02 12:00")
    record(world, case, "witness_summoned", "2027-03-02", witness=str(member).upper())
    assert CaseExclusion.objects.get(case=case, person=member).reason == "witness"
    assert commissioner.get(f"/expedientes/{case.number}/").status_code == 404
    page = _client(world.users["secretaria"]).get(f"/expedientes/{case.number}/").content.decode()
    assert "figura como testigo" in page and "CAM-08-01" in page


def test_the_procedure_pages_in_english(world, now):
    case = file_complaint(world, respondent=world.members[5])
    sec = _client(world.users["secretaria"])
    sec.post("/i18n/setlang/", {"language": "en", "next": "/"})
    form = sec.get(f"/expedientes/{case.number}/actos/recusal_requested/").content.decode()
    assert "Written grounds" in form and "first cousin" in form
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "Mark the respondent as a candidate (Sec. 24)" in page
