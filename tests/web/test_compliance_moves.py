"""Whose move a compliance term is once it ran out (issue 29), read from the rulebook
(``KindSpec.lapse_documents``, ``KindSpec.finding_acts``): a report duty past due is the Commission's
move — «Por hacer», with the notice to the late filer to prepare — and a finding that changes what must
happen («Procede desestimar por falta de jurisdicción») changes the suggested act. Through HTTP, on
both databases."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from factories import assert_stored_counts_hold, file_complaint, make_person, record

from ventila.bodies.models import OfficeTerm
from ventila.cases.models import Case
from ventila.cases.procedures import system_user
from ventila.compliance.models import TenureCase
from ventila.compliance.tenures import sweep_tenures
from ventila.rules import RULEBOOKS
from web import test_financial

pytestmark = pytest.mark.django_db
secretaria = test_financial.secretaria  # the secretary's signed-in client (a fixture)


@pytest.fixture
def only_the_tests_people(world):
    """The world's Representatives hold offices too: left out, so that the sweep opens only Marta's case."""
    OfficeTerm.objects.filter(person__in=[*world.members, world.respondent]).delete()


def _row(body: str, number: str) -> str:
    tbody = body.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return next(tr for tr in re.findall(r"<tr[^>]*>.*?</tr>", tbody, re.S) if f">{number}</a>" in tr)


def _late_filer(now) -> Case:
    """Marta took office on Mon 4 Jan 2027; her first report was due Mon 5 Apr 2027 (CAM-14D-01)."""
    now.set("2027-01-10 09:00")
    marta = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    sweep_tenures(user=system_user())
    return TenureCase.objects.get(person=marta).case


def test_cam_14d_01_the_rulebook_declares_a_late_report_the_commissions_move():
    kind = RULEBOOKS["camara-171"].kinds["financial_report"]
    running = kind.move("initial_report", expired=False)
    late = kind.move("initial_report", expired=True)
    assert not running.body_acts and running.documents == ()
    assert late.body_acts and late.documents == ("late_report_notice",)
    # The OEG's and the filer's other terms are not answered by a notice of the Commission's.
    assert not kind.move("notify_secretary", expired=True).documents


def test_cam_14d_01_a_late_report_is_por_hacer_with_the_notice_to_prepare(only_the_tests_people, now, secretaria):
    case = _late_filer(now)
    now.set("2027-04-12 09:00")  # a week after the due day (5 Apr 2027)
    body = secretaria.get("/expedientes/?turn=mine").content.decode()
    row = _row(body, case.number)
    assert "<strong>La Comisión</strong>" in row
    prepare = f'href="/expedientes/{case.number}/anotaciones/1/documentos/late_report_notice/"'
    assert prepare in row and "Preparar aviso" in row
    waiting = secretaria.get("/expedientes/?turn=waiting").content.decode()
    assert f">{case.number}</a>" not in waiting.split("<tbody>", 1)[-1]

    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    box = page.split('id="siguiente-acto"', 1)[1].split("</div>", 1)[0]
    assert "Preparar: Aviso de informe financiero no radicado" in box and prepare in box
    assert "le toca a la Comisión preparar el aviso" in box and "CAM-14D-01" in box
    assert "Se espera a" not in page
    # The link prepares the draft (the document applies: the duty is past due).
    assert secretaria.get(f"/expedientes/{case.number}/anotaciones/1/documentos/late_report_notice/").status_code in (
        200,
        302,
    )


def test_cam_14d_01_before_the_due_day_the_report_is_the_filers_move(only_the_tests_people, now, secretaria):
    case = _late_filer(now)
    now.set("2027-03-01 09:00")
    body = secretaria.get("/expedientes/?turn=waiting").content.decode()
    row = _row(body, case.number)
    assert "late_report_notice" not in row and "Preparar aviso" not in row
    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    assert "Preparar: Aviso" not in page


def test_cam_20_06_a_time_barred_complaint_suggests_the_dismissal(world, now, secretaria):
    now.set("2027-03-01 11:00")
    # Knew of the facts on 10 Jan; filed on 1 Mar: past the 30 calendar days of Sec. 20(6).
    case = file_complaint(world, when="2027-03-01 10:15", knowledge="2027-01-10")
    assert case.findings.filter(finding_id="complaint_time_barred").exists()
    now.set("2027-03-02 12:00")
    record(world, case, "respondent_notified", "2027-03-02")
    now.set("2027-04-15 12:00")  # the answer term ran out: the determination is allowed
    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    box = page.split('id="siguiente-acto"', 1)[1].split("</div>", 1)[0]
    assert f'href="/expedientes/{case.number}/actos/determination_made/"' in box.split("</li>", 1)[0]
    assert "Lo pide un hallazgo" in box and "falta de jurisdicción" in box and "CAM-20-06" in box


def test_cam_15_02_the_oegs_lapsed_evaluation_is_no_term_anyone_waits_on():
    kind = RULEBOOKS["camara-171"].kinds["financial_report"]
    assert "oeg_evaluation" in kind.lapses and "Sec. 15(2)" in kind.lapses["oeg_evaluation"].es()


def test_cam_17_05_once_access_is_allowed_giving_it_is_the_suggested_act(world, now, secretaria):
    from web.test_matters import open_request

    now.set("2027-03-01 12:00")
    case = open_request(secretaria, world)
    now.set("2027-03-03 12:00")
    secretaria.post(f"/expedientes/{case.number}/actos/subject_notified/", {"occurred_date": "2027-03-03"})
    # CAM-17-04/05: the 15 business days end Thu 25 Mar; access opens Mon 29 Mar (Good Friday between).
    now.set("2027-03-29 09:00")
    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    box = page.split('id="siguiente-acto"', 1)[1].split("</div>", 1)[0]
    assert f'href="/expedientes/{case.number}/actos/access_granted/"' in box.split("</li>", 1)[0]
    assert "Lo pide un hallazgo" in box and "CAM-17-05" in box
    body = secretaria.get("/expedientes/?turn=mine").content.decode()
    assert f">{case.number}</a>" in body.split("<tbody>", 1)[1]


def test_cam_14d_01_the_imports_message_names_the_cases_it_opened_and_how_many_are_late(
    only_the_tests_people, now, secretaria
):
    # Marta took office on 4 Jan 2026: her first report was due in April 2026, long past on 10 Jan 2027.
    now.set("2027-01-10 09:00")
    csv_text = (
        test_financial.HEADER
        + "E-010;Marta;Ficticia Ruiz;Funcionaria;Subsecretaria;05/01/2026;\r\n"
        + "E-011;Pablo;Ficticio Soto;Jefe de dependencia;Director de Compras;04/01/2027;\r\n"
    )
    test_financial._import(secretaria, "RRHH enero.csv", csv_text)
    body = secretaria.get(test_financial.REGISTER).content.decode()
    numbers = sorted(t.case.number for t in TenureCase.objects.select_related("case"))
    assert len(numbers) == 2
    assert "Se abrieron 2 expedientes (" in body and all(n in body for n in numbers)
    marta = TenureCase.objects.get(person__given_name="Marta").case.number
    assert f"1 ya tiene un informe vencido: {marta}." in body


def test_cam_14d_01_the_board_offers_preparar_aviso_on_each_late_row(only_the_tests_people, now, secretaria):
    case = _late_filer(now)
    now.set("2027-04-12 09:00")
    body = secretaria.get(test_financial.BOARD + "?estado=late").content.decode()
    row = next(tr for tr in re.findall(r"<tr[^>]*>.*?</tr>", body, re.S) if case.number in tr)
    assert f'href="/expedientes/{case.number}/anotaciones/1/documentos/late_report_notice/">Preparar aviso' in row
    now.set("2027-03-01 09:00")  # not late yet: nothing to prepare
    body = secretaria.get(test_financial.BOARD + "?mes=2027-04").content.decode()
    assert "Preparar aviso" not in body


def _two_late_filers(now) -> list[Case]:
    """Marta and Pablo took office on Mon 4 Jan 2027; their first reports were due Mon 5 Apr 2027 (CAM-14D-01)."""
    now.set("2027-01-10 09:00")
    for first, last in (("Marta", "Ficticia Ruiz"), ("Pablo", "Ficticio Soto")):
        make_person(first, last, role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    sweep_tenures(user=system_user())
    return [t.case for t in TenureCase.objects.select_related("case").order_by("case__number")]


def test_cam_14d_01_the_board_prepares_the_notices_of_every_late_filer_marked(only_the_tests_people, now, secretaria):
    from ventila.documents.models import Draft

    cases = _two_late_filers(now)
    now.set("2027-04-12 09:00")  # a week after the due day
    page = secretaria.get(test_financial.BOARD + "?estado=late").content.decode()
    assert "Preparar los avisos de todos los morosos" in page and "2 filas atrasadas piden el aviso" in page
    for c in cases:
        assert f'name="caso" value="{c.pk}" form="avisos" checked' in page
    assert '<input type="hidden" name="estado" value="late">' in page

    r = secretaria.post(
        test_financial.BOARD + "avisos/", {"estado": "late", "mes": "2027-04", "caso": [c.pk for c in cases]}
    )
    assert r.status_code == 302 and r["Location"].endswith("?mes=2027-04&estado=late")
    drafts = {d.case_id: d for d in Draft.objects.filter(template="late_report_notice")}
    assert set(drafts) == {c.pk for c in cases}
    assert all(d.rule_id == "CAM-14D-01" and d.source.seq == 1 for d in drafts.values())
    body = secretaria.get(r["Location"]).content.decode()
    assert "Se prepararon 2 avisos; revíselos y expídalos uno a uno:" in body
    for c in cases:
        assert f'<a href="/expedientes/{c.number}/borradores/{drafts[c.pk].pk}/" translate="no">{c.number}</a>' in body

    # The board now leads to each draft waiting, and offers no second notice for those rows.
    for c in cases:
        assert f'href="/expedientes/{c.number}/borradores/{drafts[c.pk].pk}/">Revisar el borrador del aviso' in body
        assert f'name="caso" value="{c.pk}"' not in body
    assert "Preparar los avisos de todos los morosos" not in body
    # Again: the drafts pending are kept, not doubled.
    secretaria.post(test_financial.BOARD + "avisos/", {"estado": "late", "caso": [cases[0].pk]})
    assert Draft.objects.filter(template="late_report_notice").count() == 2
    body = secretaria.get(test_financial.BOARD + "?estado=late").content.decode()
    assert "Los avisos marcados ya tenían un borrador pendiente" in body


def test_cam_14d_01_the_bulk_notice_prepares_only_the_rows_marked_and_late(only_the_tests_people, now, secretaria):
    from ventila.documents.models import Draft

    marta, pablo = _two_late_filers(now)
    now.set("2027-04-12 09:00")
    secretaria.post(test_financial.BOARD + "avisos/", {"estado": "late", "caso": [pablo.pk]})
    assert list(Draft.objects.values_list("case_id", flat=True)) == [pablo.pk]
    # Nothing marked: nothing prepared, and a clear message.
    r = secretaria.post(test_financial.BOARD + "avisos/", {"estado": "late"}, follow=True)
    assert "No se preparó ningún aviso: marque al menos una fila atrasada." in r.content.decode()
    assert Draft.objects.count() == 1
    # Before the due day the report is the filer's move: no notice to prepare even if a row is posted.
    now.set("2027-03-01 09:00")
    Draft.objects.all().delete()
    r = secretaria.post(test_financial.BOARD + "avisos/", {"mes": "2027-04", "caso": [marta.pk]}, follow=True)
    assert "ninguna fila marcada lo necesita ya" in r.content.decode() and not Draft.objects.exists()
    assert "Preparar los avisos de todos los morosos" not in secretaria.get(test_financial.BOARD).content.decode()


def test_the_bulk_notice_is_a_post_for_staff_only(only_the_tests_people, now, secretaria, client):
    _two_late_filers(now)
    assert secretaria.get(test_financial.BOARD + "avisos/").status_code == 405
    r = client.post(test_financial.BOARD + "avisos/", {"caso": ["1"]})
    assert r.status_code in (302, 403) and "/entrar" in r.get("Location", "/entrar")


def test_cam_16a_01_once_the_late_filer_is_noticed_the_move_is_the_oegs(only_the_tests_people, now, world, secretaria):
    """Sec. 16(a): after the Commission's notice the law gives it no act or term of its own on the late
    report; the OEG's Director refers the matter if a violation is probable (CAM-16A-01)."""
    from ventila.documents.actions import do_issue_document
    from ventila.documents.models import Draft

    case = _late_filer(now)
    now.set("2027-04-12 09:00")  # a week after the due day (5 Apr 2027)
    secretaria.post(test_financial.BOARD + "avisos/", {"estado": "late", "caso": [case.pk]})
    now.set("2027-04-13 10:00")
    assert Case.objects.get(pk=case.pk).turn == "lapse"  # the filer's term ran out on 5 Apr: the Commission's move
    assert_stored_counts_hold("2027-04-04", "2027-04-13")
    do_issue_document(user=world.users["secretaria"], draft=Draft.objects.get(case=case))
    assert Case.objects.get(pk=case.pk).turn == "waiting"  # the notice answered the lapse (issue 30: stored counts)
    assert_stored_counts_hold("2027-04-04", "2027-04-13")

    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    assert 'id="siguiente-acto"' not in page and "Preparar: Aviso" not in page
    assert "Se expidió el aviso al funcionario obligado." in page
    assert "Le toca a la Oficina de Ética Gubernamental. Regla CAM-16A-01 · Sec. 16(a)." in page
    mine = secretaria.get("/expedientes/?turn=mine").content.decode()
    assert f">{case.number}</a>" not in mine.split("<tbody>", 1)[-1]
    waiting = secretaria.get("/expedientes/?turn=waiting").content.decode()
    row = _row(waiting, case.number)
    assert "Preparar aviso" not in row and "Oficina de Ética Gubernamental" in row
    board = secretaria.get(test_financial.BOARD + "?estado=late").content.decode()
    assert f'name="caso" value="{case.pk}"' not in board and "late_report_notice" not in _row(board, case.number)


def test_cam_14c_01_a_notice_of_an_earlier_lapse_does_not_answer_a_later_duty(
    only_the_tests_people, now, world, secretaria
):
    """The notice issued on 13 Apr 2027 for the initial report (CAM-14D-01) answers that lapse, not the
    annual report due 15 Aug 2028 (CAM-14C-01): the later lapse is the Commission's move again."""
    from ventila.documents.actions import do_issue_document
    from ventila.documents.models import Draft
    from ventila.web.views.turns import answered_lapses

    case = _late_filer(now)
    now.set("2027-04-12 09:00")
    secretaria.post(test_financial.BOARD + "avisos/", {"estado": "late", "caso": [case.pk]})
    now.set("2027-04-13 10:00")
    do_issue_document(user=world.users["secretaria"], draft=Draft.objects.get(case=case))
    key = "late_report_notice"
    assert answered_lapses([(case.pk, key, dt.date(2027, 4, 5))]) == {(case.pk, key)}
    assert answered_lapses([(case.pk, key, dt.date(2027, 4, 13))]) == {(case.pk, key)}  # the same day counts
    assert answered_lapses([(case.pk, key, dt.date(2028, 8, 15))]) == set()


def test_cam_16a_01_the_rulebook_hands_the_move_to_the_oeg_once_the_notice_is_issued():
    kind = RULEBOOKS["camara-171"].kinds["financial_report"]
    noticed = kind.move("initial_report", expired=True, answered=True)
    assert noticed.actor == "oeg" and not noticed.body_acts and noticed.documents == ()
    assert noticed.follows is not None and noticed.follows.rule == "CAM-16A-01"
    assert RULEBOOKS["camara-171"].rules["CAM-16A-01"].citation == "Sec. 16(a)"
    # Not yet issued: still the Commission's notice to prepare.
    assert kind.move("initial_report", expired=True, answered=False).documents == ("late_report_notice",)
    assert kind.next_act([("initial_report", True)], [], documents=True, answered=["initial_report"]) is None
