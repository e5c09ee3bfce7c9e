"""The system administrator cannot reach a case nor a credential (issue 11, item 11).

The administrators' site is walked as the superuser, link by link: no page shows a password hash, a
TOTP key or a recovery code, nor anything of a case (number, parties, contact data, docket, filing,
documents); role grants, seats, closures and election days are not editable there, and neither is a
password, a second factor, an account's link to a seated person or its administrator flags. Those
are audited server commands that need a second administrator and a reason, written to the chain
(functions: proposed by one administrator, approved by another with password and code —
tests/trust/test_proposals.py)."""

from __future__ import annotations

import datetime as dt
import io
import re
from collections import deque

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django_otp.plugins.otp_totp.models import TOTPDevice
from factories import file_complaint, make_user
from filing.helpers import camara_steps, walk

from ventila.accounts import twofactor
from ventila.accounts.models import RecoveryCode, RoleGrant, User
from ventila.audit import chain
from ventila.audit.models import OperatorAction, StateRecord
from ventila.bodies.models import Closure, Membership
from ventila.cases.actions import do_add_closure
from ventila.cases.models import Party
from ventila.filing.models import Filing

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(world, now, settings, tmp_path):
    """A filed case (public form), a staff case, enrolled second factors with recovery codes, and a
    second administrator."""
    settings.MEDIA_ROOT = tmp_path / "media"
    walk(Client(), "etica-camara", camara_steps(world))
    case = file_complaint(world)
    do_add_closure(user=world.users["secretaria"], body=world.camara, day=dt.date(2027, 3, 4), reason="Huracán")
    for name in ("secretaria", "presidente", "admin"):
        twofactor.demo_device(world.users[name])
        twofactor.new_recovery_codes(world.users[name])
    world.users["admin2"] = make_user("admin2", superuser=True)
    return {"case": case, "filing": Filing.objects.get(), "world": world}


def secrets_of_the_database() -> list[str]:
    """Every credential stored: password hashes (and their digest part), TOTP keys (hex and base32),
    recovery code digests."""
    out = []
    for password in User.objects.values_list("password", flat=True):
        out += [password, password.rsplit("$", 1)[-1]]
    for device in TOTPDevice.objects.all():
        out += [device.key, twofactor.secret_base32(device)]
    out += list(RecoveryCode.objects.values_list("digest", flat=True))
    return [s for s in out if len(s) >= 16]


def what_a_case_is_made_of(site) -> list[str]:
    out = []
    for party in Party.objects.all():
        # A respondent from the register is a Person the admin may see; that he is a party is not.
        out += [v for v in (party.name, party.email, party.phone, party.postal_address) if v and "Ficticio" not in v]
        out.append(str(party))
    # CE-2027-0001 (the filed case) is also the example in a help text of the body form; the other is not.
    assert site["case"].number == "CE-2027-0002"
    out += [site["case"].number, site["case"].caption, site["filing"].key_hash]
    out += ["usar un vehículo oficial", "Hechos de prueba"]  # the facts of the two complaints
    return out


def test_the_administrator_walks_the_whole_admin_and_finds_no_credential_and_no_case(site):
    admin = Client()
    admin.force_login(site["world"].users["admin"])
    forbidden = secrets_of_the_database() + what_a_case_is_made_of(site)
    seen, queue = set(), deque(["/admin/"])
    while queue and len(seen) < 400:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        r = admin.get(url)
        assert r.status_code in (200, 302, 404), (url, r.status_code)
        if r.status_code != 200:
            continue
        page = r.content.decode()
        for s in forbidden:
            assert s not in page, (url, s)
        for href in re.findall(r'href="(/admin/[^"#]*)"', page):
            href = href.replace("&amp;", "&")
            if "logout" not in href and "?" not in href:
                queue.append(href)
    assert len(seen) > 10  # the walk went somewhere
    assert not any(re.search(r"/admin/(cases|documents|filing|audit|otp_totp|auth)/", u) for u in seen), seen
    for url in [
        "/admin/cases/case/",
        "/admin/cases/party/",
        "/admin/cases/docketentry/",
        "/admin/documents/document/",
        "/admin/filing/filing/",
        "/admin/filing/supplement/",
        "/admin/otp_totp/totpdevice/",
        "/admin/accounts/rolegrant/",
        "/admin/accounts/recoverycode/",
        "/admin/bodies/membership/",
        "/admin/audit/chainlink/",
        "/admin/audit/accesslog/",
        "/admin/auth/group/",
        f"/admin/accounts/user/{site['world'].users['secretaria'].pk}/password/",
        "/admin/accounts/user/add/",
    ]:
        assert admin.get(url).status_code in (302, 403, 404), url


def test_the_administrator_cannot_grant_himself_a_case_nor_take_over_an_account_in_the_admin(site):
    world = site["world"]
    admin = Client()
    admin.force_login(world.users["admin"])
    closure = Closure.objects.get()
    assert (
        admin.post(
            "/admin/bodies/closure/add/", {"body": world.camara.pk, "day": "2027-03-05", "reason": "x"}
        ).status_code
        == 403
    )
    assert (
        admin.post(
            f"/admin/bodies/closure/{closure.pk}/change/", {"body": world.camara.pk, "day": "2027-03-06", "reason": "x"}
        ).status_code
        == 403
    )
    assert admin.post(f"/admin/bodies/closure/{closure.pk}/delete/", {"post": "yes"}).status_code == 403
    assert admin.post("/admin/bodies/electionday/add/", {"kind": "general", "day": "2027-06-01"}).status_code == 403
    # The account form: the admin links himself to the president's seat, makes himself staff of the
    # body, sets a password — none of it is taken.
    me = world.users["admin"]
    before = (me.person_id, me.password, RoleGrant.objects.count())
    target = world.users["secretaria"]
    r = admin.post(
        f"/admin/accounts/user/{me.pk}/change/",
        {
            "username": "admin",
            "first_name": "Admin",
            "last_name": "",
            "email": "",
            "is_active": "on",
            "person": world.members[0].pk,
            "is_superuser": "on",
            "password": "nueva-clave-123",
            "role_grants-TOTAL_FORMS": "1",
            "role_grants-INITIAL_FORMS": "0",
            "role_grants-MIN_NUM_FORMS": "0",
            "role_grants-MAX_NUM_FORMS": "1000",
            "role_grants-0-body": world.camara.pk,
            "role_grants-0-role": "staff",
            "role_grants-0-user": me.pk,
        },
    )
    assert r.status_code in (200, 302)
    me.refresh_from_db()
    assert (me.person_id, me.password, RoleGrant.objects.count()) == before
    pw = target.password
    admin.post(
        f"/admin/accounts/user/{target.pk}/password/",
        {"password1": "x-Clave-larga-123", "password2": "x-Clave-larga-123"},
    )
    target.refresh_from_db()
    assert target.password == pw
    # The body: its rulebook, numbering and seats are fixed, and no seat is added here.
    body = world.camara
    admin.post(
        f"/admin/bodies/body/{body.pk}/change/",
        {
            "slug": body.slug,
            "name": body.name,
            "short_name": body.short_name,
            "rulebook": "municipal",
            "case_prefix": "XX",
            "seats": 3,
            "memberships-TOTAL_FORMS": "1",
            "memberships-INITIAL_FORMS": "0",
            "memberships-MIN_NUM_FORMS": "0",
            "memberships-MAX_NUM_FORMS": "1000",
            "memberships-0-person": world.respondent.pk,
            "memberships-0-position": "member",
            "memberships-0-start": "2027-01-01",
        },
    )
    body.refresh_from_db()
    assert (body.rulebook, body.case_prefix, body.seats) == ("camara-171", "CE", 7)
    assert not Membership.objects.filter(person=world.respondent).exists()
    # And the administrator still reaches no case by any of it.
    assert admin.get(f"/expedientes/{site['case'].number}/").status_code == 404
    assert chain.verify().ok


def _ops(*extra: str) -> list[str]:
    return ["--operator", "admin", "--approved-by", "admin2", *extra]


# Role grants: one administrator proposes, another approves signing in again (tests/trust/test_proposals.py).


def test_password_and_second_factor_resets_are_two_person_commands_recorded_in_the_chain(site):
    world = site["world"]
    user = world.users["secretaria"]
    old = user.password
    out = io.StringIO()
    with pytest.raises(CommandError, match="username"):
        call_command("reset-password", "nadie", *_ops("--reason", "x"), stdout=out)
    call_command("reset-password", "secretaria", *_ops("--reason", "Olvidó su contraseña (ticket 88)"), stdout=out)
    user.refresh_from_db()
    new = out.getvalue().splitlines()[1]
    assert user.password != old and user.check_password(new)
    assert new not in OperatorAction.objects.get(action="reset-password").detail
    assert TOTPDevice.objects.filter(user=user).exists() and RecoveryCode.objects.filter(user=user).exists()
    call_command("reset-second-factor", "secretaria", *_ops("--reason", "Perdió el teléfono"), stdout=out)
    assert not TOTPDevice.objects.filter(user=user).exists() and not RecoveryCode.objects.filter(user=user).exists()
    assert twofactor.confirmed_device(user) is None  # enrols again at the next sign-in
    actions = list(OperatorAction.objects.values_list("action", "target", "approver"))
    assert actions == [("reset-password", "secretaria", "admin2"), ("reset-second-factor", "secretaria", "admin2")]
    assert chain.verify().ok


def test_membership_command_seats_a_member_with_two_people_and_a_reason(site):
    world = site["world"]
    out = io.StringIO()

    def seat(start, reason):
        pk = str(world.respondent.pk)
        call_command("membership", "add", "etica-camara", pk, "--start", start, *_ops("--reason", reason), stdout=out)

    with pytest.raises(CommandError, match="--start"):
        seat("ayer", "x")
    seat("2027-03-01", "Resolución de la Cámara")
    m = Membership.objects.get(person=world.respondent)
    with pytest.raises(CommandError, match="--end"):
        call_command("membership", "end", str(m.pk), "--end", "2027-02-01", *_ops("--reason", "x"), stdout=out)
    call_command("membership", "end", str(m.pk), "--end", "2027-03-31", *_ops("--reason", "Renuncia"), stdout=out)
    versions = list(
        StateRecord.objects.filter(kind="bodies.Membership", object_id=str(m.pk)).values_list("version", "reason")
    )
    assert versions == [(1, "Resolución de la Cámara"), (2, "Renuncia")]
    assert chain.verify().ok
