"""The staff search (issue 17): one page of results over what the user may see.

The scope is :func:`ventila.search.scopes.staff_scope` of the cases :mod:`ventila.cases.access` lets
the user see (drafts only of the bodies where the user is staff), applied by :func:`ventila.search.query.search` in the
same statement as the match, before anything is ranked or counted.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from ventila.cases import access
from ventila.cases.models import Case
from ventila.search.models import SearchEntry
from ventila.search.query import COUNT_CAP, search
from ventila.search.scopes import staff_scope

from ..search_forms import SearchForm

PER_PAGE = 20
MAX_PAGE = 50
Kind = SearchEntry.Kind


def _page(raw: str) -> int:
    try:
        page = int(raw)
    except (TypeError, ValueError):
        return 1
    return min(max(page, 1), MAX_PAGE)


def _item(hit: Any, cases: dict[int, Case]) -> dict[str, Any]:
    e = hit.entry
    case = cases[e.case_id]
    number = hit.case_number
    if e.kind == Kind.CASE:
        url, title, label = reverse("web:case", kwargs={"number": number}), case.caption, _("Expediente")
    elif e.kind == Kind.ENTRY:
        title = _(e.title)  # the act's Spanish title as the rulebook words it: its msgid
        url = reverse("web:case", kwargs={"number": number}) + f"#anotacion-{e.ref}"
        label = _("Anotación %(seq)s") % {"seq": e.ref}
    elif e.kind == Kind.DOCUMENT:
        url = reverse("documents:document", kwargs={"number": number, "doc_id": e.object_id})
        title, label = e.title, _("Documento expedido")
    else:
        url = reverse("documents:draft", kwargs={"number": number, "draft_id": e.object_id})
        title, label = e.title, _("Borrador")
    return {"url": url, "title": title, "typed_title": e.kind != Kind.ENTRY, "label": label, "number": number,
            "snippet": hit.snippet}  # fmt: skip


@login_required
def search_page(request: HttpRequest) -> HttpResponse:
    form = SearchForm(request.GET) if "q" in request.GET else SearchForm()
    ctx: dict[str, Any] = {"search_form": form, "searched": False}
    if form.is_bound and form.is_valid():
        page = _page(request.GET.get("pagina", "1"))
        # The door: only the cases this user may see, and drafts only where the user is staff.
        scope = staff_scope(access.access_cases_for_user(request.user), access.staff_body_ids(request.user))
        results = search(form.cleaned_data["q"], scope, limit=PER_PAGE, offset=(page - 1) * PER_PAGE)
        ids = {h.entry.case_id for h in results.hits}
        cases = Case.objects.select_related("body").in_bulk(ids)
        # What each shown case let through (its snippets) is an access like any other: one line per case.
        shown: dict[int, list[str]] = {}
        for h in results.hits:
            shown.setdefault(h.entry.case_id, []).append(f"{h.entry.kind}:{h.entry.object_id}")
        for case_id, refs in shown.items():
            access.log_access(request.user, "search", ",".join(refs), case=cases[case_id], action="search")
        pages = min(MAX_PAGE, (results.total + PER_PAGE - 1) // PER_PAGE)
        ctx.update(
            searched=True,
            query=form.cleaned_data["q"],
            total=min(results.total, COUNT_CAP),
            more_than=results.total > COUNT_CAP,
            items=[_item(h, cases) for h in results.hits],
            no_terms=not results.terms,
            page=page,
            first=(page - 1) * PER_PAGE + 1,
            last=(page - 1) * PER_PAGE + len(results.hits),
            previous=page - 1 if page > 1 else None,
            next=page + 1 if page < pages else None,
        )
    return render(request, "web/search.html", ctx)
