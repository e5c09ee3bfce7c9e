"""``ventila conduct``: the norms of conduct outside a case, JSON in and out, with the refusals of
``ventila deadlines`` (docs/deadlines-contract.md, «Conduct checks»).

Dates hand-computed on Puerto Rico's calendar: Tue 2 March 2027 is Día de la Ciudadanía Americana;
Fri 24 December 2027 is Nochebuena (a half holiday that counts as a whole one, decision 3).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from ventila.rules.check import check
from ventila.rules.cli import run_check
from ventila.rules.engine import InputError

CAM = "camara-171"


def _run(data: Any, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_check(list(args), stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# (formal notice, secretary told, as of, due, status). 5 business days, the notice's day not counted.
SUMMONS = [
    # Mon 1 Mar 2027: Wed 3, Thu 4, Fri 5, Mon 8, Tue 9 (Tue 2 is a holiday).
    pytest.param("2027-03-01", None, "2027-03-05", "2027-03-09", "open", id="CAM-10W-01 open, a holiday skipped"),
    pytest.param("2027-03-01", None, "2027-03-10", "2027-03-09", "missed", id="CAM-10W-01 missed without notice"),
    pytest.param("2027-03-01", "2027-03-09", "2027-04-01", "2027-03-09", "met", id="CAM-10W-01 met on the last day"),
    pytest.param("2027-03-01", "2027-03-10", "2027-04-01", "2027-03-09", "missed", id="CAM-10W-01 told a day late"),
    # Fri 17 Dec 2027: Mon 20, Tue 21, Wed 22, Thu 23, (Fri 24 Nochebuena, weekend), Mon 27.
    pytest.param("2027-12-17", None, "2027-12-20", "2027-12-27", "open", id="CAM-10W-01 across Nochebuena"),
]


@pytest.mark.parametrize(("formal", "told", "as_of", "due", "status"), SUMMONS)
def test_cam_10w_01_summons_notice_is_a_term(formal: str, told: str | None, as_of: str, due: str, status: str) -> None:
    data: dict[str, Any] = {"rulebook": CAM, "check": "summons", "formal_notice": formal, "as_of": as_of}
    if told:
        data["secretary_notified"] = told
    out = check(data)
    [term] = out["deadlines"]
    assert (term["id"], term["rule"], term["due"], term["status"]) == ("citation_notice", "CAM-10W-01", due, status)
    assert term["term"] == {"amount": 5, "unit": "business_days"}
    assert (term.get("satisfied_at"), term.get("satisfied_by")) == (
        (told, "secretary_notified") if told else (None, None)
    )
    assert out["trace"][0].startswith("CAM-10W-01 (Sec. 10(w))")


def test_cam_10w_01_a_closure_of_the_body_moves_the_notice_term() -> None:
    data = {"rulebook": CAM, "check": "summons", "formal_notice": "2027-03-01", "as_of": "2027-03-01"}
    closed = {**data, "calendar": {"closures": ["2027-03-04"]}}
    assert check(data)["deadlines"][0]["due"] == "2027-03-09"
    assert check(closed)["deadlines"][0]["due"] == "2027-03-10"  # Thu 4 closed: the fifth day is Wed 10


def test_cam_10k_01_gifts_findings_name_the_gift_that_raised_them() -> None:
    gifts = [
        {"received": "2027-01-05", "source": "ACME", "value": "100.00"},  # excluded, the 2nd of ACME in 2027
        {"received": "2027-02-05", "source": "Otra", "value": "250.01"},  # a cent over the cap
        {"received": "2027-01-01", "source": "acme", "value": 50, "kind": "award"},  # excluded, the 1st
        {"received": "2027-03-01", "source": "Otra", "value": "250.00"},  # exactly the cap: excluded
    ]
    out = check({"rulebook": CAM, "check": "gifts", "gifts": gifts})
    got = [(f["id"], f["rule"], f["data"]["gift"]) for f in out["findings"]]
    assert got == [("gift_pattern", "CAM-10K-01", 0), ("gift_not_excluded", "CAM-10K-01", 1)]


def test_cam_10k_01_gift_pattern_threshold_is_a_setting() -> None:
    gifts = [{"received": "2027-01-05", "source": "ACME", "value": "10.00"}] * 3
    out = check({"rulebook": CAM, "check": "gifts", "gifts": gifts, "settings": {"gift_pattern_threshold": 3}})
    assert [(f["id"], f["data"]["gift"]) for f in out["findings"]] == [("gift_pattern", 2)]


def test_cam_10n_01_a_foreign_donation_is_barred_without_waiver() -> None:
    gift = {"received": "2027-05-01", "source": "Embajada", "value": "1.00", "kind": "donation", "foreign": True}
    barred = check({"rulebook": CAM, "check": "gifts", "gifts": [gift]})
    waived = check({"rulebook": CAM, "check": "gifts", "gifts": [{**gift, "waiver": True}]})
    assert [f["id"] for f in barred["findings"]] == ["foreign_gift_prohibited"]
    assert barred["findings"][0]["rule"] == "CAM-10N-01"
    assert waived["findings"] == []


@pytest.mark.parametrize(
    ("ask", "kind", "degree", "within"),
    [
        pytest.param({"relation": "suegra"}, "affinity", 1, True, id="CAM-10T-01 mother-in-law 1st affinity"),
        pytest.param({"relation": "sobrino"}, "blood", 3, True, id="CAM-10T-01 nephew 3rd blood"),
        pytest.param({"relation": "primo hermano"}, "blood", 4, False, id="CAM-10T-01 first cousin 4th: outside"),
        pytest.param({"path": ["spouse", "sibling"]}, "affinity", 2, True, id="CAM-10T-01 brother-in-law by path"),
    ],
)
def test_cam_10t_01_nepotism_by_relation_or_path(ask: dict[str, Any], kind: str, degree: int, within: bool) -> None:
    out = check({"rulebook": CAM, "check": "nepotism", **ask})
    assert (out["kinship"]["kind"], out["kinship"]["degree"], out["within_bar"]) == (kind, degree, within)
    assert [f["id"] for f in out["findings"]] == (["nepotism_alert"] if within else [])
    waived = check({"rulebook": CAM, "check": "nepotism", **ask, "employed_before": True})
    assert waived["findings"] == [] and waived["within_bar"] == within


def test_cam_13_01_norms_that_bind_an_officer() -> None:
    out = check({"rulebook": CAM, "check": "norms", "role": "officer", "norms": ["CAM-10A-01", "CAM-10H-01"]})
    binds = {b["rule"]: b["binds"] for b in out["binds"]}
    assert binds["CAM-10A-01"] is False and binds["CAM-10R-01"] is False and binds["CAM-10H-01"] is True
    assert [(f["id"], f["rule"], f["data"]["norm"]) for f in out["findings"]] == [
        ("norm_not_applicable", "CAM-13-01", "CAM-10A-01")
    ]
    employee = check({"rulebook": CAM, "check": "norms", "role": "employee"})
    assert [b["rule"] for b in employee["binds"] if b["binds"]] == ["CAM-10H-01"]


def _gift(**fields: Any) -> dict[str, Any]:
    """A gifts check of one gift: received 1 Feb 2027 from «A», with the ``fields`` given."""
    return {"rulebook": CAM, "check": "gifts", "gifts": [{"received": "2027-02-01", "source": "A", **fields}]}


REFUSALS = [
    pytest.param([], "(raíz)", id="not an object"),
    pytest.param({"rulebook": "municipal", "check": "gifts", "gifts": []}, "rulebook", id="no norms of conduct"),
    pytest.param({"rulebook": CAM, "check": "salaries"}, "check", id="unknown check"),
    pytest.param({"rulebook": CAM, "check": "gifts", "gifts": {}}, "gifts", id="gifts not a list"),
    pytest.param({"rulebook": CAM, "check": "gifts", "gifts": [], "x": 1}, "x", id="unknown field"),
    pytest.param(_gift(received="2027-02-30", value="1"), "gifts[0].received", id="CAM-10K-01 impossible date"),
    pytest.param(_gift(value="-1"), "gifts[0].value", id="CAM-10K-01 negative value"),
    pytest.param(_gift(value="1.001"), "gifts[0].value", id="CAM-10K-01 a fraction of a cent"),
    pytest.param(_gift(value="NaN"), "gifts[0].value", id="CAM-10K-01 not a number"),
    pytest.param(_gift(source="a\x00b", value="1"), "gifts[0].source", id="CAM-10K-01 NUL in the source"),
    pytest.param(_gift(source="x" * 10000, value=1), "gifts[0].source", id="CAM-10K-01 10k characters"),
    pytest.param(_gift(value=1, kind="x"), "gifts[0].kind", id="CAM-10K-01 unknown kind"),
    pytest.param({"rulebook": CAM, "check": "summons"}, "formal_notice", id="CAM-10W-01 missing formal notice"),
    pytest.param(
        {"rulebook": CAM, "check": "summons", "formal_notice": "2036-03-01"},
        "formal_notice",
        id="CAM-10W-01 outside the calendar's years",
    ),
    pytest.param(
        {"rulebook": CAM, "check": "summons", "formal_notice": "2027-03-05", "secretary_notified": "2027-03-01"},
        "secretary_notified",
        id="CAM-10W-01 told before the summons",
    ),
    pytest.param(
        {"rulebook": CAM, "check": "summons", "formal_notice": "2027-03-05", "calendar": {"closures": ["x"]}},
        "calendar.closures[0]",
        id="CAM-10W-01 a closure that is no date",
    ),
    pytest.param({"rulebook": CAM, "check": "nepotism"}, "relation", id="CAM-10T-01 no relation"),
    pytest.param({"rulebook": CAM, "check": "nepotism", "relation": "vecino"}, "relation", id="CAM-10T-01 unknown"),
    pytest.param({"rulebook": CAM, "check": "nepotism", "path": ["uncle"]}, "path[0]", id="CAM-10T-01 bad step"),
    pytest.param({"rulebook": CAM, "check": "nepotism", "path": ["child", "parent"]}, "path", id="CAM-10T-01 no one"),
    pytest.param({"rulebook": CAM, "check": "norms", "role": "mayor"}, "role", id="CAM-13-01 unknown role"),
    pytest.param(
        {"rulebook": CAM, "check": "norms", "role": "officer", "norms": ["CAM-21B-02"]},
        "norms[0]",
        id="CAM-13-01 not a norm of conduct",
    ),
]


@pytest.mark.parametrize(("data", "field"), REFUSALS)
def test_refusals_name_the_field(data: Any, field: str) -> None:
    with pytest.raises(InputError) as exc:
        check(data)
    assert exc.value.field == field
    code, out, err = _run(data)
    assert (code, out) == (2, "")
    assert err.startswith(f"ventila conduct: {field}: ") and err.count("\n") == 1 and "Traceback" not in err


def test_the_command_answers_json_and_explains_in_spanish() -> None:
    data = {"rulebook": CAM, "check": "summons", "formal_notice": "2027-03-01", "as_of": "2027-03-05"}
    code, out, _ = _run(data)
    assert code == 0 and json.loads(out) == json.loads(json.dumps(check(data)))
    code, text, _ = _run(data, "--explain")
    assert code == 0 and "vence el martes, 9 de marzo de 2027" in text and "Día de la Ciudadanía Americana" in text


def test_ventila_conduct_is_a_subcommand_that_exits_2_without_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ventila.cli", "conduct"],
        input='{"rulebook": "camara-171", "check": "norms", "role": 7}',
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("ventila conduct: role: ") and "Traceback" not in proc.stderr


# -- never a traceback: any JSON in any field is answered or refused naming a field -------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
FIELDS = {
    "gifts": ("gifts", "settings"),
    "summons": ("formal_notice", "secretary_notified", "calendar", "elections", "as_of", "settings"),
    "nepotism": ("relation", "path", "waiver", "recommended_by_speaker", "employed_before", "settings"),
    "norms": ("role", "norms"),
}
VALID = {
    "gifts": {"gifts": [{"received": "2027-01-05", "source": "A", "value": "10.00"}]},
    "summons": {"formal_notice": "2027-03-01", "as_of": "2027-03-05"},
    "nepotism": {"relation": "suegra"},
    "norms": {"role": "officer", "norms": ["CAM-10A-01"]},
}


@pytest.mark.parametrize("name", list(FIELDS), ids=[f"hostile {n}" for n in FIELDS])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_value_in_any_field_is_answered_or_refused_by_field(name: str, data: Any) -> None:
    field = data.draw(st.sampled_from(FIELDS[name]))
    value = data.draw(JSON)
    payload = {"rulebook": CAM, "check": name, **VALID[name], field: value}
    try:
        out = check(payload)
    except InputError as exc:
        assert exc.field and exc.message
    else:
        json.dumps(out)  # the answer is JSON


SCENARIO_FIELDS = ("rulebook", "kind", "respondent", "calendar", "elections", "as_of", "settings", "events")


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(SCENARIO_FIELDS), value=JSON)
def test_hostile_deadlines_input_is_answered_or_refused_by_field(field: str, value: Any) -> None:
    """The same for ``ventila deadlines``: a list where the rulebook's name goes was a TypeError (a 500)."""
    from ventila.rules.engine import evaluate

    payload = {"rulebook": CAM, "kind": "complaint", "as_of": "2027-03-10", field: value}
    try:
        out = evaluate(payload).to_json()
    except InputError as exc:
        assert exc.field and exc.message
    else:
        json.dumps(out)


def test_mun_com_05_a_members_term_of_office_through_the_contract() -> None:
    """MUN-COM-05 (¶2): took office Mon 13 Jan 2025 → four years to the anniversary Sat 13 Jan 2029, the first
    day outside them; on 1 Mar 2029, no successor yet: in office, held over."""
    out = check(
        {"rulebook": "municipal", "check": "term_of_office", "took_office": "2025-01-13", "as_of": "2029-03-01"}
    )
    assert (out["rule"], out["nominal_end"], out["in_office"], out["holdover"], out["service_ends"]) == (
        "MUN-COM-05",
        "2029-01-13",
        True,
        True,
        None,
    )
    assert "sigue en el cargo hasta que su sucesor" in out["message"]


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"rulebook": "camara-171", "took_office": "2025-01-13"}, "rulebook", "no lleva los términos de sus miembros"),
        ({"rulebook": "municipal", "check": "gifts", "gifts": []}, "rulebook", "no tiene normas de conducta"),
        (
            {"rulebook": "municipal", "took_office": "2025-01-13", "successor_took_office": "2024-12-31"},
            "successor_took_office",
            "un sucesor toma posesión después",
        ),
        (
            {"rulebook": "municipal", "took_office": "2025-01-13", "appointed": "2025-02-01"},
            "appointed",
            "posterior a la toma de posesión",
        ),
        (
            {"rulebook": "municipal", "took_office": "2025-01-13", "settings": {"term_start": "appointed"}},
            "appointed",
            "fecha de nombramiento",
        ),
        ({"rulebook": "municipal", "took_office": "ayer"}, "took_office", ""),
        ({"rulebook": "municipal", "took_office": "2021-01-13"}, "took_office", "fuera de los años que conoce"),
    ],
)
def test_mun_com_05_the_term_of_office_check_refuses_with_the_field_at_fault(data, field, words) -> None:
    data = {"check": "term_of_office", **data} if "check" not in data else data
    with pytest.raises(InputError) as exc:
        check(data)
    assert exc.value.field == field and words in str(exc.value)
