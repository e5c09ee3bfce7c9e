"""A case stores until when its derived rows hold (``rederive_at``), the configuration version they
were derived with and a digest of them, instead of the day of its last evaluation (issue 14, item 2).

The existing rows need no data step: their ``config_version`` is 0 and every body's starts at 1 (bodies
0005), so every existing case is stale until re-derived — on its first read or act, by the worker, or
all at once with ``ventila rederive``; their empty digest makes that first refresh compare every row."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("bodies", "0005_body_config_version"),
        ("cases", "0006_calendar_window_indexes"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="case",
            name="evaluated_on",
        ),
        migrations.AddField(
            model_name="case",
            name="config_version",
            field=models.PositiveIntegerField(
                default=0,
                help_text="La versión de la configuración del cuerpo (cierres, elecciones, miembros) con que se derivó el caso; si el cuerpo tiene una más reciente, el caso se recalcula.",
                verbose_name="versión de la configuración",
            ),
        ),
        migrations.AddField(
            model_name="case",
            name="derived_digest",
            field=models.CharField(
                blank=True,
                default="",
                help_text="Huella de los términos, hallazgos, exclusiones y sustitutos derivados; si una nueva evaluación da la misma, esas filas no se leen ni se escriben.",
                max_length=80,
                verbose_name="huella de lo derivado",
            ),
        ),
        migrations.AddField(
            model_name="case",
            name="rederive_at",
            field=models.DateTimeField(
                blank=True,
                help_text="El primer momento en que el paso del tiempo puede cambiar lo que el reglamento deriva del expediente (el día después del vencimiento abierto más cercano); en blanco si el tiempo solo no lo cambia.",
                null=True,
                verbose_name="recalcular desde",
            ),
        ),
        migrations.AddIndex(
            model_name="case",
            index=models.Index(fields=["rederive_at"], name="case_rederive_at"),
        ),
    ]
