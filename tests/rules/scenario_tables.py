"""Reading docs/scenarios/*.md: cases written as plain Markdown tables (docs/scenarios/README.md).

A scenario is one file: a title, a table of data (rulebook, kind, the day it is judged on …), the facts
(date, act, data), what is expected (terms with their due dates and status, findings, the procedure or
stage), and the arithmetic in words for the reader. This module turns the tables into the engine's input
(``ventila deadlines`` or ``ventila conduct``) and the expectations into rows a test compares.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "docs" / "scenarios"

# The header table's words (Spanish, as a lawyer writes them) → the engine's input keys.
HEADER_KEYS = {
    "reglamento": "rulebook",
    "tipo": "kind",
    "verificacion": "check",
    "al": "as_of",
    "parte querellada": "respondent.role",
    "candidato": "respondent.candidate",
    "cierres": "calendar.closures",
    "ajustes": "settings",
}


@dataclass
class Scenario:
    path: Path
    title: str
    data: dict[str, Any]
    terms: list[dict[str, str]] = field(default_factory=list)  # término, regla, vence, estado
    findings: list[dict[str, str]] = field(default_factory=list)  # hallazgo, regla
    results: list[dict[str, str]] = field(default_factory=list)  # dato, valor, regla

    @property
    def name(self) -> str:
        return self.path.stem

    def cited_rules(self) -> set[str]:
        rows = [*self.terms, *self.findings, *self.results]
        return {r for row in rows for r in re.split(r"[,\s]+", row.get("regla", "")) if r}


def _fold(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in folded if not unicodedata.combining(c))


def value(text: str) -> Any:
    """A cell as JSON: true/false, a whole number, a list ``[a, b]``, else the text (dates stay text)."""
    text = text.strip().strip("`")
    if text in ("true", "false", "sí", "no"):
        return text in ("true", "sí")
    if re.fullmatch(r"\d+", text):
        return int(text)
    if re.fullmatch(r"\d+\.\d+", text):
        return float(text)
    if text.startswith("[") and text.endswith("]"):
        return [value(v) for v in text[1:-1].split(",") if v.strip()]
    return text


def _pairs(cell: str) -> dict[str, Any]:
    """``knowledge_date: 2027-02-10; initial: true`` → a dict (an empty cell: none)."""
    out: dict[str, Any] = {}
    for part in cell.split(";"):
        if part.strip():
            key, _, raw = part.partition(":")
            out[key.strip().strip("`")] = value(raw)
    return out


def _tables(text: str) -> dict[str, list[dict[str, str]]]:
    """Each ``## heading``'s first table, as rows keyed by the folded column names."""
    out: dict[str, list[dict[str, str]]] = {}
    heading = ""
    header: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("#"):
            heading, header = _fold(line.lstrip("#")), None
            continue
        if not line.startswith("|"):
            header = None if not line.strip() else header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = [_fold(c) for c in cells]
            out.setdefault(heading, [])
        elif not all(set(c) <= set("-: ") for c in cells):
            out[heading].append(dict(zip(header, cells, strict=False)))
    return out


def _set(data: dict[str, Any], dotted: str, val: Any) -> None:
    *parents, last = dotted.split(".")
    for p in parents:
        data = data.setdefault(p, {})
    data[last] = val


def load(path: Path) -> Scenario:
    text = path.read_text(encoding="utf-8")
    title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("# ")), path.stem)
    tables = _tables(text)
    first = next(iter(tables.values()), [])
    data: dict[str, Any] = {}
    for row in first:  # the header table: | dato | valor |
        key, raw = list(row.values())[:2]
        target = HEADER_KEYS.get(_fold(key))
        if target is None:
            raise ValueError(f"{path.name}: «{key}» is not a scenario datum ({', '.join(HEADER_KEYS)})")
        if target == "settings":
            data["settings"] = _pairs(raw)
        elif target == "calendar.closures":
            _set(data, target, [d.strip() for d in raw.split(",") if d.strip()])
        else:
            _set(data, target, value(raw))
    facts = tables.get("hechos", [])
    if "check" in data:  # a conduct check: each fact is a field of the input (its date, or its data)
        for row in facts:
            extra = _pairs(row.get("datos", ""))
            data[row["acto"].strip("`")] = extra if extra else row["fecha"]
    else:
        data["events"] = [
            {"type": row["acto"].strip("`"), "at": row["fecha"].replace(" ", "T"), **_pairs(row.get("datos", ""))}
            for row in facts
        ]
    return Scenario(
        path,
        title,
        data,
        terms=tables.get("terminos esperados", []),
        findings=tables.get("hallazgos esperados", []),
        results=tables.get("resultado esperado", []),
    )


def load_all() -> list[Scenario]:
    return [load(p) for p in sorted(SCENARIOS.glob("*.md")) if p.name != "README.md"]
