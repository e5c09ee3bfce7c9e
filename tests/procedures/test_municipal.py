"""The municipal Commission end to end through the UI: a complaint against a mayor, notice with a
certified copy, the answer and its extension, the hearing notice, the associate commissioner's
report, the decision term that runs out and is dismissed with prejudice by the daily sweep (¶17),
dismissal by resolution, outcomes, side acts, the other two kinds, seats and the per-diem ledger."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from factories import at, make_person

from ventila.bodies.models import ExpenseClaim, Meeting
from ventila.cases.models import Case, DocketEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def mayor(world):
    return make_person("Eduardo", "Cordero Ficticio", role="mayor", title="Alcalde de Ponce", municipality="Ponce")


@pytest.fixture
def sec(world):
    c = Client()
    c.force_login(world.users["secretaria_municipal"])
    return c


def _file(sec, mayor, **extra):
    data = {
        "respondent_office": mayor.offices.get().pk,
        "occurred_date": "2027-03-01",
        "complainant_kind": "municipal_assembly",
        "sworn": "on",
        "evidence_attached": "on",
        "complainant_name": "Asamblea Municipal de Ponce (ficticia)",
        "complainant_email": "asamblea@example.org",
        "complainant_phone": "787-555-0199",
        "facts": "Contratos sin subasta.",
        **extra,
    }
    r = sec.post("/expedientes/nuevo/querellas-municipales/complaint/", data)
    assert r.status_code == 302, r.content.decode()[:3000]
    return Case.objects.filter(body__rulebook="municipal").order_by("-id").first()


def _act(sec, case, act, **data):
    r = sec.post(f"/expedientes/{case.number}/actos/{act}/", data)
    assert r.status_code == 302, r.content.decode()[:3000]


def _term(case, deadline_id):
    return Case.objects.get(pk=case.pk).deadlines.get(deadline_id=deadline_id)


def _votes(world, yes):
    return {f"vote_{p.pk}": ("yes" if i < yes else "no") for i, p in enumerate(world.municipal_members)}


def test_decision_term_runs_out_and_the_sweep_dismisses_with_prejudice(world, now, sec, mayor):
    case = _file(sec, mayor)
    now.set("2027-03-10 12:00")
    _act(sec, case, "respondent_notified", occurred_date="2027-03-03", certified_copy="on", rights_stated="on")
    # MUN-ANS-01: 15 days from Wed Mar 3 → Thu Mar 18 2027.
    assert _term(case, "answer").due == dt.date(2027, 3, 18)
    _act(sec, case, "extension_requested", occurred_date="2027-03-10")
    # MUN-ANS-02: a motion within the first 15 days gives 15 more → Fri Apr 2 2027 (ambiguity 5).
    assert _term(case, "answer").due == dt.date(2027, 4, 2)
    now.set("2027-04-05 12:00")
    _act(sec, case, "answer_filed", occurred_date="2027-03-25", appearance="counsel", hearing_preference="public")
    # MUN-STU-01: 30 days from Thu Mar 25 → Sat Apr 24, rolled forward to Mon Apr 26 2027 (decision 1).
    assert _term(case, "study").due == dt.date(2027, 4, 26)
    # MUN-HEA-02: noticed Apr 5, the hearing may be on Apr 20 at the earliest (D + 15, decision 7).
    form = sec.get(f"/expedientes/{case.number}/actos/hearing_noticed/").content.decode()
    assert "no puede celebrarse antes del martes, 20 de abril de 2027" in form
    r = sec.post(
        f"/expedientes/{case.number}/actos/hearing_noticed/",
        {
            "occurred_date": "2027-04-05",
            "hearing_date": "2027-04-19T10:00",
            "public": "on",
            "recipients": ["respondent", "complainant"],
        },
    )
    assert (
        r.status_code == 200
        and "la fecha más temprana permitida es el martes, 20 de abril de 2027" in r.content.decode()
    )
    _act(
        sec,
        case,
        "hearing_noticed",
        occurred_date="2027-04-05",
        hearing_date="2027-04-20T10:00",
        public="on",
        recipients=["respondent", "complainant"],
    )
    now.set("2027-04-20 15:00")
    _act(sec, case, "hearing_concluded", occurred_date="2027-04-20", before="commissioner")
    # MUN-REP-01: the associate commissioner reports within 15 days → Wed May 5 2027.
    assert _term(case, "commissioner_report").due == dt.date(2027, 5, 5)
    now.set("2027-05-03 12:00")
    _act(
        sec,
        case,
        "commissioner_report_filed",
        occurred_date="2027-05-03",
        findings_of_fact="on",
        evidence_summary="on",
        conclusions_of_law="on",
    )
    decide = _term(case, "decide")
    # MUN-DEC-02: 15 days from the report (Mon May 3) → Tue May 18 2027; fatal.
    assert (decide.rule_id, decide.due, decide.fatal) == ("MUN-DEC-02", dt.date(2027, 5, 18), True)
    # Warned days ahead, on the case page and in the queue.
    now.set("2027-05-14 09:00")
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "Quedan 4 días para decidir (vence el martes, 18 de mayo de 2027)" in page
    assert "Quedan 4 días para decidir" in sec.get("/expedientes/").content.decode()
    # In English, the warning's date in English too (issue 29: it kept «martes, 18 de mayo de 2027»).
    sec.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "4 days left to decide (due Tuesday, May 18, 2027)" in english and "18 de mayo" not in english
    del sec.cookies[settings.LANGUAGE_COOKIE_NAME]
    now.set("2027-05-10 09:00")
    assert "días para decidir" not in sec.get(f"/expedientes/{case.number}/").content.decode()
    # The term runs out: the next daily sweep records the dismissal with prejudice, as the system.
    now.set("2027-05-19 06:00")
    out = StringIO()
    call_command("sweep_compulsory_terms", stdout=out)
    assert "Desestimaciones con perjuicio anotadas: 1." in out.getvalue()
    entry = DocketEntry.objects.get(case=case, event_type="dismissed_with_prejudice")
    assert entry.recorded_by.username == "sistema" and not entry.recorded_by.is_active
    assert entry.occurred_at == at("2027-05-19 00:00") and not hasattr(entry, "roll_call")
    assert "martes, 18 de mayo de 2027" in entry.details["reason"] and "MUN-DEC-04" in entry.details["reason"]
    case = Case.objects.get(pk=case.pk)
    assert case.stage == "dismissed_with_prejudice" and "decision_issued" not in case.allowed_next
    # Idempotent: run again, nothing new.
    out = StringIO()
    call_command("sweep_compulsory_terms", stdout=out)
    assert "Desestimaciones con perjuicio anotadas: 0." in out.getvalue()
    assert DocketEntry.objects.filter(case=case, event_type="dismissed_with_prejudice").count() == 1
    # A late decision is no longer possible (¶17: no admonition, exoneration or removal).
    r = sec.get(f"/expedientes/{case.number}/actos/decision_issued/")
    assert r.status_code == 409
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "Desestimada con perjuicio" in page and "Anotado automáticamente por ventila" in page
    # Issue 11, item 3: the finished act is no longer asked for. The case is closed, the missed
    # decision term is among the ended ones (missed, with the dismissal's date), not an open overdue
    # term; no finding asks for the dismissal and no banner announces it as a future act.
    case = Case.objects.get(pk=case.pk)
    assert case.status == Case.Status.CLOSED and case.next_due is None
    decide = _term(case, "decide")
    assert (decide.status, decide.satisfied_by, decide.satisfied_on) == (
        "missed",
        "dismissed_with_prejudice",
        dt.date(2027, 5, 19),
    )
    assert not case.findings.filter(finding_id="dismissal_with_prejudice_required").exists()
    assert "<dd>Cerrado</dd>" in page
    assert "ventila lo anota automáticamente" not in page and "debe desestimarse" not in page
    assert 'id="termino-decide"' not in page  # the open-terms table
    assert "Vencido; cerrado por el acto del miércoles, 19 de mayo de 2027" in page


def test_dismissal_by_resolution_needs_findings_and_conclusions(world, now, sec, mayor):
    case = _file(sec, mayor)
    now.set("2027-03-20 12:00")
    _act(sec, case, "respondent_notified", occurred_date="2027-03-03", certified_copy="on")
    _act(sec, case, "answer_filed", occurred_date="2027-03-15")
    url = f"/expedientes/{case.number}/actos/dismissed/"
    r = sec.post(url, {"occurred_date": "2027-03-20", **_votes(world, 2)})
    body = r.content.decode()
    assert r.status_code == 200 and "relación de hechos y las determinaciones (¶14)" in body
    assert "las conclusiones de derecho (¶14)" in body
    _act(
        sec,
        case,
        "dismissed",
        occurred_date="2027-03-20",
        resolution_findings="No se probó el uso de fondos.",
        resolution_conclusions="No hay violación de ley.",
        **_votes(world, 2),
    )
    entry = DocketEntry.objects.get(case=case, event_type="dismissed")
    assert entry.payload == {"facts_stated": True, "findings_made": True, "conclusions_of_law": True}
    assert entry.roll_call.rule_id == "MUN-QUO-01" and entry.roll_call.carried
    assert not Case.objects.get(pk=case.pk).findings.filter(finding_id="dismissal_resolution_incomplete").exists()
    # Sanctions for a frivolous complaint (¶33) after the dismissal.
    _act(sec, case, "frivolous_sanction_imposed", occurred_date="2027-03-20", grounds="frivolous", amount="500")
    assert DocketEntry.objects.filter(case=case, event_type="frivolous_sanction_imposed").exists()


def test_exoneration_with_back_pay_and_side_acts(world, now, sec, mayor):
    case = _file(sec, mayor)
    now.set("2027-03-20 12:00")
    _act(sec, case, "respondent_notified", occurred_date="2027-03-03", certified_copy="on")
    _act(sec, case, "protective_order_issued", occurred_date="2027-03-05", purposes=["safeguard_evidence"])
    _act(
        sec,
        case,
        "summons_issued",
        occurred_date="2027-03-08",
        witness="Director de Finanzas (ficticio)",
        issued_by="commission",
    )
    _act(sec, case, "answer_filed", occurred_date="2027-03-15")
    now.set("2027-04-20 15:00")
    _act(
        sec,
        case,
        "hearing_noticed",
        occurred_date="2027-04-01",
        hearing_date="2027-04-16T10:00",
        recipients=["respondent", "complainant"],
    )
    _act(sec, case, "hearing_concluded", occurred_date="2027-04-16", before="full")
    # MUN-DEC-01: 15 days from the hearing's conclusion (Fri Apr 16) → Sat May 1, rolled to Mon May 3.
    assert _term(case, "decide").due == dt.date(2027, 5, 3)
    _act(
        sec,
        case,
        "decision_issued",
        occurred_date="2027-04-20",
        outcome="exoneration",
        suspension_date="2027-02-15",
        **_votes(world, 2),
    )
    case = Case.objects.get(pk=case.pk)
    f = case.findings.get(finding_id="reinstatement_with_back_pay")
    assert f.rule_id == "MUN-OUT-03" and "lunes, 15 de febrero de 2027" in f.message_es()
    page = sec.get(f"/expedientes/{case.number}/").content.decode()
    assert "Orden protectora emitida" in page and "Director de Finanzas (ficticio)" in page


def test_special_suspension_proceeding_and_deadlock_are_filed_through_the_ui(world, now, sec, mayor):
    office = mayor.offices.get().pk
    r = sec.get("/expedientes/")
    assert "/expedientes/nuevo/querellas-municipales/suspension_proceeding/" in r.content.decode()
    r = sec.post(
        "/expedientes/nuevo/querellas-municipales/suspension_proceeding/",
        {
            "respondent_office": office,
            "occurred_date": "2027-03-01",
            "charges_notified_on": "2027-02-25",
            "factors": ["weight_of_evidence"],
            "public_interest_determined": "on",
            "facts": "Cargos notificados.",
        },
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    case = Case.objects.get(kind="suspension_proceeding")
    # MUN-SUS-03: the court decides within 20 days → Sun Mar 21; Mon Mar 22 is a holiday → Tue Mar 23 2027.
    assert _term(case, "court_decision").due == dt.date(2027, 3, 23)
    r = sec.post(
        "/expedientes/nuevo/querellas-municipales/deadlock/",
        {
            "respondent_office": office,
            "occurred_date": "2027-03-01",
            "by": "municipal_assembly",
            "facts": "La Asamblea no aprueba el presupuesto.",
        },
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    deadlock = Case.objects.get(kind="deadlock")
    assert deadlock.stage == "reported" and "referred_to_commission" in deadlock.allowed_next
    assert "Informada al Gobernador" in sec.get(f"/expedientes/{deadlock.number}/").content.decode()
    # The House's staff cannot file these for the municipal Commission.
    other = Client()
    other.force_login(world.users["secretaria"])
    assert other.get("/expedientes/nuevo/querellas-municipales/deadlock/").status_code == 404


def test_seats_and_the_per_diem_statement(world, now, sec):
    page = sec.get("/cuerpos/querellas-municipales/composicion/").content.decode()
    # MUN-COM-05: took office Wed Jan 13 2025; four years → the term's last day is Fri Jan 12 2029.
    assert "viernes, 12 de enero de 2029" in page and "MUN-QUO-01" in page and "Quórum: 2" in page
    # MUN-COM-04: the President must be a lawyer with at least five years of practice (blocks); MUN-COM-06 warns.
    page = sec.get("/cuerpos/querellas-municipales/composicion/?seat=president&is_lawyer=on&years_of_practice=3")
    assert "Impide el nombramiento:" in page.content.decode() and "MUN-COM-04" in page.content.decode()
    page = sec.get("/cuerpos/querellas-municipales/composicion/?seat=president&is_lawyer=on&years_of_practice=5")
    assert "Cumple los requisitos" in page.content.decode()
    president = world.municipal_members[0]
    url = "/cuerpos/querellas-municipales/dietas/"
    r = sec.post(url, {"form": "meeting", "day": "2027-03-02", "description": "Vista", "official_business": "on"})
    assert r.status_code == 200 and "Elija el comisionado." in r.content.decode()
    for day in ("2027-03-02", "2027-03-09"):
        assert (
            sec.post(
                url,
                {
                    "form": "meeting",
                    "person": president.pk,
                    "day": day,
                    "description": "Vista",
                    "official_business": "on",
                },
            ).status_code
            == 302
        )
    sec.post(url, {"form": "meeting", "person": president.pk, "day": "2027-03-10", "description": "Almuerzo"})
    assert (
        sec.post(
            url,
            {
                "form": "expense",
                "person": president.pk,
                "day": "2027-03-09",
                "amount": "42.50",
                "description": "Millaje a Ponce",
            },
        ).status_code
        == 302
    )
    assert Meeting.objects.count() == 3 and ExpenseClaim.objects.count() == 1
    page = sec.get(url + "?mes=2027-03").content.decode()
    # MUN-DIE-02: $75 for each of the 2 official meetings; the third was not official business.
    assert "$150.00" in page and "$42.50" in page and "$192.50" in page
    assert "no fue para gestiones oficiales" in page
    # Only the municipal Commission's staff see its ledger.
    other = Client()
    other.force_login(world.users["secretaria"])
    assert other.get(url).status_code == 404


def test_an_act_dated_outside_the_legal_calendar_is_refused_beside_its_date(world, now, sec, mayor):
    # Issue 11, item 4: a date the legal calendar does not know (before 2024) is refused with the
    # reason beside the date field, never a server error; nothing is recorded.
    case = _file(sec, mayor)
    now.set("2027-03-10 12:00")
    r = sec.post(
        f"/expedientes/{case.number}/actos/respondent_notified/",
        {"occurred_date": "2023-12-29", "certified_copy": "on", "rights_stated": "on"},
    )
    assert r.status_code == 200
    assert "2023-12-29 está fuera de los años que conoce el calendario legal (2024–2035)" in r.content.decode()
    assert not DocketEntry.objects.filter(case=case, event_type="respondent_notified").exists()
