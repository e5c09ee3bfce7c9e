"""The tamper-evident record: one hash chain over docket entries, documents, access logs, the
versions of the rows that change (:class:`StateRecord`) and the operators' actions.

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

from ventila.fields import foreign_key

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
        _("clase"),
        max_length=40,
        help_text=_("La clase de objeto: docket_entry (anotación), document (documento) o access (acceso)."),
    )
    object_id = models.CharField(_("objeto"), max_length=64, help_text=_("El identificador del objeto encadenado."))
    content_hash = models.CharField(
        _("huella del contenido"), max_length=64, help_text=_("SHA-256 del contenido canónico del objeto.")
    )
    prev_hash = models.CharField(_("huella anterior"), max_length=64, help_text=_("La huella del eslabón anterior."))
    hash = models.CharField(_("huella"), max_length=64, help_text=_("SHA-256 de este eslabón (cubre la anterior)."))
    covered = models.JSONField(
        _("columnas cubiertas"),
        default=dict,
        help_text=_("Las columnas que cubre la huella del contenido (una columna añadida después no la altera)."),
    )
    at = models.DateTimeField(_("cuándo"), help_text=_("Cuándo se añadió el eslabón."))

    class Meta:
        verbose_name = _("eslabón")
        verbose_name_plural = _("eslabones")
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["kind", "object_id"], name="chainlink_once_per_object")]


class AccessChain(models.Model):
    """The head of one case's own chain of access rows (docs/decisions.md, «Access log: per-case chains»).

    Reading a case locks this row only — never the main chain's head — so reads of different cases
    never wait for one another. The row itself is chained into the main chain once, when the case's
    first access is logged (covering ``key`` and ``started_at``, which never change), so a case's
    access chain cannot vanish whole."""

    key = models.CharField(
        _("expediente"), max_length=30, unique=True, help_text=_("El número de expediente cuya cadena es.")
    )
    started_at = models.DateTimeField(_("comenzada"), help_text=_("Cuándo se registró el primer acceso."))
    seq = models.PositiveBigIntegerField(_("último acceso"), default=0, help_text=_("Número del último acceso."))
    hash = models.CharField(_("huella"), max_length=64, default=GENESIS, help_text=_("Huella del último acceso."))

    class Meta:
        verbose_name = _("cadena de accesos")
        verbose_name_plural = _("cadenas de accesos")


class AccessLog(models.Model):
    """Who opened which case or document, and when: each row linked to the previous access of the
    same case (:class:`AccessChain`); rows written before that are links of the main chain."""

    at = models.DateTimeField(_("cuándo"), db_index=True, help_text=_("El momento del acceso."))
    user = foreign_key(settings.AUTH_USER_MODEL, "+", _("usuario"), _("Quién accedió."), null=True, blank=True)
    username = models.CharField(_("nombre de usuario"), max_length=150, help_text=_("El nombre de usuario entonces."))
    object_kind = models.CharField(
        _("objeto"),
        max_length=30,
        help_text=_("case (expediente), attachment (anejo) o document (documento)."),
    )
    object_ref = models.CharField(_("referencia"), max_length=100, help_text=_("El número o identificador del objeto."))
    case_number = models.CharField(
        _("expediente"),
        max_length=30,
        blank=True,
        db_index=True,
        help_text=_("El expediente al que pertenece el objeto."),
    )
    action = models.CharField(
        _("acción"), max_length=20, help_text=_("view (ver), download (descargar) o act (actuar).")
    )
    granted = models.BooleanField(
        _("concedido"),
        default=True,
        help_text=_("Falso cuando se pidió algo que el usuario no puede ver (respuesta 404)."),
    )
    confidential = models.BooleanField(
        _("confidencial"),
        default=True,
        help_text=_("Si el expediente era confidencial (sin resolución final) al accederse."),
    )

    chain = foreign_key(
        AccessChain,
        "+",
        _("cadena"),
        _("La cadena de accesos del expediente (vacía en los registros anteriores, de la cadena principal)."),
        null=True,
        blank=True,
    )
    chain_seq = models.PositiveBigIntegerField(
        _("número en la cadena"), null=True, blank=True, help_text=_("Posición en la cadena del expediente: 1, 2, 3…")
    )
    prev_hash = models.CharField(
        _("huella anterior"), max_length=64, blank=True, help_text=_("La huella del acceso anterior al expediente.")
    )
    hash = models.CharField(
        _("huella"), max_length=64, blank=True, help_text=_("SHA-256 de este acceso (cubre el anterior).")
    )

    class Meta:
        verbose_name = _("registro de acceso")
        verbose_name_plural = _("registros de acceso")
        ordering = ["-at", "-id"]
        constraints = [models.UniqueConstraint(fields=["chain", "chain_seq"], name="accesslog_chain_seq")]


class StateRecord(models.Model):
    """One version of a row that changes over time (a case's state, a party, a closure, a seat…),
    kept as it was and chained. The row itself must match its latest version: a change made behind
    the app (raw SQL) leaves the two apart, and ``ventila audit verify`` names it.

    What is recorded for each model is registered by its app (:func:`ventila.audit.state.register`).
    """

    kind = models.CharField(
        _("clase"), max_length=60, help_text=_("El modelo del objeto, por ejemplo «cases.Party» o «bodies.Closure».")
    )
    object_id = models.CharField(_("objeto"), max_length=64, help_text=_("El identificador del objeto."))
    version = models.PositiveIntegerField(_("versión"), help_text=_("Número de la versión del objeto: 1, 2, 3…"))
    content = models.JSONField(
        _("contenido"), default=dict, help_text=_("Las columnas registradas del objeto en esta versión.")
    )
    removed = models.BooleanField(
        _("eliminado"), default=False, help_text=_("Verdadero cuando esta versión registra que el objeto se eliminó.")
    )
    actor = foreign_key(
        settings.AUTH_USER_MODEL,
        "+",
        _("usuario"),
        _("Quién hizo el cambio en la aplicación, si fue un usuario."),
        null=True,
        blank=True,
    )
    username = models.CharField(
        _("quién"),
        max_length=150,
        blank=True,
        help_text=_("El usuario o el operador (orden del servidor) que hizo el cambio."),
    )
    reason = models.TextField(_("motivo"), blank=True, help_text=_("Por qué se hizo el cambio."))
    at = models.DateTimeField(_("cuándo"), help_text=_("Cuándo se registró la versión."))

    class Meta:
        verbose_name = _("versión registrada")
        verbose_name_plural = _("versiones registradas")
        ordering = ["kind", "object_id", "version"]
        constraints = [models.UniqueConstraint(fields=["kind", "object_id", "version"], name="staterecord_version")]


class OperatorAction(models.Model):
    """Something done on the server to an account (a password or second factor reset, a role
    granted or withdrawn): who ran it, on whom, and why. Chained."""

    at = models.DateTimeField(_("cuándo"), help_text=_("Cuándo se hizo."))
    action = models.CharField(
        _("acción"), max_length=40, help_text=_("grant-role, revoke-role, reset-password o reset-second-factor.")
    )
    target = models.CharField(_("cuenta"), max_length=150, help_text=_("El usuario afectado."))
    detail = models.CharField(_("detalle"), max_length=300, blank=True, help_text=_("Qué se hizo exactamente."))
    operator = models.CharField(
        _("operador"), max_length=150, help_text=_("Quién lo hizo, según declaró al ejecutar la orden.")
    )
    approver = models.CharField(
        _("segunda persona"), max_length=150, help_text=_("Quién lo aprobó (otra persona que el operador).")
    )
    system_user = models.CharField(
        _("usuario del sistema"),
        max_length=150,
        blank=True,
        help_text=_("La cuenta del servidor bajo la que corrió la orden."),
    )
    reason = models.TextField(_("motivo"), help_text=_("Por qué se hizo."))

    class Meta:
        verbose_name = _("acción de operador")
        verbose_name_plural = _("acciones de operador")
        ordering = ["at", "id"]


class PublishedHead(models.Model):
    """The chain's head as published for the day (issue 32): on the public record, in its open data and
    for ``ventila audit verify --heads``. Whoever kept an earlier one can check later that the chain up to
    it was not rewritten (``verify`` checks every row here against the chain, too)."""

    day = models.DateField(_("día"), unique=True, help_text=_("El día (hora de Puerto Rico) de la publicación."))
    seq = models.PositiveBigIntegerField(_("eslabón"), help_text=_("Número del último eslabón al publicarse."))
    hash = models.CharField(_("huella"), max_length=64, help_text=_("Huella SHA-256 de ese eslabón."))
    published_at = models.DateTimeField(_("publicada"), help_text=_("Cuándo se publicó."))

    class Meta:
        verbose_name = _("cabeza publicada")
        verbose_name_plural = _("cabezas publicadas")
        ordering = ["-day"]
