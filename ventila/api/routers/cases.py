"""The organisation's cases through the API: those it filed or posted to, and those the access rules let it see."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from ..common import ERRORS, CaseOut, case_out, require_scope, visible_cases, with_open_terms
from ..problems import Problem, text

router = Router()


@router.get(
    "/cases",
    response={200: list[CaseOut], **ERRORS},
    summary="Los casos de la organización",
    description="Estado, etapa y términos abiertos de los casos que la organización presentó o puede ver. Alcance `cases_read`.",
    tags=["casos"],
)
def list_cases(request: HttpRequest) -> Any:
    """The organisation's latest 200 cases, newest first, each with its open terms."""
    token = require_scope(request, "cases_read")
    return 200, [case_out(c) for c in with_open_terms(visible_cases(token).distinct().order_by("-id")[:200])]


@router.get(
    "/cases/{number}",
    response={200: CaseOut, **ERRORS},
    summary="Un caso de la organización",
    description="Un caso que la organización presentó o puede ver; cualquier otro es 404, exista o no.",
    tags=["casos"],
)
def get_case(request: HttpRequest, number: str) -> Any:
    """One case the organisation may read, by its number; any other is 404, whether it exists or not."""
    token = require_scope(request, "cases_read")
    case = visible_cases(token).filter(number=number[:40]).first() if number.isprintable() else None
    if case is None:
        raise Problem(404, text(request, "not_found"))
    return 200, case_out(case)
