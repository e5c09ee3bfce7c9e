"""Each body's configuration version (closures, elections, members): bumped by every change of them,
so that its cases know they are stale (issue 14, item 3)."""

from django.db import migrations, models

import ventila.bodies.models


class Migration(migrations.Migration):
    dependencies = [
        ("bodies", "0004_seed_elections_2032_2036"),
    ]

    operations = [
        migrations.AddField(
            model_name="body",
            name="config_token",
            field=models.CharField(default=ventila.bodies.models._token, editable=False, max_length=32),
        ),
        migrations.AddField(
            model_name="body",
            name="config_version",
            field=models.PositiveIntegerField(
                default=1,
                editable=False,
                help_text="Aumenta con cada cambio de cierres, elecciones o miembros; los casos derivados con una versión anterior se recalculan.",
                verbose_name="versión de la configuración",
            ),
        ),
    ]
