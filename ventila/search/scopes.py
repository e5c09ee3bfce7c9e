"""The scope the staff search uses: what a signed-in user may see, through :mod:`ventila.cases.access`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from ventila.cases import access
from ventila.cases.models import Case

from .models import SearchEntry
from .query import Part, Scope

Kind = SearchEntry.Kind


def staff_scope(cases: QuerySet[Case], staff_body_ids: Iterable[int]) -> Scope:
    """Whoever sees a case (``cases``: :func:`~ventila.cases.access.access_cases_for_user`) searches its
    number, parties, docket and issued documents; its drafts only the body's secretary and staff
    (``staff_body_ids``), who alone see them (:mod:`ventila.documents.access`)."""
    parts = [Part(cases, frozenset({Kind.CASE, Kind.ENTRY, Kind.DOCUMENT}))]
    staff = sorted(staff_body_ids)
    if staff:
        parts.append(Part(cases.filter(body_id__in=staff), frozenset({Kind.DRAFT})))
    return Scope(tuple(parts))


def scope_for_user(user: Any) -> Scope:
    """:func:`staff_scope` of this user."""
    return staff_scope(access.access_cases_for_user(user), access.staff_body_ids(user))
