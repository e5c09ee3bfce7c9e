"""Spanish first: the site speaks Spanish unless the person chose English.

Django's LocaleMiddleware would follow the browser's Accept-Language header, so a Puerto Rican
user whose browser happens to be set to English would get the English interface without asking
for it. ventila's users read Spanish first: only an explicit choice (the language cookie set by
the "English" link) switches the language.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


class SpanishFirstMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)
