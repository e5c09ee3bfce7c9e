"""The annual report of a body (issue 18): a PDF frozen with its SHA-256 and chained in the audit
record, like every issued document (ventila.documents)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import Body
from ventila.fields import foreign_key


def report_path(instance: AnnualReport, filename: str) -> str:
    return f"annual-reports/{instance.sha256[:2]}/{instance.sha256}.pdf"


class AnnualReport(models.Model):
    body = foreign_key(Body, "+", _("cuerpo"), _("El cuerpo que rinde el informe."))
    year = models.PositiveSmallIntegerField(_("año"), help_text=_("El año que el informe cubre."))
    title = models.CharField(_("título"), max_length=200, help_text=_("El título del informe."))
    issued_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("expedido por"), _("Quién generó el informe."))
    issued_at = models.DateTimeField(_("expedido"), help_text=_("Cuándo se generó."))
    file = models.FileField(
        _("archivo"), upload_to=report_path, max_length=300, help_text=_("El PDF, guardado bajo su huella.")
    )
    filename = models.CharField(_("nombre"), max_length=255, help_text=_("Nombre del archivo PDF."))
    sha256 = models.CharField(_("SHA-256"), max_length=64, help_text=_("Huella SHA-256 del PDF."))
    size = models.PositiveBigIntegerField(_("tamaño"), help_text=_("Tamaño del PDF en bytes."))

    class Meta:
        verbose_name = _("informe anual")
        verbose_name_plural = _("informes anuales")
        ordering = ["body", "-year", "-issued_at"]

    def __str__(self) -> str:
        return self.title


class StoredStats(models.Model):
    """The figures of a closed period (issue 30): computed once, on first request, and read as stored
    after that (a period that is over no longer changes day by day); and this year's, kept current by the
    worker (read while younger than ``VENTILA_STATS_OPEN_SECONDS``). Out of date when a write could change
    them: an act recorded or corrected on a day of the period, a term of the period whose status the
    derivation changes, and (the public figures) a case of the body entering or leaving the public record
    — the write advances the generation of those years (:class:`StatsGeneration`), and a row is read only
    while its ``generation`` is the current one (:mod:`ventila.stats.stored`)."""

    body = foreign_key(Body, "+", _("cuerpo"), _("Su cuerpo."), on_delete=models.CASCADE)
    start = models.DateField(_("desde"), help_text=_("El primer día del período."))
    end = models.DateField(_("hasta"), help_text=_("El último día del período."))
    public = models.BooleanField(
        _("públicas"), help_text=_("Cifras de los asuntos finales para publicación solamente.")
    )
    figures = models.JSONField(_("cifras"), help_text=_("Las cifras del período, como se calcularon."))
    computed_at = models.DateTimeField(_("calculadas"), help_text=_("Cuándo se calcularon."))
    generation = models.PositiveBigIntegerField(
        _("generación"), default=0, help_text=_("La generación de sus años cuando se empezaron a calcular.")
    )

    class Meta:
        verbose_name = _("estadísticas guardadas")
        verbose_name_plural = _("estadísticas guardadas")
        constraints = [
            models.UniqueConstraint(fields=["body", "start", "end", "public"], name="stats_stored_period_unique")
        ]
        indexes = [models.Index(fields=["body", "end", "start"], name="stats_stored_body_end")]

    def __str__(self) -> str:
        return f"{self.body_id} {self.start}–{self.end}{' public' if self.public else ''}"


class StatsGeneration(models.Model):
    """How many writes have changed a body's figures of a year (issue 30): advanced in the writer's
    transaction, read by the statistics before they compute. A stored row carries the sum over its years
    (and the two pseudo-years :data:`ventila.stats.stored.EVERYTHING` and ``PUBLIC_RECORD``) as it was
    when its computation started, so figures computed beside a write that commits meanwhile are never
    read: the sum has moved on."""

    body = foreign_key(Body, "+", _("cuerpo"), _("Su cuerpo."), on_delete=models.CASCADE)
    year = models.PositiveSmallIntegerField(_("año"), help_text=_("El año (0: todos; 1: el registro público)."))
    n = models.PositiveBigIntegerField(_("generación"), default=0, help_text=_("Escrituras que lo cambiaron."))

    class Meta:
        verbose_name = _("generación de las estadísticas")
        verbose_name_plural = _("generaciones de las estadísticas")
        constraints = [models.UniqueConstraint(fields=["body", "year"], name="stats_generation_unique")]

    def __str__(self) -> str:
        return f"{self.body_id} {self.year}: {self.n}"
