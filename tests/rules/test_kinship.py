"""Degrees of kinship (civil-law counting) and the two rules that use them: nepotism (Sec. 10(t),
CAM-10T-01: ≤ 3rd degree by blood, ≤ 2nd by marriage) and recusal (Sec. 9(c), CAM-09-03: ≤ 4th by
either)."""

from __future__ import annotations

import pytest

from ventila.rules.kinship import (
    Kinship,
    check_nepotism,
    check_recusal_kinship,
    compute_kinship,
    kinship_of,
    relation_path,
)


@pytest.mark.parametrize(
    ("name", "kind", "degree", "line"),
    [
        ("padre", "blood", 1, "direct"),
        ("Madre", "blood", 1, "direct"),
        ("hija", "blood", 1, "direct"),
        ("abuelo", "blood", 2, "direct"),
        ("nieta", "blood", 2, "direct"),
        ("bisabuela", "blood", 3, "direct"),
        ("tataranieto", "blood", 4, "direct"),
        ("hermano", "blood", 2, "collateral"),
        ("tía", "blood", 3, "collateral"),
        ("sobrino", "blood", 3, "collateral"),
        ("primo hermano", "blood", 4, "collateral"),
        ("first cousin", "blood", 4, "collateral"),
        ("tío abuelo", "blood", 4, "collateral"),
        ("sobrina nieta", "blood", 4, "collateral"),
        ("suegra", "affinity", 1, "direct"),
        ("father-in-law", "affinity", 1, "direct"),
        ("yerno", "affinity", 1, "direct"),
        ("nuera", "affinity", 1, "direct"),
        ("hijastro", "affinity", 1, "direct"),
        ("madrastra", "affinity", 1, "direct"),
        ("cuñada", "affinity", 2, "collateral"),
        ("CUÑADO", "affinity", 2, "collateral"),
        ("abuela política", "affinity", 2, "direct"),
        ("esposa", "spouse", 0, "marriage"),
    ],
)
def test_named_relations(name: str, kind: str, degree: int, line: str) -> None:
    assert kinship_of(name) == Kinship(kind, degree, line)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (["sibling"], Kinship("blood", 2, "collateral")),
        (["parent", "child"], Kinship("blood", 2, "collateral")),  # a sibling, spelled out
        (["parent", "parent", "child", "child"], Kinship("blood", 4, "collateral")),  # first cousin
        (["parent", "sibling", "child", "child"], Kinship("blood", 5, "collateral")),  # first cousin once removed
        (["spouse", "parent", "sibling"], Kinship("affinity", 3, "collateral")),  # spouse's uncle
        (["sibling", "child", "spouse"], Kinship("affinity", 3, "collateral")),  # nephew's wife
        (["spouse", "sibling", "spouse"], None),  # concuñado: affinity does not create affinity
        (["child", "spouse", "parent"], None),  # consuegro
        (["parent", "spouse", "child"], None),  # stepsibling
    ],
)
def test_paths(path: list[str], expected: Kinship | None) -> None:
    assert compute_kinship(path) == expected


def test_named_relations_without_kinship() -> None:
    assert kinship_of("concuñado") is None
    assert kinship_of("consuegra") is None


@pytest.mark.parametrize(
    "path",
    [
        pytest.param([], id="empty"),
        pytest.param(["cousin"], id="unknown step"),
        pytest.param(["spouse", "spouse"], id="two spouse steps in a row"),
        pytest.param(["child", "parent"], id="down then up is ambiguous"),
        pytest.param(["child", "sibling"], id="down then sideways is ambiguous"),
        pytest.param(["child", "parent", "spouse", "child"], id="ambiguous part before a middle spouse"),
    ],
)
def test_invalid_paths(path: list[str]) -> None:
    with pytest.raises(ValueError):
        compute_kinship(path)


def test_unknown_relation_name() -> None:
    with pytest.raises(ValueError, match="no es un parentesco conocido"):
        relation_path("vecino")


def test_describe_es() -> None:
    assert kinship_of("tío").describe_es() == "tercer grado de consanguinidad (línea colateral)"  # type: ignore[union-attr]
    assert kinship_of("suegro").describe_es() == "primer grado de afinidad (línea recta)"  # type: ignore[union-attr]
    assert kinship_of("cónyuge").describe_es() == "cónyuge"  # type: ignore[union-attr]


# --- CAM-10T-01: nepotism ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("relation", "alert"),
    [
        pytest.param("sobrino", True, id="CAM-10T-01 nephew is 3rd degree by blood: alert"),
        pytest.param("primo", False, id="CAM-10T-01 first cousin is 4th degree by blood: no alert"),
        pytest.param("cuñada", True, id="CAM-10T-01 sister-in-law is 2nd degree by affinity: alert"),
        pytest.param(
            ["spouse", "parent", "sibling"], False, id="CAM-10T-01 spouse's uncle is 3rd by affinity: no alert"
        ),
        pytest.param("hijastra", True, id="CAM-10T-01 stepdaughter is 1st degree by affinity: alert"),
        pytest.param("esposo", True, id="CAM-10T-01 spouse alerts (kinship_spouse_counts)"),
        pytest.param("concuñado", False, id="CAM-10T-01 concuñado is not kin"),
    ],
)
def test_nepotism(relation: str | list[str], alert: bool) -> None:
    findings = check_nepotism(relation)
    assert [f.id for f in findings] == (["nepotism_alert"] if alert else [])
    if alert:
        assert findings[0].rule.id == "CAM-10T-01"


@pytest.mark.parametrize(
    "exception",
    [
        pytest.param({"waiver": True}, id="CAM-10T-01 express waiver of the Speaker"),
        pytest.param({"recommended_by_speaker": True}, id="CAM-10T-01 the Speaker recommended: waiver deemed"),
        pytest.param({"employed_before": True}, id="CAM-10T-01 relative employed before the election"),
    ],
)
def test_nepotism_exceptions(exception: dict[str, bool]) -> None:
    assert check_nepotism("hermana", **exception) == []


def test_spouse_setting() -> None:
    assert check_nepotism("esposa", settings={"kinship_spouse_counts": False}) == []
    assert check_recusal_kinship("esposa", settings={"kinship_spouse_counts": False}) == []


# --- CAM-09-03: recusal ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("relation", "ground"),
    [
        pytest.param("primo", True, id="CAM-09-03 first cousin, 4th degree by blood: recusal"),
        pytest.param(["parent", "sibling", "child", "child"], False, id="CAM-09-03 5th degree by blood: none"),
        pytest.param(["spouse", "parent", "parent", "sibling"], True, id="CAM-09-03 4th degree by affinity: recusal"),
        pytest.param(
            ["spouse", "parent", "sibling", "child", "child"], False, id="CAM-09-03 5th degree by affinity: none"
        ),
        pytest.param("esposa", True, id="CAM-09-03 spouse: recusal"),
    ],
)
def test_recusal_kinship(relation: str | list[str], ground: bool) -> None:
    findings = check_recusal_kinship(relation, with_whom="el querellante")
    assert [f.id for f in findings] == (["recusal_kinship"] if ground else [])
    if ground:
        assert findings[0].rule.id == "CAM-09-03"
        assert "el querellante" in findings[0].message


def test_limits_come_from_the_rule_declarations() -> None:
    from ventila.rules.rulebooks.camara_171 import s01_s09_commission as commission
    from ventila.rules.rulebooks.camara_171 import s10_s13_conduct as conduct

    assert (conduct.NEPOTISM_MAX_BLOOD_DEGREE, conduct.NEPOTISM_MAX_AFFINITY_DEGREE) == (3, 2)
    assert (commission.RECUSAL_MAX_BLOOD_DEGREE, commission.RECUSAL_MAX_AFFINITY_DEGREE) == (4, 4)
    assert "tercer grado" in conduct.R.rules["CAM-10T-01"].quote
    assert "cuarto grado" in commission.R.rules["CAM-09-03"].quote
