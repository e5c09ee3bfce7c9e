"""What the proxy and the operators need of each node (ventila/ops.py): /healthz, /readyz naming what is not
reachable, a request id taken from X-Request-ID (or made) and carried into the JSON log lines; and the shared
cache on the machine's Redis (VENTILA_CACHE_URL=redis://…), where the version stamps of every node meet."""

from __future__ import annotations

import json
import logging

import pytest
from django.core.cache import caches
from django.test import Client

from ventila import ops
from ventila.filing import register_cache
from ventila.settings import _caches, _storages

from .conftest import storage_url

REDIS = "redis://127.0.0.1:6379/15"


def test_healthz_answers_without_touching_anything():
    r = Client().get("/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok"}
    assert r["X-Request-ID"]


@pytest.mark.django_db
def test_readyz_checks_the_database_the_storage_and_the_cache(settings, s3_server, monkeypatch):
    r = Client().get("/readyz", HTTP_X_REQUEST_ID="proxy-42.a")
    assert r.status_code == 200 and r.json()["checks"] == {"database": "ok", "storage": "ok", "cache": "ok"}
    assert r["X-Request-ID"] == "proxy-42.a"
    for k, v in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}.items():
        monkeypatch.setenv(k, v)
    settings.STORAGES = _storages(storage_url(s3_server, "no-such-bucket"))  # the store answers: no bucket
    r = Client().get("/readyz")
    assert r.status_code == 503 and r.json()["checks"]["storage"] == "failed"
    assert r.json()["checks"]["database"] == "ok"


def test_a_request_id_that_is_not_sensible_is_replaced_and_every_log_line_carries_it():
    r = Client().get("/healthz", HTTP_X_REQUEST_ID="<script>" + "x" * 200)
    assert r["X-Request-ID"].isalnum() and len(r["X-Request-ID"]) == 32
    record = logging.LogRecord("ventila.x", logging.WARNING, __file__, 1, "hola %s", ("mundo",), None)
    token = ops._request_id.set("abc-123")
    try:
        ops.RequestIdFilter().filter(record)
        line = json.loads(ops.JsonFormatter().format(record))
    finally:
        ops._request_id.reset(token)
    assert line["request_id"] == "abc-123" and line["message"] == "hola mundo" and line["level"] == "WARNING"
    assert line["time"].endswith("Z")


def test_the_version_stamp_is_shared_through_redis(settings):
    settings.CACHES = _caches(REDIS)
    caches["default"].clear()
    before = register_cache.stamp()[1]
    register_cache._write_stamp()
    after = register_cache.stamp()[1]
    assert after and after != before
    import redis

    keys = redis.Redis.from_url(REDIS).keys("*ventila:stamp:registro*")
    assert keys  # in Redis, where every node reads it
    caches["default"].clear()


def test_a_cache_url_that_is_not_understood_is_refused():
    from django.core.exceptions import ImproperlyConfigured

    with pytest.raises(ImproperlyConfigured, match="VENTILA_CACHE_URL"):
        _caches("memcached://x")
    with pytest.raises(ImproperlyConfigured, match="VENTILA_STORAGE_URL"):
        _storages("ftp://x")
    assert _caches("")["default"]["BACKEND"].endswith("DatabaseCache")
