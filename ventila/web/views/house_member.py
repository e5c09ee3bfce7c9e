"""A member of the House files and follows their own advisory-opinion requests online (issue 17,
Sec. 19(a)–(c)). The account holds the ``house_member`` grant and its user's person is the member in the
register; it reads only its own requests (:func:`ventila.cases.access.own_opinion_requests`) — never a
case page, the queue's cases or anything else of the Commission (docs/permissions.md).

Two steps, as the staff intake: the request, then the engine's checks on it (CAM-19A-01, CAM-19A-02,
CAM-19C-01, CAM-19C-02) before it is accepted; the request is filed by :func:`do_file_case`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from ventila import clock, files
from ventila.bodies.models import Body, OfficeTerm, in_force_on
from ventila.cases import access
from ventila.cases.actions import ActInput, ActRefused, do_file_case, preview_filing
from ventila.cases.advisory import KIND, register
from ventila.cases.evaluation import compute_caption, event_spec, rulebook_and_kind
from ventila.cases.labels import DEADLINES
from ventila.cases.models import CaseDeadline
from ventila.documents.models import Document
from ventila.rules import PR_TZ, RULEBOOKS

from ..forms import _payload_field, yes_no_field
from ..matter_labels import LONG_TEXT_LIMIT
from ..opening_forms import respondent_of
from ..templatetags.web_tags import long_date
from .docketing import _apply_refusal, opening_effect


def _bodies(user: Any) -> list[Body]:
    ids = access.house_member_body_ids(user)
    if not ids:
        raise Http404("not a house member")
    return list(Body.objects.filter(pk__in=ids).order_by("name"))


def _office(user: Any, body: Body, day: dt.date) -> OfficeTerm | None:
    roles = rulebook_and_kind(body.rulebook, KIND)[1].respondent_roles
    return (
        OfficeTerm.objects.filter(in_force_on(day), person_id=user.person_id, role__in=roles).order_by("-start").first()
    )


class OwnRequestForm(forms.Form):
    """The member's own request: the facts, the day they will occur, and the Sec. 19(a)–(c) questions."""

    facts = forms.CharField(
        label=gettext_lazy("Hechos sobre los que pide la opinión"),
        help_text=gettext_lazy("Expóngalos clara y detalladamente, con todos los elementos de juicio (Sec. 19(b))."),
        max_length=LONG_TEXT_LIMIT,
        widget=forms.Textarea(attrs={"rows": 6, "maxlength": str(LONG_TEXT_LIMIT)}),
        error_messages={"required": gettext_lazy("Escriba los hechos sobre los que pide la opinión.")},
    )
    facts_ongoing = yes_no_field(
        gettext_lazy("¿Ya están ocurriendo los hechos?"), gettext_lazy("Indique si los hechos ya están ocurriendo.")
    )
    related_complaint = yes_no_field(
        gettext_lazy("¿Sabe de alguna querella relacionada con estos hechos?"),
        gettext_lazy("Indique si sabe de una querella relacionada."),
    )

    def __init__(self, *args: Any, body: Body, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.act = RULEBOOKS[body.rulebook].kinds[KIND].opening[0]  # the request, the act that opens the kind
        spec = event_spec(body.rulebook, KIND, self.act)
        day = clock.today()
        self.fields["facts_date"] = _payload_field("facts_date", spec.fields["facts_date"], None, day, self.act)
        self.fields["facts_date"].label = _("Fecha en que ocurrirán los hechos")
        self.fields["facts_date"].error_messages["required"] = _("Escriba la fecha en que ocurrirán los hechos.")
        self.order_fields(["facts", "facts_date", "facts_ongoing", "related_complaint"])

    def clean_facts(self) -> str:
        value = str(self.cleaned_data["facts"]).strip()
        if "\x00" in value:
            raise forms.ValidationError(_("El texto contiene caracteres no válidos."))
        if not value:
            raise forms.ValidationError(_("Escriba los hechos sobre los que pide la opinión."))
        return value.replace("\r\n", "\n")

    def act_input(self, role: str) -> ActInput:
        now = clock.now()
        payload = {
            "facts": self.cleaned_data["facts"],
            "facts_date": self.cleaned_data["facts_date"].isoformat(),
            "facts_ongoing": bool(self.cleaned_data["facts_ongoing"]),
            "related_complaint": bool(self.cleaned_data["related_complaint"]),
            "requester_role": role,
            "detailed": True,
        }
        return ActInput(self.act, now.astimezone(PR_TZ), True, payload, {}, _("Solicitud presentada en línea."))


@login_required
def my_requests(request: HttpRequest) -> HttpResponse:
    """The member's own requests and their status (the register's row of each; nothing else)."""
    bodies = _bodies(request.user)
    cases = access.own_opinion_requests(request.user)
    rows = register(cases, issued_only=False)
    terms = {
        d.case_id: d
        for d in CaseDeadline.objects.filter(case__in=cases, deadline_id="issue_opinion").order_by("position")
    }
    documents: dict[int, list[Document]] = {}
    for doc in Document.objects.filter(case__in=cases).order_by("issued_at", "pk"):
        documents.setdefault(doc.case_id, []).append(doc)
    return render(
        request,
        "web/my_opinions.html",
        {
            "bodies": bodies,
            "rows": [{"o": o, "term": terms.get(o.case.pk), "documents": documents.get(o.case.pk, [])} for o in rows],
            "deadline_label": DEADLINES.get("issue_opinion", ""),
        },
    )


@login_required
@require_http_methods(["GET"])
def my_document_pdf(request: HttpRequest, number: str, doc_id: int) -> HttpResponse:
    """A document issued on one of the member's own requests (issue 29: she could not open them), as its PDF;
    any other case or document is not found, and each reading is logged as the staff's are."""
    case = access.own_opinion_requests(request.user).filter(number=number).first()
    doc = Document.objects.filter(pk=doc_id, case=case).first() if case is not None else None
    if case is None or doc is None:
        access.log_access(request.user, "document", doc_id, case=case, action="download", granted=False)
        raise Http404("not one of the member's documents")
    access.log_access(request.user, "document", doc.pk, case=case, action="download")
    return files.served(doc)


@login_required
@require_http_methods(["GET", "POST"])
def new_request(request: HttpRequest, body: str) -> HttpResponse:
    """File one's own request: the form, the check of the CAM-19 findings, then the filing."""
    body_obj = next((b for b in _bodies(request.user) if b.slug == body), None)
    if body_obj is None:
        raise Http404("body")
    office = _office(request.user, body_obj, clock.today())
    if office is None:
        return render(request, "web/my_opinion_no_office.html", {"body": body_obj}, status=403)
    form = OwnRequestForm(request.POST or None, body=body_obj)
    step = request.POST.get("paso", "")
    if request.method == "POST" and form.is_valid() and step != "cambiar":
        act = form.act_input(office.role)
        try:
            if step == "confirmar":
                kind_spec = rulebook_and_kind(body_obj.rulebook, KIND)[1]
                case = do_file_case(
                    user=request.user,
                    body=body_obj,
                    kind=KIND,
                    **respondent_of(office),
                    act=act,
                    reason="Solicitud de opinión consultiva presentada en línea por quien la pide",
                    caption=compute_caption(kind_spec, str(office.person), office.title),
                )
                term = case.deadlines.filter(deadline_id="issue_opinion").order_by("position").first()
                messages.success(request, _("Se radicó su solicitud con el número %(n)s.") % {"n": case.number})
                if term is not None:  # what happens now, in plain words (issue 29)
                    messages.info(
                        request,
                        _(
                            "Qué pasa ahora: la Comisión estudia su solicitud y le contestará por escrito a más "
                            "tardar el %(day)s. Si necesita más tiempo, puede prorrogar el plazo y se lo dirá. "
                            "Verá aquí cada paso."
                        )
                        % {"day": long_date(term.due)},
                    )
                return redirect("web:my_opinions")
            preview = preview_filing(body=body_obj, kind=KIND, respondent_role=office.role, act=act)
        except ActRefused as exc:
            _apply_refusal(form, exc)
        else:
            return render(
                request,
                "web/my_opinion_check.html",
                {
                    "form": form,
                    "body": body_obj,
                    "office": office,
                    "rows": [
                        {"label": form[name].label, "value": value, "anchor": anchor}
                        for name, value, anchor in (
                            ("facts", form.cleaned_data["facts"], "id_facts"),
                            ("facts_date", long_date(form.cleaned_data["facts_date"]), "id_facts_date"),
                            (
                                "facts_ongoing",
                                _("Sí") if form.cleaned_data["facts_ongoing"] else _("No"),
                                "id_facts_ongoing_0",
                            ),
                            (
                                "related_complaint",
                                _("Sí") if form.cleaned_data["related_complaint"] else _("No"),
                                "id_related_complaint_0",
                            ),
                        )
                    ],
                    **opening_effect(preview),
                },
            )
    return render(request, "web/my_opinion_new.html", {"form": form, "body": body_obj, "office": office})
