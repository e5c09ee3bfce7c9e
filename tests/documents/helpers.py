"""Small helpers shared by the documents tests."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader


@pytest.fixture(scope="session")
def signing_dir(tmp_path_factory: Any) -> Path:
    """This session's own throwaway CA and body certificates (P-256: made in milliseconds, once)."""
    return Path(tmp_path_factory.mktemp("signing"))


@pytest.fixture
def throwaway_ca(settings: Any, signing_dir: Path) -> Path:
    """Sign with the session's throwaway demo CA (issue 32); validation trusts it and nothing else."""
    settings.VENTILA_SIGNING_DIR = signing_dir
    settings.VENTILA_SIGNING_DEMO = True
    settings.VENTILA_SIGNING_BODIES = {}
    settings.VENTILA_SIGNING_TRUST_ROOTS = []
    return signing_dir


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF, read back with pypdf."""
    return [p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def issue(
    world: Any, case: Any, template: str, *, seq: int = 1, language: str = "es", edits: dict[str, str] | None = None
) -> Any:
    from ventila.documents.actions import do_issue_document, do_update_draft

    draft = draft_of(world, case, template, seq=seq, language=language)
    if edits:
        draft = do_update_draft(draft=draft, title=draft.title, texts=edits)
    return do_issue_document(user=world.users["secretaria"], draft=draft)


def deliver(
    world: Any,
    document: Any,
    method: str,
    *,
    role: str = "respondent",
    name: str = "Rafael Quiñones Ficticio",
    email: str | None = None,
    user: str = "secretaria",
    **options: Any,
) -> Any:
    """``document`` served on ``role`` by ``method``, ordered by ``user`` (``do_order_delivery``). ``email`` is
    rafael@example.org for an e-mail method and empty for any other, unless given."""
    from ventila.documents.actions import do_order_delivery

    if email is None:
        email = "rafael@example.org" if method.startswith("email") else ""
    return do_order_delivery(
        user=world.users[user], document=document, role=role, name=name, email=email, method=method, **options
    )


def draft_of(
    world: Any, case: Any, template: str = "notice_of_complaint", *, seq: int = 1, language: str = "es"
) -> Any:
    """A draft of ``template`` on the case's entry ``seq``, by the secretary."""
    from ventila.documents.actions import do_create_draft

    entry = case.entries.get(seq=seq)
    return do_create_draft(user=world.users["secretaria"], case=case, entry=entry, template=template, language=language)


MUNICIPAL = "secretaria_municipal"  # the municipal Commission's secretary, who records its acts


def municipal_hearing(world: Any, case: Any, now: Any) -> Any:
    """A complaint against a mayor notified on 3 March 2027, answered on 10 March and its public hearing noticed on
    15 March for 20 April 10:00 (recorded on 1 May); returns the notice's entry."""
    from factories import record

    now.set("2027-05-01 12:00")
    record(world, case, "respondent_notified", "2027-03-03", user=MUNICIPAL)
    record(world, case, "answer_filed", "2027-03-10", user=MUNICIPAL)
    notice = {"hearing_date": "2027-04-20T10:00", "public": True}
    return record(world, case, "hearing_noticed", "2027-03-15", user=MUNICIPAL, **notice)


def municipal_heard(world: Any, case: Any) -> Any:
    """The hearing concluded before a commissioner on 20 April 2027, and the commissioner's report filed on 30 April
    with its findings, evidence and conclusions; returns the report's entry."""
    from factories import record

    record(world, case, "hearing_concluded", "2027-04-20", user=MUNICIPAL, before="commissioner")
    return municipal_report(world, case)


def municipal_report(world: Any, case: Any) -> Any:
    """The commissioner's report filed on 30 April 2027 with its findings, evidence and conclusions."""
    from factories import record

    parts = dict.fromkeys(("findings_of_fact", "evidence_summary", "conclusions_of_law"), True)
    return record(world, case, "commissioner_report_filed", "2027-04-30", user=MUNICIPAL, **parts)


def municipal_decision(world: Any, case: Any) -> Any:
    """The municipal Commission's admonition of 10 May 2027 (misconduct not reckless), two for and one absent."""
    from factories import record

    members = world.municipal_members
    ballots = {members[0].pk: "yes", members[1].pk: "yes", members[2].pk: "absent"}
    decided = {"outcome": "admonition", "misconduct_not_reckless": True}
    return record(world, case, "decision_issued", "2027-05-10", user=MUNICIPAL, ballots=ballots, **decided)
