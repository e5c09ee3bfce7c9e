"""Financial reports as cases (issue 16, Secs. 14–16): each tenure of an obligated person is a
``financial_report`` case on the docket — opened by the register's import (and the daily sweep), a
report recorded is its ``report_filed`` act, the OEG's evaluation is recorded through the act forms,
and an OEG referral becomes a ``referral`` case in one action; the compliance board reads the
stored terms; reminders, calendar feeds and a notice to late filers come with the case.

Dates counted by hand on Puerto Rico's legal calendar (2027: Fri 26 Mar Good Friday; 15 Aug 2027 a
Sunday):
- CAM-14D-01 (90 days from taking office): Mon 4 Jan 2027 + 90 = Sun 4 Apr → Mon 5 Apr 2027.
- CAM-14C-02 (2 business days from filing): Thu 25 Mar 2027 → (26 Good Friday, 27–28 weekend) Mon 29,
  Tue 30 Mar 2027.
- CAM-15-01 (OEG's 90 days from filing): Thu 25 Mar 2027 + 90 = Wed 23 Jun 2027.
- CAM-15-04 (10 calendar days to answer from the preliminary report): Tue 1 Jun → Fri 11 Jun 2027.
- CAM-15-05 and CAM-16A-01 (30 calendar days from the answer): Mon 7 Jun → Wed 7 Jul 2027.
- CAM-14C-01 (15 August of the next year): the 2026 report, Sun 15 Aug 2027 → Mon 16 Aug 2027.
- CAM-14E-02 (90 calendar days after leaving before 31 December): Wed 15 Sep 2027 → Tue 14 Dec 2027;
  Wed 30 Jun 2027 → Tue 28 Sep 2027.
"""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from factories import make_person
from openpyxl import load_workbook

from ventila.audit import chain
from ventila.audit.models import StateRecord
from ventila.bodies.models import OfficeTerm, Person
from ventila.cases.models import Case
from ventila.cases.procedures import system_user
from ventila.compliance.actions import ReportInput, do_record_report
from ventila.compliance.models import FinancialReferral, TenureCase
from ventila.compliance.tenures import sweep_tenures

pytestmark = pytest.mark.django_db

REGISTER = "/cuerpos/etica-camara/obligados/"
BOARD = REGISTER + "tablero/"
HEADER = "Núm. de empleado;Nombre;Apellidos;Categoría;Puesto;Fecha de toma de posesión;Fecha de cese\r\n"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def _only_the_tests_people(world):
    """The world's Representatives (the members and the respondent of its complaints) hold offices too:
    left out, so that the board and the sweep show only the people each test registers."""
    OfficeTerm.objects.filter(person__in=[*world.members, world.respondent]).delete()


@pytest.fixture
def secretaria(world):
    c = Client()
    c.force_login(world.users["secretaria"])
    return c


def _import(client, name: str, text: str) -> None:
    r = client.post(
        REGISTER + "importar/", {"file": SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")}
    )
    assert r.status_code == 302, r.content.decode()[:2000]
    url = r["Location"]
    page = client.get(url).content.decode()
    mapping = {}
    for field, body in re.findall(r'<select name="(col_\w+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body)
        mapping[field] = chosen[1] if chosen else ""
    r = client.post(url, {**mapping, "action": "import"})
    assert r.status_code == 302, r.content.decode()[:3000]


def _sweep():
    return sweep_tenures(user=system_user())


def _case(person) -> Case:
    return TenureCase.objects.get(person=person).case


def _marta(now, day: str = "2027-01-10 09:00"):
    """Marta, an officer since Mon 4 Jan 2027, on ``day``: the sweep opens her tenure case. She and the case."""
    now.set(day)
    marta = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    _sweep()
    return marta, _case(marta)


def _terms(case) -> dict:
    return {d.deadline_id: d for d in Case.objects.get(pk=case.pk).deadlines.all()}


def _act(client, case, act: str, data: dict, files: dict | None = None):
    url = f"/expedientes/{case.number}/actos/{act}/"
    assert client.get(url).status_code == 200
    before = case.entries.count()
    r = client.post(url, {**data, **(files or {}), "step": "confirm"}, follow=True)
    assert r.status_code == 200 and case.entries.count() == before + 1, r.content.decode()[-6000:]
    return r


def _report(world, person, year, kind, filed, notified=None):
    return do_record_report(
        user=world.users["secretaria"],
        body=world.camara,
        person=person,
        report=ReportInput(year, kind, filed, True, True, "", notified),
    )


# -- the import opens the cases ------------------------------------------------------------------------


def test_cam_14d_01_the_import_opens_a_financial_report_case_per_tenure_and_dockets_its_acts(world, now, secretaria):
    now.set("2027-01-10 09:00")
    csv_text = (
        HEADER
        + "E-010;Marta;Ficticia Ruiz;Funcionaria;Subsecretaria;04/01/2027;\r\n"
        + "E-011;Pablo;Ficticio Soto;Jefe de dependencia;Director de Compras;01/02/2027;\r\n"
    )
    _import(secretaria, "RRHH enero.csv", csv_text)
    marta = Person.objects.get(hr_number="E-010")
    pablo = Person.objects.get(hr_number="E-011")
    case = _case(marta)
    assert case.kind == "financial_report" and case.respondent_role == "officer"
    assert not TenureCase.objects.filter(person=pablo).exists()  # takes office on 1 Feb: not yet
    (entry,) = case.entries.all()
    assert entry.event_type == "took_office" and entry.occurred_day == dt.date(2027, 1, 4)
    assert entry.recorded_by.username == "secretaria" and "RRHH enero.csv" in entry.note
    version = StateRecord.objects.filter(kind="cases.Case", object_id=str(case.pk)).first()
    assert version.username == "secretaria" and "RRHH enero.csv" in version.reason
    terms = _terms(case)
    assert terms["initial_report"].due == dt.date(2027, 4, 5) and terms["initial_report"].rule_id == "CAM-14D-01"
    html = secretaria.get(f"{REGISTER}{marta.pk}/").content.decode()
    assert f'href="/expedientes/{case.number}/"' in html
    assert "lunes, 5 de abril de 2027" in html and "CAM-14D-01" in html
    assert "Toma posesión el lunes, 1 de febrero de 2027" in secretaria.get(f"{REGISTER}{pablo.pk}/").content.decode()

    # The same file again opens nothing and dockets nothing.
    _import(secretaria, "RRHH enero.csv", csv_text)
    assert TenureCase.objects.count() == 1 and case.entries.count() == 1

    # The daily sweep opens Pablo's case on the day he takes office, as the system.
    now.set("2027-02-01 06:00")
    result = _sweep()
    assert len(result.opened) == 1 and not result.problems
    pablo_case = _case(pablo)
    assert pablo_case.entries.get().recorded_by.username == system_user().username
    assert _terms(pablo_case)["initial_report"].due == dt.date(2027, 5, 3)  # Mon 1 Feb + 90 = Sun 2 May → Mon 3

    # A later file records Marta's departure: the exit is docketed and the exit report is due (CAM-14E-02).
    now.set("2027-09-20 09:00")
    _import(
        secretaria,
        "RRHH septiembre.csv",
        csv_text.replace("Subsecretaria;04/01/2027;", "Subsecretaria;04/01/2027;15/09/2027"),
    )
    left = case.entries.get(event_type="left_office")
    assert left.occurred_day == dt.date(2027, 9, 15) and "RRHH septiembre.csv" in left.note
    final = _terms(case)["final_report"]
    assert (final.due, final.rule_id) == (dt.date(2027, 12, 14), "CAM-14E-02")
    assert _sweep().acts == 0  # nothing left to docket
    assert chain.verify().ok


# -- a report, the OEG's evaluation, the referral ---------------------------------------------------------


def test_cam_14c_02_cam_15_01_04_05_cam_16a_01_report_findings_answer_and_referral_walk(world, now, secretaria):
    marta, case = _marta(now)
    person_url = f"{REGISTER}{marta.pk}/"

    # The report received, without the notice to the Secretary: the report_filed act on the case.
    now.set("2027-03-26 09:00")
    form = {
        "covers_year": "2026",
        "report_type": "initial",
        "filed_on": "2027-03-25",
        "sworn": "on",
        "electronic": "on",
    }
    assert secretaria.post(person_url, form).status_code == 302
    filed = case.entries.get(event_type="report_filed")
    assert filed.occurred_day == dt.date(2027, 3, 25) and filed.payload["covers_year"] == 2026
    terms = _terms(case)
    assert terms["initial_report"].satisfied_on == dt.date(2027, 3, 25)
    assert (terms["notify_secretary"].due, terms["notify_secretary"].rule_id) == (dt.date(2027, 3, 30), "CAM-14C-02")
    assert (terms["oeg_evaluation"].due, terms["oeg_evaluation"].rule_id) == (dt.date(2027, 6, 23), "CAM-15-01")
    html = secretaria.get(person_url).content.decode()
    # Only the acts the rulebook allows now: no answer to findings that have not come.
    assert "Informe preliminar de hallazgos de la OEG recibido" in html
    assert "Notificación de cumplimiento a la Secretaría de la Cámara" in html
    assert "Contestación escrita a los hallazgos" not in html
    assert "Convertir el referido" not in html
    assert secretaria.get(f"/expedientes/{case.number}/referido-oeg/").status_code == 404
    assert re.search(r"Evaluación del informe por la OEG</th><td>miércoles, 23 de junio de 2027", html)

    # The OEG's preliminary findings (CAM-15-04: 10 calendar days to answer).
    now.set("2027-06-01 10:00")
    _act(secretaria, case, "preliminary_findings_received", {"occurred_date": "2027-06-01", "covers_year": "2026"})
    terms = _terms(case)
    assert (terms["respond_to_findings"].due, terms["respond_to_findings"].rule_id) == (
        dt.date(2027, 6, 11),
        "CAM-15-04",
    )
    assert terms["oeg_evaluation"].satisfied_on == dt.date(2027, 6, 1)
    assert "Contestación escrita a los hallazgos" in secretaria.get(person_url).content.decode()

    # The written answer (CAM-15-05: the OEG's 30 calendar days run from it).
    now.set("2027-06-07 10:00")
    _act(secretaria, case, "findings_answered", {"occurred_date": "2027-06-07", "covers_year": "2026"})
    terms = _terms(case)
    assert (terms["oeg_final_action"].due, terms["oeg_final_action"].rule_id) == (dt.date(2027, 7, 7), "CAM-15-05")

    # The OEG refers to the Commission with its evidence (CAM-16A-01: within the same 30 days).
    now.set("2027-07-01 10:00")
    evidence = SimpleUploadedFile("hallazgos-oeg.pdf", b"%PDF-1.4 evidencia ficticia", content_type="application/pdf")
    _act(
        secretaria,
        case,
        "oeg_final_action",
        {"occurred_date": "2027-07-01", "outcome": "referral", "covers_year": "2026", "evidence_attached": "on"},
        {"attachment": evidence},
    )
    final_entry = case.entries.get(event_type="oeg_final_action")
    assert final_entry.attachments.count() == 1
    terms = _terms(case)
    assert (terms["oeg_referral"].due, terms["oeg_referral"].rule_id) == (dt.date(2027, 7, 7), "CAM-16A-01")
    assert terms["oeg_referral"].satisfied_on == dt.date(2027, 7, 1)
    html = secretaria.get(person_url).content.decode()
    assert "CAM-16B-02 (Sec. 16(b))" in html and "Convertir el referido de la OEG en un caso" in html

    # One action turns it into a referral case; a date before the OEG's act is refused beside the field.
    now.set("2027-07-02 10:00")
    turn = f"/expedientes/{case.number}/referido-oeg/"
    page = secretaria.get(turn).content.decode()
    assert "hallazgos-oeg.pdf" in page and 'name="received_on"' in page
    r = secretaria.post(turn, {"received_on": "2027-06-30"})
    assert r.status_code == 400
    assert "El referido se recibe el día de la determinación de la OEG o después." in r.content.decode()
    assert 'value="2027-06-30"' in r.content.decode()
    assert not Case.objects.filter(kind="referral").exists()
    for hostile in ("2027-07-02\x00", "2027-07-02\r\nX-Header: 1", "9" * 10000, ""):
        r = secretaria.post(turn, {"received_on": hostile})
        assert r.status_code == 400 and 'class="error-message"' in r.content.decode(), hostile[:20]
    assert not Case.objects.filter(kind="referral").exists()
    r = secretaria.post(turn, {"received_on": "2027-07-02"})
    assert r.status_code == 302
    referral = Case.objects.get(kind="referral")
    assert r["Location"] == f"/expedientes/{referral.number}/"
    first = referral.entries.get()
    assert first.event_type == "referral_received" and first.occurred_day == dt.date(2027, 7, 2)
    assert first.payload["evidence_attached"] is True
    assert first.attachments.get().sha256 == final_entry.attachments.get().sha256
    assert referral.respondent.person_id == marta.pk
    link = FinancialReferral.objects.get()
    assert (link.source_id, link.referral_id, link.entry_id) == (case.pk, referral.pk, final_entry.pk)
    # The link on both cases' pages and on the person's.
    assert f'href="/expedientes/{referral.number}/"' in secretaria.get(f"/expedientes/{case.number}/").content.decode()
    assert f'href="/expedientes/{case.number}/"' in secretaria.get(f"/expedientes/{referral.number}/").content.decode()
    html = secretaria.get(person_url).content.decode()
    assert f'href="/expedientes/{referral.number}/"' in html and "Convertir el referido" not in html
    # Once turned, there is nothing left to turn.
    assert secretaria.get(turn).status_code == 404
    assert secretaria.post(turn, {"received_on": "2027-07-02"}).status_code == 404
    assert Case.objects.filter(kind="referral").count() == 1
    # A member reads the person's page but may not turn a referral into a case.
    member = Client()
    member.force_login(world.users["comisionado"])
    assert member.get(person_url).status_code == 200
    assert chain.verify().ok


def test_cam_16a_01_a_referral_after_the_30_days_is_recorded_late(world, now, secretaria):
    marta, case = _marta(now)
    now.set("2027-07-09 10:00")
    _report(world, marta, 2026, "initial", dt.date(2027, 3, 25), dt.date(2027, 3, 26))
    _act(secretaria, case, "preliminary_findings_received", {"occurred_date": "2027-06-01", "covers_year": "2026"})
    _act(secretaria, case, "findings_answered", {"occurred_date": "2027-06-07", "covers_year": "2026"})
    _act(
        secretaria,
        case,
        "oeg_final_action",
        {
            "occurred_date": "2027-07-09",
            "outcome": "referral",
            "covers_year": "2026",
            "evidence_attached": "on",
            "confirm_late": "1",  # the check-your-answers page said it is late, and what that means
        },
    )
    referral = _terms(case)["oeg_referral"]
    # Due Wed 7 Jul 2027 (30 calendar days from the answer of Mon 7 Jun); met on Fri 9 Jul, two days late.
    assert (referral.due, referral.satisfied_on, referral.rule_id) == (
        dt.date(2027, 7, 7),
        dt.date(2027, 7, 9),
        "CAM-16A-01",
    )


# -- the compliance board --------------------------------------------------------------------------------


def _population(world):
    """A: a Representative since 2 Jan 2025 with his reports filed, the 2026 one due Mon 16 Aug 2027
    (CAM-14C-01); B: an officer since Mon 4 Jan 2027 who never filed (CAM-14D-01, due Mon 5 Apr 2027);
    C: a department head who left on Wed 30 Jun 2027, reports filed, the exit report due Tue 28 Sep 2027
    (CAM-14E-02)."""
    a = make_person("Ana", "Ficticia Ortiz", role="representative", title="Representante del Distrito 3")
    b = make_person("Benito", "Ficticio Lugo", role="officer", title="Asesor", start=dt.date(2027, 1, 4))
    c = make_person("Carmen", "Ficticia Rivera", role="department_head", title="Directora")
    office = c.offices.get()
    office.end = dt.date(2027, 6, 30)
    office.save()
    _sweep()
    _report(world, a, 2024, "initial", dt.date(2025, 3, 3), dt.date(2025, 3, 4))
    _report(world, a, 2025, "annual", dt.date(2026, 8, 3), dt.date(2026, 8, 4))
    _report(world, c, 2024, "initial", dt.date(2025, 3, 3), dt.date(2025, 3, 4))
    _report(world, c, 2025, "annual", dt.date(2026, 8, 3), dt.date(2026, 8, 4))
    _report(world, c, 2026, "annual", dt.date(2027, 7, 1), dt.date(2027, 7, 2))
    return a, b, c


def _counts(html: str) -> tuple[int, int]:
    due = re.search(r'<strong data-count="due">(\d+)</strong>', html)
    late = re.search(r'<strong data-count="late">(\d+)</strong>', html)
    assert due and late
    return int(due[1]), int(late[1])


def _board_rows(html: str) -> list[str]:
    return re.findall(r'<tr[^>]*data-rule="[^"]+">.*?</tr>', html, re.S)


def test_board_cam_14c_01_cam_14d_01_cam_14e_02_due_this_month_and_late_with_rule_and_days(world, now, secretaria):
    now.set("2027-08-10 09:00")
    _population(world)
    html = secretaria.get(BOARD).content.decode()
    assert _counts(html) == (1, 1)
    rows = _board_rows(html)
    assert len(rows) == 2
    late, due = rows  # ordered by due date
    # B: initial report due Mon 5 Apr 2027, 127 days late on Tue 10 Aug 2027.
    assert "Ficticio Lugo" in late and 'data-rule="CAM-14D-01"' in late and "lunes, 5 de abril de 2027" in late
    assert "vencido hace 127 días" in late and "row-overdue" in late
    # A: the 2026 report due Mon 16 Aug 2027 (15 Aug a Sunday), 6 days left.
    assert "Ficticia Ortiz" in due and 'data-rule="CAM-14C-01"' in due and "lunes, 16 de agosto de 2027" in due
    assert "quedan 6 días" in due
    # Filters: status, role, name, month.
    assert _counts(secretaria.get(BOARD, {"estado": "late"}).content.decode()) == (0, 1)
    officer = secretaria.get(BOARD, {"categoria": "officer"}).content.decode()
    assert len(_board_rows(officer)) == 1 and "Ficticio Lugo" in officer
    by_name = secretaria.get(BOARD, {"q": "ortiz ana"}).content.decode()
    assert len(_board_rows(by_name)) == 1 and "Ficticia Ortiz" in by_name
    september = secretaria.get(BOARD, {"mes": "2027-09"}).content.decode()
    assert _counts(september) == (1, 1)
    assert "Ficticia Rivera" in september and "martes, 28 de septiembre de 2027" in september
    assert 'data-rule="CAM-14E-02"' in september
    # Ten days later A is late too: 4 days after Mon 16 Aug.
    now.set("2027-08-20 09:00")
    html = secretaria.get(BOARD).content.decode()
    assert _counts(html) == (1, 2) and "vencido hace 4 días" in html
    # A month that cannot be read: a clear error beside the field, not a 500.
    bad = secretaria.get(BOARD, {"mes": "2027-13"})
    assert bad.status_code == 400 and "Escriba el mes como año y mes, por ejemplo 2027-08." in bad.content.decode()
    assert secretaria.get(BOARD, {"mes": "\x00" * 3, "q": "x" * 10000}).status_code == 400
    # A report recorded takes the duty off the board, and its notice to the Secretary comes on:
    # 2 business days from Thu 19 Aug 2027 → Mon 23 Aug 2027 (CAM-14C-02).
    _report(world, Person.objects.get(family_name="Ficticio Lugo"), 2026, "initial", dt.date(2027, 8, 19))
    html = secretaria.get(BOARD).content.decode()
    (row,) = [r for r in _board_rows(html) if "Ficticio Lugo" in r]
    assert 'data-rule="CAM-14C-02"' in row and "lunes, 23 de agosto de 2027" in row and "quedan 3 días" in row
    assert 'data-rule="CAM-14D-01"' not in html and _counts(html) == (2, 1)


def test_board_export_csv_and_xlsx_with_dates_as_dates_and_formulas_neutralised(world, now, secretaria):
    now.set("2027-08-10 09:00")
    make_person('=HYPERLINK("http://x.example/","pulse")', "Ficticio", role="officer", start=dt.date(2027, 1, 4))
    make_person("@SUM(A1)", "-Ficticia", role="officer", start=dt.date(2027, 1, 4))
    _sweep()
    r = secretaria.get(BOARD, {"estado": "late", "formato": "csv"})
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    assert 'filename="informes-financieros-2027-08.csv"' in r["Content-Disposition"]
    text = r.content.decode("utf-8-sig")
    lines = text.splitlines()
    assert lines[0] == "Persona;Categoría;Expediente;Deber;Vence;Días de atraso;Regla;Cita"
    assert len(lines) == 3
    for line in lines[1:]:
        assert line.startswith(("\"'=HYPERLINK", "'@SUM")), line
        assert ";2027-04-05;127;CAM-14D-01;Sec. 14(d)(1)" in line
    r = secretaria.get(BOARD, {"estado": "late", "formato": "xlsx"})
    assert r.status_code == 200 and "spreadsheetml" in r["Content-Type"]
    ws = load_workbook(io.BytesIO(r.content)).active
    assert [c.value for c in ws[1]] == [
        "Persona",
        "Categoría",
        "Expediente",
        "Deber",
        "Vence",
        "Días de atraso",
        "Regla",
        "Cita",
    ]
    names = sorted(str(ws.cell(row=i, column=1).value) for i in (2, 3))
    assert names[0].startswith("'=HYPERLINK") and names[1].startswith("'@SUM")
    for i in (2, 3):
        assert ws.cell(row=i, column=1).data_type == "s"
        assert ws.cell(row=i, column=5).value.date() == dt.date(2027, 4, 5) and ws.cell(row=i, column=5).is_date
        assert ws.cell(row=i, column=6).value == 127 and ws.cell(row=i, column=7).value == "CAM-14D-01"


def test_board_and_person_page_access(world, now):
    now.set("2027-08-10 09:00")
    _population(world)
    for role, status in (
        ("secretaria", 200),
        ("personal", 200),
        ("comisionado", 200),
        ("presidencia_camara", 404),
        ("secretaria_municipal", 404),
        ("ajeno", 404),
        ("admin", 404),
    ):
        c = Client()
        c.force_login(world.users[role])
        assert c.get(BOARD).status_code == status, role
        assert c.get(BOARD, {"formato": "csv"}).status_code == status, role
    assert Client().get(BOARD).status_code == 302  # to the sign-in


# -- reminders, calendar feed, notice to a late filer -----------------------------------------------------


def test_cam_14d_01_reminders_and_calendar_feed_include_the_report_terms(world, now):
    from ventila.documents.calendars import user_feed
    from ventila.documents.models import ReminderLog
    from ventila.jobs.schedule import run_now

    now.set("2027-01-10 09:00")
    make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    _sweep()
    user = world.users["secretaria"]
    user.email = "secretaria@example.org"
    user.save()
    now.set("2027-04-01 08:00")
    run_now("reminders")
    assert ReminderLog.objects.get(user=user).terms
    body = next(m.body for m in mail.outbox if "secretaria@example.org" in m.to)
    assert "Informe financiero inicial" in body and "5 de abril de 2027" in body
    feed = user_feed(user).decode()
    assert "DTSTART;VALUE=DATE:20270405" in feed and "Informe financiero inicial" in feed


def test_cam_14d_01_notice_to_a_late_filer_generated_issued_and_served_as_a_pdf(world, now, secretaria):
    from pypdf import PdfReader

    from ventila.documents.models import Delivery, Document

    marta, case = _marta(now)
    new = f"/expedientes/{case.number}/anotaciones/1/documentos/late_report_notice/"
    # Not late yet: the notice is not offered.
    assert (
        "Aviso de informe financiero no radicado" not in secretaria.get(f"/expedientes/{case.number}/").content.decode()
    )
    now.set("2027-04-12 09:00")  # a week after Mon 5 Apr
    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    assert "Aviso de informe financiero no radicado" in page
    assert secretaria.get(new).status_code == 200
    r = secretaria.post(new, {"language": "es"})
    assert r.status_code == 302, r.content.decode()[:2000]
    draft_url = r["Location"]
    draft = secretaria.get(draft_url).content.decode()
    assert (
        "Informe financiero inicial: venció el lunes, 5 de abril de 2027 (CAM-14D-01, Sec. 14(d)(1)); han pasado 7 días."
        in draft
    )
    assert "2 días laborables" in draft
    from ventila.documents.actions import do_issue_document, do_order_delivery
    from ventila.documents.models import Draft

    doc = do_issue_document(user=world.users["secretaria"], draft=Draft.objects.get(case=case))
    assert doc.file.read()[:5] == b"%PDF-"
    doc.file.seek(0)
    text = " ".join(" ".join((p.extract_text() or "") for p in PdfReader(doc.file).pages).split())
    assert "Aviso de informe financiero no radicado" in text and "CAM-14D-01" in text and case.number in text
    respondent = case.parties.get(role="respondent")
    do_order_delivery(
        user=world.users["secretaria"],
        document=doc,
        role="respondent",
        name=respondent.name,
        email="",
        method="hand",
        received_on=dt.date(2027, 4, 12),
    )
    assert Delivery.objects.get(document=doc).status == Delivery.Status.RECEIVED
    assert Document.objects.get(pk=doc.pk).sha256
    assert chain.verify().ok


def test_recording_a_report_for_a_year_no_tenure_covers_is_refused(world, now, secretaria):
    now.set("2027-03-26 09:00")
    marta = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    OfficeTerm.objects.filter(person=marta).update(role="officer")
    r = secretaria.post(
        f"{REGISTER}{marta.pk}/", {"covers_year": "2020", "report_type": "annual", "filed_on": "2027-03-25"}
    )
    assert r.status_code == 400
    assert "Esta persona no tenía un cargo que obligue a radicar el informe de ese año." in r.content.decode()


def test_cam_14e_02_an_office_ended_in_the_administration_site_dockets_the_exit_in_the_same_transaction(world, now):
    marta, case = _marta(now, "2027-09-20 09:00")
    office = marta.offices.get()
    admin = Client()
    admin.force_login(world.users["admin"])
    url = f"/admin/bodies/person/{marta.pk}/change/"
    assert admin.get(url).status_code == 200
    data = {
        "given_name": marta.given_name,
        "family_name": marta.family_name,
        "hr_number": "",
        "email": "",
        "offices-TOTAL_FORMS": "1",
        "offices-INITIAL_FORMS": "1",
        "offices-MIN_NUM_FORMS": "0",
        "offices-MAX_NUM_FORMS": "1000",
        "offices-0-id": str(office.pk),
        "offices-0-person": str(marta.pk),
        "offices-0-role": "officer",
        "offices-0-title": "Subsecretaria",
        "offices-0-municipality": "",
        "offices-0-start": "2027-01-04",
        "offices-0-end": "2027-09-15",
    }
    r = admin.post(url, data)
    assert r.status_code == 302, r.content.decode()[-3000:]
    left = case.entries.get(event_type="left_office")
    assert left.occurred_day == dt.date(2027, 9, 15) and left.recorded_by.username == system_user().username
    assert "Cargos editados en la administración por admin" in left.note
    # Left Wed 15 Sep 2027: + 90 calendar days = Tue 14 Dec 2027 (CAM-14E-02).
    assert _terms(case)["final_report"].due == dt.date(2027, 12, 14)
    # The administrator still reaches no case.
    assert admin.get(f"/expedientes/{case.number}/").status_code == 404


def test_cam_14d_01_the_daily_sweep_command_opens_a_case_on_the_day_office_is_taken_and_is_idempotent(world, now):
    from django.core.management import call_command

    now.set("2027-01-03 06:00")
    pablo = make_person("Pablo", "Ficticio Soto", role="department_head", title="Director", start=dt.date(2027, 1, 4))
    out = io.StringIO()
    call_command("sweep_tenures", stdout=out)
    assert "Expedientes abiertos: 0" in out.getvalue() and not TenureCase.objects.exists()
    now.set("2027-01-04 06:00")
    call_command("sweep_tenures", stdout=out)
    # Mon 4 Jan 2027 + 90 days = Sun 4 Apr → Mon 5 Apr 2027 (CAM-14D-01).
    assert _terms(_case(pablo))["initial_report"].due == dt.date(2027, 4, 5)
    again = io.StringIO()
    call_command("sweep_tenures", stdout=again)
    assert "Expedientes abiertos: 0; actos anotados: 0." in again.getvalue()
    assert TenureCase.objects.count() == 1


def test_cam_14d_01_the_notice_to_a_late_filer_in_english(world, now):
    from ventila.documents.actions import do_create_draft

    marta, case = _marta(now)
    now.set("2027-04-12 09:00")
    draft = do_create_draft(
        user=world.users["secretaria"],
        case=case,
        entry=case.entries.get(),
        template="late_report_notice",
        language="en",
    )
    text = " ".join(s["text"] for s in draft.sections)
    assert draft.title == "Notice of a financial report not filed"
    assert "Initial financial report: due on April 5, 2027 (CAM-14D-01, Sec. 14(d)(1)); 7 days have passed." in text
    assert "within the following 2 business days" in text
