"""The API's tests: the web tests' world, an OEG, the Speaker's office and a municipal Commission as API clients."""

from __future__ import annotations

from typing import Any

import pytest
from factories import fast_password_hasher, now, tiny_pdf, world  # noqa: F401  (pytest fixtures)

from ventila.api.tokens import SCOPES, do_create_client, do_issue_token

# The four statements of a sworn access request (Sec. 17): each must be stated.
ATTESTATIONS = {"sworn": True, "report_is_final": True, "knows_use_limits": True, "knows_penalty": True}


def access_request(person: Any, **change: Any) -> dict[str, Any]:
    """A complete sworn access request (Sec. 17(4)) for ``person``'s report; ``change`` replaces fields (None
    leaves one out)."""
    base = {
        "person_id": person.pk,
        "day": "2027-03-01",
        "requester_name": "Periódico Ficticio",
        "requester_address": "Calle Ficticia 1",
        "requester_occupation": "periodista",
        "on_behalf_of": "El periódico",
        "interest_statement": "Interés público ficticio.",
        **ATTESTATIONS,
    }
    return {k: v for k, v in {**base, **change}.items() if v is not None}


PDF = tiny_pdf()  # a real PDF: uploads are parsed before they are accepted


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def clients(world: Any) -> dict[str, Any]:  # noqa: F811
    admin = world.users["secretaria"]
    oeg = do_create_client(user=admin, name="Oficina de Ética Gubernamental", role="oeg", body=world.camara)
    speaker = do_create_client(user=admin, name="Oficina del Presidente", role="speaker", body=world.camara)
    muni = do_create_client(user=admin, name="Comisión Municipal", role="commission", body=world.municipal)
    out: dict[str, Any] = {"oeg": oeg, "speaker": speaker, "muni": muni}
    for name, client in (("oeg", oeg), ("speaker", speaker), ("muni", muni)):
        out[f"{name}_token"] = do_issue_token(user=admin, client=client, label="todo", scopes=list(SCOPES))[1]
    for scope in SCOPES:
        out[f"oeg_{scope}"] = do_issue_token(user=admin, client=oeg, label=scope, scopes=[scope])[1]
    return out
