"""The tamper-evident record: one hash chain over docket entries, documents and access logs.

Each :class:`ChainLink` covers one object: the SHA-256 of the object's canonical content and the
previous link's hash, hashed together. Changing any byte of a chained row (or of a link) breaks the
chain from that link on, and ``ventila audit verify`` names the first link that does not match.
:class:`ChainHead` is the one row locked while a link is appended, so links are numbered without
gaps and in commit order. The head (sequence and hash) is exported daily to a file outside the
database, which catches even a chain rewritten from scratch.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

GENESIS = "0" * 64


class ChainHead(models.Model):
    """The last link of the chain (a single row, locked while appending)."""

    seq = models.PositiveBigIntegerField(_("último eslabón"), default=0, help_text=_("Número del último eslabón."))
    hash = models.CharField(_("huella"), max_length=64, default=GENESIS, help_text=_("Huella del último eslabón."))

    class Meta:
        verbose_name = _("cabeza de la cadena")
        verbose_name_plural = _("cabeza de la cadena")


class ChainLink(models.Model):
    """One link: which object, the digest of its content, the previous link's hash and its own."""

    seq = models.PositiveBigIntegerField(_("eslabón"), unique=True, help_text=_("Número correlativo, sin saltos."))
    kind = models.CharField(
        _("clase"), max_length=40,
        help_text=_("La clase de objeto: docket_entry (anotación), document (documento) o access (acceso)."),
    )
    object_id = models.CharField(_("objeto"), max_length=64, help_text=_("El identificador del objeto encadenado."))
    content_hash = models.CharField(_("huella del contenido"), max_length=64,
                                    help_text=_("SHA-256 del contenido canónico del objeto."))
    prev_hash = models.CharField(_("huella anterior"), max_length=64, help_text=_("La huella del eslabón anterior."))
    hash = models.CharField(_("huella"), max_length=64, help_text=_("SHA-256 de este eslabón (cubre la anterior)."))
    covered = models.JSONField(
        _("columnas cubiertas"), default=dict,
        help_text=_("Las columnas que cubre la huella del contenido (una columna añadida después no la altera)."),
    )
    at = models.DateTimeField(_("cuándo"), help_text=_("Cuándo se añadió el eslabón."))

    class Meta:
        verbose_name = _("eslabón")
        verbose_name_plural = _("eslabones")
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["kind", "object_id"], name="chainlink_once_per_object")]


class AccessLog(models.Model):
    """Who opened which case or document, and when (chained like the docket)."""

    at = models.DateTimeField(_("cuándo"), db_index=True, help_text=_("El momento del acceso."))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("usuario"), help_text=_("Quién accedió."),
    )
    username = models.CharField(_("nombre de usuario"), max_length=150, help_text=_("El nombre de usuario entonces."))
    object_kind = models.CharField(
        _("objeto"), max_length=30, help_text=_("case (expediente), attachment (anejo) o document (documento)."),
    )
    object_ref = models.CharField(_("referencia"), max_length=100, help_text=_("El número o identificador del objeto."))
    case_number = models.CharField(_("expediente"), max_length=30, blank=True, db_index=True,
                                   help_text=_("El expediente al que pertenece el objeto."))
    action = models.CharField(_("acción"), max_length=20, help_text=_("view (ver), download (descargar) o act (actuar)."))
    granted = models.BooleanField(_("concedido"), default=True,
                                  help_text=_("Falso cuando se pidió algo que el usuario no puede ver (respuesta 404)."))
    confidential = models.BooleanField(_("confidencial"), default=True,
                                       help_text=_("Si el expediente era confidencial (sin resolución final) al accederse."))

    class Meta:
        verbose_name = _("registro de acceso")
        verbose_name_plural = _("registros de acceso")
        ordering = ["-at", "-id"]
