"""The key a job is enqueued under: one job per key at a time (a user's reminder of a day, one attempt of an
e-mail, a sweep's run of a day), so that two schedulers — cron on two nodes, two workers' rounds — enqueue it
once. A key whose job failed takes a new one on the next sweep."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class JobKey(models.Model):
    key = models.CharField(_("clave"), max_length=200, unique=True, help_text=_("Qué hace el trabajo, una sola vez."))
    task_id = models.CharField(_("trabajo"), max_length=64, help_text=_("El trabajo de la cola que lo hace."))
    enqueued_at = models.DateTimeField(_("encolado"), help_text=_("Cuándo se encoló."))

    class Meta:
        verbose_name = _("clave de un trabajo")
        verbose_name_plural = _("claves de los trabajos")

    def __str__(self) -> str:
        return self.key
