"""A case's flag «the Final Report was sent on» gets a body-neutral name (issue 28): it was spelled as
one rulebook's event. The audit chain keeps the case row's state under its columns' names: the versions
written before keep the old name (their links digest them as they are, so they still verify), and each
case gets a new version under the new name, written by this migration (as audit 0006 did for bodies),
so that every row equals its latest version again."""

from django.db import migrations


def new_versions(apps, schema_editor):  # type: ignore[no-untyped-def]
    from ventila.audit import state

    state.record_changed("cases.Case", apps.get_model("cases", "Case"))


class Migration(migrations.Migration):
    dependencies = [
        ("cases", "0010_case_number_series_per_kind_group"),
        ("audit", "0006_access_rows_versioned"),
    ]

    operations = [
        migrations.RenameField(model_name="case", old_name="report_referred", new_name="final_report_sent"),
        migrations.RunPython(new_versions, migrations.RunPython.noop),
    ]
