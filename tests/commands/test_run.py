"""Issue 11 item 16: the README's two commands. ``./run serve PORT`` serves on that port; ``./run
test`` without Chromium skips the browser tests with a loud note, and fails them only with
``VENTILA_REQUIRE_BROWSER=1`` (what ``.ci/run`` sets); the shipped app needs no numpy at run time.

Real processes: the ``run`` script itself, a real server on a free port, a real pytest run."""

from __future__ import annotations

import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from rule_input import readme_complaint

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "PYTEST_", "DJANGO_"))}
    env.update(extra)
    return env


def test_run_serve_takes_a_port(tmp_path: Path) -> None:
    port = free_port()
    log = (tmp_path / "serve.log").open("w+")
    proc = subprocess.Popen(
        ["./run", "serve", str(port), "--noreload"],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=clean_env(VENTILA_VAR_DIR=str(tmp_path / "var")),
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 300
        status = None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/entrar/", timeout=5) as r:
                    status = r.status
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(1)
        log.seek(0)
        output = log.read()
        assert status == 200, output
        assert f"Sirviendo en http://127.0.0.1:{port}" in output
        assert f"Credenciales de demostración (http://127.0.0.1:{port}/entrar/)" in output  # where it serves
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # the server this test started (its own session), and only it
        proc.wait(timeout=30)
        log.close()


@pytest.mark.parametrize("arg", ["ocho", "99999", "0"])
def test_run_serve_refuses_a_bad_port_with_a_clear_message(arg: str) -> None:
    r = subprocess.run(["./run", "serve", arg], cwd=ROOT, capture_output=True, text=True, env=clean_env(), timeout=60)
    assert r.returncode == 2 and f"Puerto no válido: «{arg}»" in r.stderr and "Traceback" not in r.stderr


def _run_browser_test(**extra: str) -> subprocess.CompletedProcess[str]:
    env = clean_env(VENTILA_CHROMIUM="/nonexistent/chromium", VENTILA_TEST_WORKERS="0")  # one test: no workers
    env.pop("VENTILA_REQUIRE_BROWSER", None)  # as on a newcomer's machine, unless the test sets it
    env.update(extra)
    return subprocess.run(
        ["./run", "test", "tests/e2e/test_accessibility.py", "-k", "scanner_does_find"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


def test_without_chromium_the_browser_tests_are_skipped_loudly() -> None:
    r = _run_browser_test()
    assert r.returncode == 0, r.stdout + r.stderr
    assert "se OMITIRÁN" in r.stderr and "sudo apt-get install chromium" in r.stderr
    assert "1 pruebas de navegador (tests/e2e) OMITIDAS" in r.stdout and "1 skipped" in r.stdout


def test_without_chromium_the_browser_tests_fail_when_required() -> None:
    r = _run_browser_test(VENTILA_REQUIRE_BROWSER="1")
    assert r.returncode != 0
    assert "VENTILA_REQUIRE_BROWSER=1: las pruebas de navegador son obligatorias" in r.stdout
    assert "1 failed" in r.stdout or "1 error" in r.stdout


def test_the_app_runs_without_numpy() -> None:
    """numpy is a development dependency: only the rules engine's batch path (``calendar_batch``, used by
    the bench and property tests) imports it, and no other module imports that path. Every other shipped
    module imports, and the engine computes, without numpy."""
    script = """
import importlib, json, pkgutil, sys
sys.modules["numpy"] = None  # any `import numpy` now fails
import django
django.setup()
import ventila
BATCH = "ventila.rules.calendar_batch"  # the numpy batch path itself (bench, property tests)
for mod in pkgutil.walk_packages(ventila.__path__, "ventila."):
    if ".migrations." not in mod.name and mod.name != BATCH:
        importlib.import_module(mod.name)
assert BATCH not in sys.modules, "a shipped module imports the numpy batch path"
from ventila.rules.cli import run_deadlines
sys.exit(run_deadlines([], stdin=sys.stdin))
"""
    request = readme_complaint()
    r = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        input=json.dumps(request),
        capture_output=True,
        text=True,
        env=clean_env(DJANGO_SETTINGS_MODULE="ventila.settings", VENTILA_VAR_DIR=str(ROOT / "var")),
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "numpy" not in r.stderr
    assert json.load(io.StringIO(r.stdout))["deadlines"]
