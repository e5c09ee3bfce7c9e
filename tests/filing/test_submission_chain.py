"""The public submission's audit chain (issue 14, item 6): the case, its parties, its first docket
entry (with the evidence) and the filing record are chained under one lock of the chain's head, their
digests taken from what was inserted — and equal to the digests of the rows read back, so that
``ventila audit verify`` passes."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from filing.helpers import PDF, camara_steps, walk
from ventila.audit import chain, state
from ventila.audit.models import ChainLink, StateRecord
from ventila.bodies.models import Closure
from ventila.cases.models import Case, DocketEntry, Party
from ventila.documents.models import SignedFile
from ventila.filing.models import Filing
from ventila.filing.services import online_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("local_mail_and_media")]

BODY = "etica-camara"


def _head_statements(queries) -> tuple[int, int]:
    sql = [q["sql"] for q in queries.captured_queries if "audit_chainhead" in q["sql"]]
    locks = [s for s in sql if s.lstrip().upper().startswith("SELECT")]
    moves = [s for s in sql if s.lstrip().upper().startswith("UPDATE")]
    assert len(locks) + len(moves) == len(sql), sql
    return len(locks), len(moves)


def test_a_public_filing_takes_and_moves_the_chain_head_once_and_verifies(world, client):
    steps = camara_steps(world, files=(("uno.pdf", PDF), ("dos.pdf", PDF + b"2")))
    walk(client, BODY, steps[:-1])
    online_user()  # the account that records online filings, made (and versioned: issue 26) at the first one
    before = ChainLink.objects.count()
    with CaptureQueriesContext(connection) as queries:
        walk(client, BODY, steps[-1:])
    # The filing's transaction takes and moves the head once; the receipt e-mailed after it commits is an
    # issued file of its own (signed, its hash recorded for /verificar/ and chained, issue 32): once more.
    assert _head_statements(queries) == (2, 2)
    case = Case.objects.get()
    assert SignedFile.objects.filter(case=case, kind="filing_receipt").count() == 1
    entry = DocketEntry.objects.get(case=case)
    assert entry.attachments.count() == 2
    parties = list(Party.objects.filter(case=case))
    filing = Filing.objects.get(case=case)
    links = list(ChainLink.objects.filter(seq__gt=before).order_by("seq"))
    # The entry, then one version each of the case, its two parties and the filing; then the receipt.
    assert [link.kind for link in links] == ["docket_entry"] + ["state"] * 4 + ["documents.SignedFile"]
    links = links[:-1]
    assert links[0].object_id == str(entry.pk)
    versions = StateRecord.objects.filter(pk__in=[int(link.object_id) for link in links[1:]])
    assert sorted((v.kind, v.object_id, v.version) for v in versions) == sorted(
        [("cases.Case", str(case.pk), 1), ("filing.Filing", str(filing.pk), 1)]
        + [("cases.Party", str(p.pk), 1) for p in parties]
    )
    # The digests taken from what was inserted are those of the rows as stored.
    for link in links:
        obj = entry if link.kind == "docket_entry" else StateRecord.objects.get(pk=link.object_id)
        assert link.content_hash == chain.prepare(link.kind, obj).content_hash
    assert Case.objects.get().number == case.number and case.sequence == 1
    result = chain.verify()
    assert result.ok, [str(p) for p in result.problems]


def test_a_deferred_block_numbers_versions_and_moves_the_head_once(world):
    closure = Closure.objects.create(body=world.camara, day=dt.date(2027, 3, 1), reason="Receso")
    assert StateRecord.objects.filter(kind="bodies.Closure", object_id=str(closure.pk)).count() == 1
    with CaptureQueriesContext(connection) as queries, state.deferred():
        closure.reason = "Receso legislativo"
        closure.save()
        closure.reason = "Receso legislativo de marzo"
        closure.save()  # the same row twice in the block: one version, the last
        other = Closure.objects.create(body=world.camara, day=dt.date(2027, 3, 2), reason="Receso")
    assert _head_statements(queries) == (1, 1)
    versions = {
        (v.object_id, v.version): v.content["reason"] for v in StateRecord.objects.filter(kind="bodies.Closure")
    }
    assert versions == {
        (str(closure.pk), 1): "Receso",
        (str(closure.pk), 2): "Receso legislativo de marzo",
        (str(other.pk), 1): "Receso",
    }
    # Saving again what the latest version already says writes nothing.
    with CaptureQueriesContext(connection) as queries, state.deferred():
        closure.save()
    assert _head_statements(queries) == (1, 0)
    assert StateRecord.objects.filter(kind="bodies.Closure").count() == 3
    result = chain.verify()
    assert result.ok, [str(p) for p in result.problems]
