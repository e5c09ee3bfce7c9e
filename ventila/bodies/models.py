"""Bodies (the two Commissions), the people the app knows, their offices, the members of each
body over time, and the calendar facts staff declare (closure days, election days)."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ventila.fields import foreign_key, one_to_one
from ventila.rules import RULEBOOKS


def _token() -> str:
    return uuid.uuid4().hex


def rulebook_choices() -> list[tuple[str, str]]:
    return [(rb.id, rb.title) for rb in RULEBOOKS.values()]


class BodyQuerySet(models.QuerySet["Body"]):
    def public(self) -> BodyQuerySet:
        """The bodies the public pages show: approved by two administrators and active
        (docs/permissions.md, «Cuerpos y funciones: dos personas»)."""
        return self.filter(approved=True, active=True)


class Body(models.Model):
    """An ethics body: its name, the rulebook that governs it and its seats.

    A body is created, renamed, deactivated or reactivated only by a proposal of one administrator
    approved by another (:mod:`ventila.accounts.proposals`); until then it is not ``approved`` and no
    public page shows it."""

    objects = BodyQuerySet.as_manager()

    slug = models.SlugField(
        _("identificador"),
        unique=True,
        help_text=_(
            "Identificador corto y estable del cuerpo, usado en las direcciones web, por ejemplo «etica-camara»."
        ),
    )
    name = models.CharField(
        _("nombre"),
        max_length=200,
        help_text=_("Nombre oficial del cuerpo, tal como aparece en los documentos que expide."),
    )
    short_name = models.CharField(
        _("nombre corto"),
        max_length=80,
        help_text=_("Nombre abreviado que se muestra en listas y filtros."),
    )
    rulebook = models.CharField(
        _("reglamento"),
        max_length=40,
        choices=rulebook_choices,
        help_text=_("El reglamento (la ley como código) que rige los términos y actos de los casos de este cuerpo."),
    )
    case_prefix = models.CharField(
        _("prefijo de expedientes"),
        max_length=10,
        unique=True,
        help_text=_("Prefijo del número de expediente: «CE» produce CE-2027-0001."),
    )
    seats = models.PositiveSmallIntegerField(
        _("escaños"),
        help_text=_("Número de escaños que la ley asigna al cuerpo; es la base de sus votaciones."),
    )
    approved = models.BooleanField(
        _("aprobado"),
        default=False,
        editable=False,
        help_text=_(
            "Lo propuso un administrador y lo aprobó otro; solo los cuerpos aprobados y activos aparecen en las "
            "páginas públicas."
        ),
    )
    active = models.BooleanField(
        _("activo"),
        default=True,
        editable=False,
        help_text=_("Un cuerpo inactivo no aparece en las páginas públicas ni recibe querellas por internet."),
    )
    # Not in the audit chain's columns (``BodiesConfig.ready``): a counter, not a fact of the body.
    # ``config_token`` changes with it, so that (id, version, token) names one configuration for good
    # (a process caches the calendar and the members under it: ``ventila.cases.queries.body_config``).
    config_token = models.CharField(max_length=32, default=_token, editable=False)
    config_version = models.PositiveIntegerField(
        _("versión de la configuración"),
        default=1,
        editable=False,
        help_text=_(
            "Aumenta con cada cambio de cierres, elecciones o miembros; los casos derivados con una versión "
            "anterior se recalculan."
        ),
    )

    class Meta:
        verbose_name = _("cuerpo")
        verbose_name_plural = _("cuerpos")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.short_name

    def members_on(self, day: dt.date) -> models.QuerySet[Membership]:
        """The memberships in force on ``day`` (the members "en propiedad")."""
        return (
            self.memberships.filter(in_force_on(day))
            .select_related("person")
            .order_by("position_order", "person__family_name", "person__given_name")
        )


def in_force_on(day: dt.date) -> Q:
    """The rows with a ``start`` and an ``end`` (an office, a membership) in force on ``day``: begun by
    it and not ended before it."""
    return Q(start__lte=day) & (Q(end__isnull=True) | Q(end__gte=day))


def offices_held_on(day: dt.date, roles: Iterable[str]) -> models.QuerySet[OfficeTerm]:
    """The register's offices of ``roles`` held on ``day``, with their person, by the person's name."""
    return (
        OfficeTerm.objects.filter(in_force_on(day), role__in=list(roles))
        .select_related("person")
        .order_by("person__family_name", "person__given_name", "pk")
    )


class Person(models.Model):
    """Someone the app knows: a Representative, an officer, a department head, an employee, a
    mayor, a commissioner or a complainant. All demo people are fictitious."""

    given_name = models.CharField(
        _("nombre"),
        max_length=120,
        help_text=_("Nombre o nombres de pila de la persona."),
    )
    family_name = models.CharField(
        _("apellidos"),
        max_length=160,
        help_text=_("Apellido paterno y, si lo usa, materno."),
    )
    email = models.EmailField(
        _("correo electrónico"),
        blank=True,
        help_text=_("Dirección de correo electrónico para notificaciones; puede quedar en blanco."),
    )
    hr_number = models.CharField(
        _("número de empleado"),
        max_length=40,
        blank=True,
        db_index=True,
        help_text=_(
            "El número con que la Oficina de Recursos Humanos de la Cámara identifica a la persona; una "
            "importación del registro reconoce por él a quien ya consta."
        ),
    )

    class Meta:
        verbose_name = _("persona")
        verbose_name_plural = _("personas")
        ordering = ["family_name", "given_name"]

    def __str__(self) -> str:
        return f"{self.given_name} {self.family_name}"

    @property
    def full_name(self) -> str:
        return str(self)

    def office_on(self, day: dt.date) -> OfficeTerm | None:
        return self.offices.filter(in_force_on(day)).order_by("-start").first()


class OfficeTerm(models.Model):
    """A term of office held by a person: the role the rulebooks know them by, and its dates."""

    class Role(models.TextChoices):
        REPRESENTATIVE = "representative", _("Representante")
        OFFICER = "officer", _("Funcionario de la Cámara")
        DEPARTMENT_HEAD = "department_head", _("Jefe de dependencia")
        EMPLOYEE = "employee", _("Empleado")
        MAYOR = "mayor", _("Alcalde")

    person = foreign_key(Person, "offices", _("persona"), _("La persona que ocupa el cargo."))
    role = models.CharField(
        _("función"),
        max_length=20,
        choices=Role.choices,
        help_text=_(
            "La categoría del cargo según el reglamento; decide qué sanciones caben y a dónde va el Informe Final."
        ),
    )
    title = models.CharField(
        _("cargo"),
        max_length=200,
        help_text=_("El título del cargo, por ejemplo «Representante del Distrito 12» o «Sargento de Armas»."),
    )
    municipality = models.CharField(
        _("municipio"),
        max_length=80,
        blank=True,
        help_text=_("Municipio del cargo, para alcaldes; en blanco para los demás cargos."),
    )
    start = models.DateField(_("desde"), help_text=_("Primer día en el cargo."))
    end = models.DateField(
        _("hasta"),
        null=True,
        blank=True,
        help_text=_("Último día en el cargo; en blanco mientras lo ocupa."),
    )

    class Meta:
        verbose_name = _("cargo ocupado")
        verbose_name_plural = _("cargos ocupados")
        ordering = ["person__family_name", "-start"]
        indexes = [models.Index(fields=["role", "start"])]

    def __str__(self) -> str:
        return f"{self.person} — {self.title}"

    def held_on(self, day: dt.date) -> bool:
        """Whether this office is held on ``day``: :func:`in_force_on` for an office already read."""
        return self.start <= day and (self.end is None or self.end >= day)


class Membership(models.Model):
    """A person's seat on a body, and any office they hold in it, over a span of time."""

    class Position(models.TextChoices):
        PRESIDENT = "president", _("Presidente")
        VICE_PRESIDENT = "vice_president", _("Vicepresidente")
        SECRETARY = "secretary", _("Secretario")
        MINORITY_SPOKESPERSON = "minority_spokesperson", _("Portavoz de las minorías")
        MEMBER = "member", _("Miembro")
        ASSOCIATE = "associate", _("Comisionado asociado")

    ORDER = {p: i for i, p in enumerate(Position.values)}

    body = foreign_key(Body, "memberships", _("cuerpo"), _("El cuerpo del que la persona es miembro."))
    person = foreign_key(Person, "memberships", _("persona"), _("El miembro."))
    position = models.CharField(
        _("puesto"),
        max_length=30,
        choices=Position.choices,
        default=Position.MEMBER,
        help_text=_("El puesto que ocupa en el cuerpo; el presidente dirige los procedimientos."),
    )
    position_order = models.PositiveSmallIntegerField(
        default=99,
        editable=False,
        help_text=_("Orden de precedencia del puesto, derivado del puesto, para listar a los miembros."),
    )
    start = models.DateField(_("desde"), help_text=_("Primer día como miembro."))
    end = models.DateField(
        _("hasta"),
        null=True,
        blank=True,
        help_text=_("Último día como miembro; en blanco mientras lo sea."),
    )

    class Meta:
        verbose_name = _("miembro")
        verbose_name_plural = _("miembros")
        ordering = ["body", "position_order", "person__family_name"]

    def __str__(self) -> str:
        return f"{self.person} ({self.get_position_display()}, {self.body})"

    def save(self, *args: object, **kwargs: object) -> None:
        self.position_order = self.ORDER.get(self.position, 99)
        super().save(*args, **kwargs)


class Closure(models.Model):
    """A day the body's offices were closed (hurricane, executive order): it counts like a holiday."""

    body = foreign_key(Body, "closures", _("cuerpo"), _("El cuerpo cuyas oficinas cerraron ese día."))
    day = models.DateField(_("día"), help_text=_("El día de cierre; no cuenta como día laborable en ningún término."))
    reason = models.CharField(
        _("motivo"),
        max_length=200,
        help_text=_("Por qué cerraron las oficinas, por ejemplo «Orden Ejecutiva OE-2027-041 (huracán)»."),
    )
    created_by = foreign_key(
        "accounts.User", "+", _("anotado por"), _("Quién declaró el cierre en el sistema."), null=True, blank=True
    )

    class Meta:
        verbose_name = _("día de cierre")
        verbose_name_plural = _("días de cierre")
        ordering = ["day"]
        constraints = [models.UniqueConstraint(fields=["body", "day"], name="closure_unique_day")]

    def __str__(self) -> str:
        return f"{self.day.isoformat()} — {self.reason}"


class ElectionDay(models.Model):
    """A general or primary election date; it feeds Sec. 24's summary procedure and blackout.

    When the table holds no election, each rulebook's own configured dates are used.
    """

    class Kind(models.TextChoices):
        GENERAL = "general", _("Elecciones generales")
        PRIMARY = "primary", _("Primarias")

    kind = models.CharField(
        _("tipo"),
        max_length=10,
        choices=Kind.choices,
        help_text=_("Elecciones generales (día feriado) o primarias."),
    )
    day = models.DateField(_("día"), unique=True, help_text=_("El día de la elección."))

    class Meta:
        verbose_name = _("día de elecciones")
        verbose_name_plural = _("días de elecciones")
        ordering = ["day"]

    def __str__(self) -> str:
        return f"{self.day.isoformat()} ({self.get_kind_display()})"


class Meeting(models.Model):
    """A meeting a commissioner attended on official business: it earns the per diem (¶4, MUN-DIE-02)."""

    body = foreign_key(Body, "meetings", _("cuerpo"), _("El cuerpo que se reunió."))
    person = foreign_key(Person, "meetings", _("comisionado"), _("El comisionado que asistió."))
    day = models.DateField(_("día"), help_text=_("El día de la reunión."))
    description = models.CharField(
        _("descripción"),
        max_length=200,
        blank=True,
        help_text=_("Qué gestiones oficiales se realizaron, por ejemplo «Vista del caso CVQM-2027-0003»."),
    )
    official_business = models.BooleanField(
        _("gestiones oficiales"),
        default=True,
        help_text=_("Solo las reuniones en que se realizan gestiones de los deberes de la ley generan dieta (¶4)."),
    )
    recorded_by = foreign_key(
        "accounts.User", "+", _("anotado por"), _("Quién anotó la reunión."), null=True, blank=True
    )

    class Meta:
        verbose_name = _("reunión")
        verbose_name_plural = _("reuniones")
        ordering = ["day", "id"]
        indexes = [models.Index(fields=["body", "day"])]

    def __str__(self) -> str:
        return f"{self.day.isoformat()} — {self.person}"


class ExpenseClaim(models.Model):
    """A necessary expense a commissioner incurred in official duties, to be reimbursed (¶4, MUN-DIE-03)."""

    body = foreign_key(Body, "expense_claims", _("cuerpo"), _("El cuerpo que reembolsa."))
    person = foreign_key(Person, "expense_claims", _("comisionado"), _("El comisionado que incurrió el gasto."))
    day = models.DateField(_("día"), help_text=_("El día del gasto."))
    amount = models.DecimalField(
        _("cantidad"),
        max_digits=9,
        decimal_places=2,
        help_text=_("La cantidad en dólares."),
    )
    description = models.CharField(
        _("descripción"),
        max_length=200,
        help_text=_("Qué se gastó y para qué deber oficial."),
    )
    recorded_by = foreign_key("accounts.User", "+", _("anotado por"), _("Quién anotó el gasto."), null=True, blank=True)

    class Meta:
        verbose_name = _("gasto reembolsable")
        verbose_name_plural = _("gastos reembolsables")
        ordering = ["day", "id"]
        indexes = [models.Index(fields=["body", "day"])]

    def __str__(self) -> str:
        return f"{self.day.isoformat()} — {self.person}: {self.amount}"


class LedgerReversal(models.Model):
    """The reversal of a meeting's per diem or of an expense claim in the per-diem ledger (¶4): a new
    record with its reason, never a change or a deletion of the reversed one. The monthly statement
    shows the reversed item and, after it, the same amount taken back. Each reversal is chained in the
    audit record when it is written (``ventila.cases.procedures.do_reverse_ledger_item``)."""

    body = foreign_key(Body, "ledger_reversals", _("cuerpo"), _("El cuerpo cuyo libro de dietas se corrige."))
    meeting = one_to_one(
        Meeting,
        "reversal",
        _("reunión anulada"),
        _("La reunión cuya dieta se anula (vacío si se anula un gasto)."),
        null=True,
        blank=True,
    )
    expense = one_to_one(
        ExpenseClaim,
        "reversal",
        _("gasto anulado"),
        _("El gasto cuyo reembolso se anula (vacío si se anula una reunión)."),
        null=True,
        blank=True,
    )
    reason = models.TextField(
        _("motivo"),
        max_length=500,
        help_text=_("Por qué se anula la partida, por ejemplo «reunión anotada dos veces»."),
    )
    recorded_by = foreign_key("accounts.User", "+", _("anotado por"), _("Quién anotó la anulación."))
    recorded_at = models.DateTimeField(_("anotado"), help_text=_("Cuándo se anotó la anulación."))

    class Meta:
        verbose_name = _("anulación de una partida de dietas")
        verbose_name_plural = _("anulaciones de partidas de dietas")
        ordering = ["recorded_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(meeting__isnull=False, expense__isnull=True)
                | Q(meeting__isnull=True, expense__isnull=False),
                name="ledgerreversal_one_item",
            )
        ]

    def __str__(self) -> str:
        return f"{self.meeting or self.expense}: {self.reason}"


def bump_config_version(body_ids: list[int] | None) -> None:
    """A configuration change: the cases of these bodies (all bodies: None) are stale until
    re-derived. ``config_version`` is not a column the audit chain keeps, so no version is due."""
    qs = Body.objects.all() if body_ids is None else Body.objects.filter(pk__in=body_ids)
    qs.update(config_version=models.F("config_version") + 1, config_token=_token())


def config_changed(sender: type[models.Model], instance: models.Model, raw: bool = False, **kwargs: object) -> None:
    """``post_save``/``post_delete`` of a closure, an election day or a membership; ``post_save`` of a
    person (a member's name)."""
    if raw:  # loaddata (a restore): the bodies come with their own versions
        return
    if isinstance(instance, Person):  # a member's name: Sec. 8 matches witnesses by it
        bodies = list(Membership.objects.filter(person_id=instance.pk).values_list("body_id", flat=True).distinct())
        if bodies:
            bump_config_version(bodies)
        return
    body_id = getattr(instance, "body_id", None)
    bump_config_version(None if isinstance(instance, ElectionDay) else [body_id] if body_id else None)
