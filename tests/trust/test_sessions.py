"""Database sessions: a new session is one INSERT, and a key already taken is never overwritten."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ventila.accounts import sessions
from ventila.accounts.sessions import SessionStore


@pytest.mark.django_db
def test_a_new_session_is_a_single_insert():
    store = SessionStore()
    store["filing"] = {"paso": 1}
    with CaptureQueriesContext(connection) as ctx:
        store.save()
    on_sessions = [q["sql"] for q in ctx.captured_queries if "django_session" in q["sql"]]
    assert len(on_sessions) == 1 and on_sessions[0].startswith("INSERT")
    assert SessionStore(store.session_key).load() == {"filing": {"paso": 1}}


@pytest.mark.django_db
def test_a_taken_key_is_never_overwritten_another_is_drawn(monkeypatch):
    first = SessionStore()
    first["owner"] = "primera"
    first.save()
    keys = iter([first.session_key, "k" * 32])
    monkeypatch.setattr(sessions, "get_random_string", lambda n, chars: next(keys))
    second = SessionStore()
    second["owner"] = "segunda"
    second.save()
    assert second.session_key == "k" * 32
    assert SessionStore(first.session_key).load() == {"owner": "primera"}
    assert SessionStore("k" * 32).load() == {"owner": "segunda"}


@pytest.mark.django_db(transaction=True)
def test_saving_a_session_is_one_update_and_a_deleted_one_is_not_revived(monkeypatch):
    from django.contrib.sessions.backends.base import UpdateError
    from django.db import transaction

    store = SessionStore()
    store["filing"] = {"paso": 1}
    store.save()
    store["filing"] = {"paso": 2}
    with monkeypatch.context() as m, CaptureQueriesContext(connection) as ctx:
        m.setattr(transaction, "atomic", lambda *a, **k: pytest.fail("no BEGIN … COMMIT around one UPDATE"))
        store.save()
    assert [q["sql"].split()[0] for q in ctx.captured_queries if "django_session" in q["sql"]] == ["UPDATE"]
    assert SessionStore(store.session_key).load() == {"filing": {"paso": 2}}
    SessionStore(store.session_key).delete()  # signed out elsewhere
    store["filing"] = {"paso": 3}
    with pytest.raises(UpdateError):
        store.save()
    assert not SessionStore().exists(store.session_key)


def _session_writes(client, url="/expedientes/"):
    with CaptureQueriesContext(connection) as ctx:
        r = client.get(url)
    assert r.status_code == 200
    return [q["sql"] for q in ctx.captured_queries if "django_session" in q["sql"] and "SELECT" not in q["sql"][:7]]


def _row(client):
    from django.contrib.sessions.models import Session

    return Session.objects.get(session_key=client.session.session_key)


@pytest.mark.django_db
def test_an_unchanged_session_is_written_at_most_once_a_minute_and_the_idle_limit_holds(world, settings):
    import datetime as dt

    from django.contrib.sessions.models import Session
    from django.test import Client
    from django.utils import timezone
    from factories import complete_second_factor

    c = Client()
    user = world.users["secretaria"]
    c.force_login(user)
    complete_second_factor(c, user)
    c.get("/expedientes/")
    # Within the minute, nothing changed: no write.
    assert _session_writes(c) == []
    assert _session_writes(c) == []
    before = _row(c).expire_date
    assert before - timezone.now() > dt.timedelta(seconds=settings.SESSION_COOKIE_AGE) - sessions.RENEW_GRANULARITY
    # Last written a minute ago (its expiry a minute nearer): the request renews it, once.
    Session.objects.filter(pk=_row(c).pk).update(expire_date=before - sessions.RENEW_GRANULARITY)
    assert [w.split()[0] for w in _session_writes(c)] == ["UPDATE"]
    assert _row(c).expire_date - timezone.now() > dt.timedelta(seconds=settings.SESSION_COOKIE_AGE - 5)
    assert _session_writes(c) == []
    # Idle past the limit: the stored expiry has passed, the user is signed out.
    Session.objects.filter(pk=_row(c).pk).update(expire_date=timezone.now() - dt.timedelta(seconds=1))
    r = c.get("/expedientes/")
    assert r.status_code == 302 and r["Location"].startswith("/entrar/")


@pytest.mark.django_db
def test_a_changed_session_is_written_at_once_even_a_value_changed_in_place():
    store = SessionStore()
    store["filing"] = {"paso": 1}
    store.save()
    again = SessionStore(store.session_key)
    assert again["filing"] == {"paso": 1}
    with CaptureQueriesContext(connection) as ctx:
        again.save()
    assert ctx.captured_queries == []  # unchanged, renewed less than a minute ago
    again["filing"]["paso"] = 2  # in place: Django's ``modified`` flag does not see it
    with CaptureQueriesContext(connection) as ctx:
        again.save()
    assert [q["sql"].split()[0] for q in ctx.captured_queries if "django_session" in q["sql"]] == ["UPDATE"]
    assert SessionStore(store.session_key).load() == {"filing": {"paso": 2}}
