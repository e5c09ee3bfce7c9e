"""Error pages in Spanish: never a traceback to a user."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "web/errors/404.html", status=404)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "web/errors/403.html", status=403)


def server_error(request: HttpRequest) -> HttpResponse:
    # No context processors that touch the database: the error may be the database itself.
    template = loader.get_template("web/errors/500.html")
    return HttpResponse(template.render({}), status=500)
