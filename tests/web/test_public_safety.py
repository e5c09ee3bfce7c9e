"""What the public sees is final and anonymous (issue 26, findings 1–3), each attack of the issue replayed
against every public surface — the record's HTML, the public PDF, the open data JSON and CSV, the public
search, the annual report and the public statistics:

1. a generated corpus of the ways a clerk writes the complainant, a witness and their numbers never reaches
   the public, and a matter whose text cannot be redacted safely waits for a person's review (recorded);
2. a complaint withdrawn (closed right after filing) or a dismissal closed without its notice is never
   published (CAM-21C-04, CAM-21D-01);
3. (tests/stats/test_public_differencing.py) the statistics cannot be differenced.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from documents.helpers import flat, issue, pdf_pages
from documents.redaction_corpus import COMPLAINANT, RESPONDENT, WITNESSES, leaks, variants
from factories import at, record

from ventila.audit.models import ChainLink
from ventila.cases import access
from ventila.cases.actions import ActInput
from ventila.cases.models import Case
from ventila.documents.models import PublicationReview
from ventila.stats import queries
from ventila.stats.report import report_html

from .helpers import dismiss, file_house_complaint

pytestmark = pytest.mark.django_db

HOUSE = "/registro-publico/etica-camara/"
REVIEW = "/cuerpos/etica-camara/revision-publicacion/"


def _file(world, complainant=COMPLAINANT, witnesses=WITNESSES, when="2027-03-01 10:15"):
    details = {"facts": "Hechos de prueba.", "provisions": "Sec. 10(j)", "witnesses": witnesses}
    act = ActInput("complaint_filed", at(when), True, {"knowledge_date": "2027-02-10", "channel": "in_person"}, details)
    return file_house_complaint(world, act, complainant=complainant)


def _dismissed(world, now, *, notice_text="", notify=True, close=True, **kw):
    """A House complaint dismissed (Sec. 21(c)); its determination issued with ``notice_text``."""
    case = _file(world, **kw)
    now.set("2027-03-20 12:00")
    record(world, case, "respondent_notified", "2027-03-02")
    record(world, case, "answer_filed", "2027-03-10")
    det = dismiss(world, case)
    issue(world, case, "determination", seq=det.seq, edits={"notice": notice_text} if notice_text else None)
    if notify:
        record(world, case, "determination_notified", "2027-03-16")
    if close:
        record(world, case, "case_closed", "2027-03-17")
    return Case.objects.get(pk=case.pk)


def _pdf_texts(client, case) -> dict[str, str]:
    out = {}
    for doc in case.documents.filter(template="determination"):
        r = client.get(f"{HOUSE}{case.number}/documentos/{doc.pk}.pdf")
        out[f"pdf {doc.pk}"] = flat(" ".join(pdf_pages(r.content))) if r.status_code == 200 else ""
    return out


def _public_texts(client, world, case, *, pdf: bool = True) -> dict[str, str]:
    """Every public surface that could carry the case, as text (the public PDF unless ``pdf`` is false)."""
    out = {"list": client.get(HOUSE).content.decode()}
    r = client.get(f"{HOUSE}{case.number}/")
    out["html"] = r.content.decode() if r.status_code == 200 else ""
    if pdf:
        out.update(_pdf_texts(client, case))
    out["json"] = client.get(f"{HOUSE}datos.json").getvalue().decode()
    out["csv"] = client.get(f"{HOUSE}datos.csv").getvalue().decode("utf-8-sig")
    out["annual report"] = report_html(world.camara, 2027, issued_at=None)
    return out


def test_issue_26_finding_1_no_variant_of_a_private_person_reaches_the_public_pdf(client, world, now):
    case = _dismissed(world, now, notice_text="\n".join(variants()))
    (text,) = _pdf_texts(client, case).values()
    assert case.number in text and "Versión pública" in text and "Compareció" in text
    assert leaks(text) == []


def test_issue_26_finding_1_no_variant_of_a_private_person_reaches_any_public_surface(client, world, now):
    corpus = variants()
    case = _dismissed(world, now, notice_text="\n".join(corpus))
    surfaces = _public_texts(client, world, case, pdf=False)  # the PDF: the test above
    # The matter is published (on every surface), the respondent's name as written …
    assert all(case.number in text for text in surfaces.values()), [
        k for k, v in surfaces.items() if case.number not in v
    ]
    assert RESPONDENT in surfaces["html"] and RESPONDENT in surfaces["json"]
    # … each of the corpus's sentences is in the public text, redacted …
    assert surfaces["html"].count("ante la Comisión.") == len([v for v in corpus if v.startswith("Compareció")])
    assert surfaces["html"].count("[dato suprimido]") >= len(corpus)
    # … and nothing of the complainant, the witnesses or their numbers is left anywhere.
    found = {name: leaks(text) for name, text in surfaces.items()}
    assert found == {name: [] for name in surfaces}
    # The public search reads the redacted text only: no name, word or number of theirs finds the case.
    for q in ("Perez", "Pérez-Santos", "Maria Jose", "Santos", "Jesus", "Vecina", "Otero", "0199", "mj.perez", "MJPS"):
        page = client.get(HOUSE, {"q": q}).content.decode()
        assert f"{HOUSE}{case.number}/" not in page, q
    assert f"{HOUSE}{case.number}/" in client.get(HOUSE, {"q": "Quiñones"}).content.decode()


def test_cam_21d_01_a_withdrawal_or_a_dismissal_closed_without_its_notice_is_never_published(client, world, now):
    withdrawn = _file(world)
    now.set("2027-03-02 12:00")
    record(world, withdrawn, "case_closed", "2027-03-02")  # offered right after filing (the issue's attack)
    silent = _dismissed(world, now, notify=False)  # dismissed and closed, never notified
    for case in (Case.objects.get(pk=withdrawn.pk), silent):
        assert case.stage == "closed"  # the stored stage says «closed» …
        surfaces = _public_texts(client, world, case)  # … but nothing of it is public
        assert [k for k, text in surfaces.items() if case.number in text] == []
        assert client.get(f"{HOUSE}{case.number}/").status_code == 404
    # A dismissal notified and closed is published; the public statistics count it and neither of the others.
    control = _dismissed(world, now)
    assert control.number in client.get(HOUSE).content.decode()
    public = [c.pk for c in access.public_cases(world.camara)]
    assert public == [control.pk]
    year = queries.Period.year(2027)
    staff, shown = queries.compute(world.camara, year), queries.compute(world.camara, year, public)
    assert (staff.to_determination["n"], shown.to_determination["n"]) == (2, 1)  # the silent one moves no median
    assert (sum(r["n"] for r in staff.dismissals), sum(r["n"] for r in shown.dismissals)) == (2, 1)
    now.set("2028-01-10 12:00")
    r = client.get("/estadisticas/publicas/", {"cuerpo": "etica-camara", "anio": "2027"})
    assert r.status_code == 200 and "Desestimaciones, por causa" in r.content.decode()


@pytest.mark.template_context
def test_issue_26_a_text_that_cannot_be_redacted_safely_waits_for_a_recorded_review(client, world, now):
    shared = {"name": "Ana Quiñones Ejemplo", "email": "ana@example.org", "phone": "787-555-0100"}
    text = f"La Sra. Quiñones Ejemplo querelló contra {RESPONDENT}. La Sra. Quiñones, alias «la Nena», declaró."
    case = _dismissed(world, now, notice_text=text, complainant=shared, witnesses="")
    # Final, but its complainant shares a surname with the respondent: not public anywhere until reviewed.
    surfaces = _public_texts(client, world, case)
    assert [k for k, v in surfaces.items() if case.number in v] == []
    # The staff page lists it; the secretary reads the redacted text, adds a nickname and approves it.
    client.force_login(world.users["personal"])
    assert case.number in client.get(REVIEW).content.decode()
    page = client.get(f"{REVIEW}{case.number}/")
    assert page.status_code == 200 and "comparte un nombre con la parte querellada" in page.content.decode()
    assert client.post(f"{REVIEW}{case.number}/", {"accion": "aprobar"}).status_code == 403  # staff: read only
    client.force_login(world.users["secretaria"])
    preview = client.post(f"{REVIEW}{case.number}/", {"accion": "ver", "terminos": "la Nena"})
    body = preview.content.decode()
    assert "«[dato suprimido]»" in body and f"contra {RESPONDENT}" in body and "Quiñones Ejemplo" not in body
    digest = preview.context["m"].digest
    stale = client.post(f"{REVIEW}{case.number}/", {"accion": "aprobar", "terminos": "", "huella": digest})
    assert stale.status_code == 400 and not PublicationReview.objects.exists()  # not the text that was read
    hostile = client.post(f"{REVIEW}{case.number}/", {"accion": "ver", "terminos": "x\x00" * 6000})
    assert hostile.status_code == 400
    r = client.post(f"{REVIEW}{case.number}/", {"accion": "aprobar", "terminos": "la Nena", "huella": digest})
    assert r.status_code == 302
    review = PublicationReview.objects.get(case=case)
    assert review.reviewed_by == world.users["secretaria"] and review.terms == "la Nena"
    assert ChainLink.objects.filter(kind="publication_review", object_id=str(review.pk)).exists()
    # Published as approved: the respondent's name whole, the complainant and the nickname removed.
    client.logout()
    detail = client.get(f"{HOUSE}{case.number}/").content.decode()
    assert f"contra {RESPONDENT}" in detail and "Quiñones Ejemplo" not in detail and "Nena" not in detail
    assert "La [dato suprimido], alias «[dato suprimido]», declaró." in detail
    assert case.number in client.get(f"{HOUSE}datos.json").getvalue().decode()
    assert f"{HOUSE}{case.number}/" not in client.get(HOUSE, {"q": "Nena"}).content.decode()
    # The review approved the Spanish text; the matter reads the same in English (issue 30: listed and shown).
    client.cookies["django_language"] = "en"
    assert f"{HOUSE}{case.number}/" in client.get(HOUSE).content.decode()
    english = client.get(f"{HOUSE}{case.number}/")
    assert english.status_code == 200 and "Quiñones Ejemplo" not in english.content.decode()
    assert '<html lang="en"' in english.content.decode()
    del client.cookies["django_language"]
    # A later change of the public text (a new document of the act) takes it out until it is reviewed anew.
    det = case.entries.get(event_type="determination_made")
    issue(world, case, "determination", seq=det.seq, edits={"notice": "La Sra. Quiñones presentó otra prueba."})
    assert client.get(f"{HOUSE}{case.number}/").status_code == 404
    assert case.number not in client.get(f"{HOUSE}datos.csv").getvalue().decode("utf-8-sig")


def test_the_review_pages_are_the_bodys_staff_only(client, world, now):
    case = _dismissed(world, now, complainant={"name": "Ana Quiñones Ejemplo", "phone": "787-555-0100"}, witnesses="")
    assert client.get(REVIEW).status_code == 302
    for user, status in (("ajeno", 404), ("comisionado", 404), ("secretaria_municipal", 404), ("secretaria", 200)):
        client.force_login(world.users[user])
        assert client.get(REVIEW).status_code == status, user
        assert client.get(f"{REVIEW}{case.number}/").status_code == status, user
    assert client.get(f"{REVIEW}CE-2027-9999/").status_code == 404
    assert json.loads(client.get(f"{HOUSE}datos.json").getvalue())["count"] == 0
    rows = list(csv.reader(io.StringIO(client.get(f"{HOUSE}datos.csv").getvalue().decode("utf-8-sig"))))
    assert len(rows) == 1


HOSTILE = ["Ana\x00Ejemplo", "x" * 10_000, "\u202egnp.exe\u202c Ana", "Ana 🙂👍🏽", "a\r\nBcc: todos@example.org"]


@pytest.mark.parametrize("value", HOSTILE, ids=["nul", "long", "rtl", "emoji", "crlf"])
def test_hostile_input_on_the_review_form_and_the_public_statistics_gives_no_server_error(client, world, now, value):
    case = _dismissed(world, now, complainant={"name": "Ana Quiñones Ejemplo", "phone": "787-555-0100"}, witnesses="")
    client.force_login(world.users["secretaria"])
    url = f"{REVIEW}{case.number}/"
    for field in ("terminos", "huella", "accion"):
        r = client.post(url, {"accion": "aprobar", "terminos": "", "huella": "", field: value})
        assert r.status_code == 400 or (field == "accion" and r.status_code == 200), field
    assert not PublicationReview.objects.exists()
    assert client.get(f"{REVIEW}{value[:300]}/").status_code == 404
    client.logout()
    for param in ("anio", "periodo", "desde", "hasta", "cuerpo", "formato"):
        r = client.get("/estadisticas/publicas/", {param: value})
        assert r.status_code in (200, 400), param
