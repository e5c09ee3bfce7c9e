"""Production settings: Django's deployment check passes with no warning, and they refuse to start
without a secret key or allowed hosts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEY = "k" * 20 + "9Xz-Q" * 8  # long and varied, as the check wants; a test value, not a real key


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("VENTILA_")}
    code = "import sys; from ventila.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=120
    )


def test_deploy_check_passes_with_production_settings(tmp_path):
    env = {
        "VENTILA_ENV": "production",
        "VENTILA_SECRET_KEY": KEY,
        "VENTILA_ALLOWED_HOSTS": "etica.example.org",
        "VENTILA_VAR_DIR": str(tmp_path),
    }
    r = _run(env, "check", "--deploy", "--fail-level", "WARNING")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues" in r.stdout
    # What the production settings turn on.
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='ventila.settings'; django.setup();"
        "from django.conf import settings as s;"
        "print(s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT,"
        " s.SESSION_COOKIE_NAME, s.DEBUG, s.PASSWORD_HASHERS[0].rsplit('.', 1)[1])"
    )
    base = {k: v for k, v in os.environ.items() if not k.startswith("VENTILA_")}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=120
    )
    assert out.stdout.split() == [
        "31536000",
        "True",
        "True",
        "True",
        "__Host-sessionid",
        "False",
        "Argon2PasswordHasher",
    ], out.stderr


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    r = _run(
        {"VENTILA_ENV": "production", "VENTILA_ALLOWED_HOSTS": "etica.example.org", "VENTILA_VAR_DIR": str(tmp_path)},
        "check",
    )
    assert r.returncode != 0 and "VENTILA_SECRET_KEY" in r.stderr


def test_development_check_is_clean(tmp_path):
    r = _run({"VENTILA_VAR_DIR": str(tmp_path)}, "check")
    assert r.returncode == 0, r.stderr
