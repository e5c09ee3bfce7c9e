"""Translations (issue 13, item 3): ``locale/en/LC_MESSAGES/django.po`` is their only source,
compiled by Babel (``locale/compile.py``, run by ``./run setup``); every word of the rulebooks'
vocabulary has its English there, and the app shows it."""

from __future__ import annotations

import gettext
import importlib.util
import io
import json
import shutil
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from django.utils import translation

from ventila.cases.labels import DEADLINE_STATUS, DEADLINES, KINDS, PROCEDURES, STAGES
from ventila.rules.rulebooks import RULEBOOKS, rulebook_words
from ventila.rules.vocabulary import DEADLINE_ES, STAGE_ES

LOCALE = Path(__file__).resolve().parents[2] / "locale"
PO = LOCALE / "en" / "LC_MESSAGES" / "django.po"


def _catalog():
    with PO.open("rb") as f:
        return read_po(f, locale="en")


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, LOCALE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _translated(catalog) -> dict[str, str]:
    return {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}


def test_every_stage_deadline_and_event_of_every_kind_has_an_english_translation() -> None:
    english = _translated(_catalog())
    missing = []
    for rulebook in RULEBOOKS.values():
        for kind in rulebook.kinds.values():
            assert kind.stages is not None and kind.deadlines is not None
            labels = [STAGE_ES[s] for s in kind.stages] + [DEADLINE_ES[d] for d in kind.deadlines]
            labels += [spec.title for spec in kind.events.values()] + [kind.title]
            missing += [f"{rulebook.id}:{kind.id}: {w}" for w in labels if w not in english]
    assert missing == []


def test_every_rulebook_word_is_translated_in_the_po() -> None:
    english = _translated(_catalog())
    assert sorted(w for w in rulebook_words() if w not in english) == []


def test_po_has_no_untranslated_or_fuzzy_entry() -> None:
    assert _script("compile").untranslated(_catalog()) == []


def test_po_has_each_message_once() -> None:
    """Branches append their entries at the end and git merges the file as a union, so one message can land
    twice; GNU gettext's msgmerge (``makemessages``) then refuses the whole file."""
    import re
    from collections import Counter

    keys = Counter(
        (m.group(1) or "", m.group(2))
        for m in re.finditer(r'^(?:msgctxt (".*")\n)?msgid (".*"(?:\n".*")*)', PO.read_text(encoding="utf-8"), re.M)
    )
    assert sorted(k for k, n in keys.items() if n > 1) == []


def test_built_mo_is_the_po_compiled() -> None:
    """``./run setup`` builds the .mo from the .po; a .mo older than the .po fails here."""
    buf = io.BytesIO()
    write_mo(buf, _catalog())
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))._catalog  # type: ignore[attr-defined]
    mo = PO.with_suffix(".mo")
    assert mo.exists(), "falta django.mo: ejecute ./run setup (locale/compile.py)"
    built = gettext.GNUTranslations(mo.open("rb"))._catalog  # type: ignore[attr-defined]
    assert built == fresh, "django.mo no corresponde a django.po: ejecute ./run setup (locale/compile.py)"


def test_labels_show_in_english_when_chosen() -> None:
    with translation.override("en"):
        assert str(STAGES["in_office"]) == "In office"  # a label the web app had no word for before
        assert str(DEADLINES["issue_opinion"]) == "Issue the advisory opinion"
        assert str(STAGES["resolved"]) == "Resolved (Final Report)"
        assert str(KINDS["complaint"]) == "Complaint"
        assert str(PROCEDURES["summary"]) == "Summary (Sec. 24)"
        assert str(DEADLINE_STATUS["missed"]) == "Missed"
    with translation.override("es"):
        assert str(STAGES["in_office"]) == "En funciones"


@pytest.fixture
def po_copy(tmp_path, monkeypatch):
    copy = tmp_path / "django.po"
    shutil.copy(PO, copy)
    return copy


def test_merge_json_folds_translations_into_the_po(po_copy, tmp_path, monkeypatch) -> None:
    merge = _script("merge_json")
    monkeypatch.setattr(merge, "PO", po_copy)
    pairs = tmp_path / "en.json"
    pairs.write_text(
        json.dumps({"Cadena nueva de otra rama": "A new string from another branch", "En funciones": "Serving"}),
        encoding="utf-8",
    )
    assert merge.main([str(pairs)]) == 0
    with po_copy.open("rb") as f:
        catalog = read_po(f, locale="en")
    assert catalog["Cadena nueva de otra rama"].string == "A new string from another branch"
    assert catalog["En funciones"].string == "Serving"
    assert len(catalog) == len(_catalog()) + 1


def test_makemessages_collects_the_rulebooks_words_and_keeps_their_english(tmp_path, monkeypatch) -> None:
    """One pipeline (issue 28): ``ventila makemessages`` alone brings the rulebooks' words into the
    catalogue, translations kept — no hand copy, no script to run after it (GNU gettext, as the README says)."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        pytest.fail("GNU gettext (xgettext, msgmerge) is needed to make messages")
    from django.core.management import call_command
    from django.test import override_settings

    locale = tmp_path / "locale"
    (locale / "en" / "LC_MESSAGES").mkdir(parents=True)
    po = locale / "en" / "LC_MESSAGES" / "django.po"
    with PO.open("rb") as f, po.open("wb") as out:  # read and written once: an entry appended twice is one
        write_po(out, read_po(f, locale="en"), width=0)
    (tmp_path / "app.py").write_text('from django.utils.translation import gettext as _\n_("Cadena de la app")\n')
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[locale]):
        call_command("makemessages", locale=["en"], verbosity=0)
    with po.open("rb") as f:
        catalog = read_po(f, locale="en")
    words = rulebook_words()
    assert "En funciones" in words and catalog["En funciones"].string == "In office"
    assert "Cadena de la app" in catalog  # Django's own collection still runs
    assert sorted(w for w in words if w not in catalog or not catalog[w].string) == []
    assert not [w for w in words if w in catalog.obsolete]
    assert not (locale / "rulebook_words.py").exists()  # the words' source is gone once it is done


def test_makemessages_over_the_app_keeps_every_message_of_the_catalogue(tmp_path, monkeypatch) -> None:
    """One pipeline (issue 28): ``ventila makemessages`` over the app's own source produces every msgid
    the catalogue holds — none goes obsolete, so none is there by a hand copy or a script. A string
    marked through an alias xgettext does not know (``gettext_lazy as _l``) or a rulebook word missing
    from ``rulebook_words`` would go obsolete here, and untranslated at the next run."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        pytest.fail("GNU gettext (xgettext, msgmerge) is needed to make messages")
    from django.core.management import call_command
    from django.test import override_settings

    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "ventila", tmp_path / "ventila", ignore=shutil.ignore_patterns("__pycache__"))
    locale = tmp_path / "locale"
    (locale / "en" / "LC_MESSAGES").mkdir(parents=True)
    po = locale / "en" / "LC_MESSAGES" / "django.po"
    shutil.copy(PO, po)
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[locale]):
        call_command("makemessages", locale=["en"], verbosity=0)
    with po.open("rb") as f:
        made = read_po(f, locale="en")
    assert sorted(str(m.id) for m in _catalog() if m.id and m.id not in made) == []
    assert not [w for w in rulebook_words() if w in made.obsolete]
    # …and every message it finds has its English: none new, none left fuzzy by msgmerge's guess.
    strings = {m.id: m.string if isinstance(m.string, tuple) else (m.string,) for m in made if m.id}
    assert sorted(str(m.id) for m in made if m.id and (m.fuzzy or not all(strings[m.id]))) == []
