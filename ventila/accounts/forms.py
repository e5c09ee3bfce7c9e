"""Sign-in forms: password (throttled), second-factor code, enrolment."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import throttle
from .models import SignInAttempt


class SignInForm(AuthenticationForm):
    error_messages = {
        "invalid_login": _("Usuario o contraseña incorrectos. Revise ambos; las contraseñas distinguen mayúsculas."),
        "inactive": _("Esta cuenta está desactivada."),
    }

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        blocked = throttle.blocked(self.request, username)
        if blocked:
            throttle.record(self.request, username or "", SignInAttempt.Step.PASSWORD, SignInAttempt.Outcome.THROTTLED)
            raise ValidationError(throttle.blocked_message(*blocked), code="throttled")
        return super().clean()


def _code_field(label: str, max_length: int, inputmode: str, help_text: str) -> forms.CharField:
    """The field of a second-factor code: the browser may fill it from the authenticator app."""
    attrs = {"autocomplete": "one-time-code", "inputmode": inputmode, "autofocus": True}
    return forms.CharField(
        label=label, max_length=max_length, strip=True, widget=forms.TextInput(attrs=attrs), help_text=help_text
    )


class CodeForm(forms.Form):
    code = _code_field(
        _("Código"),
        20,
        "text",
        _(
            "Los 6 dígitos que muestra su aplicación de autenticación ahora, o uno de sus códigos de "
            "recuperación (por ejemplo «abcde-fghjk»)."
        ),
    )


class EnrolForm(forms.Form):
    code = _code_field(
        _("Código de 6 dígitos"),
        8,
        "numeric",
        _("Después de añadir la cuenta en su aplicación, escriba el código que le muestra."),
    )


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Django's form (the old password, then the new one twice, checked by ``AUTH_PASSWORD_VALIDATORS``),
    with the project's words."""

    error_messages = {
        **auth_forms.PasswordChangeForm.error_messages,
        "password_incorrect": _("La contraseña actual no es correcta. Escríbala de nuevo."),
        "password_mismatch": _("Las dos contraseñas nuevas no coinciden. Escriba la misma en ambos campos."),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["old_password"].label = _("Contraseña actual")
        self.fields["new_password1"].label = _("Contraseña nueva")
        # The validators' own help, as one paragraph (Django's is an HTML list, which the field's hint is not).
        self.fields["new_password1"].help_text = " ".join(password_validation.password_validators_help_texts())
        self.fields["new_password2"].label = _("Contraseña nueva, otra vez")
        self.fields["new_password2"].help_text = _("Escríbala de nuevo para comprobar que no hay errores.")
        required = {
            "old_password": _("Escriba su contraseña actual."),
            "new_password1": _("Escriba la contraseña nueva."),
            "new_password2": _("Escriba otra vez la contraseña nueva."),
        }
        for name, message in required.items():
            self.fields[name].widget.attrs.pop("autofocus", None)
            self.fields[name].error_messages["required"] = message
