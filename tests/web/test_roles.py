"""Issue 15, roles: a commissioner's «Mi despacho» and his own vote (decision 11), «Mi cuenta» (recovery
codes running out, changing the password), the second-factor pages without the staff menu, and the
sign-in's error summary. Through HTTP, on both databases."""

from __future__ import annotations

import re

import pytest
from django.db import DatabaseError, transaction
from django.test import Client
from factories import file_complaint, record, unanimous

from ventila.accounts import twofactor
from ventila.accounts.models import SignInAttempt
from ventila.audit import chain
from ventila.audit.models import ChainLink
from ventila.cases.actions import OwnVoteRefused, current_own_votes, do_record_own_vote
from ventila.cases.models import Case, MemberVote

from .helpers import ASSEMBLY, open_municipal_complaint, recuse

pytestmark = pytest.mark.django_db


def _signed_in(user):
    c = Client()
    c.force_login(user)
    return c


def _radio(page, pk, value):
    found = re.search(rf'<input[^>]*name="vote_{pk}" value="{value}"[^>]*>', page)
    assert found, f"no radio vote_{pk}={value}"
    return found.group(0)


def _examined(world, now, **kw):
    """A House complaint answered and under examination: the Commission's determination is awaited
    (CAM-06-01: decided by roll call)."""
    now.set("2027-03-20 12:00")
    case = file_complaint(world, **kw)
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "answer_filed", "2027-03-15")
    case = Case.objects.get(pk=case.pk)
    assert "determination_made" in case.allowed_next
    return case


def _with_hearing(world, now, case, ballots):
    record(world, case, "determination_made", "2027-03-15", outcome="probable_cause", ballots=ballots)
    record(world, case, "hearing_noticed", "2027-03-16", hearing_date="2027-04-15T10:00")
    return Case.objects.get(pk=case.pk)


def test_commissioner_home_lists_his_pending_vote_hearing_and_cases_and_not_a_hidden_one(world, now):
    comisionado = world.users["comisionado"]
    member = world.members[4]
    pending = _examined(world, now)
    heard = _with_hearing(world, now, _examined(world, now), unanimous(world))
    # A case against the commissioner himself (Sec. 8): he is out of it, so it never shows, though it
    # awaits a vote and has a hearing.
    hidden = _examined(world, now, respondent=member)
    hidden_heard = _with_hearing(
        world, now, _examined(world, now, respondent=member), {k: "yes" for k in unanimous(world) if k != member.pk}
    )
    now.set("2027-03-20 12:00")
    c = _signed_in(comisionado)
    r = c.get("/")
    assert r.status_code == 302 and r["Location"] == "/mi-despacho/"
    page = c.get("/mi-despacho/").content.decode()
    votes, rest = page.split('id="vistas"')
    hearings, cases = rest.split('id="casos"')
    assert pending.number in votes and "Determinación de la Comisión" in votes
    assert f'href="/expedientes/{pending.number}/votos/determination_made/"' in votes
    assert heard.number not in votes  # its determination was recorded: no vote awaited
    assert heard.number in hearings and "jueves, 15 de abril de 2027, 10:00" in hearings
    assert pending.number in cases and heard.number in cases
    for n in (hidden.number, hidden_heard.number):
        assert n not in page
    # The secretary has no seat: the start page sends her to the queue; «Mi despacho» is not hers.
    sec = _signed_in(world.users["secretaria"])
    r = sec.get("/")
    assert r.status_code == 302 and r["Location"] == "/expedientes/"
    assert sec.get("/mi-despacho/").status_code == 404
    assert "Mi despacho" in page and "Mi despacho" not in sec.get("/expedientes/").content.decode()


def test_own_vote_is_recorded_with_the_commissioner_as_actor_and_offered_on_the_roll_call(world, now):
    comisionado = world.users["comisionado"]
    member = world.members[4]
    case = _examined(world, now)
    c = _signed_in(comisionado)
    url = f"/expedientes/{case.number}/votos/determination_made/"
    page = c.get(url).content.decode()
    assert "CAM-06-01" in page and 'name="vote"' in page
    r = c.post(url, {})
    assert r.status_code == 200 and "Hay un problema con su voto" in r.content.decode()
    assert "Elija su voto" in r.content.decode() and not MemberVote.objects.exists()
    r = c.post(url, {"vote": "no"})
    assert r.status_code == 302 and r["Location"] == "/mi-despacho/"
    r = c.post(url, {"vote": "yes"})  # he changes his mind: a new row, the latest counts
    assert r.status_code == 302
    rows = list(MemberVote.objects.order_by("id"))
    assert [(v.vote, v.person_id, v.recorded_by_id, v.event_type) for v in rows] == [
        ("no", member.pk, comisionado.pk, "determination_made"),
        ("yes", member.pk, comisionado.pk, "determination_made"),
    ]
    assert current_own_votes(case, "determination_made")[member.pk].vote == "yes"
    # In the audit chain, each as its own link; the chain verifies.
    links = ChainLink.objects.filter(kind="cases.MemberVote").values_list("object_id", flat=True)
    assert sorted(links) == sorted(str(v.pk) for v in rows)
    assert chain.verify(check_files=False).ok
    # Append-only: the database refuses to change or delete it.
    for change in (lambda: MemberVote.objects.filter(pk=rows[0].pk).update(vote="abstain"), rows[0].delete):
        with pytest.raises(DatabaseError), transaction.atomic():
            change()
    assert "Su voto anotado: A favor" in c.get("/mi-despacho/").content.decode()
    # The secretary keeps the roll call: his own vote is offered as his ballot, the others' are not.
    sec = _signed_in(world.users["secretaria"])
    form = sec.get(f"/expedientes/{case.number}/actos/determination_made/").content.decode()
    assert "Anotó su propio voto en ventila: A favor" in form
    assert "checked" in _radio(form, member.pk, "yes") and "checked" not in _radio(form, member.pk, "no")
    assert "checked" not in _radio(form, world.members[0].pk, "yes")
    # Once she records the determination, no vote is awaited: his page says so, and refuses.
    record(world, case, "determination_made", "2027-03-15", outcome="probable_cause", ballots=unanimous(world))
    r = c.get(url)
    assert r.status_code == 409 and "no espera ahora una votación" in r.content.decode()
    assert c.post(url, {"vote": "no"}).status_code == 409 and MemberVote.objects.count() == 2
    assert current_own_votes(case, "determination_made") == {}
    assert case.number not in c.get("/mi-despacho/").content.decode().split('id="vistas"')[0]


def test_own_vote_refused_when_excluded_recused_or_not_allowed(world, now):
    # A party to the case (Sec. 8): he does not see it (404) and the action refuses too.
    member = world.members[4]
    own = _examined(world, now, respondent=member)
    c = _signed_in(world.users["comisionado"])
    assert c.get(f"/expedientes/{own.number}/votos/determination_made/").status_code == 404
    with pytest.raises(OwnVoteRefused, match="no vota"):
        do_record_own_vote(user=world.users["comisionado"], case=own, event_type="determination_made", vote="yes")
    # A member recused in the case (Sec. 9): out of it.
    case = _examined(world, now)
    recused = world.members[4]
    recuse(world, case, recused, "2027-03-15")
    assert c.get(f"/expedientes/{case.number}/votos/determination_made/").status_code == 404
    with pytest.raises(OwnVoteRefused):
        do_record_own_vote(user=world.users["comisionado"], case=case, event_type="determination_made", vote="yes")
    # The president still votes there; an act that is not put to a vote has no such page.
    pres = _signed_in(world.users["presidente"])
    assert pres.get(f"/expedientes/{case.number}/votos/determination_made/").status_code == 200
    assert pres.get(f"/expedientes/{case.number}/votos/answer_filed/").status_code == 404
    # The secretary sees the case but has no vote of her own: she records the roll call.
    sec = _signed_in(world.users["secretaria"])
    r = sec.get(f"/expedientes/{case.number}/votos/determination_made/")
    assert r.status_code == 403 and "Usted no vota sobre este acto" in r.content.decode()
    assert not MemberVote.objects.exists()


def test_municipal_commissioners_do_not_record_their_own_vote_decision_11(world, now):
    """Decision 11 (MUN-QUO-01): the municipal Commission votes at its meeting; its secretary records it."""
    sec = _signed_in(world.users["secretaria_municipal"])
    case = open_municipal_complaint(sec, world, **ASSEMBLY)
    now.set("2027-03-20 12:00")
    for act, data in (
        ("respondent_notified", {"occurred_date": "2027-03-03", "certified_copy": "on"}),
        ("answer_filed", {"occurred_date": "2027-03-15"}),
    ):
        assert sec.post(f"/expedientes/{case.number}/actos/{act}/", data).status_code == 302
    case = Case.objects.get(pk=case.pk)
    assert "dismissed" in case.allowed_next
    c = _signed_in(world.users["comisionada_municipal"])
    page = c.get("/mi-despacho/").content.decode().split('id="vistas"')[0]
    assert case.number in page and "la Secretaría anota la votación" in page
    assert "/votos/" not in page
    r = c.post(f"/expedientes/{case.number}/votos/dismissed/", {"vote": "yes"})
    assert r.status_code == 403 and "decisión 11" in r.content.decode()
    assert not MemberVote.objects.exists()


def test_mi_cuenta_warns_when_recovery_codes_run_out(world):
    user = world.users["secretaria"]
    c = _signed_in(user)  # enrolled (a confirmed device)
    codes = twofactor.new_recovery_codes(user)
    page = c.get("/cuenta/").content.decode()
    assert "Le quedan 10 códigos de recuperación sin usar" in page and "alert-warning" not in page
    for code in codes[:7]:
        assert twofactor.use_recovery_code(user, code)
    page = c.get("/cuenta/").content.decode()
    assert "alert-warning" not in page  # 3 left
    assert twofactor.use_recovery_code(user, codes[7])
    page = c.get("/cuenta/").content.decode()
    assert "Le quedan 2 códigos de recuperación</h2>" in page and 'href="#codigos"' in page
    assert twofactor.use_recovery_code(user, codes[8])
    assert "Le queda 1 código de recuperación</h2>" in c.get("/cuenta/").content.decode()
    assert twofactor.use_recovery_code(user, codes[9])
    page = c.get("/cuenta/").content.decode()
    assert "No le quedan códigos de recuperación</h2>" in page and 'role="alert"' in page
    assert 'id="codigos"' in page and 'value="recovery_codes"' in page
    # Generating new ones ends the warning.
    c.post("/cuenta/", {"action": "recovery_codes"})
    assert "alert-error" not in c.get("/cuenta/").content.decode()


def test_password_change_checks_the_old_one_and_the_validators_and_is_in_the_history(world):
    user = world.users["comisionado"]
    c = _signed_in(user)
    assert 'href="/cuenta/contrasena/"' in c.get("/cuenta/").content.decode()
    url = "/cuenta/contrasena/"
    r = c.post(url, {"old_password": "mala", "new_password1": "Otra-clave-larga-2027", "new_password2": "x"})
    body = r.content.decode()
    assert r.status_code == 200 and "Hay un problema con la contraseña" in body and "No se anotó nada" not in body
    assert "La contraseña actual no es correcta" in body and "<title>Error:" in body
    assert SignInAttempt.objects.filter(user=user, step="pw_change", outcome="failed").count() == 1
    r = c.post(url, {"old_password": "clave-de-prueba-123", "new_password1": "12345678", "new_password2": "12345678"})
    body = r.content.decode()
    assert r.status_code == 200 and "completamente numérica" in body  # the project's validators
    r = c.post(
        url, {"old_password": "clave-de-prueba-123", "new_password1": "Otra-clave-larga-2027", "new_password2": "Otra"}
    )
    assert r.status_code == 200 and "Las dos contraseñas nuevas no coinciden" in r.content.decode()
    new = "Otra-clave-larga-2027"
    r = c.post(url, {"old_password": "clave-de-prueba-123", "new_password1": new, "new_password2": new})
    assert r.status_code == 302 and r["Location"] == "/cuenta/"
    user.refresh_from_db()
    assert user.check_password(new)
    page = c.get("/cuenta/").content.decode()  # still signed in, second factor still passed
    assert "Se cambió su contraseña" in page and "Cambio de contraseña" in page
    assert SignInAttempt.objects.filter(user=user, step="pw_change", outcome="ok").count() == 1


def test_second_factor_pages_show_no_staff_menu(world):
    user = world.users["secretaria"]
    c = Client()
    r = c.post("/entrar/", {"username": "secretaria", "password": "clave-de-prueba-123"})
    assert r["Location"].startswith("/entrar/inscribir/")
    page = c.get(r["Location"]).content.decode()
    assert "Active el segundo factor" in page
    for item in ("Cola de trabajo", "Mi calendario", "Mi cuenta", "Mi despacho"):
        assert item not in page
    assert "Salir (" in page  # signing out is always possible
    twofactor.demo_device(user)  # now enrolled: the next sign-in asks for the code
    c = Client()
    r = c.post("/entrar/", {"username": "secretaria", "password": "clave-de-prueba-123"})
    assert r["Location"].startswith("/entrar/verificar/")
    page = c.get(r["Location"]).content.decode()
    assert "Segundo factor" in page and "Cola de trabajo" not in page and "Mi cuenta" not in page
    r = c.post("/entrar/verificar/", {"code": "000000"})
    body = r.content.decode()
    assert "Hay un problema con el código" in body and "No se anotó nada" not in body
    assert "Cola de trabajo" not in body
    r = c.post("/entrar/verificar/", {"code": twofactor.current_code(twofactor.confirmed_device(user))})
    assert r.status_code == 302
    assert "Cola de trabajo" in c.get("/expedientes/").content.decode()


def test_sign_in_errors_have_their_own_heading(world):
    r = Client().post("/entrar/", {"username": "secretaria", "password": "mala"})
    body = r.content.decode()
    assert r.status_code == 200 and "Hay un problema con la entrada" in body
    assert "No se anotó nada" not in body and "Usuario o contraseña incorrectos" in body
