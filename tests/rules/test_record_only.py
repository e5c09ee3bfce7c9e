"""Record-only events (``document_issued``, ``service_attempted``, ``service_received``): in every kind of both rulebooks,
validated like any event, and without effect on the evaluation.

The differential check walks each kind's own ``allowed_next`` from an empty docket (seeded random
walks, payloads built from the event specs), then evaluates every scenario again with record-only
events interleaved at random places and dates: terms, stage, procedure, allowed acts and findings
must be identical (a finding that points at an input event is compared through the index map).
"""

from __future__ import annotations

import datetime as dt
import random
import zlib
from typing import Any

import pytest
from rule_input import case

from ventila.rules import InputError
from ventila.rules.engine import EventSpec, evaluate
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.rulebooks.common import RECORD_ONLY_EVENTS
from ventila.rules.vocabulary import RECORD_ONLY_EVENT_ES

KINDS = [(rb.id, k) for rb in RULEBOOKS.values() for k in rb.kinds]
START = dt.date(2027, 3, 1)


def _payload(spec: EventSpec, day: dt.date, rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, f in spec.fields.items():
        if not f.required and rng.random() < 0.7:
            continue
        if f.type == "date":
            out[name] = day.isoformat()
        elif f.type == "datetime":
            out[name] = f"{(day + dt.timedelta(days=rng.choice((3, 20, 40)))).isoformat()}T10:00"
        elif f.type == "bool":
            out[name] = rng.random() < 0.7
        elif f.type == "int":
            out[name] = rng.randint(1, 15)
        elif f.type == "money":
            out[name] = rng.choice((500, 1500))
        elif f.type == "str":
            out[name] = "Texto de prueba."
        elif f.type == "choice":
            out[name] = rng.choice(f.choices)
        elif f.type == "choices":
            out[name] = [rng.choice(f.choices)]
    return out


def _record_only(rng: random.Random, day: dt.date, n: int) -> dict[str, Any]:
    if rng.random() < 0.2:
        return {
            "type": "service_received",
            "at": day.isoformat(),
            "document": n,
            "delivery": n,
            "method": "email_link",
            "recipient": "Parte Ficticia",
            "received_on": day.isoformat(),
        }
    if rng.random() < 0.5:
        return {
            "type": "document_issued",
            "at": f"{day.isoformat()}T{rng.randint(8, 17):02d}:{rng.randint(0, 59):02d}",
            "document": n,
            "template": "notice_of_complaint",
            "title": "Notificación de la querella",
            "sha256": "ab" * 32,
            "rule": "CAM-21B-04",
            "citation": "Sec. 21(b)(4)",
            "source_seq": 1,
            "language": "es",
        }
    ok = rng.random() < 0.6
    return {
        "type": "service_attempted",
        "at": day.isoformat() if rng.random() < 0.3 else f"{day.isoformat()}T09:30",
        "document": n,
        "delivery": n,
        "attempt": rng.randint(1, 5),
        "method": rng.choice(("email_attachment", "email_link", "hand", "mail")),
        "recipient": "parte@example.org",
        "message_id": f"<{n}@ventila.test>",
        "answer": "250 OK" if ok else "451 try again later",
        "ok": ok,
    }


def _walks(rb_id: str, kind_id: str, count: int, seed: int) -> list[dict[str, Any]]:
    """Scenarios reached by following the kind's allowed acts from an empty docket."""
    kind = RULEBOOKS[rb_id].kinds[kind_id]
    rng = random.Random(seed)
    base = {
        "rulebook": rb_id,
        "kind": kind_id,
        "respondent": {"role": kind.respondent_roles[0]} if kind.respondent_roles else {},
    }
    out = []
    for _ in range(count):
        events: list[dict[str, Any]] = []
        day = START
        for _step in range(rng.randint(1, 14)):
            as_of = (day + dt.timedelta(days=30)).isoformat()
            allowed = evaluate({**base, "events": events, "as_of": as_of}).allowed_next
            if not allowed:
                break
            day = day + dt.timedelta(days=rng.randint(1, 12))
            etype = rng.choice(allowed)
            spec = kind.events[etype]
            for _try in range(4):
                candidate = {"type": etype, "at": f"{day.isoformat()}T10:00", **_payload(spec, day, rng)}
                try:
                    evaluate({**base, "events": [*events, candidate], "as_of": as_of})
                except InputError:
                    continue
                events.append(candidate)
                break
        out.append({**base, "events": events, "as_of": (day + dt.timedelta(days=rng.choice((5, 60)))).isoformat()})
    return out


def _interleave(scenario: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], dict[int, int]]:
    """The scenario with record-only events put among its events; the map new index → old index."""
    events: list[dict[str, Any]] = []
    index_map: dict[int, int] = {}
    last = dt.date.fromisoformat(scenario["as_of"])
    for i, e in enumerate([*scenario["events"], None]):
        for _ in range(rng.choice((0, 0, 1, 2))):
            # Any date: before, on or after the act next to it, even after as_of.
            day = START + dt.timedelta(days=rng.randint(-5, (last - START).days + 10))
            events.append(_record_only(rng, day, len(events) + 1))
        if e is not None:
            index_map[len(events)] = i
            events.append(e)
    return {**scenario, "events": events}, index_map


def _comparable(ev: Any, index_map: dict[int, int] | None = None) -> dict[str, Any]:
    data = ev.to_json()
    for f in data["findings"]:
        if index_map is not None and "event" in f.get("data", {}):
            f["data"]["event"] = index_map[f["data"]["event"]]
    return {**data, "allowed_next": list(ev.allowed_next)}


@pytest.mark.parametrize(("rb_id", "kind_id"), KINDS)
def test_record_only_events_change_nothing(rb_id: str, kind_id: str) -> None:
    rng = random.Random(f"{rb_id}/{kind_id}")
    scenarios = _walks(rb_id, kind_id, 25, seed=zlib.crc32(f"{rb_id}/{kind_id}".encode()))
    acts = sum(len(s["events"]) for s in scenarios)
    assert acts >= 25, "the walks must reach beyond the first act"  # the check means something
    for scenario in scenarios:
        expected = _comparable(evaluate(scenario))
        for _ in range(3):
            mixed, index_map = _interleave(scenario, rng)
            assert _comparable(evaluate(mixed), index_map) == expected, mixed


def test_walks_reach_terms_and_findings() -> None:
    """The differential check covers scenarios with terms and findings, not only empty ones."""
    deadlines = findings = 0
    for rb_id, kind_id in KINDS:
        for scenario in _walks(rb_id, kind_id, 25, seed=zlib.crc32(f"{rb_id}/{kind_id}".encode())):
            ev = evaluate(scenario)
            deadlines += len(ev.deadlines)
            findings += len(ev.findings)
    assert deadlines > 100 and findings > 10, (deadlines, findings)


@pytest.mark.parametrize(("rb_id", "kind_id"), KINDS)
def test_every_kind_declares_the_record_only_events(rb_id: str, kind_id: str) -> None:
    kind = RULEBOOKS[rb_id].kinds[kind_id]
    for etype, spec in RECORD_ONLY_EVENTS.items():
        assert kind.events[etype] is spec and spec.record_only
        assert spec.title == RECORD_ONLY_EVENT_ES[etype]
    # Never an act to record by hand: no evaluation offers them.
    ev = evaluate(case(rb_id, kind_id, as_of="2027-03-01"))
    assert not set(ev.allowed_next) & set(RECORD_ONLY_EVENTS)
    # Only the record-only events are record-only.
    assert {t for t, s in kind.events.items() if s.record_only} == set(RECORD_ONLY_EVENTS)


def test_record_only_payload_is_validated() -> None:
    base = {"rulebook": "camara-171", "kind": "complaint", "as_of": "2027-03-10"}
    good = {
        "type": "document_issued",
        "at": "2027-03-02T10:00",
        "document": 1,
        "template": "notice_of_complaint",
        "title": "Notificación de la querella",
        "sha256": "ab" * 32,
        "rule": "CAM-21B-04",
    }
    evaluate({**base, "events": [good]})
    missing = {k: v for k, v in good.items() if k != "sha256"}
    with pytest.raises(InputError) as exc:
        evaluate({**base, "events": [missing]})
    assert exc.value.field == "events[0].sha256"
    with pytest.raises(InputError) as exc:
        evaluate({**base, "events": [{**good, "colour": "red"}]})
    assert exc.value.field == "events[0].colour"
    bad_method = {
        "type": "service_attempted",
        "at": "2027-03-02",
        "document": 1,
        "delivery": 1,
        "method": "pigeon",
        "recipient": "x@example.org",
        "ok": True,
    }
    with pytest.raises(InputError) as exc:
        evaluate(case("municipal", "complaint", bad_method, as_of="2027-03-10"))
    assert exc.value.field == "events[0].method"
    with pytest.raises(InputError) as exc:
        evaluate({**base, "events": [{**good, "at": "2027-02-30"}]})
    assert exc.value.field == "events[0].at"
