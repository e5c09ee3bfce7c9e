"""``POST /api/v1/check``: the conduct checks of ``ventila conduct`` as a service (the same JSON in and
out; a 422 problem naming the field where the command exits 2)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.test import Client

from ventila.rules.cli import run_check

pytestmark = pytest.mark.django_db


def _post(secret: str, body: str) -> Any:
    return Client().post("/api/v1/check", body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {secret}")


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(
            {"rulebook": "camara-171", "check": "summons", "formal_notice": "2027-03-01", "as_of": "2027-03-05"},
            id="CAM-10W-01 summons notice",
        ),
        pytest.param(
            {
                "rulebook": "camara-171",
                "check": "gifts",
                "gifts": [{"received": "2027-01-05", "source": "A", "value": "300"}],
            },
            id="CAM-10K-01 gifts",
        ),
        pytest.param({"rulebook": "camara-171", "check": "nepotism", "relation": "cuñada"}, id="CAM-10T-01 nepotism"),
        pytest.param({"rulebook": "camara-171", "check": "norms", "role": "department_head"}, id="CAM-13-01 norms"),
    ],
)
def test_check_is_the_command_as_a_service(world, now, clients, data: dict[str, Any]) -> None:
    out = io.StringIO()
    assert run_check([], stdin=io.StringIO(json.dumps(data)), stdout=out) == 0
    r = _post(clients["oeg_deadlines"], json.dumps(data))
    assert r.status_code == 200 and r.json() == json.loads(out.getvalue())


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param('{"rulebook": "camara-171", "check": "summons", "formal_notice": "2027-13-01"}', "formal_notice",
                     id="CAM-10W-01 impossible date"),
        pytest.param('{"rulebook": "municipal", "check": "norms", "role": "officer"}', "rulebook", id="no norms"),
        pytest.param('{"rulebook": "camara-171", "check": "gifts", "gifts": [{"received": "2027-01-05", '
                     '"source": "a\\u0000\\r\\nb", "value": "1"}]}', "gifts[0].source", id="CAM-10K-01 NUL CR LF"),
        pytest.param("[" * 5000, "(raíz)", id="nested too deep"),
        pytest.param("{", "(raíz)", id="not JSON"),
    ],
)  # fmt: skip
def test_check_refusals_are_problems_naming_the_field(world, now, clients, body: str, field: str) -> None:
    r = _post(clients["oeg_deadlines"], body)
    assert r.status_code == 422 and r["Content-Type"].startswith("application/problem+json")
    assert r.json()["errors"][0]["field"] == field


def test_check_needs_the_deadlines_scope(world, now, clients) -> None:
    r = _post(clients["oeg_referrals"], '{"rulebook": "camara-171", "check": "norms", "role": "officer"}')
    assert r.status_code == 403


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        pytest.param(
            "/api/v1/deadlines", '{"rulebook": [], "kind": "complaint"}', "rulebook", id="deadlines rulebook list"
        ),
        pytest.param("/api/v1/deadlines", '{"rulebook": "camara-171", "kind": {}}', "kind", id="deadlines kind object"),
        pytest.param("/api/v1/check", '{"rulebook": "camara-171", "check": ["gifts"]}', "check", id="check list"),
    ],
)
def test_an_unhashable_name_is_a_422_not_a_500(world, now, clients, path: str, body: str, field: str) -> None:
    r = Client().post(
        path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {clients['oeg_deadlines']}"
    )
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == field


def test_cam_11a_01_cam_10k_01_the_api_reads_money_as_the_commands_do(world, now, clients) -> None:
    """One parsing policy for money (docs/deadlines-contract.md, «Payload field types»): ``POST
    /api/v1/deadlines`` takes ``"25699.86"`` as ``ventila deadlines`` does (over the exact 35 % cap of
    $73,428.16, $25,699.856), and refuses a word with a problem naming the field, like ``/check``."""
    from ventila.rules.cli import run_deadlines

    act = {"type": "outside_activity_notified", "at": "2027-03-01"}
    amounts = {"compensation": "25699.86", "legislative_salary": "73428.16"}
    notice = {
        "rulebook": "camara-171",
        "kind": "outside_activity",
        "as_of": "2027-03-02",
        "events": [{**act, **amounts}],
    }
    out = io.StringIO()
    assert run_deadlines([], stdin=io.StringIO(json.dumps(notice)), stdout=out) == 0
    r = Client().post(
        "/api/v1/deadlines",
        json.dumps(notice),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {clients['oeg_deadlines']}",
    )
    assert r.status_code == 200 and r.json() == json.loads(out.getvalue())
    assert "outside_income_over_cap" in {f["id"] for f in r.json()["findings"]}
    notice["events"][0]["compensation"] = "mil"
    bad = Client().post(
        "/api/v1/deadlines",
        json.dumps(notice),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {clients['oeg_deadlines']}",
    )
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "events[0].compensation"
    gifts = {
        "rulebook": "camara-171",
        "check": "gifts",
        "gifts": [{"received": "2027-01-05", "source": "A", "value": "mil"}],
    }
    refused = _post(clients["oeg_deadlines"], json.dumps(gifts))
    assert refused.status_code == 422 and refused.json()["errors"][0]["field"] == "gifts[0].value"
