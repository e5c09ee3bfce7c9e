"""The scopes the staff search uses: what a signed-in user may see, through :mod:`ventila.cases.access`."""

from __future__ import annotations

from typing import Any

from ventila.cases import access

from .models import SearchEntry
from .query import Part, Scope

Kind = SearchEntry.Kind


def staff_scope(user: Any) -> Scope:
    """Whoever sees a case searches its number, parties, docket and issued documents; its drafts only the
    body's secretary and staff (who alone see them, :mod:`ventila.documents.access`)."""
    cases = access.access_cases_for_user(user)
    parts = [Part(cases, frozenset({Kind.CASE, Kind.ENTRY, Kind.DOCUMENT}))]
    staff = access.staff_body_ids(user)
    if staff:
        parts.append(Part(cases.filter(body_id__in=sorted(staff)), frozenset({Kind.DRAFT})))
    return Scope(tuple(parts))
