from django.db import migrations, models


class Migration(migrations.Migration):
    """A new case's number and sequence are taken as the last step of the transaction that opens it;
    until then (inside that transaction only) the sequence is null."""

    dependencies = [
        ("cases", "0003_procedures"),
    ]

    operations = [
        migrations.AlterField(
            model_name="case",
            name="sequence",
            field=models.PositiveIntegerField(
                help_text="La posición del expediente entre los del mismo cuerpo y año.",
                null=True,
                verbose_name="secuencia",
            ),
        ),
    ]
