"""The chain's head in the open (issue 32): the head of each day is published on the public record and in
its open data; ``ventila audit verify`` checks the published heads against the chain, and ``--heads``
takes the published list — a copy anyone kept, or its address — so a chain shortened or rewritten behind
the app's back, even with its published heads rewritten too, is caught by an earlier copy."""

from __future__ import annotations

import datetime as dt
import io
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from factories import at, file_complaint

from ventila.audit import chain
from ventila.audit.models import PublishedHead
from ventila.rules import PR_TZ

from .test_chain import raw, truncate_last_access_chain

pytestmark = pytest.mark.django_db


def test_the_head_is_published_once_a_day(world):
    file_complaint(world)
    first = chain.publish_head(at("2027-03-01 00:05"), PR_TZ)
    assert first is not None and (first.seq, first.hash) == chain.head()
    file_complaint(world)
    assert chain.publish_head(at("2027-03-01 23:59"), PR_TZ) is None  # the same day in Puerto Rico
    second = chain.publish_head(at("2027-03-02 00:05"), PR_TZ)
    assert second is not None and second.seq > first.seq
    assert [p.day for p in PublishedHead.objects.order_by("day")] == [dt.date(2027, 3, 1), dt.date(2027, 3, 2)]
    out = io.StringIO()
    call_command("audit", "publish-head", stdout=out)  # today (the frozen clock): 2027-03-01 again
    assert "ya estaba publicada" in out.getvalue()


def test_the_public_record_publishes_the_heads_as_a_page_text_and_json(client, world):
    file_complaint(world)
    published = chain.publish_head(at("2027-03-01 18:00"), PR_TZ)
    page = client.get("/registro-publico/cadena/")
    assert page.status_code == 200 and published.hash in page.content.decode()
    assert published.hash in client.get("/registro-publico/").content.decode()  # the latest, on the record's start
    text = client.get("/registro-publico/cadena.txt").content.decode()
    assert text == f"2027-03-01T22:00:00+00:00 {published.seq} {published.hash}\n"
    data = json.loads(client.get("/registro-publico/cadena.json").content)
    assert data["heads"] == [
        {"day": "2027-03-01", "published_at": "2027-03-01T22:00:00+00:00", "seq": published.seq, "hash": published.hash}
    ]
    open_data = json.loads(client.get("/registro-publico/etica-camara/datos.json").getvalue())
    assert open_data["audit_head"]["hash"] == published.hash


def test_verify_checks_the_published_heads_against_the_chain(world):
    with transaction.atomic():
        chain.lock_access_chain("CE-2027-9999")  # a case's first access chains its access chain
    chain.publish_head(at("2027-03-01 18:00"), PR_TZ)
    assert chain.verify().ok
    truncate_last_access_chain()
    result = chain.verify()
    assert not result.ok and "la cabeza publicada" in str(result.first) and "acortó" in str(result.first)


def test_a_copy_kept_by_anyone_catches_a_rewrite_that_also_rewrote_the_published_heads(client, world, tmp_path):
    with transaction.atomic():
        chain.lock_access_chain("CE-2027-9999")
    chain.publish_head(at("2027-03-01 18:00"), PR_TZ)
    kept = tmp_path / "cadena.txt"  # a journalist saved the list that day
    kept.write_bytes(client.get("/registro-publico/cadena.txt").content)
    out = io.StringIO()
    call_command("audit", "verify", "--heads", str(kept), stdout=out)
    assert "Cadena íntegra" in out.getvalue() and "2 cabezas exportadas o publicadas" in out.getvalue()
    truncate_last_access_chain()
    raw("DELETE FROM audit_publishedhead")  # the attacker covers the tracks in the database
    assert chain.verify().ok
    with pytest.raises(CommandError, match="acortó"):
        call_command("audit", "verify", "--heads", str(kept), stdout=io.StringIO())


class _Heads(BaseHTTPRequestHandler):
    body = b""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args: object) -> None:
        pass


def test_verify_reads_the_published_list_from_its_address(client, world):
    with transaction.atomic():
        chain.lock_access_chain("CE-2027-9999")
    chain.publish_head(at("2027-03-01 18:00"), PR_TZ)
    _Heads.body = client.get("/registro-publico/cadena.json").content  # the JSON list, served on loopback
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Heads)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/registro-publico/cadena.json"
    try:
        assert chain.verify(heads_file=url).ok
        truncate_last_access_chain()
        raw("DELETE FROM audit_publishedhead")
        result = chain.verify(heads_file=url)
        assert not result.ok and "acortó" in str(result.first)
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    "source,message",
    [
        pytest.param("/no/existe/cadena.txt", "no existe el archivo", id="a missing file"),
        pytest.param(
            "http://127.0.0.1:9/cadena.txt", "no se pudo leer la lista de cabezas", id="an address that does not answer"
        ),
    ],
)
def test_an_unreadable_list_is_a_problem_not_a_crash(world, source, message):
    result = chain.verify(heads_file=source)
    assert not result.ok and message in str(result.first)
