"""Whose move each open term is, and the act the rulebook offers next (issue 15).

Every deadline of every kind declares who must act before it ends (``KindSpec.actors``); the acts
that meet the body's own terms (``EventSpec.meets``) and the acts another's expired term lets the
body take (``EventSpec.on_expiry``) are declared on the event specs. These tests hold the
declarations complete and check them against the evaluators: the act suggested is one the rulebook
allows at that point of the docket.
"""

from __future__ import annotations

from typing import Any

import pytest
from rule_input import case, ev

from ventila.rules import evaluate
from ventila.rules.engine import EventSpec, KindSpec
from ventila.rules.rulebooks import RULEBOOKS
from ventila.rules.vocabulary import ACTOR_ES, Actor, ComplaintDeadline, ComplaintStage

KINDS = [(rb.id, kind) for rb in RULEBOOKS.values() for kind in rb.kinds.values()]


def camara(*events: dict[str, Any], as_of: str) -> Any:
    return evaluate(
        case(
            "camara-171",
            "complaint",
            ev("complaint_filed", "2027-03-01T10:00", knowledge_date="2027-02-20"),
            *events,
            as_of=as_of,
            respondent={"role": "representative", "candidate": False},
        )
    )


MUN_FILED = ev("complaint_filed", "2027-01-20", complainant_kind="citizen", sworn=True, evidence_attached=True)


def municipal(*events: dict[str, Any], as_of: str) -> Any:
    return evaluate(case("municipal", "complaint", MUN_FILED, *events, as_of=as_of))


def open_terms(evaluation: Any) -> list[tuple[str, bool]]:
    """The evaluation's unmet terms, nearest first, each with whether it ran out (as the web app
    reads its stored rows)."""
    terms = sorted((d for d in evaluation.deadlines if d.satisfied_at is None), key=lambda d: d.due_date)
    return [(d.id, d.status == "missed") for d in terms]


def kind_of(rulebook: str, kind: str) -> KindSpec:
    return RULEBOOKS[rulebook].kinds[kind]


# --- the declarations are complete ------------------------------------------------------------


@pytest.mark.parametrize(("rulebook", "kind"), KINDS, ids=[f"{r}:{k.id}" for r, k in KINDS])
def test_every_deadline_of_every_kind_declares_whose_move(rulebook: str, kind: KindSpec) -> None:
    assert kind.deadlines is not None
    for deadline_id in kind.deadlines:
        actor = kind.actors.get(deadline_id)
        assert isinstance(actor, Actor), f"{rulebook} {kind.id}: {deadline_id} has no declared actor"
        assert ACTOR_ES[actor][:1].isupper()
    # Each of the body's own terms has an act that meets it (the act the page suggests).
    for deadline_id, actor in kind.actors.items():
        if actor.is_body:
            assert kind.move(deadline_id, expired=False).acts, f"{rulebook} {kind.id}: nothing meets {deadline_id}"


@pytest.mark.parametrize(("rulebook", "kind"), KINDS, ids=[f"{r}:{k.id}" for r, k in KINDS])
def test_every_act_says_when_it_applies(rulebook: str, kind: KindSpec) -> None:
    for spec in kind.events.values():
        if not spec.record_only:
            assert spec.when.endswith(".") and spec.when[:1].isupper(), (rulebook, kind.id, spec.type)
            assert len(spec.when) <= 140, (spec.type, len(spec.when))  # one line on a page


def test_a_kind_with_a_deadline_nobody_must_meet_is_refused() -> None:
    with pytest.raises(TypeError, match="whose move each deadline is"):
        KindSpec(
            "x",
            "X",
            {},
            lambda ctx: None,
            stages=ComplaintStage,
            deadlines=ComplaintDeadline,
            actors={"answer": Actor.RESPONDENT},
        )


def test_an_act_meeting_a_deadline_outside_the_kind_is_refused() -> None:
    actors = dict.fromkeys(ComplaintDeadline, Actor.COMMISSION)
    with pytest.raises(TypeError, match="names deadlines outside the kind"):
        KindSpec(
            "x",
            "X",
            {"decided": EventSpec("decided", "Decidido", meets=("decidir",))},
            lambda ctx: None,
            stages=ComplaintStage,
            deadlines=ComplaintDeadline,
            actors=actors,
        )


# --- camara-171 -----------------------------------------------------------------------------------


def test_cam_21b_02_answer_term_running_is_the_respondents_move_and_nothing_is_suggested() -> None:
    # Notified Wed 3 Mar 2027: 15 business days end Thu 25 Mar (Mar 22 holiday) — still running on the 10th.
    e = camara(ev("respondent_notified", "2027-03-03"), as_of="2027-03-10")
    kind = kind_of("camara-171", "complaint")
    move = kind.move("answer", expired=False)
    assert move.actor is Actor.RESPONDENT and not move.body_acts and move.acts == ()
    assert e.deadline("answer").status == "open"
    assert kind.next_act(open_terms(e), e.allowed_next) is None


def test_cam_21b_02_answer_term_expired_suggests_the_default_the_rulebook_allows() -> None:
    e = camara(ev("respondent_notified", "2027-03-03"), as_of="2027-04-15")
    assert e.deadline("answer").status == "missed"
    kind = kind_of("camara-171", "complaint")
    move = kind.move("answer", expired=True)
    assert move.actor is Actor.RESPONDENT and move.body_acts
    assert move.acts == ("default_declared", "determination_made")
    suggestion = kind.next_act(open_terms(e), e.allowed_next)
    assert suggestion is not None
    assert suggestion[1] == "default_declared" and suggestion[0].deadline_id == "answer"
    assert "default_declared" in e.allowed_next


def test_cam_21c_01_examination_is_the_commissions_move_met_by_the_determination() -> None:
    e = camara(ev("respondent_notified", "2027-03-03"), ev("answer_filed", "2027-03-15"), as_of="2027-03-16")
    kind = kind_of("camara-171", "complaint")
    assert kind.actors["examine"] is Actor.COMMISSION
    suggestion = kind.next_act(open_terms(e), e.allowed_next)
    assert suggestion is not None
    move, act = suggestion
    assert (move.deadline_id, act, move.body_acts) == ("examine", "determination_made", True)


def test_cam_21b_01_notice_is_the_commissions_move_met_by_the_notification() -> None:
    e = camara(as_of="2027-03-02")
    suggestion = kind_of("camara-171", "complaint").next_act(open_terms(e), e.allowed_next)
    assert suggestion is not None and suggestion[1] == "respondent_notified"
    assert suggestion[0].actor is Actor.COMMISSION


def test_cam_27_01_house_rejection_window_is_the_houses_move() -> None:
    kind = kind_of("camara-171", "regulation")
    move = kind.move("house_rejection_window", expired=True)
    assert move.actor is Actor.HOUSE and not move.body_acts


# --- municipal ----------------------------------------------------------------------------------


def test_mun_ans_01_answer_term_expired_lets_the_commission_study_without_the_answer() -> None:
    # Notified Mon 5 Apr 2027: 15 days end Tue 20 Apr; no answer by 3 May.
    e = municipal(ev("respondent_notified", "2027-04-05", certified_copy=True), as_of="2027-05-03")
    kind = kind_of("municipal", "complaint")
    assert e.deadline("answer").status == "missed"
    move = kind.move("answer", expired=True)
    assert move.actor is Actor.RESPONDENT and move.acts == ("dismissed", "hearing_noticed")
    suggestion = kind.next_act(open_terms(e), e.allowed_next)
    assert suggestion is not None and suggestion[1] in ("dismissed", "hearing_noticed")
    assert suggestion[1] in e.allowed_next


def test_mun_dec_04_decision_term_expired_suggests_the_dismissal_with_prejudice() -> None:
    e = municipal(
        ev("respondent_notified", "2027-04-05", certified_copy=True),
        ev("answer_filed", "2027-04-20"),
        ev("hearing_noticed", "2027-05-03", hearing_date="2027-05-18"),
        ev("hearing_concluded", "2027-07-12", before="full"),
        as_of="2027-08-10",
    )
    assert e.deadline("decide").status == "missed"
    suggestion = kind_of("municipal", "complaint").next_act(open_terms(e), e.allowed_next)
    assert suggestion is not None
    assert (suggestion[0].deadline_id, suggestion[1]) == ("decide", "dismissed_with_prejudice")


def test_mun_rep_01_commissioner_report_is_the_bodys_own_move() -> None:
    kind = kind_of("municipal", "complaint")
    move = kind.move("commissioner_report", expired=False)
    assert move.actor is Actor.COMMISSIONER and move.body_acts and move.acts == ("commissioner_report_filed",)


def test_mun_sus_03_court_decision_is_the_courts_move_even_when_late() -> None:
    move = kind_of("municipal", "suspension_proceeding").move("court_decision", expired=True)
    assert move.actor is Actor.COURT and not move.body_acts and move.acts == ()


def test_mun_dlk_03_referral_is_the_governors_move() -> None:
    kind = kind_of("municipal", "deadlock")
    assert kind.actors["refer_to_commission"] is Actor.GOVERNOR
    assert kind.actors["deliver_documents"] is Actor.DEPARTMENTS
    assert kind.move("recommendations", expired=False).acts == ("recommendations_issued",)


# --- the declarations agree with the evaluators ---------------------------------------------------


def test_a_met_term_of_the_body_was_met_by_an_act_declared_to_meet_it() -> None:
    """600 random dockets (bench/differential.py): whenever one of the body's own terms is met, the act
    that met it is among the acts its kind declares for it (the acts the page would have suggested)."""
    from test_vocabulary import _differential  # the shared random walks

    seen = 0
    for scenario in _differential().walks(seed=29, dockets=600):
        e = evaluate(scenario)
        kind = RULEBOOKS[e.rulebook].kinds[e.kind]
        for d in e.deadlines:
            if d.satisfied_by and kind.actors[d.id].is_body:
                # An act its expiry allows may end it too (MUN-DEC-04: the dismissal with prejudice).
                declared = kind.move(d.id, expired=False).acts + kind.move(d.id, expired=True).acts
                assert d.satisfied_by in declared, (e.kind, d.id, d.satisfied_by)
                seen += 1
    assert seen > 50
