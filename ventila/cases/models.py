"""Cases, their parties, the append-only docket, and the rows derived from it.

The docket (:class:`DocketEntry`, :class:`Attachment`, :class:`RollCall`, :class:`Ballot`) is the
truth: rows are only ever inserted, and the database itself refuses UPDATE and DELETE on them
(triggers created by migration ``0002``). Everything else on a case — its stage, its open terms
(:class:`CaseDeadline`), its findings, who is recused — is derived from the docket by the
rulebook and refreshed in the same transaction as each new entry (:mod:`ventila.cases.actions`).
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.db.models.fields.json import KeyTextTransform
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.fields import foreign_key, one_to_one
from ventila.rules import PR_TZ

from .rule_messages import (
    decode_messages,
    render_message,
    spanish_text,
    stored_text,
    stored_text_es,
    term_label,
)


def series_field() -> models.CharField:
    """A case's (and its counter's) number series: docs/decisions.md, «Case numbers: one series per group of kinds»."""
    return models.CharField(
        _("serie"),
        max_length=8,
        blank=True,
        default="",
        help_text=_(
            "La serie de números (vacía: la principal, la de las querellas); el reglamento dice qué tipos comparten una."
        ),
    )


class CaseCounter(models.Model):
    """The last case number issued by a body in a year; locked while a new number is taken."""

    body = foreign_key(Body, "+", _("cuerpo"), _("El cuerpo que numera sus expedientes."))
    year = models.PositiveSmallIntegerField(_("año"), help_text=_("El año de los números."))
    series = series_field()
    last = models.PositiveIntegerField(
        _("último número"),
        default=0,
        help_text=_("El último número expedido ese año; el siguiente expediente recibe este más uno."),
    )

    class Meta:
        verbose_name = _("contador de expedientes")
        verbose_name_plural = _("contadores de expedientes")
        constraints = [models.UniqueConstraint(fields=["body", "year", "series"], name="casecounter_unique_series")]


class Case(models.Model):
    """An expediente: a complaint, a referral or another matter before a body."""

    class Status(models.TextChoices):
        OPEN = "open", _("Abierto")
        CLOSED = "closed", _("Cerrado")

    body = foreign_key(Body, "cases", _("cuerpo"), _("El cuerpo ante el que se ventila el caso."))
    kind = models.CharField(
        _("tipo de caso"),
        max_length=40,
        help_text=_(
            "El tipo de caso según el reglamento del cuerpo, por ejemplo «complaint» (querella) o «referral» (referido de la OEG)."
        ),
    )
    number = models.CharField(
        _("número"),
        max_length=30,
        unique=True,
        help_text=_("Número de expediente, único y sin saltos por cuerpo y año, por ejemplo CE-2027-0001."),
    )
    year = models.PositiveSmallIntegerField(_("año"), help_text=_("El año del número de expediente."))
    series = series_field()
    # Null only inside the transaction that opens the case (the number is taken last; see
    # ``ventila.cases.actions.do_file_case``): no committed case is without its sequence.
    sequence = models.PositiveIntegerField(
        _("secuencia"),
        null=True,
        help_text=_("La posición del expediente entre los del mismo cuerpo, año y serie."),
    )
    caption = models.CharField(
        _("epígrafe"),
        max_length=300,
        help_text=_("Título breve del caso, por ejemplo «Querella contra Hon. Nombre Apellido»."),
    )
    respondent_role = models.CharField(
        _("cargo de la parte querellada"),
        max_length=20,
        choices=OfficeTerm.Role.choices,
        help_text=_(
            "La categoría de la parte querellada; decide el camino del Informe Final y las sanciones posibles."
        ),
    )
    respondent_candidate = models.BooleanField(
        _("candidato"),
        default=False,
        help_text=_(
            "Marque si la parte querellada es candidata en las próximas elecciones (procedimiento sumario, Sec. 24)."
        ),
    )
    status = models.CharField(
        _("estado"),
        max_length=10,
        choices=Status.choices,
        default=Status.OPEN,
        help_text=_("Abierto o cerrado; derivado del expediente."),
    )
    stage = models.CharField(
        _("etapa"),
        max_length=40,
        default="new",
        help_text=_("La etapa del procedimiento que el reglamento deriva del expediente."),
    )
    procedure = models.CharField(
        _("procedimiento"),
        max_length=40,
        default="ordinary",
        help_text=_("Ordinario, sumario (Sec. 24) o en espera hasta después de las elecciones (Sec. 24(f)); derivado."),
    )
    allowed_next = models.JSONField(
        _("actos permitidos"),
        default=list,
        blank=True,
        help_text=_("Los actos que el reglamento permite ahora, derivados en la última evaluación."),
    )
    next_due = models.DateField(
        _("próximo vencimiento"),
        null=True,
        blank=True,
        help_text=_(
            "El vencimiento más cercano entre los términos abiertos; la cola de trabajo se ordena por este campo."
        ),
    )
    next_due_deadline = models.CharField(
        _("término más próximo"),
        max_length=60,
        blank=True,
        help_text=_("El identificador del término que vence en «próximo vencimiento»."),
    )
    final_report_sent = models.BooleanField(
        _("Informe Final referido"),
        default=False,
        help_text=_("Verdadero desde que el Informe Final se refirió (Sec. 25); derivado del expediente."),
    )
    rederive_at = models.DateTimeField(
        _("recalcular desde"),
        null=True,
        blank=True,
        help_text=_(
            "El primer momento en que el paso del tiempo puede cambiar lo que el reglamento deriva del expediente "
            "(el día después del vencimiento abierto más cercano); en blanco si el tiempo solo no lo cambia."
        ),
    )
    config_version = models.PositiveIntegerField(
        _("versión de la configuración"),
        default=0,
        help_text=_(
            "La versión de la configuración del cuerpo (cierres, elecciones, miembros) con que se derivó el caso; "
            "si el cuerpo tiene una más reciente, el caso se recalcula."
        ),
    )
    derived_digest = models.CharField(
        _("huella de lo derivado"),
        max_length=80,
        blank=True,
        default="",
        help_text=_(
            "Huella de los términos, hallazgos, exclusiones y sustitutos derivados; si una nueva evaluación da la "
            "misma, esas filas no se leen ni se escriben."
        ),
    )
    turn = models.CharField(
        _("a quién le toca"),
        max_length=8,
        blank=True,
        default="",
        editable=False,
        help_text=_(
            "De quién es el próximo paso según el término más cercano, derivado con lo demás; la base de datos "
            "lleva con él los totales de la cola de trabajo por cuerpo."
        ),
    )
    created_at = models.DateTimeField(
        _("creado"),
        auto_now_add=True,
        help_text=_("Cuándo se abrió el expediente en el sistema."),
    )

    class Meta:
        verbose_name = _("expediente")
        verbose_name_plural = _("expedientes")
        constraints = [
            models.UniqueConstraint(fields=["body", "year", "series", "sequence"], name="case_unique_series_sequence"),
        ]
        # The work queue (``ventila.web.views.queue.queue``) reads one page in ``(next_due, id)`` order by
        # a range scan of one of these, whatever its filters: never a sort, never a scan of the table.
        indexes = [
            models.Index(fields=["next_due", "id"], name="case_queue"),
            models.Index(fields=["body", "next_due", "id"], name="case_queue_body"),
            models.Index(fields=["status", "next_due", "id"], name="case_queue_status"),
            models.Index(fields=["body", "status", "next_due", "id"], name="case_queue_body_status"),
            models.Index(fields=["stage", "next_due", "id"], name="case_queue_stage"),
            models.Index(fields=["kind", "next_due", "id"], name="case_queue_kind"),
            # The summary cases pinned above the queue (Sec. 24): a few rows, read from their own index.
            models.Index(fields=["next_due", "id"], name="case_queue_summary", condition=models.Q(procedure="summary")),
            models.Index(fields=["rederive_at"], name="case_rederive_at"),
        ]

    def __str__(self) -> str:
        return self.number

    @property
    def rulebook_id(self) -> str:
        return self.body.rulebook

    def party(self, role: str) -> Party | None:
        return next((p for p in self.parties.all() if p.role == role), None)

    @property
    def respondent(self) -> Party | None:
        return self.party(Party.Role.RESPONDENT)


class QueueCount(models.Model):
    """How many open cases of a body are whose move (``Case.turn``), kept by database triggers on the cases
    table (:mod:`ventila.cases.queue_counts`): the work queue's tab counts read these few rows instead of
    every open case. A lapse (another's term that leaves the body an act once it runs out) is counted by
    its due day, which decides at read time whether it is waited on or the body's to do."""

    body = foreign_key(Body, "+", _("cuerpo"), on_delete=models.CASCADE)
    turn = models.CharField(_("a quién le toca"), max_length=8, blank=True)
    due = models.DateField(
        _("vencimiento"), help_text=_("El vencimiento de los términos de otro que se cuentan en esta fila.")
    )
    n = models.IntegerField(_("expedientes"), default=0)

    class Meta:
        verbose_name = _("total de la cola")
        verbose_name_plural = _("totales de la cola")
        constraints = [models.UniqueConstraint(fields=["body", "turn", "due"], name="queuecount_unique")]


class Party(models.Model):
    """A party to a case: complainant, respondent or counsel."""

    class Role(models.TextChoices):
        COMPLAINANT = "complainant", _("Parte querellante")
        RESPONDENT = "respondent", _("Parte querellada")
        COUNSEL = "counsel", _("Representación legal")

    case = foreign_key(Case, "parties", _("expediente"), _("El expediente del que es parte."))
    role = models.CharField(
        _("calidad"),
        max_length=20,
        choices=Role.choices,
        help_text=_("La calidad en que comparece: querellante, querellado o abogado de una de las partes."),
    )
    person = foreign_key(
        Person,
        "case_parties",
        _("persona del registro"),
        _("La persona del registro, cuando la parte está en él (siempre para la parte querellada)."),
        null=True,
        blank=True,
    )
    name = models.CharField(
        _("nombre completo"),
        max_length=200,
        help_text=_("Nombre completo de la parte, tal como consta en la querella (Sec. 20(7), 21(a)(1))."),
    )
    office = models.CharField(
        _("cargo"),
        max_length=200,
        blank=True,
        help_text=_("El cargo de la parte querellada al presentarse la querella."),
    )
    postal_address = models.TextField(
        _("dirección postal"),
        blank=True,
        help_text=_("Dirección postal para notificaciones."),
    )
    email = models.EmailField(
        _("correo electrónico"),
        blank=True,
        help_text=_("Correo electrónico para notificaciones."),
    )
    phone = models.CharField(_("teléfono"), max_length=40, blank=True, help_text=_("Número de teléfono."))
    represents = foreign_key(
        "self",
        "counsel",
        _("representa a"),
        _("Para la representación legal: la parte a quien representa."),
        null=True,
        blank=True,
    )

    class Meta:
        verbose_name = _("parte")
        verbose_name_plural = _("partes")
        ordering = ["case", "role", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_role_display()})"


def attachment_path(instance: Attachment, filename: str) -> str:
    return f"attachments/{instance.sha256[:2]}/{instance.sha256}"


class DocketEntry(models.Model):
    """One act on the docket. Append-only: the database refuses UPDATE and DELETE.

    ``occurred_at`` is when the act happened (it drives the terms); ``recorded_at`` is when it was
    written down. A wrong entry is corrected by a new entry whose ``supersedes`` points to it; the
    rulebook then ignores the superseded one.
    """

    case = foreign_key(Case, "entries", _("expediente"), _("El expediente al que pertenece la anotación."))
    seq = models.PositiveIntegerField(
        _("número de anotación"),
        help_text=_("Número correlativo de la anotación dentro del expediente."),
    )
    event_type = models.CharField(
        _("acto"),
        max_length=60,
        help_text=_("El tipo de acto, del vocabulario del reglamento (por ejemplo «respondent_notified»)."),
    )
    occurred_at = models.DateTimeField(
        _("ocurrió"),
        help_text=_("Cuándo ocurrió el acto; de esta fecha corren los términos."),
    )
    has_time = models.BooleanField(
        _("con hora"),
        default=False,
        help_text=_("Verdadero si se anotó la hora del acto, no solo el día (los términos en horas la necesitan)."),
    )
    payload = models.JSONField(
        _("datos del acto"),
        default=dict,
        blank=True,
        help_text=_("Los datos del acto que el reglamento define y valida (fechas, resultado, causas…)."),
    )
    details = models.JSONField(
        _("detalles"),
        default=dict,
        blank=True,
        help_text=_(
            "Datos descriptivos que el reglamento no computa, como el texto de las determinaciones del Informe Final."
        ),
    )
    note = models.TextField(
        _("nota"),
        blank=True,
        help_text=_("Observaciones de quien anota el acto."),
    )
    recorded_by = foreign_key(
        settings.AUTH_USER_MODEL, "+", _("anotado por"), _("Quién anotó el acto en el expediente.")
    )
    recorded_at = models.DateTimeField(
        _("anotado"),
        help_text=_("Cuándo se anotó el acto en el sistema."),
    )
    supersedes = foreign_key(
        "self",
        "superseded_by",
        _("corrige a"),
        _("La anotación equivocada que esta corrige; la corregida queda en el expediente pero no cuenta."),
        null=True,
        blank=True,
    )

    class Meta:
        verbose_name = _("anotación")
        verbose_name_plural = _("anotaciones")
        ordering = ["case", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["case", "seq"], name="docketentry_unique_seq"),
            models.UniqueConstraint(fields=["supersedes"], name="docketentry_supersede_once"),
        ]
        # The calendar feed's window: hearing notices by their hearing day (ventila.documents.calendars).
        indexes = [
            models.Index(
                KeyTextTransform("hearing_date", "payload"),
                name="docketentry_hearing_day",
                condition=models.Q(event_type="hearing_noticed"),
            )
        ]

    def __str__(self) -> str:
        return f"{self.case.number} #{self.seq} {self.event_type}"

    @property
    def occurred_day(self) -> dt.date:
        return self.occurred_at.astimezone(PR_TZ).date()


class Upload(models.Model):
    """What a file uploaded to a case carries besides the file: its name, fingerprint, size and type."""

    filename = models.CharField(_("nombre"), max_length=255, help_text=_("Nombre original del archivo."))
    sha256 = models.CharField(
        _("SHA-256"), max_length=64, help_text=_("Huella SHA-256 del contenido, en hexadecimal; prueba su integridad.")
    )
    size = models.PositiveBigIntegerField(_("tamaño"), help_text=_("Tamaño en bytes."))
    content_type = models.CharField(
        _("tipo de contenido"), max_length=120, blank=True, help_text=_("El tipo MIME declarado al subirlo.")
    )

    class Meta:
        abstract = True


class Attachment(Upload):
    """A document attached to a docket entry, with its SHA-256 fingerprint. Append-only."""

    entry = foreign_key(DocketEntry, "attachments", _("anotación"), _("La anotación a la que se adjunta el documento."))
    file = models.FileField(
        _("archivo"),
        upload_to=attachment_path,
        max_length=300,
        help_text=_("El archivo, guardado bajo su huella; nunca se sirve sin comprobar permisos."),
    )

    class Meta:
        verbose_name = _("anejo")
        verbose_name_plural = _("anejos")
        ordering = ["entry", "id"]

    def __str__(self) -> str:
        return self.filename


class RollCall(models.Model):
    """The roll-call vote that decided a docket entry's act, with its outcome under the rulebook."""

    entry = one_to_one(DocketEntry, "roll_call", _("anotación"), _("El acto que la votación decidió."))
    motion = models.CharField(
        _("moción"),
        max_length=300,
        help_text=_("Lo que se votó, en palabras."),
    )
    rule_id = models.CharField(
        _("regla"),
        max_length=30,
        help_text=_("La regla del catálogo que fija la mayoría requerida."),
    )
    citation = models.CharField(_("cita"), max_length=80, help_text=_("La cita del texto de esa regla."))
    required = models.PositiveSmallIntegerField(
        _("votos requeridos"),
        help_text=_("Votos a favor necesarios para que la moción prevalezca."),
    )
    yes = models.PositiveSmallIntegerField(_("a favor"), help_text=_("Votos a favor."))
    no = models.PositiveSmallIntegerField(_("en contra"), help_text=_("Votos en contra."))
    abstain = models.PositiveSmallIntegerField(_("abstenciones"), help_text=_("Abstenciones."))
    absent = models.PositiveSmallIntegerField(_("ausentes"), help_text=_("Miembros ausentes."))
    recused = models.PositiveSmallIntegerField(_("inhibidos"), help_text=_("Miembros inhibidos."))
    carried = models.BooleanField(_("prevaleció"), help_text=_("Si la moción prevaleció según el reglamento."))
    explanation = models.TextField(
        _("explicación"),
        help_text=_("Cómo se contó la votación, según el reglamento."),
    )

    class Meta:
        verbose_name = _("votación nominal")
        verbose_name_plural = _("votaciones nominales")


class Ballot(models.Model):
    """One member's vote in a roll call. Append-only."""

    class Vote(models.TextChoices):
        YES = "yes", _("A favor")
        NO = "no", _("En contra")
        ABSTAIN = "abstain", _("Abstención")
        ABSENT = "absent", _("Ausente")
        RECUSED = "recused", _("Inhibido")

    roll_call = foreign_key(RollCall, "ballots", _("votación"), _("La votación a la que pertenece el voto."))
    person = foreign_key(Person, "+", _("miembro"), _("El miembro que vota."))
    vote = models.CharField(_("voto"), max_length=10, choices=Vote.choices, help_text=_("El sentido del voto."))

    class Meta:
        verbose_name = _("voto")
        verbose_name_plural = _("votos")
        constraints = [models.UniqueConstraint(fields=["roll_call", "person"], name="ballot_unique_member")]


class MemberVote(models.Model):
    """A member's own vote on a motion still to be put to the roll call, recorded by the member
    (where the rulebook allows it: ``ventila.rules.votes.member_may_record_own_vote``, decision 11).

    Append-only (the database refuses UPDATE and DELETE, migration ``cases.0008``) and chained in the
    audit record with the member's account as actor. A member who changes his mind records a new
    vote; the latest one recorded since the act was last decided is his vote. The secretary keeps the
    roll call: the act's form shows each member's own vote as his ballot, and the roll call she
    records is what the act carries (:class:`RollCall`, :class:`Ballot`)."""

    class Vote(models.TextChoices):
        YES = "yes", _("A favor")
        NO = "no", _("En contra")
        ABSTAIN = "abstain", _("Abstención")

    case = foreign_key(Case, "member_votes", _("expediente"), _("El expediente en que se vota."))
    event_type = models.CharField(
        _("acto votado"),
        max_length=60,
        help_text=_(
            "El acto que la votación decide, del vocabulario del reglamento (por ejemplo «determination_made»)."
        ),
    )
    person = foreign_key(Person, "+", _("miembro"), _("El miembro que vota."))
    vote = models.CharField(_("voto"), max_length=10, choices=Vote.choices, help_text=_("El sentido del voto."))
    recorded_by = foreign_key(
        settings.AUTH_USER_MODEL, "+", _("anotado por"), _("La cuenta del miembro que anotó su voto.")
    )
    recorded_at = models.DateTimeField(_("anotado"), help_text=_("Cuándo se anotó el voto."))

    class Meta:
        verbose_name = _("voto propio de un miembro")
        verbose_name_plural = _("votos propios de los miembros")
        ordering = ["recorded_at", "id"]
        indexes = [models.Index(fields=["case", "event_type", "recorded_at"])]

    def __str__(self) -> str:
        return f"{self.case_id} {self.event_type} — {self.person_id}: {self.vote}"


# -- derived rows: rebuilt from the docket in the same transaction as each new entry ------------


class CaseDeadline(models.Model):
    """A term that applies to a case, as the rulebook computed it at the last evaluation."""

    case = foreign_key(Case, "deadlines", _("expediente"), _("El expediente del término."), on_delete=models.CASCADE)
    position = models.PositiveSmallIntegerField(help_text=_("Orden del término en la evaluación."))
    deadline_id = models.CharField(
        _("término"),
        max_length=60,
        help_text=_("Identificador público del término, por ejemplo «answer»."),
    )
    rule_id = models.CharField(_("regla"), max_length=30, help_text=_("La regla del catálogo que fija el término."))
    citation = models.CharField(_("cita"), max_length=80, help_text=_("La cita del texto que fija el término."))
    quote = models.TextField(_("texto"), help_text=_("Las palabras del texto que fijan el término."))
    summary = models.TextField(_("resumen"), help_text=_("Lo que la regla dispone, en breve."))
    term = models.CharField(_("plazo"), max_length=60, help_text=_("El plazo, por ejemplo «15 días laborables»."))
    trigger = models.CharField(_("desde"), max_length=60, help_text=_("El acto desde el que corre el término."))
    due = models.DateField(_("vence"), help_text=_("El último día del término."))
    due_at = models.DateTimeField(
        _("vence a las"),
        null=True,
        blank=True,
        help_text=_("Para los términos en horas: el instante en que vence."),
    )
    status = models.CharField(
        _("estado"),
        max_length=12,
        help_text=_(
            "open (abierto), met (cumplido), missed (vencido) o suspended (suspendido), según la última evaluación."
        ),
    )
    satisfied_by = models.CharField(
        _("cumplido con"),
        max_length=60,
        blank=True,
        help_text=_("El acto que cumplió el término."),
    )
    satisfied_on = models.DateField(
        _("cumplido el"),
        null=True,
        blank=True,
        help_text=_("El día del acto que cumplió el término."),
    )
    fatal = models.BooleanField(
        _("fatal"),
        default=False,
        help_text=_("Si el término es de cumplimiento estricto (jurisdiccional o fatal)."),
    )
    trace = models.TextField(
        _("cómputo"),
        help_text=_("El cómputo paso a paso: desde cuándo corre, qué días no cuentan y por qué."),
    )
    moved_from = models.DateField(
        _("vencía sin la suspensión"),
        null=True,
        blank=True,
        help_text=_("El vencimiento que tendría el término sin las suspensiones del expediente (Sec. 23, ¶28)."),
    )
    moved_reason = models.CharField(
        _("motivo del cambio"),
        max_length=300,
        blank=True,
        help_text=_("Por qué se movió el vencimiento: la suspensión y su motivo."),
    )

    class Meta:
        verbose_name = _("término del caso")
        verbose_name_plural = _("términos del caso")
        ordering = ["case", "position"]
        # The calendar feed's window: terms by their last day (ventila.documents.calendars).
        indexes = [models.Index(fields=["due", "case"], name="casedeadline_due")]

    @property
    def is_open(self) -> bool:
        return self.satisfied_on is None and self.status in ("open", "missed", "suspended")

    def trace_lines(self) -> list[str]:
        """The trace's lines as HTML in the active language (a trace stored before traces were
        messages: its Spanish lines)."""
        messages = decode_messages(self.trace)
        if messages is None:
            return self.trace.splitlines()
        return [render_message(m) for m in messages]

    def term_label(self) -> str:
        """``term`` («15 días laborables») in the active language."""
        return term_label(self.term)

    def trace_es(self) -> str:
        """The trace as the Spanish text the engine prints, one step a line."""
        messages = decode_messages(self.trace)
        return self.trace if messages is None else "\n".join(spanish_text(m) for m in messages)


class CaseFinding(models.Model):
    """Something the docket's facts violate or call for, as the rulebook found it."""

    case = foreign_key(Case, "findings", _("expediente"), _("El expediente del hallazgo."), on_delete=models.CASCADE)
    finding_id = models.CharField(_("hallazgo"), max_length=60, help_text=_("Identificador público del hallazgo."))
    rule_id = models.CharField(_("regla"), max_length=30, help_text=_("La regla del catálogo en que se funda."))
    citation = models.CharField(_("cita"), max_length=80, help_text=_("La cita del texto."))
    message = models.TextField(_("mensaje"), help_text=_("El hallazgo explicado en español."))

    class Meta:
        verbose_name = _("hallazgo")
        verbose_name_plural = _("hallazgos")
        ordering = ["case", "id"]

    def message_html(self) -> SafeString:
        """The message in the active language (a rulebook's catalogue message; else as stored), as HTML."""
        # Escaped, or rendered from an escaped template and escaped values (rule_messages).
        return mark_safe(stored_text(self.message))  # nosec B308 B703

    def message_es(self) -> str:
        """The message as the Spanish text the engine wrote."""
        return stored_text_es(self.message)


class CaseExclusion(models.Model):
    """A member of the body who may not see or vote on this case: a party to it, or recused."""

    class Reason(models.TextChoices):
        PARTY = "party", _("Es parte del caso (Sec. 8)")
        RECUSED = "recused", _("Inhibido (Sec. 9)")
        WITNESS = "witness", _("Citado como testigo en el caso (Sec. 8)")

    case = foreign_key(Case, "exclusions", _("expediente"), _("El expediente."), on_delete=models.CASCADE)
    person = foreign_key(Person, "+", _("persona"), _("El miembro excluido."), on_delete=models.CASCADE)
    reason = models.CharField(
        _("motivo"), max_length=10, choices=Reason.choices, help_text=_("Por qué queda excluido.")
    )

    class Meta:
        verbose_name = _("exclusión")
        verbose_name_plural = _("exclusiones")
        indexes = [models.Index(fields=["person", "case"])]


class CaseSubstitute(models.Model):
    """A substitute member pro tempore appointed for this case (Secs. 8–9)."""

    case = foreign_key(
        Case, "substitutes", _("expediente"), _("El expediente para el que se nombró."), on_delete=models.CASCADE
    )
    person = foreign_key(
        Person, "+", _("sustituto"), _("El miembro sustituto (pro tempore)."), on_delete=models.CASCADE
    )
    replaces = foreign_key(
        Person,
        "+",
        _("sustituye a"),
        _("El miembro a quien sustituye en este caso."),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
    )
    appointed_on = models.DateField(_("nombrado el"), help_text=_("El día del nombramiento."))

    class Meta:
        verbose_name = _("miembro sustituto")
        verbose_name_plural = _("miembros sustitutos")
        indexes = [models.Index(fields=["person", "case"])]


class ImportedRow(models.Model):
    """A row of a predecessor body's records already imported: makes the import idempotent."""

    source = models.CharField(
        _("origen"),
        max_length=120,
        help_text=_("El nombre del registro importado (por ejemplo el del archivo)."),
    )
    key = models.CharField(
        _("clave"),
        max_length=200,
        help_text=_("La clave de la fila en su origen: número de caso y de anotación."),
    )
    case = foreign_key(Case, "+", _("expediente"), _("El expediente creado o completado con la fila."))
    entry = foreign_key(DocketEntry, "+", _("anotación"), _("La anotación creada con la fila."), null=True, blank=True)
    imported_at = models.DateTimeField(_("importado"), auto_now_add=True, help_text=_("Cuándo se importó."))

    class Meta:
        verbose_name = _("fila importada")
        verbose_name_plural = _("filas importadas")
        constraints = [models.UniqueConstraint(fields=["source", "key"], name="importedrow_unique")]


def requested_report_path(instance: RequestedReport, filename: str) -> str:
    return f"requested-reports/{instance.sha256[:2]}/{instance.sha256}"


class RequestedReport(Upload):
    """The financial report an access request (Sec. 17) asks to inspect, as the Commission received
    its copy: kept sealed on the request's case and shown only once the Code allows access (CAM-17-01,
    CAM-17-05), through :func:`ventila.cases.access.access_requested_report`, which logs every view in
    the access chain. Recorded once; never changed or removed (a wrong copy is replaced by a new one,
    the latest counts)."""

    case = foreign_key(Case, "requested_reports", _("expediente"), _("La solicitud de acceso cuyo informe es."))
    file = models.FileField(
        _("archivo"),
        upload_to=requested_report_path,
        max_length=300,
        help_text=_("La copia del informe, guardada bajo su huella; nunca se sirve antes de que proceda el acceso."),
    )
    covers_year = models.PositiveSmallIntegerField(
        _("año que cubre"), null=True, blank=True, help_text=_("El año natural que cubre el informe, si consta.")
    )
    recorded_by = foreign_key(settings.AUTH_USER_MODEL, "+", _("anotado por"), _("Quién guardó la copia del informe."))
    recorded_at = models.DateTimeField(_("anotado el"), help_text=_("Cuándo se guardó."))

    class Meta:
        verbose_name = _("informe solicitado")
        verbose_name_plural = _("informes solicitados")
        ordering = ["case", "id"]

    def __str__(self) -> str:
        return self.filename
