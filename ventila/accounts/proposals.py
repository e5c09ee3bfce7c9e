"""Two people for real: what gives or takes access, or what the public sees, is proposed by one
administrator and applied only when another approves it, signing with his password and a current
second-factor code (not a username typed on a command line).

The kinds: a body created, a body renamed, deactivated or reactivated (:class:`BodyCreateForm`,
:class:`BodyChangeForm`), a function granted or withdrawn (:class:`RoleGrantForm`,
:class:`RoleRevokeForm`), an account linked to a person of the register (:class:`PersonLinkForm`)
and those the apps above register from ``AppConfig.ready``
(:func:`register_kind`: the API's organisations, whose function decides what they read). A
proposal is a :class:`~ventila.accounts.models.Proposal` row, kept as versions in the audit chain:
the proposal (who, why, what) and its decision (who, when, what it created); what it applies is
written under the approver's name with the proposal's reason, and a function granted or withdrawn is
also an :class:`~ventila.audit.models.OperatorAction` naming both people.

The rules: both are active system administrators with a confirmed second factor; the approver is
not the proposer; nobody proposes or approves a function for his own account; what is proposed is
validated again when approved (the world may have changed since).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ventila.audit import state
from ventila.bodies.models import Body, Person, rulebook_choices

from . import twofactor
from .actions import log_operator_action
from .models import Proposal, RoleGrant, SignInAttempt, User


class ProposalRefused(Exception):
    """The proposal or its decision cannot go on: ``errors`` maps a field to its messages (Spanish)."""

    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


@dataclass(frozen=True)
class ProposalKind:
    """``form`` validates the payload (when proposed and again when approved); ``apply`` does it,
    given the valid form, the approver and the reason, and returns the id of what it created or
    changed; ``describe`` says what the payload proposes, in Spanish; ``accounts`` names the accounts
    (usernames) it gives or takes access to — none of them may propose or approve it."""

    kind: str
    label: Any  # lazy Spanish text
    form: type[forms.Form]
    apply: Callable[[Any, User, str], str]
    describe: Callable[[dict[str, Any]], str]
    accounts: Callable[[dict[str, Any]], list[str]] = lambda payload: []


KINDS: dict[str, ProposalKind] = {}


def register_kind(kind: ProposalKind) -> None:
    KINDS[kind.kind] = kind


def _folded(text: str) -> str:
    """A name as a reader compares it: no accents, case or repeated spaces."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def _look_alike(name: str, exclude: int | None = None) -> bool:
    wanted = _folded(name)
    return any(
        wanted in (_folded(b.name), _folded(b.short_name)) for b in Body.objects.exclude(pk=exclude).order_by("pk")
    )


def approved_body_slug(value: Any) -> str:
    """A form's body, named by its slug: one two administrators approved."""
    slug = str(value)
    if not Body.objects.filter(slug=slug, approved=True).exists():
        raise forms.ValidationError(_("No hay un cuerpo aprobado «%(slug)s».") % {"slug": slug})
    return slug


class _NamesForm(forms.Form):
    def _check_names(self, exclude: int | None = None) -> None:
        for field in ("name", "short_name"):
            value = self.cleaned_data.get(field)
            if value and _look_alike(value, exclude):
                self.add_error(field, _("Ya hay un cuerpo con ese nombre (o uno que se lee igual)."))


class BodyCreateForm(forms.ModelForm, _NamesForm):
    class Meta:
        model = Body
        fields = ["slug", "name", "short_name", "rulebook", "case_prefix", "seats"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The rulebooks by their identifiers: a code, the same in every language (their titles are the law's).
        self.fields["rulebook"].choices = [(rb, rb) for rb, _title in rulebook_choices()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self._check_names()
        return data


class BodyChangeForm(_NamesForm):
    body = forms.SlugField(label=gettext_lazy("Cuerpo (identificador)"), max_length=50)
    name = forms.CharField(label=gettext_lazy("Nombre"), max_length=200)
    short_name = forms.CharField(label=gettext_lazy("Nombre corto"), max_length=80)
    active = forms.BooleanField(
        label=gettext_lazy("Activo (aparece en las páginas públicas y recibe querellas)"), required=False
    )

    def clean_body(self) -> str:
        return approved_body_slug(self.cleaned_data["body"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        body = Body.objects.filter(slug=data.get("body", "")).first()
        if body is not None:
            self._check_names(exclude=body.pk)
            if (data.get("name"), data.get("short_name"), data.get("active")) == (
                body.name,
                body.short_name,
                body.active,
            ):
                raise forms.ValidationError(_("No cambia nada del cuerpo."))
        return data


class _RoleForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Usuario"), max_length=150)
    body = forms.SlugField(label=gettext_lazy("Cuerpo (identificador)"), max_length=50)
    role = forms.ChoiceField(label=gettext_lazy("Función"), choices=RoleGrant.Role.choices)

    def clean_username(self) -> str:
        name = str(self.cleaned_data["username"])
        if not User.objects.filter(username=name).exists():
            raise forms.ValidationError(_("No existe el usuario «%(name)s».") % {"name": name})
        return name

    def clean_body(self) -> str:
        return approved_body_slug(self.cleaned_data["body"])

    def held(self) -> bool:
        d = self.cleaned_data
        return RoleGrant.objects.filter(user__username=d["username"], body__slug=d["body"], role=d["role"]).exists()


class RoleGrantForm(_RoleForm):
    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors and self.held():
            raise forms.ValidationError(_("El usuario ya tiene esa función en ese cuerpo."))
        return data


class RoleRevokeForm(_RoleForm):
    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors and not self.held():
            raise forms.ValidationError(_("El usuario no tiene esa función en ese cuerpo."))
        return data


class PersonLinkForm(forms.Form):
    """An account linked to (or unlinked from) a person of the register: the person's seats then give the
    account the cases a commissioner reads — a grant of access like a function."""

    username = forms.CharField(label=gettext_lazy("Usuario"), max_length=150)
    person = forms.IntegerField(
        label=gettext_lazy("Persona del registro (número)"),
        required=False,
        min_value=1,
        max_value=2**31 - 1,
        help_text=gettext_lazy("En blanco: la cuenta deja de estar vinculada a una persona."),
    )

    def clean_username(self) -> str:
        name = str(self.cleaned_data["username"])
        if not User.objects.filter(username=name).exists():
            raise forms.ValidationError(_("No existe el usuario «%(name)s».") % {"name": name})
        return name

    def clean_person(self) -> int | None:
        pk = self.cleaned_data.get("person")
        if pk is not None and not Person.objects.filter(pk=pk).exists():
            raise forms.ValidationError(_("No hay una persona con ese número en el registro."))
        return pk

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        user = User.objects.filter(username=data.get("username", "")).first()
        if user is not None and "person" in data and user.person_id == data["person"]:
            raise forms.ValidationError(_("La cuenta ya está así."))
        return data


def _link_person(form: Any, approver: User, reason: str) -> str:
    d = form.cleaned_data
    user = User.objects.select_for_update().get(username=d["username"])
    user.person_id = d["person"]
    user.save(update_fields=["person"])
    return str(user.pk)


def _describe_link(p: dict[str, Any]) -> str:
    person = Person.objects.filter(pk=p.get("person") or 0).first()
    if person is None:
        return _("Desvincular la cuenta %(user)s de su persona del registro") % {"user": p.get("username", "")}
    return _("Vincular la cuenta %(user)s a %(person)s (persona %(pk)s del registro)") % {
        "user": p.get("username", ""),
        "person": person,
        "pk": person.pk,
    }


def _create_body(form: Any, approver: User, reason: str) -> str:
    body = form.save(commit=False)
    body.approved, body.active = True, True
    body.save()
    return str(body.pk)


def _change_body(form: Any, approver: User, reason: str) -> str:
    d = form.cleaned_data
    body = Body.objects.select_for_update().get(slug=d["body"])
    body.name, body.short_name, body.active, body.approved = d["name"], d["short_name"], d["active"], True
    body.save(update_fields=["name", "short_name", "active", "approved"])
    return str(body.pk)


def _grant(form: Any, approver: User, reason: str) -> str:
    d = form.cleaned_data
    user = User.objects.get(username=d["username"])
    grant = RoleGrant.objects.create(user=user, body=Body.objects.get(slug=d["body"]), role=d["role"])
    log_operator_action("grant-role", user, f"{d['role']} @ {d['body']}", form.proposer, approver.username, reason)
    return str(grant.pk)


def _revoke(form: Any, approver: User, reason: str) -> str:
    d = form.cleaned_data
    grant = RoleGrant.objects.get(user__username=d["username"], body__slug=d["body"], role=d["role"])
    pk = grant.pk
    grant.delete()
    log_operator_action(
        "revoke-role", grant.user, f"{d['role']} @ {d['body']}", form.proposer, approver.username, reason
    )
    return str(pk)


def _role_values(p: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": dict(RoleGrant.Role.choices).get(p.get("role", ""), p.get("role", "")),
        "body": p.get("body", ""),
        "user": p.get("username", ""),
    }


def _describe_grant(p: dict[str, Any]) -> str:
    return _("Dar la función «%(role)s» en %(body)s a %(user)s") % _role_values(p)


def _describe_revoke(p: dict[str, Any]) -> str:
    return _("Retirar la función «%(role)s» en %(body)s a %(user)s") % _role_values(p)


def _describe_body(p: dict[str, Any]) -> str:
    return _("Cuerpo nuevo «%(name)s» (%(slug)s, reglamento %(rulebook)s, prefijo %(prefix)s, %(seats)s escaños)") % {
        "name": p.get("name", ""),
        "slug": p.get("slug", ""),
        "rulebook": p.get("rulebook", ""),
        "prefix": p.get("case_prefix", ""),
        "seats": p.get("seats", ""),
    }


def _describe_change(p: dict[str, Any]) -> str:
    active = _("activo") if p.get("active") else _("inactivo")
    return _("Cuerpo %(slug)s: nombre «%(name)s», nombre corto «%(short)s», %(active)s") % {
        "slug": p.get("body", ""),
        "name": p.get("name", ""),
        "short": p.get("short_name", ""),
        "active": active,
    }


def _username(p: dict[str, Any]) -> list[str]:
    return [str(p.get("username", ""))]


register_kind(
    ProposalKind("body_create", gettext_lazy("Crear un cuerpo"), BodyCreateForm, _create_body, _describe_body)
)
register_kind(
    ProposalKind(
        "body_change",
        gettext_lazy("Renombrar, desactivar o reactivar un cuerpo"),
        BodyChangeForm,
        _change_body,
        _describe_change,
    )
)
register_kind(
    ProposalKind(
        "role_grant",
        gettext_lazy("Dar una función"),
        RoleGrantForm,
        _grant,
        _describe_grant,
        _username,
    )
)
register_kind(
    ProposalKind(
        "role_revoke",
        gettext_lazy("Retirar una función"),
        RoleRevokeForm,
        _revoke,
        _describe_revoke,
        _username,
    )
)
register_kind(
    ProposalKind(
        "user_person",
        gettext_lazy("Vincular una cuenta a una persona del registro"),
        PersonLinkForm,
        _link_person,
        _describe_link,
        _username,
    )
)


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if isinstance(v, str | int | bool | None)}


def _check_admin(user: Any, field: str) -> None:
    if not (user is not None and user.is_active and user.is_superuser and user.has_usable_password()):
        raise ProposalRefused({field: [_("Solo un administrador activo del sistema propone o aprueba.")]})
    if twofactor.confirmed_device(user) is None:
        raise ProposalRefused({field: [_("Un administrador sin segundo factor no propone ni aprueba.")]})


def _valid_form(kind: ProposalKind, data: dict[str, Any], proposer: str) -> Any:
    form = kind.form(data=data)
    form.proposer = proposer
    if not form.is_valid():
        raise ProposalRefused({k: [str(m) for m in v] for k, v in form.errors.items()})
    return form


def kind_of(name: str) -> ProposalKind:
    kind = KINDS.get(name)
    if kind is None:
        raise ProposalRefused({"kind": [_("Clase de propuesta desconocida.")]})
    return kind


def do_propose(*, user: Any, kind: str, data: dict[str, Any], reason: str) -> Proposal:
    """Record a proposal (applied only when another administrator approves it)."""
    spec = kind_of(kind)
    _check_admin(user, "proposed_by")
    reason = " ".join(reason.split())
    if not reason:
        raise ProposalRefused({"reason": [_("Indique el motivo.")]})
    form = _valid_form(spec, data, user.get_username())
    payload = _plain(form.cleaned_data)
    if user.get_username() in spec.accounts(payload):
        raise ProposalRefused({"username": [_("Nadie propone ni aprueba una función para su propia cuenta.")]})
    with transaction.atomic(), state.acting(user, reason):
        return Proposal.objects.create(
            kind=kind, payload=payload, reason=reason[:2000], proposed_by=user, proposed_at=timezone.now()
        )


def _failed_signature(user: Any, step: str) -> None:
    """A wrong password or code typed to approve: a failed sign-in of the account (its history shows it,
    and the account's throttle counts it)."""
    SignInAttempt.objects.create(
        at=timezone.now(),
        username=user.get_username().lower()[:150],
        user=user,
        step=step,
        outcome=SignInAttempt.Outcome.FAILED,
    )


def _check_signature(user: Any, password: str, code: str) -> None:
    """The approver signs with his password and a current code; after as many failures as a sign-in
    allows (``VENTILA_SIGNIN_MAX_FAILURES`` within ``VENTILA_SIGNIN_WINDOW_MINUTES``) nothing is checked."""
    since = timezone.now() - dt.timedelta(minutes=settings.VENTILA_SIGNIN_WINDOW_MINUTES)
    recent = SignInAttempt.objects.filter(user=user, outcome=SignInAttempt.Outcome.FAILED, at__gte=since)
    if recent.count() >= settings.VENTILA_SIGNIN_MAX_FAILURES:
        raise ProposalRefused({"password": [_("Demasiados intentos fallidos: espere unos minutos.")]})
    if not user.check_password(password or ""):
        _failed_signature(user, SignInAttempt.Step.PASSWORD)
        raise ProposalRefused({"password": [_("La contraseña no es correcta.")]})
    device = twofactor.confirmed_device(user)
    digits = (code or "").replace(" ", "")
    if device is None or not twofactor.looks_like_totp(digits) or not device.verify_token(digits):
        _failed_signature(user, SignInAttempt.Step.SECOND_FACTOR)
        raise ProposalRefused({"code": [_("El código del segundo factor no es correcto (o ya se usó).")]})


def _check_pending(proposal: Proposal, user: Any) -> None:
    if proposal.status != Proposal.Status.PENDING:
        raise ProposalRefused({"proposal": [_("Esta propuesta ya se decidió.")]})
    if proposal.proposed_by_id == user.pk:
        raise ProposalRefused({"approved_by": [_("La aprueba otro administrador, no quien la propuso.")]})
    if user.get_username() in kind_of(proposal.kind).accounts(proposal.payload):
        raise ProposalRefused({"approved_by": [_("Nadie propone ni aprueba una función para su propia cuenta.")]})


def do_approve(*, proposal: Proposal, user: Any, password: str, code: str) -> Proposal:
    """Approve and apply ``proposal``: ``user`` is another administrator, who signs the approval with
    his password and a current code of his second factor. Refused (nothing applied) otherwise."""
    _check_admin(user, "approved_by")
    _check_pending(Proposal.objects.get(pk=proposal.pk), user)
    _check_signature(user, password, code)  # outside the transaction: a failure is recorded and counted
    with transaction.atomic():
        locked = Proposal.objects.select_for_update().select_related("proposed_by").get(pk=proposal.pk)
        _check_pending(locked, user)  # decided meanwhile by another administrator
        spec = kind_of(locked.kind)
        form = _valid_form(spec, locked.payload, locked.proposed_by.get_username())
        why = f"{locked.reason} (propuesta {locked.pk} de {locked.proposed_by.get_username()}, aprobada por {user.get_username()})"
        with state.acting(user, why):
            locked.result = spec.apply(form, user, locked.reason)[:64]
            locked.status, locked.decided_by, locked.decided_at = Proposal.Status.APPROVED, user, timezone.now()
            locked.save(update_fields=["result", "status", "decided_by", "decided_at"])
    return locked


def do_reject(*, proposal: Proposal, user: Any) -> Proposal:
    """Reject (or, its proposer, withdraw) a pending proposal: nothing is applied."""
    _check_admin(user, "rejected_by")
    with transaction.atomic(), state.acting(user, _("Propuesta rechazada")):
        locked = Proposal.objects.select_for_update().get(pk=proposal.pk)
        if locked.status != Proposal.Status.PENDING:
            raise ProposalRefused({"proposal": [_("Esta propuesta ya se decidió.")]})
        locked.status, locked.decided_by, locked.decided_at = Proposal.Status.REJECTED, user, timezone.now()
        locked.save(update_fields=["status", "decided_by", "decided_at"])
    return locked


def describe(proposal: Proposal) -> str:
    spec = KINDS.get(proposal.kind)
    return spec.describe(proposal.payload) if spec is not None else proposal.kind
