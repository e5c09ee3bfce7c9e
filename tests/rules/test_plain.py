"""What users read of the rulebooks: no developers' cross-references (ambiguities, decisions,
settings, identifiers), the citations kept; and each kind's caption in the rulebook's own words."""

from __future__ import annotations

import pytest

from ventila.rules import RULEBOOKS
from ventila.rules.engine import office_with_article
from ventila.rules.plain import INTERNAL_MARKER, for_users

LEAKED = [
    # (what a page showed, what it shows now)
    (
        "Siguen en el cargo hasta que su sucesor sea nombrado y tome posesión (el término empieza al tomar "
        "posesión, ambigüedad 17, ajuste term_start).",
        "Siguen en el cargo hasta que su sucesor sea nombrado y tome posesión (el término empieza al tomar posesión).",
    ),
    ("La decisión debe notificarse también a: el querellante (ambigüedad 16).", None),
    ("Fecha de la última notificación diligenciada (ambigüedad 3)", "Fecha de la última notificación diligenciada"),
    (
        "Fuera del alcance del Código (martes, 25 de febrero de 2025 – domingo, 31 de diciembre de 2028; Sec. 2, A-3).",
        "Fuera del alcance del Código (martes, 25 de febrero de 2025 – domingo, 31 de diciembre de 2028; Sec. 2).",
    ),
    (
        "Puede requerir documentos (el Presidente, como parte de la Comisión: ambigüedad 17).",
        "Puede requerir documentos (el Presidente, como parte de la Comisión).",
    ),
    ("Si vence, se advierte (compulsory_term_missed; ambigüedad 4).", "Si vence, se advierte."),
    ("Empate 1–1: no hay decisión (ambigüedad 15).", "Empate 1–1: no hay decisión."),
    ("Con el voto de la mayoría (Decisión 8 / ambigüedad 4).", "Con el voto de la mayoría."),
    (
        "Recordatorio a los 30 días; la ley no fija término, ambigüedad 6.",
        "Recordatorio a los 30 días; la ley no fija término.",
    ),
]


@pytest.mark.parametrize(("text", "plain"), LEAKED, ids=[t[:40] for t, _p in LEAKED])
def test_internal_references_are_removed_and_the_rest_is_kept(text, plain):
    assert INTERNAL_MARKER.search(text), "the marker test must see the leak it guards against"
    out = for_users(text)
    assert not INTERNAL_MARKER.search(out), out
    if plain is not None:
        assert out == plain
    else:
        assert out == "La decisión debe notificarse también a: el querellante."


@pytest.mark.parametrize(
    "text",
    [
        "El término para contestar es de 15 días laborables (Sec. 21(b)(2)).",
        "La decisión se notifica con copia de la resolución (¶16, ¶17).",
        "Citación entregada en mano (Entrega personal).",
        "El archivo evidencia_1.pdf tiene SHA-256 9f9f.",
        # A rule's ID whose letter is an A is no cross-reference «A-01» (issue 15: «CAM-10» was shown).
        "Sec. 10(a) (CAM-10A-01) no obliga a un empleado.",
        "La OEG refiere el asunto (CAM-16A-01, Sec. 16(a)).",
    ],
)
def test_texts_without_internal_references_are_left_as_they_are(text):
    assert for_users(text) == text
    assert not INTERNAL_MARKER.search(text)


def test_no_rule_summary_or_form_hint_of_either_body_shows_an_internal_reference():
    """Every rule's summary (the term's «por qué» and the composition page show it) and every act
    field's hint, as users read them."""
    seen = 0
    for rb in RULEBOOKS.values():
        for rule in rb.rules.values():
            assert not INTERNAL_MARKER.search(for_users(rule.summary)), (rule.id, for_users(rule.summary))
            seen += 1
        for kind in rb.kinds.values():
            for spec in kind.events.values():
                if spec.record_only:  # no form: the docket's own records (a document issued, its service)
                    continue
                for name, f in spec.fields.items():
                    if f.help:
                        assert not INTERNAL_MARKER.search(for_users(f.help)), (kind.id, spec.type, name, f.help)
    assert seen > 100


def test_the_office_takes_the_article_that_agrees_with_it():
    assert office_with_article("Alcalde de Guayama") == "el Alcalde de Guayama"
    assert office_with_article("Alcaldesa de Guayama") == "la Alcaldesa de Guayama"
    assert office_with_article("Directora de Finanzas de Ponce") == "la Directora de Finanzas de Ponce"
    assert office_with_article("la Secretaria Municipal") == "la Secretaria Municipal"
    assert office_with_article("  ") == ""


CAPTIONS = {
    ("camara-171", "complaint"): "Querella contra Ana Ruiz Ficticia",
    ("camara-171", "referral"): "Referido de la OEG contra Ana Ruiz Ficticia",
    ("camara-171", "advisory_opinion"): "Opinión consultiva solicitada por Ana Ruiz Ficticia (Sec. 19)",
    ("camara-171", "outside_activity"): "Actividad extra-legislativa de Ana Ruiz Ficticia (Sec. 11)",
    ("camara-171", "financial_report"): "Informes financieros de Ana Ruiz Ficticia (Secs. 14–16)",
    (
        "camara-171",
        "report_access_request",
    ): "Solicitud de acceso a un informe financiero de Ana Ruiz Ficticia (Sec. 17)",
    ("camara-171", "regulation"): "Reglamento de la Comisión y circulación del Código",
    ("municipal", "complaint"): "Querella contra el Alcalde de Guayama, Ana Ruiz Ficticia",
    (
        "municipal",
        "suspension_proceeding",
    ): "Procedimiento Especial de suspensión contra el Alcalde de Guayama, Ana Ruiz Ficticia",
    ("municipal", "deadlock"): "Fricción entre la Asamblea Municipal y el Alcalde de Guayama, Ana Ruiz Ficticia",
}


def test_every_kind_of_both_bodies_has_its_caption():
    kinds = {(rb.id, k) for rb in RULEBOOKS.values() for k in rb.kinds}
    assert kinds == set(CAPTIONS)  # a new kind must say its caption here
    for (rb, kind), expected in CAPTIONS.items():
        office = "Alcalde de Guayama" if rb == "municipal" else "Representante del Distrito 40"
        caption = RULEBOOKS[rb].kinds[kind].caption_for("Ana Ruiz Ficticia", office)
        assert caption == expected
        assert " contra un " not in caption and caption.count(" contra ") <= 1


def test_a_municipal_caption_without_the_office_names_the_respondent_only():
    kinds = RULEBOOKS["municipal"].kinds
    assert kinds["complaint"].caption_for("Ana Ruiz Ficticia") == "Querella contra Ana Ruiz Ficticia"
    assert kinds["complaint"].caption_for("Ana Ruiz Ficticia", "Alcaldesa de Guayama") == (
        "Querella contra la Alcaldesa de Guayama, Ana Ruiz Ficticia"
    )
    assert (
        kinds["deadlock"].caption_for("Ana Ruiz Ficticia") == "Fricción entre la Asamblea Municipal y Ana Ruiz Ficticia"
    )
