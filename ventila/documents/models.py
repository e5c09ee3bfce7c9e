"""Documents a case produces (notices, summonses, resolutions, reports), their service, and the
private calendar feeds and daily reminders of the people who work the cases.

A :class:`Draft` is generated from a docket entry (the act it puts in writing) and edited by
staff; issuing it creates a :class:`Document`: its PDF with its SHA-256, frozen (the database
refuses any UPDATE or DELETE, migration ``0002``), chained in the audit record and docketed (a
record-only ``document_issued`` entry). The document is then served on its recipients
(:class:`Delivery`); every e-mail attempt is a :class:`DeliveryAttempt`, which the database also
keeps append-only, and a ``service_attempted`` docket entry; a receipt that starts a term is a
docket entry carrying the PDF as its attachment.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ventila.cases.models import Case, DocketEntry
from ventila.fields import foreign_key


class Language(models.TextChoices):
    ES = "es", _("Español")
    EN = "en", _("Inglés")


class DocumentText(models.Model):
    """What a draft and an issued document both hold of the text: its model, language and title, and
    the rule of the catalogue (with its citation) that requires it. Each names its case and act."""

    template = models.CharField(
        _("modelo"),
        max_length=60,
        help_text=_("El modelo de documento del que se generó el texto."),
    )
    language = models.CharField(
        _("idioma"),
        max_length=2,
        choices=Language.choices,
        default=Language.ES,
        help_text=_("El idioma del documento."),
    )
    title = models.CharField(_("título"), max_length=200, help_text=_("El título que encabeza el documento."))
    rule_id = models.CharField(_("regla"), max_length=30, help_text=_("La regla del catálogo que exige el documento."))
    citation = models.CharField(_("cita"), max_length=80, help_text=_("La cita del texto que exige el documento."))

    def __str__(self) -> str:
        return f"{self.case.number} · {self.title}"

    class Meta:
        abstract = True


class Draft(DocumentText):
    """A document being prepared: generated from the case's data and docket, edited by staff."""

    case = foreign_key(Case, "document_drafts", _("expediente"), _("El expediente al que pertenece el documento."))
    source = foreign_key(
        DocketEntry,
        "document_drafts",
        _("acto"),
        _("La anotación del expediente cuyo acto el documento pone por escrito."),
    )
    sections = models.JSONField(
        _("secciones"),
        default=list,
        help_text=_("El texto del documento, por secciones (clave, encabezado, texto)."),
    )
    created_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("preparado por"), _("Quién generó el borrador."))
    created_at = models.DateTimeField(_("preparado"), help_text=_("Cuándo se generó el borrador."))

    class Meta:
        verbose_name = _("borrador")
        verbose_name_plural = _("borradores")
        ordering = ["case", "id"]


def document_path(instance: Document, filename: str) -> str:
    return f"documents/{instance.sha256[:2]}/{instance.sha256}.pdf"


class Document(DocumentText):
    """An issued document: frozen (the database refuses UPDATE and DELETE) and chained in the
    audit record in the same transaction that issued it."""

    case = foreign_key(Case, "documents", _("expediente"), _("El expediente al que pertenece el documento."))
    source = foreign_key(
        DocketEntry, "documents", _("acto"), _("La anotación del expediente cuyo acto el documento pone por escrito.")
    )
    sections = models.JSONField(
        _("secciones"),
        default=list,
        help_text=_("El texto expedido, por secciones (clave, encabezado, texto)."),
    )
    issued_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("expedido por"), _("Quién expidió el documento."))
    issued_at = models.DateTimeField(_("expedido"), help_text=_("Cuándo se expidió."))
    file = models.FileField(
        _("PDF"),
        upload_to=document_path,
        max_length=300,
        help_text=_("El PDF expedido, guardado bajo su huella; nunca se sirve sin comprobar permisos."),
    )
    filename = models.CharField(_("nombre"), max_length=255, help_text=_("Nombre del archivo PDF."))
    sha256 = models.CharField(_("SHA-256"), max_length=64, help_text=_("Huella SHA-256 del PDF expedido."))
    size = models.PositiveBigIntegerField(_("tamaño"), help_text=_("Tamaño del PDF en bytes."))

    class Meta:
        verbose_name = _("documento expedido")
        verbose_name_plural = _("documentos expedidos")
        ordering = ["case", "id"]


class Delivery(models.Model):
    """The service of an issued document on one recipient, by e-mail, by hand or by mail."""

    class Method(models.TextChoices):
        EMAIL_ATTACHMENT = "email_attachment", _("Correo electrónico con el PDF adjunto")
        EMAIL_LINK = "email_link", _("Correo electrónico con enlace firmado")
        HAND = "hand", _("Entrega personal")
        MAIL = "mail", _("Correo postal")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pendiente de envío")
        RETRYING = "retrying", _("Falló; se reintentará")
        FAILED = "failed", _("Falló; no se reintentará")
        SENT = "sent", _("Enviado")
        RECEIVED = "received", _("Recibido")

    document = foreign_key(Document, "deliveries", _("documento"), _("El documento que se notifica."))
    recipient_role = models.CharField(
        _("calidad del destinatario"),
        max_length=20,
        help_text=_("Parte querellada, querellante, representación legal, Presidente de la Cámara u otro."),
    )
    recipient_name = models.CharField(_("destinatario"), max_length=200, help_text=_("Nombre del destinatario."))
    recipient_email = models.EmailField(
        _("correo del destinatario"),
        blank=True,
        help_text=_("Dirección de correo electrónico, si se envía por correo."),
    )
    method = models.CharField(_("medio"), max_length=20, choices=Method.choices, help_text=_("Cómo se notifica."))
    status = models.CharField(
        _("estado"),
        max_length=10,
        choices=Status.choices,
        default=Status.PENDING,
        help_text=_("Dónde está la notificación: pendiente, enviada, recibida o fallida."),
    )
    attempts = models.PositiveSmallIntegerField(_("intentos"), default=0, help_text=_("Intentos de envío hechos."))
    next_attempt_at = models.DateTimeField(
        _("próximo intento"),
        null=True,
        blank=True,
        help_text=_("Cuándo el proceso de fondo vuelve a intentar el envío."),
    )
    last_error = models.TextField(
        _("último error"), blank=True, help_text=_("La respuesta del último intento fallido.")
    )
    sent_at = models.DateTimeField(
        _("enviado"), null=True, blank=True, help_text=_("Cuándo el servidor aceptó el mensaje.")
    )
    message_id = models.CharField(
        _("Message-ID"), max_length=250, blank=True, help_text=_("El Message-ID del correo enviado.")
    )
    received_on = models.DateField(
        _("recibido el"),
        null=True,
        blank=True,
        help_text=_("La fecha de recibo por el destinatario; de ella corren los términos."),
    )
    receipt_entry = foreign_key(
        DocketEntry,
        "+",
        _("anotación del recibo"),
        _("La anotación del expediente que registró el recibo."),
        null=True,
        blank=True,
    )
    receipt_note = models.TextField(
        _("constancia del recibo"),
        blank=True,
        help_text=_("Quién recibió, dónde, y con qué constancia (acuse, firma)."),
    )
    created_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("ordenado por"), _("Quién ordenó la notificación."))
    created_at = models.DateTimeField(_("ordenada"), help_text=_("Cuándo se ordenó la notificación."))

    class Meta:
        verbose_name = _("notificación")
        verbose_name_plural = _("notificaciones")
        ordering = ["document", "id"]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="delivery_due")]

    @property
    def by_email(self) -> bool:
        return self.method in (self.Method.EMAIL_ATTACHMENT, self.Method.EMAIL_LINK)


class DeliveryAttempt(models.Model):
    """One attempt to send a document by e-mail, with the server's answer. Append-only."""

    delivery = foreign_key(Delivery, "attempt_log", _("notificación"), _("La notificación que se intentó."))
    at = models.DateTimeField(_("momento"), help_text=_("Cuándo se intentó el envío."))
    recipient = models.CharField(_("destinatario"), max_length=254, help_text=_("La dirección a la que se envió."))
    message_id = models.CharField(_("Message-ID"), max_length=250, help_text=_("El Message-ID del mensaje."))
    ok = models.BooleanField(_("aceptado"), help_text=_("Si el servidor aceptó el mensaje."))
    server_answer = models.TextField(
        _("respuesta del servidor"), help_text=_("La respuesta del servidor SMTP, o el error.")
    )

    class Meta:
        verbose_name = _("intento de envío")
        verbose_name_plural = _("intentos de envío")
        ordering = ["delivery", "at", "id"]


class CalendarFeed(models.Model):
    """A user's private iCalendar feed; the URL's secret is kept only as its SHA-256."""

    user = foreign_key(
        settings.AUTH_USER_MODEL,
        "calendar_feeds",
        _("usuario"),
        _("El dueño del calendario."),
        on_delete=models.CASCADE,
    )
    token_sha256 = models.CharField(
        _("huella del secreto"),
        max_length=64,
        unique=True,
        help_text=_("SHA-256 del secreto de la dirección; el secreto mismo no se guarda."),
    )
    created_at = models.DateTimeField(_("creado"), help_text=_("Cuándo se creó la dirección."))
    revoked_at = models.DateTimeField(
        _("revocado"),
        null=True,
        blank=True,
        help_text=_("Cuándo se revocó; una dirección revocada no responde."),
    )

    class Meta:
        verbose_name = _("calendario privado")
        verbose_name_plural = _("calendarios privados")


class ReminderLog(models.Model):
    """The daily reminder sent to a user on a day (so the sweep sends it once a day)."""

    user = foreign_key(
        settings.AUTH_USER_MODEL, "+", _("usuario"), _("A quién se envió el recordatorio."), on_delete=models.CASCADE
    )
    day = models.DateField(_("día"), help_text=_("El día del recordatorio."))
    terms = models.PositiveIntegerField(_("términos"), help_text=_("Cuántos términos incluía."))
    message_id = models.CharField(
        _("Message-ID"), max_length=250, blank=True, help_text=_("El Message-ID del mensaje.")
    )
    sent_at = models.DateTimeField(_("enviado"), help_text=_("Cuándo se envió."))

    class Meta:
        verbose_name = _("recordatorio enviado")
        verbose_name_plural = _("recordatorios enviados")
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="reminder_once_a_day")]


class PublicationReview(models.Model):
    """A person's review of a final matter's redacted text before the public record shows it (issue 26):
    asked for when the text cannot be redacted safely by rule alone (a private person who shares a name
    with the respondent, a witness whose name cannot be read). It approves the public text whose SHA-256 it
    keeps — any later change of that text asks for a new review — and may add what else to remove.
    Chained in the audit record."""

    case = foreign_key(Case, "publication_reviews", _("expediente"), _("El asunto final cuyo texto público se revisó."))
    digest = models.CharField(
        _("huella del texto aprobado"),
        max_length=64,
        help_text=_("SHA-256 del texto público, ya suprimido, que la persona leyó y aprobó."),
    )
    terms = models.TextField(
        _("datos que también se suprimen"),
        blank=True,
        help_text=_("Nombres, apodos o datos que la persona revisora añadió para suprimir, uno por línea."),
    )
    reviewed_by = foreign_key(
        settings.AUTH_USER_MODEL, "+", _("revisado por"), _("Quien revisó el texto y aprobó su publicación.")
    )
    reviewed_at = models.DateTimeField(_("revisado el"), help_text=_("Cuándo se aprobó la publicación."))

    class Meta:
        verbose_name = _("revisión de la publicación")
        verbose_name_plural = _("revisiones de la publicación")
        ordering = ("-reviewed_at", "-id")


class SignedFile(models.Model):
    """A PDF the system issued and signed, as the public verification page (``/verificar/``) knows it:
    the SHA-256 of the signed file, who issued it, when, what kind of document it is, and the code of
    the link printed on it. One row per issued file — an issued document, an annual report, every
    filing receipt handed out (a receipt carries the filer's secret key, so only its hash is kept,
    never its bytes). Chained in the audit record in the transaction that creates it."""

    code = models.CharField(
        _("código"),
        max_length=32,
        unique=True,
        help_text=_("El código del enlace de verificación impreso en el documento."),
    )
    sha256 = models.CharField(
        _("SHA-256"), max_length=64, db_index=True, help_text=_("Huella SHA-256 del PDF firmado, tal como se expidió.")
    )
    size = models.PositiveBigIntegerField(_("tamaño"), help_text=_("Tamaño del PDF firmado en bytes."))
    kind = models.CharField(
        _("clase"),
        max_length=60,
        help_text=_("La clase de documento: el modelo del documento, el informe anual o el acuse de recibo."),
    )
    body = foreign_key("bodies.Body", "+", _("cuerpo"), _("El cuerpo que expidió y firmó el documento."))
    case = foreign_key(
        Case,
        "+",
        _("expediente"),
        _("El expediente del documento, si pertenece a uno (el informe anual no)."),
        null=True,
        blank=True,
    )
    issued_at = models.DateTimeField(_("expedido"), help_text=_("Cuándo se expidió y firmó."))
    signed = models.BooleanField(
        _("firmado"),
        default=True,
        help_text=_("Falso para un documento expedido antes de que se firmaran los PDF (conserva sus bytes)."),
    )

    class Meta:
        verbose_name = _("PDF expedido verificable")
        verbose_name_plural = _("PDF expedidos verificables")
        ordering = ["issued_at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.sha256[:12]}"
