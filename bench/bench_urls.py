"""The product's URLs plus one bare view, for ``bench/pages.py`` only (never part of the product).

The bare view is the floor of a page: the same middleware (session, second factor, CSRF, CSP, locale…)
for a signed-in user, ``login_required``, and a tiny template rendered — no query of its own."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import path

from ventila.urls import handler403, handler404, handler500  # noqa: F401
from ventila.urls import urlpatterns as product

_TINY = engines["django"].from_string(
    "<!doctype html><html lang=es><title>ventila</title><p>{{ user.get_username }}: {{ n }}</p></html>"
)


@login_required
def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_TINY.render({"user": request.user, "n": 1}, request))


def bare_public(request: HttpRequest) -> HttpResponse:
    """The floor of a public page: the same middleware, no account, the tiny template."""
    return HttpResponse(_TINY.render({"user": request.user, "n": 1}, request))


urlpatterns = [path("__bench__/bare/", bare), path("__bench__/bare-public/", bare_public), *product]
