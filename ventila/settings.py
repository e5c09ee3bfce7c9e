"""Django settings for ventila, read from the environment.

Environment variables (all optional on a developer's machine):

- ``DATABASE_URL``: a database URL (``postgres://user@host:5432/name``); SQLite under ``var/`` when unset.
- ``VENTILA_SECRET_KEY``: the secret key. Without it a development key is generated once into
  ``var/secret_key`` (never committed: ``var/`` is git-ignored).
- ``VENTILA_DEBUG``: ``1`` to turn on Django's debug pages (never in production).
- ``VENTILA_ALLOWED_HOSTS``: comma-separated host names (default: localhost and 127.0.0.1).
- ``VENTILA_VAR_DIR``: where the SQLite file, uploads and the generated key live (default ``var/``).
- ``VENTILA_BACKUP_KEY``: the key that signs backups (kept outside them; docs/deploy.md). Without it a
  development key is generated once into ``var/backup_key``; production requires it.
- ``VENTILA_STORAGE_URL``: where stored files live (default: the disk, ``var/media``; ``s3://…``: object storage).
- ``VENTILA_CACHE_URL``: the cache every process shares (default: the database; ``redis://…``);
  ``VENTILA_CACHE_KEY_PREFIX`` keeps one installation's keys apart from another's on the same Redis.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VENTILA_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _key_from_env(name: str, filename: str, length: int) -> str:
    """The key in the environment variable ``name``; else one generated once into ``var/<filename>``
    (a developer's machine: never committed, ``var/`` is git-ignored)."""
    key = os.environ.get(name)
    if key:
        return key
    path = VAR_DIR / filename
    if not path.exists():
        path.write_text(secrets.token_urlsafe(length))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _key_from_env("VENTILA_SECRET_KEY", "secret_key", 50)
DEBUG = os.environ.get("VENTILA_DEBUG") == "1"
ALLOWED_HOSTS = [h for h in os.environ.get("VENTILA_ALLOWED_HOSTS", "localhost,127.0.0.1,testserver").split(",") if h]

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "ventila.accounts",
    "ventila.bodies",
    "ventila.cases",
    "ventila.web",
    "ventila.documents",
    "ventila.filing",
    "ventila.compliance",
    "ventila.stats",
    "ventila.search",
    "ventila.api",
    "ninja",  # serves the API docs page's Swagger UI from its own static files (no CDN: CSP self)
    "django_otp",
    "django_otp.plugins.otp_totp",
    "ventila.audit",
    "django_tasks",
    "django_tasks_db",  # the jobs' queue in the database (ventila/jobs)
    "ventila.jobs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "ventila.ops.RequestIdMiddleware",  # X-Request-ID in, the same (or a new) one out and in every log line
    "ventila.api.middleware.ApiMiddleware",  # /api/: size limit, language of problems, request log
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "ventila.web.bounded.RequestDeadlineMiddleware",  # every request bounded in time (issue 30)
    "ventila.web.middleware.SpanishFirstMiddleware",  # Spanish unless English was chosen
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "ventila.accounts.middleware.OTPMiddleware",  # django-otp's, its device check in the user's SELECT
    "ventila.web.middleware.NoStoreMiddleware",  # Cache-Control: no-store behind sign-in and on receipts
    "django.contrib.messages.middleware.MessageMiddleware",
    "ventila.accounts.middleware.SecondFactorMiddleware",  # 2FA required; session expiry
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "ventila.files.FileDamagedMiddleware",  # a stored file that fails its SHA-256 check: a page, not a 500
]

ROOT_URLCONF = "ventila.urls"
WSGI_APPLICATION = "ventila.wsgi.application"
ASGI_APPLICATION = "ventila.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

_SQLITE = {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": VAR_DIR / "ventila.sqlite3",
    # IMMEDIATE: every transaction takes the write lock at BEGIN, so concurrent filings queue
    # instead of failing with "database is locked" on upgrade; the busy timeout is how long they wait.
    "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 30},
    # A file (not the in-memory default) so that threads in the concurrency tests share it.
    "TEST": {"NAME": str(VAR_DIR / f"test_ventila_{os.getpid()}.sqlite3")},
}

if os.environ.get("DATABASE_URL"):
    # VENTILA_DB_CONN_MAX_AGE: seconds a server process keeps its PostgreSQL connection (0: one per request).
    DATABASES: dict[str, Any] = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=int(os.environ.get("VENTILA_DB_CONN_MAX_AGE", "0"))
        )
    }
else:
    DATABASES = {"default": _SQLITE}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "web:home"  # which sends each user to his own start (web.views.pages.home)
LOGOUT_REDIRECT_URL = "web:home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "es"
LANGUAGES = [("es", _("Español")), ("en", _("Inglés"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/Puerto_Rico"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Uploaded attachments are confidential: they are never served from a public URL, only through
# the permission-checked attachment view.
MEDIA_ROOT = VAR_DIR / "media"


def _storages(url: str) -> dict[str, Any]:
    """``STORAGES`` from ``VENTILA_STORAGE_URL`` (ventila/files.py, docs/deploy.md):

    - unset, or ``file:///absolute/path``: the local disk (``MEDIA_ROOT``, or that path): one machine;
    - ``s3://bucket/prefix?endpoint_url=https://…&region_name=…&addressing_style=path``: an S3-compatible
      object store through django-storages (several app nodes). The credentials come from boto3's usual
      environment (``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``). Objects are private; ventila never
      hands out their URLs (the permission-checked views stream them).
    """
    parts = urlsplit(url)
    static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    if parts.scheme in ("", "file"):  # at MEDIA_ROOT (which a file:///path URL sets, below)
        return {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"}, "staticfiles": static}
    if parts.scheme != "s3" or not parts.netloc:
        raise ImproperlyConfigured(
            "VENTILA_STORAGE_URL debe ser file:///ruta o s3://cubo/prefijo?endpoint_url=… (docs/deploy.md)."
        )
    query = dict(parse_qsl(parts.query))
    options: dict[str, Any] = {
        "bucket_name": parts.netloc,
        "location": parts.path.strip("/"),
        "default_acl": "private",
        "querystring_auth": True,
        "file_overwrite": True,  # names are content-addressed (same name, same bytes); drafts are replaced
        "endpoint_url": query.get("endpoint_url") or None,
        "region_name": query.get("region_name") or None,
        "addressing_style": query.get("addressing_style") or None,
    }
    return {"default": {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": options}, "staticfiles": static}


_STORAGE_URL = os.environ.get("VENTILA_STORAGE_URL", "")
if _STORAGE_URL.startswith("file://") and urlsplit(_STORAGE_URL).path:
    MEDIA_ROOT = Path(unquote(urlsplit(_STORAGE_URL).path))
STORAGES = _storages(_STORAGE_URL)


def _caches(url: str) -> dict[str, Any]:
    """``CACHES`` from ``VENTILA_CACHE_URL``: what every process and node must see (the version stamps of
    what each process caches, ventila.filing.register_cache; the rate limiter's counts when
    ``VENTILA_RATE_LIMIT_BACKEND=cache``).

    - unset or ``db``: Django's database cache, table ``ventila_cache`` (created by a migration): shared by
      every process that shares the database, nothing more to run — the one-machine default;
    - ``redis://host:6379/0``: Django's own RedisCache (several app nodes with a Redis);
    - ``locmem``: each process's memory — only for one process (a developer's runserver, a test).
    """
    if url in ("", "db", "database"):
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.db.DatabaseCache",
                "LOCATION": "ventila_cache",
                "OPTIONS": {"MAX_ENTRIES": 100_000},
            }
        }
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}}
    if url == "locmem":
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    raise ImproperlyConfigured("VENTILA_CACHE_URL debe ser db, redis://servidor:6379/0 o locmem (docs/deploy.md).")


CACHES = _caches(os.environ.get("VENTILA_CACHE_URL", ""))
# Several installations (or test runs) on one Redis keep apart by a prefix of their own keys.
CACHES["default"]["KEY_PREFIX"] = os.environ.get("VENTILA_CACHE_KEY_PREFIX", "")

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
if os.environ.get("VENTILA_HTTPS") == "1":
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True

# Logs: one JSON object per line with the request id (ventila/ops.py) when VENTILA_LOG_FORMAT=json (the
# default in production), plain text otherwise.
VENTILA_LOG_FORMAT = os.environ.get(
    "VENTILA_LOG_FORMAT", "json" if os.environ.get("VENTILA_ENV") == "production" else "text"
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "ventila.ops.RequestIdFilter"}},
    "formatters": {
        "json": {"()": "ventila.ops.JsonFormatter"},
        "text": {"format": "%(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "json" if VENTILA_LOG_FORMAT == "json" else "text",
        }
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    # 404s and refused acts (409) are the access rules working, not incidents.
    "loggers": {"django.request": {"level": "ERROR"}},
}

# -- jobs (ventila/jobs): reminders, e-mail retries, re-derivation, the daily sweeps ------------------
# A queue in the database (django-tasks' database backend, django-tasks-db): its worker is `ventila worker`
# (or the library's `ventila db_worker` with `ventila enqueue` from cron). A job whose worker died (kill -9,
# a lost machine) is handed out again once it has been running for VENTILA_JOB_LEASE_SECONDS.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
VENTILA_JOB_LEASE_SECONDS = int(os.environ.get("VENTILA_JOB_LEASE_SECONDS", "900"))
# Issue 30: this year's statistics are stored and read while younger than this; the worker's ``stats`` job
# recomputes them at half of it, so the dashboard shows today's acts within this many seconds.
VENTILA_STATS_OPEN_SECONDS = int(os.environ.get("VENTILA_STATS_OPEN_SECONDS", "600"))

# -- e-mail (documents, reminders): Django's SMTP backend, configured from the environment --------
# EMAIL_HOST / EMAIL_PORT / EMAIL_HOST_USER / EMAIL_HOST_PASSWORD / EMAIL_USE_TLS=1 / EMAIL_USE_SSL=1 /
# EMAIL_TIMEOUT (seconds) / DEFAULT_FROM_EMAIL; VENTILA_BASE_URL is the public address used in signed
# links; VENTILA_DOCUMENT_LINK_DAYS how long such a link works.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "ventila.documents.mail.RecordingSMTPBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS") == "1"
EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL") == "1"
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "ventila <notificaciones@localhost>")
# Every request of a web process bounded in time (ventila/web/bounded.py, docs/deploy.md): on PostgreSQL
# each statement ends after VENTILA_STATEMENT_TIMEOUT_MS (0: never); on SQLite a request's database work
# stops VENTILA_REQUEST_TIMEOUT_SECONDS after it began. The worker and the commands are not bounded.
VENTILA_STATEMENT_TIMEOUT_MS = int(os.environ.get("VENTILA_STATEMENT_TIMEOUT_MS", "30000"))
VENTILA_REQUEST_TIMEOUT_SECONDS = float(os.environ.get("VENTILA_REQUEST_TIMEOUT_SECONDS", "60"))
# Unset: the address a request came to (ventila.documents.signing.base_url); outside a request (the worker, a
# command) VENTILA_LOCAL_URL, the address ./run serve answers at by default.
VENTILA_BASE_URL = os.environ.get("VENTILA_BASE_URL", "").rstrip("/")
VENTILA_LOCAL_URL = "http://127.0.0.1:8000"
VENTILA_DOCUMENT_LINK_DAYS = int(os.environ.get("VENTILA_DOCUMENT_LINK_DAYS", "30"))
# The private calendar feed (/calendario/<secret>.ics) covers the days from VENTILA_CALENDAR_PAST_DAYS
# before today to VENTILA_CALENDAR_AHEAD_DAYS after it (hearings and terms outside are left out).
VENTILA_CALENDAR_PAST_DAYS = int(os.environ.get("VENTILA_CALENDAR_PAST_DAYS", "30"))
VENTILA_CALENDAR_AHEAD_DAYS = int(os.environ.get("VENTILA_CALENDAR_AHEAD_DAYS", "180"))
# The register of obligated people: the largest HR file (CSV or XLSX) an import accepts, in megabytes.
VENTILA_REGISTER_MAX_MB = float(os.environ.get("VENTILA_REGISTER_MAX_MB", "2"))
# Issue 30: the register's import writes in batches, each its own transaction, ended after this many people or
# seconds, whichever comes first: the body's case-number counter is never held longer than a batch.
VENTILA_IMPORT_BATCH_ROWS = int(os.environ.get("VENTILA_IMPORT_BATCH_ROWS", "100"))
VENTILA_IMPORT_BATCH_SECONDS = float(os.environ.get("VENTILA_IMPORT_BATCH_SECONDS", "0.25"))
# Above this many rows an import or an XLSX export is a job of the worker (ventila/web/longwork.py), with a page
# that says how far along it is; at or below it, it is done in the request, as before.
VENTILA_LONG_WORK_ROWS = int(os.environ.get("VENTILA_LONG_WORK_ROWS", "500"))

# -- trust: sign-in, sessions, Content Security Policy, production (issue 7; docs/deploy.md) ---------
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",  # new and re-hashed passwords
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",  # still verifies (and upgrades) older hashes
]
AUTHENTICATION_BACKENDS = ["ventila.accounts.backends.ThrottledModelBackend"]
OTP_TOTP_ISSUER = "ventila"
# The TOTP keys never show in the administrators' site (the device admin is removed too: ventila/audit/admin.py).
OTP_ADMIN_HIDE_SENSITIVE_DATA = True
# Failed sign-ins (ventila/accounts/throttle.py): at most VENTILA_SIGNIN_MAX_FAILURES per account from one
# address and VENTILA_SIGNIN_MAX_ADDRESS_FAILURES per network address within VENTILA_SIGNIN_WINDOW_MINUTES;
# then that pair (or address) waits until the window clears. The guesses are throttled, never the account:
# failures from elsewhere never keep the user out of a new address.
VENTILA_SIGNIN_MAX_FAILURES = int(os.environ.get("VENTILA_SIGNIN_MAX_FAILURES", "5"))
VENTILA_SIGNIN_MAX_ADDRESS_FAILURES = int(os.environ.get("VENTILA_SIGNIN_MAX_ADDRESS_FAILURES", "20"))
VENTILA_SIGNIN_WINDOW_MINUTES = int(os.environ.get("VENTILA_SIGNIN_WINDOW_MINUTES", "15"))
# A browser that completed a sign-in keeps a signed cookie for VENTILA_SIGNIN_DEVICE_DAYS: from it only its own
# failures count, not its address's (an office network shares one address).
VENTILA_SIGNIN_DEVICE_DAYS = int(os.environ.get("VENTILA_SIGNIN_DEVICE_DAYS", "90"))
# Sessions end after VENTILA_SESSION_IDLE_MINUTES without a request, and VENTILA_SESSION_MAX_HOURS after
# sign-in whatever the activity (idle: counted from the last write of the session, at most a minute old);
# the cookie dies with the browser.
# Sessions live in the database (signing out ends them everywhere); a new one is a single INSERT.
SESSION_ENGINE = "ventila.accounts.sessions"
SESSION_COOKIE_AGE = 60 * int(os.environ.get("VENTILA_SESSION_IDLE_MINUTES", "30"))
SESSION_SAVE_EVERY_REQUEST = True
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
VENTILA_SESSION_MAX_HOURS = int(os.environ.get("VENTILA_SESSION_MAX_HOURS", "12"))
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = "Lax"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# Content Security Policy (django-csp): nothing inline, nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "style-src": ["'self'"],
        "script-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# Backups (`ventila backup`) and the client address behind a reverse proxy (docs/deploy.md).
VENTILA_BACKUP_DIR = Path(os.environ.get("VENTILA_BACKUP_DIR", VAR_DIR / "backups"))


# The key that signs backups (HMAC-SHA256 of the manifest), never written into an archive. In production
# it comes from the environment only (``ventila backup`` and ``restore`` refuse without it).
VENTILA_BACKUP_KEY = (
    os.environ.get("VENTILA_BACKUP_KEY", "")
    if os.environ.get("VENTILA_ENV") == "production"
    else _key_from_env("VENTILA_BACKUP_KEY", "backup_key", 48)
)
VENTILA_CLIENT_IP_HEADER = os.environ.get("VENTILA_CLIENT_IP_HEADER", "")  # e.g. HTTP_X_REAL_IP
# Signing of issued PDFs (PAdES, ventila/documents/signing.py; docs/deploy.md "Signing certificates"). A body's
# certificate: VENTILA_SIGNING_<SLUG>_PKCS12 (+ _PASSWORD), or VENTILA_SIGNING_<SLUG>_KEY + _CERT (+ _CHAIN, comma-
# separated PEM files, and _KEY_PASSWORD); <SLUG> is the body's slug in capitals with "_" for "-" (ETICA_CAMARA).
# Without one, and with VENTILA_SIGNING_DEMO=1 (the default outside production), a demo CA and a body certificate
# are made under VENTILA_SIGNING_DIR. VENTILA_SIGNING_TRUST_ROOTS: comma-separated PEM files of the CAs that
# validation trusts (the demo CA is trusted while demo signing is on).
VENTILA_SIGNING_DIR = Path(os.environ.get("VENTILA_SIGNING_DIR", VAR_DIR / "signing"))
VENTILA_SIGNING_BODIES: dict[str, dict[str, str]] = {}
for _name, _value in os.environ.items():
    for _part in ("KEY_PASSWORD", "PKCS12", "PASSWORD", "KEY", "CERT", "CHAIN"):  # the longest suffix first
        if _name.startswith("VENTILA_SIGNING_") and _name.endswith("_" + _part) and _value:
            _slug = _name[len("VENTILA_SIGNING_") : -len(_part) - 1].lower().replace("_", "-")
            if _slug:
                VENTILA_SIGNING_BODIES.setdefault(_slug, {})[_part.lower()] = _value
            break
VENTILA_SIGNING_TRUST_ROOTS = [p for p in os.environ.get("VENTILA_SIGNING_TRUST_ROOTS", "").split(",") if p]
VENTILA_ENV = os.environ.get("VENTILA_ENV", "development")
VENTILA_SIGNING_DEMO = os.environ.get("VENTILA_SIGNING_DEMO", "0" if VENTILA_ENV == "production" else "1") == "1"
if VENTILA_ENV == "production":
    if DEBUG:
        raise ImproperlyConfigured("VENTILA_DEBUG=1 no se permite con VENTILA_ENV=production.")
    if not os.environ.get("VENTILA_SECRET_KEY"):
        raise ImproperlyConfigured("VENTILA_ENV=production necesita VENTILA_SECRET_KEY en el entorno.")
    if not os.environ.get("VENTILA_ALLOWED_HOSTS"):
        raise ImproperlyConfigured("VENTILA_ENV=production necesita VENTILA_ALLOWED_HOSTS en el entorno.")
    # Behind a reverse proxy that terminates TLS and sets X-Forwarded-Proto (docs/deploy.md).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]  # the proxy's checks reach each node over plain HTTP
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SESSION_COOKIE_NAME = "__Host-sessionid"
    CSRF_COOKIE_NAME = "__Host-csrftoken"
    SECURE_HSTS_SECONDS = int(os.environ.get("VENTILA_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    WHITENOISE_USE_FINDERS = False
OTP_TOTP_THROTTLE_FACTOR = 0  # the database-backed throttle above counts wrong codes


# The one rate limiter (ventila/accounts/ratelimit.py, docs/deploy.md): where its counts live, shared by every
# worker and node. "database" (default): a table with atomic upserts, on SQLite and PostgreSQL; "cache": the
# CACHES alias VENTILA_RATE_LIMIT_CACHE, which must be a cache every node shares with an atomic increment
# (Redis, Memcached) — production refuses one kept in each process's memory.
VENTILA_RATE_LIMIT_BACKEND = os.environ.get("VENTILA_RATE_LIMIT_BACKEND", "database")
VENTILA_RATE_LIMIT_CACHE = os.environ.get("VENTILA_RATE_LIMIT_CACHE", "default")
if VENTILA_ENV == "production" and VENTILA_RATE_LIMIT_BACKEND == "cache":
    _limit_cache = str(globals().get("CACHES", {}).get(VENTILA_RATE_LIMIT_CACHE, {}).get("BACKEND", "locmem"))
    if any(kind in _limit_cache.lower() for kind in ("locmem", "dummy", "databasecache")):
        raise ImproperlyConfigured(
            "VENTILA_RATE_LIMIT_BACKEND=cache necesita una caché compartida con incrementos atómicos (Redis o "
            "Memcached: VENTILA_CACHE_URL=redis://…)."
        )

# The API (/api/v1/, docs/api.md): requests per token per minute (and per address for requests without a valid
# token), the largest request accepted, and how many days the request log (ApiRequest) is kept.
VENTILA_API_RATE_PER_MINUTE = int(os.environ.get("VENTILA_API_RATE_PER_MINUTE", "120"))
VENTILA_API_ANONYMOUS_RATE_PER_MINUTE = int(os.environ.get("VENTILA_API_ANONYMOUS_RATE_PER_MINUTE", "30"))
VENTILA_API_LOG_DAYS = int(os.environ.get("VENTILA_API_LOG_DAYS", "90"))
VENTILA_API_MAX_REQUEST_MB = int(os.environ.get("VENTILA_API_MAX_REQUEST_MB", "45"))
