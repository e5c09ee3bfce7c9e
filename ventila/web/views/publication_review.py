"""The review of a final matter's redacted text before the public record shows it (issue 26): the
body's secretary reads what would be published, may add what else to remove, and approves it; the
approval keeps the text's SHA-256 and is chained. Only matters whose text cannot be redacted safely by
rule wait here (:attr:`ventila.documents.publication.PublicMatter.concerns`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django.views.generic import ListView

from ventila.cases import access
from ventila.documents import publication

TERMS_MAX = 5000


class ReviewList(LoginRequiredMixin, ListView):
    """The body's final matters whose public text waits for the Secretary's review."""

    http_method_names = ["get"]
    template_name = "web/publication_review_list.html"
    context_object_name = "matters"

    def get_queryset(self) -> list[Any]:
        self.body = access.access_staff_body(self.request.user, self.kwargs["body"])
        return publication.awaiting_review(access.public_cases(self.body))

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(body=self.body, **kwargs)


@login_required
@require_http_methods(["GET", "POST"])
def review_matter(request: HttpRequest, body: str, number: str) -> HttpResponse:
    b = access.access_staff_body(request.user, body)
    case = access.public_case(b, number)
    if case is None:
        raise Http404
    may_approve = b.pk in access.secretary_body_ids(request.user)
    error = ""
    terms: str | None = None
    if request.method == "POST":
        if not may_approve:
            raise PermissionDenied(_("Solo la Secretaría del cuerpo aprueba la publicación."))
        terms = request.POST.get("terminos", "").replace("\x00", "")
        if len(terms) > TERMS_MAX:
            error = _("Escriba a lo sumo %(limit)d caracteres.") % {"limit": TERMS_MAX}
            terms = terms[:TERMS_MAX]
        elif request.POST.get("accion") == "aprobar":
            try:
                publication.do_review_publication(
                    user=request.user, case=case, terms=terms, digest=request.POST.get("huella", "")[:64]
                )
            except ValueError:
                error = _("El texto público cambió desde que lo leyó: revíselo de nuevo antes de aprobarlo.")
            else:
                messages.success(request, _("Publicación aprobada: la revisión quedó en el registro de auditoría."))
                return redirect(reverse("web:publication_review", kwargs={"body": b.slug}))
    m = publication.public_matter(case, terms)
    if terms is None:
        terms = m.review.terms if m.review is not None else ""
    return render(
        request,
        "web/publication_review_detail.html",
        {"body": b, "m": m, "terms": terms, "error": error, "may_approve": may_approve},
        status=400 if error else 200,
    )
