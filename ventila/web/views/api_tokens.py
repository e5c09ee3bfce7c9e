"""The API's tokens of a body's organisations (issue 19): the body's secretary issues and revokes them.
Nobody else learns the page exists (404). The secret is shown once, on the page that issued it."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from ventila.api.models import ApiClient, ApiToken
from ventila.api.tokens import SCOPES, do_issue_token, do_revoke_token
from ventila.bodies.models import Body
from ventila.cases.access import secretary_body_ids


def _body(request: HttpRequest, slug: str) -> Body:
    body = Body.objects.filter(slug=slug).first()
    if body is None or body.pk not in secretary_body_ids(request.user):
        raise Http404("body")
    return body


class TokenForm(forms.Form):
    client = forms.ModelChoiceField(
        queryset=ApiClient.objects.none(),
        label=gettext_lazy("Organización"),
        empty_label=None,
    )
    label = forms.CharField(
        label=gettext_lazy("Nombre del token"),
        max_length=120,
        help_text=gettext_lazy("Para reconocerlo después, por ejemplo «sistema de referidos»."),
    )
    scopes = forms.MultipleChoiceField(
        label=gettext_lazy("Qué puede hacer"),
        choices=[],
        widget=forms.CheckboxSelectMultiple,
    )
    days = forms.IntegerField(label=gettext_lazy("Días de validez"), min_value=1, max_value=730, initial=365)

    def __init__(self, *args: object, body: Body, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["client"].queryset = ApiClient.objects.filter(body=body).order_by("name")
        self.fields["scopes"].choices = [(k, _(v)) for k, v in SCOPES.items()]

    def clean_label(self) -> str:
        value = " ".join(str(self.cleaned_data["label"]).split())
        if not value:
            raise forms.ValidationError(_("Escriba un nombre para el token."))
        return value


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request: HttpRequest, body: str) -> HttpResponse:
    body_obj = _body(request, body)
    form = TokenForm(request.POST or None, body=body_obj)
    secret = ""  # nosec B105 - no token issued yet on this request
    issued = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        issued, secret = do_issue_token(
            user=request.user, client=d["client"], label=d["label"], scopes=list(d["scopes"]), days=d["days"]
        )
        form = TokenForm(body=body_obj)
    rows = (
        ApiToken.objects.filter(client__body=body_obj).select_related("client").order_by("client__name", "-created_at")
    )
    return render(
        request,
        "web/api_tokens.html",
        {"body": body_obj, "form": form, "rows": rows, "secret": secret, "issued": issued, "scopes": SCOPES},
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def revoke(request: HttpRequest, body: str, token_id: int) -> HttpResponse:
    body_obj = _body(request, body)
    token = get_object_or_404(ApiToken, pk=token_id, client__body=body_obj)
    do_revoke_token(user=request.user, token=token)
    return redirect("web:api_tokens", body=body_obj.slug)
