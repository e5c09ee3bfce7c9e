"""The public channel under abuse (issue 11, items 6–8 and 10): one case per filing however many
times it is submitted at once, rate limits per real client behind the proxy, the final submit
re-validating every step, and the limits on evidence added with the follow-up key."""

from __future__ import annotations

import io
import threading

import pytest
from django.core.management import call_command
from django.db import connection, connections
from django.test import Client

from filing.helpers import PDF, PNG, camara_steps, drafts_of, follow_up_key, upload, walk
from ventila.accounts import ratelimit
from ventila.accounts.models import RateCounter
from ventila.cases.models import Case, DocketEntry, Party
from ventila.filing.models import Filing, FilingClaim, Supplement
from ventila.filing.services import key_hash

BODY = "etica-camara"
pytestmark = pytest.mark.usefixtures("local_mail_and_media")


# -- item 6: exactly one case per filing ---------------------------------------------------------


@pytest.fixture
def committed_world(transactional_db, now):
    """The world committed, so that requests on other connections (threads) see it."""
    from factories import make_world

    from ventila.cases.db_triggers import purge_docket

    yield make_world()
    purge_docket(connection)  # the triggers refuse the DELETE that flushing the tables would do


def test_six_simultaneous_submits_of_one_draft_open_one_case_and_give_one_receipt(committed_world, settings):
    """A double (or sextuple) click: six requests of the same browser submit the same draft at the
    same moment, each on its own database connection. One case, one filing, one docket entry; every
    request is sent to the same receipt with the same key; the rate limit counts one filing."""
    settings.VENTILA_FILING_RATE = "5/3600"
    steps = camara_steps(committed_world)
    first = Client(REMOTE_ADDR="203.0.113.20")
    walk(first, BODY, steps[:-1])
    clients = [first]
    for _i in range(5):  # the same browser: its cookies (the signed draft cookie, the CSRF cookie)
        c = Client(REMOTE_ADDR="203.0.113.20")
        for name, morsel in first.cookies.items():
            c.cookies[name] = morsel.value
        clients.append(c)
    barrier = threading.Barrier(len(clients))
    answers: list[object] = [None] * len(clients)

    def submit(i: int) -> None:
        try:
            barrier.wait()
            answers[i] = clients[i].post(f"/querellas/{BODY}/juramento/", steps[-1][1])
        except Exception as exc:  # noqa: BLE001 — reported by the assertion below
            answers[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert Case.objects.count() == 1 and Filing.objects.count() == 1 and DocketEntry.objects.count() == 1
    case = Case.objects.get()
    statuses = [getattr(a, "status_code", a) for a in answers]
    assert statuses == [302] * len(clients), statuses
    assert {a["Location"] for a in answers} == {f"/querellas/{BODY}/acuse/{case.number}/"}  # type: ignore[index]
    key = follow_up_key(clients[0].get(f"/querellas/{BODY}/acuse/{case.number}/").content.decode())
    assert Filing.objects.get().key_hash == key_hash(key)
    assert FilingClaim.objects.get().filing == Filing.objects.get()
    assert list(RateCounter.objects.values_list("count", flat=True)) == [1]


@pytest.mark.django_db
def test_a_repeated_submit_after_the_first_finished_gives_the_same_receipt(world, client):
    """The claim outlives the request: a submit of the same draft that arrives after the first one
    finished (the session it read still held the draft) answers with the first filing's receipt."""
    from ventila.filing.draft import Draft
    from ventila.filing.procedures import procedure_for
    from ventila.filing.services import FilingFailed, submit_once

    steps = camara_steps(world)
    walk(client, BODY, steps)
    case = Case.objects.get()
    claim = FilingClaim.objects.get()
    draft = Draft(drafts_of(client), BODY)
    draft.state["id"] = claim.draft  # the draft as a slower request had read it, before the first cleared it
    draft.state["key"] = "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE"  # (not the key it had: no receipt with a dead key)
    with pytest.raises(FilingFailed, match=f"ya se presentó con el número {case.number}"):
        submit_once(procedure_for(world.camara), draft)
    draft.state["key"] = follow_up_key(client.get(f"/querellas/{BODY}/acuse/{case.number}/").content.decode())
    again = submit_once(procedure_for(world.camara), draft)
    assert again.repeated and again.case == case and again.key == draft.state["key"] and Case.objects.count() == 1


@pytest.mark.django_db
def test_a_failed_submission_frees_its_draft_for_the_next_try(world, client, settings):
    settings.VENTILA_FILING_RATE = "0/3600"  # the first try is refused by the rate limit
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    assert client.post(f"/querellas/{BODY}/juramento/", steps[-1][1]).status_code == 429
    assert not FilingClaim.objects.exists() and not Case.objects.exists()
    settings.VENTILA_FILING_RATE = "5/3600"
    assert client.post(f"/querellas/{BODY}/juramento/", steps[-1][1]).status_code == 302
    assert Case.objects.count() == 1


# -- item 7: the rate limits count the client behind the proxy ----------------------------------


@pytest.mark.django_db
def test_behind_the_proxy_the_filing_limit_is_per_client_not_per_proxy(world, settings):
    settings.VENTILA_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    settings.VENTILA_FILING_RATE = "1/3600"
    one = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.30")
    same = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.30")
    other = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="198.51.100.31")
    walk(one, BODY, camara_steps(world))
    steps = camara_steps(world)
    walk(same, BODY, steps[:-1])
    assert same.post(f"/querellas/{BODY}/juramento/", steps[-1][1]).status_code == 429
    walk(other, BODY, camara_steps(world))  # another person behind the same proxy files
    assert Case.objects.count() == 2
    assert set(RateCounter.objects.values_list("key", flat=True)) == {
        "filing:203.0.113.30",
        "filing:198.51.100.31",
    }


@pytest.mark.django_db
def test_behind_the_proxy_key_attempts_are_per_client(world, settings):
    settings.VENTILA_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    settings.VENTILA_FILING_KEY_RATE = "2/3600"
    guesser = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.40")
    for _i in range(2):
        assert guesser.post("/querellas/seguimiento/", {"key": "X"}).status_code == 422
    assert guesser.post("/querellas/seguimiento/", {"key": "X"}).status_code == 429
    honest = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.41")
    assert honest.post("/querellas/seguimiento/", {"key": "X"}).status_code == 422


def test_one_client_address_function_for_sign_in_and_filing(rf, settings):
    from ventila.accounts import client, throttle

    settings.VENTILA_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    assert throttle.client_address is client.client_address
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.5")
    assert ratelimit.address(request) == throttle.client_address(request) == "203.0.113.5"
    # A header that is no address (or has a NUL) is not trusted: the connection's address is used.
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="x\x00y")
    assert ratelimit.address(request) == "127.0.0.1"
    settings.VENTILA_CLIENT_IP_HEADER = ""
    assert ratelimit.address(rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.5")) == "127.0.0.1"


@pytest.mark.django_db
def test_ended_rate_counters_are_purged_on_write_and_by_filing_purge(settings):
    settings.VENTILA_FILING_RATE = "5/3600"
    settings.VENTILA_FILING_KEY_RATE = "20/60"
    ratelimit.hit("filing", "203.0.113.50", 5, 3600, now=3600 * 10 + 5)
    ratelimit.hit("filing", "203.0.113.50", 5, 3600, now=3600 * 11 + 5)  # a new window: its old row goes
    assert list(RateCounter.objects.values_list("window", flat=True)) == [11]
    ratelimit.hit("filing", "203.0.113.51", 5, 3600, now=3600 * 11 + 5)
    ratelimit.hit("key", "203.0.113.51", 20, 60, now=3600 * 11 + 5)
    assert ratelimit.purge(now=3600 * 11 + 100) == 1  # the key window (60 s) ended; the hour has not
    assert set(RateCounter.objects.values_list("key", flat=True)) == {
        "filing:203.0.113.50",
        "filing:203.0.113.51",
    }
    out = io.StringIO()
    call_command("filing_purge", stdout=out)  # now: every window above ended long ago
    assert not RateCounter.objects.exists() and "Se borraron 2 contadores" in out.getvalue()


# -- item 8: the final submit re-validates every step --------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "field, value",
    [
        ("complainant_email", "ana@example.org\r\nBcc: todos@example.org"),
        ("complainant_phone", "7" * 5000),
        ("complainant_name", "Ana\x00Ejemplo"),
    ],
)
def test_an_earlier_step_posted_again_with_bad_data_stops_the_submission(world, client, field, value):
    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    data = dict(steps[0][1], **{field: value})
    assert client.post(f"/querellas/{BODY}/quien/", data).status_code == 422  # refused, but kept in the draft
    r = client.post(f"/querellas/{BODY}/juramento/", steps[-1][1])
    assert r.status_code == 302 and r["Location"] == f"/querellas/{BODY}/quien/?revisar=1"
    assert not Case.objects.exists() and not Party.objects.exists() and not FilingClaim.objects.exists()
    page = client.get(r["Location"]).content.decode()
    assert "Hay un dato que corregir en el paso «Quién presenta»" in page
    assert "field-error" in page
    client.post(f"/querellas/{BODY}/quien/", steps[0][1])  # corrected
    assert client.post(f"/querellas/{BODY}/juramento/", steps[-1][1]).status_code == 302
    assert Party.objects.get(role="complainant").phone == "787-555-0100"


@pytest.mark.django_db
def test_an_evidence_item_too_long_in_the_draft_stops_the_submission(world, client):
    from ventila.filing.draft import Draft

    steps = camara_steps(world)
    walk(client, BODY, steps[:-1])
    drafts = drafts_of(client)
    draft = Draft(drafts, BODY)
    draft.witnesses[0]["address"] = "Calle " * 200  # more than the step's form takes
    draft.save()
    drafts.save()
    r = client.post(f"/querellas/{BODY}/juramento/", steps[-1][1])
    assert r["Location"] == f"/querellas/{BODY}/evidencia/?revisar=1" and not Case.objects.exists()


# -- item 10: evidence added with the follow-up key is limited like a filing ---------------------


def _followed(world, client):
    r = walk(client, BODY, camara_steps(world))
    key = follow_up_key(client.get(r["Location"]).content.decode())
    case = Case.objects.get()
    follower = Client(REMOTE_ADDR="203.0.113.60")
    follower.post("/querellas/seguimiento/", {"key": key})
    return follower, f"/querellas/seguimiento/{case.number}/"


@pytest.mark.django_db
def test_follow_up_evidence_is_limited_in_number_per_case(world, client, settings):
    settings.VENTILA_FILING_SUPPLEMENT_MAX = 2
    follower, url = _followed(world, client)
    for i in range(2):
        assert follower.post(url, {"kind": "official_documents", "description": f"Prueba {i}"}).status_code == 302
    r = follower.post(url, {"kind": "official_documents", "description": "Una más", "file": upload("c.png", PNG)})
    assert r.status_code == 422 and "Ya añadió 2 evidencias a esta querella" in r.content.decode()
    assert Supplement.objects.count() == 2
    assert "Una más" in r.content.decode()  # what was typed is kept


def _add_file(follower, url, description, file):
    """The follower adds one official document to the complaint."""
    return follower.post(url, {"kind": "official_documents", "description": description, "file": file})


@pytest.mark.django_db
def test_follow_up_files_are_limited_in_total_size_per_case(world, client, settings):
    settings.VENTILA_FILING_SUPPLEMENT_MAX_TOTAL_MB = (len(PDF) + len(PNG) - 1) / (1024 * 1024)
    follower, url = _followed(world, client)
    assert _add_file(follower, url, "Uno", upload("a.pdf", PDF)).status_code == 302
    r = _add_file(follower, url, "Dos", upload("b.png", PNG))
    assert r.status_code == 422 and "los archivos añadidos a esta querella sumarían" in r.content.decode()
    assert Supplement.objects.count() == 1
    assert not list((settings.MEDIA_ROOT / "quarantine").rglob("*.*"))  # the refused file is not kept


@pytest.mark.django_db
def test_follow_up_files_are_limited_in_number_per_case(world, client, settings):
    settings.VENTILA_FILING_MAX_FILES = 1
    follower, url = _followed(world, client)
    assert _add_file(follower, url, "Uno", upload("a.png", PNG)).status_code == 302
    r = _add_file(follower, url, "Dos", upload("b.png", PNG))
    assert r.status_code == 422 and "Ya añadió 1 archivos a esta querella" in r.content.decode()


@pytest.mark.django_db
def test_follow_up_evidence_is_rate_limited_per_client(world, client, settings):
    settings.VENTILA_FILING_SUPPLEMENT_RATE = "1/3600"
    follower, url = _followed(world, client)
    assert follower.post(url, {"kind": "official_documents", "description": "Uno"}).status_code == 302
    r = follower.post(url, {"kind": "official_documents", "description": "Dos"})
    assert r.status_code == 429 and "ya se añadieron 1 evidencias en poco tiempo" in r.content.decode()
    assert Supplement.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("description", ["Nota\x00oculta", "x" * 2001])
def test_follow_up_evidence_text_is_checked_not_cut(world, client, description):
    follower, url = _followed(world, client)
    r = follower.post(url, {"kind": "official_documents", "description": description})
    assert r.status_code == 422 and 'id="id_description_error"' in r.content.decode()
    assert not Supplement.objects.exists()
