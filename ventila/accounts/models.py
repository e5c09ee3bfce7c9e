"""Users and the functions they hold.

Who may see a case is decided in :mod:`ventila.cases.access` from three facts kept here and in
:mod:`ventila.bodies`: a :class:`RoleGrant` (secretary or staff of a body, the Speaker's office),
the seats a user's :attr:`User.person` holds on a body (commissioner; president when the seat is
the presidency), and ``is_superuser`` (system administrator, who manages users and bodies but does
not read confidential cases).
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.fields import foreign_key


class User(AbstractUser):
    """A person who signs in to ventila."""

    person = foreign_key(
        "bodies.Person",
        "users",
        _("persona"),
        _(
            "La persona del registro que es este usuario; un comisionado lo necesita para que sus escaños le den acceso."
        ),
        null=True,
        blank=True,
    )

    class Meta:
        verbose_name = _("usuario")
        verbose_name_plural = _("usuarios")

    @classmethod
    def machine(cls, username: str, first_name: str, last_name: str) -> User:
        """The account ventila records a kind of acts with (the system's, the e-mail worker's, the online
        form's…): created inactive and without a usable password the first time, so it cannot sign in."""
        user, created = cls.objects.get_or_create(
            username=username, defaults={"first_name": first_name, "last_name": last_name, "is_active": False}
        )
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        return user


class RoleGrant(models.Model):
    """A function a user holds for a body: secretary, staff or the Speaker's office."""

    class Role(models.TextChoices):
        SECRETARY = "secretary", _("Secretaría de la Comisión")
        STAFF = "staff", _("Personal de la Comisión")
        SPEAKERS_OFFICE = "speakers_office", _("Oficina del Presidente de la Cámara")
        # Issue 17 (Sec. 19): a member of the House (its user's person, from the register) who files and
        # follows their own advisory-opinion requests online; it sees nothing else of the Commission.
        HOUSE_MEMBER = "house_member", _("Miembro de la Cámara (sus solicitudes de opinión consultiva)")

    user = foreign_key(
        User, "role_grants", _("usuario"), _("El usuario que recibe la función."), on_delete=models.CASCADE
    )
    body = foreign_key("bodies.Body", "role_grants", _("cuerpo"), _("El cuerpo para el que se ejerce la función."))
    role = models.CharField(
        _("función"),
        max_length=20,
        choices=Role.choices,
        help_text=_(
            "Secretaría y personal llevan los expedientes; la Oficina del Presidente de la Cámara solo ve los Informes Finales que se le refieren."
        ),
    )

    class Meta:
        verbose_name = _("función asignada")
        verbose_name_plural = _("funciones asignadas")
        constraints = [models.UniqueConstraint(fields=["user", "body", "role"], name="rolegrant_unique")]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} ({self.body})"


class SignInAttempt(models.Model):
    """One attempt to sign in (password step or second-factor step), kept for throttling and history.

    Throttling counts recent failures per account name and network address, per address, and per
    account (database-backed, so it holds across server processes and restarts; see
    :mod:`ventila.accounts.throttle`); the user sees his own history.
    """

    class Step(models.TextChoices):
        PASSWORD = "password", _("Contraseña")
        SECOND_FACTOR = "otp", _("Segundo factor")
        RECOVERY = "recovery", _("Código de recuperación")
        PASSWORD_CHANGE = "pw_change", _("Cambio de contraseña")

    class Outcome(models.TextChoices):
        SUCCEEDED = "ok", _("Correcto")
        FAILED = "failed", _("Fallido")
        THROTTLED = "throttled", _("Bloqueado por exceso de intentos")
        REPLAYED = "replayed", _("Código ya usado (no cuenta como fallo)")

    at = models.DateTimeField(_("cuándo"), db_index=True, help_text=_("El momento del intento."))
    username = models.CharField(
        _("usuario escrito"),
        max_length=150,
        db_index=True,
        help_text=_("El nombre de usuario tal como se escribió (en minúsculas)."),
    )
    user = foreign_key(
        User,
        "sign_in_attempts",
        _("usuario"),
        _("La cuenta, cuando el nombre escrito corresponde a una."),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
    )
    address = models.GenericIPAddressField(
        _("dirección"),
        null=True,
        blank=True,
        db_index=True,
        help_text=_("La dirección de red desde la que se intentó."),
    )
    user_agent = models.CharField(_("navegador"), max_length=300, blank=True, help_text=_("El navegador declarado."))
    step = models.CharField(_("paso"), max_length=10, choices=Step.choices, help_text=_("Qué paso de la entrada."))
    outcome = models.CharField(_("resultado"), max_length=10, choices=Outcome.choices, help_text=_("Cómo terminó."))

    class Meta:
        verbose_name = _("intento de entrada")
        verbose_name_plural = _("intentos de entrada")
        ordering = ["-at", "-id"]


class RecoveryCode(models.Model):
    """A single-use recovery code for the second factor, stored only as a SHA-256 digest.

    The codes are random (50 bits each), so an unsalted fast digest cannot be reversed by guessing;
    the clear code is shown once, at enrolment.
    """

    user = foreign_key(
        User, "recovery_codes", _("usuario"), _("La cuenta a la que pertenece el código."), on_delete=models.CASCADE
    )
    digest = models.CharField(_("huella"), max_length=64, unique=True, help_text=_("SHA-256 del código."))
    created_at = models.DateTimeField(_("creado"), help_text=_("Cuándo se generó."))
    used_at = models.DateTimeField(_("usado"), null=True, blank=True, help_text=_("Cuándo se usó (una sola vez)."))

    class Meta:
        verbose_name = _("código de recuperación")
        verbose_name_plural = _("códigos de recuperación")


class RateCounter(models.Model):
    """How many times one client did one thing in one fixed window (:mod:`ventila.accounts.ratelimit`, the
    project's one rate limiter); shared by every server process through the database."""

    key = models.CharField(
        _("clave"),
        max_length=120,
        help_text=_("Acción y cliente, por ejemplo «filing:203.0.113.5» o «api:<huella del token>»."),
    )
    window = models.BigIntegerField(
        _("ventana"), help_text=_("Número de la ventana de tiempo (segundos desde 1970 / duración).")
    )
    count = models.PositiveIntegerField(_("cuenta"), default=0, help_text=_("Veces en la ventana."))
    expires = models.BigIntegerField(
        _("vence"), db_index=True, help_text=_("Cuándo termina la ventana (segundos desde 1970): luego se borra.")
    )

    class Meta:
        verbose_name = _("contador de frecuencia")
        verbose_name_plural = _("contadores de frecuencia")
        constraints = [models.UniqueConstraint(fields=["key", "window"], name="accounts_ratecounter_unique")]


class Proposal(models.Model):
    """A change that gives or takes access, or that the public sees — a body created, renamed,
    deactivated or reactivated, a function granted or withdrawn, an API organisation — proposed by one
    administrator and applied only when another approves it, signing with his password and second
    factor (:mod:`ventila.accounts.proposals`). Kept in the audit chain: who proposed, who decided."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pendiente de aprobación")
        APPROVED = "approved", _("Aprobada y aplicada")
        REJECTED = "rejected", _("Rechazada")

    kind = models.CharField(
        _("clase"), max_length=30, help_text=_("Qué se propone: un cuerpo nuevo, un cambio de cuerpo, una función…")
    )
    payload = models.JSONField(
        _("datos"), default=dict, help_text=_("Los datos de lo propuesto, tal como se aplicarán.")
    )
    reason = models.TextField(_("motivo"), help_text=_("Por qué se propone (queda en el registro)."))
    proposed_by = foreign_key(User, "+", _("propuesta por"), _("El administrador que la propuso."))
    proposed_at = models.DateTimeField(_("propuesta el"), help_text=_("Cuándo se propuso."))
    status = models.CharField(
        _("estado"), max_length=10, choices=Status.choices, default=Status.PENDING, help_text=_("Dónde está.")
    )
    decided_by = foreign_key(
        User, "+", _("decidida por"), _("El otro administrador que la aprobó o la rechazó."), null=True, blank=True
    )
    decided_at = models.DateTimeField(_("decidida el"), null=True, blank=True, help_text=_("Cuándo se decidió."))
    result = models.CharField(
        _("resultado"), max_length=64, blank=True, help_text=_("El identificador de lo creado o cambiado al aplicarla.")
    )

    class Meta:
        verbose_name = _("propuesta")
        verbose_name_plural = _("propuestas")
        ordering = ["-proposed_at", "-id"]
