"""The service form asks only what the chosen method needs (issue 15): a conditional reveal of the
e-mail address or of the date of receipt, checked on the server only for the method chosen; the
document's addressee is chosen beforehand; a failed e-mail reads as a sentence a clerk can act on."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from factories import file_complaint

from ventila.documents.models import Delivery, DeliveryAttempt

from .helpers import issue

pytestmark = pytest.mark.django_db

NO_ANSWER = (
    "No se pudo enviar: el servidor de correo no respondió. Inténtelo de nuevo más tarde o notifique por otro medio."
)


def _staff(world):
    c = Client()
    c.force_login(world.users["secretaria"])
    return c


def _notice_to_serve(world, now):
    """A complaint's notice issued, on Sat 6 Mar 2027: its respondent, its service form's URL, the staff's client."""
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    now.set("2027-03-06 10:00")
    return (
        case.parties.get(role="respondent"),
        f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/",
        _staff(world),
    )


def _checked(page: str, name: str) -> list[str]:
    """The values of the checked radios named ``name``."""
    return [
        re.search(r'value="([^"]*)"', tag).group(1)
        for tag in re.findall(rf'<input type="radio" name="{name}"[^>]*>', page)
        if " checked" in tag
    ]


def test_the_form_reveals_each_methods_fields_and_chooses_the_addressee(world):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    respondent = case.parties.get(role="respondent")
    page = _staff(world).get(f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/").content.decode()
    # The notice goes to the respondent: chosen already, in their capacity (a party's role).
    assert _checked(page, "recipient") == [f"party-{respondent.pk}"]
    # Each method names the panel it reveals; the panels hold only their own fields.
    for value, panel in [
        ("email_attachment", "email"),
        ("email_link", "email"),
        ("hand", "receipt"),
        ("mail", "receipt"),
    ]:
        assert re.search(rf'<input type="radio" name="method" value="{value}"[^>]*data-reveals="{panel}"', page)
    email_panel = page.split('data-reveal="email"')[1].split("</div>\n")[0]
    receipt_panel = page.split('data-reveal="receipt"')[1].split('<p class="actions">')[0]
    assert 'name="email"' in email_panel and 'name="received_on"' not in email_panel
    assert (
        'name="received_on"' in receipt_panel and 'name="note"' in receipt_panel and 'name="email"' not in receipt_panel
    )
    assert 'data-reveal="other"' in page and _checked(page, "method") == []


def test_the_speakers_copy_goes_to_another_person_in_the_speakers_capacity(world):
    case = file_complaint(world)
    doc = issue(world, case, "speaker_copy")
    page = _staff(world).get(f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/").content.decode()
    assert _checked(page, "recipient") == ["other"]
    assert 'name="name" value="Presidente de la Cámara de Representantes"' in page
    assert re.search(r'<option value="speaker" selected>', page)


def test_only_the_chosen_methods_fields_are_required_and_checked(world, now):
    respondent, url, c = _notice_to_serve(world, now)
    # No method: that is the one thing asked.
    r = c.post(url, {"recipient": f"party-{respondent.pk}"})
    page = r.content.decode()
    assert r.status_code == 200 and "Elija cómo se notifica el documento." in page and "<title>Error:" in page
    assert "Indique la fecha" not in page and "Indique el correo" not in page
    # By hand: the date is required; an unusable e-mail typed before switching method is ignored.
    r = c.post(url, {"recipient": f"party-{respondent.pk}", "method": "hand", "email": "no es un correo"})
    page = r.content.decode()
    assert "Indique la fecha en que el destinatario recibió el documento." in page
    assert "Escriba una dirección de correo válida" not in page and not Delivery.objects.exists()
    r = c.post(url, {"recipient": f"party-{respondent.pk}", "method": "hand", "received_on": "5 de marzo"})
    assert "Escriba una fecha válida (AAAA-MM-DD)." in r.content.decode()
    # By e-mail: the address is checked, and the date of receipt typed meanwhile is not.
    r = c.post(
        url,
        {
            "recipient": "other",
            "name": "Lcda. Ficticia",
            "method": "email_link",
            "email": "ficticia@",
            "received_on": "x",
        },
    )
    page = r.content.decode()
    assert "Escriba una dirección de correo válida, como nombre@ejemplo.org." in page
    assert "Escriba una fecha válida" not in page and not Delivery.objects.exists()
    # Another person needs a name; a party's name and capacity come from the case.
    r = c.post(url, {"recipient": "other", "method": "hand", "received_on": "2027-03-05"})
    assert "Indique el nombre del destinatario." in r.content.decode()
    r = c.post(
        url,
        {
            "recipient": f"party-{respondent.pk}",
            "name": "No cuenta",
            "method": "hand",
            "received_on": "2027-03-05",
            "note": "Entregada en su oficina.",
            "email": "no es un correo",
        },
    )
    assert r.status_code == 302
    d = Delivery.objects.get()
    assert (d.recipient_name, d.recipient_role, d.recipient_email) == (respondent.name, "respondent", "")
    assert d.received_on == dt.date(2027, 3, 5) and d.receipt_note == "Entregada en su oficina."


def test_a_failed_email_says_what_happened_and_what_to_do_never_the_exception(world, now, no_smtp):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    url = f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/"
    c = _staff(world)
    # A real SMTP port on loopback that refuses the connection.
    r = c.post(url, {"recipient": "other", "name": "Rafael", "method": "email_attachment", "email": "r@example.org"})
    assert r.status_code == 302
    page = c.get(r["Location"]).content.decode()
    assert NO_ANSWER in page and "El sistema lo reintentará automáticamente." in page
    d = Delivery.objects.get()
    assert d.status == Delivery.Status.RETRYING
    a = DeliveryAttempt.objects.get()
    assert a.server_answer == "Sin respuesta del servidor de correo: rechazó la conexión."
    r = c.post(f"/expedientes/{case.number}/documentos/{doc.pk}/notificaciones/{d.pk}/reintentar/")
    page = c.get(r["Location"]).content.decode()
    assert page.count(NO_ANSWER) >= 2  # the message of the retry, and the row of the delivery
    # In English, the same in English: the sentence, and the record of the attempt in words.
    c.cookies["django_language"] = "en"
    english = c.get(f"/expedientes/{case.number}/documentos/{doc.pk}/").content.decode()
    assert "It could not be sent: the mail server did not answer." in english
    assert "No answer from the mail server: refused the connection." in english
    case_page = c.get(f"/expedientes/{case.number}/").content.decode()
    for word in ("ConnectionRefusedError", "Errno", "Connection refused", "OSError", "Traceback"):
        assert word not in page and word not in case_page


@pytest.mark.parametrize(
    "answer,sentence",
    [
        pytest.param(
            "451 4.3.0 Mailbox temporarily unavailable",
            "No se pudo enviar: el servidor de correo no aceptó el mensaje por ahora.",
            id="a temporary refusal: try later",
        ),
        pytest.param(
            "550 5.1.1 User unknown",
            "No se pudo enviar: el servidor de correo rechazó la dirección r@example.org.",
            id="a permanent refusal: check the address",
        ),
    ],
)
def test_a_refusal_by_a_real_server_reads_as_a_sentence(world, now, smtp, answer, sentence):
    smtp.refuse = answer
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    c = _staff(world)
    r = c.post(
        f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/",
        {"recipient": "other", "name": "Rafael", "method": "email_link", "email": "r@example.org"},
    )
    page = c.get(r["Location"]).content.decode()
    assert sentence in page and "notifique por otro medio" in page
    assert DeliveryAttempt.objects.get().server_answer == answer  # the server's own words stay on record


def test_the_email_hint_names_the_chosen_recipient_not_another_party(world):
    """Issue 29: the hint said the complainant's address would be used while the respondent was chosen."""
    case = file_complaint(world)
    respondent = case.parties.get(role="respondent")
    complainant = case.parties.get(role="complainant")
    respondent.email, complainant.email = "rafael@example.org", "ana@example.org"
    respondent.save(update_fields=["email"])
    complainant.save(update_fields=["email"])
    doc = issue(world, case, "notice_of_complaint")
    url = f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/"
    page = _staff(world).get(url).content.decode()
    hints = dict(re.findall(r'<span data-hint-for="([^"]+)"([^>]*)>', page))
    # One sentence per recipient; only the chosen one's (the respondent's) is shown, the others wait hidden.
    assert set(hints) == {f"party-{respondent.pk}", f"party-{complainant.pk}", "other"}
    assert hints[f"party-{respondent.pk}"] == "" and hints[f"party-{complainant.pk}"] == " hidden"
    shown = page.split(f'data-hint-for="party-{respondent.pk}">', 1)[1].split("</span>", 1)[0]
    assert "rafael@example.org" in shown and "ana@example.org" not in shown
    # Sent back with another recipient chosen (an error elsewhere), that one's sentence is the one shown.
    again = _staff(world).post(url, {"recipient": f"party-{complainant.pk}", "method": ""}).content.decode()
    assert (
        f'data-hint-for="party-{complainant.pk}">' in again and f'data-hint-for="party-{respondent.pk}" hidden' in again
    )


def test_cam_21b_02_service_by_hand_is_checked_first_with_the_term_it_starts(world, now):
    """CAM-21B-02: 15 business days from the receipt on Fri 5 Mar 2027 — Mon 22 Mar (Emancipation Day)
    and Fri 26 Mar (Good Friday) are holidays: 8–12, 15–19, 23–25, 29, 30 → Tue 30 Mar 2027."""
    respondent, url, c = _notice_to_serve(world, now)
    data = {
        "recipient": f"party-{respondent.pk}",
        "method": "hand",
        "received_on": "2027-03-05",
        "note": "Entregada en su oficina.",
    }
    page = c.get(url).content.decode()
    assert 'name="paso" value="revisar"' in page
    r = c.post(url, {**data, "paso": "revisar"})
    page = r.content.decode()
    assert r.status_code == 200 and "Revise antes de anotar" in page and not Delivery.objects.exists()
    assert "<li>Se anota «Notificación recibida por la parte querellada» con la fecha de recibo.</li>" in page
    assert (
        "Se abre el término «Contestar la querella»: vence el martes, 30 de marzo de 2027 (CAM-21B-02, Sec. 21(b)(2))."
        in page
    )
    assert 'name="received_on" value="2027-03-05"' in page and "Entregada en su oficina." in page
    # «Cambiar»: back to the form, with what was typed.
    page = c.post(url, {**data, "paso": "cambiar"}).content.decode()
    assert 'value="2027-03-05"' in page and not Delivery.objects.exists() and "Revise antes de anotar" not in page
    r = c.post(url, {**data, "paso": "confirmar"})
    assert r.status_code == 302 and Delivery.objects.get().received_on == dt.date(2027, 3, 5)
