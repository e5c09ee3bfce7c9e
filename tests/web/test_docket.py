"""The case page's «Expediente»: one line per entry (date, act, who), its details on demand, the
service of a document folded under it, date-only entries in their place, and the caption."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from documents.helpers import issue
from factories import at, file_complaint, make_person, record

from ventila.cases.models import DocketEntry
from ventila.cases.queries import docket_order
from ventila.rules import PR_TZ

from .helpers import file_mayor_complaint, serve

pytestmark = pytest.mark.django_db

ITEM = re.compile(r'<li class="timeline-item[^"]*" id="anotacion-(\d+)">(.*?)(?=<li class="timeline-item|</ol>)', re.S)


def _items(page: str) -> list[tuple[int, str]]:
    timeline = page[page.index('<ol class="timeline"') :]
    return [(int(seq), body) for seq, body in ITEM.findall(timeline)]


def test_each_entry_is_one_line_with_its_details_behind_it_and_the_service_folded_under_its_document(
    client, world, now
):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    now.set("2027-03-03 16:00")
    serve(world, doc, "hand", dt.date(2027, 3, 2))
    serve(world, doc, "mail", dt.date(2027, 3, 3), name="Ana Ejemplo Ficticia", role="complainant")
    entries = {e.seq: e for e in case.entries.all()}
    attempts = [s for s, e in entries.items() if e.event_type == "service_attempted"]
    issued = next(s for s, e in entries.items() if e.event_type == "document_issued")
    assert len(attempts) == 2
    client.force_login(world.users["secretaria"])
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    items = _items(page)
    # One line each for the acts and the document; the two attempts are not lines of their own.
    assert sorted(seq for seq, _body in items) == sorted(set(entries) - set(attempts))
    for seq, body in items:
        e = entries[seq]
        # The line: a <details> whose <summary> says when, what and who; the rest inside it.
        assert body.startswith('<details class="entry"><summary class="timeline-head">'), body[:200]
        summary = body[: body.index("</summary>")]
        assert re.search(r"anotó <span translate=\"no\">(Secretaria Ficticia|secretaria)</span>", summary), summary
        assert f"anotación n.º {seq}" in summary
        day = f"{e.occurred_at.astimezone(PR_TZ).day} de marzo de 2027"
        assert day in summary, summary
        assert "<dl" not in summary and "Anotado por" not in summary  # the details are behind it
        assert "Anotado por" in body[body.index("</summary>") :]
    document_line = dict(items)[issued]
    summary = document_line[: document_line.index("</summary>")]
    assert "«Notificación de la querella»" in summary and "notificaciones: 2" in summary
    for seq in attempts:
        assert f'<li class="timeline-attempt" id="anotacion-{seq}"><details class="entry"><summary>' in document_line
    assert "Rafael Quiñones Ficticio (Entrega personal)" in document_line
    assert "Ana Ejemplo Ficticia (Correo postal" in document_line
    # The two attempts appear under the document oldest first.
    assert document_line.index(f'id="anotacion-{attempts[0]}"') < document_line.index(f'id="anotacion-{attempts[1]}"')


def _copies(case, rows):
    """Docket entries written as given (``(when, has_time)``, in recorded order), copies of the
    first entry's act: a hand-built docket mixing date-only and timed entries."""
    source = case.entries.get(seq=1)
    fields = [f.attname for f in DocketEntry._meta.concrete_fields if f.attname not in ("id", "seq", "supersedes_id")]
    base = {f: getattr(source, f) for f in fields}
    seq = case.entries.count()
    made = []
    for when, has_time in rows:
        seq += 1
        made.append(DocketEntry(**{**base, "seq": seq, "occurred_at": at(when), "has_time": has_time}))
    DocketEntry.objects.bulk_create(made)
    return [m.seq for m in made]


def test_a_date_only_entry_keeps_its_recorded_place_within_its_day_and_never_follows_a_later_day(client, world, now):
    case = file_complaint(world)  # seq 1: 1 March 2027, 10:15
    s2, s3, s4, s5, s6 = _copies(
        case,
        [
            ("2027-03-02 15:00", True),  # recorded second, at 15:00
            ("2027-03-02 00:00", False),  # 2 March, no hour: recorded after the 15:00 act
            ("2027-03-02 09:00", True),  # recorded later, happened earlier that day
            ("2027-03-03 00:00", False),  # 3 March, no hour
            ("2027-03-02 00:00", False),  # 2 March again, no hour, recorded last
        ],
    )
    # By day; within 2 March the timed acts in time order (09:00 before 15:00), each date-only entry in
    # its recorded place; 3 March after all of 2 March, though recorded before s6.
    expected = [1, s4, s3, s2, s6, s5]
    assert [e.seq for e in docket_order(case.entries.all())] == expected
    # Stored midnight would have put the date-only entries before every act of their day.
    assert [e.seq for e in sorted(case.entries.all(), key=lambda e: (e.occurred_at, e.seq))] != expected
    client.force_login(world.users["secretaria"])
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    assert [seq for seq, _body in _items(page)] == expected[::-1]  # the page lists it newest first


def test_the_engine_and_the_page_agree_on_the_order_of_one_day(world, now):
    """docket_order is the engine's order (ventila.rules.engine.order_events) for the same entries."""
    from ventila.rules.engine import order_events, parse_events
    from ventila.rules.rulebooks import RULEBOOKS

    case = file_complaint(world)
    _copies(case, [("2027-03-02 15:00", True), ("2027-03-02 00:00", False), ("2027-03-02 09:00", True)])
    entries = list(case.entries.order_by("seq"))
    rulebook = RULEBOOKS["camara-171"]
    data = [
        {
            "type": e.event_type,
            "at": e.occurred_at.astimezone(PR_TZ).strftime("%Y-%m-%dT%H:%M")
            if e.has_time
            else e.occurred_day.isoformat(),
            **e.payload,
        }
        for e in entries
    ]
    engine = [ev.index for ev in order_events(parse_events(data, rulebook.kinds["complaint"], rulebook))]
    assert [entries[i].seq for i in engine] == [e.seq for e in docket_order(entries)]


def test_the_caption_names_the_office_of_the_mayor_once(client, world, now):
    mayor = make_person(
        "Ivelisse", "Torres Ficticia", role="mayor", title="Alcaldesa de Guayama", municipality="Guayama"
    )
    case = file_mayor_complaint(world, mayor, when="2027-03-01 10:15", facts="Uso de fondos municipales.")
    assert case.caption == "Querella contra la Alcaldesa de Guayama, Ivelisse Torres Ficticia"
    house = file_complaint(world)
    assert house.caption == "Querella contra Rafael Quiñones Ficticio"
    client.force_login(world.users["secretaria_municipal"])
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    assert (
        '<span class="subtitle"><span lang="es">Querella contra la Alcaldesa de Guayama, Ivelisse Torres Ficticia</span></span>'
        in page
    )
    assert (
        "Querella contra la Alcaldesa de Guayama, Ivelisse Torres Ficticia"
        in client.get("/expedientes/").content.decode()
    )
    assert "contra un Alcalde" not in page


def test_a_corrected_entry_says_so_on_its_line(client, world, now):
    case = file_complaint(world)
    now.set("2027-03-03 12:00")
    wrong = record(world, case, "respondent_notified", "2027-03-02")
    record(world, case, "respondent_notified", "2027-03-03", supersedes=wrong)
    client.force_login(world.users["secretaria"])
    items = dict(_items(client.get(f"/expedientes/{case.number}/").content.decode()))
    line = items[wrong.seq]
    assert '<span class="tag tag-warn">Corregida</span>' in line[: line.index("</summary>")]
    assert "Corregida por la anotación n.º 3" in line
