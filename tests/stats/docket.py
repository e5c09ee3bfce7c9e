"""A small docket counted by hand, for every statistic (tests/stats)."""

from __future__ import annotations

from typing import Any

from factories import complaint_act, record, unanimous


def file(world: Any, when: str, channel: str, role: str = "representative") -> Any:
    from ventila.cases.actions import do_file_case

    return do_file_case(
        user=world.users["secretaria"],
        body=world.camara,
        kind="complaint",
        respondent=world.respondent,
        respondent_role=role,
        respondent_office="Director de Finanzas",
        complainant={"name": "Ana Ejemplo Ficticia", "email": "ana@example.org", "phone": "787-555-0100"},
        act=complaint_act(when, "2027-02-10", channel=channel),
    )


def build(world: Any, now: Any) -> dict[str, Any]:
    """Three Cámara complaints filed in March 2027 (in person, by e-mail, online):

    A (in person, 1 March): notified 3 March, answered 10 March, probable cause 30 March, heard, resolved
      30 April (charges proven), referred to the Speaker, written reprimand (a department head).
    B (e-mail, 2 March): notified 4 March, answered 11 March, dismissed 25 March for frivolous and time-barred.
    C (online, 5 March): open, nothing more.
    """
    from ventila.bodies.models import OfficeTerm

    head = world.respondent
    OfficeTerm.objects.filter(person=head).update(role="department_head", title="Director de Finanzas")
    now.set("2027-03-01 18:00")
    a = file(world, "2027-03-01 10:15", "in_person", "department_head")
    now.set("2027-03-02 18:00")
    b = file(world, "2027-03-02 09:00", "email", "department_head")
    now.set("2027-03-05 18:00")
    c = file(world, "2027-03-05 09:00", "online", "department_head")
    steps = [
        ("2027-03-03", a, "respondent_notified", {}, False),
        ("2027-03-04", b, "respondent_notified", {}, False),
        ("2027-03-10", a, "answer_filed", {}, False),
        ("2027-03-11", b, "answer_filed", {}, False),
        (
            "2027-03-25",
            b,
            "determination_made",
            {"outcome": "dismissed", "grounds": ["frivolous", "time_barred"]},
            True,
        ),
        ("2027-03-30", a, "determination_made", {"outcome": "probable_cause"}, True),
        ("2027-04-01", a, "hearing_noticed", {"hearing_date": "2027-04-15T10:00"}, False),
        ("2027-04-15", a, "hearing_held", {}, False),
        ("2027-04-16", a, "evidentiary_hearing_concluded", {}, False),
        ("2027-04-30", a, "resolved", {"outcome": "charges_proven"}, True),
        ("2027-04-30", a, "report_referred", {"to": "speaker"}, False),
    ]
    for day, case, act, payload, voted in steps:
        now.set(day + " 18:00")
        record(world, case, act, day, ballots=unanimous(world) if voted else None, **payload)
    record(world, a, "sanction_decided", "2027-04-30", user="presidencia_camara", sanctions=["written_reprimand"])
    for case in (a, b, c):
        case.refresh_from_db()
    return {"a": a, "b": b, "c": c}
