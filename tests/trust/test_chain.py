"""The tamper-evident record: docket entries, attachments, votes and access logs are chained by hash,
and ``ventila audit verify`` catches every change made behind the app's back (raw SQL with the
append-only triggers switched off, as an attacker with database access would), naming the first
link that does not match."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.test import Client
from factories import file_complaint
from web.helpers import recuse, summon_witness

from ventila.audit import chain
from ventila.audit.models import AccessLog, ChainHead, ChainLink
from ventila.cases.models import Attachment, DocketEntry

pytestmark = pytest.mark.django_db

TRIGGERED = ("cases_docketentry", "cases_attachment", "cases_rollcall", "cases_ballot")


def raw(sql: str, params: list | None = None) -> None:
    """Run SQL behind the app's back, with the docket's append-only triggers switched off."""
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            cur.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no pending events: ALTER TABLE needs none
        for table in TRIGGERED:
            if connection.vendor == "sqlite":
                cur.execute(f"DROP TRIGGER IF EXISTS {table}_no_update")
                cur.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
            else:
                cur.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only")
        cur.execute(sql, params or [])
        if connection.vendor == "postgresql":
            for table in TRIGGERED:
                cur.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_append_only")


def json_param() -> str:
    return "%s::jsonb" if connection.vendor == "postgresql" else "%s"


@pytest.fixture
def docket(world, now, settings, tmp_path):
    """A case with plain entries, a voted act (roll call + ballots), an attachment, and views logged."""
    settings.MEDIA_ROOT = tmp_path / "media"
    case = file_complaint(world)
    now.set("2027-03-02 12:00")
    voted = recuse(world, case, world.members[3])
    filed = summon_witness(world, case, now, witness="Testigo Ficticio")
    client = Client()
    client.force_login(world.users["presidente"])
    assert client.get(f"/expedientes/{case.number}/").status_code == 200
    att = Attachment.objects.get(entry=filed)
    client.force_login(world.users["secretaria"])
    assert client.get(f"/expedientes/{case.number}/anejos/{att.pk}/").status_code == 200
    assert chain.verify().ok, chain.verify().problems
    return {"case": case, "voted": voted, "filed": filed, "att": att, "world": world}


def link_of(kind: str, pk) -> ChainLink:
    return ChainLink.objects.get(kind=kind, object_id=str(pk))


def test_every_docket_entry_and_access_is_chained_in_order(docket):
    entries = list(DocketEntry.objects.order_by("pk"))
    links = list(ChainLink.objects.order_by("seq"))
    assert [link.seq for link in links] == list(range(1, len(links) + 1))
    assert {link.object_id for link in links if link.kind == "docket_entry"} == {str(e.pk) for e in entries}
    assert links[0].prev_hash == "0" * 64
    assert all(b.prev_hash == a.hash for a, b in zip(links, links[1:], strict=False))
    assert ChainHead.objects.get().seq == links[-1].seq and ChainHead.objects.get().hash == links[-1].hash


def test_views_of_a_confidential_case_are_logged_who_what_when(docket, world):
    case = docket["case"]
    logs = list(
        AccessLog.objects.order_by("pk").values_list(
            "username", "object_kind", "object_ref", "action", "granted", "confidential"
        )
    )
    assert ("presidente", "case", case.number, "view", True, True) in logs
    assert ("secretaria", "attachment", str(docket["att"].pk), "download", True, True) in logs
    # An outsider fishing for a case number is refused (404) and the attempt is logged too.
    c = Client()
    c.force_login(world.users["ajeno"])
    assert c.get(f"/expedientes/{case.number}/").status_code == 404
    row = AccessLog.objects.latest("pk")
    assert (row.username, row.object_ref, row.granted) == ("ajeno", case.number, False)
    # Chained in the case's own access chain (docs/decisions.md, «Access log: per-case chains»), after the case's earlier accesses.
    assert row.at is not None and row.chain.key == case.number and row.chain_seq == row.chain.seq
    assert row.prev_hash == AccessLog.objects.get(chain=row.chain, chain_seq=row.chain_seq - 1).hash
    assert not ChainLink.objects.filter(kind="access", object_id=str(row.pk)).exists()
    # The case's chain itself is a link of the main chain, written once, on its first access.
    assert ChainLink.objects.filter(kind="access_chain", object_id=str(row.chain_id)).count() == 1


def _payload(d):
    e = DocketEntry.objects.get(case=d["case"], seq=1)
    raw(
        f"UPDATE cases_docketentry SET payload = {json_param()} WHERE id = %s",
        [json.dumps({**e.payload, "knowledge_date": "2027-02-28"}), e.pk],
    )
    return link_of("docket_entry", e.pk).seq


def _occurred(d):
    e = DocketEntry.objects.get(case=d["case"], seq=2)
    raw(
        "UPDATE cases_docketentry SET occurred_at = %s WHERE id = %s",
        [e.occurred_at.replace(day=e.occurred_at.day - 1), e.pk],
    )
    return link_of("docket_entry", e.pk).seq


def _note(d):
    e = DocketEntry.objects.get(case=d["case"], seq=1)
    raw("UPDATE cases_docketentry SET note = %s WHERE id = %s", ["nota añadida después", e.pk])
    return link_of("docket_entry", e.pk).seq


def _attachment_row(d):
    raw("UPDATE cases_attachment SET sha256 = %s WHERE id = %s", ["f" * 64, d["att"].pk])
    return link_of("docket_entry", d["filed"].pk).seq


def _attachment_file(d):
    Path(d["att"].file.path).write_bytes(b"Citacion alterada")
    return None  # a file check, not a link


def _ballot(d):
    raw("UPDATE cases_ballot SET vote = 'no' WHERE id = (SELECT MIN(id) FROM cases_ballot)")
    return link_of("docket_entry", d["voted"].pk).seq


def _roll_call(d):
    raw("UPDATE cases_rollcall SET yes = yes - 1, no = no + 1")
    return link_of("docket_entry", d["voted"].pk).seq


def _entry_deleted(d):
    e = d["filed"]
    raw("DELETE FROM cases_attachment WHERE entry_id = %s", [e.pk])
    raw("DELETE FROM cases_docketentry WHERE id = %s", [e.pk])
    return link_of("docket_entry", e.pk).seq


def _entry_inserted(d):
    e = DocketEntry.objects.get(case=d["case"], seq=1)
    raw(
        "INSERT INTO cases_docketentry (case_id, seq, event_type, occurred_at, has_time, payload, details, note, "
        "recorded_by_id, recorded_at) SELECT case_id, 99, 'answer_filed', occurred_at, has_time, payload, details, "
        "note, recorded_by_id, recorded_at FROM cases_docketentry WHERE id = %s",
        [e.pk],
    )
    return None  # outside the chain


def _link_content_hash(d):
    link = link_of("docket_entry", d["voted"].pk)
    raw("UPDATE audit_chainlink SET content_hash = %s WHERE id = %s", ["0" * 64, link.pk])
    return link.seq


def _link_hash(d):
    link = link_of("docket_entry", DocketEntry.objects.get(case=d["case"], seq=1).pk)
    raw("UPDATE audit_chainlink SET hash = %s WHERE id = %s", [hashlib.sha256(b"x").hexdigest(), link.pk])
    return link.seq


def _link_deleted(d):
    link = link_of("docket_entry", DocketEntry.objects.get(case=d["case"], seq=2).pk)
    raw("DELETE FROM audit_chainlink WHERE id = %s", [link.pk])
    return link.seq + 1  # the next link reports the gap


def _access_row(d):
    row = AccessLog.objects.filter(username="presidente").first()
    raw("UPDATE audit_accesslog SET username = %s WHERE id = %s", ["otra-persona", row.pk])
    return None  # an access row is in its case's chain, outside the main one


def _access_deleted(d):
    row = AccessLog.objects.filter(chain_seq=1).first()
    raw("DELETE FROM audit_accesslog WHERE id = %s", [row.pk])
    return None


def _last_access_deleted(d):
    row = AccessLog.objects.filter(object_kind="attachment").first()
    assert row.chain_seq == row.chain.seq  # the last access of the case: only the chain's head tells
    raw("DELETE FROM audit_accesslog WHERE id = %s", [row.pk])
    return None


def _access_reordered(d):
    first, second = AccessLog.objects.filter(chain__key=d["case"].number).order_by("chain_seq")[:2]
    raw("UPDATE audit_accesslog SET chain_seq = 999 WHERE id = %s", [first.pk])
    raw("UPDATE audit_accesslog SET chain_seq = %s WHERE id = %s", [first.chain_seq, second.pk])
    raw("UPDATE audit_accesslog SET chain_seq = %s WHERE id = %s", [second.chain_seq, first.pk])
    return None


def _access_chain_removed(d):
    """Every access of the case and its chain's head deleted: the main chain's link to it remains."""
    chained = AccessLog.objects.filter(chain__key=d["case"].number).first().chain
    raw("DELETE FROM audit_accesslog WHERE chain_id = %s", [chained.pk])
    raw("DELETE FROM audit_accesschain WHERE id = %s", [chained.pk])
    return link_of("access_chain", chained.pk).seq


TAMPERING = [
    pytest.param(_payload, id="docket entry payload rewritten"),
    pytest.param(_occurred, id="docket entry date moved a day"),
    pytest.param(_note, id="docket entry note added"),
    pytest.param(_attachment_row, id="attachment fingerprint row changed"),
    pytest.param(_attachment_file, id="attachment file bytes changed on disk"),
    pytest.param(_ballot, id="a member's vote changed"),
    pytest.param(_roll_call, id="roll call count changed"),
    pytest.param(_entry_deleted, id="docket entry deleted"),
    pytest.param(_entry_inserted, id="docket entry inserted behind the app"),
    pytest.param(_link_content_hash, id="chain link content digest changed"),
    pytest.param(_link_hash, id="chain link hash changed"),
    pytest.param(_link_deleted, id="chain link deleted"),
    pytest.param(_access_row, id="access log row changed"),
    pytest.param(_access_deleted, id="access log row deleted"),
    pytest.param(_last_access_deleted, id="a case's last access deleted"),
    pytest.param(_access_reordered, id="two access rows swapped"),
    pytest.param(_access_chain_removed, id="a case's whole access chain deleted"),
]


@pytest.mark.parametrize("tamper", TAMPERING)
def test_verifier_catches_every_change_behind_the_apps_back(docket, tamper):
    expected_seq = tamper(docket)
    result = chain.verify()
    assert not result.ok
    first = result.first
    if expected_seq is None:
        assert first.seq is None or any(p.seq is None for p in result.problems)
    else:
        assert first.seq == expected_seq, [str(p) for p in result.problems]
    # The command names it and fails.
    out = io.StringIO()
    with pytest.raises(CommandError, match="primer eslabón que no concuerda"):
        call_command("audit", "verify", stdout=out)
    assert "LA CADENA NO CONCUERDA" in out.getvalue()


def test_a_chain_rewritten_from_scratch_is_caught_by_the_exported_head(docket, tmp_path):
    heads = tmp_path / "heads.log"
    out = io.StringIO()
    call_command("audit", "export-head", "--file", str(heads), stdout=out)
    seq, h = chain.head()
    assert f" {seq} {h}" in heads.read_text()
    call_command("audit", "verify", "--heads", str(heads), stdout=out)
    assert "Cadena íntegra" in out.getvalue()
    # An attacker rewrites an entry, then recomputes every link and the head so the chain is consistent.
    _payload(docket)
    prev = "0" * 64
    for link in ChainLink.objects.order_by("seq"):
        model = chain.model_for(link.kind)
        obj = chain._objects(link.kind, [link.object_id])[link.object_id]
        content_hash = chain.digest(chain.content_of(link.kind, obj, link.covered))
        new = chain.link_hash(link.seq, link.kind, link.object_id, content_hash, prev)
        raw(
            "UPDATE audit_chainlink SET content_hash = %s, prev_hash = %s, hash = %s WHERE id = %s",
            [content_hash, prev, new, link.pk],
        )
        prev = new
        assert model is not None
    raw("UPDATE audit_chainhead SET hash = %s", [prev])
    assert chain.verify().ok  # consistent inside the database …
    result = chain.verify(heads_file=heads)  # … but not with the head exported before
    assert not result.ok and "reescrita" in str(result.first)


def truncate_last_access_chain() -> None:
    """What an attacker with the database does: the last link (a case's access chain) and its row go, and
    the stored head is moved back so that the chain is consistent again."""
    last = ChainLink.objects.order_by("-seq").first()
    assert last.kind == "access_chain"
    before = ChainLink.objects.get(seq=last.seq - 1)
    raw("DELETE FROM audit_accesschain WHERE id = %s", [int(last.object_id)])
    raw("DELETE FROM audit_chainlink WHERE id = %s", [last.pk])
    raw("UPDATE audit_chainhead SET seq = %s, hash = %s", [before.seq, before.hash])


def test_a_truncated_chain_is_caught_by_the_exported_head(docket, tmp_path):
    heads = tmp_path / "heads.log"
    with transaction.atomic():
        chain.lock_access_chain("CE-2027-9999")  # a case's first access chains its access chain
    chain.export_head(heads)
    truncate_last_access_chain()
    assert chain.verify().ok
    result = chain.verify(heads_file=heads)
    assert not result.ok and "acortó" in str(result.first)


def test_head_is_printable_for_the_record(docket):
    out = io.StringIO()
    call_command("audit", "head", stdout=out)
    seq, h = chain.head()
    assert f"eslabón {seq}" in out.getvalue() and h in out.getvalue()


def test_a_column_added_later_does_not_break_old_links(docket):
    link = ChainLink.objects.filter(kind="docket_entry").first()
    assert "payload" in link.covered["row"] and "sha256" in link.covered["attachments"]
    # What a link covers is fixed when it is written: verification uses that list, not today's columns.
    raw(
        "UPDATE audit_chainlink SET covered = " + json_param() + " WHERE id = %s",
        [json.dumps({**link.covered, "row": link.covered["row"][:-1]}), link.pk],
    )
    result = chain.verify()
    assert not result.ok and result.first.seq == link.seq  # shrinking the coverage changes the digest
