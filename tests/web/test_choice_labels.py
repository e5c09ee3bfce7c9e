"""Labels per field (issue 27, class 5): a payload choice is shown in its own field's words. The Cámara's
«Ausencia de jurisdicción» (a Sec. 21(c)(2) ground of dismissal, CAM-21C-03) and an advisory request's
«Los hechos ya ocurrieron o están ocurriendo» (a Sec. 19(c) ground of rejection, CAM-19C-02) share the key
``no_jurisdiction``; each is rendered with its own section, in the determination, the public record and the
statistics. Every choice of every field of every act of every kind is rendered and checked."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from ventila.cases.labels import choice_label
from ventila.documents.catalog import label
from ventila.documents.publication import _shown
from ventila.rules.rulebooks import RULEBOOKS
from ventila.stats.present import _choice

CHOICES = [
    (rb.id, kind.id, spec.type, name, choice)
    for rb in RULEBOOKS.values()
    for kind in rb.kinds.values()
    for spec in kind.events.values()
    if not spec.record_only
    for name, f in spec.fields.items()
    for choice in f.choices
]
_SECTION = re.compile(r"Sec\. (\d+(?:\.\d+)?)|(¶\d+)")


def _sections(*texts: str) -> set[str]:
    return {a or b for t in texts for a, b in _SECTION.findall(t)}


@pytest.mark.parametrize(("rulebook", "kind", "event", "field", "choice"), CHOICES, ids=[":".join(c) for c in CHOICES])
def test_every_choice_renders_in_its_own_fields_words(
    rulebook: str, kind: str, event: str, field: str, choice: str
) -> None:
    spec = RULEBOOKS[rulebook].kinds[kind].events[event]
    f = spec.fields[field]
    with translation.override("es"):
        shown = str(choice_label(choice, event, field))
    assert shown != choice, "a choice with no words"
    if f.labels:
        assert shown == f.labels[choice]
    cited = _sections(shown)
    if cited:  # a label that cites a section cites its own act's (its field's help, the act, the kind)
        own = _sections(f.help, spec.title, spec.when, RULEBOOKS[rulebook].kinds[kind].title)
        assert cited <= own, f"«{shown}» cites {cited}, its act {own}"


def test_cam_21c_03_a_dismissal_ground_is_shown_with_its_own_section_everywhere() -> None:
    with translation.override("es"):
        determination = label("no_jurisdiction", "determination_made", "grounds")
        public = _shown("grounds", ["no_jurisdiction"], "determination_made")
        stats = _choice({"value": "no_jurisdiction", "n": 1, "field": ("determination_made", "grounds")})
    assert determination == public == stats == "Ausencia de jurisdicción (Sec. 21(c)(2))"


def test_cam_19c_02_a_rejection_ground_keeps_its_own_words() -> None:
    with translation.override("es"):
        assert label("no_jurisdiction", "opinion_rejected", "grounds") == (
            "Los hechos ya ocurrieron o están ocurriendo (Sec. 19(c))"
        )


def test_cam_21c_03_in_english_each_ground_has_its_own_translation() -> None:
    with translation.override("en"):
        dismissal = str(choice_label("no_jurisdiction", "determination_made", "grounds"))
        rejection = str(choice_label("no_jurisdiction", "opinion_rejected", "grounds"))
    assert dismissal != rejection
    assert "21(c)(2)" in dismissal and "19(c)" in rejection
