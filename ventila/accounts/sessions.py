"""Django's database sessions, with fewer round trips to the database on every request.

- A new session: Django picks a key by asking the database whether a random key is taken, then
  inserts it — but the insert itself refuses a taken key (``must_create``: the primary key is
  unique) and Django then tries another. With 32 random characters (≈165 bits) the question is
  never answered "taken", so it is skipped: one INSERT, not a SELECT and an INSERT.
- Saving an existing session (every request: ``SESSION_SAVE_EVERY_REQUEST``): one UPDATE, atomic
  by itself, instead of BEGIN, UPDATE, COMMIT. A session deleted meanwhile (signed out elsewhere)
  still raises :class:`UpdateError`, as Django's does.
- A session whose data did not change is written only when its expiry would move by
  :data:`RENEW_GRANULARITY` or more (once a minute while the user is active), not on every request.
  The idle limit stays the stored ``expire_date``: it ends at most that much *earlier* than
  ``SESSION_COOKIE_AGE`` after the last request, never later. The data is compared as serialized
  (a nested value changed in place is seen), not by Django's ``modified`` flag.
"""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS, UpdateError
from django.db import connections, router
from django.utils import timezone
from django.utils.crypto import get_random_string

RENEW_GRANULARITY = dt.timedelta(minutes=1)


@functools.cache
def _session_sql() -> str:
    meta = db.SessionStore.get_model_class()._meta
    key, expires = meta.get_field("session_key").column, meta.get_field("expire_date").column
    return f'SELECT * FROM "{meta.db_table}" WHERE "{key}" = %s AND "{expires}" > %s'  # nosec B608 - names from the model


class SessionStore(db.SessionStore):
    _stored: tuple[Any, bytes] | None = None  # (expire_date, serialized data) as read from the database

    def _get_session_from_db(self) -> Any:
        """Django's lookup (the key, not yet expired), as one SELECT written once: it runs on every request."""
        using = router.db_for_read(self.model)
        now = connections[using].ops.adapt_datetimefield_value(timezone.now())
        s = next(iter(self.model.objects.db_manager(using).raw(_session_sql(), [self.session_key, now])), None)
        if s is None:
            self._session_key = None
        self._stored = None if s is None else (s.expire_date, s.session_data)
        return s

    def load(self) -> dict[str, Any]:
        data = super().load()
        if self._stored is not None:
            self._stored = (self._stored[0], self.serializer().dumps(data)) if data else None
        return data

    def _get_new_session_key(self) -> str:
        return get_random_string(32, VALID_KEY_CHARS)

    async def _aget_new_session_key(self) -> str:
        return get_random_string(32, VALID_KEY_CHARS)

    def save(self, must_create: bool = False) -> Any:
        stored = self._stored
        if (
            stored is not None
            and self.session_key is not None
            and not must_create
            and self.get_expiry_date() - stored[0] < RENEW_GRANULARITY
            and self.serializer().dumps(self._get_session()) == stored[1]
        ):
            return None
        using = router.db_for_write(self.model)
        if self.session_key is None or must_create or connections[using].in_atomic_block:
            self._stored = None
            return super().save(must_create=must_create)
        data = self._get_session()
        obj = self.create_model_instance(data)
        updated = (
            self.model.objects.using(using)
            .filter(session_key=obj.session_key)
            .update(session_data=obj.session_data, expire_date=obj.expire_date)
        )
        if not updated:
            raise UpdateError
        self._stored = (obj.expire_date, self.serializer().dumps(data))
        return None
