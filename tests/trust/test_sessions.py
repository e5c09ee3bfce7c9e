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
    assert [q["sql"].split()[0] for q in ctx.captured_queries] == ["UPDATE"]
    assert SessionStore(store.session_key).load() == {"filing": {"paso": 2}}
    SessionStore(store.session_key).delete()  # signed out elsewhere
    store["filing"] = {"paso": 3}
    with pytest.raises(UpdateError):
        store.save()
    assert not SessionStore().exists(store.session_key)
