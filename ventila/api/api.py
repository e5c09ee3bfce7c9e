"""/api/v1/: the OEG's and the House's API (django-ninja, OpenAPI 3.1, schema at /api/v1/openapi.json).

The API itself (its token, its rate limit, its errors as problems); its endpoints are one router per domain
(``ventila/api/routers/``: the cases, the compliance reports, the rules engine), mounted here."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.operation import Operation
from ninja.security import HttpBearer

from ventila import clock
from ventila.accounts import ratelimit

from .models import ApiToken
from .problems import PROBLEM_TYPE, Problem, english, problem, text
from .routers import cases, compliance, rules
from .tokens import token_for

# The operation ids the API published when its endpoints were one module (ventila/api/api.py): its
# clients generate code from them, so they stay what they were when the endpoints moved to routers.
OPERATION_ID_PREFIX = "ventila_api_api_"


class VentilaApi(NinjaAPI):
    """The API, its errors as RFC 9457 problems in the schema and its operation ids stable."""

    def get_openapi_operation_id(self, operation: Operation) -> str:
        """``ventila_api_api_<function>``, whichever router module the function lives in."""
        return OPERATION_ID_PREFIX + operation.view_func.__name__

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        """The OpenAPI schema, with every error response's media type ``application/problem+json``."""
        schema = super().get_openapi_schema(*args, **kwargs)
        # Errors are RFC 9457 problems: say so in the schema (the media type the responses carry).
        for ops in schema.get("paths", {}).values():
            for op in ops.values():
                for code, resp in op.get("responses", {}).items():
                    content = resp.get("content", {})
                    if str(code) >= "400" and "application/json" in content:
                        content[PROBLEM_TYPE] = content.pop("application/json")
        return schema


class TokenAuth(HttpBearer):
    """A bearer token of an API organisation, limited per token (the project's one rate limiter)."""

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        """The live token of this secret (None: a 401), counted against its per-minute limit (else a 429)."""
        # The acts' refusals are translated when raised: the language of the request, not the site's cookie.
        translation.activate("en" if english(request) else "es")
        found = token_for(token)
        if found is None:
            return None
        request.api_token = found  # the request log reads it
        # The project's one rate limiter, shared by every worker and node (ventila/accounts/ratelimit.py).
        limit = int(getattr(settings, "VENTILA_API_RATE_PER_MINUTE", 120))
        try:
            ratelimit.check("api", found.digest[:24], (limit, 60), now=clock.now().timestamp())
        except ratelimit.RateLimited:
            raise Problem(429, text(request, "rate")) from None
        now = clock.now()
        if found.last_used_at is None or now - found.last_used_at > dt.timedelta(seconds=60):
            ApiToken.objects.filter(pk=found.pk).update(last_used_at=now)  # a use, not a change of the token
        return found


api = VentilaApi(
    title="API de ventila",
    version="1.0.0",
    description=(
        "API para la Oficina de Ética Gubernamental (OEG), la Oficina del Presidente de la Cámara y las "
        "Comisiones: referidos (Sec. 16), eventos de informes financieros (Secs. 14–16), solicitudes de acceso "
        "(Sec. 17), el estado de sus casos y el cálculo de términos. Autenticación: `Authorization: Bearer <token>`. "
        "Todo POST lleva `Idempotency-Key`. Los errores son RFC 9457 (application/problem+json), en español; "
        "envíe `Accept-Language: en` para inglés."
    ),
    urls_namespace="api-v1",
    auth=TokenAuth(),
)
api.add_router("", compliance.router)
api.add_router("", cases.router)
api.add_router("", rules.router)


# -- errors as problems ----------------------------------------------------------------------------


@api.exception_handler(Problem)
def _problem(request: HttpRequest, exc: Problem) -> Any:
    """A refusal raised as :class:`Problem`: its RFC 9457 answer."""
    return problem(request, exc.status, exc.detail, exc.errors)


@api.exception_handler(AuthenticationError)
def _unauthorized(request: HttpRequest, exc: Exception) -> Any:
    """No valid token: 401, or 429 once the address has sent too many such requests."""
    # Requests without a valid token are limited per address (a flood of bad tokens is no free ride).
    limit = int(getattr(settings, "VENTILA_API_ANONYMOUS_RATE_PER_MINUTE", 30))
    try:
        ratelimit.check("api-anonymous", ratelimit.address(request), (limit, 60), now=clock.now().timestamp())
    except ratelimit.RateLimited:
        request.api_refused = True  # the request log leaves it out
        return problem(request, 429, text(request, "rate_anonymous"))
    return problem(
        request,
        401,
        text(request, "unauthorized"),
        [{"field": "Authorization", "message": text(request, "unauthorized")}],
    )


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> Any:
    """The request does not fit the schema: 422, naming each field in error."""
    errors = []
    for e in exc.errors:
        loc = [str(p) for p in e.get("loc", ()) if p not in ("body", "form", "query", "path", "file", "payload")]
        errors.append({"field": ".".join(loc) or "(cuerpo)", "message": str(e.get("msg", ""))})
    return problem(request, 422, text(request, "invalid"), errors)


@api.exception_handler(HttpError)
def _http(request: HttpRequest, exc: HttpError) -> Any:
    """Any other HTTP error ninja raises, as a problem."""
    return problem(request, exc.status_code, str(exc))
