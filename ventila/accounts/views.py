"""Sign-in in two steps (password, then the second factor), enrolment, and the user's own account page."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_otp import login as otp_login

from . import throttle, twofactor
from .forms import CodeForm, EnrolForm, PasswordChangeForm, SignInForm
from .models import SignInAttempt

# «Mi cuenta» warns when this many recovery codes or fewer are left (an office preference, not a legal term).
RECOVERY_CODES_LOW = 2


def _next(request: HttpRequest) -> str:
    nxt = request.POST.get("next") or request.GET.get("next") or ""
    if nxt and url_has_allowed_host_and_scheme(nxt, {request.get_host()}, require_https=request.is_secure()):
        return nxt
    return reverse(settings.LOGIN_REDIRECT_URL)


def _second_step(user: Any, nxt: str) -> str:
    target = "accounts:verify" if twofactor.confirmed_device(user) else "accounts:enrol"
    return f"{reverse(target)}?{urlencode({'next': nxt})}"


class SignInView(auth_views.LoginView):
    """Step one: user name and password (throttled; every attempt recorded)."""

    template_name = "web/sign_in.html"
    authentication_form = SignInForm
    redirect_authenticated_user = True

    def form_valid(self, form: SignInForm) -> HttpResponse:
        user = form.get_user()
        auth_login(self.request, user)
        if twofactor.requires_second_factor(user):
            return HttpResponseRedirect(_second_step(user, self.get_success_url()))
        return _signed_in(self.request, HttpResponseRedirect(self.get_success_url()), user)


def _second_factor_passed(request: HttpRequest, device: Any, user: Any, step: str) -> None:
    """The second factor is passed (at ``step``, recorded): the session is now worth more, so it gets a new
    key (a key seen or set before the code — a fixed session — is worth nothing)."""
    otp_login(request, device)
    request.session.cycle_key()
    throttle.record(request, user.get_username(), step, SignInAttempt.Outcome.SUCCEEDED, user=user)


def _signed_in(request: HttpRequest, response: HttpResponse, user: Any) -> HttpResponse:
    """A sign-in completed: this browser is one the account signs in from (:func:`throttle.remember_device`)."""
    throttle.remember_device(request, response, user.get_username())
    return response


def _code_refused(request: HttpRequest, form: Any, user: Any, outcome: str, message: str) -> None:
    """A second-factor code refused: the attempt is recorded (``outcome``) and the form says why."""
    throttle.record(request, user.get_username(), SignInAttempt.Step.SECOND_FACTOR, outcome, user=user)
    form.add_error("code", message)


@login_required
@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest) -> HttpResponse:
    """Step two: the code of the authenticator app, or a recovery code."""
    user: Any = request.user
    nxt = _next(request)
    if user.is_verified():
        return redirect(nxt)
    device = twofactor.confirmed_device(user)
    if device is None:
        return redirect(_second_step(user, nxt))
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        blocked = throttle.blocked(request, user.get_username())
        code = form.cleaned_data["code"]
        if blocked:
            throttle.record(
                request,
                user.get_username(),
                SignInAttempt.Step.SECOND_FACTOR,
                SignInAttempt.Outcome.THROTTLED,
                user=user,
            )
            form.add_error("code", throttle.blocked_message(*blocked))
        elif twofactor.looks_like_totp(code) and device.verify_token(code.replace(" ", "")):
            _second_factor_passed(request, device, user, SignInAttempt.Step.SECOND_FACTOR)
            return _signed_in(request, redirect(nxt), user)
        elif not twofactor.looks_like_totp(code) and twofactor.use_recovery_code(user, code):
            _second_factor_passed(request, device, user, SignInAttempt.Step.RECOVERY)
            left = twofactor.recovery_codes_left(user)
            messages.warning(
                request,
                _("Entró con un código de recuperación; le quedan %(n)d. Puede generar códigos nuevos en «Mi cuenta».")
                % {"n": left},
            )
            return _signed_in(request, redirect(nxt), user)
        elif twofactor.is_replayed_totp(device, code):
            # Someone who saw the code (or a double submit): refused, but it is no guess, so it does not count.
            refusal = _(
                "Ese código ya se usó. Espere a que su aplicación muestre el siguiente "
                "(cambia cada 30 segundos) y escríbalo."
            )
            _code_refused(request, form, user, SignInAttempt.Outcome.REPLAYED, refusal)
        else:
            refusal = _(
                "El código no es válido. Escriba los 6 dígitos que su aplicación muestra "
                "ahora (cambian cada 30 segundos) o un código de recuperación sin usar."
            )
            _code_refused(request, form, user, SignInAttempt.Outcome.FAILED, refusal)
    return render(request, "accounts/verify.html", {"form": form, "next": nxt, "heading": _("Segundo factor")})


@login_required
@require_http_methods(["GET", "POST"])
def enrol(request: HttpRequest) -> HttpResponse:
    """First sign-in of an account that needs two factors: add ventila to an authenticator app."""
    user: Any = request.user
    nxt = _next(request)
    if twofactor.confirmed_device(user) is not None:
        return redirect(_second_step(user, nxt) if not user.is_verified() else nxt)
    device = twofactor.pending_device(user)
    form = EnrolForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        blocked = throttle.blocked(request, user.get_username())
        if blocked:
            form.add_error("code", throttle.blocked_message(*blocked))
        elif device.verify_token(form.cleaned_data["code"].replace(" ", "")):
            device.confirmed = True
            device.save(update_fields=["confirmed"])
            _second_factor_passed(request, device, user, SignInAttempt.Step.SECOND_FACTOR)
            codes = twofactor.new_recovery_codes(user)
            page = render(request, "accounts/recovery_codes.html", {"codes": codes, "next": nxt, "enrolled": True})
            return _signed_in(request, page, user)
        else:
            refusal = _(
                "El código no coincide. Compruebe que la hora de su teléfono es correcta y "
                "escriba el código que se muestra ahora."
            )
            _code_refused(request, form, user, SignInAttempt.Outcome.FAILED, refusal)
    return render(
        request,
        "accounts/enrol.html",
        {
            "form": form,
            "next": nxt,
            "heading": _("Active el segundo factor"),
            "qr": twofactor.qr_svg(device),
            "secret": twofactor.grouped(twofactor.secret_base32(device)),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    """The user's own page: sign-in history and recovery codes."""
    user: Any = request.user
    if request.method == "POST" and request.POST.get("action") == "recovery_codes":
        codes = twofactor.new_recovery_codes(user)
        return render(request, "accounts/recovery_codes.html", {"codes": codes, "next": reverse("accounts:account")})
    history = SignInAttempt.objects.filter(user=user).order_by("-at", "-id")[:50]
    return render(
        request,
        "accounts/account.html",
        {
            "history": history,
            "codes_left": twofactor.recovery_codes_left(user),
            "device": twofactor.confirmed_device(user),
            "requires": twofactor.requires_second_factor(user),
            "codes_low": RECOVERY_CODES_LOW,
        },
    )


class PasswordChangeView(auth_views.PasswordChangeView):
    """The user changes his own password (the project's validators, ``AUTH_PASSWORD_VALIDATORS``): the
    old one first. Each attempt is in the sign-in history; a wrong old password counts as a failed
    attempt, so it is throttled like a guess at the sign-in page. The session stays signed in (and its
    second factor passed); the account's other sessions end, since the password they were opened with
    changed."""

    template_name = "accounts/password_change.html"
    form_class = PasswordChangeForm
    success_url = reverse_lazy("accounts:account")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        response = super().form_valid(form)
        user: Any = self.request.user
        throttle.record(
            self.request,
            user.get_username(),
            SignInAttempt.Step.PASSWORD_CHANGE,
            SignInAttempt.Outcome.SUCCEEDED,
            user=user,
        )
        messages.success(
            self.request, _("Se cambió su contraseña. Las otras sesiones abiertas con su cuenta terminaron.")
        )
        return response

    def form_invalid(self, form: PasswordChangeForm) -> HttpResponse:
        user: Any = self.request.user
        if form.has_error("old_password", "password_incorrect"):
            throttle.record(
                self.request,
                user.get_username(),
                SignInAttempt.Step.PASSWORD_CHANGE,
                SignInAttempt.Outcome.FAILED,
                user=user,
            )
        return super().form_invalid(form)
