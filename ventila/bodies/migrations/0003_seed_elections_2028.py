"""Seed the election days (Código Electoral de Puerto Rico 2020): the primaries on the first Sunday
of June and the general election on the first Tuesday after the first Monday of November — 2028,
and 2024 (past, kept so that the general-election holiday of 2024 still counts once the table is no
longer empty and replaces the rulebooks' own dates). Staff manage them on each body's calendar page."""

import datetime as dt

from django.db import migrations

ELECTIONS_2028 = (
    ("primary", dt.date(2024, 6, 2)),
    ("general", dt.date(2024, 11, 5)),
    ("primary", dt.date(2028, 6, 4)),
    ("general", dt.date(2028, 11, 7)),
)


def seed(apps, schema_editor):
    ElectionDay = apps.get_model("bodies", "ElectionDay")
    for kind, day in ELECTIONS_2028:
        ElectionDay.objects.get_or_create(day=day, defaults={"kind": kind})


def unseed(apps, schema_editor):
    ElectionDay = apps.get_model("bodies", "ElectionDay")
    for kind, day in ELECTIONS_2028:
        ElectionDay.objects.filter(day=day, kind=kind).delete()


class Migration(migrations.Migration):
    dependencies = [("bodies", "0002_per_diem_ledger")]
    operations = [migrations.RunPython(seed, unseed)]
