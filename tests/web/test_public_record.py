"""The public record after final resolution (issue 17; Secs. 5(5), 21(d): CAM-05-02, CAM-21D-01): a
resolved case appears, redacted, in the HTML, the PDF, the CSV and the JSON; an open or re-opened
case never does (not even by its detail URL); each body lists only its own; the public search takes
hostile input without a 500; the CSV is safe against formula injection."""

from __future__ import annotations

import csv
import io
import json

import pytest
from documents.helpers import flat, issue, pdf_pages
from factories import at, file_complaint, make_person, record, unanimous

from ventila.cases.actions import ActInput, do_record_act
from ventila.cases.models import Case
from ventila.documents import publication

from .helpers import dismiss, file_house_complaint, file_mayor_complaint

pytestmark = pytest.mark.django_db

COMPLAINANT = {
    "name": "Ana Ejemplo Ficticia",
    "email": "ana@example.org",
    "phone": "787-555-0100",
    "postal_address": "Calle Ficticia 123\nSan Juan, PR 00901",
}
SECRET_NOTE = "Nota interna confidencial: la testigo teme represalias"
HOUSE = "/registro-publico/etica-camara/"
MUNICIPAL = "/registro-publico/querellas-municipales/"


def _file(world, respondent=None):
    return file_house_complaint(world, respondent=respondent, complainant=COMPLAINANT)


def _dismissed(world, now, *, close: bool = True, respondent=None):
    """A House complaint dismissed by a final determination (Sec. 21(c)), notified and closed."""
    case = _file(world, respondent)
    now.set("2027-03-20 12:00")
    record(world, case, "respondent_notified", "2027-03-02")
    do_record_act(
        user=world.users["secretaria"],
        case=case,
        act=ActInput("answer_filed", at("2027-03-10 10:00"), True, {}, {}, note=SECRET_NOTE),
    )
    det = dismiss(world, case)
    issue(
        world,
        case,
        "determination",
        seq=det.seq,
        edits={"notice": "Se notifica a Ana Ejemplo Ficticia (ana@example.org, 787-555-0100), Calle Ficticia 123."},
    )
    record(world, case, "determination_notified", "2027-03-16")
    if close:
        record(world, case, "case_closed", "2027-03-17")
    return Case.objects.get(pk=case.pk)


def _assert_redacted(text: str) -> None:
    for secret in (
        "Ana Ejemplo",
        "Ejemplo Ficticia",
        "ana@example.org",
        "787-555-0100",
        "Calle Ficticia",
        "00901",
        SECRET_NOTE,
        "represalias",
    ):
        assert secret not in text, secret


def test_cam_21d_01_a_closed_case_is_published_redacted_in_html_pdf_csv_and_json(client, world, now):
    case = _dismissed(world, now)
    page = client.get(HOUSE).content.decode()
    assert case.number in page and "Rafael Quiñones Ficticio" in page
    _assert_redacted(page)
    r = client.get(f"{HOUSE}{case.number}/")
    assert r.status_code == 200
    detail = r.content.decode()
    assert "Determinación final de desestimación" in detail and "17 de marzo de 2027" in detail
    assert "Se notifica a [dato suprimido] ([dato suprimido], [dato suprimido]), [dato suprimido]." in flat(detail)
    _assert_redacted(detail)
    doc = case.documents.get(template="determination")
    r = client.get(f"{HOUSE}{case.number}/documentos/{doc.pk}.pdf")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    text = flat(" ".join(pdf_pages(r.content)))
    assert "Versión pública" in text and case.number in text
    _assert_redacted(text)
    # The issued PDF (with its addressees) stays behind the staff's doors.
    assert client.get(f"/expedientes/{case.number}/documentos/{doc.pk}/pdf/").status_code == 302
    r = client.get(f"{HOUSE}datos.csv")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.getvalue().decode("utf-8-sig"))))
    assert tuple(rows[0]) == publication.CSV_COLUMNS
    assert [row[1] for row in rows[1:]] == [case.number]
    _assert_redacted(r.getvalue().decode("utf-8-sig"))
    r = client.get(f"{HOUSE}datos.json")
    data = json.loads(r.getvalue())
    assert data["schema_version"] == publication.SCHEMA_VERSION and data["count"] == 1
    matter = data["matters"][0]
    assert matter["number"] == case.number and matter["outcome"] == "dismissed"
    assert matter["final_on"] == "2027-03-17" and matter["final_rule"] == "CAM-21D-01"
    assert [a["type"] for a in matter["acts"]] == ["determination_made", "case_closed"]
    assert matter["acts"][0]["fields"] == {"outcome": "dismissed", "grounds": ["frivolous"]}
    assert matter["acts"][0]["documents"][0]["pdf_url"].endswith(f"/documentos/{doc.pk}.pdf")
    _assert_redacted(r.getvalue().decode())


def test_cam_05_02_an_open_case_never_appears_not_even_by_its_url(client, world, now):
    notified = _dismissed(world, now, close=False)  # dismissed and notified, but not closed: not final
    fresh = file_complaint(world)
    for case in (notified, fresh):
        assert case.number not in client.get(HOUSE).content.decode()
        assert client.get(f"{HOUSE}{case.number}/").status_code == 404
        assert case.number not in client.get(f"{HOUSE}datos.csv").getvalue().decode()
        assert case.number not in client.get(f"{HOUSE}datos.json").getvalue().decode()
        for doc in case.documents.all():
            assert client.get(f"{HOUSE}{case.number}/documentos/{doc.pk}.pdf").status_code == 404
    assert client.get(f"{HOUSE}CE-2027-9999/").status_code == 404
    assert client.get("/registro-publico/no-existe/").status_code == 404


def test_cam_21d_01_a_case_reopened_by_a_correction_leaves_the_public_record(client, world, now):
    case = _dismissed(world, now)
    assert client.get(f"{HOUSE}{case.number}/").status_code == 200
    determination = case.entries.get(event_type="determination_made")
    # The dismissal is corrected into probable cause: the case is open again, so no longer public.
    record(
        world,
        case,
        "determination_made",
        "2027-03-15",
        supersedes=determination,
        ballots=unanimous(world),
        outcome="probable_cause",
    )
    case.refresh_from_db()
    assert case.stage != "closed"
    assert client.get(f"{HOUSE}{case.number}/").status_code == 404
    assert case.number not in client.get(f"{HOUSE}datos.json").getvalue().decode()


def _municipal_decided(world, now, *, notify: bool = True):
    mayor = make_person("Eduardo", "Cordero Ficticio", role="mayor", title="Alcalde de Ponce", municipality="Ponce")
    user = "secretaria_municipal"
    case = file_mayor_complaint(world, mayor, when="2027-03-01 10:00", complainant="Ciudadana Ficticia Modelo")
    members = world.municipal_members
    now.set("2027-05-12 12:00")
    record(world, case, "respondent_notified", "2027-03-03", user=user)
    record(world, case, "answer_filed", "2027-03-10", user=user)
    record(world, case, "hearing_noticed", "2027-03-15", user=user, hearing_date="2027-04-20T10:00", public=True)
    record(world, case, "hearing_concluded", "2027-04-20", user=user, before="full")
    record(
        world,
        case,
        "decision_issued",
        "2027-04-30",
        user=user,
        outcome="admonition",
        misconduct_not_reckless=True,
        ballots={members[0].pk: "yes", members[1].pk: "yes", members[2].pk: "absent"},
    )
    if notify:
        record(world, case, "decision_notified", "2027-05-03", user=user)
    return Case.objects.get(pk=case.pk)


def test_mun_sec_03_each_body_lists_only_its_own_and_a_decision_only_once_notified(client, world, now):
    house = _dismissed(world, now)
    pending = _municipal_decided(world, now, notify=False)
    assert pending.number not in client.get(MUNICIPAL).content.decode()
    assert client.get(f"{MUNICIPAL}{pending.number}/").status_code == 404  # issued includes notice (amb. 10)
    record(world, pending, "decision_notified", "2027-05-03", user="secretaria_municipal")
    page = client.get(MUNICIPAL).content.decode()
    assert pending.number in page and "Amonestación" in page and house.number not in page
    assert "Ciudadana Ficticia" not in page and "c@example.org" not in page
    assert pending.number not in client.get(HOUSE).content.decode()
    # A case is public only under its own body's address.
    assert client.get(f"{HOUSE}{pending.number}/").status_code == 404
    assert client.get(f"{MUNICIPAL}{house.number}/").status_code == 404
    assert house.number not in client.get(f"{MUNICIPAL}datos.csv").getvalue().decode()
    data = json.loads(client.get(f"{MUNICIPAL}datos.json").getvalue())
    assert [m["number"] for m in data["matters"]] == [pending.number]
    assert data["matters"][0]["final_rule"] == "MUN-SEC-03"


def test_public_search_is_accent_insensitive_and_over_published_items_only(client, world, now):
    case = _dismissed(world, now)
    other = file_complaint(world)  # open: never found
    r = client.get(HOUSE, {"q": "quinones"})
    assert r.status_code == 200 and case.number in r.content.decode()
    assert case.number in client.get(HOUSE, {"q": "DESESTIMACIÓN frivola"}).content.decode()
    assert case.number not in client.get(HOUSE, {"q": "represalias"}).content.decode()  # a docket note
    assert case.number not in client.get(HOUSE, {"q": "Ejemplo"}).content.decode()  # the complainant
    page = client.get(HOUSE, {"q": other.number}).content.decode()
    assert f"{HOUSE}{other.number}/" not in page and "0 asuntos contienen" in page


@pytest.mark.parametrize(
    "q", ["a\x00b", "línea\r\nSet-Cookie: x=1", "x" * 10_000, "\u202egnp.exe", "' OR 1=1 --", "%00", "😀"]
)
def test_hostile_public_search_gives_no_server_error(client, world, now, q):
    _dismissed(world, now)
    r = client.get(HOUSE, {"q": q})
    assert r.status_code in (200, 400)
    page = r.content.decode()
    if r.status_code == 400:
        assert "Revise la búsqueda" in page and 'href="#id_q"' in page
        assert "caracteres" in page and page.count('<li><a href="#id_q">') == 1
    assert "\x00" not in page and "\r" not in page.split('id="id_q"')[1][:12000]
    assert "Traceback" not in page


def test_csv_cells_are_neutralised_against_formula_injection():
    for value in ('=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"):
        cell = publication.csv_cell(value)
        assert cell.startswith("'") and cell[1:] == value
    assert publication.csv_cell("Querella contra X") == "Querella contra X"
    assert publication.csv_cell("a\x00b") == "ab"


def test_csv_of_a_hostile_caption_is_neutralised(client, world, now):
    hostile = make_person('=HYPERLINK("http://malo")', "Ficticio", title="Representante del Distrito 41")
    _dismissed(world, now, respondent=hostile)
    rows = list(csv.reader(io.StringIO(client.get(f"{HOUSE}datos.csv").getvalue().decode("utf-8-sig"))))
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@")), cell
    assert any(cell.startswith("'=HYPERLINK") for cell in rows[1])
