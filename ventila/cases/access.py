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
from django.db import connection
from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.db.models.lookups import In
from django.http import Http404
from django.utils.translation import gettext

from ventila.accounts.grants import grants_of
from ventila.accounts.models import RoleGrant
from ventila.audit.log import record_access
from ventila.bodies.models import Body
from ventila.rules import RULEBOOKS

from .matters import REPORT_KIND, report_sealed_reason
from .models import Attachment, Case, CaseExclusion, CaseSubstitute, DocketEntry

STAFF_ROLES = (RoleGrant.Role.SECRETARY, RoleGrant.Role.STAFF)


def _authenticated(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


# Each of these answers from the user's grants, read once per request (:mod:`ventila.accounts.grants`).


def staff_body_ids(user: Any) -> set[int]:
    return grants_of(user).body_ids(*STAFF_ROLES)


def secretary_body_ids(user: Any) -> set[int]:
    return grants_of(user).body_ids(RoleGrant.Role.SECRETARY)


def speaker_body_ids(user: Any) -> set[int]:
    return grants_of(user).body_ids(RoleGrant.Role.SPEAKERS_OFFICE)


def house_member_body_ids(user: Any) -> set[int]:
    """Bodies to which the user may file their own advisory-opinion requests (Sec. 19; issue 17)."""
    if getattr(user, "person_id", None) is None:
        return set()
    return grants_of(user).body_ids(RoleGrant.Role.HOUSE_MEMBER)


def own_opinion_requests(user: Any) -> QuerySet[Case]:
    """The advisory-opinion cases the user's own person requested, in the bodies of their house-member
    grant: the only cases a house member reads (status and issued text), through this door alone."""
    ids = house_member_body_ids(user)
    if not ids:
        return Case.objects.none()
    return Case.objects.filter(
        body_id__in=ids, kind="advisory_opinion", parties__person_id=user.person_id, parties__role="respondent"
    ).distinct()


def member_body_ids(user: Any) -> set[int]:
    """Bodies on which the user's person holds a seat today."""
    return set(grants_of(user).seats)


def _in_bodies(ids: set[int]) -> Q:
    """``body_id`` among ``ids``. One body: an equality the queue's ``(body, …, next_due, id)``
    indexes serve in order. Several, on PostgreSQL: an IN list, whose selectivity the planner reads from
    the column's statistics, choosing between the ``(…, next_due, id)`` index read in order (bodies that
    hold most cases) and these bodies' rows gathered and sorted (a few) — a filter on ``body_id + 0``
    hid the column from it: estimated at 0.5 % of the rows, the queue's counts ran as a sequential scan
    and a sort of every open case (issue 30, ``tests/web/test_query_plans.py`` at 20,000 cases). On
    SQLite, which keeps no statistics here, ``body_id + 0``, which no index answers, so that the
    ``(…, next_due, id)`` index is read in order (an IN list over an index loses its order)."""
    if len(ids) == 1:
        return Q(body_id=next(iter(ids)))
    if connection.vendor == "postgresql":
        return Q(body_id__in=sorted(ids))
    return Q(In(F("body_id") + 0, sorted(ids)))


def access_cases_for_user(user: Any) -> QuerySet[Case]:
    """Every case this user may see (a queryset to filter and order further)."""
    if not _authenticated(user):
        return Case.objects.none()
    q = Q(pk__in=[])
    staff = staff_body_ids(user)
    if staff:
        q |= _in_bodies(staff)
    members = member_body_ids(user)
    if members:
        excluded = CaseExclusion.objects.filter(case=OuterRef("pk"), person_id=user.person_id)
        q |= _in_bodies(members) & ~Q(Exists(excluded))
    if user.person_id is not None:
        q |= Q(Exists(CaseSubstitute.objects.filter(case=OuterRef("pk"), person_id=user.person_id)))
    speaker = speaker_body_ids(user)
    if speaker:
        q |= _in_bodies(speaker) & Q(final_report_sent=True)
    return Case.objects.filter(q)


def whole_body_ids(user: Any) -> set[int]:
    """The bodies whose every case the user sees: those of their staff grants (a seat hides the cases the
    member is a party to or recused in; the Speaker's office sees the referred reports only)."""
    return staff_body_ids(user) if _authenticated(user) else set()


def access_cases_beyond(user: Any, whole: set[int]) -> QuerySet[Case]:
    """The cases the user sees outside the bodies ``whole`` (of :func:`whole_body_ids`): by seat, as a
    substitute or as the Speaker's office — :func:`access_cases_for_user` less those bodies, without a
    query when there are none (no seat or grant beyond them, no person to be a substitute)."""
    if not _authenticated(user):
        return Case.objects.none()
    q = Q(pk__in=[])
    members = member_body_ids(user) - whole
    if members:
        excluded = CaseExclusion.objects.filter(case=OuterRef("pk"), person_id=user.person_id)
        q |= _in_bodies(members) & ~Q(Exists(excluded))
    speaker = speaker_body_ids(user) - whole
    if speaker:
        q |= _in_bodies(speaker) & Q(final_report_sent=True)
    if user.person_id is not None:  # a substitute's cases, read by the person's appointments (an index)
        appointed = CaseSubstitute.objects.filter(person_id=user.person_id).values("case_id")
        q |= Q(pk__in=appointed) & ~Q(body_id__in=sorted(whole))
    return Case.objects.filter(q) if q != Q(pk__in=[]) else Case.objects.none()


def access_case_for_user(user: Any, number: str, annotate: dict[str, Any] | None = None) -> Case:
    """The case numbered ``number`` if this user may see it; 404 otherwise (existing or not).
    ``annotate``: expressions read in the same SELECT (the case page asks which sections have rows)."""
    # The number is unique: no ORDER BY (``first()`` would add one), the number's index answers.
    qs = access_cases_for_user(user).select_related("body").filter(number=number)
    if annotate:
        qs = qs.annotate(**annotate)
    found = list(qs[:1])
    case = found[0] if found else None
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
    if case.body_id in speaker_body_ids(user) and case.final_report_sent:
        rulebook = RULEBOOKS[case.body.rulebook]
        route = rulebook.docket.final_report.to
        return (
            event_type == rulebook.docket.final_report.decided
            and route is not None
            and route(case.respondent_role) == "speaker"
        )
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


def visible_bodies(user: Any) -> list[Body]:
    """The bodies whose cases the user may see by grant or seat, by name (from the grants: no query)."""
    grants = grants_of(user)
    ids = staff_body_ids(user) | member_body_ids(user) | speaker_body_ids(user)
    return sorted((grants.bodies[pk] for pk in ids), key=lambda b: (b.name, b.pk))


def access_staff_body(user: Any, slug: str) -> Body:
    """The body ``slug`` if the user is its secretary or staff (its annual reports, its publications
    awaiting review); 404 otherwise, exactly as for a body that does not exist."""
    staff = staff_body_ids(user)
    body = next((b for b in visible_bodies(user) if b.slug == slug and b.pk in staff), None)
    if body is None:
        raise Http404
    return body


class ReportSealed(PermissionDenied):
    """The requested report of an access request may not be shown now: ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def access_requested_report(user: Any, case: Case, report_id: int) -> Any:
    """The financial report an access request asks to inspect (Sec. 17), for a case the user may see
    (already through :func:`access_case_for_user`, and re-derived: the stage moves with time). Only the
    body's secretary and staff open it, and only once the Code allows access: the 15 business days have
    passed or the objection was resolved, and the request meets Sec. 17(1) and 17(4) (CAM-17-05); a
    report not final is never shown (CAM-17-01). Every attempt is logged in the access chain, refused or
    not. 404 if the report is not this case's."""
    report = case.requested_reports.filter(pk=report_id).first() if case.kind == REPORT_KIND else None
    if report is None:
        log_access(user, "requested_report", report_id, case=case, action="download", granted=False)
        raise Http404("report not found")
    if case.body_id not in staff_body_ids(user):
        log_access(user, "requested_report", report.pk, case=case, action="download", granted=False)
        raise ReportSealed(
            gettext("Solo la Secretaría de la Comisión abre el informe solicitado, y solo cuando procede el acceso.")
        )
    reason = report_sealed_reason(case)
    if reason:
        log_access(user, "requested_report", report.pk, case=case, action="download", granted=False)
        raise ReportSealed(reason)
    log_access(user, "requested_report", report.pk, case=case, action="download")
    return report


# -- the public record (issue 17) ------------------------------------------------------------------
# Confidentiality ends at the final determination or resolution (Secs. 5(5), 21(d); CAM-05-02,
# CAM-21D-01): an anonymous visitor reads a case's public record once it is final, and nothing of any
# other case. What is published of it, redacted, is ventila.documents.publication's.


def _unsealed(rulebook_id: str) -> bool:
    """The rulebook's reading of what happens at the end (A-5, ``auto_unseal_on_final``): a rulebook
    without the setting (the municipal law states no confidentiality) publishes at the end."""
    rulebook = RULEBOOKS[rulebook_id]
    setting = rulebook.settings.get("auto_unseal_on_final")
    return True if setting is None else bool(setting.default)


Acts = list[tuple[str, dict[str, Any], Any]]


def live_acts(case_ids: list[int]) -> dict[int, Acts]:
    """The acts no later entry corrects of each case, ``(type, payload, occurred_at)`` in docket order:
    one query for all of them."""
    out: dict[int, Acts] = {pk: [] for pk in case_ids}
    rows = (
        DocketEntry.objects.filter(case_id__in=case_ids, superseded_by__isnull=True)
        .order_by("case_id", "seq")
        .values_list("case_id", "event_type", "payload", "occurred_at")
    )
    for case_id, event_type, payload, occurred_at in rows:
        out[case_id].append((event_type, payload or {}, occurred_at))
    return out


def is_final(case: Case, acts: Acts | None = None) -> bool:
    """Whether ``case`` is final for publication (issue 26): its stored stage is final for its kind and
    one of the kind's final acts is on its docket with what must go with it (its notice, the closing:
    :meth:`~ventila.rules.engine.KindSpec.final_for_publication`, the rulebook's one predicate)."""
    spec = RULEBOOKS[case.body.rulebook].kinds.get(case.kind)
    if spec is None or not spec.final_stages or not _unsealed(case.body.rulebook):
        return False
    if case.stage not in spec.final_stages:
        return False
    if acts is None:
        acts = live_acts([case.pk])[case.pk]
    return spec.final_for_publication(case.stage, acts)


def public_cases(body: Body) -> list[Case]:
    """The body's cases final for publication, newest first: all an anonymous visitor may read (the
    public record, its open data, the annual report and the public statistics read this list)."""
    rulebook = RULEBOOKS[body.rulebook]
    stages: dict[str, tuple[str, ...]] = {k: s.final_stages for k, s in rulebook.kinds.items() if s.final_stages}
    if not stages or not _unsealed(body.rulebook):
        return []
    qs: QuerySet[Case] = Case.objects.filter(body=body, kind__in=list(stages)).select_related("body")
    candidates = list(qs.filter(stage__in=sorted({st for v in stages.values() for st in v})).order_by("-year", "-id"))
    acts = live_acts([c.pk for c in candidates])
    return [c for c in candidates if is_final(c, acts[c.pk])]


def public_case(body: Body, number: str) -> Case | None:
    """The case numbered ``number`` of ``body`` if it is public; None otherwise (existing or not)."""
    case = Case.objects.select_related("body").filter(body=body, number=number).first()
    return case if case is not None and is_public(case) else None


def is_public(case: Case, acts: Acts | None = None) -> bool:
    """Whether an anonymous visitor may read ``case`` (what :func:`public_cases` lists): its rulebook
    publishes at the end and the case is final for publication. The public record's stored rows
    (``search.PublishedMatter``) are written only for such a case. ``acts``: its live acts, when read."""
    return _unsealed(case.body.rulebook) and is_final(case, acts)
