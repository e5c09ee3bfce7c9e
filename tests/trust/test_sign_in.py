"""Sign-in: Argon2, the second factor (enrolment, codes, recovery codes), throttling of failed
attempts per account and per address, session expiry, and the user's own sign-in history."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.conf import settings as django_settings
from django.db.models import F
from django.test import Client
from factories import file_complaint

from ventila.accounts import twofactor
from ventila.accounts.models import RecoveryCode, SignInAttempt, User

pytestmark = pytest.mark.django_db
PASSWORD = "clave-de-prueba-123"


def sign_in_password(client: Client, username: str, password: str = PASSWORD, **extra):
    return client.post("/entrar/", {"username": username, "password": password}, **extra)


def enrol(client: Client, user) -> list[str]:
    """Complete a first sign-in's enrolment as the user would: read the key, type the app's code."""
    page = client.get("/entrar/inscribir/").content.decode()
    assert "<svg" in page  # the QR code, inline
    secret = re.search(r'<code class="secret">([A-Z2-7 ]+)</code>', page).group(1)
    device = twofactor.pending_device(user)
    assert secret.replace(" ", "") == twofactor.secret_base32(device)
    r = client.post("/entrar/inscribir/", {"code": twofactor.current_code(device), "next": "/expedientes/"})
    assert r.status_code == 200
    codes = re.findall(r"<li><code>([a-z2-9]{5}-[a-z2-9]{5})</code></li>", r.content.decode())
    assert len(codes) == twofactor.RECOVERY_CODES
    return codes


def test_argon2_is_the_first_hasher(settings):
    from ventila import settings as project

    assert project.PASSWORD_HASHERS[0] == "django.contrib.auth.hashers.Argon2PasswordHasher"
    settings.PASSWORD_HASHERS = project.PASSWORD_HASHERS
    user = User.objects.create_user("nueva", password="una-clave-larga-de-prueba")
    assert user.password.startswith("argon2$")


def test_a_demo_account_is_hashed_light_and_rehashed_in_full_at_its_first_sign_in(settings):
    from ventila import settings as project
    from ventila.web.management.commands.demo import demo_password_hash

    settings.PASSWORD_HASHERS = project.PASSWORD_HASHERS
    user = User.objects.create(username="demo-nueva", password=demo_password_hash("demo-Xk2v9QpL7wRt"))
    assert user.password.startswith("argon2$argon2id$v=19$m=1024,t=1,p=1$")
    assert Client().post("/entrar/", {"username": "demo-nueva", "password": "demo-Xk2v9QpL7wRt"}).status_code == 302
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$") and "m=1024,t=1" not in user.password
    assert user.check_password("demo-Xk2v9QpL7wRt")


def test_first_sign_in_enrols_then_every_sign_in_asks_for_the_code(world, now):
    case = file_complaint(world)
    user = world.users["secretaria"]
    c = Client()
    r = sign_in_password(c, "secretaria")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/inscribir/")
    # Password alone reaches nothing confidential.
    r = c.get(f"/expedientes/{case.number}/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/inscribir/")
    # A wrong code is refused beside the field, in Spanish.
    r = c.post("/entrar/inscribir/", {"code": "000000"})
    assert "El código no coincide" in r.content.decode()
    codes = enrol(c, user)
    assert not any(code in "".join(RecoveryCode.objects.values_list("digest", flat=True)) for code in codes)
    assert c.get(f"/expedientes/{case.number}/").status_code == 200
    c.post("/salir/")
    # Next time: the code, not the enrolment.
    r = sign_in_password(c, "secretaria")
    assert r["Location"].startswith("/entrar/verificar/")
    assert c.get("/expedientes/").status_code == 302
    r = c.post("/entrar/verificar/", {"code": "123456", "next": "/expedientes/"})
    assert r.status_code == 200 and "El código no es válido" in r.content.decode()
    # A recovery code works once.
    r = c.post("/entrar/verificar/", {"code": codes[0].upper(), "next": "/expedientes/"})
    assert r.status_code == 302 and r["Location"] == "/expedientes/"
    assert twofactor.recovery_codes_left(user) == twofactor.RECOVERY_CODES - 1
    c.post("/salir/")
    sign_in_password(c, "secretaria")
    r = c.post("/entrar/verificar/", {"code": codes[0], "next": "/expedientes/"})
    assert "El código no es válido" in r.content.decode()


def test_the_app_code_signs_in(world):
    user = world.users["comisionado"]
    device = twofactor.demo_device(user)
    c = Client()
    sign_in_password(c, "comisionado")
    r = c.post("/entrar/verificar/", {"code": twofactor.current_code(device), "next": "/expedientes/"})
    assert r.status_code == 302 and r["Location"] == "/expedientes/"
    assert c.get("/expedientes/").status_code == 200


@pytest.mark.parametrize(
    "username,required",
    [
        ("secretaria", True),
        ("personal", True),
        ("presidente", True),
        ("comisionado", True),
        ("presidencia_camara", True),
        ("admin", True),
        ("secretaria_municipal", True),
        ("comisionada_municipal", True),
        ("ajeno", False),
    ],
)
def test_who_must_use_two_factors(world, username, required):
    assert twofactor.requires_second_factor(world.users[username]) is required


def test_failed_passwords_are_throttled_per_account_and_address(world):
    limit = django_settings.VENTILA_SIGNIN_MAX_FAILURES
    c = Client()
    for _ in range(limit):
        r = sign_in_password(c, "secretaria", "mala")
        assert "Usuario o contraseña incorrectos" in r.content.decode()
    # Now even the right password is refused from here, with a clear Spanish message, and nothing typed is lost.
    r = sign_in_password(c, "secretaria")
    body = r.content.decode()
    assert r.status_code == 200 and "Demasiados intentos fallidos para esta cuenta desde esta dirección" in body
    assert "15 minutos" in body and 'value="secretaria"' in body
    # Another account is not affected.
    assert sign_in_password(Client(), "personal").status_code == 302
    outcomes = list(SignInAttempt.objects.filter(username="secretaria").values_list("outcome", flat=True))
    assert outcomes.count("failed") == limit and outcomes.count("throttled") == 1
    # When the window has passed, the right password works again.
    SignInAttempt.objects.update(at=F("at") - dt.timedelta(minutes=django_settings.VENTILA_SIGNIN_WINDOW_MINUTES))
    assert sign_in_password(c, "secretaria").status_code == 302


def test_wrong_passwords_from_elsewhere_do_not_lock_the_user_out(world):
    """Issue 11 item 13: five wrong passwords from an attacker's address lock that pair, not the account."""
    attacker = Client(REMOTE_ADDR="198.51.100.66")
    for _ in range(django_settings.VENTILA_SIGNIN_MAX_FAILURES):
        sign_in_password(attacker, "secretaria", "mala")
    assert "Demasiados intentos fallidos" in sign_in_password(attacker, "secretaria").content.decode()
    # The real user, from her own address, signs in with her password at once.
    r = sign_in_password(Client(REMOTE_ADDR="127.0.0.1"), "secretaria")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/inscribir/")


def _complete_sign_in(address: str, username: str) -> str:
    """A full sign-in (password and the app's code) from ``address``; the code it used."""
    device = twofactor.demo_device(world_user(username))
    c = Client(REMOTE_ADDR=address)
    assert sign_in_password(c, username).status_code == 302
    code = twofactor.current_code(device)
    r = c.post("/entrar/verificar/", {"code": code, "next": "/expedientes/"})
    assert r.status_code == 302 and r["Location"] == "/expedientes/"
    return code


def world_user(username: str) -> User:
    return User.objects.get(username=username)


def test_a_replayed_code_is_refused_without_counting(world):
    """Issue 11 item 13: the app code already used is refused as such, and never locks the account."""
    user = world.users["presidente"]
    used = _complete_sign_in("127.0.0.1", "presidente")
    codes = twofactor.new_recovery_codes(user)
    c = Client()
    sign_in_password(c, "presidente")
    for _ in range(django_settings.VENTILA_SIGNIN_MAX_FAILURES + 2):
        r = c.post("/entrar/verificar/", {"code": used, "next": "/expedientes/"})
        assert r.status_code == 200 and "Ese código ya se usó" in r.content.decode()
    assert not SignInAttempt.objects.filter(username="presidente", outcome="failed").exists()
    assert SignInAttempt.objects.filter(username="presidente", outcome="replayed").count() == (
        django_settings.VENTILA_SIGNIN_MAX_FAILURES + 2
    )
    # Not locked: a recovery code signs in.
    r = c.post("/entrar/verificar/", {"code": codes[0], "next": "/expedientes/"})
    assert r.status_code == 302 and r["Location"] == "/expedientes/"


def test_failed_sign_ins_are_throttled_per_address(world):
    limit = django_settings.VENTILA_SIGNIN_MAX_ADDRESS_FAILURES
    c = Client(REMOTE_ADDR="192.0.2.7")
    for i in range(limit):
        sign_in_password(c, f"inventado{i}", "mala")  # spraying many names from one address
    r = sign_in_password(c, "personal")
    assert "Demasiados intentos fallidos desde esta dirección de red" in r.content.decode()
    assert sign_in_password(Client(REMOTE_ADDR="192.0.2.8"), "personal").status_code == 302


def test_wrong_second_factor_codes_count_too(world):
    user = world.users["presidente"]
    device = twofactor.demo_device(user)
    c = Client()
    sign_in_password(c, "presidente")
    for _ in range(django_settings.VENTILA_SIGNIN_MAX_FAILURES):
        c.post("/entrar/verificar/", {"code": "000000"})
    r = c.post("/entrar/verificar/", {"code": twofactor.current_code(device)})
    assert "Demasiados intentos fallidos" in r.content.decode()
    assert c.get("/expedientes/").status_code == 302


def test_the_administrators_site_is_throttled_too(world):
    limit = django_settings.VENTILA_SIGNIN_MAX_FAILURES
    c = Client()
    for _ in range(limit):
        c.post("/admin/login/", {"username": "admin", "password": "mala"})
    c.post("/admin/login/", {"username": "admin", "password": PASSWORD})
    assert "_auth_user_id" not in c.session
    assert SignInAttempt.objects.filter(username="admin", outcome="throttled").count() == 1


def test_sessions_expire(world, settings):
    assert settings.SESSION_COOKIE_AGE == 30 * 60 and settings.SESSION_SAVE_EVERY_REQUEST
    assert settings.SESSION_EXPIRE_AT_BROWSER_CLOSE
    c = Client()
    c.force_login(world.users["secretaria"])
    assert c.get("/expedientes/").status_code == 200
    session = c.session
    session["ventila_signed_in_at"] -= settings.VENTILA_SESSION_MAX_HOURS * 3600 + 1
    session.save()
    r = c.get("/expedientes/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/?next=")
    assert "_auth_user_id" not in c.session
    assert "Su sesión terminó" in c.get(r["Location"]).content.decode()


def test_sign_in_history_is_visible_to_the_user(world):
    c = Client(HTTP_USER_AGENT="Navegador de prueba/1.0")
    sign_in_password(c, "personal", "mala")
    sign_in_password(c, "personal")
    c.post("/entrar/verificar/", {"code": "000000"})
    codes = enrol(c, world.users["personal"]) if not twofactor.confirmed_device(world.users["personal"]) else []
    assert codes
    page = c.get("/cuenta/").content.decode()
    assert page.count("Fallido") >= 1 and page.count("Correcto") >= 2
    assert "Navegador de prueba/1.0" in page and "127.0.0.1" in page
    # Only one's own history.
    other = Client()
    other.force_login(world.users["secretaria"])
    assert "Navegador de prueba" not in other.get("/cuenta/").content.decode()
    # New recovery codes replace the old ones.
    r = c.post("/cuenta/", {"action": "recovery_codes"})
    assert r.status_code == 200 and not set(codes) & set(re.findall(r"[a-z2-9]{5}-[a-z2-9]{5}", r.content.decode()))


def test_pages_carry_a_content_security_policy(client):
    r = client.get("/entrar/")
    csp = r["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert "unsafe-inline" not in csp


def test_behind_the_proxy_the_client_address_comes_from_its_header(world, settings):
    settings.VENTILA_CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    limit = settings.VENTILA_SIGNIN_MAX_ADDRESS_FAILURES
    proxy = Client(REMOTE_ADDR="127.0.0.1")  # every request arrives from the proxy
    for i in range(limit):
        sign_in_password(proxy, f"inventado{i}", "mala", HTTP_X_REAL_IP="203.0.113.5")
    r = sign_in_password(proxy, "personal", HTTP_X_REAL_IP="203.0.113.5")
    assert "Demasiados intentos fallidos desde esta dirección de red" in r.content.decode()
    # Another client behind the same proxy is not blocked, and the address recorded is the client's.
    assert (
        sign_in_password(Client(REMOTE_ADDR="127.0.0.1"), "personal", HTTP_X_REAL_IP="203.0.113.6").status_code == 302
    )
    assert SignInAttempt.objects.filter(address="203.0.113.5").count() == limit + 1


def _verified_client(world, username="secretaria"):
    from factories import complete_second_factor

    c = Client()
    user = world.users[username]
    c.force_login(user)
    complete_second_factor(c, user)
    return c, user


def test_a_verified_session_costs_no_device_query_and_a_removed_device_ends_it(world):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django_otp.plugins.otp_totp.models import TOTPDevice

    c, user = _verified_client(world)
    assert c.get("/expedientes/").status_code == 200
    with CaptureQueriesContext(connection) as ctx:
        assert c.get("/expedientes/").status_code == 200
    reads = [q["sql"] for q in ctx.captured_queries]
    assert not [q for q in reads if q.lstrip().startswith('SELECT "otp_totp_totpdevice"')], reads
    # The device checked in the user's own SELECT: unconfirmed, then removed (reset-second-factor), the
    # session no longer counts as verified: back to the second-factor pages.
    TOTPDevice.objects.filter(user=user).update(confirmed=False)
    r = c.get("/expedientes/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/")
    c, user = _verified_client(world)
    TOTPDevice.objects.filter(user=user).delete()
    r = c.get("/expedientes/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/")


def test_another_users_device_in_the_session_does_not_verify_it(world):
    from django_otp import DEVICE_ID_SESSION_KEY

    other, other_user = _verified_client(world, "personal")
    stolen = other.session[DEVICE_ID_SESSION_KEY]
    c = Client()
    c.force_login(world.users["secretaria"])
    session = c.session
    session[DEVICE_ID_SESSION_KEY] = stolen
    session.save()
    r = c.get("/expedientes/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/")
    assert DEVICE_ID_SESSION_KEY not in c.session


def test_a_second_confirmed_device_still_verifies_the_library_way(world):
    from django_otp import DEVICE_ID_SESSION_KEY
    from django_otp.plugins.otp_totp.models import TOTPDevice

    c, user = _verified_client(world)
    second = TOTPDevice.objects.create(user=user, name="otro", confirmed=True)
    session = c.session
    session[DEVICE_ID_SESSION_KEY] = second.persistent_id
    session.save()
    assert c.get("/expedientes/").status_code == 200
    second.delete()
    r = c.get("/expedientes/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/")
