"""Issue 13, item 2: what each body's public e-filing asks is its rulebook's ``public_filing``
(README "How the code is laid out", step 2); these check the two specs against the rules they cite."""

from __future__ import annotations

from ventila.rules import RULEBOOKS


def test_cam_20_01_the_public_form_is_against_a_representative_an_officer_or_a_department_head() -> None:
    rulebook = RULEBOOKS["camara-171"]
    spec = rulebook.public.filing
    assert spec is not None
    assert list(spec.respondent_roles) == ["representative", "officer", "department_head"]
    assert set(spec.respondent_roles) <= set(rulebook.kinds["complaint"].respondent_roles)


def test_cam_20_06_and_cam_24_01_the_cited_rules_and_their_terms() -> None:
    rulebook = RULEBOOKS["camara-171"]
    spec = rulebook.public.filing
    assert spec is not None
    assert (spec.knowledge_term_rule, spec.candidate_rule) == ("CAM-20-06", "CAM-24-01")
    assert rulebook.rules["CAM-20-06"].term.amount == 30  # Sec. 20(6): 30 calendar days
    assert rulebook.rules["CAM-24-01"].citation.startswith("Sec. 24")
    # Sec. 21(a)(3), Sec. 20(7), Sec. 21(a)(12): asked of a Cámara complaint only.
    assert spec.asks_personal_knowledge and spec.phone_required and spec.provisions
    assert spec.check_form is not None and spec.complainant_kinds is None


def test_mun_com_02_who_may_complain_follows_the_complainant_scope_setting() -> None:
    rulebook = RULEBOOKS["municipal"]
    spec = rulebook.public.filing
    assert spec is not None and spec.complainant_kinds is not None
    # The public form puts the citizen first (issue 29: not «El Gobernador»), then ¶1's authorities in its order.
    assert spec.complainant_kinds({"complainant_scope": "citizen"}) == (
        "citizen",
        "governor",
        "oeg_director",
        "municipal_assembly",
    )
    # ¶5 (the default, ambiguity 8): any person.
    assert (
        spec.complainant_kinds(rulebook.resolve_settings({}))
        == spec.complainant_kinds({"complainant_scope": "person"})
        == ("citizen", "person", "governor", "oeg_director", "municipal_assembly")
    )
    assert list(spec.respondent_roles) == ["mayor"] == list(rulebook.register.roles)
    assert spec.asks_municipality and not spec.provisions and not spec.candidate_rule
    assert spec.check_form is None and not spec.asks_personal_knowledge and not spec.phone_required


def test_every_rule_a_public_filing_cites_is_in_its_rulebook() -> None:
    for rulebook in RULEBOOKS.values():
        spec = rulebook.public.filing
        assert spec is not None, rulebook.id
        assert spec.description, rulebook.id
        for rule_id in (spec.knowledge_term_rule, spec.candidate_rule):
            assert not rule_id or rule_id in rulebook.rules, (rulebook.id, rule_id)
