"""Recording an act (issue 15): a check-your-answers step before anything is written, with what was
entered and what the engine says the act will change; a late act says what the rulebook attaches to
it and is recorded only once confirmed; the success message states the terms and their dates;
corrections need a reason and a change; removing a closure says how many open cases it moves; a page
the user cannot act on says why and what to do instead.

Dates hand-computed on the legal calendar of Puerto Rico: 2027-03-22 (Emancipation Day) and
2027-03-26 (Good Friday) are holidays."""

from __future__ import annotations

import datetime as dt
import hashlib
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from factories import at, file_complaint, record

from ventila.bodies.models import Closure
from ventila.cases.actions import ActInput, do_add_closure, do_record_act
from ventila.cases.models import Case, DocketEntry
from ventila.rules import RULEBOOKS

from .helpers import dismiss

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def secretary(client, world):
    client.force_login(world.users["secretaria"])
    return client


@pytest.fixture
def notified(world, now):
    """A complaint filed Mon 2027-03-01, served Wed 03-03: the answer term (CAM-21B-02, 15 business days)
    ends Thu 03-25 (03-22 a holiday)."""
    case = file_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    return case


def entries(case):
    return DocketEntry.objects.filter(case=case).count()


def terms(case):
    return {d.deadline_id: d for d in Case.objects.get(pk=case.pk).deadlines.all()}


def hidden(page, name):
    return re.findall(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)


def test_cam_21c_01_check_your_answers_lists_the_examination_term_a_timely_answer_opens(secretary, notified, now):
    now.set("2027-03-10 12:00")
    url = f"/expedientes/{notified.number}/actos/answer_filed/"
    form = secretary.get(url).content.decode()
    assert 'name="step" value="check"' in form and "Continuar" in form
    r = secretary.post(
        url, {"occurred_date": "2027-03-10", "note": "Recibida por correo.\r\nCon anejos.", "step": "check"}
    )
    page = r.content.decode()
    assert r.status_code == 200 and entries(notified) == 2  # nothing written yet
    assert "Revise antes de anotar" in page and "Lo que va a anotar" in page
    assert "miércoles, 10 de marzo de 2027" in page and "Recibida por correo.<br>Con anejos." in page
    # 30 business days (CAM-21C-01) from Wed 03-10, skipping 03-22 and 03-26: Fri 2027-04-23.
    assert (
        "Se abre el término «Examinar la querella y determinar»: vence el viernes, 23 de abril de 2027 "
        "(CAM-21C-01, Sec. 21(c)(1))." in page
    )
    assert (
        "Se cumple el término «Contestar la querella», que vencía el jueves, 25 de marzo de 2027 (CAM-21B-02)." in page
    )
    assert "La etapa pasa de «En espera de contestación» a «En examen»." in page
    assert "fuera de término" not in page and 'name="confirm_late"' not in page
    # What was typed travels in hidden fields; «Cambiar» goes back to the form with it.
    assert hidden(page, "occurred_date") == ["2027-03-10"]
    assert hidden(page, "note") == ["Recibida por correo.\r\nCon anejos."]
    assert f'name="step" value="edit" formaction="{url}#id_note"' in page
    back = secretary.post(url, {"occurred_date": "2027-03-10", "note": "Recibida por correo.", "step": "edit"})
    assert back.status_code == 200 and 'value="2027-03-10"' in back.content.decode()
    assert "Recibida por correo.</textarea>" in back.content.decode() and "error-message" not in back.content.decode()
    assert entries(notified) == 2
    done = secretary.post(
        url, {"occurred_date": "2027-03-10", "note": "Recibida por correo.", "step": "confirm"}, follow=True
    )
    assert entries(notified) == 3
    assert (
        "Anotado «Contestación presentada». El término «Examinar la querella y determinar» corre hasta el "
        "viernes, 23 de abril de 2027 (CAM-21C-01). Se cumplió el término «Contestar la querella» (CAM-21B-02)."
        in done.content.decode()
    )
    assert terms(notified)["examine"].due == dt.date(2027, 4, 23)


def test_cam_21b_02_late_answer_warned_and_not_recorded_until_confirmed(secretary, notified, now):
    now.set("2027-03-29 09:00")  # the answer term ended Thu 03-25
    url = f"/expedientes/{notified.number}/actos/answer_filed/"
    data = {"occurred_date": "2027-03-29"}
    page = secretary.post(url, {**data, "step": "check"}).content.decode()
    assert entries(notified) == 2
    assert "Este acto se anota fuera de término" in page
    assert (
        "El término «Contestar la querella» venció el jueves, 25 de marzo de 2027 (CAM-21B-02, Sec. 21(b)(2))." in page
    )
    late = RULEBOOKS["camara-171"].late_acts["answer"]  # the consequence, as the rulebook declares it
    assert f"Según CAM-21C-01 (Sec. 21(c)(1)): {late.text}" in page
    assert 'name="confirm_late"' in page
    # Confirming without ticking the box: refused with the reason, nothing written.
    r = secretary.post(url, {**data, "step": "confirm"})
    refused = r.content.decode()
    assert r.status_code == 200 and entries(notified) == 2
    assert "<title>Error:" in refused and "Todavía no se anotó" in refused and 'href="#id_confirm_late"' in refused
    # A post that names no step (a script) is a request to record: a late act still waits for confirmation.
    assert secretary.post(url, data).status_code == 200 and entries(notified) == 2
    done = secretary.post(url, {**data, "step": "confirm", "confirm_late": "1"}, follow=True)
    assert entries(notified) == 3
    assert (
        "El término «Contestar la querella» se cumplió fuera de término: venció el jueves, 25 de marzo de 2027 "
        "(CAM-21B-02)." in done.content.decode()
    )
    # CAM-21C-01: the examination still runs from the end of the answer term: 30 business days from
    # Thu 03-25 (03-26 a holiday) → Fri 2027-05-07, as before the answer.
    assert terms(notified)["examine"].due == dt.date(2027, 5, 7)
    assert terms(notified)["answer"].status == "missed"


def test_cam_21b_03_a_refused_act_shows_the_form_again_at_the_check_step_and_writes_nothing(
    secretary, notified, now, world
):
    now.set("2027-03-10 12:00")
    record(world, notified, "extension_requested", "2027-03-08", reasons="Necesito documentos.")
    url = f"/expedientes/{notified.number}/actos/extension_granted/"
    r = secretary.post(url, {"occurred_date": "2027-03-10", "business_days": "16", "step": "check"})
    page = r.content.decode()
    assert r.status_code == 200 and "Revise antes de anotar" not in page and 'value="16"' in page
    assert "el máximo es 15" in page and entries(notified) == 3
    # Within the maximum: the check says the answer term moves, from Thu 03-25 by 10 business days
    # (Good Friday 03-26 skipped) to Fri 2027-04-09.
    page = secretary.post(url, {"occurred_date": "2027-03-10", "business_days": "10", "step": "check"}).content.decode()
    assert (
        "El término «Contestar la querella» pasa de vencer el jueves, 25 de marzo de 2027 a vencer el viernes, "
        "9 de abril de 2027 (CAM-21B-02)." in page
    )
    assert entries(notified) == 3


def test_an_attachment_chosen_on_the_form_is_kept_to_the_confirmation(secretary, notified, now, world):
    now.set("2027-03-10 12:00")
    url = f"/expedientes/{notified.number}/actos/answer_filed/"
    content = b"%PDF-1.4 contestacion"
    upload = SimpleUploadedFile("contestacion.pdf", content, content_type="application/pdf")
    page = secretary.post(url, {"occurred_date": "2027-03-10", "attachment": upload, "step": "check"}).content.decode()
    assert "contestacion.pdf" in page
    [token] = hidden(page, "kept_file")
    # Another user's or an altered token is not honoured: the act is recorded without that file.
    other = secretary.post(url, {"occurred_date": "2027-03-10", "kept_file": token[:-2] + "xx", "step": "edit"})
    assert "Documento adjunto elegido" not in other.content.decode()
    back = secretary.post(url, {"occurred_date": "2027-03-10", "kept_file": token, "step": "edit"}).content.decode()
    assert "Documento adjunto elegido: contestacion.pdf" in back
    secretary.post(url, {"occurred_date": "2027-03-10", "kept_file": token, "step": "confirm"})
    entry = DocketEntry.objects.get(case=notified, event_type="answer_filed")
    [att] = entry.attachments.all()
    assert att.filename == "contestacion.pdf" and att.sha256 == hashlib.sha256(content).hexdigest()


def test_a_correction_needs_a_reason_and_a_change_and_the_docket_shows_both(secretary, notified, now, world):
    now.set("2027-03-10 12:00")
    do_record_act(
        user=world.users["secretaria"],
        case=notified,
        act=ActInput("answer_filed", at("2027-03-08 00:00"), False, note="Recibida en la Oficina."),
    )
    url = f"/expedientes/{notified.number}/anotaciones/3/corregir/"
    form = secretary.get(url).content.decode()
    assert "Recibida en la Oficina.</textarea>" in form  # the original note carried forward
    assert "Motivo de la corrección" in form
    base = {"occurred_date": "2027-03-08", "note": "Recibida en la Oficina.", "step": "check"}
    r = secretary.post(url, base).content.decode()
    assert "Indique por qué corrige la anotación." in r and "no cambia nada" in r and entries(notified) == 3
    r = secretary.post(url, {**base, "correction_reason": "Error de fecha"}).content.decode()
    assert "La corrección no cambia nada de la anotación n.º 3" in r and 'href="#id_occurred_date"' in r
    assert entries(notified) == 3
    fixed = {**base, "occurred_date": "2027-03-09", "correction_reason": "La contestación llegó el martes 9."}
    check = secretary.post(url, fixed).content.decode()
    assert "Corrección de la anotación n.º 3" in check and "La contestación llegó el martes 9." in check
    # 30 business days (03-22 and 03-26 skipped) from Tue 03-09 instead of Mon 03-08: Wed 04-21 → Thu 04-22.
    assert (
        "El término «Examinar la querella y determinar» pasa de vencer el miércoles, 21 de abril de 2027 a vencer "
        "el jueves, 22 de abril de 2027 (CAM-21C-01)." in check
    )
    done = secretary.post(url, {**fixed, "step": "confirm"}, follow=True).content.decode()
    assert "Se corrigió la anotación n.º 3 («Contestación presentada»)." in done
    correction = DocketEntry.objects.get(case=notified, seq=4)
    assert correction.note == "Recibida en la Oficina."
    assert correction.details["correction_reason"] == "La contestación llegó el martes 9."
    assert correction.details["corrected"] == "Fecha del acto: lunes, 8 de marzo de 2027 → martes, 9 de marzo de 2027"
    assert "Motivo de la corrección" in done and "Qué se corrigió" in done


def test_removing_a_closure_day_asks_for_confirmation_and_says_how_many_open_cases_it_moves(secretary, world, now):
    """Filed Mon 03-01: notify within 3 business days (CAM-21B-01); 03-02 a holiday, 03-04 closed → Mon 03-08,
    Fri 03-05 without the closure. A case filed 03-10 runs after the closure: not moved."""
    moved = file_complaint(world)
    now.set("2027-03-01 12:00")
    closure = do_add_closure(
        user=world.users["secretaria"], body=world.camara, day=dt.date(2027, 3, 4), reason="Huracán"
    )
    now.set("2027-03-10 12:00")
    later = file_complaint(world, when="2027-03-10 09:00", knowledge="2027-03-01")
    assert terms(moved)["notify_respondent"].due == dt.date(2027, 3, 8)
    calendar = secretary.get("/cuerpos/etica-camara/calendario/").content.decode()
    url = f"/cuerpos/etica-camara/calendario/cierres/{closure.pk}/eliminar/"
    assert f'href="{url}"' in calendar
    page = secretary.get(url).content.decode()
    assert "¿Eliminar el cierre del jueves, 4 de marzo de 2027 (Huracán)?" in page
    assert "Términos abiertos que cambian de fecha: 1, en 1 expediente abierto." in page
    assert Closure.objects.filter(pk=closure.pk).exists()
    r = secretary.post(url, {"reason": "", "step": "confirm"})
    assert r.status_code == 400 and "No se eliminó el cierre del jueves, 4 de marzo de 2027" in r.content.decode()
    assert Closure.objects.filter(pk=closure.pk).exists()
    r = secretary.post(url, {"reason": "Declarado por error", "step": "confirm"})
    assert r.status_code == 302 and not Closure.objects.filter(pk=closure.pk).exists()
    assert terms(moved)["notify_respondent"].due == dt.date(2027, 3, 5)
    assert terms(later)["notify_respondent"].due == dt.date(2027, 3, 15)


def test_a_commissioner_who_may_read_but_not_record_is_told_why_and_where_to_go(client, world, notified):
    client.force_login(world.users["comisionado"])
    r = client.get(f"/expedientes/{notified.number}/actos/answer_filed/")
    page = r.content.decode()
    assert r.status_code == 403
    assert "Su cuenta puede ver este expediente, pero no anotar «Contestación presentada»" in page
    assert f'href="/expedientes/{notified.number}/"' in page and "Volver al expediente" in page
    assert (
        client.post(f"/expedientes/{notified.number}/actos/answer_filed/", {"occurred_date": "2027-03-03"}).status_code
        == 403
    )
    assert entries(notified) == 2
    r = client.get(f"/expedientes/{notified.number}/anotaciones/2/corregir/")
    assert r.status_code == 403 and "Solo la Secretaría" in r.content.decode()


def test_an_act_not_allowed_now_links_to_the_acts_that_are(secretary, world):
    case = file_complaint(world)
    page = secretary.get(f"/expedientes/{case.number}/actos/answer_filed/").content.decode()
    assert "Qué puede hacer" in page
    assert f'href="/expedientes/{case.number}/actos/respondent_notified/"' in page


def test_an_entry_already_corrected_points_to_the_correction(secretary, world, notified, now):
    first = DocketEntry.objects.get(case=notified, seq=2)
    record(world, notified, "respondent_notified", "2027-03-02", supersedes=first)
    r = secretary.get(f"/expedientes/{notified.number}/anotaciones/2/corregir/")
    page = r.content.decode()
    assert r.status_code == 403 and "ya fue corregida por la n.º 3" in page
    assert f'href="/expedientes/{notified.number}/anotaciones/3/corregir/"' in page


def test_declaring_a_closure_day_is_confirmed_with_the_cases_it_moves(secretary, world, now):
    """CAM-21B-01: filed Mon 03-01, notify within 3 business days → Fri 03-05 (03-02 a holiday); with
    Thu 03-04 closed → Mon 03-08."""
    case = file_complaint(world)
    data = {"form": "closure", "day": "2027-03-04", "reason": "Orden Ejecutiva (huracán)"}
    r = secretary.post("/cuerpos/etica-camara/calendario/", {**data, "step": "check"})
    page = r.content.decode()
    assert r.status_code == 200 and "¿Anotar el cierre del jueves, 4 de marzo de 2027?" in page
    assert "Términos abiertos que cambian de fecha: 1, en 1 expediente abierto." in page
    assert hidden(page, "day") == ["2027-03-04"] and hidden(page, "reason") == ["Orden Ejecutiva (huracán)"]
    assert not Closure.objects.exists() and terms(case)["notify_respondent"].due == dt.date(2027, 3, 5)
    r = secretary.post("/cuerpos/etica-camara/calendario/", {**data, "step": "confirm"})
    assert r.status_code == 302 and Closure.objects.filter(day="2027-03-04").exists()
    assert terms(case)["notify_respondent"].due == dt.date(2027, 3, 8)


def test_cam_21c_03_a_closed_case_says_it_takes_no_more_acts_and_how_to_correct_one(secretary, world, notified, now):
    now.set("2027-03-15 12:00")
    record(world, notified, "answer_filed", "2027-03-15")
    dismiss(world, notified)
    record(world, notified, "determination_notified", "2027-03-15")
    record(world, notified, "case_closed", "2027-03-15")
    assert Case.objects.get(pk=notified.pk).status == Case.Status.CLOSED
    r = secretary.get(f"/expedientes/{notified.number}/actos/answer_filed/")
    page = r.content.decode()
    assert r.status_code == 409 and "El expediente está cerrado" in page and "«Corregir» junto a ella" in page
    assert "No hay otro acto que usted pueda anotar ahora en este expediente." in page
    assert f'href="/expedientes/{notified.number}/"' in page
