"""Sec. 23: a court case on the same facts suspends the terms; its final decision resumes them. The
case page shows the suspended span and each moved due date with its reason."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from factories import file_complaint, record

from ventila.cases.models import Case

pytestmark = pytest.mark.django_db


def test_a_court_case_suspends_and_its_final_decision_moves_the_answer_term(world, now):
    case = file_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    # CAM-21B-02: 15 business days from Wed Mar 3 2027: Mar 4, 5, 8–12, 15–19, 23, 24, 25
    # (Mon Mar 22, Día de la Abolición de la Esclavitud, does not count) → Thu Mar 25.
    assert Case.objects.get(pk=case.pk).deadlines.get(deadline_id="answer").due == dt.date(2027, 3, 25)
    sec = Client()
    sec.force_login(world.users["secretaria"])
    now.set("2027-03-05 12:00")
    url = f"/expedientes/{case.number}/actos/proceedings_suspended/"
    form = {"occurred_date": "2027-03-05", "reason": "Proceso penal sobre los mismos hechos"}
    r = sec.post(url, form)
    assert r.status_code == 200 and "Indique el caso judicial que suspende los términos" in r.content.decode()
    r = sec.post(url, {**form, "court_case": "Pueblo v. Quiñones, KLCE2027-0100 (TPI San Juan)"})
    assert r.status_code == 302, r.content.decode()[:2000]
    now.set("2027-03-10 12:00")
    case = Case.objects.get(pk=case.pk)
    answer = case.deadlines.get(deadline_id="answer")
    assert answer.status == "suspended" and answer.moved_from == dt.date(2027, 3, 25)
    # Sec. 23 (CAM-23-01): while suspended, only the resumption and acts that do not advance the case.
    assert "proceedings_resumed" in case.allowed_next and "answer_filed" not in case.allowed_next
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "Suspensiones de los términos" in page and "sigue suspendido" in page
    assert "Pueblo v. Quiñones, KLCE2027-0100" in page
    assert "vencía el jueves, 25 de marzo de 2027" in page and "suspendido mientras dure la suspensión" in page
    # The final decision: resumed on Fri Mar 19; Mar 5–18 held 10 business days (Mar 5, 8–12, 15–18).
    now.set("2027-03-19 12:00")
    url = f"/expedientes/{case.number}/actos/proceedings_resumed/"
    r = sec.post(url, {"occurred_date": "2027-03-19"})
    assert r.status_code == 200 and "Describa la decisión final del tribunal" in r.content.decode()
    # Recorded by someone using the English interface: the derived record stays in Spanish.
    sec.post("/i18n/setlang/", {"language": "en", "next": "/"})
    r = sec.post(url, {"occurred_date": "2027-03-19", "final_decision": "Sentencia final y firme: archivo."})
    assert r.status_code == 302, r.content.decode()[:2000]
    sec.post("/i18n/setlang/", {"language": "es", "next": "/"})
    case = Case.objects.get(pk=case.pk)
    answer = case.deadlines.get(deadline_id="answer")
    # Hand count: Mar 4 (1); the suspension; Mar 19 (2), 23, 24, 25 (5) — Fri Mar 26 Good Friday —
    # Mar 29, 30, 31, Apr 1, 2 (10), Apr 5, 6, 7, 8, 9 (15) → Fri Apr 9 2027.
    assert (answer.status, answer.due, answer.moved_from) == ("open", dt.date(2027, 4, 9), dt.date(2027, 3, 25))
    assert "reanudado el viernes, 19 de marzo de 2027" in answer.moved_reason
    assert "Suspensión del viernes, 5 de marzo de 2027 al jueves, 18 de marzo de 2027" in answer.trace_es()
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "vencía el jueves, 25 de marzo de 2027" in page and "viernes, 9 de abril de 2027" in page
    assert "Sentencia final y firme: archivo." in page
    assert "answer_filed" in case.allowed_next
