"""``ventila conduct``: the norms of conduct a rulebook checks outside a case (JSON in, JSON out).

The sibling of ``ventila deadlines`` (docs/deadlines-contract.md, «Conduct checks»): the same input
conventions (dates ``AAAA-MM-DD``, ``calendar``, ``elections``, ``as_of``, ``settings``), the same
refusal (:class:`InputError`: exit 2, or a 422 problem in the API, naming the field) and the same
shapes of output (deadlines and findings as ``ventila deadlines`` prints them). What it checks is
asked of the rulebook (``Rulebook.register.conduct``); a rulebook without norms of conduct refuses every check.

- ``gifts``: every gift's own findings and the pattern alerts, each with ``"data": {"gift": i}``.
- ``summons``: the notice term of a court summons (a ``citation_notice`` deadline with its status).
- ``nepotism``: the kinship a relation describes and whether the hiring bar reaches it.
- ``norms``: which norms bind a role, and a finding for each cited norm that does not.

And one check of a body's seats, for a rulebook that records its members' terms of office (``Rulebook.pages.seats``
with a ``term`` rule; the municipal Commission, MUN-COM-05):

- ``term_of_office``: when a member's term began and ends, and whether the member holds over on ``as_of``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .calendar import PR_TZ, CalendarError, LegalCalendar, legal_calendar
from .engine import (
    ConductRules,
    InputError,
    Rulebook,
    Seats,
    _parse_date,
    _parse_moment,
    _show,
    calendar_settings,
    parse_calendar_days,
    parse_elections,
    parse_money,
    parse_rulebook,
)
from .kinship import STEPS, check_nepotism, compute_kinship, relation_path
from .terms import Finding

MAX_TEXT = 300  # a source's or a relation's length
MAX_ITEMS = 1000  # gifts in one request


def _object(value: Any, path: str, what: str) -> Mapping[str, Any]:
    if type(value) is not dict and not isinstance(value, Mapping):
        raise InputError(path, f"debe ser un objeto ({what})")
    return value


def _keys(data: Mapping[str, Any], allowed: Sequence[str], path: str = "") -> None:
    for key in data:
        if key not in allowed:
            where = f"{path}.{key}" if path else str(key)
            raise InputError(where, f"no es un campo de la entrada (campos: {', '.join(sorted(allowed))})")


def _bool(data: Mapping[str, Any], name: str, path: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise InputError(path, f"{_show(value)} no es true ni false")
    return value


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(path, "falta este dato (un texto)")
    if len(value) > MAX_TEXT or "\x00" in value:
        raise InputError(path, f"debe ser un texto de hasta {MAX_TEXT} caracteres, sin caracteres nulos")
    return value.strip()


def _calendar(data: Mapping[str, Any], rulebook: Rulebook, settings: Mapping[str, Any]) -> LegalCalendar:
    closures, openings = parse_calendar_days(data)
    elections = parse_elections(data)
    days = [e.date for e in (elections if elections is not None else rulebook.elections) if e.kind == "general"]
    try:
        return legal_calendar(closures, openings, days, calendar_settings(settings))
    except CalendarError as exc:
        raise InputError("calendar", str(exc)) from None


def _in_range(calendar: LegalCalendar, day: dt.date, path: str) -> dt.date:
    try:
        calendar.check_input_date(day)
    except CalendarError as exc:
        raise InputError(path, str(exc)) from None
    return day


def _as_of(data: Mapping[str, Any]) -> dt.date:
    if "as_of" not in data:
        return dt.datetime.now(PR_TZ).date()
    return _parse_moment(data["as_of"], "as_of")[1]


# -- the checks -------------------------------------------------------------------------------------


def _gifts(data: Mapping[str, Any], rulebook: Rulebook, conduct: ConductRules) -> dict[str, Any]:
    _keys(data, ("rulebook", "check", "gifts", "settings"))
    raw = data.get("gifts")
    if not isinstance(raw, list):
        raise InputError("gifts", "debe ser una lista de regalos")
    if len(raw) > MAX_ITEMS:
        raise InputError("gifts", f"a lo sumo {MAX_ITEMS} regalos por consulta")
    allowed = ("received", "source", "value", "kind", "foreign", "waiver")
    gifts = []
    kinds = tuple(conduct.gift_kinds)
    for i, g in enumerate(raw):
        path = f"gifts[{i}]"
        g = _object(g, path, "received, source, value, kind, foreign, waiver")
        _keys(g, allowed, path)
        kind = g.get("kind", kinds[0])
        if kind not in kinds:
            raise InputError(f"{path}.kind", f"{_show(kind)} no es un tipo de regalo (valores: {', '.join(kinds)})")
        gifts.append(
            conduct.gift(
                received=_parse_date(g.get("received"), f"{path}.received"),
                source=_text(g.get("source"), f"{path}.source"),
                value=parse_money(g.get("value"), f"{path}.value"),
                kind=kind,
                foreign=_bool(g, "foreign", f"{path}.foreign"),
                waiver=_bool(g, "waiver", f"{path}.waiver"),
            )
        )
    settings = rulebook.resolve_settings(_object(data.get("settings", {}), "settings", "ajustes"))
    findings: list[dict[str, Any]] = []
    for i, own in enumerate(gift_findings_by_gift(conduct, gifts, settings)):
        findings += [_on(f, gift=i) for f in own]
    return {"findings": findings}


def gift_findings_by_gift(
    conduct: ConductRules, gifts: Sequence[Any], settings: Mapping[str, Any] | None = None
) -> list[list[Finding]]:
    """Each gift's findings, in the order given: its own (``check_gift``) and the pattern alert it
    completes (``check_gifts``, over the gifts received up to it; same day: the order given)."""
    order = sorted(range(len(gifts)), key=lambda i: gifts[i].received)
    out: list[list[Finding]] = [[] for _ in gifts]
    patterns_before = 0
    for n, i in enumerate(order):
        so_far = conduct.check_gifts([gifts[j] for j in order[: n + 1]], settings=settings)
        patterns = [f for f in so_far if f.id == "gift_pattern"]
        out[i] = conduct.check_gift(gifts[i]) + patterns[patterns_before:]
        patterns_before = len(patterns)
    return out


def _summons(data: Mapping[str, Any], rulebook: Rulebook, conduct: ConductRules) -> dict[str, Any]:
    _keys(
        data, ("rulebook", "check", "formal_notice", "secretary_notified", "calendar", "elections", "as_of", "settings")
    )
    settings = rulebook.resolve_settings(_object(data.get("settings", {}), "settings", "ajustes"))
    calendar = _calendar(data, rulebook, settings)
    formal = _in_range(calendar, _parse_date(data.get("formal_notice"), "formal_notice"), "formal_notice")
    notified = None
    if data.get("secretary_notified") is not None:
        notified = _in_range(
            calendar, _parse_date(data["secretary_notified"], "secretary_notified"), "secretary_notified"
        )
        if notified < formal:
            raise InputError(
                "secretary_notified",
                f"{notified.isoformat()} es anterior a la notificación formal ({formal.isoformat()}): no se "
                "puede avisar de una citación antes de recibirla",
            )
    as_of = _in_range(calendar, _as_of(data), "as_of")
    deadline = conduct.citation_notice(calendar, formal, notified, as_of)
    return {"as_of": as_of.isoformat(), "deadlines": [deadline.to_json()], "trace": deadline.trace()}


def _nepotism(data: Mapping[str, Any], rulebook: Rulebook, conduct: ConductRules) -> dict[str, Any]:
    _keys(
        data,
        ("rulebook", "check", "relation", "path", "waiver", "recommended_by_speaker", "employed_before", "settings"),
    )
    if ("relation" in data) == ("path" in data):
        raise InputError("relation", "indique el parentesco por su nombre (relation) o como camino (path), uno solo")
    try:
        if "relation" in data:
            path = relation_path(_text(data["relation"], "relation"))
        else:
            steps = data["path"]
            if not isinstance(steps, list) or not 0 < len(steps) <= 12:
                raise InputError("path", f"debe ser una lista de 1 a 12 pasos (valores: {', '.join(STEPS)})")
            for i, step in enumerate(steps):
                if step not in STEPS:
                    raise InputError(f"path[{i}]", f"{_show(step)} no es un paso (valores: {', '.join(STEPS)})")
            path = tuple(steps)
        kinship = compute_kinship(path)
    except ValueError as exc:
        if isinstance(exc, InputError):
            raise
        raise InputError("relation" if "relation" in data else "path", str(exc)) from None
    settings = rulebook.resolve_settings(_object(data.get("settings", {}), "settings", "ajustes"))
    findings = check_nepotism(
        kinship,
        waiver=_bool(data, "waiver", "waiver"),
        recommended_by_speaker=_bool(data, "recommended_by_speaker", "recommended_by_speaker"),
        employed_before=_bool(data, "employed_before", "employed_before"),
        settings=settings,
    )
    within = bool(check_nepotism(kinship, settings=settings))  # whatever waiver there may be
    return {
        "path": list(path),
        "kinship": None
        if kinship is None
        else {
            "kind": kinship.kind,
            "degree": kinship.degree,
            "line": kinship.line,
            "description": kinship.describe_es(),
        },
        "within_bar": within,
        "findings": [f.to_json() for f in findings],
    }


def _norms(data: Mapping[str, Any], rulebook: Rulebook, conduct: ConductRules) -> dict[str, Any]:
    _keys(data, ("rulebook", "check", "role", "norms"))
    role: Any = data.get("role")
    if type(role) is not str or role not in conduct.roles:
        raise InputError("role", f"{_show(role)} no es un cargo (valores: {', '.join(conduct.roles)})")
    matrix = conduct.norm_matrix()[role]
    cited = data.get("norms", [])
    if not isinstance(cited, list) or len(cited) > len(matrix):
        raise InputError("norms", f"debe ser una lista de a lo sumo {len(matrix)} normas (reglas de conducta)")
    for i, rid in enumerate(cited):
        if type(rid) is not str or rid not in matrix:
            raise InputError(f"norms[{i}]", f"{_show(rid)} no es una norma de conducta (p. ej. {next(iter(matrix))})")
    return {
        "role": role,
        "binds": [
            {"rule": rid, "citation": rulebook.rules[rid].citation, "binds": binds} for rid, binds in matrix.items()
        ],
        "findings": [f.to_json() for f in conduct.check_norms_for_role(role, cited)],
    }


CHECKS: dict[str, Callable[[Mapping[str, Any], Rulebook, ConductRules], dict[str, Any]]] = {
    "gifts": _gifts,
    "summons": _summons,
    "nepotism": _nepotism,
    "norms": _norms,
}


def _optional_date(data: Mapping[str, Any], name: str, calendar: LegalCalendar) -> dt.date | None:
    return None if data.get(name) is None else _in_range(calendar, _parse_date(data[name], name), name)


def _term_of_office(data: Mapping[str, Any], rulebook: Rulebook, seats: Seats) -> dict[str, Any]:
    _keys(data, ("rulebook", "check", "took_office", "appointed", "successor_took_office", "as_of", "settings"))
    settings = rulebook.resolve_settings(_object(data.get("settings", {}), "settings", "ajustes"))
    calendar = _calendar(data, rulebook, settings)  # no day is counted: its years are the range every input date keeps
    took = _in_range(calendar, _parse_date(data.get("took_office"), "took_office"), "took_office")
    appointed, successor = (_optional_date(data, name, calendar) for name in ("appointed", "successor_took_office"))
    if appointed is not None and appointed > took:
        raise InputError(
            "appointed", f"{appointed.isoformat()} es posterior a la toma de posesión ({took.isoformat()})"
        )
    if successor is not None and successor <= took:
        raise InputError(
            "successor_took_office",
            f"{successor.isoformat()} no es posterior a la toma de posesión ({took.isoformat()}): un sucesor toma "
            "posesión después",
        )
    as_of = _in_range(calendar, _as_of(data), "as_of")
    try:
        term = seats.term_of_office(
            took_office=took, on=as_of, appointed=appointed, successor_took_office=successor, settings=settings
        )
    except ValueError as exc:  # term_start="appointed" without the appointment's date
        raise InputError("appointed", str(exc)) from None
    rule_id = seats.rule_ids["term"]
    return {
        "as_of": as_of.isoformat(),
        "rule": rule_id,
        "citation": rulebook.rules[rule_id].citation,
        "start": term.start.isoformat(),
        "nominal_end": term.nominal_end.isoformat(),
        "in_office": term.in_office,
        "holdover": term.holdover,
        "service_ends": None if term.service_ends is None else term.service_ends.isoformat(),
        "message": term.message,
    }


SEAT_CHECKS: dict[str, Callable[[Mapping[str, Any], Rulebook, Seats], dict[str, Any]]] = {
    "term_of_office": _term_of_office,
}


def checks_of(rulebook: Rulebook) -> list[str]:
    """The checks ``rulebook`` answers: its norms of conduct, and its seats' terms when it records them."""
    out = list(CHECKS) if rulebook.register.conduct is not None else []
    return out + (
        list(SEAT_CHECKS) if rulebook.pages.seats is not None and "term" in rulebook.pages.seats.rule_ids else []
    )


def _on(finding: Finding, **where: Any) -> dict[str, Any]:
    out = finding.to_json()
    out["data"] = {**out.get("data", {}), **where}
    return out


def check(data: Any) -> dict[str, Any]:
    """Run one check (the contract's JSON, parsed); :class:`InputError` names the field at fault."""
    rulebook = parse_rulebook(data)
    name: Any = data.get("check")
    if type(name) is not str or (name not in CHECKS and name not in SEAT_CHECKS):
        raise InputError(
            "check", f"{_show(name)} no es una verificación (valores: {', '.join([*CHECKS, *SEAT_CHECKS])})"
        )
    if name not in checks_of(rulebook):
        why = "no tiene normas de conducta que verificar" if name in CHECKS else "no lleva los términos de sus miembros"
        offered = ", ".join(checks_of(rulebook)) or "ninguna"
        raise InputError("rulebook", f"{rulebook.id} {why} (sus verificaciones: {offered})")
    if name in SEAT_CHECKS:
        assert rulebook.pages.seats is not None  # checks_of  # nosec B101
        return {"rulebook": rulebook.id, "check": name, **SEAT_CHECKS[name](data, rulebook, rulebook.pages.seats)}
    assert rulebook.register.conduct is not None  # checks_of  # nosec B101
    return {"rulebook": rulebook.id, "check": name, **CHECKS[name](data, rulebook, rulebook.register.conduct)}
