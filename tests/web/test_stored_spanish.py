"""Issue 29, item 9: on an English page a stored Spanish text that no catalogue translates is marked ``lang="es"``
(a screen reader reads it as Spanish); a translated one and every Spanish page are not."""

from __future__ import annotations

from django.utils.translation import override

from ventila.cases.rule_messages import stored_text


def test_an_untranslated_stored_text_is_marked_spanish_on_an_english_page() -> None:
    stored = "Hallazgo anotado a mano por la Secretaría & sin traducción."
    with override("en"):
        assert stored_text(stored) == (
            '<span lang="es">Hallazgo anotado a mano por la Secretaría &amp; sin traducción.</span>'
        )
    with override("es"):
        assert stored_text(stored) == "Hallazgo anotado a mano por la Secretaría &amp; sin traducción."


def test_a_text_the_catalogue_translates_is_english_and_unmarked() -> None:
    with override("en"):
        out = stored_text("Inicial")
    assert out == "Initial" and "lang=" not in out
