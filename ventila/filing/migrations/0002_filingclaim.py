import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("filing", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="FilingClaim",
            fields=[
                (
                    "id",
                    models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
                ),
                (
                    "draft",
                    models.CharField(
                        help_text="El identificador del borrador que se está presentando.",
                        max_length=64,
                        unique=True,
                        verbose_name="borrador",
                    ),
                ),
                (
                    "claimed_at",
                    models.DateTimeField(help_text="Cuándo empezó su presentación.", verbose_name="reclamado"),
                ),
                (
                    "filing",
                    models.OneToOneField(
                        blank=True,
                        help_text="La presentación que abrió, cuando terminó.",
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="claim",
                        to="filing.filing",
                        verbose_name="presentación",
                    ),
                ),
            ],
            options={
                "verbose_name": "presentación en curso",
                "verbose_name_plural": "presentaciones en curso",
            },
        ),
    ]
