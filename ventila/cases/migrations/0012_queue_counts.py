"""The work queue's counts kept per body and turn (issue 30, item 5): ``Case.turn`` (whose move, derived with the
other fields), the ``QueueCount`` table and the triggers on the cases table that keep it
(:mod:`ventila.cases.queue_counts`). The cases already stored get their turn from their stored derived fields and
the documents issued on their docket, then the counts are filled once, before the triggers take over."""

import datetime as dt

import django.db.models.deletion
from django.db import migrations, models

from ventila.cases import queue_counts
from ventila.rules import PR_TZ


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    case_model, entry_model = apps.get_model("cases", "Case"), apps.get_model("cases", "DocketEntry")
    issued: dict[int, list[tuple[str, dt.date]]] = {}
    for case_id, payload, at in entry_model.objects.filter(event_type=queue_counts.ISSUED).values_list(
        "case_id", "payload", "occurred_at"
    ):
        issued.setdefault(case_id, []).append((str(payload.get("template", "")), at.astimezone(PR_TZ).date()))
    by_turn: dict[str, list[int]] = {}
    fields = ("status", "allowed_next", "next_due", "next_due_deadline")
    for row in case_model.objects.filter(status="open").values("pk", "body__rulebook", "kind", *fields).iterator():
        turn = queue_counts.turn_of(row["body__rulebook"], row["kind"], row, issued.get(row["pk"], ()))
        by_turn.setdefault(turn, []).append(row["pk"])
    for turn, ids in by_turn.items():
        for i in range(0, len(ids), 5000):
            case_model.objects.filter(pk__in=ids[i : i + 5000]).update(turn=turn)
    queue_counts.recount(case_model, apps.get_model("cases", "QueueCount"))
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
