"""What the Commission keeps of the Code's preventive half (Secs. 14–16): the financial reports it
was told were filed, and each import of the register of obligated people.

The register itself — the people and their offices — is :class:`ventila.bodies.models.Person` and
:class:`~ventila.bodies.models.OfficeTerm`; the duties are not stored: the rules engine computes them
from the offices and these reports each time they are shown (:mod:`ventila.compliance.duties`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import Body, Person
from ventila.fields import foreign_key, one_to_one


class FinancialReport(models.Model):
    """A financial report (Sec. 14) filed with the OEG, as the Commission recorded it: which year it
    covers, when it was filed, whether sworn and electronic. Recorded once; never changed here."""

    class ReportType(models.TextChoices):
        INITIAL = "initial", _("Informe inicial (Sec. 14(d))")
        ANNUAL = "annual", _("Informe anual (Sec. 14(c))")
        FINAL = "final", _("Informe de cese (Sec. 14(e))")

    body = foreign_key(Body, "+", _("cuerpo"), _("La Comisión que lleva el registro en que se anotó el informe."))
    person = foreign_key(Person, "financial_reports", _("persona"), _("La persona obligada que radicó el informe."))
    covers_year = models.PositiveSmallIntegerField(
        _("año que cubre"), help_text=_("El año natural que cubre el informe.")
    )
    report_type = models.CharField(
        _("tipo de informe"),
        max_length=10,
        choices=ReportType.choices,
        help_text=_("Inicial (al tomar posesión), anual o de cese."),
    )
    filed_on = models.DateField(_("radicado el"), help_text=_("El día en que se radicó en la OEG."))
    sworn = models.BooleanField(_("bajo juramento"), help_text=_("Si consta radicado bajo juramento (Sec. 14(a))."))
    electronic = models.BooleanField(
        _("por el sistema electrónico"),
        help_text=_("Si consta radicado por el sistema de radicación electrónica de la OEG (Sec. 14(a)–(b))."),
    )
    secretary_notified_on = models.DateField(
        _("notificado a la Secretaría el"),
        null=True,
        blank=True,
        help_text=_(
            "El día en que quien radicó notificó a la Secretaría de la Cámara que cumplió (Sec. 14(c)); en "
            "blanco si no consta."
        ),
    )
    note = models.CharField(
        _("nota"), max_length=300, blank=True, help_text=_("Cómo consta el informe, por ejemplo el acuse de la OEG.")
    )
    recorded_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("anotado por"), _("Quién anotó el informe."))
    recorded_at = models.DateTimeField(_("anotado el"), help_text=_("Cuándo se anotó."))

    class Meta:
        verbose_name = _("informe financiero recibido")
        verbose_name_plural = _("informes financieros recibidos")
        ordering = ["person", "covers_year", "filed_on", "id"]
        constraints = [
            models.UniqueConstraint(fields=["person", "covers_year", "report_type"], name="financialreport_unique")
        ]

    def __str__(self) -> str:
        return f"{self.person} — {self.covers_year} ({self.report_type})"


class RegisterImport(models.Model):
    """One import of the register from the House's human-resources file: what file, who, and what
    it changed. An import that changed nothing (the same file again) is not kept."""

    body = foreign_key(Body, "+", _("cuerpo"), _("La Comisión que lleva el registro."))
    file_name = models.CharField(_("archivo"), max_length=200, help_text=_("El nombre del archivo importado."))
    sha256 = models.CharField(_("SHA-256"), max_length=64, help_text=_("La huella SHA-256 del archivo importado."))
    rows = models.PositiveIntegerField(_("filas"), help_text=_("Las filas con datos del archivo."))
    people_created = models.PositiveIntegerField(_("personas nuevas"), default=0, help_text=_("Personas añadidas."))
    offices_created = models.PositiveIntegerField(_("cargos nuevos"), default=0, help_text=_("Cargos añadidos."))
    offices_changed = models.PositiveIntegerField(
        _("cargos cambiados"), default=0, help_text=_("Cargos cuya fecha de cese o correo cambió.")
    )
    imported_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("importado por"), _("Quién importó el archivo."))
    imported_at = models.DateTimeField(_("importado el"), help_text=_("Cuándo se importó."))

    class Meta:
        verbose_name = _("importación del registro")
        verbose_name_plural = _("importaciones del registro")
        ordering = ["-imported_at", "-id"]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.imported_at:%Y-%m-%d})"


class TenureCase(models.Model):
    """The ``financial_report`` case of one tenure of an obligated person (Secs. 14–16): the register's
    offices say the tenure (its role and first day, ``Obligations.tenures``), the case's docket holds
    its events (taking office, leaving it, the reports filed, the OEG's evaluation) and its stored
    terms are the person's duties."""

    body = foreign_key(Body, "+", _("cuerpo"), _("La Comisión que lleva el registro."))
    person = foreign_key(Person, "tenure_cases", _("persona"), _("La persona obligada."))
    role = models.CharField(_("categoría"), max_length=20, help_text=_("La categoría del cargo de la permanencia."))
    start = models.DateField(_("toma de posesión"), help_text=_("El primer día de la permanencia en el cargo."))
    case = one_to_one(
        "cases.Case", "tenure", _("expediente"), _("El expediente de informes financieros de la permanencia.")
    )

    class Meta:
        verbose_name = _("expediente de informes financieros")
        verbose_name_plural = _("expedientes de informes financieros")
        ordering = ["person", "start", "id"]
        constraints = [
            models.UniqueConstraint(fields=["body", "person", "role", "start"], name="tenurecase_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.person} — {self.role} {self.start:%Y-%m-%d}"


class FinancialReferral(models.Model):
    """An OEG referral to the Commission (Sec. 16) turned into a ``referral`` case: which financial-report
    case and which docket entry (the OEG's final action) it came from."""

    source = foreign_key(
        "cases.Case",
        "financial_referrals",
        _("expediente de origen"),
        _("El expediente de informes financieros en que la OEG refirió."),
    )
    entry = one_to_one(
        "cases.DocketEntry",
        "+",
        _("determinación de la OEG"),
        _("La anotación de la determinación de la OEG que refiere a la Comisión."),
    )
    referral = one_to_one("cases.Case", "referred_from", _("referido"), _("El caso de tipo referido que se abrió."))

    class Meta:
        verbose_name = _("referido de un informe financiero")
        verbose_name_plural = _("referidos de informes financieros")
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.source_id} → {self.referral_id}"


# The norms of conduct kept per person (Secs. 10(k), 10(n), 10(t), 10(w)): gifts, court summonses, nepotism checks.
from .conduct_models import CourtSummons, GiftRecord, NepotismCheck  # noqa: E402, F401
