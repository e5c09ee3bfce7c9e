"""The indexes the statistics read through (ventila.stats.queries): docket entries by act and day, and
terms by status and day. Created here, by SQL both databases speak, so that the cases app's models and
migrations stay as they are."""

from django.db import migrations

INDEXES = [
    ("stats_entry_event_day", "cases_docketentry", "event_type, occurred_at, case_id"),
    ("stats_deadline_status_due", "cases_casedeadline", "status, due, case_id"),
]


class Migration(migrations.Migration):
    dependencies = [("cases", "0008_member_vote")]

    operations = [
        migrations.RunSQL(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} ({cols})",
            f"DROP INDEX IF EXISTS {name}",
        )
        for name, table, cols in INDEXES
    ]
