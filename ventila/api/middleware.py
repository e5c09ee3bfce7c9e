"""For /api/: the request size limits (413), the language of problems, no caching, every error a problem, and the
log of every request (kept ``VENTILA_API_LOG_DAYS`` days: :func:`purge_request_log`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from ventila import clock

from .models import ApiRequest
from .problems import PROBLEM_TYPE, english, problem, safe_path, text

PREFIX = "/api/"
# The schema and its browsable page are public and read nothing: not logged (every other request is).
UNLOGGED = ("/api/v1/openapi.json", "/api/v1/docs")
MB = 1024 * 1024


def _too_large(request: HttpRequest) -> HttpResponse | None:
    """A 413 problem when the declared length passes the limit: the whole request
    (``VENTILA_API_MAX_REQUEST_MB``), or a body read in memory — anything but a multipart upload — past
    Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    mb = int(getattr(settings, "VENTILA_API_MAX_REQUEST_MB", 45))
    if length > mb * MB:
        return problem(request, 413, text(request, "too_large", mb=mb))
    in_memory = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    multipart = str(request.META.get("CONTENT_TYPE", "")).startswith("multipart/")
    if in_memory is not None and not multipart and length > in_memory:
        return problem(request, 413, text(request, "too_large", mb=f"{in_memory / MB:g}"))
    return None


class ApiMiddleware:
    """For /api/v1/: the language of the request, bodies too large refused, every error a problem, no caching,
    every request logged."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap ``get_response``."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Answer the request; below /api/v1/, as the class says."""
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        translation.activate("en" if english(request) else "es")
        response = _too_large(request) or self.get_response(request)
        if response.status_code >= 400 and not str(response.get("Content-Type", "")).startswith(PROBLEM_TYPE):
            # Django's own answers (an unknown path, a method not allowed, a server error) as problems too.
            status = response.status_code
            key = "not_found" if status == 404 else "server_error" if status >= 500 else "bad_request"
            response = problem(request, status, text(request, key))
        if request.path not in UNLOGGED:
            # Case data, and problems that name what was asked: no browser or proxy keeps a copy.
            response["Cache-Control"] = "no-store"
            if not getattr(request, "api_refused", False):  # a request refused by the limit without a token
                self._log(request, response)
        return response

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        """A body past Django's limits (sent without a length, or with too many fields) is a problem, not
        Django's HTML error page."""
        if not request.path.startswith(PREFIX):
            return None
        if isinstance(exc, RequestDataTooBig):
            return problem(request, 413, text(request, "too_large_body"))
        if isinstance(exc, SuspiciousOperation):
            return problem(request, 400, text(request, "bad_request"))
        return None

    def _log(self, request: HttpRequest, response: Any) -> None:
        """One row of the request log: who (the token, if any), what and the status."""
        ApiRequest.objects.create(
            token=getattr(request, "api_token", None),
            method=(request.method or "")[:8],
            path=safe_path(request),
            status=response.status_code,
            at=clock.now(),
        )


def purge_request_log(*, now: dt.datetime | None = None) -> int:
    """Delete the request log older than ``VENTILA_API_LOG_DAYS`` days; return how many rows went."""
    days = int(getattr(settings, "VENTILA_API_LOG_DAYS", 90))
    cutoff = (now or clock.now()) - dt.timedelta(days=days)
    return int(ApiRequest.objects.filter(at__lt=cutoff).delete()[0])
