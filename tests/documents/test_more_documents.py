"""The other documents: extension and recusal resolutions (Secs. 9, 21(b)(3)) and the municipal
hearing notice, associate commissioner's report and decision (¶15–¶16), each read back from its PDF."""

from __future__ import annotations

import datetime as dt

import pytest
from factories import file_complaint, file_municipal_complaint, record, recuse

from .helpers import deliver, flat, issue, municipal_decision, municipal_heard, municipal_hearing, pdf_pages

pytestmark = pytest.mark.django_db


def _text(doc) -> str:
    return flat(" ".join(pdf_pages(doc.file.read())))


def test_extension_and_recusal_resolutions(world, now):
    case = file_complaint(world)
    now.set("2027-03-10 18:00")
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "extension_requested", "2027-03-08", reasons="Acopio de prueba.")
    granted = record(world, case, "extension_granted", "2027-03-09", business_days=10)
    doc = issue(world, case, "extension_decision", seq=granted.seq)
    assert (doc.rule_id, doc.citation) == ("CAM-21B-03", "Sec. 21(b)(3)")
    text = _text(doc)
    assert "concede a la parte querellada una prórroga de 10 días laborables" in text
    member = world.members[3]
    decided = recuse(world, case, member, "2027-03-10", granted=False, by="party", grounds=["kinship"])
    doc = issue(world, case, "recusal_decision", seq=decided.seq)
    assert (doc.rule_id, doc.citation) == ("CAM-09-08", "Sec. 9 ¶5")
    text = _text(doc)
    assert f"deniega el miércoles, 10 de marzo de 2027 la inhibición de {member}" in text
    assert "Parentesco dentro del cuarto grado (Sec. 9(c))" in text and "Solicitante: Una parte" in text


def test_each_recusal_denial_notice_answers_its_own_member_CAM_09_08(world, now):
    # Two party requests, two denials (Wed 10 and Thu 11 Mar 2027): serving member A's denial by hand
    # records a notice for A only; B's term (11 Mar + 2 calendar days = Sat 13 → Mon 15 Mar) stays
    # open until B's own denial is served and received.
    case = file_complaint(world)
    now.set("2027-03-12 18:00")
    record(world, case, "respondent_notified", "2027-03-03")
    a, b = world.members[3], world.members[4]
    decided = {}
    for member, day in ((a, "2027-03-10"), (b, "2027-03-11")):
        decided[member.pk] = recuse(world, case, member, day, granted=False, by="party", grounds=["bias"])

    def serve(member):
        doc = issue(world, case, "recusal_decision", seq=decided[member.pk].seq)
        party = case.parties.get(role="respondent")
        deliver(world, doc, "hand", name=party.name, received_on=dt.date(2027, 3, 12))

    serve(a)
    notices = case.entries.filter(event_type="recusal_denial_notified")
    assert [e.payload.get("member") for e in notices] == [str(a.pk)]
    statuses = sorted(d.status for d in case.deadlines.filter(deadline_id="notify_recusal_denial"))
    assert statuses == ["met", "open"]
    serve(b)
    assert sorted(e.payload.get("member") for e in notices.all()) == sorted([str(a.pk), str(b.pk)])
    assert sorted(d.status for d in case.deadlines.filter(deadline_id="notify_recusal_denial")) == ["met", "met"]


def test_municipal_hearing_notice_report_and_decision_served_and_notified(world, now):
    case = file_municipal_complaint(
        world,
        mayor=("Eduardo", "Cordero Ficticio"),
        complainant={"name": "Ciudadana Ficticia", "email": "c@example.org"},
        facts="Uso de fondos.",
        evidence_attached=False,
    )
    user = "secretaria_municipal"
    noticed = municipal_hearing(world, case, now)
    doc = issue(world, case, "mun_hearing_notice", seq=noticed.seq)
    text = _text(doc)
    assert "celebrará vista pública en la querella CVQM-2027-0001 el martes, 20 de abril de 2027 a las 10:00" in text
    assert "no menos de 15 días de antelación" in text and "MUN-HEA-02" in text
    report = municipal_heard(world, case)
    edits = {
        "findings_of_fact": "El Alcalde firmó contratos sin subasta.",
        "evidence_summary": "Contratos 1 a 4, admitidos.",
        "conclusions_of_law": "Práctica impropia sin temeridad.",
    }
    doc = issue(world, case, "mun_commissioner_report", seq=report.seq, edits=edits)
    assert "Relación de la evidencia presentada y admitida Contratos 1 a 4, admitidos." in _text(doc)
    now.set("2027-05-10 18:00")
    decision = municipal_decision(world, case)
    edits = {
        "findings_of_fact": "Se probaron las prácticas impropias.",
        "conclusions_of_law": "Procede la amonestación (¶30).",
    }
    doc = issue(world, case, "mun_decision", seq=decision.seq, edits=edits)
    assert "decide el lunes, 10 de mayo de 2027 la querella CVQM-2027-0001: Amonestación." in _text(doc)
    now.set("2027-05-12 18:00")
    d = deliver(world, doc, "hand", name="Eduardo Cordero Ficticio", user=user, received_on=dt.date(2027, 5, 12))
    entry = d.receipt_entry
    assert entry.event_type == "decision_notified" and entry.occurred_day == dt.date(2027, 5, 12)
    assert entry.payload == {"copy_attached": True, "recipients": ["respondent"]}
    assert entry.attachments.get().sha256 == doc.sha256
