"""Issuing a document or docketing a service attempt takes the case row before the audit chain's
head — the order every act takes — so neither deadlocks against an act recorded on the same case at
the same moment (PostgreSQL row locks; on SQLite the database lock serialises the two, and the test
checks the same outcome)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connection, transaction
from factories import file_complaint, make_world, run_threads

from documents.helpers import deliver, draft_of
from ventila import clock
from ventila.audit import chain
from ventila.audit.models import ChainHead
from ventila.cases.db_triggers import purge_docket
from ventila.cases.models import Case
from ventila.documents import db_triggers as doc_triggers
from ventila.documents.actions import (
    attempt_delivery,
    do_issue_document,
)
from ventila.documents.models import Document


class _Rollback(Exception):
    pass


@pytest.fixture
def committed(transactional_db: Any, settings: Any, tmp_path: Any, now: Any) -> Iterator[Any]:
    settings.MEDIA_ROOT = tmp_path / "media"
    world = make_world()
    case = file_complaint(world)
    yield world, case
    clock.set_now(None)
    with transaction.atomic(), connection.cursor() as cur:  # the frozen tables refuse the flush's DELETE
        if connection.vendor == "sqlite":
            for sql in doc_triggers.drop_statements("sqlite"):
                cur.execute(sql)
            for table in ("documents_deliveryattempt", "documents_delivery", "documents_document"):
                cur.execute(f"DELETE FROM {table};")  # nosec B608  (constant names)
            for sql in doc_triggers.create_statements("sqlite"):
                cur.execute(sql)
    purge_docket(connection)  # on PostgreSQL a TRUNCATE … CASCADE that takes the documents along


def _against_an_act_on_the_same_case(case: Case, work: Callable[[], Any]) -> tuple[list[BaseException], Any]:
    """Run ``work`` while another transaction holds the case row as an act does, then takes the
    chain's head (as an act's docket entry does) and rolls back."""
    result: list[Any] = []
    held, started = threading.Event(), threading.Event()

    def act() -> None:
        try:
            with transaction.atomic():
                Case.objects.select_for_update(of=("self",)).get(pk=case.pk)
                held.set()
                started.wait(10)
                time.sleep(1.5)  # the other side gets as far as it can meanwhile
                ChainHead.objects.select_for_update().filter(pk=1).first()
                raise _Rollback
        except _Rollback:
            pass

    def other() -> None:
        held.wait(10)
        started.set()
        result.append(work())

    errors = run_threads(act, other, timeout=60)
    return errors, result[0] if result else None


def test_issuing_a_document_while_an_act_is_recorded_does_not_deadlock_CAM_21B_04(committed: Any) -> None:
    world, case = committed
    draft = draft_of(world, case, "notice_of_complaint")
    errors, doc = _against_an_act_on_the_same_case(
        case, lambda: do_issue_document(user=world.users["secretaria"], draft=draft)
    )
    assert errors == []
    assert case.entries.get(event_type="document_issued").payload["sha256"] == doc.sha256
    assert chain.verify(check_files=True).problems == []


def test_docketing_a_service_attempt_while_an_act_is_recorded_does_not_deadlock_CAM_21B_04(
    committed: Any, smtp: Any
) -> None:
    world, case = committed
    draft = draft_of(world, case, "notice_of_complaint")
    doc = do_issue_document(user=world.users["secretaria"], draft=draft)
    assert Document.objects.filter(pk=doc.pk).exists()
    party = case.parties.get(role="respondent")
    delivery = deliver(world, doc, "email_attachment", name=party.name, email="querellado@example.org")
    errors, attempt = _against_an_act_on_the_same_case(case, lambda: attempt_delivery(delivery))
    assert errors == []
    assert attempt.ok and len(smtp.messages) >= 1
    entry = case.entries.get(
        event_type="service_attempted", payload__delivery=delivery.pk, payload__attempt=attempt.delivery.attempts
    )
    assert entry.payload["message_id"] == attempt.message_id
    assert chain.verify(check_files=True).problems == []
