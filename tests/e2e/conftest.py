"""Browser tests: Playwright driving Debian's Chromium (never a downloaded browser) against a live
server. Without Chromium they are skipped with a loud note saying how to install it, as the
PostgreSQL pass is; with ``VENTILA_REQUIRE_BROWSER=1`` (what ``.ci/run`` sets) they fail instead."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from factories import fast_password_hasher, make_world, now  # noqa: F401  (fixtures)

CHROMIUM = os.environ.get("VENTILA_CHROMIUM", "/usr/bin/chromium")
MISSING = (
    f"Chromium no está en {CHROMIUM}: instálelo con «sudo apt-get install chromium» (Debian/Ubuntu) "
    "o indique otro con VENTILA_CHROMIUM."
)


def chromium_missing() -> bool:
    return not os.access(CHROMIUM, os.X_OK)


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Without Chromium: skip the browser tests (a note at the end says so), or fail them when required."""
    if not chromium_missing() or os.environ.get("VENTILA_REQUIRE_BROWSER") == "1":
        return
    here = Path(__file__).parent
    skip = pytest.mark.skip(reason=f"SIN NAVEGADOR: {MISSING}")
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter: Any, config: Any) -> None:
    skipped = sum("SIN NAVEGADOR" in str(r.longrepr) for r in terminalreporter.stats.get("skipped", []))
    if skipped:
        terminalreporter.write_sep("!", f"{skipped} pruebas de navegador (tests/e2e) OMITIDAS", red=True, bold=True)
        terminalreporter.write_line(MISSING, red=True, bold=True)
        terminalreporter.write_line(
            "Con VENTILA_REQUIRE_BROWSER=1 (lo que fija .ci/run) fallan en vez de omitirse.", red=True, bold=True
        )


ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="package")
def chromium() -> Iterator[Any]:
    """Chromium, launched once for the browser tests (``./run test`` sends them all to one worker). Playwright's
    sync API keeps an event loop in this thread while it runs, so only then — from the first browser test to the
    last, never in the environment of the other tests or the processes they start — is Django told that the
    tests' own (synchronous) ORM calls are safe."""
    if chromium_missing():  # only with VENTILA_REQUIRE_BROWSER=1: otherwise the tests were skipped
        pytest.fail(f"{MISSING} VENTILA_REQUIRE_BROWSER=1: las pruebas de navegador son obligatorias.")
    from playwright.sync_api import sync_playwright

    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            yield b
            b.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def browser(request: Any, chromium: Any) -> Iterator[Any]:
    """The package's Chromium for one test, after the test's database; the pages the test opened are closed
    when it ends (before its database is flushed), so every test starts with none."""
    if "e2e_world" in request.fixturenames:
        request.getfixturevalue("e2e_world")
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def e2e_world(transactional_db: Any, now: Any, settings: Any, tmp_path: Path) -> Iterator[Any]:  # noqa: F811
    from django.db import connection

    from ventila.cases.db_triggers import purge_docket

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"
    yield make_world()
    purge_docket(connection)  # the triggers refuse the DELETE that flushing the tables would do


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Iterator[Any]:
    context = browser.new_context(base_url=live_server.url, locale="es-PR", **PHONE)
    page = context.new_page()
    yield page
    context.close()


def signed_in_context(browser: Any, live_server: Any, user: Any) -> Any:
    """A browser context with a staff session (password and second factor done, as in the web tests)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    return context


SCREENSHOTS = os.environ.get("VENTILA_SCREENSHOTS", "")  # a folder: the browser tests save their pages there


def shot(page: Any, name: str, *, widths: tuple[int, ...] = (), full_page: bool = True) -> None:
    """For a person to look at: with ``VENTILA_SCREENSHOTS=<folder>``, the page saved there as ``<name>.png``, or at
    each of ``widths`` as ``<name>-<width>.png`` (the viewport put back after). Without it, nothing: no test reads a
    picture, and a full-page screenshot is the costliest thing Chromium does in a run."""
    if not SCREENSHOTS:
        return
    folder = Path(SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    if not widths:
        page.screenshot(path=str(folder / f"{name}.png"), full_page=full_page)
        return
    before = page.viewport_size
    for width in widths:
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=full_page)
    page.set_viewport_size(before)
