"""Home, sign-in, language, error pages, the work queue and the calendar."""

from __future__ import annotations

import datetime as dt

import pytest
from factories import file_complaint, record

from ventila.cases.models import Case

pytestmark = pytest.mark.django_db


def test_home_page_is_spanish(client):
    r = client.get("/")
    assert r.status_code == 200
    body = r.content.decode()
    assert '<html lang="es">' in body
    assert "Querellas de ética, término a término" in body and "Saltar al contenido principal" in body
    assert 'id="contenido"' in body and 'role="banner"' in body and 'role="contentinfo"' in body


def test_english_is_available(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    body = client.get("/").content.decode()
    assert '<html lang="en">' in body
    assert "Skip to main content" in body and "Saltar al contenido principal" not in body


def test_sign_in_in_spanish_keeps_the_username(client, world):
    r = client.post("/entrar/", {"username": "secretaria", "password": "mala"})
    assert r.status_code == 200
    body = r.content.decode()
    assert "Usuario o contraseña incorrectos" in body and 'value="secretaria"' in body
    r = client.post("/entrar/", {"username": "secretaria", "password": "clave-de-prueba-123"})
    # Then the second factor (issue 7): a first sign-in enrols; a code from the app completes it. The
    # start page then sends each user to his own start (the secretary: the work queue).
    assert r.status_code == 302 and r["Location"] == "/entrar/inscribir/?next=%2F"
    from ventila.accounts import twofactor

    code = twofactor.current_code(twofactor.pending_device(world.users["secretaria"]))
    r = client.post("/entrar/inscribir/?next=%2Fexpedientes%2F", {"code": code, "next": "/expedientes/"})
    assert r.status_code == 200 and "Códigos de recuperación" in r.content.decode()
    assert client.get("/expedientes/").status_code == 200
    r = client.get("/")
    assert r.status_code == 302 and r["Location"] == "/expedientes/"


def test_anonymous_is_sent_to_sign_in(client):
    r = client.get("/expedientes/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/?next=")


def test_not_found_page_is_spanish(client):
    r = client.get("/no-existe/")
    assert r.status_code == 404
    body = r.content.decode()
    assert "Página no encontrada" in body and '<html lang="es">' in body and "Traceback" not in body


def test_server_error_page_is_spanish_without_a_traceback(client, world, monkeypatch):
    from ventila.web.views import case_page

    def boom(*a, **k):
        raise RuntimeError("secreto interno")

    monkeypatch.setattr(case_page, "refresh_if_stale", boom)
    file_complaint(world)
    client.force_login(world.users["secretaria"])
    client.raise_request_exception = False
    r = client.get("/expedientes/CE-2027-0001/")
    assert r.status_code == 500
    body = r.content.decode()
    assert "Error del servidor" in body and "secreto interno" not in body and "Traceback" not in body


def test_case_page_shows_parties_terms_and_the_trace(client, world, now):
    case = file_complaint(world)
    now.set("2027-03-03 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    client.force_login(world.users["secretaria"])
    body = client.get(f"/expedientes/{case.number}/").content.decode()
    assert "Ana Ejemplo Ficticia" in body and "Rafael Quiñones Ficticio" in body
    assert "Contestar la querella" in body and "jueves, 25 de marzo de 2027" in body
    assert "quedan 22 días" in body  # Mar 3 → Mar 25
    assert "CAM-21B-02" in body and "Sec. 21(b)(2)" in body
    assert "¿Por qué esta fecha?" in body and "Día de la Abolición de la Esclavitud" in body


def _cases_due(world, now):
    """Five cases whose next terms fall on different days (filed on different days)."""
    made = []
    for day in ("2027-03-01", "2027-03-03", "2027-03-08", "2027-03-10", "2027-03-15"):
        now.set(day + " 18:00")
        made.append(file_complaint(world, when=day + " 10:00", knowledge=day))
    return made


@pytest.mark.template_context
def test_queue_sorted_by_next_due_with_keyset_pages(client, world, now, monkeypatch):
    from ventila.web.views import queue as views

    made = _cases_due(world, now)
    now.set("2027-03-15 18:00")
    client.force_login(world.users["secretaria"])
    monkeypatch.setattr(views, "PAGE_SIZE", 2)
    seen = []
    url = "/expedientes/"
    while url:
        r = client.get(url)
        page = r.context["items"]
        seen += [it["case"].number for it in page]
        url = f"/expedientes/?after={r.context['next_cursor']}" if r.context["next_cursor"] else ""
    expected = [c.number for c in sorted(Case.objects.all(), key=lambda c: (c.next_due, c.pk))]
    assert seen == expected and len(seen) == len(made)
    dues = [Case.objects.get(number=n).next_due for n in seen]
    assert dues == sorted(dues)


@pytest.mark.template_context
def test_queue_filters(client, world, now):
    _cases_due(world, now)
    now.set("2027-03-15 18:00")  # Monday
    client.force_login(world.users["secretaria"])

    def numbers(query):
        return [it["case"].number for it in client.get("/expedientes/?" + query).context["items"]]

    # notify_respondent, 3 business days from filing: Mar 1 → Fri Mar 5 (Mar 2 is a holiday),
    # Mar 3 → Mon Mar 8, Mar 8 → Thu Mar 11 are past; Mar 10 → Mon Mar 15, Mar 15 → Thu Mar 18 are not.
    assert numbers("due=overdue") == ["CE-2027-0001", "CE-2027-0002", "CE-2027-0003"]
    # Due this week (Mon Mar 15 – Sun Mar 21): Mar 15 (from Mar 10) and Mar 18 (from Mar 15).
    assert numbers("due=week") == ["CE-2027-0004", "CE-2027-0005"]
    assert len(numbers("body=etica-camara&kind=complaint&stage=filed")) == 5
    assert numbers("stage=closed") == []
    assert numbers("body=querellas-municipales") == []


def test_closure_day_moves_open_terms(client, world, now):
    case = file_complaint(world)
    client.force_login(world.users["secretaria"])
    assert case.deadlines.get(deadline_id="notify_respondent").due == dt.date(2027, 3, 5)
    r = client.post(
        "/cuerpos/etica-camara/calendario/",
        {"form": "closure", "day": "2027-03-04", "reason": "Orden Ejecutiva (huracán)"},
    )
    assert r.status_code == 302
    # Mar 2 holiday, Mar 4 closed: 3 business days after Mar 1 → Mon Mar 8.
    d = Case.objects.get(pk=case.pk).deadlines.get(deadline_id="notify_respondent")
    assert d.due == dt.date(2027, 3, 8) and "jueves, 4 de marzo de 2027: cierre declarado" in d.trace_es()
    r = client.post("/cuerpos/etica-camara/calendario/", {"form": "closure", "day": "2027-03-04", "reason": "x"})
    assert r.status_code == 200 and "Ese día ya está declarado como cierre" in r.content.decode()
    closure = world.camara.closures.get()
    client.post(f"/cuerpos/etica-camara/calendario/cierres/{closure.pk}/eliminar/", {"reason": "Anotado por error"})
    assert Case.objects.get(pk=case.pk).deadlines.get(deadline_id="notify_respondent").due == dt.date(2027, 3, 5)


def test_election_days_feed_the_summary_procedure(client, world, now):
    """Sec. 24: a complaint against a candidate filed within 120 days of an election is summary."""
    client.force_login(world.users["secretaria"])
    r = client.post(
        "/cuerpos/etica-camara/calendario/",
        {"form": "election", "kind": "general", "day": "2027-06-01", "reason": "Código Electoral"},
    )
    assert r.status_code == 302
    case = file_complaint(world, respondent_candidate=True)
    assert Case.objects.get(pk=case.pk).procedure == "summary"
    assert case.deadlines.filter(deadline_id="summary_total").exists()


def test_queue_is_an_index_scan_without_a_sort(world, now):
    """The staff queue of one body reads the (body, next_due, id) index in order: no sort step."""
    from django.db import connection

    from ventila.cases.access import access_cases_for_user
    from ventila.web.views.queue import PAGE_SIZE

    _cases_due(world, now)
    qs = (
        access_cases_for_user(world.users["secretaria"])
        .filter(status="open", next_due__isnull=False)
        .order_by("next_due", "id")[: PAGE_SIZE + 1]
    )
    sql, params = qs.query.sql_with_params()
    with connection.cursor() as cur:
        if connection.vendor == "sqlite":
            cur.execute("EXPLAIN QUERY PLAN " + sql, params)
            plan = " ".join(str(r[-1]) for r in cur.fetchall())
            assert "case_queue" in plan and "TEMP B-TREE" not in plan, plan
        else:
            # On a near-empty table the planner's costs for "index in order" and "other index + sort"
            # tie and its choice follows stale statistics; disabling sort makes it show whether an
            # index serves the order at all (a disabled Sort would still appear if none did).
            cur.execute("SET LOCAL enable_seqscan = off")
            cur.execute("SET LOCAL enable_sort = off")
            cur.execute("EXPLAIN " + sql, params)
            plan = " ".join(r[0] for r in cur.fetchall())
            assert "case_queue" in plan and "Sort" not in plan, plan


def test_case_page_in_english(client, world, now):
    case = file_complaint(world)
    client.force_login(world.users["secretaria"])
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    body = client.get(f"/expedientes/{case.number}/").content.decode()
    assert '<html lang="en">' in body and "Why this date?" in body and "Open terms" in body
    assert "Serve the complaint on the respondent" in body and "Complaint filed" in body
    r = client.get(f"/expedientes/{case.number}/actos/answer_filed/")
    assert r.status_code == 409 and "The rulebook does not allow “Answer filed” now" in r.content.decode()
