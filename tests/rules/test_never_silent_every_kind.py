"""Never silent, for every kind (issue 27, classes 1, 2 and 4): each act out of place is either refused
(the field named, exit 2 from ``ventila deadlines``) or pointed at by ``act_not_allowed`` with
``"data": {"event": index}`` — and left out of the evaluation, so every act that presupposes it is pointed
at too. Every payload date the engine reads is range-checked by one policy. A revised opinion binds as
revised, a revoked one no longer binds (Sec. 19(e)–(f))."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rule_input import case, ev
from test_never_silent import cli

from ventila.rules import InputError, evaluate


def run(rulebook: str, kind: str, *events: dict[str, Any], as_of: str = "2027-06-30", **extra: Any) -> Any:
    return evaluate(case(rulebook, kind, *events, as_of=as_of, **extra))


def pointed(result: Any) -> list[int]:
    return sorted(f.data["event"] for f in result.findings if f.id == "act_not_allowed")


REQUEST = ev("opinion_requested", "2027-03-01", facts_date="2027-09-01", requester_role="representative")
NOTICE = ev(
    "outside_activity_notified",
    "2027-03-01",
    activity="employment",
    compensation=1000,
    legislative_salary=73428.16,
    nature="Docencia",
    certified_no_conflict=True,
    copy_to_secretariat=True,
    planned_start="2027-04-01",
)
ACCESS = ev(
    "access_requested",
    "2027-03-01",
    requester_name="A",
    requester_address="B",
    requester_occupation="C",
    on_behalf_of="D",
    interest_statement="E",
    complaint_copy=True,
    knows_use_limits=True,
    knows_penalty=True,
    sworn=True,
    report_is_final=True,
)
SPECIAL = ev(
    "special_proceeding_filed", "2027-03-01", charges_notified_on="2027-02-20", public_interest_determined=True
)


# --- class 1: out-of-order acts of every kind ---------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "events", "expected"),
    [
        pytest.param(
            "financial_report",
            [ev("left_office", "2027-01-10"), ev("took_office", "2027-01-15")],
            [0],
            id="CAM-14E-02 a tenure whose left_office precedes took_office",
        ),
        pytest.param(
            "financial_report",
            [
                ev("took_office", "2027-01-15"),
                ev("report_filed", "2027-02-01", covers_year=2026, report_type="initial"),
                ev("findings_answered", "2027-03-01", covers_year=2026),
                ev("preliminary_findings_received", "2027-03-05", covers_year=2026),
            ],
            [2],
            id="CAM-15-04 an answer to the OEG's findings before the findings",
        ),
        pytest.param(
            "report_access_request",
            [ACCESS, ev("subject_notified", "2027-03-03"), ev("objection_resolved", "2027-03-10", upheld=False)],
            [2],
            id="CAM-17-05 an objection resolved where none was filed",
        ),
        pytest.param(
            "advisory_opinion",
            [REQUEST, ev("opinion_issued", "2027-03-20"), ev("opinion_issued", "2027-03-25")],
            [2],
            id="CAM-19D-01 a second opinion_issued",
        ),
        pytest.param(
            "advisory_opinion",
            [REQUEST, ev("opinion_rejected", "2027-03-10", grounds="incomplete"), ev("opinion_issued", "2027-03-20")],
            [2],
            id="CAM-19D-01 an opinion after the request was rejected",
        ),
        pytest.param(
            "outside_activity",
            [
                NOTICE,
                ev("objection_decided", "2027-03-02", objected=False),
                ev("objection_decided", "2027-03-04", objected=True, grounds="Sec. 10"),
            ],
            [2],
            id="CAM-11C-01 an objection after «no objection»",
        ),
        pytest.param(
            "regulation",
            [ev("regulation_rejected", "2027-03-05", yes_votes=30)],
            [0],
            id="CAM-27-01 a rejection of no regulation filed",
        ),
    ],
)
def test_an_act_out_of_place_in_the_compliance_half_is_pointed_at(
    kind: str, events: list[Any], expected: list[int]
) -> None:
    assert pointed(run("camara-171", kind, *events)) == expected


def test_cam_14e_02_the_tenure_runs_without_the_out_of_place_leaving() -> None:
    # left_office on 10 Jan 2027 precedes took_office on 15 Jan: it is pointed at and the tenure is open.
    result = run("camara-171", "financial_report", ev("left_office", "2027-01-10"), ev("took_office", "2027-01-15"))
    assert result.stage == "in_office"
    assert "left_office" in result.allowed_next


def test_mun_sus_03_a_court_denying_a_suspension_it_had_ordered_is_pointed_at() -> None:
    result = run(
        "municipal",
        "suspension_proceeding",
        SPECIAL,
        ev("court_decision", "2027-03-10", suspension_ordered=True),
        ev("court_decision", "2027-03-15", suspension_ordered=False),
    )
    assert pointed(result) == [2]
    assert result.stage == "suspension_ordered"  # the first decision stands


@pytest.mark.parametrize(
    ("rulebook", "kind", "events", "as_of", "expected"),
    [
        pytest.param(
            # A hearing noticed with no determination is an orphan; the hearing held on it and the resolution after
            # it presuppose it: all three are pointed at (before, only the first was).
            "camara-171",
            "complaint",
            [
                ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
                ev("respondent_notified", "2027-03-02"),
                ev("hearing_noticed", "2027-03-20", hearing_date="2027-04-05"),
                ev("hearing_held", "2027-04-05"),
                ev("resolved", "2027-04-20", outcome="charges_not_proven"),
            ],
            "2027-06-30",
            [2, 3, 4],
            id="CAM-05-01 every act after an orphan",
        ),
        pytest.param(
            "municipal",
            "complaint",
            [
                ev("complaint_filed", "2027-03-01"),
                ev("hearing_concluded", "2027-03-20", before="full"),
                ev("commissioner_report_filed", "2027-03-25"),
            ],
            "2027-06-30",
            [1, 2],
            id="MUN-HEA-01 every act after an orphan",
        ),
        pytest.param(
            "camara-171",
            "advisory_opinion",
            [
                REQUEST,
                ev("opinion_extension_granted", "2027-03-05", business_days=0),
            ],
            "2027-03-08",
            [1],
            id="CAM-19D-01 an extension of no day",
        ),
        pytest.param(
            "municipal",
            "deadlock",
            [
                ev("deadlock_reported", "2027-03-01"),
                ev("referred_to_commission", "2027-03-02"),
                ev("hearing_noticed", "2027-03-03", hearing_date="2027-03-22"),
                ev("hearing_concluded", "2027-03-22"),
                ev("recommendations_issued", "2027-03-25"),
                ev("positions_recorded", "2027-03-29"),
            ],
            "2027-03-30",
            [5],
            id="MUN-DLK-07 a record of positions that states none",
        ),
        pytest.param(
            # The OEG's findings name another year (no report of it on file): the answer that follows has nothing
            # to answer for the report on file, and is pointed at too.
            "camara-171",
            "financial_report",
            [
                ev("took_office", "2027-01-04"),
                ev("report_filed", "2027-02-01", covers_year=1),
                ev("preliminary_findings_received", "2027-03-01", covers_year=0),
                ev("findings_answered", "2027-03-08"),
            ],
            "2027-03-09",
            [2, 3],
            id="CAM-15-01 an answer for a report without preliminary findings",
        ),
        pytest.param(
            "camara-171",
            "complaint",
            [
                ev("complaint_filed", "2027-01-04", knowledge_date="2027-01-02"),
                ev("respondent_notified", "2027-01-05"),
                ev("answer_filed", "2027-01-08"),
                ev("answer_filed", "2027-01-11"),
            ],
            "2027-01-12",
            [3],
            id="CAM-21B-02 a second answer",
        ),
    ],
)
def test_an_act_out_of_its_place_is_pointed_at(
    rulebook: str, kind: str, events: list[Any], as_of: str, expected: list[int]
) -> None:
    assert pointed(run(rulebook, kind, *events, as_of=as_of)) == expected


@pytest.mark.parametrize(
    ("rulebook", "kind", "events", "expected"),
    [
        pytest.param(
            "camara-171",
            "complaint",
            [
                ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
                ev("case_closed", "2027-03-05"),
                ev("respondent_notified", "2027-03-08"),
                ev("answer_filed", "2027-03-10"),
            ],
            [2, 3],
            id="CAM-05-01 every act after the case was closed",
        ),
        pytest.param(
            "camara-171",
            "report_access_request",
            [
                ACCESS,
                ev("subject_notified", "2027-03-03"),
                ev("objection_filed", "2027-03-05"),
                ev("objection_resolved", "2027-03-10", upheld=True),
                ev("access_granted", "2027-03-12"),
            ],
            [4],
            id="CAM-17-05 access after the objection was upheld",
        ),
    ],
)
def test_acts_after_the_case_is_over_are_pointed_at(
    rulebook: str, kind: str, events: list[Any], expected: list[int]
) -> None:
    assert pointed(run(rulebook, kind, *events)) == expected


def test_cam_05_01_a_finding_on_an_act_out_of_place_comes_out_of_the_cli() -> None:
    scenario = case(
        "camara-171",
        "advisory_opinion",
        REQUEST,
        ev("opinion_issued", "2027-03-20"),
        ev("opinion_issued", "2027-03-25"),
        as_of="2027-03-30",
    )
    proc = cli(scenario)
    assert proc.returncode == 0
    findings = json.loads(proc.stdout)["findings"]
    assert [f["data"]["event"] for f in findings if f["id"] == "act_not_allowed"] == [2]


# --- class 2: impossible dates are refused ------------------------------------------------------------


def test_cam_17_04_a_receipt_before_its_notice_is_refused() -> None:
    with pytest.raises(InputError) as exc:
        run(
            "camara-171",
            "report_access_request",
            ACCESS,
            ev("subject_notified", "2027-03-10", received_on="2027-03-08"),
        )
    assert exc.value.field == "events[1].received_on"
    assert "es anterior a la fecha del evento (2027-03-10)" in exc.value.message


def test_cam_17_04_a_receipt_on_the_notice_day_counts_15_business_days() -> None:
    result = run(
        "camara-171", "report_access_request", ACCESS, ev("subject_notified", "2027-03-10", received_on="2027-03-10")
    )
    # 15 business days after Wed 10 Mar 2027, skipping Mon 22 Mar (Abolición de la Esclavitud) and Fri 26 Mar
    # (Viernes Santo): Fri 2 Apr 2027.
    assert result.deadline("subject_objection").due.isoformat() == "2027-04-02"


def test_cam_19c_01_a_facts_date_past_the_calendar_is_refused() -> None:
    with pytest.raises(InputError) as exc:
        run("camara-171", "advisory_opinion", {**REQUEST, "facts_date": "2036-03-01"})
    assert exc.value.field == "events[0].facts_date"
    assert "fuera de los años que conoce el calendario legal" in exc.value.message


def test_cam_02_a_complaints_facts_may_be_older_than_the_calendar() -> None:
    # Sec. 2: the facts' date is compared, never counted from: 2023 is fine (any_year).
    result = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20", facts_date="2023-05-01"),
    )
    assert result.stage != "new"


# --- class 4: a revised opinion binds as revised ----------------------------------------------------------


ISSUED = [REQUEST, ev("opinion_issued", "2027-03-20")]


def test_cam_19e_01_a_revoked_opinion_no_longer_binds() -> None:
    result = run(
        "camara-171",
        "advisory_opinion",
        *ISSUED,
        ev("opinion_revised", "2027-05-03", revision="revoke", reason="new_evidence"),
    )
    ids = result.finding_ids()
    assert "opinion_binding" not in ids and "opinion_revoked" in ids
    revoked = next(f for f in result.findings if f.id == "opinion_revoked")
    assert revoked.data == {"binding": False, "revoked_on": "2027-05-03"}
    assert "ya no obliga" in revoked.message
    assert result.allowed_next == []


def test_cam_19e_01_an_amended_opinion_binds_as_amended_with_its_history() -> None:
    result = run(
        "camara-171",
        "advisory_opinion",
        *ISSUED,
        ev("opinion_revised", "2027-05-03", revision="correct", reason="new_evidence"),
        ev("opinion_revised", "2027-06-01", revision="modify", reason="miscarriage_of_justice"),
    )
    binding = next(f for f in result.findings if f.id == "opinion_binding")
    assert binding.data == {"binding": True, "amended_on": "2027-06-01"}
    history = [f.data["event"] for f in result.findings if f.id == "opinion_revision"]
    assert history == [2, 3]


def test_cam_19e_01_a_reversal_ends_the_opinion_and_a_later_correction_does_not_revive_it() -> None:
    result = run(
        "camara-171",
        "advisory_opinion",
        *ISSUED,
        ev("opinion_revised", "2027-05-03", revision="reverse", reason="new_evidence"),
    )
    assert "opinion_revoked" in result.finding_ids()


def test_cam_24c_03_a_summary_hearing_needs_no_determination_before_it() -> None:
    # Sec. 24: filed Thu 20 Jul 2028 against a candidate, 110 days before the general election; the hearing is
    # cited within 48 hours of the notice with no determination of probable cause: nothing is out of place
    # (it used to be flagged, and now every act after it would have been).
    result = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2028-07-20T09:00", knowledge_date="2028-07-10"),
        ev("respondent_notified", "2028-07-20T15:00"),
        ev("hearing_noticed", "2028-07-21T10:00", hearing_date="2028-07-24T10:00"),
        ev("hearing_held", "2028-07-24T10:00"),
        as_of="2028-07-25",
        respondent={"role": "representative", "candidate": True},
    )
    assert result.procedure == "summary"
    assert pointed(result) == []


# --- found by the mutation property test (tests/rules/test_never_silent_property.py) ----------------------


def test_cam_11c_01_an_objection_to_an_activity_under_way_points_at_its_start() -> None:
    # Notice on Mon 4 Jan 2027 (no objection), the activity starts on the 15th; a change notified that day is
    # objected to on the 16th: the activity under way may not go on, and the start is pointed at.
    result = run(
        "camara-171",
        "outside_activity",
        ev("outside_activity_notified", "2027-01-04"),
        ev("objection_decided", "2027-01-07", objected=False),
        ev("activity_started", "2027-01-15"),
        ev("outside_activity_notified", "2027-01-15"),
        ev("objection_decided", "2027-01-16", objected=True),
        as_of="2027-01-16",
    )
    under_way = [f for f in result.findings if f.id == "objected_activity_under_way"]
    assert [f.data["event"] for f in under_way] == [2]
    assert under_way[0].rule.id == "CAM-11C-01"


def test_cam_15_01_a_second_exit_on_the_day_of_the_first_is_pointed_at() -> None:
    # An officer's exit recorded twice on the same day (once marked as a reelection, which binds only a
    # Representative): the second is pointed at, not dropped.
    exit_ = ev("left_office", "2027-03-01", reelected=True)
    result = run(
        "camara-171",
        "financial_report",
        ev("took_office", "2027-01-04"),
        exit_,
        exit_,
        as_of="2027-03-02",
        respondent={"role": "officer"},
    )
    assert pointed(result) == [2]


def test_cam_05_01_a_closing_before_the_referral_closes_nothing_the_one_after_it_closes() -> None:
    orphan = ev("case_closed", "2027-01-04")
    received = ev("referral_received", "2027-01-04")
    alone = run("camara-171", "referral", orphan, received, as_of="2027-01-05")
    assert pointed(alone) == [0]
    assert alone.stage != "closed"
    closed = run("camara-171", "referral", orphan, received, ev("case_closed", "2027-01-05"), as_of="2027-01-05")
    assert pointed(closed) == [0]
    assert closed.stage == "closed"


def test_cam_05_01_a_closing_while_the_answer_is_awaited_is_pointed_at() -> None:
    result = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-01-04", knowledge_date="2027-01-02"),
        ev("respondent_notified", "2027-01-05"),
        ev("case_closed", "2027-01-06"),
        as_of="2027-01-07",
    )
    assert result.stage == "awaiting_answer"
    assert pointed(result) == [2]


def test_cam_09_08_a_denied_recusal_keeps_its_notice_term_when_the_case_is_closed() -> None:
    result = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-01-04", knowledge_date="2027-01-02"),
        ev("recusal_requested", "2027-01-04"),
        ev("recusal_decided", "2027-01-05", granted=False),
        ev("case_closed", "2027-01-05"),
        as_of="2027-01-06",
    )
    assert result.stage == "closed"
    assert result.deadline("notify_recusal_denial").rule.id == "CAM-09-08"


def test_cam_05_01_the_same_act_entered_twice_is_pointed_at() -> None:
    # The same act, the same moment, the same data: a double entry, pointed at (the first one counts).
    decided = ev("objection_decided", "2027-03-03", objected=False)
    result = run("camara-171", "outside_activity", NOTICE, decided, decided, as_of="2027-03-04")
    assert pointed(result) == [2]
    assert "repite, con los mismos datos" in next(f.message for f in result.findings if f.id == "act_not_allowed")


def test_mun_sus_13_a_second_cited_stay_while_the_first_stands_is_pointed_at() -> None:
    filed = ev("complaint_filed", "2027-01-06", complainant_kind="citizen", sworn=True, evidence_attached=True)
    stay = {"court_order": "TPI San Juan, orden del 6 de enero"}
    standing = run(
        "municipal",
        "complaint",
        filed,
        ev("proceedings_suspended", "2027-01-07", **stay),
        ev("proceedings_suspended", "2027-01-09", **stay),
        as_of="2027-01-09",
    )
    assert pointed(standing) == [2]
    anew = run(
        "municipal",
        "complaint",
        filed,
        ev("proceedings_suspended", "2027-01-07", **stay),
        ev("proceedings_resumed", "2027-01-08"),
        ev("proceedings_suspended", "2027-01-09", **stay),
        as_of="2027-01-09",
    )
    assert pointed(anew) == []


def test_mun_dlk_09_positions_before_the_recommendations_after_the_hearing_are_pointed_at() -> None:
    result = run(
        "municipal",
        "deadlock",
        ev("recommendations_issued", "2027-03-01"),
        ev("deadlock_reported", "2027-03-01"),
        ev("referred_to_commission", "2027-03-02"),
        ev("positions_recorded", "2027-03-03", mayor_accepts=True),
        as_of="2027-03-04",
    )
    assert 3 in pointed(result)


@pytest.mark.parametrize(("kind", "filed"), [("complaint", "complaint_filed"), ("referral", "referral_received")])
def test_cam_21b_01_a_second_notice_to_the_respondent_is_pointed_at(kind: str, filed: str) -> None:
    # The answer term runs from the first notice (CAM-21B-02); a second one is pointed at, not ignored.
    result = run(
        "camara-171",
        kind,
        ev(filed, "2027-01-05", knowledge_date="2027-01-02") if kind == "complaint" else ev(filed, "2027-01-05"),
        ev("respondent_notified", "2027-01-06"),
        ev("respondent_notified", "2027-01-07"),
        as_of="2027-01-07",
    )
    assert pointed(result) == [2]


def test_mun_hea_01_a_hearing_concluded_before_it_was_noticed_is_no_merits_hearing() -> None:
    # The orphan hearing is pointed at and left out: the decision after it is one without a merits hearing.
    result = run(
        "municipal",
        "complaint",
        ev("hearing_concluded", "2027-01-04", before="full"),
        ev("complaint_filed", "2027-01-04", complainant_kind="citizen", sworn=True, evidence_attached=True),
        ev("respondent_notified", "2027-01-05"),
        ev("answer_filed", "2027-01-08"),
        ev("decision_issued", "2027-01-11", outcome="admonition"),
        as_of="2027-01-11",
    )
    assert 0 in pointed(result)
    assert [f.data["event"] for f in result.findings if f.id == "outcome_without_merits_hearing"] == [4]


# -- the residual same-instant cases of the long property run (docs/decisions.md, issue 27) ---------------


def _at(result: Any, finding: str) -> list[int]:
    return sorted(f.data["event"] for f in result.findings if f.id == finding)


@pytest.mark.parametrize("rulebook", ["municipal"])
def test_mun_sus_13_a_cited_stay_resumed_the_same_day_is_pointed_at(rulebook: str) -> None:
    r = run(
        rulebook,
        "complaint",
        ev("complaint_filed", "2027-03-01"),
        ev("proceedings_suspended", "2027-03-02", court_order="Orden TPI 2027-12"),
        ev("proceedings_resumed", "2027-03-02"),
    )
    assert _at(r, "stay_held_no_term") == [1]
    assert "mismo día" in next(f.message for f in r.findings if f.id == "stay_held_no_term")


def test_mun_sus_13_a_resumption_of_a_stay_citing_no_order_is_pointed_at() -> None:
    r = run(
        "municipal",
        "complaint",
        ev("complaint_filed", "2027-03-01"),
        ev("proceedings_suspended", "2027-03-02"),
        ev("proceedings_resumed", "2027-03-05"),
    )
    assert _at(r, "stay_order_not_cited") == [1] and _at(r, "stay_held_no_term") == [2]


def test_cam_23_01_a_stay_that_paused_a_running_term_gets_no_such_finding() -> None:
    r = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-02"),
        ev("proceedings_suspended", "2027-03-05"),
        ev("proceedings_resumed", "2027-03-15"),
    )
    assert _at(r, "stay_held_no_term") == []


def test_cam_23_01_a_stay_resumed_the_same_day_is_pointed_at() -> None:
    r = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-02"),
        ev("proceedings_suspended", "2027-03-05"),
        ev("proceedings_resumed", "2027-03-05"),
    )
    assert _at(r, "stay_held_no_term") == [2]


@pytest.mark.parametrize("kind", ["complaint", "referral"])
def test_cam_21b_03_an_extension_asked_then_overtaken_by_the_answer_is_pointed_at(kind: str) -> None:
    filed = (
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20")
        if kind == "complaint"
        else ev("referral_received", "2027-03-01")
    )
    r = run(
        "camara-171",
        kind,
        filed,
        ev("respondent_notified", "2027-03-02"),
        ev("extension_requested", "2027-03-08"),
        ev("answer_filed", "2027-03-09"),
        ev("extension_granted", "2027-03-09", business_days=5),
    )
    assert _at(r, "act_overtaken") == [2]
    assert pointed(r) == [4]  # the grant after the answer extends nothing
    answer = next(d for d in r.deadlines if d.id == "answer")
    assert answer.status == "met" and answer.term.amount == 15  # the term without the moot extension


def test_cam_23_01_an_act_that_advances_the_case_while_suspended_is_pointed_at() -> None:
    r = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-02"),
        ev("extension_requested", "2027-03-04"),
        ev("proceedings_suspended", "2027-03-05"),
        ev("answer_filed", "2027-03-08"),
        as_of="2027-03-10",
    )
    assert _at(r, "request_held_by_suspension") == [2]
    assert pointed(r) == [4]


def test_cam_09_08_a_recusal_is_decided_and_its_terms_run_while_suspended() -> None:
    r = run(
        "camara-171",
        "referral",
        ev("referral_received", "2027-03-01"),
        ev("recusal_requested", "2027-03-02"),
        ev("recusal_decided", "2027-03-03", granted=False),
        ev("proceedings_suspended", "2027-03-04"),
        as_of="2027-03-04",
    )
    assert [d.id for d in r.deadlines if d.id == "notify_recusal_denial"] == ["notify_recusal_denial"]
    assert "recusal_denial_notified" in r.allowed_next and pointed(r) == []


def test_cam_19a_01_a_revision_on_a_request_the_commission_cannot_answer_is_pointed_at() -> None:
    r = run(
        "camara-171",
        "advisory_opinion",
        ev("opinion_requested", "2027-03-01", facts_date="2027-03-01", requester_role="representative"),
        ev("opinion_extension_granted", "2027-03-01", business_days=0),
        ev("opinion_issued", "2027-03-01"),
        ev("opinion_revised", "2027-03-01", reason="new_evidence"),
    )
    assert pointed(r) == [1, 2, 3]


def test_cam_11c_01_a_decision_answers_the_notice_before_it_in_the_docket() -> None:
    notice = {k: v for k, v in NOTICE.items() if k != "at"}
    r = run(
        "camara-171",
        "outside_activity",
        {**notice, "at": "2027-03-01"},
        ev("objection_decided", "2027-03-02", objected=False),
        {**notice, "at": "2027-03-02"},
        ev("objection_decided", "2027-03-03", objected=False),
        as_of="2027-03-03",
    )
    windows = [d for d in r.deadlines if d.id == "objection_window"]
    assert [d.satisfied_at.isoformat() for d in windows] == ["2027-03-02", "2027-03-03"]


def test_cam_09_04_a_recusal_request_naming_no_member_is_answered_by_any_decision() -> None:
    r = run(
        "camara-171",
        "referral",
        ev("referral_received", "2027-03-01"),
        ev("recusal_requested", "2027-03-02", member=""),
        ev("recusal_decided", "2027-03-03", member="Miembro A", granted=False),
        as_of="2027-03-04",
    )
    assert [d.id for d in r.deadlines if d.id == "notify_recusal_denial"] == ["notify_recusal_denial"]
    assert pointed(r) == []


def test_cam_09_04_a_decision_on_a_member_no_one_asked_about_is_pointed_at() -> None:
    r = run(
        "camara-171",
        "referral",
        ev("referral_received", "2027-03-01"),
        ev("recusal_requested", "2027-03-02", member="Miembro A"),
        ev("recusal_decided", "2027-03-03", member="Miembro B", granted=False),
        as_of="2027-03-04",
    )
    assert pointed(r) == [2]


def test_cam_21b_03_an_extension_asked_after_the_determination_is_pointed_at() -> None:
    r = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-02"),
        ev("determination_made", "2027-03-25", outcome="dismissed", grounds=["no_jurisdiction"]),
        ev("extension_requested", "2027-03-26"),
    )
    assert pointed(r) == [3]


def test_cam_15_03_preliminary_findings_after_the_final_action_are_pointed_at() -> None:
    r = run(
        "camara-171",
        "financial_report",
        ev("took_office", "2027-01-04"),
        ev("report_filed", "2027-02-01", covers_year=2026),
        ev("oeg_final_action", "2027-03-01", outcome="final", covers_year=2026),
        ev("preliminary_findings_received", "2027-03-02", covers_year=2026),
    )
    assert pointed(r) == [3]


def test_cam_05_01_the_same_act_twice_with_an_empty_text_the_second_time_is_pointed_at() -> None:
    r = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-02"),
        ev("extension_requested", "2027-03-04", reasons=""),
        ev("extension_requested", "2027-03-04"),
    )
    assert pointed(r) == [3]


def test_cam_21b_03_a_second_extension_request_while_the_first_stands_is_pointed_at() -> None:
    r = run(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2027-03-01", knowledge_date="2027-02-20"),
        ev("respondent_notified", "2027-03-02"),
        ev("extension_requested", "2027-03-04"),
        ev("extension_requested", "2027-03-05"),
        ev("extension_denied", "2027-03-08"),
        ev("extension_requested", "2027-03-09"),
        as_of="2027-03-10",
    )
    assert pointed(r) == [3]  # asked again after the denial: in place


# --- counterexamples of the property test (tests/rules/test_never_silent_property.py), long runs -------


def test_mun_ini_01_mun_out_01_the_notice_of_a_decision_the_case_never_reached_is_pointed_at() -> None:
    """Found by ``VENTILA_PROPERTY_EXAMPLES=400 VENTILA_PROPERTY_SEED=1``: a decision recorded the day the
    complaint was filed, before the Mayor was notified (MUN-OUT-01 flags it: no hearing on the merits), then
    its notice. The evaluation stays at «radicada» (the case never reached a decision), so the notice changed
    nothing and nothing pointed at it; the engine's general check of acts that follow a flagged act
    (:func:`ventila.rules.engine._after_flagged`) now points at it, with the act it follows."""
    result = run(
        "municipal",
        "complaint",
        ev("answer_filed", "2027-01-04"),
        ev("complaint_filed", "2027-01-04"),
        ev("answer_filed", "2027-01-04"),
        ev("decision_issued", "2027-01-04", outcome="admonition"),
        ev("decision_notified", "2027-01-04"),
        as_of="2027-01-04",
    )
    assert result.stage == "filed"
    assert "outcome_without_merits_hearing" in result.finding_ids()
    [finding] = [f for f in result.findings if f.id == "act_not_allowed" and f.data["event"] == 4]
    assert finding.rule.id == "MUN-INI-01"
    assert "sigue a «Decisión de la Comisión emitida» (lunes, 4 de enero de 2027)" in finding.message


def test_mun_ini_01_the_notice_of_a_decision_taken_up_is_not_pointed_at() -> None:
    """The same check says nothing where the flagged decision is taken up: an admonition without its basis
    stated (MUN-OUT-02 points at the decision) after a hearing, then notified — the notice is what meets the
    decision term (emitir includes notice), so it changes the evaluation and is in place."""
    result = run(
        "municipal",
        "complaint",
        ev("complaint_filed", "2027-01-04"),
        ev("respondent_notified", "2027-01-05"),
        ev("answer_filed", "2027-01-12"),
        ev("hearing_noticed", "2027-01-20", hearing_date="2027-01-25"),
        ev("hearing_concluded", "2027-01-25", before="full"),
        ev("decision_issued", "2027-02-01", outcome="admonition"),
        ev("decision_notified", "2027-02-02"),
        as_of="2027-02-03",
    )
    assert result.stage == "decided"
    assert ("admonition_basis_missing", 5) in [(f.id, f.data.get("event")) for f in result.findings]
    assert not [f for f in result.findings if f.id == "act_not_allowed"], result.findings


# A deadlock referred, its hearing noticed and concluded on Mon 4 Jan 2027 (the notice short: MUN-DLK-05).
HEARD = [
    ev("deadlock_reported", "2027-01-04"),
    ev("referred_to_commission", "2027-01-04"),
    ev("hearing_noticed", "2027-01-04", hearing_date="2027-01-04"),
    ev("hearing_concluded", "2027-01-04"),
]


def test_mun_dlk_06_a_hearing_concluded_again_counts_from_its_last_session() -> None:
    """Found by ``VENTILA_PROPERTY_EXAMPLES=150 VENTILA_PROPERTY_SEED=2``: two conclusions of the deadlock
    hearing. The 15 days for recommendations (¶36, MUN-DLK-06) run from the last session — Tue 5 Jan 2027
    + 15 calendar days = Wed 20 Jan 2027 — so the earlier conclusion changes nothing: the spec declares the
    act ``repeatable`` (a further session), as the hearing noticed anew."""
    from ventila.rules.rulebooks import RULEBOOKS

    assert RULEBOOKS["municipal"].kinds["deadlock"].events["hearing_concluded"].repeatable
    result = run(
        "municipal",
        "deadlock",
        *HEARD,
        ev("hearing_concluded", "2027-01-05"),
        as_of="2027-01-05",
    )
    [due] = [d.due_date for d in result.deadlines if d.id == "recommendations"]
    assert due.isoformat() == "2027-01-20"


def test_cam_05_01_cam_09_04_a_recusal_still_undecided_when_the_case_is_closed_is_overtaken() -> None:
    """Found by ``VENTILA_PROPERTY_EXAMPLES=150 VENTILA_PROPERTY_SEED=5`` (mutated docket): a member's own
    recusal request, denied, then the case closed. The denial sets no term (CAM-09-08 asks a notice only of
    a party's request denied), and once closed the case offers no act, so the decision changed nothing. A
    recusal is asked of an open case: one still undecided at the closing is left without object
    (``act_overtaken``), so deciding it is what the docket shows; one asked after the closing is out of place."""
    filed, answered = ev("complaint_filed", "2027-01-05"), ev("answer_filed", "2027-01-06")
    asked = ev("recusal_requested", "2027-01-07", by="member")
    closed = ev("case_closed", "2027-01-09")
    decided = run("camara-171", "complaint", filed, answered, asked, ev("recusal_decided", "2027-01-08", granted=False),
                  closed, as_of="2027-01-09")  # fmt: skip
    undecided = run("camara-171", "complaint", filed, answered, asked, closed, as_of="2027-01-09")
    assert "act_overtaken" not in decided.finding_ids()
    [overtaken] = [f for f in undecided.findings if f.id == "act_overtaken"]
    assert overtaken.data["event"] == 2 and overtaken.rule.id == "CAM-05-01"
    assert "«Caso cerrado» (sábado, 9 de enero de 2027), que lo dejó sin objeto" in overtaken.message
    late = run("camara-171", "complaint", filed, answered, closed, ev("recusal_requested", "2027-01-10", by="party"),
               as_of="2027-01-10")  # fmt: skip
    assert 3 in pointed(late)


def test_mun_ini_01_mun_stu_02_the_notice_of_a_dismissal_left_out_is_pointed_at() -> None:
    """Found by ``VENTILA_PROPERTY_EXAMPLES=150 VENTILA_PROPERTY_SEED=8``: a dismissal recorded before the
    Mayor was notified is left out by the complaint's own order check (MUN-STU-02 points at it); the notice
    of that dismissal was in place by the generic preconditions (it follows a dismissal) yet changed nothing.
    The general check of acts that follow a flagged act sees the acts a kind's own check left out too."""
    result = run(
        "municipal",
        "complaint",
        ev("complaint_filed", "2027-01-04"),
        ev("dismissed", "2027-01-04"),
        ev("decision_notified", "2027-01-04"),
        as_of="2027-01-04",
    )
    assert pointed(result) == [1, 2]
    [finding] = [f for f in result.findings if f.id == "act_not_allowed" and f.data["event"] == 2]
    assert "sigue a «Querella desestimada sin vista» (lunes, 4 de enero de 2027)" in finding.message


def test_cam_09_08_a_denial_notice_meets_the_term_of_a_partys_request_and_is_a_record_otherwise() -> None:
    """Found by ``VENTILA_PROPERTY_EXAMPLES=400 VENTILA_PROPERTY_SEED=1``: the written notice of a recusal
    denied is owed when a party asked (CAM-09-08: 2 calendar days) and meets that term; after a member's own
    request denied it is owed by no rule and changes nothing — an act the spec declares ``standalone``, like
    the substitute asked of the Speaker (CAM-09-07)."""
    from ventila.rules.rulebooks import RULEBOOKS

    assert RULEBOOKS["camara-171"].kinds["complaint"].events["recusal_denial_notified"].standalone

    def notice_after(by: str) -> Any:
        return run(
            "camara-171",
            "complaint",
            ev("complaint_filed", "2027-01-06"),
            ev("recusal_requested", "2027-01-07", by=by),
            ev("recusal_decided", "2027-01-08", granted=False),
            ev("recusal_denial_notified", "2027-01-09"),
            as_of="2027-01-12",
        )

    # Fri 8 Jan 2027 + 2 calendar days = Sun 10 Jan, the offices closed: the term ends Mon 11 Jan; the notice
    # of Sat 9 Jan meets it.
    [term] = [d for d in notice_after("party").deadlines if d.id == "notify_recusal_denial"]
    assert (term.due_date.isoformat(), term.status, term.rule.id) == ("2027-01-11", "met", "CAM-09-08")
    assert not [d for d in notice_after("member").deadlines if d.id == "notify_recusal_denial"]


def test_mun_dlk_06_a_session_concluded_after_the_recommendations_is_pointed_at() -> None:
    """Found by ``VENTILA_PROPERTY_EXAMPLES=400 VENTILA_PROPERTY_SEED=7``: with the hearing's conclusion
    repeatable, one recorded after the recommendations moved the 15 days (¶36, MUN-DLK-06) past them and the
    recommendations changed nothing. A session concluded after the recommendations is out of place; the
    recommendations meet the term counted from the conclusion before them: Mon 4 Jan 2027 + 15 calendar days
    = Tue 19 Jan 2027."""
    result = run(
        "municipal",
        "deadlock",
        *HEARD,
        ev("recommendations_issued", "2027-01-04"),
        ev("hearing_concluded", "2027-01-05"),
        as_of="2027-01-05",
    )
    assert 5 in pointed(result)
    [term] = [d for d in result.deadlines if d.id == "recommendations"]
    assert (term.due_date.isoformat(), term.status, term.rule.id) == ("2027-01-19", "met", "MUN-DLK-06")


def test_mun_hea_02_a_hearing_noticed_anew_is_declared_repeatable() -> None:
    """Found by a run of the property test in another order (seed 3 × 400, a mutated docket): a short notice
    (hearing the same day, MUN-HEA-02 points at it) then the hearing noticed anew, in time, which changes no
    term. Like the deadlock's, the complaint's hearing notice is declared ``repeatable``; each notice is still
    checked: Sun 31 Jan 2027 + 15 calendar days = Mon 15 Feb 2027, the earliest hearing of the second."""
    from ventila.rules.rulebooks import RULEBOOKS

    assert RULEBOOKS["municipal"].kinds["complaint"].events["hearing_noticed"].repeatable
    result = run(
        "municipal",
        "complaint",
        ev("complaint_filed", "2027-01-05"),
        ev("respondent_notified", "2027-01-07"),
        ev("answer_filed", "2027-01-29"),
        ev("hearing_noticed", "2027-01-30", hearing_date="2027-01-30"),
        ev("hearing_noticed", "2027-01-31", hearing_date="2027-02-15"),
        as_of="2027-01-31",
    )
    short = [f.data["event"] for f in result.findings if f.id == "insufficient_hearing_notice"]
    assert short == [3] and result.stage == "hearing_scheduled"
