"""RFC 9457 problem details (application/problem+json), Spanish by default, English on request."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse

PROBLEM_TYPE = "application/problem+json"

# The API's own messages, in both languages (the acts' refusals come translated from the app).
TEXTS: dict[str, tuple[str, str]] = {
    "unauthorized": (
        "Falta un token válido (Authorization: Bearer …), o venció o fue revocado.",
        "A valid token is missing (Authorization: Bearer …), or it expired or was revoked.",
    ),
    "forbidden": ("Este token no tiene el alcance «%(scope)s».", "This token lacks the «%(scope)s» scope."),
    "not_found": (
        "No existe, o esta organización no puede verlo.",
        "It does not exist, or this organisation may not see it.",
    ),
    "rate": (
        "Demasiadas solicitudes con este token: espere un minuto.",
        "Too many requests with this token: wait a minute.",
    ),
    "rate_anonymous": (
        "Demasiadas solicitudes sin un token válido desde esta dirección: espere un minuto.",
        "Too many requests without a valid token from this address: wait a minute.",
    ),
    "too_large": ("La solicitud pesa más de %(mb)s MB.", "The request is larger than %(mb)s MB."),
    "too_large_body": (
        "El cuerpo de la solicitud es demasiado grande para leerlo.",
        "The request body is too large to be read.",
    ),
    "server_error": (
        "Error del servidor: se anotó y se revisará; intente de nuevo más tarde.",
        "Server error: it was logged and will be looked into; try again later.",
    ),
    "bad_request": ("La solicitud no se pudo leer.", "The request could not be read."),
    "idem_missing": ("Falta el encabezado Idempotency-Key.", "The Idempotency-Key header is missing."),
    "idem_empty": ("El encabezado Idempotency-Key está vacío.", "The Idempotency-Key header is empty."),
    "idem_too_long": (
        "El encabezado Idempotency-Key es demasiado largo (máximo %(n)s caracteres).",
        "The Idempotency-Key header is too long (at most %(n)s characters).",
    ),
    "idem_invalid": (
        "El encabezado Idempotency-Key tiene caracteres de control.",
        "The Idempotency-Key header holds control characters.",
    ),
    "idem_mismatch": (
        "Esa Idempotency-Key ya se usó con otro contenido.",
        "That Idempotency-Key was already used with other content.",
    ),
    "invalid": ("Revise los datos enviados.", "Check the data sent."),
    "refused": ("El acto no se puede anotar.", "The act cannot be recorded."),
    "person": ("No hay una persona obligada con ese número.", "There is no obligated person with that number."),
    "tenure": (
        "La persona no tiene un expediente de informes financieros para esa fecha.",
        "The person has no financial-report case for that day.",
    ),
    "file": ("El archivo no se aceptó.", "The file was not accepted."),
    "kind": (
        "El cuerpo de esta organización no lleva ese tipo de casos.",
        "This organisation's body does not keep that kind of case.",
    ),
}
TITLES = {
    400: ("Solicitud incorrecta", "Bad request"),
    401: ("No autorizado", "Unauthorized"),
    403: ("Prohibido", "Forbidden"),
    404: ("No encontrado", "Not found"),
    409: ("Conflicto", "Conflict"),
    405: ("Método no permitido", "Method not allowed"),
    413: ("Solicitud demasiado grande", "Request too large"),
    422: ("Datos no válidos", "Invalid data"),
    429: ("Demasiadas solicitudes", "Too many requests"),
    500: ("Error del servidor", "Server error"),
}


def safe_path(request: HttpRequest) -> str:
    """The request's path as it may be stored or echoed: control characters (a NUL, which PostgreSQL
    refuses in text) replaced, at most 300 characters."""
    return "".join(c if c.isprintable() else "\ufffd" for c in request.path[:300])


def english(request: HttpRequest) -> bool:
    """Whether the request asks for English (``Accept-Language: en``); Spanish otherwise."""
    return str(request.headers.get("Accept-Language", "")).strip().lower().startswith("en")


def text(request: HttpRequest, key: str, **params: Any) -> str:
    """The message ``key`` in the request's language, with ``params`` filled in."""
    es, en = TEXTS[key]
    return (en if english(request) else es) % params if params else (en if english(request) else es)


def problem(
    request: HttpRequest, status: int, detail: str, errors: list[dict[str, str]] | None = None, **extra: Any
) -> JsonResponse:
    """An RFC 9457 answer (``application/problem+json``) in the request's language, with the fields in error."""
    es, en = TITLES.get(status, ("Error", "Error"))
    body: dict[str, Any] = {
        "type": "about:blank",
        "title": en if english(request) else es,
        "status": status,
        "detail": detail,
        "instance": safe_path(request),
        "errors": errors or [],
        **extra,
    }
    response = JsonResponse(body, status=status, content_type=PROBLEM_TYPE, json_dumps_params={"ensure_ascii": False})
    response["Content-Language"] = "en" if english(request) else "es"
    return response


class Problem(Exception):
    """A refusal raised anywhere in an endpoint: answered as :func:`problem` by the API's handler."""

    def __init__(self, status: int, detail: str, errors: list[dict[str, str]] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = errors or []
