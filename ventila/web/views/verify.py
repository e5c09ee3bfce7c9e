"""The public verification page (issue 32): anyone, without an account, checks that a PDF the system
issued is authentic and unchanged — by uploading it, by typing its SHA-256, or by opening the link
printed on it. The answer is the issuing body, the day, the kind of document, and «sin cambios» or «no
coincide con ningún documento expedido» (:mod:`ventila.documents.verification`). Of a confidential
matter it says nothing else; of a public one it links the public record. Every look-up counts against
the client's rate limit (the project's one limiter, :mod:`ventila.accounts.ratelimit`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ventila.accounts import ratelimit
from ventila.cases import access
from ventila.documents import verification
from ventila.documents.models import SignedFile
from ventila.filing import conf
from ventila.filing.draft import human_size
from ventila.web.forms import OneLinePublicForm, one_line_field

HASH_MAX = 200


class VerifyForm(OneLinePublicForm):
    line = "sha256"

    file = forms.FileField(
        label=gettext_lazy("El PDF que recibió"),
        help_text=gettext_lazy("Se calcula su huella; el archivo no se guarda."),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,.pdf"}),
    )
    sha256 = one_line_field(
        gettext_lazy("O su huella SHA-256"),
        gettext_lazy("64 caracteres del 0 al 9 y de la a a la f."),
        controls=gettext_lazy("La huella no puede contener caracteres de control ni saltos de línea."),
        too_long=gettext_lazy("La huella tiene 64 caracteres; se escribieron más."),
        max_length=HASH_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )

    def clean_sha256(self) -> str:
        text = str(self.cleaned_data.get("sha256") or "")
        if text and verification.normal_sha256(text) is None:
            raise forms.ValidationError(
                _("Eso no es una huella SHA-256: debe tener 64 caracteres del 0 al 9 y de la a a la f."), code="format"
            )
        return verification.normal_sha256(text) or ""

    def clean_file(self) -> Any:
        upload = self.cleaned_data.get("file")
        if upload is not None and upload.size > conf.verify_max_bytes():
            raise forms.ValidationError(
                _("El archivo pesa %(size)s; el máximo que se comprueba es %(max)s.")
                % {"size": human_size(upload.size), "max": human_size(conf.verify_max_bytes())},
                code="size",
            )
        return upload

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors and not data.get("file") and not data.get("sha256"):
            raise forms.ValidationError(_("Elija el PDF o escriba su huella SHA-256."), code="empty")
        if data.get("file") and data.get("sha256"):
            raise forms.ValidationError(_("Elija el PDF o escriba la huella, no ambas cosas."), code="both")
        return data


def _limited(request: HttpRequest) -> str:
    """The message when this client has used up its look-ups, else ''; counts this one."""
    try:
        ratelimit.check("verify", ratelimit.address(request), conf.verify_rate())
    except ratelimit.RateLimited as exc:
        return _("Demasiadas comprobaciones desde su dirección de red. Intente de nuevo dentro de %(m)s minutos.") % {
            "m": exc.minutes
        }
    return ""


def _result(record: SignedFile, *, unchanged: bool = True) -> dict[str, Any]:
    out = verification.answer(record)
    out["unchanged"] = unchanged
    case = record.case
    public = access.public_case(record.body, case.number) if case is not None else None
    if public is not None:  # a public matter: its record; a confidential one: nothing more
        out["public_url"] = reverse("web:public_matter", args=[record.body.slug, public.number])
        out["number"] = public.number
    return out


def _page(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    context["form"] = context.get("form", VerifyForm()).shown()
    context.setdefault("max_size", human_size(conf.verify_max_bytes()))
    return render(request, "web/verify.html", context, status=status)


@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request, {})
    form = VerifyForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, {"form": form}, status=400)
    message = _limited(request)
    if message:
        return _page(request, {"form": form, "error": message}, status=429)
    upload = form.cleaned_data.get("file")
    finding: verification.Finding | None
    if upload is not None:
        try:
            finding = verification.examine(upload.read())
        except verification.NotAPdf:
            form.add_error("file", _("El archivo no es un PDF. Elija el PDF que recibió."))
            return _page(request, {"form": form}, status=400)
        except verification.TooManyRevisions as exc:
            form.add_error(
                "file",
                _(
                    "El PDF tiene %(n)s revisiones: no es un documento tal como se expidió (un documento expedido "
                    "tiene una o dos) y no se examina revisión por revisión."
                )
                % {"n": exc.count},
            )
            return _page(request, {"form": form}, status=400)
    else:
        record = verification.by_sha256(form.cleaned_data["sha256"])
        finding = verification.Finding(record) if record is not None else None
    context: dict[str, Any] = {"asked": True, "form": VerifyForm()}
    if finding is not None:
        context["result"] = _result(finding.record, unchanged=finding.unchanged)
    return _page(request, context)


@require_safe
def verify_code(request: HttpRequest, code: str) -> HttpResponse:
    """The link printed on a document: what was issued under it, and the form to compare a copy."""
    message = _limited(request)
    if message:
        return _page(request, {"error": message}, status=429)
    record = verification.by_code(code)
    if record is None:
        return _page(request, {"asked": True, "by_link": True}, status=404)
    return _page(request, {"asked": True, "by_link": True, "result": _result(record)})
