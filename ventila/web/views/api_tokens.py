"""The API's tokens of a body's organisations (issue 19): the body's secretary issues and revokes them.
Nobody else learns the page exists (404). The secret is shown once, on the page that issued it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django.views.generic import CreateView

from ventila.api.models import ApiClient, ApiToken
from ventila.api.tokens import SCOPES, do_issue_token, do_revoke_token
from ventila.bodies.models import Body
from ventila.cases.access import secretary_body_ids


def _body(request: HttpRequest, slug: str) -> Body:
    body = Body.objects.filter(slug=slug).first()
    if body is None or body.pk not in secretary_body_ids(request.user):
        raise Http404("body")
    return body


class TokenForm(forms.ModelForm):
    scopes = forms.MultipleChoiceField(
        label=gettext_lazy("Qué puede hacer"),
        choices=[],
        widget=forms.CheckboxSelectMultiple,
    )
    days = forms.IntegerField(label=gettext_lazy("Días de validez"), min_value=1, max_value=730, initial=365)

    class Meta:
        model = ApiToken
        fields = ["client", "label", "scopes"]
        labels = {"client": gettext_lazy("Organización"), "label": gettext_lazy("Nombre del token")}
        help_texts = {"label": gettext_lazy("Para reconocerlo después, por ejemplo «sistema de referidos».")}

    def __init__(self, *args: object, body: Body, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["client"].queryset = ApiClient.objects.filter(body=body).order_by("name")
        self.fields["client"].empty_label = None
        self.fields["scopes"].choices = [(k, _(v)) for k, v in SCOPES.items()]

    def clean_label(self) -> str:
        value = " ".join(str(self.cleaned_data["label"]).split())
        if not value:
            raise forms.ValidationError(_("Escriba un nombre para el token."))
        return value


class Tokens(LoginRequiredMixin, CreateView):
    """The body's tokens, and the form that issues one (through ``do_issue_token``, never the form's
    save): the secret is shown on the page that issued it, with a fresh form."""

    http_method_names = ["get", "post"]
    form_class = TokenForm
    template_name = "web/api_tokens.html"

    @cached_property
    def body(self) -> Body:
        return _body(self.request, self.kwargs["body"])

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = {**super().get_form_kwargs(), "body": self.body}
        if not self.request.POST:  # an empty POST is a fresh form, as a GET
            kwargs.pop("data", None)
        return kwargs

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        rows = ApiToken.objects.filter(client__body=self.body).select_related("client")
        rows = rows.order_by("client__name", "-created_at")
        secret = ""  # nosec B105 - no token issued yet on this request
        context = {"body": self.body, "rows": rows, "secret": secret, "issued": None, "scopes": SCOPES}
        return super().get_context_data(**{**context, **kwargs})

    def form_valid(self, form: TokenForm) -> HttpResponse:
        d = form.cleaned_data
        issued, secret = do_issue_token(
            user=self.request.user, client=d["client"], label=d["label"], scopes=list(d["scopes"]), days=d["days"]
        )
        fresh = TokenForm(body=self.body)
        return self.render_to_response(self.get_context_data(form=fresh, issued=issued, secret=secret))

    def form_invalid(self, form: TokenForm) -> HttpResponse:
        return self.render_to_response(self.get_context_data(form=form), status=400 if form.errors else 200)


@login_required
@require_POST
def revoke(request: HttpRequest, body: str, token_id: int) -> HttpResponse:
    body_obj = _body(request, body)
    token = get_object_or_404(ApiToken, pk=token_id, client__body=body_obj)
    do_revoke_token(user=request.user, token=token)
    return redirect("web:api_tokens", body=body_obj.slug)
