"""The administrators' proposals page: propose a body, a change of a body, a function or an API
organisation; approve another administrator's proposal with your password and a current code of your
second factor, or reject it (:mod:`ventila.accounts.proposals`). Nobody but a system administrator
learns the page exists (404)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from .models import Proposal
from .proposals import KINDS, ProposalRefused, describe, do_approve, do_propose, do_reject

RECENT = 20  # decided proposals shown under the pending ones


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Motivo"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Queda en el registro de auditoría con la propuesta."),
    )


class ApproveForm(forms.Form):
    password = forms.CharField(label=gettext_lazy("Su contraseña"), max_length=200, widget=forms.PasswordInput)
    code = forms.CharField(
        label=gettext_lazy("Código de su segundo factor"),
        max_length=10,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )


def _admin(request: HttpRequest) -> Any:
    user: Any = request.user
    if not (user.is_authenticated and user.is_active and user.is_superuser):
        raise Http404("proposals")
    return user


def _page(
    request: HttpRequest,
    *,
    bound: tuple[str, forms.Form, forms.Form] | None = None,
    approving: tuple[int, ApproveForm] | None = None,
    status: int = 200,
) -> HttpResponse:
    user = _admin(request)
    kinds = []
    for name, spec in KINDS.items():
        if bound is not None and bound[0] == name:
            form, reason = bound[1], bound[2]
        else:
            form, reason = spec.form(prefix=name), ReasonForm(prefix=name)
        kinds.append({"kind": name, "label": spec.label, "form": form, "reason": reason})
    pending = []
    for p in Proposal.objects.filter(status=Proposal.Status.PENDING).select_related("proposed_by"):
        form = approving[1] if approving is not None and approving[0] == p.pk else ApproveForm(prefix=f"p{p.pk}")
        pending.append({"proposal": p, "text": describe(p), "own": p.proposed_by_id == user.pk, "form": form})
    decided = [
        {"proposal": p, "text": describe(p)}
        for p in Proposal.objects.exclude(status=Proposal.Status.PENDING).select_related("proposed_by", "decided_by")[
            :RECENT
        ]
    ]
    # A form sent back with its errors: «Error:» heads the page's title, as on every staff form (issue 29).
    error = bool(bound and (bound[1].errors or bound[2].errors)) or bool(approving and approving[1].errors)
    context = {"kinds": kinds, "pending": pending, "decided": decided, "error": error}
    return render(request, "accounts/proposals.html", context, status=status)


def _errors_into(form: forms.Form, refused: ProposalRefused) -> None:
    for field, messages_ in refused.errors.items():
        for message in messages_:
            form.add_error(field if field in form.fields else None, message)


@login_required
@require_http_methods(["GET", "POST"])
def proposals(request: HttpRequest) -> HttpResponse:
    user = _admin(request)
    if request.method == "GET":
        return _page(request)
    kind = str(request.POST.get("kind", ""))
    spec = KINDS.get(kind)
    if spec is None:
        return _page(request, status=400)
    form, reason = spec.form(request.POST, prefix=kind), ReasonForm(request.POST, prefix=kind)
    if form.is_valid() and reason.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if isinstance(v, str | int | bool | None)}
        try:
            proposal = do_propose(user=user, kind=kind, data=data, reason=reason.cleaned_data["reason"])
        except ProposalRefused as exc:
            _errors_into(form, exc)
        else:
            messages.success(
                request,
                _("Propuesta %(n)s registrada. Se aplica cuando otro administrador la apruebe.") % {"n": proposal.pk},
            )
            return redirect("accounts:proposals")
    return _page(request, bound=(kind, form, reason), status=400)


@login_required
@require_POST
def approve(request: HttpRequest, pk: int) -> HttpResponse:
    user = _admin(request)
    proposal = get_object_or_404(Proposal, pk=pk)
    form = ApproveForm(request.POST, prefix=f"p{pk}")
    if form.is_valid():
        try:
            do_approve(
                proposal=proposal, user=user, password=form.cleaned_data["password"], code=form.cleaned_data["code"]
            )
        except ProposalRefused as exc:
            _errors_into(form, exc)
        else:
            messages.success(request, _("Propuesta %(n)s aprobada y aplicada.") % {"n": pk})
            return redirect("accounts:proposals")
    return _page(request, approving=(pk, form), status=400)


@login_required
@require_POST
def reject(request: HttpRequest, pk: int) -> HttpResponse:
    user = _admin(request)
    proposal = get_object_or_404(Proposal, pk=pk)
    try:
        do_reject(proposal=proposal, user=user)
    except ProposalRefused as exc:
        messages.error(request, " ".join(m for ms in exc.errors.values() for m in ms))
    else:
        messages.success(request, _("Propuesta %(n)s rechazada: no se aplicó nada.") % {"n": pk})
    return redirect("accounts:proposals")
