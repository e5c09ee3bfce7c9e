"""A third, fictitious body's rulebook, written for ``test_third_body.py`` only (issue 28, item 1): one
complaint kind with two terms (the respondent's answer, the body's decision), a voted decision and a
document. Nothing outside this file and its test names it."""

from __future__ import annotations

from enum import StrEnum

from ventila.rules.engine import (
    RULEBOOKS,
    Context,
    Docket,
    DocumentRules,
    EventSpec,
    FieldSpec,
    FinalAct,
    KindSpec,
    Public,
    Register,
    Rulebook,
    Setting,
    register_rulebook,
)
from ventila.rules.parts import Document, Outcome, Publication, PublishedAct, Statistics, Voting
from ventila.rules.rulebooks.common import RuleSet, with_record_only
from ventila.rules.vocabulary import Actor
from ventila.rules.votes import register_fixed_body

SLUG = "junta-ficticia"


class Stage(StrEnum):
    NEW = "new"
    AWAITING_REPLY = "awaiting_reply_tf"
    AWAITING_RULING = "awaiting_ruling_tf"
    RULED = "ruled_tf"


class Term(StrEnum):
    REPLY = "reply_tf"
    RULING = "ruling_tf"


R = RuleSet()
R.add("JF-1-01", "DEADLINE", "Art. 1", "contestará en diez días", "La parte querellada contesta en 10 días.",
      term=(10, "calendar_days"))  # fmt: skip
R.add("JF-2-01", "DEADLINE", "Art. 2", "resolverá en treinta días", "La Junta resuelve en 30 días desde la contestación.",
      term=(30, "calendar_days"))  # fmt: skip
R.add("JF-3-01", "VOTE", "Art. 3", "por mayoría de sus miembros", "La Junta resuelve por mayoría de sus miembros.")
R.add("JF-4-01", "RECORD", "Art. 4", "se notificará la resolución", "La resolución se notifica a las partes.")

EVENTS = {
    e.type: e
    for e in (
        EventSpec("complaint_filed", "Queja presentada", {"knowledge_date": FieldSpec("date", any_year=True)}),
        EventSpec("reply_filed_tf", "Contestación recibida"),
        EventSpec(
            "ruling_tf",
            "Resolución de la Junta",
            {
                "outcome": FieldSpec("choice", required=True, choices=("upheld", "dismissed")),
                "yes_votes": FieldSpec("int"),
            },
        ),  # fmt: skip
    )
}


def evaluate(ctx: Context) -> None:
    filed, reply, ruling = ctx.first("complaint_filed"), ctx.first("reply_filed_tf"), ctx.first("ruling_tf")
    if filed is None:
        ctx.stage, ctx.allowed_next = Stage.NEW, ["complaint_filed"]
        return
    ctx.add_deadline(Term.REPLY, "JF-1-01", filed, satisfied=reply)
    if reply is None:
        ctx.stage, ctx.allowed_next = Stage.AWAITING_REPLY, ["reply_filed_tf", "ruling_tf"]
        return
    ctx.add_deadline(Term.RULING, "JF-2-01", reply, satisfied=ruling)
    if ruling is None:
        ctx.stage, ctx.allowed_next = Stage.AWAITING_RULING, ["ruling_tf"]
        return
    ctx.stage, ctx.allowed_next = Stage.RULED, []


KIND = KindSpec(
    id="complaint",
    title="Queja ante la Junta",
    events=EVENTS,
    evaluate=evaluate,
    filing_act="complaint_filed",
    deadline_ids=tuple(Term),
    stages=Stage,
    deadlines=Term,
    actors={Term.REPLY: Actor.RESPONDENT, Term.RULING: Actor.COMMISSION},
    closed_stages=(Stage.RULED,),
    final_stages=(Stage.RULED,),
    final_acts=(FinalAct("ruling_tf", "JF-4-01"),),
    final_rule="JF-4-01",
    opening=("complaint_filed",),
)

RULEBOOK = Rulebook(
    id=SLUG,
    title="Reglamento de la Junta Ficticia",
    body="Junta Ficticia de Ética",
    rules=R.rules,
    kinds=with_record_only({"complaint": KIND}),
    settings={
        "votes_required": Setting("votes_required", 2, (1, 2, 3), "Art. 3", "Votos a favor que un acto requiere.")
    },
    elections=(),
    docket=Docket(voting=Voting(acts={"ruling_tf": "JF-3-01"})),
    register=Register(roles=("representative",)),
    public=Public(
        record=Publication(acts={"ruling_tf": PublishedAct("Resolución de la Junta", ("outcome",))}),
        statistics=Statistics(
            received=("complaint_filed",),
            determined=("ruling_tf",),
            resolved=("ruling_tf",),
            dismissal=Outcome("ruling_tf", "outcome", "dismissed"),
        ),
    ),
    documents=DocumentRules(
        catalogue=(
            Document(
                key="jf_ruling",
                title="Resolución de la Junta",
                events=("ruling_tf",),
                rule_id="JF-4-01",
                recipients=("respondent", "complainant"),
                text={
                    "es": "@@ body | Resolución\nLa Junta resolvió el caso {{ case.number }}.\n",
                    "en": "@@ body | Ruling\nThe Board ruled on case {{ case.number }}.\n",
                },
            ),
        )
    ),
)


def register() -> Rulebook:
    """Register the rulebook (once per process): what a body's package does at import."""
    if SLUG not in RULEBOOKS:
        register_rulebook(RULEBOOK)
        register_fixed_body(SLUG, seats=3, quorum=2)
    return RULEBOOKS[SLUG]
