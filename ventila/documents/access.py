"""Who may do what with a case's documents; every read goes through :mod:`ventila.cases.access`.

Whoever may see a case sees its issued documents (and their PDFs, and the hearings' calendars);
only the body's secretary and staff generate, edit, issue and serve them, and only they see drafts.
A document of a case one may not see is a 404, like the case.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404

from ventila.cases import access
from ventila.cases.models import Case

from .models import Delivery, Document, Draft


def can_manage(user: Any, case: Case) -> bool:
    return case.body_id in access.staff_body_ids(user)


def case_for_documents(user: Any, number: str) -> Case:
    """The case, for generating or serving documents: 404 if unseen, 403 if only seen."""
    case = access.access_case_for_user(user, number)
    if not can_manage(user, case):
        raise PermissionDenied("staff only")
    return case


def draft_for_staff(user: Any, number: str, draft_id: int) -> Draft:
    case = case_for_documents(user, number)
    draft = Draft.objects.select_related("case__body", "source").filter(pk=draft_id, case=case).first()
    if draft is None:
        raise Http404("draft not found")
    return draft


def document_for_user(user: Any, number: str, doc_id: int, *, manage: bool = False, action: str = "view") -> Document:
    case = access.access_case_for_user(user, number)
    doc = Document.objects.select_related("case__body", "source", "issued_by").filter(pk=doc_id, case=case).first()
    if doc is None:
        access.log_access(user, "document", doc_id, case=case, action=action, granted=False)
        raise Http404("document not found")
    if manage and not can_manage(user, case):
        access.log_access(user, "document", doc.pk, case=case, action=action, granted=False)
        raise PermissionDenied("staff only")
    access.log_access(user, "document", doc.pk, case=case, action=action)
    return doc


def delivery_for_user(user: Any, number: str, doc_id: int, delivery_id: int) -> Delivery:
    doc = document_for_user(user, number, doc_id, manage=True)
    d = Delivery.objects.filter(pk=delivery_id, document=doc).select_related("document__case__body").first()
    if d is None:
        raise Http404("delivery not found")
    return d
