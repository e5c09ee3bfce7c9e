"""No 500 on any staff form (issue 11, item 9): the staff pages crawled once as the House and the municipal
secretaries see them, and every form found posted with each field hostile in turn — the harness and the
public forms are in ``test_hostile_input.py``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from documents.helpers import deliver
from factories import at, built_once, file_complaint, make_world, record, signed_in
from filing.helpers import walk

from ventila.cases.models import Case

from .test_hostile_input import SKIP_FORMS, Fuzzer, _municipal_steps, _report

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"


STAFF = ("secretaria", "secretaria_municipal")
STAFF_NOW = "2027-03-03 12:00"
SHARDS = 12  # the staff forms, fuzzed in twelve tests of about equal size (each failure names its form)


@dataclass
class StaffCrawl:
    """The staff pages as the House and the municipal secretaries reach them, crawled once for the module: every
    form found (each once: action and field names), and what the crawl itself met."""

    case: str
    draft: int
    doc: int
    slugs: tuple[str, str]
    sessions: dict[str, str]
    forms: list[tuple[str, str, dict[str, Any]]]  # (username, page, form)
    crawl: Fuzzer

    def client(self, username: str) -> Client:
        from django.conf import settings

        client = Client(raise_request_exception=False)
        client.cookies[settings.SESSION_COOKIE_NAME] = self.sessions[username]
        return client


@pytest.fixture(scope="module")
def staff_crawl(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[StaffCrawl]:
    """As the House secretary (who may record every act) on a case with a docket, and as the municipal
    secretary: the pages of the work queue, the cases, every act's form, corrections, counsel, documents,
    service, calendar, composition and account, two links deep."""
    from django.conf import settings

    from ventila import clock
    from ventila.documents.actions import do_create_draft, do_issue_document

    with built_once(
        django_db_blocker,
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        MEDIA_ROOT=tmp_path_factory.mktemp("hostile") / "media",
        VENTILA_FILING_RATE="1000/3600",
        VENTILA_FILING_KEY_RATE="1000/3600",
        VENTILA_FILING_SUPPLEMENT_RATE="1000/3600",
    ):
        clock.set_now(at("2027-03-01 11:00"))
        try:
            world = make_world()
            walk(
                Client(),
                "querellas-municipales",
                [
                    *_municipal_steps(),
                    (
                        "juramento",
                        {"nav": "submit", "perjury_acknowledged": "on", "signature": "Ana Ejemplo Ficticia"},
                    ),
                ],
            )
            case = file_complaint(world)
            clock.set_now(at(STAFF_NOW))
            record(world, case, "respondent_notified", "2027-03-03")
            secretary = world.users["secretaria"]
            entry = case.entries.get(seq=1)
            draft = do_create_draft(user=secretary, case=case, entry=entry, template="notice_of_complaint")
            doc = do_issue_document(
                user=secretary,
                draft=do_create_draft(user=secretary, case=case, entry=entry, template="notice_of_complaint"),
            )
            # its receipt form
            deliver(
                world, doc, "email_attachment", role="complainant", name="Ana Ejemplo Ficticia", email="ana@example.org"
            )
            crawl = Fuzzer()
            forms: list[tuple[str, str, dict[str, Any]]] = []
            signatures: set[tuple[str, tuple[str, ...]]] = set()
            sessions = {}
            for username in STAFF:
                client = signed_in(world.users[username], raise_request_exception=False)
                sessions[username] = client.cookies[settings.SESSION_COOKIE_NAME].value
                seeds = [
                    "/",
                    "/expedientes/",
                    f"/expedientes/{case.number}/",
                    f"/expedientes/{case.number}/borradores/{draft.pk}/",
                    f"/expedientes/{case.number}/documentos/{doc.pk}/",
                    "/cuenta/",
                    "/calendario/",
                ]
                seeds += [
                    f"/expedientes/{n}/"
                    for n in Case.objects.filter(body=world.municipal).values_list("number", flat=True)
                ]
                within = ("/expedientes/", "/cuerpos/", "/calendario/", "/cuenta/")
                for url, form in crawl.crawl(client, seeds, depth=2, within=within):
                    signature = Fuzzer.signature(form)
                    if signature not in signatures and not any(s in form["action"] for s in SKIP_FORMS):
                        signatures.add(signature)
                        forms.append((username, url, form))
            yield StaffCrawl(
                case.number,
                draft.pk,
                doc.pk,
                (world.camara.slug, world.municipal.slug),
                sessions,
                forms,
                crawl,
            )
        finally:
            clock.set_now(None)


def test_the_staff_crawl_finds_every_kind_of_form_and_no_server_error(staff_crawl):
    actions = {form["action"] for _user, _page, form in staff_crawl.forms}
    assert len(actions) >= 30 and any("/recibo/" in a for a in actions) and any("CVQM-" in a for a in actions), actions
    assert {user for user, _page, _form in staff_crawl.forms} == set(STAFF)
    assert len(staff_crawl.forms) >= SHARDS
    _report(staff_crawl.crawl)


@pytest.mark.parametrize("shard", range(SHARDS))
def test_hostile_strings_in_every_staff_form_give_no_server_error(staff_crawl, db, now, shard):
    """Each form the crawl found (a twelfth of them per test), each field hostile in turn; every test starts
    from the crawled state, so what one form's post recorded does not turn another away."""
    now.set(STAFF_NOW)
    fuzzer = Fuzzer()
    clients = {username: staff_crawl.client(username) for username in STAFF}
    for username, page, form in staff_crawl.forms[shard::SHARDS]:
        fuzzer.fuzz_form(clients[username], f"{username} at {page}", form)
    assert fuzzer.requests > 0
    _report(fuzzer)


@pytest.mark.parametrize("username", STAFF)
def test_hostile_strings_in_every_staff_filter_and_path_give_no_server_error(staff_crawl, db, now, username):
    """The work queue's filters, the registers' query strings and the case numbers, ids and slugs in the paths."""
    now.set(STAFF_NOW)
    fuzzer = Fuzzer()
    client = staff_crawl.client(username)
    number, camara = staff_crawl.case, staff_crawl.slugs[0]
    fuzzer.fuzz_query(client, "/expedientes/", ("body", "kind", "stage", "due", "status", "after"))
    for slug in staff_crawl.slugs:
        fuzzer.fuzz_query(client, f"/cuerpos/{slug}/dietas/", ("mes",))
        fuzzer.fuzz_query(client, f"/cuerpos/{slug}/composicion/", ("seat", "member", "on"))
    for template in (
        "/expedientes/{}/",
        "/expedientes/{}/actos/answer_filed/",
        f"/expedientes/{number}/actos/{{}}/",
        "/expedientes/{}/anotaciones/1/corregir/",
        "/expedientes/{}/representacion/",
        "/expedientes/{}/candidatura/",
        "/expedientes/{}/anotaciones/1/documentos/notice_of_complaint/",
        f"/expedientes/{number}/anotaciones/1/documentos/{{}}/",
        "/expedientes/{}/borradores/1/",
        "/expedientes/{}/documentos/1/",
        "/expedientes/{}/documentos/1/notificar/",
        "/expedientes/nuevo/{}/complaint/",
        f"/expedientes/nuevo/{camara}/{{}}/",
        "/cuerpos/{}/calendario/",
        "/cuerpos/{}/composicion/",
        "/cuerpos/{}/dietas/",
    ):
        fuzzer.fuzz_path(client, template)
    assert fuzzer.requests > 250
    _report(fuzzer)
