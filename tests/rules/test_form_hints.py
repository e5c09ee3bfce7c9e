"""The form hints of the rulebooks' event specs (issue 13, item 2): what the generic act and filing
forms show for a body and the cross-field checks the write path answers with field errors, computed
by hand. The web app reads only these; it no longer branches on a rulebook."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ventila.rules import RULEBOOKS, legal_calendar
from ventila.rules.engine import EventSpec, FormContext

CAMARA = RULEBOOKS["camara-171"]
MUNICIPAL = RULEBOOKS["municipal"]
NOTICE = dt.date(2027, 3, 1)  # a Monday; 2 March (Día de la Ciudadanía Americana) is a holiday


def _ctx(rulebook: Any, role: str, docket: tuple[str, ...] = (), *, filing: bool = False) -> FormContext:
    return FormContext(
        role,
        NOTICE,
        "complaint",
        docket,
        lambda: (legal_calendar(), rulebook.resolve_settings({})),
        filing,
    )


def _spec(rulebook: Any, event: str, kind: str = "complaint") -> EventSpec:
    return rulebook.kinds[kind].events[event]


def _hints(rulebook: Any, event: str, ctx: FormContext, kind: str = "complaint") -> Mapping[str, Any]:
    spec = _spec(rulebook, event, kind)
    assert spec.hints is not None
    return spec.hints(ctx)


def test_cam_21c_06_hearing_hint_names_the_earliest_initial_hearing_day() -> None:
    """10 business days after a notice on Mon 1 March 2027, 2 March a holiday: 3–5, 8–12, 15 and
    16 March → Tuesday 16 March."""
    hint = _hints(CAMARA, "hearing_noticed", _ctx(CAMARA, "representative"))["hearing_date"]
    assert hint.params == {
        "which": "inicial ",
        "day": dt.date(2027, 3, 16),
        "rule": "CAM-21C-06",
    }


def test_cam_21c_07_hearing_hint_for_a_later_hearing_counts_5_business_days() -> None:
    """A hearing already noticed: 5 business days, 3–5, 8 and 9 March → Tuesday 9 March."""
    ctx = _ctx(CAMARA, "representative", ("complaint_filed", "hearing_noticed"))
    hint = _hints(CAMARA, "hearing_noticed", ctx)["hearing_date"]
    assert hint.params == {"which": "", "day": dt.date(2027, 3, 9), "rule": "CAM-21C-07"}


def test_cam_21c_06_a_hearing_noticed_too_late_is_refused_on_its_date_field() -> None:
    """The write path's check: a hearing on Monday 15 March after a notice on 1 March is a day short."""
    spec = _spec(CAMARA, "hearing_noticed")
    assert spec.validate is not None
    ctx = _ctx(CAMARA, "representative")
    problems = spec.validate({"hearing_date": "2027-03-15T10:00"}, ctx)
    assert set(problems) == {"hearing_date"}
    assert problems["hearing_date"].params["earliest"] == dt.date(2027, 3, 16)
    assert problems["hearing_date"].params["rule"] == "CAM-21C-06"
    assert spec.validate({"hearing_date": "2027-03-16T10:00"}, ctx) == {}


def test_cam_21c_03_grounds_go_with_a_dismissal_not_with_probable_cause() -> None:
    spec = _spec(CAMARA, "determination_made")
    assert spec.validate is not None
    ctx = _ctx(CAMARA, "representative")
    assert set(spec.validate({"outcome": "probable_cause", "grounds": ["frivolous"]}, ctx)) == {"grounds"}
    assert spec.validate({"outcome": "probable_cause"}, ctx) == {}
    # A dismissal without grounds is the evaluator's finding (CAM-21C-03), not checked twice here.
    assert spec.validate({"outcome": "dismissed"}, ctx) == {}


def test_cam_26a_sanction_hints_offer_only_what_the_role_admits_and_a_fine_needs_its_sanction() -> None:
    spec = _spec(CAMARA, "sanction_decided")
    for role in ("representative", "department_head"):
        offered = _hints(CAMARA, "sanction_decided", _ctx(CAMARA, role))["sanctions"].choices
        assert offered == CAMARA.docket.final_report.sanctions_for(role)  # type: ignore[misc]
    assert "fine" in CAMARA.docket.final_report.sanctions_for("representative")  # type: ignore[misc]
    assert "fine" not in CAMARA.docket.final_report.sanctions_for("department_head")  # type: ignore[misc]
    assert spec.validate is not None
    ctx = _ctx(CAMARA, "representative")
    assert set(spec.validate({"sanctions": ["censure"], "fine_amount": 500.0}, ctx)) == {"fine_amount"}
    assert spec.validate({"sanctions": ["fine"], "fine_amount": 500.0}, ctx) == {}


def test_cam_25_04_report_hint_routes_a_representative_to_the_house_and_cam_25_06_a_head_to_the_speaker() -> None:
    assert _hints(CAMARA, "report_referred", _ctx(CAMARA, "representative"))["to"].initial == "house"
    assert _hints(CAMARA, "report_referred", _ctx(CAMARA, "department_head"))["to"].initial == "speaker"
    assert CAMARA.docket.final_report.to is not None and CAMARA.docket.final_report.to("employee") == "speaker"
    assert MUNICIPAL.docket.final_report.to is None


def test_cam_20_knowledge_date_is_required_when_staff_docket_a_complaint_not_on_a_correction() -> None:
    assert _hints(CAMARA, "complaint_filed", _ctx(CAMARA, "", filing=True))["knowledge_date"].required is True
    assert _hints(CAMARA, "complaint_filed", _ctx(CAMARA, "representative")) == {}


def test_mun_hea_02_hearing_hint_counts_15_days_from_the_notice() -> None:
    """Decision 7: notice day excluded, hearing day included: 1 March + 15 days → 16 March 2027."""
    hint = _hints(MUNICIPAL, "hearing_noticed", _ctx(MUNICIPAL, "mayor"))["hearing_date"]
    assert hint.params == {"day": dt.date(2027, 3, 16), "rule": "MUN-HEA-02"}


def test_mun_sus_13_a_stay_needs_the_court_order() -> None:
    hint = _hints(MUNICIPAL, "proceedings_suspended", _ctx(MUNICIPAL, "mayor"))["court_order"]
    assert hint.required is True and "¶28" in hint.required_message


def test_mun_stu_03_the_dismissal_resolution_s_written_contents_attest_its_flags() -> None:
    details = _spec(MUNICIPAL, "dismissed").details
    assert details["resolution_findings"].attests == ("facts_stated", "findings_made")
    assert details["resolution_conclusions"].attests == ("conclusions_of_law",)
    assert all(flag in _spec(MUNICIPAL, "dismissed").fields for d in details.values() for flag in d.attests)


def test_mun_filing_leaves_out_the_camara_s_sec_21a_requirements() -> None:
    for kind, first in (
        ("complaint", "complaint_filed"),
        ("suspension_proceeding", "special_proceeding_filed"),
        ("deadlock", "deadlock_reported"),
    ):
        hints = _hints(MUNICIPAL, first, _ctx(MUNICIPAL, "mayor", filing=True), kind)
        assert not any("Sec. 2" in (h.help or "") or "Sec. 2" in h.required_message for h in hints.values())
    # The House's Secs. 20–21(a) are its own filing hints (the generic staff form cites no body, issue 28).
    house = _hints(CAMARA, "complaint_filed", _ctx(CAMARA, "representative", filing=True), "complaint")
    assert house["complainant_name"].help == "Requerido (Sec. 20(7))." and house["facts"].help == "Sec. 21(a)(2)."
    assert _spec(MUNICIPAL, "complaint_filed").hide == ("personal_knowledge", "provisions")
    assert _spec(CAMARA, "complaint_filed").hide == ()


def test_mun_suc_02_an_imported_complaint_is_flagged_for_review() -> None:
    assert MUNICIPAL.kinds["complaint"].imported_payload == {"migrated": True}
    assert CAMARA.kinds["complaint"].imported_payload == {}


def test_each_body_names_the_register_roles_it_dockets_by_hand() -> None:
    assert MUNICIPAL.register.roles == ("mayor",)
    assert CAMARA.register.roles == ("representative", "officer", "department_head", "employee")
    assert CAMARA.case_page.candidate_mark and not MUNICIPAL.case_page.candidate_mark
    assert MUNICIPAL.case_page.warned_deadline == "decide" and CAMARA.case_page.warned_deadline == ""


def test_mun_die_02_the_per_diem_page_s_statement_from_plain_rows() -> None:
    """$75 for each meeting on official business (¶4): two of three meetings → $150, plus $42.50."""
    assert MUNICIPAL.pages.per_diem_statement is not None and CAMARA.pages.per_diem_statement is None
    meetings = [
        (dt.date(2027, 3, 2), "P", True, "Vista"),
        (dt.date(2027, 3, 9), "P", True, "Vista"),
        (dt.date(2027, 3, 10), "P", False, "Almuerzo"),
    ]
    expenses = [(dt.date(2027, 3, 9), "P", Decimal("42.50"), "Millaje")]
    statement = MUNICIPAL.pages.per_diem_statement(2027, 3, meetings, expenses, MUNICIPAL.resolve_settings({}))
    assert statement.per_diem_by_commissioner["P"] == Decimal("150")
    assert statement.total_by_commissioner["P"] == Decimal("192.50")
    assert MUNICIPAL.pages.per_diem_rule == "MUN-DIE-02" and "per_diem" in MUNICIPAL.pages.offered


def test_mun_com_04_the_composition_page_s_seat_check() -> None:
    seats = MUNICIPAL.pages.seats
    assert seats is not None and CAMARA.pages.seats is None
    assert (seats.count, seats.quorum) == (3, 2)
    assert [c.rule_id for c in seats.check_candidate("president", True, 3, False) if c.severity == "block"] == [
        "MUN-COM-04"
    ]
    assert seats.check_candidate("president", True, 5, False) == []
    # MUN-COM-05: took office Wed 13 January 2025; four years → the term ends on 13 January 2029.
    term = seats.term_of_office(took_office=dt.date(2025, 1, 13), on=dt.date(2027, 3, 1), settings={})
    assert term.nominal_end == dt.date(2029, 1, 13) and not term.holdover
