"""Issue 26, finding 9: sign-in and sessions attacked. Someone who knows only a user name cannot keep the user out
(from new addresses, nor at her desk on the office network); the session key changes at the second factor; the
follow-up key of a filing is never in the session in clear; ended sessions are purged by the daily job."""

from __future__ import annotations

import datetime as dt
import io
import time
from types import SimpleNamespace

import pytest
from django.conf import settings as django_settings
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from ventila.accounts import throttle, twofactor
from ventila.accounts.models import SignInAttempt, User

pytestmark = pytest.mark.django_db
PASSWORD = "clave-de-prueba-123"


def _password(client: Client, username: str, password: str = PASSWORD):
    return client.post("/entrar/", {"username": username, "password": password})


def _code(client: Client, user: User):
    """The second step with a code of this user's (a fresh recovery code: the app's code of this half-minute
    may be spent)."""
    code = twofactor.new_recovery_codes(user)[0]
    return client.post("/entrar/verificar/", {"code": code, "next": "/expedientes/"})


def test_a_thousand_wrong_passwords_from_a_hundred_addresses_leave_the_user_free_from_a_new_one(world):
    """The attack of the issue: 1,000 wrong passwords for one user name, ten from each of 100 addresses. Each
    address meets its own limit (five real guesses, then refused unchecked); the person is not locked."""
    user = world.users["secretaria"]
    twofactor.demo_device(user)
    limit = django_settings.VENTILA_SIGNIN_MAX_FAILURES
    attackers = [f"203.0.{n // 250}.{n % 250 + 1}" for n in range(100)]
    # The first address over HTTP, guess by guess, as the attacker types them.
    first = Client(REMOTE_ADDR=attackers[0])
    codes = [_password(first, "secretaria", f"mala{i}").status_code for i in range(10)]
    assert codes == [200] * 10
    assert (
        "Demasiados intentos fallidos para esta cuenta desde esta dirección"
        in _password(first, "secretaria").content.decode()
    )
    # The other 99 addresses, ten each: what their guesses leave in the history (the only state the limits read).
    now = timezone.now()
    SignInAttempt.objects.bulk_create(
        SignInAttempt(
            at=now - dt.timedelta(seconds=i),
            username="secretaria",
            address=address,
            step=SignInAttempt.Step.PASSWORD,
            outcome=SignInAttempt.Outcome.FAILED if i < limit else SignInAttempt.Outcome.THROTTLED,
        )
        for address in attackers[1:]
        for i in range(10)
    )
    assert SignInAttempt.objects.filter(username="secretaria").count() >= 1000
    # Every attacking address is refused, even with the right password...
    assert throttle.blocked_until("secretaria", attackers[57]) is not None
    # ... and the user, from an address she has never used, signs in with her password and her code.
    me = Client(REMOTE_ADDR="198.51.100.200")
    r = _password(me, "secretaria")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/verificar/"), r.content.decode()[:500]
    assert _code(me, user)["Location"] == "/expedientes/"
    assert me.get("/expedientes/").status_code == 200


def test_a_colleague_on_the_office_network_cannot_lock_the_user_out_at_her_desk(world):
    """Everyone at the office shares one address: guesses for her name (and sprayed over many names) from there
    lock that address, not the browser she signs in from (its signed cookie)."""
    user = world.users["secretaria"]
    twofactor.demo_device(user)
    office = "192.0.2.50"
    desk = Client(REMOTE_ADDR=office)
    assert _password(desk, "secretaria").status_code == 302
    assert _code(desk, user)["Location"] == "/expedientes/"
    assert throttle.DEVICE_COOKIE in desk.cookies
    desk.post("/salir/")
    colleague = Client(REMOTE_ADDR=office)
    for i in range(django_settings.VENTILA_SIGNIN_MAX_ADDRESS_FAILURES):
        _password(colleague, "secretaria" if i % 2 else f"otro{i}", "mala")
    assert "Demasiados intentos fallidos" in _password(colleague, "secretaria").content.decode()
    r = _password(desk, "secretaria")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/verificar/"), r.content.decode()[:400]
    assert _code(desk, user)["Location"] == "/expedientes/"
    # Her browser's own wrong passwords still count, for her browser alone.
    desk.post("/salir/")
    for _i in range(django_settings.VENTILA_SIGNIN_MAX_FAILURES):
        _password(desk, "secretaria", "mala")
    assert "desde este navegador" in _password(desk, "secretaria").content.decode()
    # The cookie is hers alone: no pass for another account's name, nor once altered.
    cookie = desk.cookies[throttle.DEVICE_COOKIE].value
    assert throttle.known_device(SimpleNamespace(COOKIES={throttle.DEVICE_COOKIE: cookie}), "secretaria")
    assert throttle.known_device(SimpleNamespace(COOKIES={throttle.DEVICE_COOKIE: cookie}), "personal") is None
    assert throttle.known_device(SimpleNamespace(COOKIES={throttle.DEVICE_COOKIE: "x" + cookie}), "secretaria") is None


def test_the_session_key_changes_at_the_second_factor(world):
    user = world.users["secretaria"]
    twofactor.demo_device(user)
    c = Client()
    assert _password(c, "secretaria").status_code == 302
    before = c.session.session_key
    assert _code(c, user)["Location"] == "/expedientes/"
    after = c.session.session_key
    assert after != before
    assert not Session.objects.filter(session_key=before).exists()  # the key seen before the code is dead
    assert c.get("/expedientes/").status_code == 200


def test_ended_sessions_are_purged_by_the_daily_job(world):
    c = Client()
    _password(c, "personal")
    Session.objects.create(session_key="x" * 32, session_data="", expire_date=timezone.now() - dt.timedelta(hours=1))
    out = io.StringIO()
    started = time.monotonic()
    call_command("purge_expired", stdout=out)
    assert time.monotonic() - started < 2
    assert not Session.objects.filter(session_key="x" * 32).exists()
    assert Session.objects.filter(session_key=c.session.session_key).exists()
    assert "1 sesiones vencidas" in out.getvalue()
