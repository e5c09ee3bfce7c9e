"""The rules engine through the API: pure questions (terms of a scenario, the norms of conduct); nothing is stored."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest
from ninja import Router

from ventila.rules import RULEBOOKS
from ventila.rules.check import check
from ventila.rules.engine import InputError, evaluate

from ..common import ERRORS, IDEM_HEADER, idempotency_key, require_scope
from ..problems import Problem, text

router = Router()


def _engine_json(request: HttpRequest, work: Callable[[Any], dict[str, Any]]) -> Any:
    """A pure question to the rules engine: the JSON body in, its JSON answer out; nothing is stored.
    Where the command exits 2, a 422 problem naming the field."""
    require_scope(request, "deadlines")
    idempotency_key(request, required=False)  # optional here: nothing is stored
    try:
        data = json.loads(request.body or b"null")
        return 200, work(data)
    except (ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, InputError):
            raise Problem(422, exc.message, [{"field": exc.field, "message": exc.message}]) from None
        raise Problem(422, text(request, "invalid"), [{"field": "(raíz)", "message": str(exc)[:300]}]) from None
    except RecursionError:
        raise Problem(422, text(request, "invalid"), [{"field": "(raíz)", "message": "nesting"}]) from None


def _engine_post(
    path: str, *, summary: str, description: str, example: dict[str, Any]
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The decorator of an engine endpoint: a JSON body (``example`` shown) in, its answer (200) or a problem
    out; the Idempotency-Key optional, since nothing is stored."""
    return router.post(
        path,
        response={200: dict[str, Any], **ERRORS},
        summary=summary,
        description=description,
        openapi_extra={
            **IDEM_HEADER,
            "parameters": [{**IDEM_HEADER["parameters"][0], "required": False}],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object"}, "example": example}},
            },
        },
        tags=["términos"],
    )


# The examples of the engine's endpoints: the first registered rulebook's complaint, the first with norms of conduct.
_DEADLINES_EXAMPLE = {
    "rulebook": next(iter(RULEBOOKS)),
    "kind": "complaint",
    "events": [{"type": "complaint_filed", "at": "2027-03-01"}],
}
_EXAMPLE_CONDUCT_RULEBOOK = next((rb.id for rb in RULEBOOKS.values() if rb.register.conduct is not None), "")


@_engine_post(
    "/deadlines",
    summary="Calcular los términos de un escenario (el motor de reglas)",
    description=(
        "El mismo JSON de entrada y de salida que `ventila deadlines` (docs/deadlines-contract.md); no guarda "
        "nada. Alcance `deadlines`. Ejemplo de entrada: `" + json.dumps(_DEADLINES_EXAMPLE) + "`."
    ),
    example=_DEADLINES_EXAMPLE,
)
def post_deadlines(request: HttpRequest) -> Any:
    """The terms of a scenario, as ``ventila deadlines`` computes them."""
    return _engine_json(request, lambda data: evaluate(data).to_json())


@_engine_post(
    "/check",
    summary="Verificar las normas de conducta (regalos, citaciones, nepotismo, normas por cargo)",
    description=(
        "El mismo JSON de entrada y de salida que `ventila conduct` (docs/deadlines-contract.md, «Conduct "
        "checks»): `check` es `gifts` (Sec. 10(k), (n)), `summons` (el aviso de una citación, Sec. 10(w)), "
        "`nepotism` (Sec. 10(t)), `norms` (qué normas obligan a un cargo, Sec. 13) o `term_of_office` (el "
        "término de un miembro de la Comisión municipal, ¶2); no guarda nada. "
        "Alcance `deadlines`."
    ),
    example={
        "rulebook": _EXAMPLE_CONDUCT_RULEBOOK,
        "check": "summons",
        "formal_notice": "2027-03-01",
        "as_of": "2027-03-05",
    },
)
def post_check(request: HttpRequest) -> Any:
    """A conduct check, as ``ventila conduct`` answers it."""
    return _engine_json(request, check)
