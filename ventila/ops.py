"""What the proxy and the operators need of each app node: ``/healthz``, ``/readyz`` and a request id.

- ``/healthz``: 200 while the process answers (it touches nothing else): the proxy's liveness check.
- ``/readyz``: 200 when the database, the file storage and the shared cache answer, 503 naming the one
  that does not: the proxy sends no traffic to a node that is not ready.
- Every request carries an id: the proxy's ``X-Request-ID`` when it sends a sensible one, else a new one;
  it is returned in the response's ``X-Request-ID`` and put on every log record of the request
  (:class:`RequestIdFilter`), which :class:`JsonFormatter` writes as one JSON object per line — so one
  request is followed across the proxy, the nodes and the workers' logs.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import time
import uuid
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

from ventila import files

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("ventila_request_id", default="")
_SENSIBLE = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def request_id() -> str:
    """The id of the request being served ("" outside one)."""
    return _request_id.get()


class RequestIdMiddleware:
    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.META.get("HTTP_X_REQUEST_ID", "")
        rid = given if _SENSIBLE.match(given) else uuid.uuid4().hex
        token = _request_id.set(rid)
        try:
            response: HttpResponse = self.get_response(request)
        finally:
            _request_id.reset(token)
        response["X-Request-ID"] = rid
        return response


class RequestIdFilter(logging.Filter):
    """Puts ``request_id`` on every record (empty outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, request id, exception."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", "") or _request_id.get(),
        }
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def healthz(request: HttpRequest) -> HttpResponse:
    return JsonResponse({"status": "ok"})


def _database() -> bool:
    try:
        with connection.cursor() as cur:
            cur.execute("SELECT 1")
            cur.fetchone()
    except Exception as exc:
        logging.getLogger(__name__).warning("database not reachable: %s", exc)
        return False
    return True


def _cache() -> bool:
    try:
        key = f"ventila:readyz:{uuid.uuid4().hex}"
        cache.set(key, "1", 10)
        ok = cache.get(key) == "1"
        cache.delete(key)
    except Exception as exc:
        logging.getLogger(__name__).warning("cache not reachable: %s", exc)
        return False
    return ok


def readyz(request: HttpRequest) -> HttpResponse:
    checks = {"database": _database(), "storage": files.reachable(), "cache": _cache()}
    ready = all(checks.values())
    body = {
        "status": "ok" if ready else "unavailable",
        "checks": {k: "ok" if v else "failed" for k, v in checks.items()},
    }
    return JsonResponse(body, status=200 if ready else 503)
