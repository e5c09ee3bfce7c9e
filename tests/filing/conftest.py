from typing import Any

import pytest
from factories import fast_password_hasher, now, world  # noqa: F401  (fixtures)


@pytest.fixture
def local_mail_and_media(settings: Any, tmp_path: Any) -> None:
    """Mail to Django's in-memory outbox; uploads under the test's own folder (asked for by a module's
    ``pytestmark``)."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"
