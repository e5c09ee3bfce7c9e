"""The database refuses changes to issued documents and to the e-mail attempt log."""

from django.db import migrations

from ventila.documents import db_triggers


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    db_triggers.install(schema_editor)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    db_triggers.uninstall(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("documents", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
