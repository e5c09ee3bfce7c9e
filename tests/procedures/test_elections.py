"""Sec. 24: elections managed by staff (2028 seeded), the summary procedure for a candidate (terms in
hours where the law counts hours), the pre-election blackout, and summary cases first in the queue."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from factories import PR, file_complaint, record

from ventila.bodies.models import ElectionDay
from ventila.cases.models import Case

pytestmark = pytest.mark.django_db


def _file(world, when, knowledge, candidate):
    complainant = {"name": "Querellante Ficticia", "email": "q@example.org", "phone": "787-555-0101"}
    return file_complaint(world, when, knowledge, respondent_candidate=candidate, complainant=complainant)


def test_2032_and_2036_elections_are_seeded_with_their_first_chained_version(world):
    # The legal calendar reaches 2035 and its computed terms 2037; the table replaces the rulebooks'
    # dates once it has rows, so the migrations seed every election the rulebooks list.
    from ventila.audit.models import StateRecord
    from ventila.rules import RULEBOOKS

    seeded = set(ElectionDay.objects.values_list("kind", "day"))
    for rulebook in RULEBOOKS.values():
        assert {(e.kind, e.date) for e in rulebook.elections} <= seeded
    for row in ElectionDay.objects.filter(day__year__in=(2032, 2036)):
        assert StateRecord.objects.filter(kind="bodies.ElectionDay", object_id=str(row.pk), version=1).exists()


def test_2028_elections_are_seeded_and_managed_on_the_calendar(world, now):
    assert set(ElectionDay.objects.values_list("kind", "day")) >= {
        ("primary", dt.date(2028, 6, 4)),
        ("general", dt.date(2028, 11, 7)),
    }
    c = Client()
    c.force_login(world.users["secretaria"])
    page = c.get("/cuerpos/etica-camara/calendario/").content.decode()
    assert "domingo, 4 de junio de 2028" in page and "martes, 7 de noviembre de 2028" in page
    r = c.post("/cuerpos/etica-camara/calendario/", {"form": "election", "kind": "general", "day": "2028-11-07"})
    assert "Ese día ya está anotado como elección." in r.content.decode()


def test_candidate_goes_through_the_summary_procedure_in_hours_and_first_in_the_queue(world, now):
    now.set("2028-08-01 10:30")
    ordinary = _file(world, "2028-07-31 09:00", "2028-07-20", candidate=False)
    case = _file(world, "2028-08-01 10:15", "2028-07-20", candidate=False)
    assert Case.objects.get(pk=case.pk).procedure == "ordinary"
    sec = Client()
    sec.force_login(world.users["secretaria"])
    commissioner = Client()
    commissioner.force_login(world.users["comisionado"])
    # Only staff mark the candidacy.
    assert commissioner.post(f"/expedientes/{case.number}/candidatura/", {"candidate": "1"}).status_code == 403
    r = sec.post(f"/expedientes/{case.number}/candidatura/", {"candidate": "1"})
    assert r.status_code == 302
    case = Case.objects.get(pk=case.pk)
    # Filed Tue Aug 1 2028, 98 days before the general election of Nov 7 (≤ 120: CAM-24-01).
    assert case.respondent_candidate and case.procedure == "summary"
    # CAM-24-02: resolved within 5 business days of filing: Aug 2, 3, 4, 7, 8 → Tue Aug 8 2028.
    assert case.deadlines.get(deadline_id="summary_total").due == dt.date(2028, 8, 8)
    now.set("2028-08-01 15:00")
    record(world, case, "respondent_notified", "2028-08-01 14:00")
    case = Case.objects.get(pk=case.pk)
    # CAM-24C-01 (24 hours) and CAM-24C-03 (48 hours), counted from the notice at 14:00.
    review = case.deadlines.get(deadline_id="summary_dismissal_review")
    citation = case.deadlines.get(deadline_id="summary_hearing_citation")
    assert review.due_at == dt.datetime(2028, 8, 2, 14, 0, tzinfo=PR)
    assert citation.due_at == dt.datetime(2028, 8, 3, 14, 0, tzinfo=PR)
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "Procedimiento sumario (Sec. 24)" in page and "24 horas" in page and "14:00" in page
    queue = sec.get("/expedientes/").content.decode()
    pinned, rest = queue.split("Procedimiento sumario primero (Sec. 24)")[1].split("</section>", 1)
    assert case.number in pinned and ordinary.number not in pinned
    # The ordinary case is due earlier (notify by Aug 3) but the summary case is listed first.
    assert queue.index(case.number) < queue.index(ordinary.number)


def test_complaint_in_the_blackout_is_held_until_three_business_days_after(world, now):
    now.set("2028-10-20 12:00")
    case = _file(world, "2028-10-20 10:15", "2028-10-10", candidate=True)
    case = Case.objects.get(pk=case.pk)
    # 18 days before the general election (≤ 30: CAM-24F-01): deferred even for a candidate.
    assert case.procedure == "deferred_until_after_election"
    finding = case.findings.get(finding_id="filed_in_pre_election_blackout")
    # Third business day after Tue Nov 7 2028: Wed 8, Thu 9, Fri 10.
    assert "viernes, 10 de noviembre de 2028" in finding.message_es()
    # CAM-21B-01: 3 business days from that date: Mon 13, Tue 14, Wed 15 (Sat Nov 11 is Veterans Day).
    assert case.deadlines.get(deadline_id="notify_respondent").due == dt.date(2028, 11, 15)
    c = Client()
    c.force_login(world.users["secretaria"])
    assert "En espera por elecciones" in c.get("/expedientes/").content.decode()
    assert (
        "En espera hasta después de las elecciones (Sec. 24(f))"
        in c.get(f"/expedientes/{case.number}/").content.decode()
    )


def test_the_case_page_shows_the_next_two_elections_and_follows_a_change_at_once(world, now):
    # The page reads them from the body's configuration kept per process (config_version): adding or
    # removing an election day bumps every body's version, so the next request sees it.
    from factories import complete_second_factor, file_complaint

    from ventila.cases.actions import do_add_election, do_remove_election

    case = file_complaint(world)
    c = Client()
    c.force_login(world.users["secretaria"])
    complete_second_factor(c, world.users["secretaria"])

    def upcoming() -> str:
        page = c.get(f"/expedientes/{case.number}/").content.decode()
        return page.split("Próximas elecciones:", 1)[1].split("</p>", 1)[0]

    first = upcoming()
    assert "4 de junio de 2028" in first and "(Primarias)" in first and "7 de noviembre de 2028" in first
    added = do_add_election(kind="primary", day=dt.date(2027, 9, 5), user=world.users["secretaria"], reason="prueba")
    second = upcoming()
    assert "5 de septiembre de 2027" in second and "4 de junio de 2028" in second
    assert "7 de noviembre de 2028" not in second  # only the next two
    do_remove_election(election=added, user=world.users["secretaria"], reason="prueba")
    assert upcoming() == first
