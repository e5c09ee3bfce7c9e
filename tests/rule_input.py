"""What the rules engine is given (``ventila.rules.evaluate``, ``ventila deadlines``), written once for the tests
that build it by hand (tests/rules, tests/commands). Pure data: no Django."""

from __future__ import annotations

from typing import Any


def ev(type_: str, at: str, **payload: Any) -> dict[str, Any]:
    """One event of a docket: its type, its moment and its payload."""
    return {"type": type_, "at": at, **payload}


def case(rulebook: str, kind: str, *events: dict[str, Any], as_of: str, **extra: Any) -> dict[str, Any]:
    """An engine input: ``rulebook``, ``kind``, the ``events`` in order, ``as_of``, and any other field
    (``respondent``, ``settings``…)."""
    return {"rulebook": rulebook, "kind": kind, "events": list(events), "as_of": as_of, **extra}


def readme_complaint() -> dict[str, Any]:
    """The README's example, a fresh copy: a House complaint (knew of the facts Wed 10 Feb 2027, filed Mon 1 Mar,
    the respondent notified Wed 3 Mar), as of 10 Mar 2027."""
    return case(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-02-10"),
        ev("respondent_notified", "2027-03-03"),
        as_of="2027-03-10",
    )


def municipal_heard(concluded: str, before: str, *, as_of: str) -> dict[str, Any]:
    """A complaint against a mayor filed Mon 1 Mar 2027, notified 5 Apr, answered 20 Apr, its hearing noticed on
    3 May for 18 May and concluded on ``concluded`` ``before`` the full Commission or a commissioner."""
    return case(
        "municipal",
        "complaint",
        ev("complaint_filed", "2027-03-01"),
        ev("respondent_notified", "2027-04-05"),
        ev("answer_filed", "2027-04-20"),
        ev("hearing_noticed", "2027-05-03", hearing_date="2027-05-18"),
        ev("hearing_concluded", concluded, before=before),
        as_of=as_of,
    )
