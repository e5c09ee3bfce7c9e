"""Case numbers in one series per group of kinds (issue 26, finding 10; docs/decisions.md, «Case numbers: one
series per group of kinds»). Every existing case and counter is in the main series (``series = ""``): the numbers
already issued stay as they are, and the main counter goes on from where it stands."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("bodies", "0007_person_hr_number"),
        ("cases", "0009_matters_requested_report"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="case",
            name="case_unique_sequence",
        ),
        migrations.RemoveConstraint(
            model_name="casecounter",
            name="casecounter_unique",
        ),
        migrations.AddField(
            model_name="case",
            name="series",
            field=models.CharField(
                blank=True,
                default="",
                help_text="La serie de números (vacía: la principal, la de las querellas); el reglamento dice qué tipos comparten una.",
                max_length=8,
                verbose_name="serie",
            ),
        ),
        migrations.AddField(
            model_name="casecounter",
            name="series",
            field=models.CharField(
                blank=True,
                default="",
                help_text="La serie de números (vacía: la principal, la de las querellas); el reglamento dice qué tipos comparten una.",
                max_length=8,
                verbose_name="serie",
            ),
        ),
        migrations.AlterField(
            model_name="case",
            name="sequence",
            field=models.PositiveIntegerField(
                help_text="La posición del expediente entre los del mismo cuerpo, año y serie.",
                null=True,
                verbose_name="secuencia",
            ),
        ),
        migrations.AddConstraint(
            model_name="case",
            constraint=models.UniqueConstraint(
                fields=("body", "year", "series", "sequence"), name="case_unique_series_sequence"
            ),
        ),
        migrations.AddConstraint(
            model_name="casecounter",
            constraint=models.UniqueConstraint(fields=("body", "year", "series"), name="casecounter_unique_series"),
        ),
    ]
