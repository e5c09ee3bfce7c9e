"""The demo's world (``ventila demo``), built once for every test of this package.

Building the demo takes longer than any test that reads it, so it is built once, inside a transaction that
is rolled back when the package's last test has run; each test runs in a savepoint of its own inside it (what
pytest-django's ``db`` fixture does when a transaction is already open), so whatever a test writes is gone
before the next. ``./run test`` sends this package's tests to one worker (the scope given in
``tests/conftest.py``), so the demo is built once per database pass. Time stands at the demo's own "now" (``DEMO_NOW``) in every test.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from factories import at, built_once, fast_password_hasher, now  # noqa: F401  (fixtures)

DEMO_NOW = "2027-06-15 09:00"


@dataclass(frozen=True)
class Demo:
    var_dir: Path
    printed: str  # what `ventila demo` printed (the sign-ins)
    now: Any  # the `now` fixture, set to DEMO_NOW


@pytest.fixture(scope="package")
def demo_world(django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: Any) -> Iterator[tuple[Path, str]]:
    from ventila import clock

    var = tmp_path_factory.mktemp("demo")
    out = io.StringIO()
    with built_once(
        django_db_blocker,
        VAR_DIR=var,
        MEDIA_ROOT=var / "media",
        VENTILA_SIGNING_DIR=var / "signing",  # the demo CA and the bodies' certificates (issue 32)
        VENTILA_SIGNING_DEMO=True,
        VENTILA_SIGNING_BODIES={},
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    ):
        clock.set_now(at(DEMO_NOW))
        try:
            call_command("demo", stdout=out)
        finally:
            clock.set_now(None)
        yield var, out.getvalue()


@pytest.fixture
def demo(demo_world: tuple[Path, str], db: Any, now: Any, settings: Any) -> Demo:  # noqa: F811
    var, printed = demo_world
    settings.VAR_DIR = var
    settings.MEDIA_ROOT = var / "media"
    settings.VENTILA_SIGNING_DIR, settings.VENTILA_SIGNING_DEMO, settings.VENTILA_SIGNING_BODIES = (
        var / "signing",
        True,
        {},
    )
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    now.set(DEMO_NOW)
    return Demo(var, printed, now)
