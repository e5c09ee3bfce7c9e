"""Documents generated from the docket, edited, issued as real PDFs and frozen (Secs. 21–25; ¶12–¶17)."""

from __future__ import annotations

import hashlib

import pytest
from django.db import DatabaseError, connection, transaction
from django.test import Client
from factories import file_complaint, past_the_hearing, record, to_hearing, unanimous

from ventila.audit import chain
from ventila.documents import catalog
from ventila.documents.actions import DocumentRefused, do_create_draft, do_issue_document
from ventila.documents.models import Document, Draft
from ventila.rules import RULEBOOKS
from ventila.rules.rulebooks.camara_171.s20_s24_complaints import NOTICE_OF_COMPLAINT_CONTENTS

from .helpers import draft_of, flat, issue, pdf_pages

pytestmark = pytest.mark.django_db

LONG_FACTS = " ".join(
    f"Hecho número {i}: el querellado usó fondos de la oficina para fines privados." for i in range(60)
)


def test_every_document_names_an_existing_rule_and_has_both_languages():
    from django.template.loader import get_template

    for spec in catalog.SPECS:
        rules = RULEBOOKS[spec.rulebook].rules
        if isinstance(spec.rule_id, str):
            assert spec.rule_id in rules, spec.key
        for lang in ("es", "en"):
            get_template(f"documents/texts/{lang}/{spec.key}.txt")
        for event in spec.events:
            assert any(event in kind.events for kind in RULEBOOKS[spec.rulebook].kinds.values()), (spec.key, event)
        if spec.receipt_act:
            assert any(spec.receipt_act in k.events for k in RULEBOOKS[spec.rulebook].kinds.values()), spec.key


@pytest.mark.parametrize(
    "lang,page_word,of_word,body_word",
    [
        pytest.param("es", "Página", "de", "Usted dispone de 15 días laborables", id="CAM-21B-04 notice in Spanish"),
        pytest.param("en", "Page", "of", "You have 15 business days", id="CAM-21B-04 notice in English"),
    ],
)
def test_notice_of_complaint_pdf_has_letterhead_case_number_pages_citation_and_contents(
    world, lang, page_word, of_word, body_word
):
    case = file_complaint(world)
    doc = issue(
        world,
        case,
        "notice_of_complaint",
        language=lang,
        edits={"complaint_copy": "Copia de la querella adjunta.\n" + LONG_FACTS},
    )
    data = doc.file.read()
    # The SHA-256 recorded is the file's; the document is in the audit chain with the docket.
    assert hashlib.sha256(data).hexdigest() == doc.sha256 and doc.size == len(data)
    assert chain.verify(check_files=False).problems == []
    pages = pdf_pages(data)
    assert len(pages) >= 2
    for i, text in enumerate(pages, start=1):
        t = flat(text)
        assert "Comisión de Ética de la Cámara de Representantes" in t  # letterhead on every page
        assert "CE-2027-0001" in t
        assert f"{page_word} {i} {of_word} {len(pages)}" in t
    first = flat(pages[0])
    assert "Sec. 21(b)(4)" in first and "CAM-21B-04" in first
    whole = flat(" ".join(pages))
    # The 15 business days come from the rule (CAM-21B-02), not from the template.
    assert RULEBOOKS["camara-171"].rules["CAM-21B-02"].term.amount == 15
    assert body_word in whole
    assert "Rafael Quiñones Ficticio" in whole and "Hecho número 59" in whole


def test_generated_notice_holds_each_content_of_sec_21b4(world):
    case = file_complaint(world)
    draft = draft_of(world, case, "notice_of_complaint")
    keys = {s["key"]: s for s in draft.sections}
    assert set(NOTICE_OF_COMPLAINT_CONTENTS) <= set(keys)
    assert "Hechos de prueba." in keys["complaint_copy"]["text"]
    assert "15 días laborables" in keys["answer_term"]["text"] and "prórroga" in keys["answer_term"]["text"]
    assert "abogado" in keys["right_to_counsel"]["text"]
    assert "rebeldía" in keys["default_warning"]["text"]
    assert (draft.rule_id, draft.citation) == ("CAM-21B-04", "Sec. 21(b)(4)")


@pytest.mark.template_context
def test_staff_edit_the_draft_and_cannot_issue_it_without_the_default_warning(world):
    case = file_complaint(world)
    c = Client()
    c.force_login(world.users["secretaria"])
    url = f"/expedientes/{case.number}/anotaciones/1/documentos/notice_of_complaint/"
    assert "Notificación de la querella" in c.get(url).content.decode()
    r = c.post(url, {"language": "es"})
    draft = Draft.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/expedientes/{case.number}/borradores/{draft.pk}/"
    form = {f"section_{s['key']}": s["text"] for s in draft.sections}
    form.update(
        title="Notificación de la querella CE-2027-0001",
        section_default_warning="",
        then="issue",
        section_intro="Texto revisado por la Secretaría.",
    )
    r = c.post(f"/expedientes/{case.number}/borradores/{draft.pk}/", form)
    page = r.content.decode()
    assert r.status_code == 200 and not Document.objects.exists()
    assert "La notificación debe incluir: Que, de no contestar en término" in page and "CAM-21B-04" in page
    assert "Texto revisado por la Secretaría." in page  # nothing typed is lost
    form["section_default_warning"] = "Se le advierte que podrá ser declarado en rebeldía."
    r = c.post(f"/expedientes/{case.number}/borradores/{draft.pk}/", form)
    # Issuing is confirmed: the draft is saved and the confirmation shows what will be frozen.
    confirm = f"/expedientes/{case.number}/borradores/{draft.pk}/expedir/"
    assert r.status_code == 302 and r["Location"] == confirm and not Document.objects.exists()
    digest = c.get(confirm).context["digest"]
    r = c.post(confirm, {"digest": digest})
    doc = Document.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/expedientes/{case.number}/documentos/{doc.pk}/"
    assert not Draft.objects.exists()
    assert doc.title == "Notificación de la querella CE-2027-0001"
    text = flat(" ".join(pdf_pages(c.get(f"/expedientes/{case.number}/documentos/{doc.pk}/pdf/").getvalue())))
    assert "Texto revisado por la Secretaría." in text and "podrá ser declarado en rebeldía" in text
    case_page = c.get(f"/expedientes/{case.number}/").content.decode()
    assert doc.sha256 in case_page and "Notificación de la querella CE-2027-0001" in case_page


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE documents_document SET title = 'otro'",
        "DELETE FROM documents_document",
    ],
)
def test_the_database_refuses_to_change_an_issued_document(world, sql):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cur:
        cur.execute(sql)
    assert Document.objects.get(pk=doc.pk).title == doc.title


def test_determination_of_dismissal_states_its_grounds_to_both_parties(world, now):
    case = file_complaint(world)
    for day, act in [("2027-03-03", "respondent_notified"), ("2027-03-10", "answer_filed")]:
        now.set(day + " 18:00")
        record(world, case, act, day)
    now.set("2027-03-30 18:00")
    dismissal = {"outcome": "dismissed", "grounds": ["time_barred", "frivolous"]}
    entry = record(world, case, "determination_made", "2027-03-30", ballots=unanimous(world), **dismissal)
    doc = issue(world, case, "determination", seq=entry.seq)
    assert (doc.rule_id, doc.citation) == ("CAM-21C-03", "Sec. 21(c)(2)")
    text = flat(" ".join(pdf_pages(doc.file.read())))
    assert "Prescripción" in text and "Querella evidentemente frívola" in text
    assert "Rafael Quiñones Ficticio, parte querellada" in text and "Ana Ejemplo Ficticia, parte querellante" in text
    assert "7 a favor y 0 en contra" in text


def _to_final_report(world, now, case, recommendation="other_sanction"):
    past_the_hearing(world, case, now)
    now.set("2027-04-30 18:00")
    resolved = record(
        world,
        case,
        "resolved",
        "2027-04-30",
        outcome="charges_proven",
        ballots=unanimous(world),
        details={
            "report_findings": "El querellado usó el vehículo oficial para fines privados.",
            "recommendation": "Multa de $1,000.",
        },
    )
    referred = record(world, case, "report_referred", "2027-04-30", to="house", recommendation=recommendation)
    return resolved, referred


def test_resolution_requires_conclusions_of_law_and_final_report_states_its_route(world, now):
    case = file_complaint(world)
    resolved, referred = _to_final_report(world, now, case)
    draft = do_create_draft(user=world.users["secretaria"], case=case, entry=resolved, template="resolution")
    sections = {s["key"]: s["text"] for s in draft.sections}
    assert sections["findings_of_fact"] == "El querellado usó el vehículo oficial para fines privados."
    assert sections["conclusions_of_law"] == ""
    with pytest.raises(DocumentRefused) as exc:
        do_issue_document(user=world.users["secretaria"], draft=draft)
    assert exc.value.field_errors == {
        "conclusions_of_law": ["El documento debe contener: Conclusiones de derecho. (CAM-22-01)"]
    }
    doc = issue(
        world,
        case,
        "resolution",
        seq=resolved.seq,
        edits={"conclusions_of_law": "La conducta infringe la Sec. 10(i) del Código."},
    )
    text = flat(" ".join(pdf_pages(doc.file.read())))
    assert "Determinaciones de hechos" in text and "Conclusiones de derecho" in text and "Sec. 10(i)" in text
    report = issue(world, case, "final_report", seq=referred.seq)
    assert (report.rule_id, report.citation) == ("CAM-25-04", "Sec. 25(3)")
    text = flat(" ".join(pdf_pages(report.file.read())))
    assert "La Cámara en Pleno, por conducto de la Secretaría" in text
    assert "moción privilegiada (Sección 25.2)" in text
    assert "Amonestación, Reprimenda pública, Voto de censura, Multa, Expulsión" in text


def test_initial_hearing_summons_carries_charges_facts_and_witnesses(world, now):
    case = file_complaint(world)
    entry = to_hearing(world, case, now)
    draft = do_create_draft(user=world.users["secretaria"], case=case, entry=entry, template="hearing_summons")
    assert draft.rule_id == "CAM-21C-08"
    with pytest.raises(DocumentRefused) as exc:  # the complaint named no witnesses
        do_issue_document(user=world.users["secretaria"], draft=draft)
    assert list(exc.value.field_errors) == ["witnesses"]
    doc = issue(world, case, "hearing_summons", seq=entry.seq, edits={"witnesses": "Testigo Uno Ficticio"})
    text = flat(" ".join(pdf_pages(doc.file.read())))
    assert "jueves, 15 de abril de 2027 a las 10:00" in text
    assert "Los cargos o violaciones imputadas Sec. 10(j)" in text and "Testigo Uno Ficticio" in text


def test_municipal_notice_to_the_mayor_with_certified_copy(world, now):
    from factories import file_municipal_complaint

    from ventila.cases.models import Party

    case = file_municipal_complaint(world, mayor=("Alcaldesa", "Ficticia"), office="Alcaldesa de Villa Ficticia")
    assert case.parties.filter(role=Party.Role.RESPONDENT).exists()
    draft = do_create_draft(
        user=world.users["secretaria_municipal"], case=case, entry=case.entries.get(seq=1), template="mun_notice"
    )
    doc = do_issue_document(user=world.users["secretaria_municipal"], draft=draft)
    text = flat(" ".join(pdf_pages(doc.file.read())))
    assert "Comisión para Ventilar Querellas Municipales" in text and "CVQM-2027-0001" in text
    assert "Copia certificada de la querella" in text and "MUN-INI-04" in text
    assert "15 días" in text and "abogado" in text
    assert "Cámara de Representantes" not in text.split("Página")[0]  # the municipal letterhead
