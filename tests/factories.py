"""Factories and fixtures for the web app's tests (the rules tests need none of this).

Plain functions, no fixture files: each test builds the world it needs. Time is frozen through
:mod:`ventila.clock`.
"""

from __future__ import annotations

import copy
import datetime as dt
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

PR = dt.timezone(dt.timedelta(hours=-4))
_seq = itertools.count(1)


def at(text: str) -> dt.datetime:
    """``"2027-03-01 10:15"`` → an aware Puerto Rico datetime."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=PR)


def make_person(
    given: str = "",
    family: str = "",
    *,
    role: str | None = "representative",
    title: str = "",
    start: dt.date = dt.date(2025, 1, 2),
    municipality: str = "",
) -> Any:
    from ventila.bodies.models import OfficeTerm, Person

    n = next(_seq)
    person = Person.objects.create(given_name=given or f"Nombre{n}", family_name=family or f"Apellido{n} Ficticio")
    if role:
        OfficeTerm.objects.create(
            person=person, role=role, title=title or f"Cargo {n}", start=start, municipality=municipality
        )
    return person


def make_user(
    username: str, *, person: Any = None, superuser: bool = False, grants: tuple[tuple[Any, str], ...] = ()
) -> Any:
    from ventila.accounts.models import RoleGrant, User

    user = User.objects.create_user(
        username=username, password="clave-de-prueba-123", person=person, is_superuser=superuser, is_staff=superuser
    )
    for body, role in grants:
        RoleGrant.objects.create(user=user, body=body, role=role)
    return user


def make_camara(seats: int = 7) -> tuple[Any, list[Any]]:
    from ventila.bodies.models import Body, Membership

    body = Body.objects.create(
        slug="etica-camara",
        name="Comisión de Ética de la Cámara de Representantes",
        short_name="Ética Cámara",
        rulebook="camara-171",
        case_prefix="CE",
        seats=seats,
        approved=True,  # as two administrators would have (ventila.accounts.proposals)
    )
    positions = ["president", "vice_president", "secretary", "minority_spokesperson"] + ["member"] * (seats - 4)
    members = []
    for i, pos in enumerate(positions):
        p = make_person(f"Miembro{i + 1}", "Comisión Ficticia", title=f"Representante del Distrito {i + 1}")
        Membership.objects.create(body=body, person=p, position=pos, start=dt.date(2025, 1, 13))
        members.append(p)
    return body, members


def make_seated_body(positions: list[str], given: str, family: str, **fields: Any) -> tuple[Any, list[Any]]:
    """A body (approved, one seat per position) and its members, named ``<given><n> <family>``."""
    from ventila.bodies.models import Body, Membership

    body = Body.objects.create(seats=len(positions), approved=True, **fields)
    members = []
    for i, pos in enumerate(positions):
        p = make_person(f"{given}{i + 1}", family, role=None)
        Membership.objects.create(body=body, person=p, position=pos, start=dt.date(2025, 1, 13))
        members.append(p)
    return body, members


def make_municipal() -> tuple[Any, list[Any]]:
    return make_seated_body(
        ["president", "associate", "associate"],
        "Comisionada",
        "Municipal Ficticia",
        slug="querellas-municipales",
        name="Comisión para Ventilar Querellas Municipales",
        short_name="Querellas Municipales",
        rulebook="municipal",
        case_prefix="CVQM",
    )


@dataclass
class World:
    camara: Any
    members: list[Any]
    municipal: Any
    municipal_members: list[Any]
    respondent: Any
    users: dict[str, Any] = field(default_factory=dict)


def make_world() -> World:
    """Both bodies, their members, a respondent and a user per role. Their versions are written as one batch
    (``state.deferred``, as an act writes its own): one lock of the chain's head, not one per row."""
    from django.db import transaction

    from ventila.audit import state

    with transaction.atomic(), state.deferred():
        return _make_world()


def _make_world() -> World:
    from ventila.accounts.models import RoleGrant

    camara, members = make_camara()
    municipal, mmembers = make_municipal()
    respondent = make_person("Rafael", "Quiñones Ficticio", title="Representante del Distrito 40")
    users = {
        "secretaria": make_user("secretaria", grants=((camara, RoleGrant.Role.SECRETARY),)),
        "personal": make_user("personal", grants=((camara, RoleGrant.Role.STAFF),)),
        "presidente": make_user("presidente", person=members[0]),
        "comisionado": make_user("comisionado", person=members[4]),
        "presidencia_camara": make_user("presidencia_camara", grants=((camara, RoleGrant.Role.SPEAKERS_OFFICE),)),
        "admin": make_user("admin", superuser=True),
        "secretaria_municipal": make_user("secretaria_municipal", grants=((municipal, RoleGrant.Role.SECRETARY),)),
        "comisionada_municipal": make_user("comisionada_municipal", person=mmembers[0]),
        "ajeno": make_user("ajeno"),
    }
    return World(camara, members, municipal, mmembers, respondent, users)


@contextmanager
def built_once(django_db_blocker: Any, **overrides: Any) -> Iterator[None]:
    """For a fixture wider than one test (``scope="module"``): what it writes in the block stays for the tests
    that use it and is rolled back after the last. It is written inside a transaction that stays open; each
    test then runs in a savepoint inside it (what pytest-django's ``db`` does when a transaction is already
    open), as Django's ``TestCase.setUpTestData`` does for a class. Settings as the tests have them
    (``fast_password_hasher``), plus ``overrides``."""
    from django.db import transaction
    from django.test.utils import override_settings

    with (
        django_db_blocker.unblock(),
        override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"], **overrides),
    ):
        atomic = transaction.atomic()
        atomic._from_testcase = True  # as Django's TestCase marks its own: durable blocks inside are allowed
        atomic.__enter__()
        try:
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def signed_in(user: Any, **client_options: Any) -> Any:
    """A test client signed in as ``user``, second factor passed (``force_login`` outside a test's own fixtures
    is Django's, without the second factor that :func:`fast_password_hasher` adds)."""
    from django.test import Client

    client = Client(**client_options)
    Client.force_login(client, user)
    complete_second_factor(client, user)
    return client


class FrozenNow:
    """ "Now" for the tests, frozen through :mod:`ventila.clock`: ``set("2027-03-03 12:00")`` (or a datetime, or
    None for the real clock) returns the moment; ``current`` is the last one set."""

    DEFAULT = "2027-03-01 11:00"  # where the ``now`` fixture starts
    current: dt.datetime | None = None

    def set(self, when: str | dt.datetime | None) -> Any:
        from ventila import clock

        moment = at(when) if isinstance(when, str) else when
        clock.set_now(moment)
        self.current = moment
        return moment


@pytest.fixture
def now() -> Iterator[FrozenNow]:
    """Frozen "now", moved with ``now.set("2027-03-03 12:00")``."""
    n = FrozenNow()
    n.set(FrozenNow.DEFAULT)
    yield n
    n.set(None)


@pytest.fixture
def world(request: Any, db: Any, now: Any) -> World:
    """Both bodies, their people and users (:func:`make_world`): a copy of the module's own when every test of the
    module reads one (tests/conftest.py, ``_world_of_the_module``), else built for this test."""
    shared = getattr(request.module, "_ventila_world", None)
    return copy.deepcopy(shared) if shared is not None else make_world()


def complaint_act(when: str = "2027-03-01 10:15", knowledge: str = "2027-02-10", **payload: Any) -> Any:
    from ventila.cases.actions import ActInput

    moment = at(when)
    return ActInput(
        "complaint_filed",
        moment,
        True,
        {"knowledge_date": knowledge, "channel": "in_person", **payload},
        {"facts": "Hechos de prueba.", "provisions": "Sec. 10(j)"},
    )


COMPLAINANT = {"name": "Ana Ejemplo Ficticia", "email": "ana@example.org", "phone": "787-555-0100"}


def file_complaint(
    world: World,
    when: str = "2027-03-01 10:15",
    knowledge: str = "2027-02-10",
    respondent: Any = None,
    *,
    complainant: dict[str, str] | None = None,
    act: Any = None,
    **kw: Any,
) -> Any:
    """A House complaint against ``respondent`` (the world's), filed by the secretary: ``act`` or the filing of
    :func:`complaint_act` at ``when``, the complainant :data:`COMPLAINANT` unless given; ``kw`` go to
    ``do_file_case`` (``respondent_candidate``…)."""
    from ventila.cases.actions import do_file_case

    return do_file_case(
        user=world.users["secretaria"],
        body=world.camara,
        kind="complaint",
        respondent=respondent or world.respondent,
        respondent_role="representative",
        respondent_office="Representante del Distrito 40",
        complainant=dict(COMPLAINANT) if complainant is None else complainant,
        act=complaint_act(when, knowledge) if act is None else act,
        **kw,
    )


def file_municipal_complaint(
    world: World,
    *,
    mayor: tuple[str, str] = ("Alcalde", "Ficticio"),
    office: str = "Alcalde de Villa Ficticia",
    complainant: dict[str, str] | None = None,
    facts: str = "Contratos sin subasta.",
    evidence_attached: bool = True,
) -> Any:
    """A complaint against a fictitious mayor before the municipal Commission, filed 2027-03-01 10:00."""
    from ventila.cases.actions import ActInput, do_file_case

    person = make_person(*mayor, role="mayor", title=office, municipality="Villa Ficticia")
    payload: dict[str, Any] = {"complainant_kind": "citizen", "sworn": True}
    if evidence_attached:
        payload["evidence_attached"] = True
    return do_file_case(
        user=world.users["secretaria_municipal"],
        body=world.municipal,
        kind="complaint",
        respondent=person,
        respondent_role="mayor",
        respondent_office=office,
        complainant=complainant or {"name": "Ciudadano Ficticio"},
        act=ActInput("complaint_filed", at("2027-03-01 10:00"), True, payload, {"facts": facts}),
    )


def record(
    world: World,
    case: Any,
    event_type: str,
    when: str,
    *,
    user: str = "secretaria",
    ballots: dict[int, str] | None = None,
    supersedes: Any = None,
    details: dict[str, Any] | None = None,
    attachments: list[Any] | None = None,
    **payload: Any,
) -> Any:
    from ventila.cases.actions import ActInput, do_record_act

    has_time = len(when) > 10
    moment = at(when if has_time else when + " 00:00")
    act = ActInput(event_type, moment, has_time, payload, details or {}, ballots=ballots, supersedes=supersedes)
    if attachments:
        act.attachments = attachments
    return do_record_act(user=world.users[user], case=case, act=act)


def recuse(
    world: World, case: Any, member: Any, day: str, *, granted: bool = True, by: str = "member", **request: Any
) -> Any:
    """``member``'s recusal asked for on ``day`` (by the member, or ``by="party"`` with its ``grounds``) and decided
    the same day by the other members' roll call, all for (granted) or all against (denied); returns the decision."""
    record(world, case, "recusal_requested", day, member=str(member.pk), by=by, **request)
    ballots = {p.pk: ("yes" if granted else "no") for p in world.members if p.pk != member.pk}
    return record(world, case, "recusal_decided", day, member=str(member.pk), granted=granted, ballots=ballots)


def summon_witness(
    world: World,
    case: Any,
    moment: dt.datetime,
    *,
    witness: str = "Testigo",
    file: tuple[str, bytes, str] = ("citacion.txt", b"Citacion de prueba", "text/plain"),
    note: str = "",
) -> Any:
    """A witness summoned at ``moment`` with the summons attached (``file``: name, content, type) and ``note``,
    recorded by the secretary; returns the docket entry."""
    from ventila.cases.actions import ActInput, UploadedDocument, do_record_act

    act = ActInput(
        "witness_summoned", moment, True, {"witness": witness}, {}, note=note, attachments=[UploadedDocument(*file)]
    )
    return do_record_act(user=world.users["secretaria"], case=case, act=act)


def to_hearing(world: World, case: Any, now: FrozenNow, hearing: str = "2027-04-15T10:00") -> Any:
    """A House complaint filed on 1 March 2027 taken to a hearing notice (probable cause voted on 30 March, the
    notice on 1 April), each act recorded at 18:00 of its day; returns the notice's entry."""
    for day, act, payload, voted in (
        ("2027-03-03", "respondent_notified", {}, False),
        ("2027-03-10", "answer_filed", {}, False),
        ("2027-03-30", "determination_made", {"outcome": "probable_cause"}, True),
        ("2027-04-01", "hearing_noticed", {"hearing_date": hearing}, False),
    ):
        now.set(day + " 18:00")
        entry = record(world, case, act, day, ballots=unanimous(world) if voted else None, **payload)
    return entry


def past_the_hearing(world: World, case: Any, now: FrozenNow) -> None:
    """:func:`to_hearing`, then the hearing held on 15 April 2027 and the evidentiary hearing concluded on 16 April
    (at 18:00 of each day)."""
    to_hearing(world, case, now)
    for day, act in (("2027-04-15", "hearing_held"), ("2027-04-16", "evidentiary_hearing_concluded")):
        now.set(day + " 18:00")
        record(world, case, act, day)


def run_threads(*targets: Callable[[], Any], timeout: float | None = None) -> list[BaseException]:
    """Each target in a thread of its own, all started before any is waited for (``timeout`` seconds each); returns
    what they raised, which a thread would otherwise lose. Each closes its database connections as it ends."""
    import threading

    from django.db import connections

    errors: list[BaseException] = []

    def run(target: Callable[[], Any]) -> None:
        try:
            target()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(target,)) for target in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    return errors


def unanimous(world: World, yes: int = 7) -> dict[int, str]:
    return {p.pk: ("yes" if i < yes else "no") for i, p in enumerate(world.members)}


@pytest.fixture(autouse=True)
def fast_password_hasher(settings: Any, monkeypatch: Any) -> None:
    """Real hashing costs ~0.3 s a user; tests sign in dozens of users.

    Also: ``Client.force_login`` completes the second factor too (see :func:`complete_second_factor`),
    as the user would by typing the code; tests of the sign-in itself use the real forms.
    """
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from django.test import Client

    original = Client.force_login

    def force_login(self: Any, user: Any, backend: str | None = None) -> None:
        original(self, user, backend)
        complete_second_factor(self, user)

    monkeypatch.setattr(Client, "force_login", force_login)


def complete_second_factor(client: Any, user: Any) -> None:
    """Mark a signed-in test client as having passed the second factor (enrolling the user if needed)."""
    from django_otp import DEVICE_ID_SESSION_KEY

    from ventila.accounts import twofactor

    if not twofactor.requires_second_factor(user):
        return
    device = twofactor.confirmed_device(user) or twofactor.demo_device(user)
    session = client.session
    session[DEVICE_ID_SESSION_KEY] = device.persistent_id
    session.save()


def totp_code(user: Any) -> str:
    """The code the user's authenticator app shows now."""
    from ventila.accounts import twofactor

    device = twofactor.confirmed_device(user)
    assert device is not None, f"{user} has no second factor"
    return twofactor.current_code(device)


def tiny_pdf(pages: int = 1) -> bytes:
    """A real PDF (blank pages): uploads are parsed before they are accepted (ventila/cases/uploads.py)."""
    import io

    from pypdf import PdfWriter

    writer = PdfWriter()
    for _i in range(pages):
        writer.add_blank_page(612, 792)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def tiny_png() -> bytes:
    """A real 2×2 PNG."""
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (2, 2), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def computed_counts(body: Any, today: dt.date) -> dict[str, int]:
    """The work queue's tab counts as its filter finds them among the body's open cases (a staff user's view)."""
    from ventila.cases.models import Case
    from ventila.web.views.turns import MINE, WAITING, turn_filters

    qs = Case.objects.filter(body=body, status=Case.Status.OPEN)
    q = turn_filters([body], today, {body.pk})
    return {"all": qs.count(), MINE: qs.filter(q[MINE]).count(), WAITING: qs.filter(q[WAITING]).count()}


def assert_stored_counts_hold(*days: str) -> None:
    """On each of ``days`` (and a far later one), for every body: the counts stored per body and turn (issue 30,
    item 5) are the ones the queue's filter counts from the cases."""
    from ventila.bodies.models import Body
    from ventila.cases.models import Case
    from ventila.cases.queue_counts import stored_counts, turn_filters
    from ventila.web.views import turns

    for day in (*days, "2031-01-01"):
        today = dt.date.fromisoformat(day)
        for body in Body.objects.all():
            assert stored_counts([body.pk], today, {body.pk}) == computed_counts(body, today), (body.slug, day)
            # The tabs filter by the stored turn: the same cases as the rulebooks' filter, of any status.
            stored, rules = turn_filters([body.pk], today, {body.pk}), turns.turn_filters([body], today, {body.pk})
            for tab in (turns.MINE, turns.WAITING):
                cases = Case.objects.filter(body=body)
                assert set(cases.filter(stored[tab])) == set(cases.filter(rules[tab])), (body.slug, day, tab)
