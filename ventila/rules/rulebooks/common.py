"""Helpers for writing a rulebook: rule declarations that read like the catalogue."""

from __future__ import annotations

from ..terms import Rule, RuleKind, Term, Unit


class RuleSet:
    """The rules one module declares, in catalogue order."""

    def __init__(self) -> None:
        self.rules: dict[str, Rule] = {}

    def add(
        self,
        rule_id: str,
        kind: str,
        citation: str,
        quote: str,
        summary: str,
        *,
        term: tuple[int, Unit] | None = None,
        not_computable: str | None = None,
    ) -> Rule:
        if rule_id in self.rules:
            raise ValueError(f"duplicate rule {rule_id}")
        rule = Rule(
            id=rule_id,
            kind=RuleKind(kind),
            citation=citation,
            quote=quote,
            summary=summary,
            term=Term(*term) if term else None,
            not_computable=not_computable,
        )
        self.rules[rule_id] = rule
        return rule


def merge(*sets: RuleSet) -> dict[str, Rule]:
    out: dict[str, Rule] = {}
    for s in sets:
        for rid, rule in s.rules.items():
            if rid in out:
                raise ValueError(f"rule {rid} declared twice")
            out[rid] = rule
    return out
