"""What the demo builders (``ventila demo`` and its ``demo_*`` modules) share: counting business days back
from today, filing a case against a person in one of their offices, and issuing an act's document served by
hand. Every act goes through the app's ``do_*`` actions; every person is fictitious."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ventila import clock
from ventila.accounts.models import User
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases.actions import ActInput, do_file_case
from ventila.cases.models import Case, DocketEntry
from ventila.documents.actions import do_create_draft, do_issue_document, do_order_delivery
from ventila.rules.calendar import LegalCalendar


def business_days_back(calendar: LegalCalendar, day: dt.date, n: int) -> dt.date:
    """The day ``n`` business days before ``day`` on ``calendar``."""
    while n > 0:
        day -= dt.timedelta(days=1)
        if calendar.is_business_day(day):
            n -= 1
    return day


def person_in_office(
    given: str, family: str, role: str | None, title: str, municipality: str = "", *, start: dt.date
) -> Person:
    """The demo person of that name; made with an office held since ``start`` (none without a role) if new."""
    person, created = Person.objects.get_or_create(given_name=given, family_name=family)
    if created and role:
        OfficeTerm.objects.create(person=person, role=role, title=title, municipality=municipality, start=start)
    return person


def file_against(
    user: User, body: Body, kind: str, person: Person | None, office: OfficeTerm | None, act: ActInput, **more: Any
) -> Case:
    """A case of ``kind`` opened by ``act`` against ``person`` in ``office`` (none: a matter that concerns nobody)."""
    role, title = (office.role, office.title) if office is not None else ("", "")
    return do_file_case(
        user=user,
        body=body,
        kind=kind,
        respondent=person,
        respondent_role=role,
        respondent_office=title,
        act=act,
        **more,
    )


def issue_and_serve(user: User, case: Case, entry: DocketEntry, template: str, role: str, person: Person) -> None:
    """The act's document drafted from ``template``, issued, and served by hand today on ``person``."""
    draft = do_create_draft(user=user, case=case, entry=entry, template=template)
    document = do_issue_document(user=user, draft=draft)
    do_order_delivery(
        user=user,
        document=document,
        role=role,
        name=str(person),
        email="",
        method="hand",
        received_on=clock.today(),
        receipt_note="Entregada en su oficina (demostración).",
    )
