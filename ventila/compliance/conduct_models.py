"""What the Commission keeps of three norms of conduct (Sec. 10) for each obligated person: the gifts
received (10(k), 10(n)), the court summonses notified (10(w)) and the nepotism checks run before a
hiring (10(t)). The checks and terms are never stored: the rules engine computes them from these
rows each time they are shown (:mod:`ventila.compliance.conduct`).

Each row is kept in the audit chain (``apps.ComplianceConfig.ready``): a correction changes the row
through :mod:`ventila.compliance.conduct_actions`, with its reason, and the chain keeps what it said
before.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import Body, Person
from ventila.fields import foreign_key


class ConductRecord(models.Model):
    """What every row of a person's conduct record carries: the Commission that keeps it, and who wrote
    it and when."""

    body = foreign_key(Body, "+", _("cuerpo"), _("La Comisión."))
    recorded_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("anotado por"))
    recorded_at = models.DateTimeField(_("anotado el"))

    class Meta:
        abstract = True


class CorrectableRecord(ConductRecord):
    """A conduct row that a correction may change (:mod:`ventila.compliance.conduct_actions`): when, and why."""

    corrected_at = models.DateTimeField(_("corregido el"), null=True, blank=True)
    correction_reason = models.CharField(_("motivo de la corrección"), max_length=500, blank=True)

    class Meta:
        abstract = True


class GiftRecord(CorrectableRecord):
    """A gift, award, payment or donation an obligated person received, as the Commission recorded it."""

    class Kind(models.TextChoices):
        # The engine's vocabulary (``s10_s13_conduct.GIFT_KINDS``).
        SOCIAL = "social", _("Regalo u obsequio social acostumbrado (Sec. 10(k)(2))")
        AWARD = "award", _("Premio o reconocimiento por méritos (Sec. 10(k)(1))")
        PAYMENT = "payment", _("Pago o bien por realizar los deberes del cargo (Sec. 10(k))")
        DONATION = "donation", _("Donativo económico (Sec. 10(n))")
        DECORATION = "decoration", _("Condecoración (Sec. 10(n))")
        OFFICIAL_POST = "official_post", _("Cargo oficial (Sec. 10(n))")
        POLITICAL = "political_contribution", _("Contribución política (Sec. 3(m): no es regalo)")

    person = foreign_key(Person, "gifts", _("persona"), _("La persona obligada que recibió el regalo."))
    received_on = models.DateField(_("recibido el"), help_text=_("El día en que se recibió."))
    description = models.CharField(_("descripción"), max_length=300, help_text=_("Qué se recibió."))
    value = models.DecimalField(
        _("valor"), max_digits=12, decimal_places=2, help_text=_("El valor (aparente) en dólares, al centavo.")
    )
    source = models.CharField(_("fuente"), max_length=200, help_text=_("Quién lo dio: la persona o la entidad."))
    kind = models.CharField(_("tipo"), max_length=30, choices=Kind.choices, default=Kind.SOCIAL)
    foreign = models.BooleanField(
        _("de fuente extranjera"), default=False, help_text=_("De un país extranjero o de un funcionario extranjero.")
    )
    waiver = models.CharField(
        _("dispensa"),
        max_length=200,
        blank=True,
        help_text=_("La Resolución de la Cámara que lo dispensó (Sec. 10(n)); en blanco si no hay."),
    )

    class Meta:
        verbose_name = _("regalo recibido")
        verbose_name_plural = _("regalos recibidos")
        ordering = ["person", "received_on", "id"]

    def __str__(self) -> str:
        return f"{self.person} — {self.description} ({self.received_on})"


class CourtSummons(CorrectableRecord):
    """A judicial or administrative summons, or a case, in which an obligated person is a party or a
    witness (Sec. 10(w)). Only what the notice may say: the case's number, the day of the formal
    notice and the person's role — never the testimony or the purpose (CAM-10W-02)."""

    class Role(models.TextChoices):
        PARTY = "party", _("Parte")
        WITNESS = "witness", _("Testigo")

    person = foreign_key(Person, "court_summonses", _("persona"), _("La persona obligada citada."))
    case_number = models.CharField(_("número del caso"), max_length=80)
    formally_notified_on = models.DateField(_("notificación formal"))
    role = models.CharField(_("papel"), max_length=10, choices=Role.choices)
    secretary_notified_on = models.DateField(_("notificó a la Secretaría el"), null=True, blank=True)

    class Meta:
        verbose_name = _("citación judicial o administrativa")
        verbose_name_plural = _("citaciones judiciales o administrativas")
        ordering = ["person", "formally_notified_on", "id"]

    def __str__(self) -> str:
        return f"{self.person} — {self.case_number} ({self.formally_notified_on})"


class NepotismCheck(ConductRecord):
    """A nepotism check run before hiring a relative of an obligated person (Sec. 10(t)): who, the
    relationship as a path of the kinship calculator's steps, and what the calculator said then."""

    person = foreign_key(
        Person,
        "nepotism_checks",
        _("persona"),
        _("La persona obligada que recomendaría, mantendría o contrataría al candidato."),
    )
    candidate = models.CharField(_("candidato"), max_length=200)
    path = models.CharField(_("parentesco (camino)"), max_length=200)
    kinship = models.CharField(_("parentesco"), max_length=20, blank=True)  # blood, affinity, spouse, or none
    degree = models.PositiveSmallIntegerField(_("grado"), null=True, blank=True)
    barred = models.BooleanField(_("prohibido por la Sec. 10(t)"))
    waiver = models.BooleanField(_("dispensa del Presidente"), default=False)
    recommended_by_speaker = models.BooleanField(_("lo recomendó el Presidente"), default=False)
    employed_before = models.BooleanField(_("trabajaba antes en la Cámara"), default=False)

    class Meta:
        verbose_name = _("comprobación de nepotismo")
        verbose_name_plural = _("comprobaciones de nepotismo")
        ordering = ["person", "-recorded_at", "-id"]

    def __str__(self) -> str:
        return f"{self.person} — {self.candidate}"
