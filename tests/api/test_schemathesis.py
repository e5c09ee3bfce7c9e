"""schemathesis against the live schema (/api/v1/openapi.json served by the Django app, on this run's
database): every endpoint, property-based; no server error and every response conforms to the schema."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from ventila.wsgi import application

# What the API promises: never a server error, and every response as the schema says (status, media type,
# headers, body). A schema-valid request the rules refuse (a person not in the register) is a 422 problem.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]

pytestmark = pytest.mark.django_db


schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", application)


@pytest.fixture(autouse=True)
def _keep_connection() -> Iterator[None]:
    # As Django's test client does: the test's connection (its transaction) stays open between requests.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case: Any, clients: Any) -> None:
    headers = {"Authorization": f"Bearer {clients['oeg_token']}"}
    if case.method == "POST":
        headers["Idempotency-Key"] = (case.headers or {}).get("Idempotency-Key") or "schemathesis"
    case.call_and_validate(headers=headers, checks=CHECKS)
