"""The only doors to cases: every read of a case, its docket or its documents goes through here.

Complaints are confidential until final resolution (Sec. 5(5), Sec. 21(d)). Who sees a case:

- the body's secretary and staff (:class:`~ventila.accounts.models.RoleGrant`);
- the body's members seated today, unless they are a party to the case (Sec. 8) or recused in it
  (Sec. 9), and the substitutes pro tempore appointed for the case;
- the Speaker's office, only once the Final Report has been referred (Sec. 25), read-only.

Nobody else — not even the system administrator — learns that a case exists: a case a user may
not see is a 404, exactly like a case that does not exist.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404

from ventila import clock
from ventila.accounts.models import RoleGrant
from ventila.audit.log import record_access
from ventila.bodies.models import Body, Membership
from ventila.rules import RULEBOOKS

from .models import Attachment, Case, CaseExclusion, CaseSubstitute, DocketEntry

STAFF_ROLES = (RoleGrant.Role.SECRETARY, RoleGrant.Role.STAFF)


def _authenticated(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


def staff_body_ids(user: Any) -> set[int]:
    if not _authenticated(user):
        return set()
    return set(RoleGrant.objects.filter(user=user, role__in=STAFF_ROLES).values_list("body_id", flat=True))


def secretary_body_ids(user: Any) -> set[int]:
    if not _authenticated(user):
        return set()
    return set(RoleGrant.objects.filter(user=user, role=RoleGrant.Role.SECRETARY).values_list("body_id", flat=True))


def speaker_body_ids(user: Any) -> set[int]:
    if not _authenticated(user):
        return set()
    return set(
        RoleGrant.objects.filter(user=user, role=RoleGrant.Role.SPEAKERS_OFFICE).values_list("body_id", flat=True)
    )


def member_body_ids(user: Any) -> set[int]:
    """Bodies on which the user's person holds a seat today."""
    if not _authenticated(user) or user.person_id is None:
        return set()
    today = clock.today()
    return set(
        Membership.objects.filter(person_id=user.person_id, start__lte=today)
        .filter(Q(end__isnull=True) | Q(end__gte=today))
        .values_list("body_id", flat=True)
    )


def access_cases_for_user(user: Any) -> QuerySet[Case]:
    """Every case this user may see (a queryset to filter and order further)."""
    if not _authenticated(user):
        return Case.objects.none()
    q = Q(pk__in=[])
    staff = staff_body_ids(user)
    if staff:
        q |= Q(body_id__in=staff)
    members = member_body_ids(user)
    if members:
        excluded = CaseExclusion.objects.filter(case=OuterRef("pk"), person_id=user.person_id)
        q |= Q(body_id__in=members) & ~Q(Exists(excluded))
    if user.person_id is not None:
        q |= Q(Exists(CaseSubstitute.objects.filter(case=OuterRef("pk"), person_id=user.person_id)))
    speaker = speaker_body_ids(user)
    if speaker:
        q |= Q(body_id__in=speaker, report_referred=True)
    return Case.objects.filter(q)


def access_case_for_user(user: Any, number: str) -> Case:
    """The case numbered ``number`` if this user may see it; 404 otherwise (existing or not)."""
    case = access_cases_for_user(user).select_related("body").filter(number=number).first()
    if case is None:
        log_access(user, "case", number, case_number=number, granted=False)
        raise Http404("case not found")
    log_access(user, "case", number, case=case)
    return case


def log_access(
    user: Any,
    object_kind: str,
    object_ref: Any,
    *,
    case: Case | None = None,
    case_number: str = "",
    action: str = "view",
    granted: bool = True,
) -> None:
    """Record who opened what, and when, in the chained access log (every door calls this)."""
    record_access(
        user, object_kind, str(object_ref), case=case, case_number=case_number, action=action, granted=granted
    )


def can_record(user: Any, case: Case, event_type: str) -> bool:
    """May this user record ``event_type`` on this (visible) case?

    The body's secretary and staff record every act; the Speaker's office records the decision on
    a Final Report referred to the Speaker (Sec. 25(3)(1), Sec. 26(c)); members read and vote
    through the roll calls the secretary records.
    """
    if case.body_id in staff_body_ids(user):
        return True
    if case.body_id in speaker_body_ids(user) and case.report_referred and event_type == "sanction_decided":
        route = RULEBOOKS[case.body.rulebook].report_route
        return route is not None and route(case.respondent_role) == "speaker"
    return False


def access_case_for_act(user: Any, number: str, event_type: str) -> Case:
    """The case, for recording ``event_type``: 404 if the user may not see it, 403 if only see."""
    case = access_case_for_user(user, number)
    if not can_record(user, case, event_type):
        raise PermissionDenied("may not record this act")
    return case


def can_correct(user: Any, case: Case) -> bool:
    """Corrections of the docket are the secretary's: she keeps its complete and true record."""
    return case.body_id in secretary_body_ids(user)


def access_entry_for_correction(user: Any, number: str, seq: int) -> tuple[Case, DocketEntry]:
    case = access_case_for_user(user, number)
    if not can_correct(user, case):
        raise PermissionDenied("only the secretary corrects the docket")
    entry = case.entries.filter(seq=seq).first()
    if entry is None:
        raise Http404("entry not found")
    return case, entry


def access_attachment(user: Any, number: str, attachment_id: int) -> Attachment:
    case = access_case_for_user(user, number)
    att = Attachment.objects.filter(pk=attachment_id, entry__case=case).first()
    if att is None:
        log_access(user, "attachment", attachment_id, case=case, action="download", granted=False)
        raise Http404("attachment not found")
    log_access(user, "attachment", att.pk, case=case, action="download")
    return att


def can_file(user: Any, body: Body) -> bool:
    return body.pk in staff_body_ids(user)


def access_body_for_filing(user: Any, slug: str) -> Body:
    body = Body.objects.filter(slug=slug).first()
    if body is None or not can_file(user, body):
        raise Http404("body not found")
    return body


def access_body_calendar(user: Any, slug: str) -> Body:
    """Closure days are declared by the body's staff (and the system administrator)."""
    body = Body.objects.filter(slug=slug).first()
    if body is None:
        raise Http404("body not found")
    if body.pk in staff_body_ids(user) or (_authenticated(user) and user.is_superuser):
        return body
    raise Http404("body not found")


def visible_bodies(user: Any) -> QuerySet[Body]:
    ids = staff_body_ids(user) | member_body_ids(user) | speaker_body_ids(user)
    return Body.objects.filter(pk__in=ids).order_by("name")
