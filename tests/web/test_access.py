"""Who sees what (Sec. 5(5), 21(d)): every URL walked with every role, asserting exactly who gets in.

404 for whoever may not know the case exists; 403 for whoever sees the case but may not do this;
a redirect to the sign-in page for the anonymous visitor.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from documents.helpers import deliver
from factories import (
    FrozenNow,
    built_once,
    file_complaint,
    make_person,
    make_user,
    make_world,
    record,
    signed_in,
    tiny_pdf,
)

from ventila.accounts.models import RoleGrant
from ventila.cases.actions import ActInput
from ventila.cases.models import Attachment
from ventila.rules import RULEBOOKS

from .helpers import WALKED_ROLES, recuse, summon_witness

pytestmark = pytest.mark.django_db

# Issue 17: a word that only the walked case holds (in a docket entry's note).
HIDDEN_TERM = "zarzaparrilla"
HIDDEN_TERM_NOTE = "Zarzaparrilla: el testigo trae la factura."

ROLES = WALKED_ROLES


def _expect(**overrides: int) -> dict[str, int]:
    table = dict.fromkeys(ROLES, 404)
    table["anonymous"] = 302
    table.update(overrides)
    return table


SEE = dict(secretaria=200, personal=200, presidente=200, comisionado=200, miembro_querellado=200, sustituto=200)
READ_ONLY = dict(presidente=403, comisionado=403, miembro_querellado=403, sustituto=403)
# The register of obligated people (issue 16): its body's secretary and staff, and its seated members.
REGISTER_READ = dict(
    secretaria=200, personal=200, presidente=200, comisionado=200, inhibido=200, miembro_querellado=200
)
REGISTER_READ_ONLY = dict(presidente=403, comisionado=403, inhibido=403, miembro_querellado=403)


def _stats_urls() -> dict[str, dict[str, int]]:
    others = {r: 403 for r in ROLES if r not in ("anonymous", "secretaria", "personal", "secretaria_municipal")}
    staff = {**others, "secretaria": 200, "personal": 200, "secretaria_municipal": 200}
    urls = {f"/estadisticas/{q}": _expect(**staff) for q in ("", "?formato=csv", "?formato=xlsx")}
    urls.update(
        {f"/estadisticas/publicas/{q}": dict.fromkeys(ROLES, 200) for q in ("", "?formato=csv", "?formato=xlsx")}
    )
    urls["/cuerpos/etica-camara/informe-anual/"] = _expect(secretaria=200, personal=200)
    urls["/cuerpos/querellas-municipales/informe-anual/"] = _expect(secretaria_municipal=200)
    urls["/cuerpos/etica-camara/informe-anual/999/"] = _expect()
    # Issue 26: the matters whose redacted text waits for a review, each body's staff's (approved by its
    # secretary: tests/web/test_public_safety.py).
    urls["/cuerpos/etica-camara/revision-publicacion/"] = _expect(secretaria=200, personal=200)
    urls["/cuerpos/querellas-municipales/revision-publicacion/"] = _expect(secretaria_municipal=200)
    return urls


def _scenario(world, now):
    """The walked world: a case with a recusal and a substitute, documents, a financial-report case with an
    OEG referral, an access request with its sealed report, and the URLs with who may open each."""
    # A commissioner recused in the case, and a commissioner who is himself the respondent (Sec. 8).
    world.users["inhibido"] = make_user("inhibido", person=world.members[3])
    world.users["miembro_querellado"] = make_user("miembro_querellado", person=world.members[5])
    house_member = make_person("Miembro", "Cámara Ficticia", title="Representante del Distrito 33")
    world.users["miembro_camara"] = make_user(
        "miembro_camara", person=house_member, grants=((world.camara, RoleGrant.Role.HOUSE_MEMBER),)
    )
    case = file_complaint(world)
    own = file_complaint(world, respondent=world.members[5])
    now.set("2027-03-02 12:00")
    recuse(world, case, world.members[3])  # Sec. 9 ¶4
    # The Speaker's substitute pro tempore for the recused member (Secs. 8–9): this case only.
    substitute = make_person("Sustituto", "Pro Tempore Ficticio", title="Representante del Distrito 30")
    world.users["sustituto"] = make_user("sustituto", person=substitute)
    record(world, case, "substitute_requested", "2027-03-02", member=str(world.members[3].pk))
    record(
        world,
        case,
        "substitute_appointed",
        "2027-03-02",
        member=str(world.members[3].pk),
        substitute=str(substitute.pk),
    )
    # issue 17: the note is a word only this case holds, for the search below
    entry = summon_witness(world, case, now, file=("citacion.txt", b"Citacion"), note=HIDDEN_TERM_NOTE)
    att = Attachment.objects.get(entry=entry)
    n = case.number
    docs = _documents(world, case)  # issue 4
    fin, own_fin = _financial_cases(world)  # issue 16: a tenure's case with an OEG referral pending
    request, report = _access_request(world)  # issue 16: Sec. 17, its requested report sealed
    urls = {
        "/expedientes/": _expect(**{r: 200 for r in ROLES if r != "anonymous"}),
        f"/expedientes/{n}/": _expect(**SEE),
        f"/expedientes/{n}/actos/respondent_notified/": _expect(secretaria=200, personal=200, **READ_ONLY),
        f"/expedientes/{n}/anotaciones/1/corregir/": _expect(secretaria=200, personal=403, **READ_ONLY),
        f"/expedientes/{n}/anejos/{att.pk}/": _expect(**SEE),
        f"/expedientes/{n}/representacion/": _expect(secretaria=200, personal=200, **READ_ONLY),
        "/expedientes/nuevo/etica-camara/complaint/": _expect(secretaria=200, personal=200),
        "/expedientes/nuevo/querellas-municipales/complaint/": _expect(
            **({"secretaria_municipal": 200} if "complaint" in RULEBOOKS["municipal"].kinds else {})
        ),
        "/cuerpos/etica-camara/calendario/": _expect(secretaria=200, personal=200, admin=200),
        # Issue 15: «Mi despacho» is for whoever holds a seat (or a substitute's); a member's own vote
        # (decision 11) for whoever votes in the case — this one awaits no determination yet (409);
        # the secretary and staff keep the roll call and have no vote of their own (403).
        "/mi-despacho/": _expect(
            presidente=200,
            comisionado=200,
            inhibido=200,
            miembro_querellado=200,
            comisionada_municipal=200,
            sustituto=200,
        ),
        f"/expedientes/{n}/votos/determination_made/": _expect(
            secretaria=403, personal=403, presidente=409, comisionado=409, miembro_querellado=409, sustituto=409
        ),
        f"/expedientes/{n}/votos/respondent_notified/": _expect(),  # not an act put to a vote
        # Issue 6: the candidate mark is POST only (GET: 405 to whoever is signed in, before any look-up);
        # the municipal Commission's seats and per-diem ledger are its staff's; its other two kinds.
        f"/expedientes/{n}/candidatura/": _expect(**{r: 405 for r in ROLES if r != "anonymous"}),
        "/cuerpos/querellas-municipales/composicion/": _expect(secretaria_municipal=200),
        "/cuerpos/querellas-municipales/dietas/": _expect(secretaria_municipal=200),
        "/cuerpos/etica-camara/dietas/": _expect(),
        "/expedientes/nuevo/querellas-municipales/suspension_proceeding/": _expect(secretaria_municipal=200),
        "/expedientes/nuevo/querellas-municipales/deadlock/": _expect(secretaria_municipal=200),
        f"/expedientes/{own.number}/": _expect(
            secretaria=200, personal=200, presidente=200, comisionado=200, inhibido=200
        ),
        "/expedientes/CE-2027-9999/": _expect(),
        # Documents (issue 4): drafts and service are the staff's; issued documents, whoever sees the case;
        # the calendar feed and the signed link are keyed by their secret (no sign-in).
        f"/expedientes/{n}/anotaciones/1/documentos/notice_of_complaint/": _expect(
            secretaria=200, personal=200, **READ_ONLY
        ),
        f"/expedientes/{n}/anotaciones/1/documentos/no_such_document/": _expect(**{**READ_ONLY, "secretaria": 404}),
        f"/expedientes/{n}/borradores/{docs['draft'].pk}/": _expect(secretaria=200, personal=200, **READ_ONLY),
        f"/expedientes/{n}/borradores/{docs['draft'].pk}/pdf/": _expect(secretaria=200, personal=200, **READ_ONLY),
        # Issue 15: the confirmation before issuing is the staff's, like the draft.
        f"/expedientes/{n}/borradores/{docs['draft'].pk}/expedir/": _expect(secretaria=200, personal=200, **READ_ONLY),
        f"/expedientes/{n}/borradores/{docs['draft'].pk}/descartar/": _expect(
            **{r: 405 for r in ROLES if r != "anonymous"}
        ),
        f"/expedientes/{n}/documentos/{docs['doc'].pk}/": _expect(**SEE),
        f"/expedientes/{n}/documentos/{docs['doc'].pk}/pdf/": _expect(**SEE),
        f"/expedientes/{n}/documentos/{docs['doc'].pk}/notificar/": _expect(secretaria=200, personal=200, **READ_ONLY),
        f"/expedientes/{n}/documentos/{docs['doc'].pk}/notificaciones/{docs['delivery'].pk}/recibo/": _expect(
            secretaria=200, personal=200, **READ_ONLY
        ),
        f"/expedientes/{n}/documentos/{docs['doc'].pk}/notificaciones/{docs['delivery'].pk}/reintentar/": _expect(
            **{r: 405 for r in ROLES if r != "anonymous"}
        ),
        f"/expedientes/{own.number}/documentos/{docs['doc'].pk}/": _expect(),  # not that case's document
        f"/expedientes/{n}/vistas/1.ics": _expect(),  # entry 1 is not a hearing (tests/documents: real ones)
        "/calendario/": _expect(**{r: 200 for r in ROLES if r != "anonymous"}),
        f"/calendario/{docs['feed']}.ics": dict.fromkeys(ROLES, 200),
        "/calendario/no-existe.ics": dict.fromkeys(ROLES, 404),
        docs["link"]: dict.fromkeys(ROLES, 200),
        # Public e-filing (issue 5): the form is everyone's; a receipt only the filing session's; the
        # follow-up only with the key (nobody here has it); evidence added with the key: who sees the case.
        "/querellas/": dict.fromkeys(ROLES, 200),
        "/querellas/etica-camara/quien/": dict.fromkeys(ROLES, 200),
        "/querellas/querellas-municipales/quien/": dict.fromkeys(ROLES, 200),
        "/querellas/seguimiento/": dict.fromkeys(ROLES, 200),
        f"/querellas/seguimiento/{n}/": dict.fromkeys(ROLES, 404),
        f"/querellas/seguimiento/{n}/acuse.pdf": dict.fromkeys(ROLES, 404),
        f"/querellas/etica-camara/acuse/{n}/": dict.fromkeys(ROLES, 404),
        f"/querellas/etica-camara/acuse/{n}/acuse.pdf": dict.fromkeys(ROLES, 404),
        f"/querellas/expedientes/{n}/evidencia/{_online_evidence(case).pk}/": _expect(**SEE),
        # Issue 16: the register of obligated people and a person's financial-report duties and reports
        # (Secs. 3, 14): the House Commission's secretary and staff record; its seated members read
        # (a member excluded from one case still reads the register); nobody else learns of it.
        "/cuerpos/etica-camara/obligados/": _expect(**REGISTER_READ),
        "/cuerpos/etica-camara/obligados/?formato=csv": _expect(**REGISTER_READ),  # issue 18: its exports
        "/cuerpos/etica-camara/obligados/?formato=xlsx": _expect(**REGISTER_READ),
        "/cuerpos/querellas-municipales/obligados/?formato=csv": _expect(),
        f"/cuerpos/etica-camara/obligados/{world.respondent.pk}/": _expect(**REGISTER_READ),
        "/cuerpos/etica-camara/obligados/importar/": _expect(secretaria=200, personal=200, **REGISTER_READ_ONLY),
        "/cuerpos/etica-camara/obligados/importar/boleto-falso/": _expect(**REGISTER_READ_ONLY),
        f"/cuerpos/etica-camara/obligados/{world.municipal_members[0].pk}/": _expect(),  # holds no such office
        "/cuerpos/querellas-municipales/obligados/": _expect(),  # the municipal Commission keeps no register
        # Issue 17: the search is every signed-in account's; what it finds is checked below.
        "/buscar/": _expect(**{r: 200 for r in ROLES if r != "anonymous"}),
        f"/buscar/?q={HIDDEN_TERM}": _expect(**{r: 200 for r in ROLES if r != "anonymous"}),
        # Issue 17: the public record is everyone's, no account needed; an open case is in it for nobody
        # (404 by its address too, whoever asks; tests/web/test_public_record.py: a closed case is there).
        "/registro-publico/": dict.fromkeys(ROLES, 200),
        "/registro-publico/etica-camara/": dict.fromkeys(ROLES, 200),
        "/registro-publico/querellas-municipales/": dict.fromkeys(ROLES, 200),
        "/registro-publico/etica-camara/datos.csv": dict.fromkeys(ROLES, 200),
        "/registro-publico/etica-camara/datos.json": dict.fromkeys(ROLES, 200),
        f"/registro-publico/etica-camara/{n}/": dict.fromkeys(ROLES, 404),
        f"/registro-publico/etica-camara/{n}/documentos/{docs['doc'].pk}.pdf": dict.fromkeys(ROLES, 404),
        "/registro-publico/no-existe/": dict.fromkeys(ROLES, 404),
        f"/cuerpos/querellas-municipales/obligados/{world.respondent.pk}/": _expect(),
        # Issue 16, Sec. 10: a person's gifts, court summonses and the nepotism check read like the register;
        # the corrections (and every POST that records) are its secretary's and staff's.
        **_conduct_urls(world),
        # Issue 16: a person's financial reports and the OEG's findings — the tenure's financial-report case
        # (read like any case of the body: a member who is that person is a party, 404), the board and
        # its export (the register's readers), turning an OEG referral into a case (staff only).
        f"/expedientes/{fin.number}/": _expect(**{**SEE, "inhibido": 200, "sustituto": 404}),
        f"/expedientes/{own_fin.number}/": _expect(
            **{**SEE, "inhibido": 200, "sustituto": 404, "miembro_querellado": 404}
        ),
        f"/expedientes/{fin.number}/referido-oeg/": _expect(secretaria=200, personal=200, **REGISTER_READ_ONLY),
        "/cuerpos/etica-camara/obligados/tablero/": _expect(**REGISTER_READ),
        "/cuerpos/etica-camara/obligados/tablero/?formato=csv": _expect(**REGISTER_READ),
        "/cuerpos/etica-camara/obligados/tablero/?formato=xlsx": _expect(**REGISTER_READ),
        "/cuerpos/querellas-municipales/obligados/tablero/": _expect(),
        # Issue 18: the statistics with every count are the staff's (403 for the others signed in: the
        # public page is theirs); the public page and its exports are everyone's; the annual reports,
        # each body's staff's (generated by its secretary: tests/stats/test_pages.py).
        **_stats_urls(),
        # Issue 16: the preventive matters (Secs. 11, 17, 27) are opened by the House Commission's staff; an
        # access request is a case like any other; its requested report is sealed until access is lawful
        # (CAM-17-05): 403 with why to the staff, 403 to the members who read the case, 404 to the rest.
        "/expedientes/asunto/etica-camara/outside_activity/": _expect(secretaria=200, personal=200),
        "/expedientes/asunto/etica-camara/report_access_request/": _expect(secretaria=200, personal=200),
        "/expedientes/asunto/etica-camara/regulation/": _expect(secretaria=200, personal=200),
        # Issue 17 (Sec. 19): advisory opinions — staff intake, the binding register, a member's own requests.
        "/expedientes/asunto/etica-camara/advisory_opinion/": _expect(secretaria=200, personal=200),
        "/expedientes/asunto/querellas-municipales/outside_activity/": _expect(),  # not a municipal kind
        "/expedientes/asunto/etica-camara/complaint/": _expect(),  # complaints have their own form
        f"/expedientes/{request.number}/": _expect(**{**SEE, "sustituto": 404, "inhibido": 200}),
        f"/expedientes/{request.number}/actos/subject_notified/": _expect(
            secretaria=200, personal=200, presidente=403, comisionado=403, inhibido=403, miembro_querellado=403
        ),
        f"/expedientes/{request.number}/informe-solicitado/{report.pk}/": _expect(
            secretaria=403, personal=403, presidente=403, comisionado=403, inhibido=403, miembro_querellado=403
        ),
        f"/expedientes/{request.number}/informe-solicitado/": _expect(**{r: 405 for r in ROLES if r != "anonymous"}),
        f"/expedientes/{n}/informe-solicitado/{report.pk}/": _expect(),  # not that case's report
        # Issue 19: the API's tokens, the body's secretary's (revoking is a POST).
        "/cuerpos/etica-camara/api/": _expect(secretaria=200),
        "/cuerpos/querellas-municipales/api/": _expect(secretaria_municipal=200),
        "/cuerpos/no-existe/api/": _expect(),
        "/cuerpos/etica-camara/api/1/revocar/": _expect(**{r: 405 for r in ROLES if r != "anonymous"}),
    }
    # Issue 17: the house member sees nothing of the Commission a stranger does not, but its own pages.
    for expected in urls.values():
        expected["miembro_camara"] = expected["ajeno"]
    urls["/mi-despacho/"]["miembro_camara"] = 200  # a user with a person: an empty «Mi despacho» (no case seen)
    urls.update(
        {
            "/cuerpos/etica-camara/opiniones/": _expect(**REGISTER_READ),
            "/cuerpos/querellas-municipales/opiniones/": _expect(),  # the municipal rulebook has no opinions
            "/mis-opiniones/": _expect(miembro_camara=200),
            "/mis-opiniones/etica-camara/nueva/": _expect(miembro_camara=200),
            "/mis-opiniones/querellas-municipales/nueva/": _expect(),
        }
    )
    return urls, n, fin


@dataclass
class Walked:
    world: Any
    urls: dict[str, dict[str, int]]
    number: str  # the walked case's
    financial: str  # the financial-report case's, with its OEG referral
    at: dt.datetime  # "now" when the world was built
    sessions: dict[str, str]

    def clients(self) -> dict[str, Any]:
        from django.conf import settings
        from django.test import Client

        clients = {}
        for role in ROLES:
            clients[role] = Client()
            if role != "anonymous":
                clients[role].cookies[settings.SESSION_COOKIE_NAME] = self.sessions[role]
        return clients


@pytest.fixture(scope="module")
def walked(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[Walked]:
    """Built once for the module (every test runs in a savepoint inside it); each role signed in once."""
    from django.conf import settings

    with built_once(django_db_blocker, MEDIA_ROOT=tmp_path_factory.mktemp("access") / "media"):
        now = FrozenNow()
        now.set("2027-03-01 11:00")
        try:
            world = make_world()
            urls, number, fin = _scenario(world, now)
            sessions = {
                role: signed_in(world.users[role]).cookies[settings.SESSION_COOKIE_NAME].value
                for role in ROLES
                if role != "anonymous"
            }
            yield Walked(world, urls, number, fin.number, now.current, sessions)
        finally:
            now.set(None)


SHARDS = 10  # the URL × role table, checked in ten tests of about equal size (a failure names URL and role)


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_url_with_every_role(walked, now, shard):
    now.set(walked.at)
    clients = walked.clients()
    checks = sorted((url, role, want) for url, expected in walked.urls.items() for role, want in expected.items())
    assert len(checks) > 1500
    wrong = []
    for url, role, want in checks[shard::SHARDS]:
        got = clients[role].get(url).status_code
        if got != want:
            wrong.append(f"{role} {url}: {got} (expected {want})")
    assert wrong == []


def test_the_queue_the_search_and_every_recording_post_are_guarded(walked, now):
    now.set(walked.at)
    world, n, clients = walked.world, walked.number, walked.clients()
    # The queue lists a case only to those who may see it.
    for role in ROLES[1:]:
        listed = n in clients[role].get("/expedientes/").content.decode()
        assert listed == (role in SEE), role
    # Issue 17: a word only this case holds is found (and counted) by those who see the case and by
    # nobody else — not in the count, the list or a snippet; its number finds it for them alone.
    for role in ROLES[1:]:
        for query in (HIDDEN_TERM, n):
            page = clients[role].get("/buscar/", {"q": query}).content.decode()
            found = 'class="search-results"' in page and n in page.split('class="search-results"', 1)[1]
            assert found == (role in SEE), (role, query)
            assert ("Ningún resultado para" in page) == (role not in SEE), (role, query)
            assert (HIDDEN_TERM.capitalize() in page) == (role in SEE and query == HIDDEN_TERM), role
    assert "1 resultado para" in clients["secretaria"].get("/buscar/", {"q": HIDDEN_TERM}).content.decode()
    # POST is guarded the same way: a commissioner may not record an act, nor an outsider learn of one.
    assert (
        clients["comisionado"]
        .post(f"/expedientes/{n}/actos/respondent_notified/", {"occurred_date": "2027-03-02"})
        .status_code
        == 403
    )
    assert (
        clients["ajeno"]
        .post(f"/expedientes/{n}/actos/respondent_notified/", {"occurred_date": "2027-03-02"})
        .status_code
        == 404
    )
    # The candidate mark: staff only; a member who reads gets 403, whoever may not see the case 404.
    assert clients["comisionado"].post(f"/expedientes/{n}/candidatura/", {"candidate": "1"}).status_code == 403
    assert clients["sustituto"].post(f"/expedientes/{n}/candidatura/", {"candidate": "1"}).status_code == 403
    assert clients["inhibido"].post(f"/expedientes/{n}/candidatura/", {"candidate": "1"}).status_code == 404
    assert clients["secretaria_municipal"].post(f"/expedientes/{n}/candidatura/", {"candidate": "1"}).status_code == 404
    # Recording a report received: staff only; a member who reads gets 403, anybody else 404.
    person_url = f"/cuerpos/etica-camara/obligados/{world.respondent.pk}/"
    report = {"covers_year": "2024", "report_type": "initial", "filed_on": "2025-03-01"}
    for role, want in (("comisionado", 403), ("presidente", 403), ("sustituto", 404), ("admin", 404),
                       ("secretaria_municipal", 404), ("presidencia_camara", 404), ("anonymous", 302)):  # fmt: skip
        assert clients[role].post(person_url, report).status_code == want, role
    assert clients["personal"].post(person_url, report).status_code == 302
    # Sec. 10: recording a gift, a summons or a nepotism check is the staff's; a member may run the check.
    gift = {"received_on": "2027-02-01", "description": "Cesta", "value": "10.00", "source": "Club", "kind": "social"}
    check = {"candidate": "Ana Ficticia", "relation": "sibling+child", "action": "record"}
    for role, want in (("comisionado", 403), ("presidente", 403), ("sustituto", 404), ("admin", 404),
                       ("secretaria_municipal", 404), ("presidencia_camara", 404), ("anonymous", 302)):  # fmt: skip
        assert clients[role].post(person_url + "regalos/", gift).status_code == want, role
        assert clients[role].post(person_url + "nepotismo/", check).status_code == want, role
    assert clients["comisionado"].post(person_url + "nepotismo/", {**check, "action": "check"}).status_code == 200
    assert clients["sustituto"].post(person_url + "nepotismo/", {**check, "action": "check"}).status_code == 404
    assert clients["personal"].post(person_url + "regalos/", gift).status_code == 302

    # Turning an OEG referral into a case: staff only; a member gets 403, whoever may not see the case 404.
    turn = f"/expedientes/{walked.financial}/referido-oeg/"
    for role, want in (("comisionado", 403), ("presidente", 403), ("sustituto", 404), ("admin", 404),
                       ("secretaria_municipal", 404), ("presidencia_camara", 404), ("anonymous", 302)):  # fmt: skip
        assert clients[role].post(turn, {"received_on": "2027-03-02"}).status_code == want, role
    assert clients["personal"].post(turn, {"received_on": "2027-03-02"}).status_code == 302
    assert clients["secretaria"].get(turn).status_code == 404  # turned: nothing left to turn


def _conduct_urls(world):
    import datetime as dt
    from decimal import Decimal

    from ventila.compliance.conduct_actions import GiftInput, SummonsInput, do_record_gift, do_record_summons

    user, body, person = world.users["secretaria"], world.camara, world.respondent
    gift = do_record_gift(
        user=user, body=body, person=person, gift=GiftInput(dt.date(2027, 2, 1), "Cesta", Decimal("10.00"), "Club")
    )
    summons = do_record_summons(
        user=user, body=body, person=person, summons=SummonsInput("TPI-1", dt.date(2027, 2, 1), "witness")
    )
    base = f"/cuerpos/etica-camara/obligados/{person.pk}/"
    outsider = f"/cuerpos/etica-camara/obligados/{world.municipal_members[0].pk}/"
    return {
        base + "regalos/": _expect(**REGISTER_READ),
        base + f"regalos/{gift.pk}/corregir/": _expect(secretaria=200, personal=200, **REGISTER_READ_ONLY),
        base + "regalos/999999/corregir/": _expect(secretaria=404, personal=404, **REGISTER_READ_ONLY),
        base + "citaciones/": _expect(**REGISTER_READ),
        base + f"citaciones/{summons.pk}/corregir/": _expect(secretaria=200, personal=200, **REGISTER_READ_ONLY),
        base + "nepotismo/": _expect(**REGISTER_READ),
        outsider + "regalos/": _expect(),
        outsider + "citaciones/": _expect(),
        outsider + "nepotismo/": _expect(),
        f"/cuerpos/querellas-municipales/obligados/{person.pk}/regalos/": _expect(),
    }


def _financial_cases(world):
    """Issue 16: an officer's financial-report case whose report the OEG referred to the Commission, and
    the financial-report case of a member who is himself an obligated Representative."""
    import datetime as dt

    from ventila.compliance.actions import ReportInput, do_record_report
    from ventila.compliance.models import TenureCase
    from ventila.compliance.tenures import sync_person

    user = world.users["secretaria"]
    officer = make_person("Obligada", "Ficticia Acceso", role="officer", start=dt.date(2027, 1, 4))
    report = ReportInput(2026, "initial", dt.date(2027, 1, 20), True, True, "", dt.date(2027, 1, 21))
    do_record_report(user=user, body=world.camara, person=officer, report=report)
    fin = TenureCase.objects.get(person=officer).case
    record(world, fin, "preliminary_findings_received", "2027-02-01", covers_year=2026)
    record(world, fin, "findings_answered", "2027-02-05", covers_year=2026)
    record(world, fin, "oeg_final_action", "2027-02-20", outcome="referral", covers_year=2026, evidence_attached=True)
    sync_person(user=user, body=world.camara, person=world.members[5], reason="Prueba")
    return fin, TenureCase.objects.get(person=world.members[5]).case


def _documents(world, case):
    """A draft, an issued document served by hand, a calendar feed and a signed link (issue 4)."""
    import datetime as dt

    from ventila.documents.actions import do_create_draft, do_issue_document
    from ventila.documents.calendars import do_create_feed
    from ventila.documents.service import link_token

    user = world.users["secretaria"]
    entry = case.entries.get(seq=1)
    doc = do_issue_document(
        user=user, draft=do_create_draft(user=user, case=case, entry=entry, template="notice_of_complaint")
    )
    draft = do_create_draft(user=user, case=case, entry=entry, template="speaker_copy")
    delivery = deliver(world, doc, "mail", role="complainant", name="Ana", received_on=dt.date(2027, 3, 2))
    return {
        "draft": draft,
        "doc": doc,
        "delivery": delivery,
        "feed": do_create_feed(user=world.users["comisionado"]),
        "link": f"/documentos/enlace/{link_token(delivery)}/",
    }


def _online_evidence(case):
    """A filing record and a file the complainant added with the follow-up key (issue 5)."""
    import hashlib

    from ventila import clock, files
    from ventila.filing.models import Filing, Supplement
    from ventila.filing.services import key_hash

    filing = Filing.objects.create(case=case, key_hash=key_hash("CLAVE-DE-PRUEBA"), filed_at=clock.now())
    s = Supplement(
        filing=filing,
        kind="public_documents",
        description="Prueba",
        filename="p.pdf",
        sha256=hashlib.sha256(b"%PDF-").hexdigest(),  # every read is checked against it (ventila/files.py)
        size=5,
        content_type="application/pdf",
        received_at=clock.now(),
    )
    files.store(s.file, "p.pdf", b"%PDF-")
    s.save()
    return s


def _access_request(world):
    """An access request to the respondent's financial report (Sec. 17), with its report kept sealed."""
    import io

    from factories import at

    from ventila.cases.actions import do_file_case
    from ventila.cases.matters import do_store_requested_report

    office = world.respondent.offices.get()
    payload = {
        "requester_name": "Lucía Solicitante Ficticia",
        "requester_address": "Calle Luna 5, San Juan",
        "requester_occupation": "Periodista",
        "on_behalf_of": "Ella misma",
        "interest_statement": "Querella presentada.",
        "complaint_copy": True,
        "knows_use_limits": True,
        "knows_penalty": True,
        "sworn": True,
        "report_is_final": True,
    }
    request = do_file_case(
        user=world.users["secretaria"],
        body=world.camara,
        kind="report_access_request",
        respondent=world.respondent,
        respondent_role=office.role,
        respondent_office=office.title,
        act=ActInput("access_requested", at("2027-03-01 00:00"), False, payload),
    )
    upload = io.BytesIO(tiny_pdf())
    upload.name, upload.size = "informe.pdf", len(upload.getvalue())
    report = do_store_requested_report(user=world.users["secretaria"], case=request, upload=upload)
    return request, report
