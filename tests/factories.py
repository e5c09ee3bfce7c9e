"""Factories and fixtures for the web app's tests (the rules tests need none of this).

Plain functions, no fixture files: each test builds the world it needs. Time is frozen through
:mod:`ventila.clock`.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator
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


def make_municipal() -> tuple[Any, list[Any]]:
    from ventila.bodies.models import Body, Membership

    body = Body.objects.create(
        slug="querellas-municipales",
        name="Comisión para Ventilar Querellas Municipales",
        short_name="Querellas Municipales",
        rulebook="municipal",
        case_prefix="CVQM",
        seats=3,
        approved=True,
    )
    members = []
    for i, pos in enumerate(["president", "associate", "associate"]):
        p = make_person(f"Comisionada{i + 1}", "Municipal Ficticia", role=None)
        Membership.objects.create(body=body, person=p, position=pos, start=dt.date(2025, 1, 13))
        members.append(p)
    return body, members


@dataclass
class World:
    camara: Any
    members: list[Any]
    municipal: Any
    municipal_members: list[Any]
    respondent: Any
    users: dict[str, Any] = field(default_factory=dict)


def make_world() -> World:
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


@pytest.fixture
def now() -> Iterator[Any]:
    """Frozen "now", moved with ``now.set("2027-03-03 12:00")``."""
    from ventila import clock

    class Now:
        def set(self, text: str) -> dt.datetime:
            moment = at(text)
            clock.set_now(moment)
            return moment

    n = Now()
    n.set("2027-03-01 11:00")
    yield n
    clock.set_now(None)


@pytest.fixture
def world(db: Any, now: Any) -> World:
    return make_world()


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


def file_complaint(
    world: World, when: str = "2027-03-01 10:15", knowledge: str = "2027-02-10", respondent: Any = None, **kw: Any
) -> Any:
    from ventila.cases.actions import do_file_case

    return do_file_case(
        user=world.users["secretaria"],
        body=world.camara,
        kind="complaint",
        respondent=respondent or world.respondent,
        respondent_role="representative",
        respondent_office="Representante del Distrito 40",
        complainant={"name": "Ana Ejemplo Ficticia", "email": "ana@example.org", "phone": "787-555-0100"},
        act=complaint_act(when, knowledge),
        **kw,
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
    **payload: Any,
) -> Any:
    from ventila.cases.actions import ActInput, do_record_act

    has_time = len(when) > 10
    moment = at(when if has_time else when + " 00:00")
    return do_record_act(
        user=world.users[user],
        case=case,
        act=ActInput(event_type, moment, has_time, payload, details or {}, ballots=ballots, supersedes=supersedes),
    )


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
