"""Public e-filing (Sec. 20(4)–(5)): what a filing adds to its case, supplementary evidence sent
with the follow-up key, and the per-address counters of the rate limit.

The case itself, its parties and its first docket entry are the cases app's; a :class:`Filing`
holds only what the public channel adds: the hash of the follow-up key (never the key), the
receipt as it was issued, and the sworn statement's acknowledgement.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.cases.models import Case
from ventila.fields import foreign_key, one_to_one


class Filing(models.Model):
    """A complaint filed through the public form: its receipt and its follow-up key's hash."""

    case = one_to_one(Case, "online_filing", _("expediente"), _("El expediente que abrió la presentación."))
    key_hash = models.CharField(
        _("huella de la clave de seguimiento"),
        max_length=64,
        unique=True,
        help_text=_("SHA-256 de la clave de seguimiento; la clave misma solo la tiene quien presentó."),
    )
    filed_at = models.DateTimeField(_("presentada"), help_text=_("Momento de la presentación (hora de Puerto Rico)."))
    receipt = models.JSONField(
        _("acuse"),
        default=dict,
        help_text=_("Lo presentado, tal como consta en el acuse: datos, evidencia y huellas SHA-256."),
    )
    email = models.EmailField(
        _("correo electrónico"), blank=True, help_text=_("Adonde se envió el acuse, si se dio una dirección.")
    )
    emailed = models.BooleanField(
        _("acuse enviado"), default=False, help_text=_("Verdadero si el acuse se envió por correo electrónico.")
    )
    language = models.CharField(_("idioma"), max_length=8, default="es", help_text=_("El idioma en que se presentó."))

    class Meta:
        verbose_name = _("presentación electrónica")
        verbose_name_plural = _("presentaciones electrónicas")

    def __str__(self) -> str:
        return str(self.case)


def supplement_path(instance: Supplement, filename: str) -> str:
    return f"attachments/{instance.sha256[:2]}/{instance.sha256}"


class Supplement(models.Model):
    """Evidence the complainant added later with the follow-up key (Sec. 21(a)(4)–(10))."""

    filing = foreign_key(Filing, "supplements", _("presentación"), _("La presentación a la que se añade."))
    kind = models.CharField(
        _("tipo de evidencia"), max_length=40, help_text=_("El tipo de evidencia, de la lista del Código o de la ley.")
    )
    description = models.TextField(_("descripción"), help_text=_("Qué es y qué prueba."))
    filename = models.CharField(_("archivo"), max_length=255, blank=True, help_text=_("Nombre del archivo."))
    content_type = models.CharField(
        _("tipo de contenido"), max_length=120, blank=True, help_text=_("El tipo reconocido por su contenido.")
    )
    size = models.PositiveBigIntegerField(_("tamaño"), default=0, help_text=_("Tamaño en bytes."))
    sha256 = models.CharField(
        _("SHA-256"), max_length=64, blank=True, help_text=_("Huella del archivo, que prueba su integridad.")
    )
    file = models.FileField(_("archivo"), upload_to=supplement_path, blank=True, help_text=_("El archivo."))
    received_at = models.DateTimeField(_("recibida"), help_text=_("Cuándo se recibió."))

    class Meta:
        verbose_name = _("evidencia añadida")
        verbose_name_plural = _("evidencias añadidas")
        ordering = ["filing", "received_at", "id"]

    def __str__(self) -> str:
        return f"{self.filing} — {self.filename or self.description[:40]}"


class FilingClaim(models.Model):
    """A draft being submitted: the first submit claims it (the unique draft id), so a double click
    or a repeated request never opens a second case; the others wait for this one's filing."""

    draft = models.CharField(
        _("borrador"), max_length=64, unique=True, help_text=_("El identificador del borrador que se está presentando.")
    )
    claimed_at = models.DateTimeField(_("reclamado"), help_text=_("Cuándo empezó su presentación."))
    filing = one_to_one(
        Filing,
        "claim",
        _("presentación"),
        _("La presentación que abrió, cuando terminó."),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
    )

    class Meta:
        verbose_name = _("presentación en curso")
        verbose_name_plural = _("presentaciones en curso")

    def __str__(self) -> str:
        return self.draft
