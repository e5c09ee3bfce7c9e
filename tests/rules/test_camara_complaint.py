"""Complaints and referrals under R. de la C. 171, Secs. 9 and 20–25: hand-computed cases.

Every expected date below was counted by hand on a calendar with Puerto Rico's 2027–2028
executive-branch holidays (2027: 1 Jan, 6 Jan, 18 Jan, 15 Feb, 2 Mar, 22 Mar, 26 Mar Good Friday,
31 May, 19 Jun (Sat), 5 Jul (obs.), 26 Jul (obs.), 27 Jul, 6 Sep, 11 Oct, 11 Nov, 19 Nov, 25 Nov,
24 Dec, 25 Dec (Sat); 2028: 1 Jan (Sat), 6 Jan, 17 Jan, 21 Feb, 2 Mar, 22 Mar, 14 Apr, 29 May,
19 Jun, 4 Jul, 25 Jul, 27 Jul, 4 Sep, 9 Oct, 7 Nov election, 11 Nov (Sat), 20 Nov (obs.), 23 Nov,
24 Dec (Sun), 25 Dec). The comment on each case shows the count.
"""

from __future__ import annotations

from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import evaluate
from ventila.rules.rulebooks.camara_171.s20_s24_complaints import earliest_hearing_date


def complaint(*events: dict[str, Any], as_of: str = "2027-01-04", **extra: Any) -> dict[str, Any]:
    extra.setdefault("respondent", {"role": "representative", "candidate": False})
    return case("camara-171", extra.pop("kind", "complaint"), *events, as_of=as_of, **extra)


def due(data: dict[str, Any], deadline_id: str) -> str:
    return evaluate(data).deadline(deadline_id).due.isoformat()


# --- CAM-20-06: 30 calendar days from knowledge of the facts ----------------------------------


@pytest.mark.parametrize(
    ("knowledge", "expected"),
    [
        # 10 Feb + 30 = Fri 12 Mar 2027, a business day.
        pytest.param("2027-02-10", "2027-03-12", id="CAM-20-06 30 calendar days ending on a business day"),
        # 24 Feb + 30 = Fri 26 Mar 2027, Good Friday → Sat, Sun → Mon 29 Mar.
        pytest.param("2027-02-24", "2027-03-29", id="CAM-20-06 last day Good Friday rolls to Monday"),
        # 24 Nov + 30 = Fri 24 Dec 2027 (Nochebuena) → Sat 25 (Navidad), Sun 26 → Mon 27 Dec.
        pytest.param("2027-11-24", "2027-12-27", id="CAM-20-06 last day Nochebuena rolls past Christmas weekend"),
        # 2 Dec 2027 + 30 = Sat 1 Jan 2028 (Año Nuevo, not moved) → Sun 2 → Mon 3 Jan 2028: crosses the year end.
        pytest.param("2027-12-02", "2028-01-03", id="CAM-20-06 crosses year end onto New Year Saturday"),
    ],
)
def test_file_complaint_term(knowledge: str, expected: str) -> None:
    # Filed the day the facts became known (a knowledge date after the filing is refused, issue 11).
    data = complaint(ev("complaint_filed", f"{knowledge}T09:00", knowledge_date=knowledge))
    d = evaluate(data).deadline("file_complaint")
    assert d.due.isoformat() == expected
    assert d.rule.id == "CAM-20-06"
    assert d.term.amount == 30 and d.term.unit == "calendar_days"


def test_complaint_time_barred_finding_CAM_20_06() -> None:
    # Knew on 10 Feb 2027; the term ran out Fri 12 Mar; filed Mon 15 Mar.
    data = complaint(ev("complaint_filed", "2027-03-15T11:00", knowledge_date="2027-02-10"), as_of="2027-03-16")
    result = evaluate(data)
    assert result.deadline("file_complaint").status == "missed"
    assert "complaint_time_barred" in result.finding_ids()
    on_time = complaint(ev("complaint_filed", "2027-03-12T16:59", knowledge_date="2027-02-10"), as_of="2027-03-16")
    assert evaluate(on_time).deadline("file_complaint").status == "met"
    assert "complaint_time_barred" not in evaluate(on_time).finding_ids()


def test_referral_has_no_filing_term_CAM_16B_02() -> None:
    # Sec. 20(6) does not apply to OEG referrals; they are handled as complaints from receipt.
    data = complaint(ev("referral_received", "2027-03-01T10:00"), kind="referral", as_of="2027-03-02")
    result = evaluate(data)
    assert [d.id for d in result.deadlines] == ["notify_respondent"]
    assert result.deadline("notify_respondent").due.isoformat() == "2027-03-05"


# --- CAM-21B-01: notify within 3 business days of filing --------------------------------------


@pytest.mark.parametrize(
    ("filed", "closures", "expected"),
    [
        # Mon 1 Mar 2027; Tue 2 Mar is Ciudadanía Americana: Wed 3 (1), Thu 4 (2), Fri 5 (3).
        pytest.param("2027-03-01T10:15", [], "2027-03-05", id="CAM-21B-01 notice 3 business days skipping 2 March"),
        # Thu 25 Mar: Fri 26 Good Friday, weekend, Mon 29 (1), Tue 30 (2), Wed 31 (3).
        pytest.param("2027-03-25T15:00", [], "2027-03-31", id="CAM-21B-01 notice crossing Good Friday"),
        # Wed 22 Dec: Thu 23 (1), Fri 24 Nochebuena, weekend, Mon 27 (2), Tue 28 (3).
        pytest.param("2027-12-22T09:00", [], "2027-12-28", id="CAM-21B-01 notice crossing Nochebuena and Christmas"),
        # Thu 16 Sep: Fri 17 (1), weekend, Mon 20 declared closure, Tue 21 (2), Wed 22 (3).
        pytest.param(
            "2027-09-16T09:00", ["2027-09-20"], "2027-09-22", id="CAM-21B-01 notice crossing a declared closure"
        ),
        # Thu 30 Dec 2027: Fri 31 Dec is a business day in PR (no Friday shift of New Year 2028) (1),
        # Sat 1 Jan, Sun 2, Mon 3 Jan 2028 (2), Tue 4 (3).
        pytest.param(
            "2027-12-30T09:00", [], "2028-01-04", id="CAM-21B-01 notice crossing year end 31 Dec is a business day"
        ),
    ],
)
def test_notify_respondent_term(filed: str, closures: list[str], expected: str) -> None:
    data = complaint(ev("complaint_filed", filed, knowledge_date=filed[:10]), calendar={"closures": closures})
    assert due(data, "notify_respondent") == expected


def test_filing_on_saturday_timestamp_vs_next_business_day_CAM_21B_01() -> None:
    # Filed online Sat 6 Mar 2027. Timestamp reading (A-18 default): Mon 8 (1), Tue 9 (2), Wed 10 (3).
    data = complaint(ev("complaint_filed", "2027-03-06T10:00", knowledge_date="2027-03-01"))
    assert due(data, "notify_respondent") == "2027-03-10"
    # next_business_day reading: filed Mon 8 → Tue 9 (1), Wed 10 (2), Thu 11 (3).
    data["settings"] = {"filing_timestamp_rule": "next_business_day"}
    assert due(data, "notify_respondent") == "2027-03-11"


# --- CAM-21B-02 / CAM-21B-03: the answer and its extension ---------------------------------------


@pytest.mark.parametrize(
    ("notified", "expected"),
    [
        # Wed 3 Mar: 4,5,8,9,10,11,12,15,16,17,18,19 (12), Mon 22 holiday, 23,24,25 (15).
        pytest.param("2027-03-03", "2027-03-25", id="CAM-21B-02 answer 15 business days crossing 22 March"),
        # Mon 15 Mar: 16..19 (4), 22 hol, 23,24,25 (7), 26 Good Friday, 29,30,31,1,2 (12), 5,6,7 (15).
        pytest.param("2027-03-15", "2027-04-07", id="CAM-21B-02 answer crossing 22 March and Good Friday"),
        # Fri 9 Jul: 12..16 (5), 19..23 (10), Mon 26 (obs. Constitución), Tue 27 Barbosa, 28,29,30 (13), 2,3 Aug (15).
        pytest.param("2027-07-09", "2027-08-03", id="CAM-21B-02 answer crossing Constitution Day observed and Barbosa"),
        # Mon 13 Dec: 14..17 (4), 20..23 (8), 24 hol, 27..31 (13), 3 Jan 2028 (14), 4 Jan (15).
        pytest.param("2027-12-13", "2028-01-04", id="CAM-21B-02 answer crossing Christmas and year end"),
    ],
)
def test_answer_term(notified: str, expected: str) -> None:
    data = complaint(
        ev("complaint_filed", notified + "T08:00", knowledge_date=notified),
        ev("respondent_notified", notified),
    )
    d = evaluate(data).deadline("answer")
    assert d.due.isoformat() == expected
    assert d.rule.id == "CAM-21B-02"


def _answer_with_extension(granted: int, requested: str = "2027-03-19") -> dict[str, Any]:
    return complaint(
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
        ev("extension_requested", requested, reasons="Necesito copia de documentos"),
        ev("extension_granted", requested, business_days=granted),
        as_of="2027-03-30",
    )


def test_answer_extension_adds_business_days_from_original_expiry_CAM_21B_03() -> None:
    # Original due Thu 25 Mar; +10 bd: Fri 26 Good Friday, 29,30,31,1,2 (5), 5,6,7,8,9 (10) → Fri 9 Apr.
    result = evaluate(_answer_with_extension(10))
    assert result.deadline("answer").due.isoformat() == "2027-04-09"
    assert result.deadline("answer").status == "open"
    assert "extension_over_maximum" not in result.finding_ids()


def test_answer_extension_over_maximum_is_capped_CAM_21B_03() -> None:
    # 20 granted; the maximum is 15: 9 Apr + 12,13,14,15,16 → Fri 16 Apr.
    result = evaluate(_answer_with_extension(20))
    assert result.deadline("answer").due.isoformat() == "2027-04-16"
    assert "extension_over_maximum" in result.finding_ids()


def test_answer_extension_requested_after_expiry_is_untimely_CAM_21B_03() -> None:
    result = evaluate(_answer_with_extension(5, requested="2027-03-29"))
    assert "extension_request_untimely" in result.finding_ids()


def test_default_allowed_only_after_answer_term_and_without_pending_request_CAM_21B_05() -> None:
    base = [
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
    ]
    assert "default_declared" not in evaluate(complaint(*base, as_of="2027-03-25")).allowed_next
    assert "default_declared" in evaluate(complaint(*base, as_of="2027-03-26")).allowed_next
    pending = complaint(*base, ev("extension_requested", "2027-03-24"), as_of="2027-03-26")
    assert "default_declared" not in evaluate(pending).allowed_next
    assert {"extension_granted", "extension_denied"} <= set(evaluate(pending).allowed_next)


# --- CAM-21C-01: examination within 30 business days -----------------------------------------------


def test_examine_runs_from_answer_CAM_21C_01() -> None:
    # Answer Thu 18 Mar: 19 (1), 22 hol, 23,24,25 (4), 26 GF, 29..2 Apr (9), 5..9 (14), 12..16 (19),
    # 19..23 (24), 26..30 (29), Mon 3 May (30).
    data = complaint(
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
        ev("answer_filed", "2027-03-18"),
        as_of="2027-03-19",
    )
    d = evaluate(data).deadline("examine")
    assert (d.due.isoformat(), d.trigger) == ("2027-05-03", "answer_filed")


def test_examine_runs_from_end_of_answer_term_without_answer_CAM_21C_01() -> None:
    # Answer term ended Thu 25 Mar: 26 GF, 29..2 Apr (5), 5..9 (10), 12..16 (15), 19..23 (20), 26..30 (25),
    # 3..7 May (30) → Fri 7 May.
    base = [
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
    ]
    d = evaluate(complaint(*base, as_of="2027-04-01")).deadline("examine")
    assert (d.due.isoformat(), d.trigger) == ("2027-05-07", "answer_term_expired")
    # A late answer (Mon 29 Mar) never restarts the examination term.
    late = evaluate(complaint(*base, ev("answer_filed", "2027-03-29"), as_of="2027-04-01"))
    assert late.deadline("examine").due.isoformat() == "2027-05-07"
    assert late.deadline("answer").status == "missed"


def test_examine_runs_from_extended_term_in_force_decision_4_CAM_21C_01() -> None:
    # Extension to Fri 9 Apr, no answer: 12..16 (5), 19..23 (10), 26..30 (15), 3..7 May (20), 10..14 (25),
    # 17..21 (30) → Fri 21 May. The literal reading keeps the original 25 Mar expiry → 7 May.
    data = _answer_with_extension(10)
    data["as_of"] = "2027-04-12"
    assert due(data, "examine") == "2027-05-21"
    data["settings"] = {"exam_term_start": "literal"}
    assert due(data, "examine") == "2027-05-07"


# --- CAM-21C-03 / CAM-21C-04: the determination and its notice -------------------------------------


def _to_determination(outcome: str, on: str, **payload: Any) -> list[dict[str, Any]]:
    return [
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
        ev("answer_filed", "2027-03-18"),
        ev("determination_made", on, outcome=outcome, **payload),
    ]


@pytest.mark.parametrize(
    ("on", "expected"),
    [
        # Mon 3 May: 4, 5, 6 → Thu 6 May.
        pytest.param("2027-05-03", "2027-05-06", id="CAM-21C-04 notify determination 3 business days"),
        # Thu 27 May: Fri 28 (1), Mon 31 Memorial Day, Tue 1 Jun (2), Wed 2 (3).
        pytest.param("2027-05-27", "2027-06-02", id="CAM-21C-04 notify determination crossing Memorial Day"),
    ],
)
def test_notify_determination(on: str, expected: str) -> None:
    data = complaint(*_to_determination("probable_cause", on), as_of=on)
    assert due(data, "notify_determination") == expected


def test_dismissal_needs_grounds_and_ends_the_case_CAM_21C_03() -> None:
    with_grounds = evaluate(
        complaint(*_to_determination("dismissed", "2027-05-03", grounds=["frivolous"]), as_of="2027-05-04")
    )
    assert with_grounds.stage == "dismissed"
    assert "dismissal_without_grounds" not in with_grounds.finding_ids()
    assert set(with_grounds.allowed_next) == {"determination_notified", "case_closed"}
    bare = evaluate(complaint(*_to_determination("dismissed", "2027-05-03"), as_of="2027-05-04"))
    assert "dismissal_without_grounds" in bare.finding_ids()


# --- CAM-21C-06 / 07 / 09: minimum notice of hearings -------------------------------------------------


@pytest.mark.parametrize(
    ("notice", "initial", "evasion", "earliest"),
    [
        # Tue 1 Jun 2027: 2,3,4 (3), 7..11 (8), 14, 15 (10) → Tue 15 Jun.
        pytest.param("2027-06-01", True, False, "2027-06-15", id="CAM-21C-06 initial hearing 10 business days notice"),
        # Tue 8 Jun: 9,10,11 (3), 14..18 (8; Fri 18 Jun is a business day in PR), 21, 22 (10).
        pytest.param(
            "2027-06-08", True, False, "2027-06-22", id="CAM-21C-06 initial hearing 18 June is a business day"
        ),
        # Wed 16 Jun: 17, 18 (2), 21, 22, 23 (5) → Wed 23 Jun.
        pytest.param("2027-06-16", False, False, "2027-06-23", id="CAM-21C-07 later hearing 5 business days notice"),
        # Evasion, later hearing: 5 business days, Thu 1 Jul: Fri 2 (1), Mon 5 Jul obs. hol., 6, 7, 8, 9 (5).
        pytest.param(
            "2027-07-01", False, True, "2027-07-09", id="CAM-21C-09 evasion notice 5 business days before later hearing"
        ),
        # Evasion before an initial hearing keeps 10 business days (A-21 default).
        pytest.param(
            "2027-06-01", True, True, "2027-06-15", id="CAM-21C-09 evasion initial hearing keeps 10 business days"
        ),
    ],
)
def test_earliest_hearing_date(notice: str, initial: bool, evasion: bool, earliest: str) -> None:
    import datetime as dt

    from ventila.rules import legal_calendar

    got, _ = earliest_hearing_date(
        legal_calendar(election_days=[dt.date(2028, 11, 7)]),
        dt.date.fromisoformat(notice),
        initial=initial,
        evasion=evasion,
        settings={"evasion_initial_min_notice": 10},
    )
    assert got.isoformat() == earliest


def test_insufficient_hearing_notice_finding_CAM_21C_06() -> None:
    events = _to_determination("probable_cause", "2027-05-27")
    ok = complaint(
        *events, ev("hearing_noticed", "2027-06-01", hearing_date="2027-06-15T10:00", initial=True), as_of="2027-06-02"
    )
    assert "insufficient_hearing_notice" not in evaluate(ok).finding_ids()
    short = complaint(
        *events, ev("hearing_noticed", "2027-06-01", hearing_date="2027-06-14T10:00", initial=True), as_of="2027-06-02"
    )
    findings = evaluate(short).findings
    assert [(f.id, f.rule.id) for f in findings] == [("insufficient_hearing_notice", "CAM-21C-06")]
    assert findings[0].data["earliest"] == "2027-06-15"


def test_later_hearing_notice_CAM_21C_07() -> None:
    events = _to_determination("probable_cause", "2027-05-27") + [
        ev("hearing_noticed", "2027-06-01", hearing_date="2027-06-15T10:00"),
        ev("hearing_held", "2027-06-15T10:00"),
        ev("hearing_noticed", "2027-06-16", hearing_date="2027-06-22T10:00"),
    ]
    result = evaluate(complaint(*events, as_of="2027-06-17"))
    assert [(f.id, f.rule.id) for f in result.findings] == [("insufficient_hearing_notice", "CAM-21C-07")]


# --- CAM-22-01 / 02 / 03: the term to resolve -----------------------------------------------------------


def _to_hearing_end(concluded: str, *more: dict[str, Any]) -> list[dict[str, Any]]:
    return _to_determination("probable_cause", "2027-05-03") + [
        ev("hearing_noticed", "2027-05-10", hearing_date="2027-05-24T10:00", initial=True),
        ev("hearing_held", "2027-05-24T10:00"),
        ev("evidentiary_hearing_concluded", concluded),
        *more,
    ]


@pytest.mark.parametrize(
    ("concluded", "expected"),
    [
        # Mon 2 Aug + 45 = Thu 16 Sep 2027.
        pytest.param("2027-08-02", "2027-09-16", id="CAM-22-01 resolve 45 calendar days"),
        # Fri 23 Jul + 45 = Mon 6 Sep, Labor Day → Tue 7 Sep.
        pytest.param("2027-07-23", "2027-09-07", id="CAM-22-01 resolve last day Labor Day rolls forward"),
    ],
)
def test_resolve_term(concluded: str, expected: str) -> None:
    d = evaluate(complaint(*_to_hearing_end(concluded), as_of=concluded)).deadline("resolve")
    assert d.due.isoformat() == expected
    assert d.fatal


def test_resolution_extension_granted_CAM_22_02() -> None:
    # 2 Aug + 45 + 45 = Sun 31 Oct → Mon 1 Nov 2027.
    events = _to_hearing_end(
        "2027-08-02",
        ev("resolution_extension_requested", "2027-09-01"),
        ev("resolution_extension_granted", "2027-09-03", days=45),
    )
    assert due(complaint(*events, as_of="2027-09-04"), "resolve") == "2027-11-01"


def test_resolution_extension_over_maximum_CAM_22_02() -> None:
    events = _to_hearing_end(
        "2027-08-02",
        ev("resolution_extension_requested", "2027-09-01"),
        ev("resolution_extension_granted", "2027-09-03", days=60),
    )
    result = evaluate(complaint(*events, as_of="2027-09-04"))
    assert result.deadline("resolve").due.isoformat() == "2027-11-01"
    assert "extension_over_maximum" in result.finding_ids()


@pytest.mark.parametrize(
    ("denied", "closures", "expected"),
    [
        # Original last day Thu 16 Sep. Denied Fri 10 Sep: 15 Sep is before the original → stays 16 Sep.
        pytest.param("2027-09-10", [], "2027-09-16", id="CAM-22-03 early denial never shortens the original term"),
        # Denied Tue 14 Sep: +5 = Sun 19 Sep (earlier than 16+5 = 21) → Mon 20 Sep.
        pytest.param("2027-09-14", [], "2027-09-20", id="CAM-22-03 five calendar days after denial roll past weekend"),
        # Same, with Mon 20 Sep declared closed → Tue 21 Sep.
        pytest.param(
            "2027-09-14",
            ["2027-09-20"],
            "2027-09-21",
            id="CAM-22-03 five calendar days after denial crossing a closure",
        ),
        # Denied Mon 20 Sep (after the original term): 16 Sep + 5 = Tue 21 Sep is the earlier.
        pytest.param("2027-09-20", [], "2027-09-21", id="CAM-22-03 late denial counts from original due date"),
    ],
)
def test_resolution_extension_denied(denied: str, closures: list[str], expected: str) -> None:
    events = _to_hearing_end(
        "2027-08-02",
        ev("resolution_extension_requested", "2027-09-01"),
        ev("resolution_extension_denied", denied),
    )
    data = complaint(*events, as_of=denied, calendar={"closures": closures})
    d = evaluate(data).deadline("resolve")
    assert d.due.isoformat() == expected
    assert d.rule.id == "CAM-22-03"


# --- CAM-23-01: suspension while a court decides the same facts ------------------------------------------


def test_suspension_moves_calendar_term_CAM_23_01() -> None:
    # Resolve term: 2 Aug + 45 = 16 Sep. Suspended 10 Aug, resumed 20 Aug: 10 days don't count →
    # 26 Sep (Sun) → Mon 27 Sep.
    events = _to_hearing_end(
        "2027-08-02",
        ev("proceedings_suspended", "2027-08-10", reason="Caso penal sobre los mismos hechos"),
        ev("proceedings_resumed", "2027-08-20"),
    )
    d = evaluate(complaint(*events, as_of="2027-08-21")).deadline("resolve")
    assert d.due.isoformat() == "2027-09-27"
    assert d.status == "open"
    assert any(s.kind == "suspension" for s in d.skips())


def test_open_suspension_holds_terms_CAM_23_01() -> None:
    events = _to_hearing_end("2027-08-02", ev("proceedings_suspended", "2027-08-10"))
    result = evaluate(complaint(*events, as_of="2027-12-01"))
    assert result.deadline("resolve").status == "suspended"
    assert result.allowed_next[0] == "proceedings_resumed"


def test_suspension_moves_business_day_term_CAM_23_01() -> None:
    # Answer due Thu 25 Mar. Suspended Wed 10 Mar, resumed Wed 17 Mar: 10, 11, 12, 15, 16 = 5 business days.
    # 25 Mar + 5 bd: 26 GF, 29, 30, 31, 1, 2 Apr → Fri 2 Apr.
    data = complaint(
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
        ev("proceedings_suspended", "2027-03-10"),
        ev("proceedings_resumed", "2027-03-17"),
        as_of="2027-03-18",
    )
    assert due(data, "answer") == "2027-04-02"


# --- CAM-24: summary procedure and the pre-election blackout ---------------------------------------------


def _summary(filed: str, notified: str, *more: dict[str, Any], candidate: bool = True, **extra: Any) -> dict[str, Any]:
    return complaint(
        ev("complaint_filed", filed, knowledge_date=filed[:10]),
        ev("respondent_notified", notified),
        *more,
        respondent={"role": "representative", "candidate": candidate},
        as_of=notified[:10],
        **extra,
    )


def test_summary_procedure_terms_CAM_24() -> None:
    # Filed Thu 20 Jul 2028, 110 days before the 7 Nov 2028 election, against a candidate.
    data = _summary(
        "2028-07-20T09:00",
        "2028-07-20T15:00",
        ev("hearing_noticed", "2028-07-21T10:00", hearing_date="2028-07-24T10:00"),
        ev("hearing_held", "2028-07-24T10:00"),
    )
    result = evaluate(data)
    assert result.procedure == "summary"
    got = {d.id: d.due.isoformat() for d in result.deadlines}
    # CAM-24-02: Fri 21 (1), Mon 24 (2), Tue 25 Constitución, Wed 26 (3), Thu 27 Barbosa, Fri 28 (4), Mon 31 (5).
    assert got["summary_total"] == "2028-07-31"
    # CAM-24B-01: immediate → the same day.
    assert got["notify_respondent"] == "2028-07-20"
    # CAM-24C-01: 24 h from the notice; CAM-24C-03: 48 h from the notice; CAM-24E-01: 48 h from the hearing.
    assert got["summary_dismissal_review"] == "2028-07-21T15:00:00-04:00"
    assert got["summary_hearing_citation"] == "2028-07-22T15:00:00-04:00"
    assert got["summary_adjudication"] == "2028-07-26T10:00:00-04:00"


@pytest.mark.parametrize(
    ("filed", "candidate", "settings", "procedure"),
    [
        # 10 Jul → 7 Nov 2028 is 120 days: inside the window.
        pytest.param("2028-07-10T09:00", True, {}, "summary", id="CAM-24-01 filed 120 days before the election"),
        # 9 Jul is 121 days before, and the 4 Jun primary has passed.
        pytest.param("2028-07-09T09:00", True, {}, "ordinary", id="CAM-24-01 filed 121 days before the election"),
        # 1 Mar 2028 is 95 days before the 4 Jun 2028 primaries.
        pytest.param(
            "2028-03-01T09:00", True, {}, "summary", id="CAM-24-01 filed within 120 days before the primaries"
        ),
        pytest.param(
            "2028-03-01T09:00",
            True,
            {"primary_elections_count": False},
            "ordinary",
            id="CAM-24-01 primaries excluded by setting",
        ),
        pytest.param("2028-07-20T09:00", False, {}, "ordinary", id="CAM-24-01 respondent not a candidate"),
    ],
)
def test_summary_window(filed: str, candidate: bool, settings: dict[str, Any], procedure: str) -> None:
    data = _summary(filed, filed, candidate=candidate, settings=settings)
    assert evaluate(data).procedure == procedure


def test_summary_24h_setting_and_regla_68_1_hours_CAM_24C_01() -> None:
    # Notice Fri 21 Jul 2028 15:00. Clock hours: Sat 22 Jul 15:00. Regla 68.1 reading: Sat and Sun do not
    # count → Mon 24 Jul 15:00.
    data = _summary("2028-07-21T09:00", "2028-07-21T15:00")
    assert due(data, "summary_dismissal_review") == "2028-07-22T15:00:00-04:00"
    data["settings"] = {"hour_terms": "regla_68_1"}
    assert due(data, "summary_dismissal_review") == "2028-07-24T15:00:00-04:00"
    data["settings"] = {"summary_24h_trigger": "filing"}
    assert due(data, "summary_dismissal_review") == "2028-07-22T09:00:00-04:00"


def test_summary_dismissal_notified_immediately_CAM_24E_02() -> None:
    data = _summary(
        "2028-07-20T09:00",
        "2028-07-20T15:00",
        ev("hearing_noticed", "2028-07-21T10:00", hearing_date="2028-07-24T10:00"),
        ev("hearing_held", "2028-07-24T10:00"),
        ev("resolved", "2028-07-25T11:00", outcome="dismissed"),
    )
    data["as_of"] = "2028-07-25"
    result = evaluate(data)
    d = result.deadline("notify_summary_dismissal")
    assert (d.due.isoformat(), d.status, d.rule.id) == ("2028-07-25", "open", "CAM-24E-02")
    assert "determination_notified" in result.allowed_next


def test_summary_merit_found_continues_ordinary_CAM_24E_03() -> None:
    # Merit found Tue 25 Jul... no: 25 Jul is a holiday; adjudicated Wed 26 Jul 2028. Full answer term:
    # 27 Barbosa, Fri 28 (1), 31 Jul–4 Aug (6), 7–11 (11), 14, 15, 16, 17 (15) → Thu 17 Aug.
    data = _summary(
        "2028-07-20T09:00",
        "2028-07-20T15:00",
        ev("hearing_noticed", "2028-07-21T10:00", hearing_date="2028-07-24T10:00"),
        ev("hearing_held", "2028-07-24T10:00"),
        ev("resolved", "2028-07-26T09:00", outcome="merit_found"),
    )
    result = evaluate(data)
    assert result.procedure == "ordinary"
    assert result.deadline("answer").due.isoformat() == "2028-08-17"


@pytest.mark.parametrize(
    ("filed", "deferred"),
    [
        pytest.param("2028-10-08T09:00", True, id="CAM-24F-01 filed 30 natural days before the election is held"),
        pytest.param("2028-10-07T09:00", False, id="CAM-24F-01 filed 31 days before the election is not held"),
    ],
)
def test_blackout_window(filed: str, deferred: bool) -> None:
    data = complaint(ev("complaint_filed", filed, knowledge_date=filed[:10]), as_of=filed[:10])
    result = evaluate(data)
    assert (result.procedure == "deferred_until_after_election") is deferred
    assert ("filed_in_pre_election_blackout" in result.finding_ids()) is deferred


def test_filed_on_election_day_is_deferred_and_the_message_says_so_CAM_24F_01() -> None:
    # Issue 12 / decision 10: filed on Tue 7 Nov 2028, the general election itself. Deferred like a
    # filing in the 30 days before; taken up on the third business day after: Wed 8 (1), Thu 9 (2),
    # Fri 10 Nov (3). The message names the election day, not «dentro de los 30 días … antes».
    data = complaint(
        ev("complaint_filed", "2028-11-07T09:00", knowledge_date="2028-11-01"),
        respondent={"role": "representative", "candidate": True},
        as_of="2028-11-07",
    )
    result = evaluate(data)
    assert result.procedure == "deferred_until_after_election"
    finding = next(f for f in result.findings if f.id == "filed_in_pre_election_blackout")
    assert finding.data == {"election": "2028-11-07", "resumes": "2028-11-10"}
    assert finding.message.startswith(
        "Presentada el mismo día de las elecciones generales, el martes, 7 de noviembre de 2028, que queda dentro"
    )
    assert "el día de las elecciones o en los 30 días naturales anteriores" in finding.message
    assert "dentro de los 30 días naturales antes" not in finding.message


def test_filed_the_day_before_the_election_keeps_the_30_day_message_CAM_24F_01() -> None:
    data = complaint(ev("complaint_filed", "2028-11-06T09:00", knowledge_date="2028-11-01"), as_of="2028-11-06")
    finding = next(f for f in evaluate(data).findings if f.id == "filed_in_pre_election_blackout")
    assert finding.message.startswith(
        "Presentada dentro de los 30 días naturales antes de las elecciones generales del martes, 7 de noviembre de 2028"
    )


def test_election_day_outside_the_blackout_with_the_literal_setting_CAM_24F_01() -> None:
    # blackout_includes_election_day=False (the other reading): the election-day filing is not deferred.
    data = complaint(
        ev("complaint_filed", "2028-11-07T09:00", knowledge_date="2028-11-01"),
        as_of="2028-11-07",
        settings={"blackout_includes_election_day": False},
    )
    result = evaluate(data)
    assert result.procedure != "deferred_until_after_election"
    assert "filed_in_pre_election_blackout" not in result.finding_ids()


def test_blackout_resumes_three_business_days_after_election_CAM_24F_02() -> None:
    # Election Tue 7 Nov 2028 (a holiday): Wed 8 (1), Thu 9 (2), Fri 10 (3) → treated as filed Fri 10 Nov.
    # Notice then 3 bd: Sat 11 Veterano, Sun, Mon 13 (1), 14 (2), 15 (3) → Wed 15 Nov.
    data = complaint(ev("complaint_filed", "2028-10-20T09:00", knowledge_date="2028-10-15"), as_of="2028-10-21")
    result = evaluate(data)
    finding = next(f for f in result.findings if f.id == "filed_in_pre_election_blackout")
    assert finding.data["resumes"] == "2028-11-10"
    assert result.deadline("notify_respondent").due.isoformat() == "2028-11-15"


def test_blackout_uses_scenario_elections() -> None:
    data = complaint(
        ev("complaint_filed", "2027-10-20T09:00", knowledge_date="2027-10-15"),
        elections=[{"kind": "general", "date": "2027-11-02"}],
        as_of="2027-10-21",
    )
    result = evaluate(data)
    assert result.procedure == "deferred_until_after_election"
    # Election Tue 2 Nov 2027 becomes a holiday: Wed 3 (1), Thu 4 (2), Fri 5 (3).
    assert next(f for f in result.findings if f.id == "filed_in_pre_election_blackout").data["resumes"] == "2027-11-05"


# --- CAM-09-07 / CAM-09-08: recusal ---------------------------------------------------------------------


def test_recusal_denial_notified_within_two_calendar_days_CAM_09_08() -> None:
    # Denied Thu 8 Apr 2027 + 2 = Sat 10 Apr (counted literally, decision 2) → rolls to Mon 12 Apr.
    events = [
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
        ev("recusal_requested", "2027-04-05", member="rep-3", by="party", grounds=["bias"]),
        ev("recusal_decided", "2027-04-08", member="rep-3", granted=False),
    ]
    result = evaluate(complaint(*events, as_of="2027-04-09"))
    d = result.deadline("notify_recusal_denial")
    assert (d.due.isoformat(), d.rule.id) == ("2027-04-12", "CAM-09-08")
    assert "recusal_denial_notified" in result.allowed_next


def test_recusal_granted_asks_speaker_for_substitute_at_once_CAM_09_07() -> None:
    events = [
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
        ev("recusal_requested", "2027-04-05", member="rep-3", by="member"),
        ev("recusal_decided", "2027-04-08", member="rep-3", granted=True),
    ]
    d = evaluate(complaint(*events, as_of="2027-04-09")).deadline("request_substitute")
    assert (d.due.isoformat(), d.status) == ("2027-04-08", "missed")
    met = evaluate(complaint(*events, ev("substitute_requested", "2027-04-08", member="rep-3"), as_of="2027-04-09"))
    assert met.deadline("request_substitute").status == "met"


def test_two_recusals_each_member_own_terms_CAM_09_07_CAM_09_08() -> None:
    # Two members challenged in one case. rep-3's recusal is granted Thu 8 Apr 2027 (substitute asked
    # at once); rep-5's party request is denied Fri 9 Apr 2027: + 2 calendar days = Sun 11 Apr → Mon 12 Apr.
    # rep-3's substitute request must not count as rep-5's denial notice, nor the other way round.
    events = [
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
        ev("recusal_requested", "2027-04-05", member="rep-3", by="member"),
        ev("recusal_requested", "2027-04-06", member="rep-5", by="party", grounds=["bias"]),
        ev("recusal_decided", "2027-04-08", member="rep-3", granted=True),
        ev("substitute_requested", "2027-04-08", member="rep-3"),
    ]
    result = evaluate(complaint(*events, as_of="2027-04-08"))
    assert result.deadline("request_substitute").status == "met"
    # rep-5's request is still undecided although a decision (rep-3's) came after it.
    assert "recusal_decided" in result.allowed_next
    assert not [d for d in result.deadlines if d.id == "notify_recusal_denial"]

    denied = [*events, ev("recusal_decided", "2027-04-09", member="rep-5", granted=False)]
    result = evaluate(complaint(*denied, as_of="2027-04-13"))
    d = result.deadline("notify_recusal_denial")
    assert (d.due.isoformat(), d.status, d.rule.id) == ("2027-04-12", "missed", "CAM-09-08")
    assert "recusal_decided" not in result.allowed_next
    # A denial notice about rep-3 does not answer rep-5's denial; one about rep-5 does.
    wrong = evaluate(
        complaint(*denied, ev("recusal_denial_notified", "2027-04-10", member="rep-3"), as_of="2027-04-13")
    )
    assert wrong.deadline("notify_recusal_denial").status == "missed"
    right = evaluate(
        complaint(*denied, ev("recusal_denial_notified", "2027-04-10", member="rep-5"), as_of="2027-04-13")
    )
    assert right.deadline("notify_recusal_denial").status == "met"


def test_case_closed_before_notice_closes_the_case_CAM_21B_01() -> None:
    # Filed Mon 1 Mar 2027 and closed (withdrawn) on Wed 3 Mar, before any notice to the respondent:
    # the case is closed and allows no further act.
    filed = ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20")
    open_ = evaluate(complaint(filed, as_of="2027-03-02"))
    assert (open_.stage, "case_closed" in open_.allowed_next) == ("filed", True)
    closed = evaluate(complaint(filed, ev("case_closed", "2027-03-03"), as_of="2027-03-04"))
    assert (closed.stage, closed.allowed_next) == ("closed", [])


# --- CAM-25 / CAM-26: the Final Report, its routing and the sanctions --------------------------------------


def _resolved(role: str, *more: dict[str, Any]) -> dict[str, Any]:
    events = _to_hearing_end("2027-08-02", ev("resolved", "2027-09-10", outcome="charges_proven"), *more)
    return complaint(*events, respondent={"role": role, "candidate": False}, as_of="2027-09-13")


def test_final_report_on_representative_referred_immediately_CAM_25_05() -> None:
    result = evaluate(_resolved("representative"))
    d = result.deadline("refer_final_report")
    assert (d.due.isoformat(), d.status) == ("2027-09-10", "missed")
    assert result.allowed_next[0] == "report_referred"
    met = evaluate(_resolved("representative", ev("report_referred", "2027-09-10", to="house")))
    assert met.deadline("refer_final_report").status == "met"
    assert "sanction_decided" in met.allowed_next


def test_report_routing_by_role_CAM_25_04_CAM_25_06() -> None:
    wrong = evaluate(_resolved("department_head", ev("report_referred", "2027-09-10", to="house")))
    assert "report_misrouted" in wrong.finding_ids()
    right = evaluate(_resolved("department_head", ev("report_referred", "2027-09-10", to="speaker")))
    assert "report_misrouted" not in right.finding_ids()


@pytest.mark.parametrize(
    ("role", "sanctions", "fine", "findings"),
    [
        pytest.param("representative", ["fine"], 250, [], id="CAM-26A-02 fine at the $250 minimum"),
        pytest.param("representative", ["fine"], 5000, [], id="CAM-26A-02 fine at the $5,000 maximum"),
        pytest.param("representative", ["fine"], 249.99, ["fine_out_of_range"], id="CAM-26A-02 fine below minimum"),
        pytest.param(
            "representative", ["fine", "censure"], 5000.01, ["fine_out_of_range"], id="CAM-26A-02 fine above maximum"
        ),
        pytest.param("officer", ["removal"], None, [], id="CAM-26B-01 removal of an officer"),
        pytest.param(
            "officer", ["expulsion"], None, ["sanction_not_allowed"], id="CAM-26B-01 expulsion not for officers"
        ),
        pytest.param("department_head", ["transfer"], None, [], id="CAM-26C-01 transfer of a department head"),
        pytest.param(
            "department_head",
            ["fine"],
            300,
            ["sanction_not_allowed", "fine_out_of_range"],
            id="CAM-26C-01 no fines for department heads",
        ),
    ],
)
def test_sanctions_by_role(role: str, sanctions: list[str], fine: float | None, findings: list[str]) -> None:
    payload: dict[str, Any] = {"sanctions": sanctions}
    if fine is not None:
        payload["fine_amount"] = fine
    route = "house" if role in ("representative", "officer") else "speaker"
    data = _resolved(
        role, ev("report_referred", "2027-09-10", to=route), ev("sanction_decided", "2027-09-20", **payload)
    )
    result = evaluate(data)
    assert [f for f in result.finding_ids() if f != "report_misrouted"] == findings
    assert result.stage == "sanctioned"


# --- The walk: stages and allowed acts --------------------------------------------------------------------


def test_full_walk_stages_and_allowed_acts() -> None:
    steps: list[tuple[dict[str, Any], str, set[str]]] = [
        (ev("complaint_filed", "2027-03-01T10:15", knowledge_date="2027-02-10"), "filed", {"respondent_notified"}),
        (ev("respondent_notified", "2027-03-03"), "awaiting_answer", {"answer_filed", "extension_requested"}),
        (ev("answer_filed", "2027-03-18"), "under_examination", {"determination_made"}),
        (
            ev("determination_made", "2027-05-03", outcome="probable_cause"),
            "probable_cause",
            {"determination_notified", "hearing_noticed"},
        ),
        (ev("determination_notified", "2027-05-04"), "probable_cause", {"hearing_noticed"}),
        (
            ev("hearing_noticed", "2027-05-10", hearing_date="2027-05-24T10:00", initial=True),
            "hearing_scheduled",
            {"hearing_held"},
        ),
        (ev("hearing_held", "2027-05-24T10:00"), "in_hearing", {"evidentiary_hearing_concluded"}),
        (
            ev("evidentiary_hearing_concluded", "2027-05-25"),
            "awaiting_resolution",
            {"resolved", "resolution_extension_requested"},
        ),
        (ev("resolved", "2027-06-15", outcome="charges_proven"), "resolved", {"report_referred"}),
        (ev("report_referred", "2027-06-15", to="house"), "report_referred", {"sanction_decided"}),
        (ev("sanction_decided", "2027-06-30", sanctions=["censure"]), "sanctioned", {"case_closed"}),
        (ev("case_closed", "2027-07-01"), "closed", set()),
    ]
    events: list[dict[str, Any]] = []
    for event, stage, allowed in steps:
        events.append(event)
        result = evaluate(complaint(*events, as_of=event["at"][:10]))
        assert result.stage == stage, event["type"]
        assert allowed <= set(result.allowed_next), (event["type"], result.allowed_next)
        assert "act_not_allowed" not in result.finding_ids()
    assert result.allowed_next == []
    # Resolve term: 25 May + 45 = Fri 9 Jul 2027, met on 15 Jun.
    assert (result.deadline("resolve").due.isoformat(), result.deadline("resolve").status) == ("2027-07-09", "met")


def test_act_out_of_order_is_a_finding_not_an_error() -> None:
    data = complaint(
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("answer_filed", "2027-03-02"),
        as_of="2027-03-03",
    )
    result = evaluate(data)
    assert "act_not_allowed" in result.finding_ids()
    assert result.stage == "filed"


def test_employee_respondent_flagged_CAM_02_02() -> None:
    data = complaint(
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        respondent={"role": "employee"},
        as_of="2027-03-02",
    )
    assert "employee_respondent" in evaluate(data).finding_ids()


def test_facts_outside_scope_CAM_02_01() -> None:
    data = complaint(
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20", facts_date="2024-12-01"),
        as_of="2027-03-02",
    )
    assert "facts_outside_scope" in evaluate(data).finding_ids()


def test_determination_only_once_answer_is_in_or_term_ran_out_CAM_21C_01() -> None:
    base = [
        ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-03"),
    ]
    waiting = evaluate(complaint(*base, as_of="2027-03-10")).allowed_next
    assert "determination_made" not in waiting and "extension_requested" in waiting
    answered = evaluate(complaint(*base, ev("answer_filed", "2027-03-09"), as_of="2027-03-10")).allowed_next
    assert "determination_made" in answered
    # After the answer term (25 Mar) the extension can no longer be asked for.
    expired = evaluate(complaint(*base, as_of="2027-03-26")).allowed_next
    assert "determination_made" in expired and "extension_requested" not in expired


# --- Sec. 24 ids, one per rule, for the reference -------------------------------------------------


@pytest.mark.parametrize(
    ("deadline_id", "rule_id", "expected"),
    [
        pytest.param(
            "summary_total",
            "CAM-24-02",
            "2028-07-31",
            id="CAM-24-02 summary total 5 business days crossing 25 and 27 July",
        ),
        pytest.param(
            "notify_respondent", "CAM-24B-01", "2028-07-20", id="CAM-24B-01 summary notice immediate same day"
        ),
        pytest.param(
            "summary_dismissal_review", "CAM-24C-01", "2028-07-21T15:00:00-04:00", id="CAM-24C-01 24 hours from notice"
        ),
        pytest.param(
            "summary_hearing_citation",
            "CAM-24C-03",
            "2028-07-22T15:00:00-04:00",
            id="CAM-24C-03 48 hours to summon from notice",
        ),
        pytest.param(
            "summary_adjudication", "CAM-24E-01", "2028-07-26T10:00:00-04:00", id="CAM-24E-01 48 hours from the hearing"
        ),
    ],
)
def test_summary_deadline_by_rule(deadline_id: str, rule_id: str, expected: str) -> None:
    data = _summary(
        "2028-07-20T09:00",
        "2028-07-20T15:00",
        ev("hearing_noticed", "2028-07-21T10:00", hearing_date="2028-07-24T10:00"),
        ev("hearing_held", "2028-07-24T10:00"),
    )
    d = evaluate(data).deadline(deadline_id)
    assert (d.rule.id, d.due.isoformat()) == (rule_id, expected)


@pytest.mark.parametrize(
    ("events", "procedure", "stage", "rule_id"),
    [
        pytest.param(
            [ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20")],
            "ordinary",
            "filed",
            "CAM-21B-01",
            id="CAM-21B-01 stage filed",
        ),
        pytest.param(
            _to_determination("probable_cause", "2027-05-03"),
            "ordinary",
            "probable_cause",
            "CAM-21C-02",
            id="CAM-21C-02 stage probable cause",
        ),
        pytest.param(
            _to_determination("probable_cause", "2027-05-03")
            + [ev("hearing_noticed", "2027-05-10", hearing_date="2027-05-24T10:00")],
            "ordinary",
            "hearing_scheduled",
            "CAM-21C-05",
            id="CAM-21C-05 stage merits hearing",
        ),
        pytest.param(
            _to_determination("probable_cause", "2027-05-03") + [ev("proceedings_suspended", "2027-05-05")],
            "ordinary",
            "probable_cause",
            "CAM-23-01",
            id="CAM-23-01 stage suspended by court case",
        ),
    ],
)
def test_stage_rule(events: list[dict[str, Any]], procedure: str, stage: str, rule_id: str) -> None:
    result = evaluate(complaint(*events, as_of="2027-05-06"))
    assert (result.procedure, result.stage, result.stage_rule.id if result.stage_rule else None) == (
        procedure,
        stage,
        rule_id,
    )
    assert result.to_json()["stage_rule"]["rule"] == rule_id


def test_summary_stage_rules_CAM_24C_02_CAM_24D_01_CAM_24E_03() -> None:
    dismissed = _summary(
        "2028-07-20T09:00",
        "2028-07-20T15:00",
        ev("determination_made", "2028-07-21T09:00", outcome="dismissed", grounds=["form_or_content"]),
    )
    r = evaluate(dismissed)
    assert (r.stage, r.stage_rule.id) == ("dismissed", "CAM-24C-02")  # not reviewable: no reconsideration offered
    assert "resolved" not in r.allowed_next
    hearing = evaluate(
        _summary(
            "2028-07-20T09:00",
            "2028-07-20T15:00",
            ev("hearing_noticed", "2028-07-21T10:00", hearing_date="2028-07-24T10:00"),
        )
    )
    assert (hearing.stage, hearing.stage_rule.id) == ("hearing_scheduled", "CAM-24D-01")
    merit = evaluate(
        _summary(
            "2028-07-20T09:00",
            "2028-07-20T15:00",
            ev("hearing_noticed", "2028-07-21T10:00", hearing_date="2028-07-24T10:00"),
            ev("hearing_held", "2028-07-24T10:00"),
            ev("resolved", "2028-07-26T09:00", outcome="merit_found"),
        )
    )
    assert (merit.stage, merit.stage_rule.id) == ("awaiting_answer", "CAM-24E-03")


# --- Secs. 20(2),(5),(7), 21(a), 24(a): what a complaint must contain ---------------------------------

from ventila.rules.rulebooks.camara_171.s20_s24_complaints import (  # noqa: E402
    check_complaint_form,
    check_initial_summons,
    check_notice_of_complaint,
)

GOOD_FORM: dict[str, Any] = {
    "complainant_name": "María del Carmen Ríos Vega",
    "complainant_email": "mrios@example.org",
    "complainant_phone": "787-555-0101",
    "respondent_name": "Rep. Ejemplo Ficticio",
    "respondent_role": "representative",
    "facts": "El 3 de febrero de 2027 el querellado usó un vehículo oficial para fines personales en Ponce.",
    "personal_knowledge": True,
    "evidence": [{"kind": "public_documents", "description": "Registro de uso del vehículo"}],
    "witnesses": [{"name": "Juan Testigo", "address": "Calle 1, Ponce"}],
    "provisions": ["10(i)"],
    "perjury_acknowledged": True,
    "signature": "maria del carmen rios vega",
}


def test_complete_complaint_form_has_no_problems_CAM_20_05() -> None:
    assert check_complaint_form(GOOD_FORM) == []


@pytest.mark.parametrize(
    ("change", "field", "rule_id"),
    [
        pytest.param({"complainant_name": " "}, "complainant_name", "CAM-20-07", id="CAM-20-07 name required"),
        pytest.param(
            {"complainant_email": ""}, "complainant_address", "CAM-20-07", id="CAM-20-07 postal address or e-mail"
        ),
        pytest.param({"complainant_phone": ""}, "complainant_phone", "CAM-20-07", id="CAM-20-07 phone required"),
        pytest.param({"respondent_role": "mayor"}, "respondent_role", "CAM-21A-01", id="CAM-21A-01 respondent role"),
        pytest.param({"facts": ""}, "facts", "CAM-21A-02", id="CAM-21A-02 facts required"),
        pytest.param(
            {"personal_knowledge": False}, "personal_knowledge", "CAM-21A-03", id="CAM-21A-03 personal knowledge"
        ),
        pytest.param(
            {"evidence": [{"kind": "rumor", "description": "x"}]},
            "evidence[0].kind",
            "CAM-21A-04",
            id="CAM-21A-04 evidence kind",
        ),
        pytest.param(
            {"witnesses": [{"name": "Ana", "address": ""}]},
            "witnesses[0].address",
            "CAM-21A-05",
            id="CAM-21A-05 witness address",
        ),
        pytest.param({"provisions": []}, "provisions", "CAM-21A-06", id="CAM-21A-06 provisions cited"),
        pytest.param(
            {"perjury_acknowledged": False},
            "perjury_acknowledged",
            "CAM-20-02",
            id="CAM-20-02 perjury warning accepted",
        ),
        pytest.param(
            {"signature": "Otra Persona"}, "signature", "CAM-20-02", id="CAM-20-02 signature is the full name"
        ),
    ],
)
def test_complaint_form_problems(change: dict[str, Any], field: str, rule_id: str) -> None:
    problems = check_complaint_form({**GOOD_FORM, **change})
    assert [(p.field, p.rule_id) for p in problems] == [(field, rule_id)]
    assert problems[0].message  # a Spanish sentence for the person filing


def test_personal_knowledge_setting_CAM_21A_03() -> None:
    form = {**GOOD_FORM, "personal_knowledge": False}
    assert check_complaint_form(form, settings={"require_personal_knowledge": False}) == []


def test_summary_complaint_same_requirements_CAM_24A_01() -> None:
    problems = check_complaint_form({**GOOD_FORM, "facts": ""}, summary=True)
    assert [(p.field, p.rule_id) for p in problems] == [("facts", "CAM-24A-01")]
    assert "Sec. 24(a)" in problems[0].message


def test_notice_of_complaint_contents_CAM_21B_04() -> None:
    assert check_notice_of_complaint({"complaint_copy", "answer_term", "right_to_counsel", "default_warning"}) == []
    missing = check_notice_of_complaint({"complaint_copy", "answer_term"})
    assert [p.field for p in missing] == ["right_to_counsel", "default_warning"]
    assert {p.rule_id for p in missing} == {"CAM-21B-04"}


def test_initial_summons_contents_and_method_CAM_21C_08() -> None:
    assert check_initial_summons({"charges", "facts", "witnesses"}, to="respondent", method="personal") == []
    problems = check_initial_summons({"charges"}, to="respondent", method="email")
    assert [p.field for p in problems] == ["facts", "witnesses", "method"]
    assert check_initial_summons(set(), to="complainant", method="phone", initial=False) == []


# --- Sec. 25: routes of the Final Report -----------------------------------------------------------

from ventila.rules.rulebooks.camara_171.s25_s31_reports import final_report_route  # noqa: E402


@pytest.mark.parametrize(
    ("role", "recommendation", "to", "rule_id"),
    [
        pytest.param("representative", "expulsion", "house", "CAM-25-02", id="CAM-25-02 expulsion charges filed"),
        pytest.param("officer", "removal", "house", "CAM-25-03", id="CAM-25-03 removal charges filed"),
        pytest.param("representative", None, "house", "CAM-25-04", id="CAM-25-04 report to the Pleno"),
        pytest.param("department_head", None, "speaker", "CAM-25-06", id="CAM-25-06 department head to the Speaker"),
    ],
)
def test_final_report_route(role: str, recommendation: str | None, to: str, rule_id: str) -> None:
    route = final_report_route(role, recommendation)
    assert (route.to, route.rule_id) == (to, rule_id)
    assert route.privileged_motion is (to == "house")  # CAM-252-01: privileged motion in the House


def test_referral_to_other_body_offered_after_final_report_CAM_251_01() -> None:
    result = evaluate(_resolved("representative", ev("report_referred", "2027-09-10", to="house")))
    assert "referred_to_other_body" in result.allowed_next


# --- Sec. 27: regulations and the circulation of the Code --------------------------------------------


def _regulation(*events: dict[str, Any], as_of: str) -> dict[str, Any]:
    return case("camara-171", "regulation", *list(events), as_of=as_of)


def test_house_may_reject_regulation_within_10_business_days_CAM_27_01() -> None:
    # Filed Mon 1 Mar 2027: Tue 2 Mar holiday; 3, 4, 5, 8, 9, 10, 11, 12, 15, 16 → Tue 16 Mar.
    result = evaluate(_regulation(ev("regulation_filed", "2027-03-01"), as_of="2027-03-10"))
    d = result.deadline("house_rejection_window")
    assert (d.due.isoformat(), d.status, result.stage) == ("2027-03-16", "open", "in_force")
    assert result.allowed_next == ["regulation_rejected"]
    late = evaluate(
        _regulation(
            ev("regulation_filed", "2027-03-01"),
            ev("regulation_rejected", "2027-03-17", yes_votes=30),
            as_of="2027-03-18",
        )
    )
    assert (late.stage, late.finding_ids()) == ("in_force", ["rejection_untimely"])


@pytest.mark.parametrize(
    ("votes", "stage", "findings"),
    [
        pytest.param(26, "rejected", [], id="CAM-27-02 26 of 51 reject the regulation"),
        pytest.param(25, "in_force", ["rejection_without_majority"], id="CAM-27-02 25 of 51 are not a majority"),
    ],
)
def test_regulation_rejection_majority(votes: int, stage: str, findings: list[str]) -> None:
    result = evaluate(
        _regulation(
            ev("regulation_filed", "2027-03-01"),
            ev("regulation_rejected", "2027-03-10", yes_votes=votes),
            as_of="2027-03-11",
        )
    )
    assert (result.stage, result.finding_ids()) == (stage, findings)


def test_code_circulated_within_30_business_days_CAM_27_03() -> None:
    # Approved Mon 1 Nov 2027: 30 business days skipping 11 Nov (Veterano), 19 Nov (Puertorriqueñidad) and
    # 25 Nov (Acción de Gracias) → Thu 16 Dec 2027.
    result = evaluate(_regulation(ev("code_approved", "2027-11-01"), as_of="2027-11-02"))
    assert result.deadline("circulate_code").due.isoformat() == "2027-12-16"
    assert "code_circulated" in result.allowed_next


def test_unknown_form_field_is_named_CAM_20_05() -> None:
    problems = check_complaint_form({**GOOD_FORM, "favorite_color": "azul"})
    assert [(p.field, p.rule_id) for p in problems] == [("favorite_color", "CAM-20-05")]
