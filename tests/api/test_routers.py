"""The API's endpoints live in one router per domain (ventila/api/routers/), and the published contract did
not move with them: the same paths, methods, operation ids and schemas as when they were one module."""

from __future__ import annotations

import ast
from pathlib import Path

from ventila.api import api as api_module
from ventila.api.api import api

# The contract as it was published before the split (issue 28): method, path and operationId, a line each.
PUBLISHED = """
POST /api/v1/referrals ventila_api_api_post_referral
POST /api/v1/financial-events ventila_api_api_post_financial_event
POST /api/v1/access-requests ventila_api_api_post_access_request
GET /api/v1/cases ventila_api_api_list_cases
GET /api/v1/cases/{number} ventila_api_api_get_case
POST /api/v1/deadlines ventila_api_api_post_deadlines
POST /api/v1/check ventila_api_api_post_check
"""
SCHEMAS = {"AccessRequestIn", "CaseOut", "EntryOut", "FieldError", "FinancialEventIn", "ProblemOut", "TermOut"}
API_DIR = Path(api_module.__file__).parent


def test_the_published_paths_and_operation_ids_are_unchanged() -> None:
    schema = api.get_openapi_schema()
    found = {(m.upper(), p, op["operationId"]) for p, ops in schema["paths"].items() for m, op in ops.items()}
    assert found == {tuple(line.split()) for line in PUBLISHED.strip().splitlines()}
    assert set(schema["components"]["schemas"]) == SCHEMAS


def test_each_operation_keeps_its_summary_description_and_problem_answers() -> None:
    schema = api.get_openapi_schema()
    for ops in schema["paths"].values():
        for op in ops.values():
            assert op["summary"] and op["description"], op["operationId"]
            assert "application/problem+json" in op["responses"][422]["content"], op["operationId"]


def test_every_endpoint_lives_in_a_router_module_not_in_the_api_module() -> None:
    modules = {
        route.view_func.__module__
        for _prefix, router in api._routers
        for path in router.path_operations.values()
        for route in path.operations
    }
    assert modules == {"ventila.api.routers.compliance", "ventila.api.routers.cases", "ventila.api.routers.rules"}


def test_every_function_of_the_api_has_a_docstring() -> None:
    missing = []
    for f in sorted(API_DIR.rglob("*.py")):
        if "migrations" in f.parts:
            continue
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("__") and not ast.get_docstring(node):
                missing.append(f"{f.relative_to(API_DIR)}:{node.lineno} {node.name}")
    assert missing == []
