"""On an install that already has a docket, seal every existing entry into the chain, in order."""

from django.db import migrations


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    from ventila.audit import chain

    DocketEntry = apps.get_model("cases", "DocketEntry")
    for entry in DocketEntry.objects.order_by("pk").iterator():
        chain.append("docket_entry", entry)


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial"), ("cases", "0002_append_only_docket")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
