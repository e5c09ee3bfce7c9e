"""The database refuses UPDATE and DELETE on the docket (entries, attachments, roll calls, votes)."""

from django.db import migrations

from ventila.cases import db_triggers


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    db_triggers.install(schema_editor)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    db_triggers.uninstall(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("cases", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
