"""Django's database sessions, less one query per new session.

Django picks a new session key by asking the database whether a random key is taken, then inserts
it — but the insert itself refuses a taken key (``must_create``: the primary key is unique) and
Django then tries another. With 32 random characters (≈165 bits) the question is never answered
"taken", so it is skipped: a new session costs one INSERT, not a SELECT and an INSERT.
"""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.utils.crypto import get_random_string


class SessionStore(db.SessionStore):
    def _get_new_session_key(self) -> str:
        return get_random_string(32, VALID_KEY_CHARS)

    async def _aget_new_session_key(self) -> str:
        return get_random_string(32, VALID_KEY_CHARS)
