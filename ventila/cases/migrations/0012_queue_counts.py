"""The work queue's counts kept per body and turn (issue 30, item 5): ``Case.turn`` (whose move, derived with the
other fields), the ``QueueCount`` table and the triggers on the cases table that keep it
(:mod:`ventila.cases.queue_counts`). The cases already stored get their turn from their stored derived fields and
the documents issued on their docket, then the counts are filled once, before the triggers take over."""

import django.db.models.deletion
from django.db import migrations, models

from ventila.cases import queue_counts


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    queue_counts.refill(apps.get_model("cases", "Case"), apps.get_model("cases", "DocketEntry"))
    queue_counts.recount(apps.get_model("cases", "Case"), apps.get_model("cases", "QueueCount"))
    queue_counts.install(schema_editor)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    queue_counts.uninstall(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("bodies", "0007_person_hr_number"),
        ("cases", "0011_case_final_report_sent"),
    ]

    operations = [
        migrations.AddField(
            model_name="case",
            name="turn",
            field=models.CharField(
                blank=True,
                default="",
                editable=False,
                help_text="De quién es el próximo paso según el término más cercano, derivado con lo demás; la base de datos lleva con él los totales de la cola de trabajo por cuerpo.",
                max_length=8,
                verbose_name="a quién le toca",
            ),
        ),
        migrations.CreateModel(
            name="QueueCount",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("turn", models.CharField(blank=True, max_length=8, verbose_name="a quién le toca")),
                (
                    "due",
                    models.DateField(
                        help_text="El vencimiento de los términos de otro que se cuentan en esta fila.",
                        verbose_name="vencimiento",
                    ),
                ),
                ("n", models.IntegerField(default=0, verbose_name="expedientes")),
                (
                    "body",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="bodies.body",
                        verbose_name="cuerpo",
                    ),
                ),
            ],
            options={
                "verbose_name": "total de la cola",
                "verbose_name_plural": "totales de la cola",
                "constraints": [models.UniqueConstraint(fields=("body", "turn", "due"), name="queuecount_unique")],
            },
        ),
        migrations.RunPython(forwards, backwards),
    ]
