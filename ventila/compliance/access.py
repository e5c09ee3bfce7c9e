"""The only doors to the register of obligated people and to what it says of each person: their
offices, their financial-report duties and the reports recorded (docs/permissions.md, the rows
«Register of obligated people …» and «Import the register …»).

Who reads: the secretary and staff of a body whose rulebook keeps such a register (the House
Commission: Secs. 3, 14), and the members seated on it today. Who records (imports, reports
received): its secretary and staff. Everybody else — the municipal Commission's people, the
Speaker's office, a substitute pro tempore, the system administrator, the public — gets a 404: the
page does not exist for them. A member who may read gets a 403 on the pages that record.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, QuerySet
from django.http import Http404

from ventila.accounts.grants import grants_of
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.cases import access as case_access  # the one door, which this one builds on
from ventila.rules import RULEBOOKS
from ventila.rules.engine import Obligations


def obligations_of(body: Body) -> Obligations | None:
    return RULEBOOKS[body.rulebook].register.obligations


def can_read_register(user: Any, body: Body) -> bool:
    if obligations_of(body) is None:
        return False
    return body.pk in case_access.staff_body_ids(user) or body.pk in case_access.member_body_ids(user)


def can_record_register(user: Any, body: Body) -> bool:
    return obligations_of(body) is not None and body.pk in case_access.staff_body_ids(user)


def register_bodies(user: Any) -> list[Body]:
    """The bodies whose register this user may read, by name (for the navigation: from the user's
    grants, read once per request; no query of its own)."""
    grants = grants_of(user)
    ids = case_access.staff_body_ids(user) | case_access.member_body_ids(user)
    bodies = [grants.bodies[pk] for pk in ids if pk in grants.bodies]
    return sorted((b for b in bodies if obligations_of(b) is not None), key=lambda b: (b.name, b.pk))


def access_register(user: Any, slug: str, *, record: bool = False) -> Body:
    """The body whose register is asked for: 404 if the user may not read it (or the body keeps
    none), 403 if ``record`` and the user may only read."""
    body = Body.objects.filter(slug=slug).first()
    if body is None or not can_read_register(user, body):
        raise Http404("register not found")
    if record and not can_record_register(user, body):
        raise PermissionDenied("only the secretary and staff record in the register")
    return body


def obligated_people(body: Body) -> QuerySet[Person]:
    """The people of the register with at least one office of a role the body's rulebook binds."""
    obligations = obligations_of(body)
    assert obligations is not None
    offices = OfficeTerm.objects.filter(person=OuterRef("pk"), role__in=obligations.roles)
    return Person.objects.filter(Exists(offices))


def access_obligated_person(user: Any, slug: str, person_id: int, *, record: bool = False) -> tuple[Body, Person]:
    """A person of the register, with the body: 404 unless the user may read the register and the
    person holds or held an office the body's rulebook binds; every view is logged."""
    body = access_register(user, slug, record=record)
    person = obligated_people(body).filter(pk=person_id).first()
    if person is None:
        case_access.log_access(user, "obligated_person", person_id, granted=False)
        raise Http404("person not found")
    case_access.log_access(user, "obligated_person", person.pk, action="record" if record else "view")
    return body, person


def log_access_board(user: Any, body: Body) -> None:
    """Every view of the compliance board (it names who is late) is written to the access log."""
    case_access.log_access(user, "compliance_board", body.slug)
