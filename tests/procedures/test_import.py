"""Records of a predecessor body (¶44): the import command validates every row through the rulebook
(payload and the order of acts), reports the rejects with their row number and reason without
stopping, and is idempotent."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from ventila.cases.models import Case, DocketEntry

pytestmark = pytest.mark.django_db

MAYOR = {
    "given_name": "Hilda",
    "family_name": "Antecesora Ficticia",
    "role": "mayor",
    "title": "Alcaldesa de Yauco",
    "municipality": "Yauco",
}


def _records() -> dict:
    return {
        "body": "querellas-municipales",
        "cases": [
            {
                "key": "CQM-2019-014",
                "kind": "complaint",
                "respondent": MAYOR,
                "complainant": {"name": "Ciudadano Ficticio", "email": "c@example.org"},
                "entries": [
                    {
                        "type": "complaint_filed",
                        "at": "2025-05-02T10:00",
                        "payload": {"complainant_kind": "citizen", "sworn": True, "evidence_attached": True},
                        "details": {"facts": "Uso de vehículos municipales."},
                    },
                    {"type": "respondent_notified", "at": "2025-05-06", "payload": {"certified_copy": True}},
                    {"type": "answer_filed", "at": "2025-05-20", "payload": {"appearance": "telepathy"}},
                    {"type": "answer_filed", "at": "2025-05-20", "payload": {"appearance": "counsel"}},
                    {
                        "type": "dismissed",
                        "at": "2025-06-10",
                        "payload": {"facts_stated": True, "findings_made": True, "conclusions_of_law": True},
                    },
                ],
            },
            {
                "key": "CQM-2019-020",
                "kind": "complaint",
                "respondent": MAYOR,
                "entries": [{"type": "answer_filed", "at": "2025-07-01"}, {"type": "answer_filed", "at": "2025-07-02"}],
            },
            {
                "key": "CQM-2020-003",
                "kind": "complaint",
                "respondent": MAYOR,
                "entries": [
                    {"type": "complaint_filed", "at": "2025-01-15", "payload": {"complainant_kind": "governor"}},
                    {"type": "hearing_concluded", "at": "2025-02-01", "payload": {"before": "full"}},
                    {"type": "nonsense_act", "at": "2025-02-02"},
                    {"type": "respondent_notified", "at": "2025-01-20"},
                ],
            },
        ],
    }


def _run(tmp_path, name, content, *args):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    out = StringIO()
    call_command("import_records", str(path), *args, stdout=out)
    return out.getvalue()


def test_json_import_validates_each_row_reports_rejects_and_is_idempotent(world, now, tmp_path):
    out = _run(tmp_path, "antecesora.json", json.dumps(_records()))
    lines = out.splitlines()
    # Row 3: a payload the rulebook refuses; row 6: a case must open with its filing (and row 7 follows it);
    # row 9: a hearing concluded that was never noticed; row 10: not an act of a complaint.
    assert [ln.split(" ", 2)[1] for ln in lines if ln.startswith("Fila ")] == ["3", "6", "7", "9", "10"]
    assert "Fila 3 (cases[0].entries[2]) rechazada: appearance:" in out and "telepathy" in out
    assert (
        "Fila 6 (cases[1].entries[0]) rechazada: la primera anotación de un caso «complaint» debe ser «complaint_filed»"
        in out
    )
    assert "Fila 7 (cases[1].entries[1]) rechazada: el caso «CQM-2019-020» no se pudo crear" in out
    assert "Fila 9" in out and "no permite «Vista concluida»" in out
    assert "Fila 10" in out and "no es un acto de este tipo de caso" in out
    assert lines[-1] == "Importadas 6 filas (2 expedientes nuevos); ya importadas antes: 0; rechazadas: 5."
    cases = Case.objects.filter(body=world.municipal).order_by("year", "sequence")
    assert [c.number for c in cases] == ["CVQM-2025-0001", "CVQM-2025-0002"]
    first = cases[0]
    assert [e.event_type for e in first.entries.order_by("seq")] == [
        "complaint_filed",
        "respondent_notified",
        "answer_filed",
        "dismissed",
    ]
    filed = first.entries.get(seq=1)
    assert filed.payload["migrated"] is True and filed.details["predecessor_number"] == "CQM-2019-014"
    assert filed.recorded_by.username == "sistema"
    # MUN-SUC-02: the imported case is flagged for review; its terms are computed from the original dates.
    assert first.findings.filter(finding_id="migrated_case_review").exists()
    assert first.stage == "dismissed" and first.respondent.name == "Hilda Antecesora Ficticia"
    # The predecessor's votes are not on file: the dismissal is recorded without a roll call.
    assert not hasattr(DocketEntry.objects.get(case=first, event_type="dismissed"), "roll_call")
    # Run again: nothing is imported twice; the same rows are reported.
    again = _run(tmp_path, "antecesora.json", json.dumps(_records()))
    assert again.splitlines()[-1] == "Importadas 0 filas (0 expedientes nuevos); ya importadas antes: 6; rechazadas: 5."
    assert Case.objects.filter(body=world.municipal).count() == 2
    # A corrected file imports only the fixed rows: the second case now opens with its filing.
    fixed = _records()
    del fixed["cases"][0]["entries"][2]
    fixed["cases"][1]["entries"] = [
        {"type": "complaint_filed", "at": "2025-07-01", "payload": {"complainant_kind": "oeg_director"}},
        {"type": "respondent_notified", "at": "2025-07-02"},
    ]
    third = _run(tmp_path, "antecesora.json", json.dumps(fixed))
    assert third.splitlines()[-1] == (
        "Importadas 2 filas (1 expedientes nuevos); ya importadas antes: 6; rechazadas: 2."
    )
    assert Case.objects.filter(body=world.municipal).count() == 3


def test_csv_import_reports_line_numbers(world, now, tmp_path):
    header = (
        "case_key,kind,respondent_given_name,respondent_family_name,respondent_role,respondent_title,"
        "respondent_municipality,complainant_name,complainant_email,complainant_phone,complainant_address,"
        "event_type,at,payload,details,note\n"
    )
    rows = [
        "A-1,complaint,Hilda,Antecesora Ficticia,mayor,Alcaldesa de Yauco,Yauco,Ciudadana,c@example.org,,,"
        'complaint_filed,2025-05-02T10:00,"{""complainant_kind"": ""person"", ""sworn"": true}",,\n',
        "A-1,,,,,,,,,,,respondent_notified,2025-13-40,,,\n",
        "A-1,,,,,,,,,,,respondent_notified,2025-05-06,{not json},,\n",
        "A-1,,,,,,,,,,,respondent_notified,2025-05-06,,,Notificada en persona\n",
    ]
    out = _run(tmp_path, "antecesora.csv", header + "".join(rows), "--body", "querellas-municipales")
    assert "Fila 3 (línea 3) rechazada: «at» debe ser una fecha" in out
    assert "Fila 4 (línea 4) rechazada: la columna «payload» no es JSON válido" in out
    assert out.splitlines()[-1] == "Importadas 2 filas (1 expedientes nuevos); ya importadas antes: 0; rechazadas: 2."
    case = Case.objects.get(body=world.municipal)
    assert case.entries.count() == 2 and case.parties.get(role="complainant").email == "c@example.org"
    assert case.deadlines.get(deadline_id="answer").due.isoformat() == "2025-05-21"  # May 6 + 15 days
