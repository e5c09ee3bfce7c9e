"""The plain-language content of the public e-filing form lives in the rulebooks (``PublicFiling``),
each piece pointing back to its rule: the provision groups (Sec. 21(a)(12)), the evidence kinds
(Sec. 21(a)(4)–(10)), the term of Sec. 20(6) beside the date, and the receipt's next steps."""

from __future__ import annotations

import re

import pytest

from ventila.rules import RULEBOOKS
from ventila.rules.rulebooks.camara_171.s20_s24_complaints import CODE_PROVISIONS, EVIDENCE_KINDS

CAMARA = RULEBOOKS["camara-171"].public.filing


def test_cam_21a_06_every_code_provision_is_in_exactly_one_plain_language_group() -> None:
    seen = [p for g in CAMARA.provision_groups for p in g.provisions]
    assert sorted(seen) == sorted(CODE_PROVISIONS) and len(seen) == len(set(seen))
    for g in CAMARA.provision_groups:
        assert g.label and g.hint and "Sec." not in g.label  # plain words first
        assert all(p in g.citation for p in g.provisions) and g.citation.endswith("del Código de Ética")
        for p in g.provisions:
            assert CAMARA.provision_titles[p] and CAMARA.provision_titles[p] in CODE_PROVISIONS[p]
    labels = {g.label for g in CAMARA.provision_groups}
    assert {"Uso de fondos públicos", "Conflicto de intereses"} <= labels


def test_cam_21a_04_the_public_evidence_kinds_are_the_codes_kinds_in_plain_words() -> None:
    assert set(CAMARA.evidence_kinds) == set(EVIDENCE_KINDS)
    assert all(CAMARA.evidence_kinds[k] != EVIDENCE_KINDS[k] for k in EVIDENCE_KINDS)


def test_cam_20_06_the_date_hint_and_the_late_warning_quote_the_rules_term() -> None:
    rule = RULEBOOKS["camara-171"].rules[CAMARA.knowledge_term_rule]
    assert rule.id == "CAM-20-06" and rule.term.amount == 30
    hint = CAMARA.knowledge_term_hint % {"n": rule.term.amount, "citation": rule.citation}
    assert "Tiene 30 días" in hint and "(Sec. 20(6))" in hint
    warning = CAMARA.late_warning % {"n": rule.term.amount, "rule": rule.id, "citation": rule.citation}
    assert "hace más de 30 días calendario" in warning and "CAM-20-06" in warning
    assert not re.search(r"\d", CAMARA.knowledge_term_hint + CAMARA.late_warning)  # no bare legal number


@pytest.mark.parametrize("rulebook", ["camara-171", "municipal"])
def test_the_receipts_next_steps_cite_existing_rules_and_quote_their_terms(rulebook: str) -> None:
    rb = RULEBOOKS[rulebook]
    steps = rb.public.filing.next_steps
    assert len(steps) >= 3
    for step in steps:
        rule = rb.rules[step.rule_id]
        assert not re.search(r"\d", step.text)  # the number comes from the rule
        if "%(n)s" in step.text:
            assert rule.term is not None, step.rule_id
