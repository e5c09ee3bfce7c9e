"""Spanish first, and nothing confidential in a cache.

Spanish first: the site speaks Spanish unless the person chose English.

Django's LocaleMiddleware would follow the browser's Accept-Language header, so a Puerto Rican
user whose browser happens to be set to English would get the English interface without asking
for it. ventila's users read Spanish first: only an explicit choice (the language cookie set by
the "English" link) switches the language.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers


class SpanishFirstMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)


# Public pages that show a complaint or a served document to whoever holds its key (no account): the
# e-filing steps (what the complainant typed), the receipt and its PDF, the follow-up pages, a signed
# document link. (The private calendar feed: REVALIDATE_VIEWS.)
NO_STORE_VIEWS = frozenset(
    {
        "filing:step",
        "filing:receipt",
        "filing:receipt_pdf",
        "filing:followup",
        "filing:followup_case",
        "filing:followup_pdf",
        "documents:link",
    }
)
# A private calendar feed is polled by the user's calendar program, which keeps the events anyway: it may
# keep a private copy but must ask again each time (``private, no-cache``), so the feed's ETag and
# Last-Modified let it be answered with 304 (issue 14). No shared cache keeps it.
REVALIDATE_VIEWS = frozenset({"documents:feed"})


class NoStoreMiddleware:
    """Nothing confidential stays in a cache: ``Cache-Control: no-store`` (and ``Pragma: no-cache``).

    On every response to a signed-in user (pages, attachments, PDFs, calendars: everything behind
    sign-in) and on the public pages of :data:`NO_STORE_VIEWS`, so that neither the browser's cache
    nor a shared proxy keeps a copy after the session ends. Static files are served before this
    middleware (WhiteNoise) and keep their long cache.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        match = request.resolver_match
        if match is not None and match.view_name in REVALIDATE_VIEWS:
            response["Cache-Control"] = "private, no-cache, max-age=0"
            response["Pragma"] = "no-cache"
            return response
        if (user is not None and user.is_authenticated) or (match is not None and match.view_name in NO_STORE_VIEWS):
            add_never_cache_headers(response)
            response["Pragma"] = "no-cache"
        return response
