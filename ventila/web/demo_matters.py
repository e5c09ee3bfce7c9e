"""Demo matters of the Code's preventive half (issue 16), loaded by ``ventila demo``: outside-activity
notices (Sec. 11), access requests to financial reports (Sec. 17) and the Commission's regulations and
the circulation of the Code (Sec. 27), each kind in several states, dated back from today in business
days so that every term is real. The people are the demo register's (fictitious). Idempotent: a matter
whose caption is already on file is not built again. Every act goes through the app's ``do_*`` actions.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from pypdf import PdfWriter

from ventila import clock
from ventila.accounts.models import User
from ventila.bodies.models import Body, Person
from ventila.cases.actions import ActInput, do_record_act, voting_members
from ventila.cases.evaluation import CaseFacts, compute_calendar, compute_caption, rulebook_and_kind
from ventila.cases.matters import do_store_requested_report
from ventila.cases.models import Case, DocketEntry
from ventila.rules.rulebooks import DEMOS

from .demo_common import business_days_back, file_against, issue_and_serve


def demo_report_pdf() -> bytes:
    """A tiny, valid PDF (one blank page) standing in for the copy of a financial report (fictitious, no
    content): an upload must open as a PDF (ventila/cases/uploads.py)."""
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class _Upload:
    def __init__(self, name: str, data: bytes) -> None:
        self.name, self._data, self.size = name, data, len(data)

    def read(self) -> bytes:
        return self._data


def _back(body: Body, today: dt.date, n: int) -> dt.date:
    """The business day ``n`` business days before ``today`` on the body's legal calendar."""
    calendar, _settings = compute_calendar(CaseFacts(body.rulebook, "regulation", "", False, (), ()))
    return business_days_back(calendar, today, n)


def _open(
    secretary: User, body: Body, kind: str, act: str, day: dt.date, payload: dict[str, Any], person: Person | None
) -> Case | None:
    office = person.offices.order_by("-start").first() if person is not None else None
    kind_spec = rulebook_and_kind(body.rulebook, kind)[1]
    caption = compute_caption(kind_spec, str(person) if person else "", office.title if office else "")
    if person is None and payload.get("title"):
        caption = f"{caption}: «{payload['title']}»"
    # Built once: a matter opened by the same act with the same text (nature, requester, title) is on file.
    key = next((k for k in ("nature", "requester_name", "title", "facts") if k in payload), None)
    on_file = DocketEntry.objects.filter(case__body=body, case__kind=kind, event_type=act, seq=1)
    if key is not None:
        on_file = on_file.filter(**{f"payload__{key}": payload[key]})
    if on_file.exists():
        return None
    opening = ActInput(act, clock.start_of_day(day), False, payload)
    return file_against(secretary, body, kind, person, office, opening, reason="Datos de demostración", caption=caption)


def _act(secretary: User, case: Case, act: str, day: dt.date, payload: dict[str, Any], ballots: Any = None) -> None:
    do_record_act(
        user=secretary, case=case, act=ActInput(act, clock.start_of_day(day), False, payload, ballots=ballots)
    )


def _roll_call(case: Case, day: dt.date, yes: int) -> dict[int, str]:
    return {p.pk: ("yes" if i < yes else "no") for i, p in enumerate(voting_members(case, day))}


NOTICE = {
    "activity": "contract",
    "legislative_salary": 73428.00,
    "certified_no_conflict": True,
    "copy_to_secretariat": True,
}
REQUEST = {
    "requester_address": "Apartado 9100, San Juan, PR 00908",
    "requester_occupation": "Periodista",
    "on_behalf_of": "Ella misma",
    "interest_statement": "Sustenta la querella de demostración presentada ante la Comisión.",
    "complaint_copy": True,
    "knows_use_limits": True,
    "knows_penalty": True,
    "sworn": True,
    "report_is_final": True,
}


def load(stdout: Any, camara: Body, secretary: User) -> None:
    today = clock.today()
    villafane = Person.objects.filter(hr_number="DEMO-104").first()  # a Representative of the demo register
    mojica = Person.objects.filter(hr_number="DEMO-102").first()  # a department head
    if villafane is None or mojica is None:
        return
    built = 0
    flows = DEMOS[camara.rulebook].flows  # the acts of each kind of matter (the House's demo data)
    notified, objected = flows["outside_activity"]
    requested, subject_notified, objection_filed, objection_resolved = flows["report_access"]
    regulation_filed, regulation_rejected, code_approved = flows["regulation"]

    # Sec. 11: a notice under review (its objection window open), one the Commission objected to by roll
    # call, and one over the 35 % cap that the Commission let pass in silence.
    def notice(back: int, person: Person, **fields: Any) -> Case | None:
        payload = {**NOTICE, **fields}
        return _open(secretary, camara, "outside_activity", notified.act, _back(camara, today, back), payload, person)

    if notice(1, villafane, compensation=18500.00, nature="Clases nocturnas de contabilidad en una universidad privada.",
              planned_start=(today + dt.timedelta(days=30)).isoformat()):  # fmt: skip
        built += 1
    if case := notice(12, villafane, activity="business", compensation=25699.80,
                      nature="Socio gerente de una ferretería que vende al Municipio.",
                      planned_start=(today + dt.timedelta(days=10)).isoformat(), change=True):  # fmt: skip
        day = _back(camara, today, 9)
        _act(secretary, case, objected.act, day, dict(objected.payload), _roll_call(case, day, 5))
        # The Commission's decision, issued as a document (Sec. 11(C)), ready to be served.
        entry = case.entries.get(event_type=objected.act)
        issue_and_serve(secretary, case, entry, "outside_activity_decision", "respondent", villafane)
        built += 1
    if notice(20, mojica, activity="employment", compensation=26000.00, legislative_salary=73428.00,
              nature="Consultor de sistemas para una empresa privada.",
              planned_start=(today - dt.timedelta(days=2)).isoformat()):  # fmt: skip
        built += 1

    # Sec. 17: a request awaiting the notice to the Representative, one in the 15-day objection window
    # (its report sealed), one whose window ran out (access open), and one whose objection was upheld.
    quiles = Person.objects.filter(hr_number="DEMO-101").first() or mojica
    for name, person, received, notified_back, objection in (
        ("Lucía Ortiz Demostración", villafane, 1, None, None),
        ("Héctor Rivera Demostración", mojica, 8, 6, None),
        ("Marisol Cintrón Demostración", quiles, 30, 27, None),
        ("Iván Pagán Demostración", villafane, 30, 28, "upheld"),
    ):
        payload = {**REQUEST, "requester_name": name}
        case = _open(
            secretary, camara, "report_access_request", requested.act, _back(camara, today, received),
            payload, person,
        )  # fmt: skip
        if case is None:
            continue
        built += 1
        if notified_back is not None:
            _act(secretary, case, subject_notified.act, _back(camara, today, notified_back), {})
            upload = _Upload("informe-financiero-2025-demostracion.pdf", demo_report_pdf())
            do_store_requested_report(user=secretary, case=case, upload=upload, covers_year=today.year - 1)
        if objection == "upheld":
            day = _back(camara, today, 20)
            _act(secretary, case, objection_filed.act, day, {})
            _act(secretary, case, objection_resolved.act, day, dict(objection_resolved.payload))

    # Sec. 27: a regulation in its 10-day window, one the House rejected, and the Code's circulation.
    if _open(
        secretary, camara, "regulation", regulation_filed.act, _back(camara, today, 3),
        {"title": "Reglamento de Vistas de la Comisión (demostración)"}, None,
    ):  # fmt: skip
        built += 1
    if case := _open(
        secretary, camara, "regulation", regulation_filed.act, _back(camara, today, 25),
        {"title": "Reglamento de Dietas de la Comisión (demostración)"}, None,
    ):  # fmt: skip
        _act(secretary, case, regulation_rejected.act, _back(camara, today, 20), dict(regulation_rejected.payload))
        built += 1
    if _open(secretary, camara, "regulation", code_approved.act, _back(camara, today, 10), {}, None):
        built += 1
    if built:
        stdout.write(f"Asuntos preventivos (Secs. 11, 17, 27): {built} expedientes de demostración.")
