"""For /api/: the request size limit (413), the language of problems and the log of every request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from ventila import clock

from .models import ApiRequest
from .problems import english, problem, text

PREFIX = "/api/"
# The schema and its browsable page are public and read nothing: not logged (every other request is).
UNLOGGED = ("/api/v1/openapi.json", "/api/v1/docs")


class ApiMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        translation.activate("en" if english(request) else "es")
        mb = int(getattr(settings, "VENTILA_API_MAX_REQUEST_MB", 45))
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > mb * 1024 * 1024:
            response: HttpResponse = problem(request, 413, text(request, "too_large", mb=mb))
        else:
            response = self.get_response(request)
        if request.path not in UNLOGGED:
            self._log(request, response)
        return response

    def _log(self, request: HttpRequest, response: Any) -> None:
        ApiRequest.objects.create(
            token=getattr(request, "api_token", None),
            method=request.method[:8] if request.method else "",
            path=request.path[:300],
            status=response.status_code,
            at=clock.now(),
        )
