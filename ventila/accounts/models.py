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


class User(AbstractUser):
    """A person who signs in to ventila."""

    person = models.ForeignKey(
        "bodies.Person", on_delete=models.PROTECT, null=True, blank=True, related_name="users",
        verbose_name=_("persona"),
        help_text=_("La persona del registro que es este usuario; un comisionado lo necesita para que sus escaños le den acceso."),
    )

    class Meta:
        verbose_name = _("usuario")
        verbose_name_plural = _("usuarios")


class RoleGrant(models.Model):
    """A function a user holds for a body: secretary, staff or the Speaker's office."""

    class Role(models.TextChoices):
        SECRETARY = "secretary", _("Secretaría de la Comisión")
        STAFF = "staff", _("Personal de la Comisión")
        SPEAKERS_OFFICE = "speakers_office", _("Oficina del Presidente de la Cámara")

    user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="role_grants", verbose_name=_("usuario"),
        help_text=_("El usuario que recibe la función."),
    )
    body = models.ForeignKey(
        "bodies.Body", on_delete=models.PROTECT, related_name="role_grants", verbose_name=_("cuerpo"),
        help_text=_("El cuerpo para el que se ejerce la función."),
    )
    role = models.CharField(
        _("función"), max_length=20, choices=Role.choices,
        help_text=_("Secretaría y personal llevan los expedientes; la Oficina del Presidente de la Cámara solo ve los Informes Finales que se le refieren."),
    )

    class Meta:
        verbose_name = _("función asignada")
        verbose_name_plural = _("funciones asignadas")
        constraints = [models.UniqueConstraint(fields=["user", "body", "role"], name="rolegrant_unique")]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} ({self.body})"
