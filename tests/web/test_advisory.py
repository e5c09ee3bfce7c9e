"""Issue 17, Sec. 19 over HTTP: advisory opinions opened from the queue with the engine's checks shown
before the request is accepted, the 30-business-day term (+30 by vote), the Commission's roll call, the
opinion and the rejection «de plano» issued as documents, Sec. 19(f) revisions keeping the history, the
binding register and its link to a later complaint (Sec. 19(e)), and a member of the House filing their
own request online.

Hand-computed dates (a request filed Mon 2027-03-01; Puerto Rico holidays skipped: Tue Mar 2, Mon Mar 22,
Fri Mar 26; none in April or May before May 31): the 30th business day after Mar 1 is Thu 2027-04-15 —
the earliest facts' day a request of Mar 1 may ask about (CAM-19C-01) and the day the opinion is due
(CAM-19D-01); 30 business days more (Apr 16 is the 1st) end on Thu 2027-05-27. Counted back, the 30th
business day before Wed Apr 14 is Fri Feb 26: the last day a request about facts of Apr 14 was timely.
"""

from __future__ import annotations

import datetime as dt

import pytest
from documents.helpers import flat, issue, pdf_pages
from factories import file_complaint, make_person, make_user, record, unanimous

from ventila.accounts.models import RoleGrant
from ventila.cases.models import Case
from ventila.documents.models import Document

from .helpers import opened, signed_in

pytestmark = pytest.mark.django_db

URL = "/expedientes/asunto/etica-camara/advisory_opinion/"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def request_data(world, person=None, **changes):
    office = (person or world.respondent).offices.get()
    return {
        "acto": "opinion_requested",
        "person_office": office.pk,
        "occurred_date": "2027-03-01",
        "facts": "Aceptar una invitación a dar una charla sin paga en una escuela de su distrito.",
        "facts_date": "2027-04-15",
        "detailed": "on",
        **changes,
    }


def open_request(client, world, **changes):
    """The form, the check step (nothing written yet), then the confirmed filing."""
    data = request_data(world, **changes)
    check = client.post(URL, data)
    assert check.status_code == 200, check.content.decode()[:3000]
    assert "Revise antes de anotar" in check.content.decode()
    return opened(client.post(URL, {**data, "paso": "confirmar"})), check.content.decode()


def fresh(case):
    return Case.objects.get(pk=case.pk)


def due(case, deadline="issue_opinion"):
    return fresh(case).deadlines.get(deadline_id=deadline).due


def test_cam_19c_01_the_check_step_shows_the_findings_before_the_request_is_accepted(client, world, now):
    signed_in(client, world)
    assert URL in client.get("/expedientes/").content.decode()
    # Facts on Wed Apr 14: the 29th business day after Mar 1 — too late; nothing is written by the check.
    check = client.post(URL, request_data(world, facts_date="2027-04-14"))
    page = check.content.decode()
    assert check.status_code == 200 and "CAM-19C-01" in page and "26 de febrero de 2027" in page
    assert not Case.objects.filter(kind="advisory_opinion").exists()
    # Facts on Thu Apr 15, the 30th business day: timely; the issuing term opens, due that same day.
    case, page = open_request(client, world)
    assert 'class="findings"' not in page and "La solicitud se radica a tiempo" in page
    assert "15 de abril de 2027" in page and "CAM-19D-01" in page
    assert fresh(case).stage == "under_consideration"
    assert due(case) == dt.date(2027, 4, 15)
    assert not fresh(case).findings.filter(rule_id="CAM-19C-01").exists()


def test_cam_19c_02_facts_already_occurring_are_rejected_de_plano_and_the_act_is_served(client, world, now):
    signed_in(client, world)
    case, page = open_request(client, world, facts_ongoing="on")
    assert "CAM-19C-02" in page
    assert fresh(case).stage == "not_admissible"
    now.set("2027-03-03 12:00")
    record(world, case, "opinion_rejected", "2027-03-03", grounds="no_jurisdiction")
    assert fresh(case).stage == "rejected"
    doc = issue(world, fresh(case), "advisory_opinion", seq=2)
    assert doc.rule_id == "CAM-19B-01"
    data = client.get(f"/expedientes/{case.number}/documentos/{doc.pk}/pdf/").getvalue()
    assert data[:5] == b"%PDF-"
    text = flat(" ".join(pdf_pages(data)))
    assert "rechaza de plano" in text and "ya ocurrieron o están ocurriendo" in text and case.number in text
    serve = client.get(f"/expedientes/{case.number}/documentos/{doc.pk}/notificar/")
    assert serve.status_code == 200 and "Rafael Quiñones Ficticio" in serve.content.decode()
    # Rejected: not in the binding register of issued opinions.
    assert case.number not in client.get("/cuerpos/etica-camara/opiniones/").content.decode()
    assert case.number in client.get("/cuerpos/etica-camara/opiniones/?todas=1").content.decode()


def test_cam_19a_02_a_related_complaint_on_record_is_shown_on_the_check_step(client, world, now):
    complaint = file_complaint(world)
    signed_in(client, world)
    page = client.post(URL, request_data(world, related_complaint="on")).content.decode()
    assert complaint.number in page and "CAM-19A-02" in page


def test_cam_19d_01_the_term_is_30_business_days_plus_30_by_vote(client, world, now):
    signed_in(client, world)
    case, _page = open_request(client, world, facts_date="2027-06-01")
    assert due(case) == dt.date(2027, 4, 15)
    now.set("2027-04-01 12:00")
    record(world, case, "opinion_extension_granted", "2027-04-01", business_days=30, ballots=unanimous(world, 4))
    assert due(case) == dt.date(2027, 5, 27)
    assert "opinion_extension_granted" not in fresh(case).allowed_next  # once


def test_cam_19d_02_the_opinion_needs_the_sec_6_majority_and_19f_revisions_keep_the_history(client, world, now):
    from ventila.cases.actions import ActRefused

    signed_in(client, world)
    case, _page = open_request(client, world)
    now.set("2027-04-01 12:00")
    with pytest.raises(ActRefused):  # 3 of 7: no majority of the members (Sec. 6)
        record(world, case, "opinion_issued", "2027-04-01", opinion_text="Texto A.", ballots=unanimous(world, 3))
    record(
        world,
        case,
        "opinion_issued",
        "2027-04-01",
        opinion_text="La charla es compatible.",
        ballots=unanimous(world, 4),
    )
    case = fresh(case)
    assert case.stage == "issued" and case.findings.filter(rule_id="CAM-19E-01").exists()
    doc = issue(world, case, "advisory_opinion", seq=2)
    assert doc.rule_id == "CAM-19D-01"
    text = flat(" ".join(pdf_pages(client.get(f"/expedientes/{case.number}/documentos/{doc.pk}/pdf/").getvalue())))
    assert "La charla es compatible." in text and "Sección 19(e)" in text
    register = client.get("/cuerpos/etica-camara/opiniones/").content.decode()
    assert case.number in register and "Vigente" in register and "La charla es compatible." in register
    # Sec. 19(f): modified on new evidence — both texts kept; then set aside — revoked.
    now.set("2027-04-20 12:00")
    record(world, case, "opinion_revised", "2027-04-20", revision="modify", reason="new_evidence",
           opinion_text="Solo sin paga y fuera del horario.", ballots=unanimous(world, 4))  # fmt: skip
    register = client.get("/cuerpos/etica-camara/opiniones/").content.decode()
    assert "Vigente, enmendada" in register and "Solo sin paga y fuera del horario." in register
    assert "<dt>Enmendada</dt><dd>martes, 20 de abril de 2027</dd>" in register  # issue 27: the date it was amended
    assert "La charla es compatible." in register  # the first version, in the history
    binding = fresh(case).findings.get(finding_id="opinion_binding")
    assert "enmendada el martes, 20 de abril de 2027" in binding.message_es()
    seq = case.entries.get(event_type="opinion_revised").seq
    revision_doc = issue(world, fresh(case), "advisory_opinion", seq=seq)
    assert revision_doc.rule_id == "CAM-19F-01"
    pdf = client.get(f"/expedientes/{case.number}/documentos/{revision_doc.pk}/pdf/").getvalue()
    assert "Modificar la opinión" in flat(" ".join(pdf_pages(pdf)))
    now.set("2027-04-21 12:00")
    record(world, case, "opinion_revised", "2027-04-21", revision="revoke", reason="miscarriage_of_justice",
           ballots=unanimous(world, 4))  # fmt: skip
    register = client.get("/cuerpos/etica-camara/opiniones/").content.decode()
    assert "Revocada o dejada sin efecto" in register
    # Issue 27 (Sec. 19(e) «a menos que sea enmendada o revocada»): the revoked text is no longer «vigente»,
    # the register dates the revocation, and the engine no longer says the opinion binds.
    assert "<dt>Revocada</dt><dd>miércoles, 21 de abril de 2027</dd>" in register
    assert "Texto vigente" not in register and "Solo sin paga y fuera del horario." in register  # history kept
    ids = set(fresh(case).findings.values_list("finding_id", flat=True))
    assert "opinion_revoked" in ids and "opinion_binding" not in ids
    seq = case.entries.filter(event_type="opinion_revised").order_by("-seq").first().seq
    revoked_doc = issue(world, fresh(case), "advisory_opinion", seq=seq)
    text = flat(
        " ".join(pdf_pages(client.get(f"/expedientes/{case.number}/documentos/{revoked_doc.pk}/pdf/").getvalue()))
    )
    assert "ya no obliga a la Comisión" in text and "La opinión obliga" not in text
    assert Document.objects.filter(case=case).count() == 3


def test_cam_19e_01_a_later_complaint_shows_the_respondents_opinions(client, world, now):
    signed_in(client, world)
    case, _page = open_request(client, world)
    now.set("2027-04-01 12:00")
    record(
        world, case, "opinion_issued", "2027-04-01", opinion_text="Puede dar la charla.", ballots=unanimous(world, 4)
    )
    now.set("2027-05-03 10:30")
    complaint = file_complaint(world, when="2027-05-03 10:15", knowledge="2027-04-20")
    page = client.get(f"/expedientes/{complaint.number}/").content.decode()
    assert "Opiniones consultivas de la persona querellada" in page and case.number in page
    assert "Puede dar la charla." in page and "CAM-19E-01" in page
    # Another respondent's complaint does not show it.
    other = make_person("Otra", "Persona Ficticia", title="Representante del Distrito 41")
    page = client.get(f"/expedientes/{file_complaint(world, respondent=other).number}/").content.decode()
    assert "Opiniones consultivas de la persona querellada" not in page
    # The register is the Commission's: a seated member reads it; the Speaker's office and others do not.
    assert client.get("/cuerpos/etica-camara/opiniones/").status_code == 200
    for who, want in (
        ("comisionado", 200),
        ("presidencia_camara", 404),
        ("ajeno", 404),
        ("secretaria_municipal", 404),
    ):
        client.force_login(world.users[who])
        assert client.get("/cuerpos/etica-camara/opiniones/").status_code == want, who


def member(world, person=None, username="miembro_camara"):
    person = person or world.respondent
    return make_user(username, person=person, grants=((world.camara, RoleGrant.Role.HOUSE_MEMBER),))


def test_cam_19a_01_a_member_files_their_own_request_online_and_sees_only_their_own(client, world, now):
    own = member(world)
    other_person = make_person("Vecina", "Ficticia Otra", title="Representante del Distrito 42")
    client.force_login(world.users["secretaria"])
    others, _page = open_request(client, world, person=other_person, facts="Hechos ajenos de otra persona.")
    client.force_login(own)
    assert client.get("/mis-opiniones/").status_code == 200
    new = "/mis-opiniones/etica-camara/nueva/"
    data = {
        "facts": "Participar sin paga en un foro sobre agricultura.",
        "facts_date": "2027-04-14",
        "facts_ongoing": "0",
        "related_complaint": "0",
        "paso": "revisar",
    }
    check = client.post(new, data)
    # Apr 14: too late, shown first — in the law's words, without the rule's ID (issue 29: not for her).
    assert check.status_code == 200 and "(Sec. 19(c))" in check.content.decode()
    assert "CAM-19C-01" not in check.content.decode()
    assert not Case.objects.filter(kind="advisory_opinion", parties__person=world.respondent).exists()
    r = client.post(new, {**data, "facts_date": "2027-04-15", "paso": "confirmar"})
    assert r.status_code == 302 and r["Location"] == "/mis-opiniones/"
    mine = Case.objects.get(kind="advisory_opinion", parties__person=world.respondent)
    assert mine.entries.get().recorded_by == own and mine.stage == "under_consideration"
    assert due(mine) == dt.date(2027, 4, 15)
    listing = client.get("/mis-opiniones/").content.decode()
    assert mine.number in listing and "foro sobre agricultura" in listing and "15 de abril de 2027" in listing
    assert others.number not in listing and "Hechos ajenos" not in listing
    # Nothing else of the Commission: not the case page, not the register, not the queue's cases.
    for url in (f"/expedientes/{mine.number}/", f"/expedientes/{others.number}/", "/cuerpos/etica-camara/opiniones/",
                URL, "/cuerpos/etica-camara/obligados/"):  # fmt: skip
        assert client.get(url).status_code == 404, url
    assert mine.number not in client.get("/expedientes/").content.decode()
    # Without the grant (or without a person) there is no such page.
    client.force_login(world.users["ajeno"])
    assert client.get("/mis-opiniones/").status_code == 404
    assert client.get(new).status_code == 404


@pytest.mark.parametrize(
    "facts, error",
    [
        ("Hechos\x00con NUL", "caracteres nulos no están permitidos"),
        ("x" * 10_000, "menos de 4000 caracteres (tiene 10000)"),
        ("   ", "Escriba los hechos"),
    ],
)
def test_cam_19b_01_hostile_input_on_the_members_form_gives_a_clear_error(client, world, now, facts, error):
    client.force_login(member(world))
    data = {"facts": facts, "facts_date": "2027-04-15", "facts_ongoing": "0", "related_complaint": "0"}
    r = client.post("/mis-opiniones/etica-camara/nueva/", data)
    page = r.content.decode()
    assert r.status_code == 200 and error in page and "Error:" in page
    assert not Case.objects.filter(kind="advisory_opinion").exists()
    # CR-LF is kept as a line break, not refused.
    r = client.post("/mis-opiniones/etica-camara/nueva/", {**data, "facts": "Uno\r\nDos", "paso": "confirmar"})
    assert r.status_code == 302
    assert Case.objects.get(kind="advisory_opinion").entries.get().payload["facts"] == "Uno\nDos"


def test_cam_19b_01_hostile_input_on_the_staff_form(client, world, now):
    signed_in(client, world)
    for facts in ("a\x00b", "y" * 10_000):
        r = client.post(URL, request_data(world, facts=facts))
        assert r.status_code == 200 and "Revise antes de anotar" not in r.content.decode()
    r = client.post(URL, request_data(world, facts_date="no es fecha"))
    assert r.status_code == 200 and "Revise antes de anotar" not in r.content.decode()
    assert not Case.objects.filter(kind="advisory_opinion").exists()


def test_cam_19e_01_staff_search_finds_an_opinion_by_its_facts(client, world, now):
    signed_in(client, world)
    case, _page = open_request(client, world, facts="Una donación de computadoras a una biblioteca municipal.")
    page = client.get("/buscar/", {"q": "computadora biblioteca"}).content.decode()
    assert case.number in page
    client.force_login(world.users["ajeno"])
    assert case.number not in client.get("/buscar/", {"q": "computadora biblioteca"}).content.decode()
