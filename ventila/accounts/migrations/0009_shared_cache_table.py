"""The table of Django's database cache (``ventila_cache``, settings.CACHES when ``VENTILA_CACHE_URL`` is unset):
made by ``migrate`` so that a one-machine install needs no other step (``createcachetable`` does the same)."""

from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations

TABLE = "ventila_cache"


def create(apps, schema_editor):
    command = CreateCacheTable()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, TABLE, False)


def drop(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0008_proposal")]
    operations = [migrations.RunPython(create, drop, elidable=False)]
