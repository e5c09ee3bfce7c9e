"""The rulebooks: one per body. A third body is a new rulebook, not a fork."""

from __future__ import annotations

from ..calendar import HOLIDAY_NAMES_ES
from ..demo import Demo
from ..engine import RULEBOOKS, register_rulebook
from ..i18n import source_templates
from ..vocabulary import (
    ACTOR_ES,
    DEADLINE_ES,
    KIND_ES,
    ORDINAL_ES,
    PROCEDURE_ES,
    RECORD_ONLY_EVENT_ES,
    STAGE_ES,
    STATUS_ES,
)
from .camara_171 import RULEBOOK as CAMARA_171
from .camara_171.demo import DEMO as CAMARA_171_DEMO
from .camara_171.s10_s13_conduct import GIFT_KIND_ES, ROLES_ES
from .camara_171.s19_advisory import ADVISORY_CHOICES_ES
from .camara_171.s20_s24_complaints import DISMISSAL_GROUNDS_ES
from .camara_171.s25_s31_reports import SANCTION_ES
from .municipal import RULEBOOK as MUNICIPAL
from .municipal.complaints import OUTCOME_ES, PARTY_ES
from .municipal.demo import DEMO as MUNICIPAL_DEMO

# The registry lives in the engine (which reads it and must not import the rulebooks, which import
# it); this is where it is filled, and ``RULEBOOKS`` here is that same dict.
register_rulebook(CAMARA_171)
register_rulebook(MUNICIPAL)

# ``ventila demo``'s data, by rulebook (:mod:`ventila.rules.demo`): each body the demo creates, in order.
DEMOS: dict[str, Demo] = {CAMARA_171.id: CAMARA_171_DEMO, MUNICIPAL.id: MUNICIPAL_DEMO}


def rulebook_words() -> set[str]:
    """Every Spanish word of the rulebooks that people read translated: the labels of
    ``vocabulary.py``, each kind's and each event's title, each kind's caption, each event's «when», the
    dismissal grounds and the sanctions, each field's choice words (``FieldSpec.labels``), what a late act means (``Rulebook.docket.late_acts``) and the plain
    words of the public e-filing form (``PublicFiling``).
    None is written as ``_("…")`` in the source: ``ventila makemessages`` (``web/management/commands/
    makemessages.py``) collects them with the rest, and
    ``tests/web/test_translations.py`` holds them all translated. (It lives here, not in
    ``vocabulary.py``, because it reads the rulebooks, which import the vocabulary.)"""
    words = {
        *STAGE_ES.values(),
        *KIND_ES.values(),
        *PROCEDURE_ES.values(),
        *DEADLINE_ES.values(),
        *STATUS_ES.values(),
        *RECORD_ONLY_EVENT_ES.values(),
        *DISMISSAL_GROUNDS_ES.values(),
        *SANCTION_ES.values(),
        *ADVISORY_CHOICES_ES.values(),  # Sec. 19: requesters, rejection grounds, revisions
        *ACTOR_ES.values(),
        *HOLIDAY_NAMES_ES,
        *PARTY_ES.values(),
        *source_templates(),
    }
    for rulebook in RULEBOOKS.values():
        if rulebook.pages.seats is not None:  # the composition page's rules, by their summaries
            words.update(rulebook.rules[r].summary for r in rulebook.pages.seats.rule_ids.values())
        if rulebook.case_page.confidentiality:
            words.add(rulebook.case_page.confidentiality)
        if rulebook.documents.letterhead:  # also a form hint's value (the House's «Cámara de Representantes»)
            words.add(rulebook.documents.letterhead)
        words.update(late.text for late in rulebook.docket.late_acts.values())  # shown before a late act is recorded
        words.update(act.title for act in rulebook.public.record.acts.values())  # the public record's titles
        words.update(doc.title for doc in rulebook.documents.catalogue)  # the titles of the documents it carries
        public = rulebook.public.filing
        if public is not None:  # what the public e-filing form and its receipt say in plain words
            words.update(public.provision_titles.values())
            words.update(w for g in public.provision_groups for w in (g.label, g.hint))
            words.update(public.evidence_kinds.values())
            words.update(step.text for step in public.next_steps)
            words.update(w for w in (public.knowledge_term_hint, public.late_warning) if w)
            words.update(w for w in (public.description, public.office_label, public.oath) if w)
            words.update(public.provisions.values())
            words.update(public.respondent_roles.values())
        for kind in rulebook.kinds.values():
            words.add(kind.title)
            words.update(c for c in (kind.caption, kind.caption_without_office) if c)
            words.update(kind.party_labels.values())  # a party's role in the kind's own words (the case page)
            words.update(spec.title for spec in kind.events.values())
            words.update(spec.when for spec in kind.events.values() if spec.when)
            words.update(f.help for spec in kind.events.values() for f in spec.fields.values() if f.help)
            words.update(w for spec in kind.events.values() for f in spec.fields.values() for w in f.labels.values())
            words.update(f.label for spec in kind.events.values() for f in spec.fields.values() if f.label)
        words.update(rulebook.docket.choice_labels.values())  # a payload choice read without its field
        words.update(rulebook.case_page.warned_texts.values())  # the case page's warning of its warned term
    words.update(finding_words())
    return words


def finding_words() -> set[str]:
    """The rulebooks' words that a finding's message holds as a value (a gift's kind, a role, a
    municipal outcome, a degree of kinship), as the finding writes them."""
    return {
        *(w.capitalize() for w in GIFT_KIND_ES.values()),
        *ROLES_ES.values(),
        *OUTCOME_ES.values(),
        *ORDINAL_ES.values(),
        "una parte",  # check_recusal_kinship's default
        "la agencia",  # check_agency_contract's default
    }


__all__ = ["CAMARA_171", "DEMOS", "MUNICIPAL", "RULEBOOKS", "rulebook_words"]
