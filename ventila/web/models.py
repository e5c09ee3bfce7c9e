"""Long work off the request (issue 30, item 6): an import or an export too large for a request is a job of the
worker (:mod:`ventila.web.longwork`); this row says how far along it is and holds its result."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import Body


class LongWork(models.Model):
    class Kind(models.TextChoices):
        REGISTER_IMPORT = "register_import", _("Importación del registro")
        QUEUE_EXPORT = "queue_export", _("Exportación de la cola de trabajo")
        BOARD_EXPORT = "board_export", _("Exportación del tablero de informes financieros")

    class Status(models.TextChoices):
        WAITING = "waiting", _("En espera")
        RUNNING = "running", _("Procesando")
        DONE = "done", _("Terminado")
        FAILED = "failed", _("No se pudo terminar")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(_("tipo"), max_length=30, choices=Kind.choices, help_text=_("Qué trabajo es."))
    status = models.CharField(
        _("estado"), max_length=10, choices=Status.choices, default=Status.WAITING, help_text=_("Cómo va.")
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("pedido por"),
        help_text=_("Quién lo pidió: el único, con el personal del cuerpo, que puede descargar el resultado."),
    )
    body = models.ForeignKey(
        Body,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("cuerpo"),
        help_text=_("El cuerpo del trabajo, si es de uno."),
    )
    params = models.JSONField(_("datos"), default=dict, help_text=_("Lo que el trabajo necesita para hacerse."))
    done = models.PositiveIntegerField(_("hechas"), default=0, help_text=_("Filas procesadas hasta ahora."))
    total = models.PositiveIntegerField(_("total"), default=0, help_text=_("Filas en total."))
    file_name = models.CharField(_("archivo"), max_length=200, blank=True, help_text=_("El nombre del resultado."))
    stored_as = models.CharField(
        _("guardado como"), max_length=300, blank=True, help_text=_("Dónde se guardó el resultado.")
    )
    sha256 = models.CharField(_("SHA-256"), max_length=64, blank=True, help_text=_("La huella del resultado."))
    message = models.TextField(_("mensaje"), blank=True, help_text=_("Lo que el trabajo dijo al terminar."))
    created_at = models.DateTimeField(_("pedido el"), help_text=_("Cuándo se pidió."))
    finished_at = models.DateTimeField(_("terminado el"), null=True, blank=True, help_text=_("Cuándo terminó."))

    class Meta:
        verbose_name = _("trabajo largo")
        verbose_name_plural = _("trabajos largos")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.get_status_display()})"
