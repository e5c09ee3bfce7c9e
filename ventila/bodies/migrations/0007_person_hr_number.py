"""The register of obligated people (Secs. 3, 14): a person's employee number in the House's HR file,
by which an import recognises who is already registered; and the people and their offices kept in the
audit chain from now on — each row that exists gets its first chained version (as audit 0003 did)."""

from django.db import migrations, models


def first_versions(apps, schema_editor):  # type: ignore[no-untyped-def]
    from ventila.audit import state

    state.record_all("bodies.Person", apps.get_model("bodies", "Person"))
    state.record_all("bodies.OfficeTerm", apps.get_model("bodies", "OfficeTerm"))


class Migration(migrations.Migration):
    dependencies = [
        ("bodies", "0006_ledger_reversal"),
        ("audit", "0004_access_chains"),
    ]

    operations = [
        migrations.AddField(
            model_name="person",
            name="hr_number",
            field=models.CharField(
                blank=True,
                db_index=True,
                help_text="El número con que la Oficina de Recursos Humanos de la Cámara identifica a la persona; "
                "una importación del registro reconoce por él a quien ya consta.",
                max_length=40,
                verbose_name="número de empleado",
            ),
        ),
        migrations.RunPython(first_versions, migrations.RunPython.noop),
    ]
