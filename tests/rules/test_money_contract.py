"""One parsing policy for money (issue 27, «One contract for the whole engine»): ``ventila deadlines``,
``ventila conduct`` and the API read an amount from a JSON string (``"250.00"``) or number alike, into a
Decimal (:func:`ventila.rules.engine.parse_money`), and refuse what is no amount with the same words, naming
the field; docs/deadlines-contract.md says so (its «Payload field types» table is generated from
:data:`ventila.rules.engine.FIELD_TYPES`)."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from typing import Any

import pytest
from test_money_exact import notice as _notice

from ventila.rules import evaluate, reference
from ventila.rules.cli import run_check, run_deadlines
from ventila.rules.engine import FIELD_TYPES, InputError, parse_money


def _gifts(value: Any) -> dict[str, Any]:
    return {
        "rulebook": "camara-171",
        "check": "gifts",
        "gifts": [{"received": "2027-01-05", "source": "A", "value": value}],
    }


def _deadlines(data: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_deadlines([], stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _conduct(data: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_check([], stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("compensation", "salary"),
    [
        pytest.param("25699.86", "73428.16", id="strings"),
        pytest.param(" 25699.86 ", 73428.16, id="a string with spaces and a number"),
        pytest.param(Decimal("25699.86"), "73428.16", id="a Decimal"),
    ],
)
def test_cam_11a_01_deadlines_reads_money_from_a_string_as_from_a_number(compensation: Any, salary: Any) -> None:
    """The case issue 27 reported: ``ventila deadlines`` refused ``"25699.86"`` that ``ventila conduct``
    accepts. Both forms are one amount; the exact cap ($25,699.856) is exceeded either way."""
    as_number = evaluate(_notice(25699.86, 73428.16)).to_json()
    assert evaluate(_notice(compensation, salary)).to_json() == as_number
    assert "outside_income_over_cap" in {f["id"] for f in as_number["findings"]}


def test_cam_11a_01_the_command_accepts_a_string_amount() -> None:
    code, out, err = _deadlines(_notice("25699.86", "73428.16"))
    assert code == 0 and err == ""
    assert "outside_income_over_cap" in {f["id"] for f in json.loads(out)["findings"]}


@pytest.mark.parametrize(
    ("value", "words"),
    [
        pytest.param("mil", "no es una cantidad de dinero", id="a word"),
        pytest.param("-5", "no es una cantidad de dinero positiva", id="negative"),
        pytest.param("1000.001", "una cantidad al centavo", id="below the cent"),
        pytest.param("12345678901", "una cantidad al centavo", id="too many digits"),
        pytest.param(True, "no es una cantidad de dinero", id="a bool"),
        pytest.param([250], "no es una cantidad de dinero", id="a list"),
        pytest.param("NaN", "no es una cantidad de dinero positiva", id="NaN"),
    ],
)
def test_cam_10k_01_cam_11a_01_both_commands_refuse_the_same_amounts_with_the_same_words(
    value: Any, words: str
) -> None:
    code, out, err = _deadlines(_notice(value, "73428.16"))
    assert (code, out) == (2, "") and "events[0].compensation: " in err and words in err
    code, out, cerr = _conduct(_gifts(value))
    assert (code, out) == (2, "") and "gifts[0].value: " in cerr and words in cerr
    assert err.split("events[0].compensation: ", 1)[1] == cerr.split("gifts[0].value: ", 1)[1]


@pytest.mark.parametrize("value", ["300", 300, 300.0, "300.00", " 300.00 "])
def test_cam_10k_01_conduct_reads_a_number_as_a_string(value: Any) -> None:
    code, out, _err = _conduct(_gifts(value))
    assert code == 0
    findings = [(f["id"], f["message"]) for f in json.loads(out)["findings"]]
    assert findings == [(f["id"], f["message"]) for f in json.loads(_conduct(_gifts("300.00"))[1])["findings"]]
    assert [i for i, _m in findings] == ["gift_not_excluded"] and "$300.00, más de $250.00" in findings[0][1]


def test_parse_money_is_decimal_as_written() -> None:
    assert parse_money(25699.86, "x") == Decimal("25699.86")
    assert parse_money("73428.16", "x") == Decimal("73428.16")
    with pytest.raises(InputError) as exc:
        parse_money("1.005", "events[2].compensation")
    assert exc.value.field == "events[2].compensation"


def test_the_contract_states_the_money_policy() -> None:
    """docs/deadlines-contract.md's table of payload types is generated from FIELD_TYPES (a stale copy fails
    tests/rules/test_contract_doc.py): the money row says a string or a number."""
    contract = (reference.ROOT / reference.CONTRACT_PATH).read_text(encoding="utf-8")
    assert f"| `money` | {FIELD_TYPES['money']} |" in contract
    assert '"250.00"' in FIELD_TYPES["money"] and "number" in FIELD_TYPES["money"]
