"""Issue 28, item 1: a third body runs end to end by writing only its rulebook. The fictitious Junta's
rulebook (``third_body.py``: one complaint kind, two terms, a voted ruling, a document) is registered by
this test; the app — opening a case, recording acts, the queue, the case page, a document, the
statistics, the public record and the API — reads it like any other (README, «Adding a body»)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from factories import at, make_person, make_seated_body, make_user

from procedures import third_body
from ventila.accounts.models import RoleGrant
from ventila.api.tokens import do_create_client, do_issue_token
from ventila.cases.actions import ActInput, do_file_case, do_record_act
from ventila.cases.models import Case
from ventila.documents.actions import do_create_draft, do_issue_document
from ventila.documents.publication import public_matter
from ventila.rules.engine import RULEBOOKS
from ventila.rules.votes import FIXED_BODIES
from ventila.search.models import PublishedMatter
from ventila.stats import queries


@pytest.fixture
def junta(db: Any, now: Any) -> Iterator[dict[str, Any]]:
    third_body.register()
    body, members = make_seated_body(
        ["president", "member", "member"],
        "Vocal",
        "Junta Ficticia",
        slug="junta-ficticia",
        name="Junta Ficticia de Ética",
        short_name="Junta Ficticia",
        rulebook=third_body.SLUG,
        case_prefix="JF",
    )
    secretary = make_user("secretaria_junta", grants=((body, RoleGrant.Role.SECRETARY),))
    respondent = make_person("Teresa", "Quintero Modelo", title="Representante del Distrito 7")
    yield {"body": body, "members": members, "secretary": secretary, "respondent": respondent}
    RULEBOOKS.pop(third_body.SLUG, None)  # no other test sees the fictitious body
    FIXED_BODIES.pop(third_body.SLUG, None)


def _act(event: str, when: str, **payload: Any) -> ActInput:
    return ActInput(event, at(when), True, payload, {})


def test_a_third_body_runs_end_to_end_from_its_rulebook_alone(client: Any, junta: dict[str, Any], now: Any) -> None:
    body, secretary = junta["body"], junta["secretary"]
    now.set("2027-03-05 12:00")
    # Open a case and record its acts: the terms are the rulebook's.
    case = do_file_case(
        user=secretary,
        body=body,
        kind="complaint",
        respondent=junta["respondent"],
        respondent_role="representative",
        respondent_office="Representante del Distrito 7",
        complainant={"name": "Ana Ejemplo Ficticia"},
        act=ActInput(
            "complaint_filed", at("2027-03-01 10:00"), True, {"knowledge_date": "2027-02-20"}, {"facts": "Hechos."}
        ),
    )
    assert case.number.startswith("JF-") and case.stage == third_body.Stage.AWAITING_REPLY
    assert case.deadlines.get(deadline_id=third_body.Term.REPLY).due == dt.date(2027, 3, 11)

    client.force_login(secretary)
    queue = client.get("/expedientes/")
    assert queue.status_code == 200 and case.number in queue.content.decode()
    page = client.get(f"/expedientes/{case.number}/")
    assert page.status_code == 200 and "Queja presentada" in page.content.decode()

    now.set("2027-03-20 12:00")
    do_record_act(user=secretary, case=case, act=_act("reply_filed_tf", "2027-03-08 09:00"))
    ballots = {m.pk: "yes" for m in junta["members"]}
    ruling = do_record_act(
        user=secretary,
        case=case,
        act=ActInput("ruling_tf", at("2027-03-20 10:00"), True, {"outcome": "dismissed"}, {}, ballots=ballots),
    )
    case.refresh_from_db()
    assert case.stage == third_body.Stage.RULED and case.status == case.Status.CLOSED

    # Its document: the rulebook's own text, issued.
    draft = do_create_draft(user=secretary, case=case, entry=ruling, template="jf_ruling")
    document = do_issue_document(user=secretary, draft=draft)
    assert document.title == "Resolución de la Junta"
    assert client.get(f"/expedientes/{case.number}/").status_code == 200

    # Statistics, the public record and the API.
    stats = queries.compute(body, queries.Period.year(2027))
    assert stats.to_resolution["n"] == 1 and stats.dismissals == [{"value": "", "n": 1}]
    matter = public_matter(Case.objects.get(pk=case.pk))
    assert matter.publishable and matter.items[0].title == "Resolución de la Junta"
    assert PublishedMatter.objects.filter(case_id=case.pk).exists()  # the public record's stored row
    public = client.get("/registro-publico/junta-ficticia/")
    assert public.status_code == 200 and case.number in public.content.decode()

    api_client = do_create_client(user=secretary, name="Junta", role="commission", body=body)
    secret = do_issue_token(user=secretary, client=api_client, label="todo", scopes=["deadlines"])[1]
    scenario = {
        "rulebook": third_body.SLUG,
        "kind": "complaint",
        "events": [{"type": "complaint_filed", "at": "2027-03-01"}],
    }
    answer = client.post(
        "/api/v1/deadlines", scenario, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {secret}"
    )
    assert answer.status_code == 200, answer.content
    assert [(d["id"], d["due"]) for d in answer.json()["deadlines"]] == [(third_body.Term.REPLY, "2027-03-11")]
