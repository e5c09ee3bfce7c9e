"""Organisations and their tokens, created and revoked through recorded actions (the audit chain)."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from typing import Any

from django import forms
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from ventila import clock
from ventila.accounts.models import RoleGrant, User
from ventila.accounts.proposals import approved_body_slug
from ventila.audit import state
from ventila.bodies.models import Body

from .models import ApiClient, ApiToken

# The scopes a token may carry: each endpoint asks for one.
SCOPES = {
    "referrals": gettext_noop("Presentar referidos de la OEG (Sec. 16)"),
    "financial": gettext_noop("Anotar eventos de informes financieros (Secs. 14–16)"),
    "access_requests": gettext_noop("Presentar solicitudes de acceso a informes (Sec. 17)"),
    "cases_read": gettext_noop("Leer el estado y los términos de sus casos"),
    "deadlines": gettext_noop("Calcular términos con el motor de reglas"),
}
TOKEN_PREFIX = "vnt_"  # nosec B105 - the public prefix of every token, not a secret
DEFAULT_DAYS = 365


def digest_of(secret: str) -> str:
    """The SHA-256 of a token's secret (what is stored and looked up)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def do_create_client(*, user: Any, name: str, role: str, body: Body, reason: str = "") -> ApiClient:
    """An organisation with its own account (named after it, no password: it cannot sign in)."""
    reason = reason or f"Alta de la organización {name} en la API"
    with transaction.atomic(), state.acting(user, reason):
        account = User.objects.create(
            username=f"api-{slugify(name)[:60]}-{secrets.token_hex(3)}",
            first_name=name[:150],
            last_name="(API)",
            is_active=True,
        )
        account.set_unusable_password()
        account.save(update_fields=["password"])
        if role == ApiClient.Role.SPEAKER:
            # The Speaker's office reads what the Code lets it read (Sec. 25), through the same doors.
            RoleGrant.objects.create(user=account, body=body, role=RoleGrant.Role.SPEAKERS_OFFICE)
        return ApiClient.objects.create(name=name, role=role, body=body, user=account, created_at=clock.now())


# The organisations' functions as the proposals page shows them (the model's labels are not translated).
ROLE_LABELS = {
    ApiClient.Role.OEG.value: gettext_lazy("Oficina de Ética Gubernamental (OEG)"),
    ApiClient.Role.SPEAKER.value: gettext_lazy("Oficina del Presidente de la Cámara"),
    ApiClient.Role.COMMISSION.value: gettext_lazy("Comisión"),
}


class ApiClientForm(forms.Form):
    """An organisation proposed (:mod:`ventila.accounts.proposals`): its function decides what it reads
    (the Speaker's office's is a function of the body), so one administrator proposes, another approves."""

    name = forms.CharField(label=gettext_lazy("Organización"), max_length=200)
    role = forms.ChoiceField(label=gettext_lazy("Función"), choices=list(ROLE_LABELS.items()))
    body = forms.SlugField(label=gettext_lazy("Cuerpo (identificador)"), max_length=50)

    def clean_name(self) -> str:
        """The organisation's name, spaces folded, refused if empty or already taken."""
        name = " ".join(str(self.cleaned_data["name"]).split())
        if not name:
            raise forms.ValidationError(_("Escriba el nombre de la organización."))
        if ApiClient.objects.filter(name=name).exists():
            raise forms.ValidationError(_("Ya hay una organización con ese nombre."))
        return name

    def clean_body(self) -> str:
        """The slug of an approved body."""
        return approved_body_slug(self.cleaned_data["body"])


def apply_client_proposal(form: ApiClientForm, approver: Any, reason: str) -> str:
    """An approved proposal of an organisation: create it; return its id."""
    d = form.cleaned_data
    body = Body.objects.get(slug=d["body"])
    return str(do_create_client(user=approver, name=d["name"], role=d["role"], body=body, reason=reason).pk)


def describe_client_proposal(p: dict[str, Any]) -> str:
    """A proposal of an organisation in one line, for the administrators' list."""
    role = ROLE_LABELS.get(p.get("role", ""), p.get("role", ""))
    return _("Organización de la API «%(name)s» (%(role)s) ante %(body)s") % {
        "name": p.get("name", ""),
        "role": role,
        "body": p.get("body", ""),
    }


def do_issue_token(
    *, user: Any, client: ApiClient, label: str, scopes: list[str], days: int = DEFAULT_DAYS
) -> tuple[ApiToken, str]:
    """A new token and its secret (returned once; only its SHA-256 is kept)."""
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown or not scopes:
        raise ValueError(f"alcances desconocidos: {', '.join(unknown) or '(ninguno)'}")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    now = clock.now()
    with transaction.atomic(), state.acting(user, f"Token «{label}» de {client.name}"):
        token = ApiToken.objects.create(
            client=client,
            label=label[:120],
            prefix=secret[:12],
            digest=digest_of(secret),
            scopes=sorted(set(scopes)),
            created_at=now,
            expires_at=now + dt.timedelta(days=days),
        )
    return token, secret


def do_revoke_token(*, user: Any, token: ApiToken, reason: str = "") -> ApiToken:
    """Revoke ``token`` (once: revoking it again changes nothing), recorded with ``reason``."""
    with transaction.atomic(), state.acting(user, reason or f"Revocación del token «{token.label}»"):
        token = ApiToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is None:
            token.revoked_at = clock.now()
            token.save(update_fields=["revoked_at"])
    return token


def token_for(secret: str) -> ApiToken | None:
    """The live token with this secret (not revoked, not expired), or None."""
    if not secret.startswith(TOKEN_PREFIX) or len(secret) > 200:
        return None
    token = (
        ApiToken.objects.select_related("client", "client__body", "client__user")
        .filter(digest=digest_of(secret))
        .first()
    )
    if token is None or token.revoked_at is not None or token.expires_at <= clock.now():
        return None
    return token
