"""The access log: every view of a case or of one of its files, written by the door itself
(:mod:`ventila.cases.access`) and chained in the case's own access chain (docs/decisions.md,
«Access log: per-case chains»): a read locks that case's chain head, never one row shared by every case."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from . import chain
from .models import AccessLog


def record_access(
    user: Any,
    object_kind: str,
    object_ref: str,
    *,
    case: Any = None,
    case_number: str = "",
    action: str = "view",
    granted: bool = True,
) -> AccessLog | None:
    """Log (and chain) one access. Anonymous requests never reach a case and are not logged."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    confidential = True
    if case is not None:
        case_number = case.number
        # Complaints are confidential until final resolution (Sec. 5(5), 21(d)); a closed case is resolved.
        confidential = case.status != "closed"
    with transaction.atomic():
        row = AccessLog(
            at=timezone.now(),
            user=user,
            username=user.get_username(),
            object_kind=object_kind,
            object_ref=str(object_ref)[:100],
            case_number=case_number[:30],
            action=action,
            granted=granted,
            confidential=confidential,
        )
        chain.append_access(row)
    return row
