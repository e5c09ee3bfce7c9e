"""``ventila deadlines`` as a user runs it: a subprocess, JSON in, JSON (or Spanish text) out.

Contract (docs/deadlines-contract.md): exit 0 when the scenario was evaluated, findings included;
exit 2 when the input is unusable — nothing on stdout, exactly one line on stderr naming the field
at fault, never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rule_input import case, ev

ROOT = Path(__file__).resolve().parents[2]

# The contract's example. Hand-computed: filed Mon 2027-03-01; Tue 2 March is Día de la Ciudadanía
# Americana, so 3 business days end Fri 2027-03-05 (CAM-21B-01). Knowledge 2027-02-10 + 30 calendar
# days = Fri 2027-03-12 (CAM-20-06). Notified Wed 2027-03-03 + 15 business days (Mon 22 March is a
# holiday) = Thu 2027-03-25 (CAM-21B-02).
SCENARIO: dict[str, Any] = case(
    "camara-171",
    "complaint",
    ev("complaint_filed", "2027-03-01T10:15:00", knowledge_date="2027-02-10"),
    ev("respondent_notified", "2027-03-03"),
    as_of="2027-03-10",
    respondent={"role": "representative", "candidate": False},
    calendar={"closures": ["2027-09-20"], "openings": []},
)


def run(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[str]:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    proc = subprocess.run(
        [sys.executable, "-m", "ventila.cli", "deadlines", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    return subprocess.CompletedProcess(
        proc.args, proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    )


def _check_output(out: dict[str, Any]) -> None:
    assert out["rulebook"] == "camara-171" and out["kind"] == "complaint" and out["procedure"] == "ordinary"
    by_id = {d["id"]: d for d in out["deadlines"]}
    assert by_id["notify_respondent"] == {
        **by_id["notify_respondent"],
        "due": "2027-03-05",
        "status": "met",
        "trigger": "complaint_filed",
        "rule": "CAM-21B-01",
        "citation": "Sec. 21(b)(1)",
        "term": {"amount": 3, "unit": "business_days"},
    }
    assert (by_id["file_complaint"]["due"], by_id["file_complaint"]["status"]) == (
        "2027-03-12",
        "met",
    )
    assert (by_id["answer"]["due"], by_id["answer"]["status"], by_id["answer"]["rule"]) == (
        "2027-03-25",
        "open",
        "CAM-21B-02",
    )
    assert out["findings"] == []


def test_json_from_stdin() -> None:
    proc = run(stdin=json.dumps(SCENARIO))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    _check_output(json.loads(proc.stdout))


def test_json_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "caso.json"
    path.write_text(json.dumps(SCENARIO, ensure_ascii=False), encoding="utf-8")
    proc = run(str(path))
    assert proc.returncode == 0, proc.stderr
    _check_output(json.loads(proc.stdout))


def test_dash_reads_stdin() -> None:
    proc = run("-", stdin=json.dumps(SCENARIO))
    assert proc.returncode == 0, proc.stderr
    _check_output(json.loads(proc.stdout))


def test_explain_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "caso.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    proc = run("--explain", str(path))
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    for expected in (
        "notify_respondent",
        "Regla CAM-21B-01, Sec. 21(b)(1)",  # the rule and its citation
        "Regla CAM-21B-02, Sec. 21(b)(2)",
        "vence el viernes, 5 de marzo de 2027",
        "martes, 2 de marzo de 2027: feriado — Día de la Ciudadanía Americana",  # a skipped day and why
        "sábado, 6 de marzo de 2027: fin de semana",
        "lunes, 22 de marzo de 2027: feriado — Día de la Abolición de la Esclavitud",
        "cumplido",
        "abierto",
    ):
        assert expected in text, expected


def test_scenario_with_findings_exits_0() -> None:
    # Knew of the facts 2027-01-01: + 30 calendar days = Sun 2027-01-31 → Mon 2027-02-01; filed 1 March.
    data = {
        **SCENARIO,
        "events": [{"type": "complaint_filed", "at": "2027-03-01", "knowledge_date": "2027-01-01"}],
    }
    proc = run(stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    finding = next(f for f in out["findings"] if f["id"] == "complaint_time_barred")
    assert (finding["rule"], finding["citation"]) == ("CAM-20-06", "Sec. 20(6)")
    file_complaint = next(d for d in out["deadlines"] if d["id"] == "file_complaint")
    assert (file_complaint["due"], file_complaint["status"]) == ("2027-02-01", "missed")


def _with_events(*events: dict[str, Any]) -> str:
    return json.dumps({**SCENARIO, "events": list(events)})


FILED = {"type": "complaint_filed", "at": "2027-03-01", "knowledge_date": "2027-02-10"}
NOTIFIED = {"type": "respondent_notified", "at": "2027-03-03"}


@pytest.mark.parametrize(
    ("stdin", "expected"),
    [
        pytest.param('{"rulebook": "camara-171", ', "(raíz): JSON inválido", id="invalid JSON"),
        pytest.param(json.dumps({**SCENARIO, "rulebook": "senado"}), 'rulebook: "senado" no es un reglamento',
                     id="unknown rulebook"),
        pytest.param(json.dumps({**SCENARIO, "kind": "divorce"}), 'kind: "divorce" no es un tipo de caso de camara-171',
                     id="unknown kind"),
        pytest.param(_with_events({"type": "party_held", "at": "2027-03-01"}),
                     'events[0].type: "party_held" no es un evento de camara-171 · complaint', id="unknown event type"),
        pytest.param(_with_events(FILED, {"type": "respondent_notified", "at": "2027-02-30"}),
                     'events[1].at: "2027-02-30" no es una fecha', id="bad date"),
        pytest.param(_with_events({**FILED, "knowledge_date": "10/02/2027"}),
                     'events[0].knowledge_date: "10/02/2027" no es una fecha', id="bad payload date"),
        pytest.param(_with_events(FILED, NOTIFIED, {"type": "extension_requested", "at": "2027-03-05"},
                                  {"type": "extension_granted", "at": "2027-03-08", "business_days": "diez"}),
                     'events[3].business_days: "diez" no es un número entero no negativo', id="bad payload type"),
        pytest.param(_with_events(FILED, NOTIFIED, {"type": "determination_made", "at": "2027-03-20",
                                                    "outcome": "maybe"}),
                     'events[2].outcome: "maybe" no es uno de: dismissed, probable_cause', id="bad payload choice"),
        pytest.param(_with_events(FILED, NOTIFIED, {"type": "extension_granted", "at": "2027-03-08"}),
                     "events[2].business_days: falta este dato, requerido en extension_granted",
                     id="missing required payload field"),
        pytest.param(_with_events({"type": "complaint_filed", "at": "2036-03-01", "knowledge_date": "2036-02-20"}),
                     "events[0].at: 2036-03-01 está fuera de los años que conoce el calendario legal (2024–2035)",
                     id="out-of-range year"),
        pytest.param(_with_events({"type": "complaint_filed", "at": "9999-12-31"}),
                     "events[0].at: 9999-12-31 está fuera de los años que conoce el calendario legal (2024–2035)",
                     id="year 9999"),
        pytest.param(_with_events(FILED, {"type": "respondent_notified", "at": "2023-12-31"}),
                     "events[1].at: 2023-12-31 está fuera de los años que conoce el calendario legal (2024–2035)",
                     id="year before the calendar"),
        pytest.param(json.dumps({**SCENARIO, "as_of": "9999-01-01"}),
                     "as_of: 9999-01-01 está fuera de los años que conoce el calendario legal (2024–2035)",
                     id="as_of in year 9999"),
        pytest.param(_with_events({"type": "complaint_filed", "at": "2024-01-05", "knowledge_date": "2023-12-01"}),
                     "events[0].knowledge_date: 2023-12-01 está fuera de los años que conoce el calendario legal "
                     "(2024–2035)", id="term counted from a payload date before the calendar"),
        pytest.param("[1, 2]", "(raíz): la entrada debe ser un objeto JSON", id="non-object root"),
        pytest.param('"hola"', "(raíz): la entrada debe ser un objeto JSON", id="string root"),
        pytest.param(json.dumps({**SCENARIO, "events": {"type": "complaint_filed"}}),
                     "events: debe ser una lista de eventos", id="events not a list"),
        pytest.param(json.dumps({**SCENARIO, "colour": "blue"}), "colour: no es un campo de la entrada",
                     id="unknown top-level field"),
        pytest.param(b"\xff\xfe{}", "(raíz):", id="stdin not UTF-8"),
        pytest.param("[" * 100_000, "(raíz):", id="absurdly deep nesting"),
        pytest.param("", "(raíz): JSON inválido", id="empty input"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_one_line(stdin: str | bytes, expected: str) -> None:
    proc = run(stdin=stdin)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.endswith("\n") and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith("ventila deadlines: ")
    assert expected in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_out_of_range_names_the_event_and_its_field() -> None:
    proc = run(stdin=_with_events({"type": "complaint_filed", "at": "2036-03-01"}))
    assert proc.returncode == 2
    assert proc.stderr.startswith("ventila deadlines: events[0].at: 2036-03-01 ")


@pytest.mark.parametrize(
    ("rulebook", "kind", "event"),
    [
        pytest.param("camara-171", "financial_report", {"type": "took_office", "at": "9999-12-31"}, id="financial"),
        pytest.param("municipal", "suspension_proceeding", {"type": "special_proceeding_filed", "at": "9999-12-31T23:00"},
                     id="suspension"),
        pytest.param("municipal", "complaint", {"type": "complaint_filed", "at": "9999-12-31"}, id="municipal"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("explain", [False, True])
def test_year_9999_is_refused_without_a_traceback(rulebook: str, kind: str, event: dict, explain: bool) -> None:
    # Issue 11, item 4: a year like 9999 made the calendar raise ValueError (a traceback) in these kinds.
    scenario = case(rulebook, kind, event, as_of="2027-01-04")
    proc = run(*(["--explain"] if explain else []), stdin=json.dumps(scenario))
    assert proc.returncode == 2 and proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr == (
        "ventila deadlines: events[0].at: 9999-12-31 está fuera de los años que conoce el calendario legal "
        "(2024–2035)\n"
    )


def test_a_docket_late_in_2035_is_evaluated_into_2036() -> None:
    # Issue 11, item 4: the terms of a complaint filed in December 2035 end in 2036 (hand-computed):
    # file_complaint (CAM-20-06): 1 Dec 2035 + 30 = Mon 31 Dec 2035; notify_respondent (CAM-21B-01):
    # 3 business days after Fri 21 Dec (24 and 25 Dec holidays) = Fri 28 Dec; answer (CAM-21B-02):
    # 15 business days after Wed 26 Dec = 27, 28, 31 Dec, 2, 3, 4, 8, 9, 10, 11, 14–18 Jan (1 Jan holiday,
    # Mon 7 Jan 2036 Reyes observed) = Fri 18 Jan 2036.
    scenario = case(
        "camara-171",
        "complaint",
        ev("complaint_filed", "2035-12-21T10:00", knowledge_date="2035-12-01"),
        ev("respondent_notified", "2035-12-26"),
        as_of="2035-12-31",
    )
    proc = run(stdin=json.dumps(scenario))
    assert proc.returncode == 0, proc.stderr
    due = {d["id"]: d["due"] for d in json.loads(proc.stdout)["deadlines"]}
    assert due == {
        "file_complaint": "2035-12-31",
        "notify_respondent": "2035-12-28",
        "answer": "2036-01-18",
    }


def test_missing_file() -> None:
    proc = run("/nonexistent/caso.json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert (
        proc.stderr == "ventila deadlines: FILE: no se puede leer /nonexistent/caso.json: No such file or directory\n"
    )


def test_file_not_in_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"rulebook": "cámara"}'.encode("latin-1"))
    proc = run(str(path))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"ventila deadlines: FILE: {path} no está en UTF-8\n"


def test_directory_instead_of_a_file(tmp_path: Path) -> None:
    proc = run(str(tmp_path))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("ventila deadlines: FILE: no se puede leer") and proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr


def test_bad_option_exits_2_without_traceback() -> None:
    proc = run("--bogus", stdin=json.dumps(SCENARIO))
    assert proc.returncode == 2 and proc.stdout == ""
    assert "Traceback" not in proc.stderr
