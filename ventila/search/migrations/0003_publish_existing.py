"""Writes the public record's rows of the matters already final (issue 30), with the app's own code (the
redaction is not something a historical model can repeat): what ``ventila publicar`` does. A database
without cases skips it."""

from django.db import migrations


def forwards(apps, schema_editor):
    if not apps.get_model("cases", "Case").objects.exists():
        return
    from ventila.search.public import rebuild

    rebuild()


class Migration(migrations.Migration):
    dependencies = [("search", "0002_published_matter")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
