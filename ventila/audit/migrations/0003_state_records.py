"""Versions of the rows that change (a case's state, parties, the public filing record, follow-up
evidence, bodies, closures, elections, seats, role grants) and the operators' actions, in the chain;
on an install that already has such rows, each gets its first version, in order."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

LABELS = (
    "bodies.Body",
    "bodies.ElectionDay",
    "bodies.Closure",
    "bodies.Membership",
    "accounts.RoleGrant",
    "cases.Case",
    "cases.Party",
    "filing.Filing",
    "filing.Supplement",
)


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    from ventila.audit import state

    for label in LABELS:
        state.record_all(label, apps.get_model(label))


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0002_chain_existing_entries"),
        ("accounts", "0003_recoverycode_signinattempt"),
        ("bodies", "0003_seed_elections_2028"),
        ("cases", "0004_case_sequence_taken_last"),
        ("filing", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="OperatorAction",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("at", models.DateTimeField(help_text="Cuándo se hizo.", verbose_name="cuándo")),
                (
                    "action",
                    models.CharField(
                        help_text="grant-role, revoke-role, reset-password o reset-second-factor.",
                        max_length=40,
                        verbose_name="acción",
                    ),
                ),
                ("target", models.CharField(help_text="El usuario afectado.", max_length=150, verbose_name="cuenta")),
                (
                    "detail",
                    models.CharField(
                        blank=True, help_text="Qué se hizo exactamente.", max_length=300, verbose_name="detalle"
                    ),
                ),
                (
                    "operator",
                    models.CharField(
                        help_text="Quién lo hizo, según declaró al ejecutar la orden.",
                        max_length=150,
                        verbose_name="operador",
                    ),
                ),
                (
                    "approver",
                    models.CharField(
                        help_text="Quién lo aprobó (otra persona que el operador).",
                        max_length=150,
                        verbose_name="segunda persona",
                    ),
                ),
                (
                    "system_user",
                    models.CharField(
                        blank=True,
                        help_text="La cuenta del servidor bajo la que corrió la orden.",
                        max_length=150,
                        verbose_name="usuario del sistema",
                    ),
                ),
                ("reason", models.TextField(help_text="Por qué se hizo.", verbose_name="motivo")),
            ],
            options={
                "verbose_name": "acción de operador",
                "verbose_name_plural": "acciones de operador",
                "ordering": ["at", "id"],
            },
        ),
        migrations.CreateModel(
            name="StateRecord",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        help_text="El modelo del objeto, por ejemplo «cases.Party» o «bodies.Closure».",
                        max_length=60,
                        verbose_name="clase",
                    ),
                ),
                (
                    "object_id",
                    models.CharField(help_text="El identificador del objeto.", max_length=64, verbose_name="objeto"),
                ),
                (
                    "version",
                    models.PositiveIntegerField(
                        help_text="Número de la versión del objeto: 1, 2, 3…", verbose_name="versión"
                    ),
                ),
                (
                    "content",
                    models.JSONField(
                        default=dict,
                        help_text="Las columnas registradas del objeto en esta versión.",
                        verbose_name="contenido",
                    ),
                ),
                (
                    "removed",
                    models.BooleanField(
                        default=False,
                        help_text="Verdadero cuando esta versión registra que el objeto se eliminó.",
                        verbose_name="eliminado",
                    ),
                ),
                (
                    "username",
                    models.CharField(
                        blank=True,
                        help_text="El usuario o el operador (orden del servidor) que hizo el cambio.",
                        max_length=150,
                        verbose_name="quién",
                    ),
                ),
                ("reason", models.TextField(blank=True, help_text="Por qué se hizo el cambio.", verbose_name="motivo")),
                ("at", models.DateTimeField(help_text="Cuándo se registró la versión.", verbose_name="cuándo")),
                (
                    "actor",
                    models.ForeignKey(
                        blank=True,
                        help_text="Quién hizo el cambio en la aplicación, si fue un usuario.",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="usuario",
                    ),
                ),
            ],
            options={
                "verbose_name": "versión registrada",
                "verbose_name_plural": "versiones registradas",
                "ordering": ["kind", "object_id", "version"],
                "constraints": [
                    models.UniqueConstraint(fields=("kind", "object_id", "version"), name="staterecord_version")
                ],
            },
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
