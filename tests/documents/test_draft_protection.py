"""The generated legal text of a draft is protected (issue 15): a refused issue saves nothing, a
section can be put back from its template, the check reads what the term paragraph *states*
(CAM-21B-04, ¶13), issuing goes through a confirmation, and the PDF quotes whole sentences."""

from __future__ import annotations

import pytest
from django.test import Client
from factories import file_complaint, file_municipal_complaint

from ventila.documents import catalog
from ventila.documents.actions import (
    DocumentRefused,
    do_create_draft,
    do_issue_document,
    do_update_draft,
    draft_digest,
)
from ventila.documents.models import Document, Draft
from ventila.rules import RULEBOOKS

from .helpers import flat, pdf_pages

pytestmark = pytest.mark.django_db

ANSWER_ONLY_ES = "Usted dispone de 15 días laborables desde el recibo de esta notificación para contestar."
ANSWER_ONLY_EN = "You have 15 business days from receipt of this notice to answer the complaint."


def _draft(world, case, template="notice_of_complaint", language="es", user="secretaria"):
    return do_create_draft(
        user=world.users[user], case=case, entry=case.entries.get(seq=1), template=template, language=language
    )


def _staff(world, user="secretaria"):
    c = Client()
    c.force_login(world.users[user])
    return c


def _form(draft, **edits):
    form = {"title": draft.title, **{f"section_{s['key']}": s["text"] for s in draft.sections}}
    form.update(edits)
    return form


def _section(draft, key):
    return next(s["text"] for s in draft.sections if s["key"] == key)


def test_a_refused_issue_saves_nothing_and_keeps_what_was_typed(world):
    case = file_complaint(world)
    draft = _draft(world, case)
    before = [dict(s) for s in draft.sections]
    url = f"/expedientes/{case.number}/borradores/{draft.pk}/"
    r = _staff(world).post(
        url, _form(draft, section_answer_term="", section_intro="Texto revisado por la Secretaría.", then="issue")
    )
    page = r.content.decode()
    assert r.status_code == 200 and "<title>Error:" in page
    # The error is beside the emptied paragraph, the typed text is on the page …
    assert 'id="id_section_answer_term_error"' in page and "CAM-21B-04" in page
    assert "Texto revisado por la Secretaría." in page
    # … and the draft in the database still has the generated paragraph: nothing was saved.
    draft.refresh_from_db()
    assert draft.sections == before and "15 días laborables" in _section(draft, "answer_term")
    assert not Document.objects.exists()


@pytest.mark.parametrize(
    "lang,answer_only",
    [
        pytest.param("es", ANSWER_ONLY_ES, id="CAM-21B-03 the extension must be stated (es)"),
        pytest.param("en", ANSWER_ONLY_EN, id="CAM-21B-03 the extension must be stated (en)"),
    ],
)
def test_the_term_paragraph_must_state_the_extension_not_only_be_filled(world, lang, answer_only):
    case = file_complaint(world)
    draft = do_update_draft(draft=_draft(world, case, language=lang), title="", texts={"answer_term": answer_only})
    with pytest.raises(DocumentRefused) as exc:
        do_issue_document(user=world.users["secretaria"], draft=draft)
    [message] = exc.value.field_errors["answer_term"]
    assert "la prórroga que puede solicitar" in message and "Sec. 21(b)(3)" in message and "(CAM-21B-03)" in message
    assert not Document.objects.exists() and Draft.objects.get().sections == draft.sections


def test_the_term_paragraph_must_state_the_term_to_answer(world):
    case = file_complaint(world)
    draft = do_update_draft(
        draft=_draft(world, case), title="", texts={"answer_term": "Usted puede contestar la querella por escrito."}
    )
    with pytest.raises(DocumentRefused) as exc:
        do_issue_document(user=world.users["secretaria"], draft=draft)
    messages = exc.value.field_errors["answer_term"]
    assert any("el término para contestar: 15 días laborables (Sec. 21(b)(2))" in m for m in messages)
    assert any("la prórroga que puede solicitar" in m for m in messages)


def test_the_generated_notice_passes_the_content_check_in_both_languages(world):
    case = file_complaint(world)
    for lang in ("es", "en"):
        draft = _draft(world, case, language=lang)
        spec = catalog.BY_KEY["notice_of_complaint"]
        assert catalog.missing_contents(spec, case, draft.source, draft.sections, lang) == []


def test_the_municipal_notice_must_state_its_answer_term_and_extension(world):
    case = file_municipal_complaint(world)
    draft = _draft(world, case, template="mun_notice", user="secretaria_municipal")
    draft = do_update_draft(
        draft=draft, title="", texts={"answer_term": "Usted dispone de 15 días para contestar la querella."}
    )
    with pytest.raises(DocumentRefused) as exc:
        do_issue_document(user=world.users["secretaria_municipal"], draft=draft)
    [message] = exc.value.field_errors["answer_term"]
    assert "la prórroga que puede solicitar: 15 días (¶13)" in message and "MUN-ANS-02" in message


def test_a_section_is_put_back_from_its_template_and_the_others_keep_what_was_typed(world):
    case = file_complaint(world)
    draft = _draft(world, case)
    generated = _section(draft, "answer_term")
    draft = do_update_draft(draft=draft, title="", texts={"answer_term": ""})  # a saved draft lost its paragraph
    assert _section(draft, "answer_term") == ""
    url = f"/expedientes/{case.number}/borradores/{draft.pk}/"
    c = _staff(world)
    page = c.get(url).content.decode()
    assert 'name="regenerate" value="answer_term"' in page and "Regenerar «Término para contestar y prórroga»" in page
    r = c.post(url, _form(draft, section_intro="Introducción escrita por la Secretaría.", regenerate="answer_term"))
    assert r.status_code == 302 and r["Location"] == url + "#id_section_answer_term"
    draft.refresh_from_db()
    assert _section(draft, "answer_term") == generated
    assert _section(draft, "intro") == "Introducción escrita por la Secretaría."  # typed, kept
    assert "Se regeneró la sección «Término para contestar y prórroga»" in c.get(url).content.decode()
    # A section the document does not have is refused, and nothing is saved.
    r = c.post(url, _form(draft, section_intro="Otra cosa.", regenerate="no_such_section"))
    assert r.status_code == 200 and "Esa sección no forma parte del documento." in r.content.decode()
    draft.refresh_from_db()
    assert _section(draft, "intro") == "Introducción escrita por la Secretaría."


def test_issuing_is_confirmed_and_the_confirmation_says_what_is_frozen(world):
    case = file_complaint(world)
    draft = _draft(world, case)
    c = _staff(world)
    url = f"/expedientes/{case.number}/borradores/{draft.pk}/"
    page = c.get(url).content.decode()
    # Saving is the secondary button; issuing is a step of its own.
    assert 'class="button button-secondary" name="then" value="save">Guardar borrador' in page
    assert 'class="button" name="then" value="issue">Revisar y expedir…' in page
    r = c.post(url, _form(draft, section_intro="Texto confirmado.", then="issue"))
    confirm = url + "expedir/"
    assert r.status_code == 302 and r["Location"] == confirm and not Document.objects.exists()
    draft.refresh_from_db()
    assert _section(draft, "intro") == "Texto confirmado."  # what was typed is what will be confirmed
    r = c.get(confirm)
    page = r.content.decode()
    digest = draft_digest(draft)
    assert r.status_code == 200 and "Confirme la expedición" in page
    assert "Después de expedirlo no podrá cambiarse" in page and digest in page
    assert "Rafael Quiñones Ficticio" in page  # to whom it is addressed
    assert "Sec. 21(b)(4) (CAM-21B-04)" in page and "Texto confirmado." in page
    assert 'class="button button-warning">Expedir y congelar el documento' in page
    # Someone changes the draft meanwhile: the confirmation of the old text is refused.
    do_update_draft(draft=draft, title="", texts={"intro": "Cambiado en otra pestaña."})
    r = c.post(confirm, {"digest": digest})
    assert r.status_code == 409 and "El borrador cambió" in r.content.decode() and not Document.objects.exists()
    draft.refresh_from_db()
    r = c.post(confirm, {"digest": draft_digest(draft)})
    doc = Document.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/expedientes/{case.number}/documentos/{doc.pk}/"
    assert "Cambiado en otra pestaña." in flat(" ".join(pdf_pages(doc.file.read())))
    # A second confirmation (another tab, a double click): the draft is gone; the case page says so.
    r = c.post(confirm, {"digest": digest})
    assert r.status_code == 302 and r["Location"] == f"/expedientes/{case.number}/"
    assert "El borrador ya no existe" in c.get(r["Location"]).content.decode()
    assert Document.objects.count() == 1


def test_a_draft_that_lacks_contents_cannot_reach_the_confirmation(world):
    case = file_complaint(world)
    draft = do_update_draft(draft=_draft(world, case), title="", texts={"default_warning": ""})
    c = _staff(world)
    confirm = f"/expedientes/{case.number}/borradores/{draft.pk}/expedir/"
    r = c.get(confirm)
    assert r.status_code == 302 and r["Location"] == f"/expedientes/{case.number}/borradores/{draft.pk}/"
    r = c.post(confirm, {"digest": draft_digest(draft)})
    assert r.status_code == 409 and not Document.objects.exists()


def _rules_a_document_may_cite():
    """Every rule a document's PDF can cite: each spec's rule, for every act and route it may take."""
    out = [(spec.rulebook, spec.rule_id) for spec in catalog.SPECS if isinstance(spec.rule_id, str)]
    out += [("camara-171", r) for r in ("CAM-21C-02", "CAM-21C-03", "CAM-21C-07", "CAM-21C-08")]
    out += [("camara-171", r) for r in ("CAM-09-07", "CAM-09-08", "CAM-19D-01", "CAM-19B-01")]
    route = RULEBOOKS["camara-171"].docket.final_report.route
    for role in ("representative", "officer", "department_head", "employee"):
        for recommendation in ("expulsion", "removal", None):
            out.append(("camara-171", route(role, recommendation).rule_id))
    return sorted(set(out))


@pytest.mark.parametrize("rulebook,rule_id", _rules_a_document_may_cite())
def test_every_quotation_a_document_prints_is_a_whole_sentence(rulebook, rule_id):
    rule = RULEBOOKS[rulebook].rules[rule_id]
    quote = catalog.quotation(rulebook, rule)
    assert quote[0].isupper() and quote.endswith("."), quote
    assert " ".join(rule.quote.split()) in quote  # the rule's own clause, in its sentence


def test_the_pdf_quotes_the_whole_sentence_of_its_rule(world):
    case = file_complaint(world)
    doc = do_issue_document(user=world.users["secretaria"], draft=_draft(world, case, template="speaker_copy"))
    text = flat(" ".join(pdf_pages(doc.file.read())))
    # CAM-21B-01's quote is a clause («notificará inmediatamente, dentro del término …»); the PDF
    # prints the sentence of Sec. 21(b)(1) it belongs to, whole.
    assert "«La Comisión de Ética notificará inmediatamente, dentro del término de tres (3) días laborables" in text
    assert "y al Presidente de la Cámara de Representantes de Puerto Rico.»" in text
    assert "«notificará inmediatamente, dentro del término de tres (3) días laborables»" not in text
