"""Seed the election days of 2032 and 2036 (Código Electoral de Puerto Rico 2020: primaries the first
Sunday of June, the general election the first Tuesday after the first Monday of November), which the
rulebooks list since the legal calendar reaches 2035 (and its computed terms 2037). Once the table is
not empty it replaces the rulebooks' own dates, so without these rows a web case's term running over
2 November 2032 would not skip election day. Each new row gets its first chained version, as the
rows seeded before did (audit 0003)."""

import datetime as dt

from django.db import migrations

ELECTIONS = (
    ("primary", dt.date(2032, 6, 6)),
    ("general", dt.date(2032, 11, 2)),
    ("primary", dt.date(2036, 6, 1)),
    ("general", dt.date(2036, 11, 4)),
)


def seed(apps, schema_editor):  # type: ignore[no-untyped-def]
    from ventila.audit import state

    ElectionDay = apps.get_model("bodies", "ElectionDay")
    for kind, day in ELECTIONS:
        ElectionDay.objects.get_or_create(day=day, defaults={"kind": kind})
    state.record_all("bodies.ElectionDay", ElectionDay)


class Migration(migrations.Migration):
    dependencies = [("bodies", "0003_seed_elections_2028"), ("audit", "0003_state_records")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
