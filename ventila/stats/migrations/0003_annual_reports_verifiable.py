"""Annual reports issued before signing: verifiable by their hash on /verificar/ (unsigned, their bytes kept)."""

import secrets

from django.db import migrations


def backfill(apps, schema_editor):
    AnnualReport = apps.get_model("stats", "AnnualReport")
    SignedFile = apps.get_model("documents", "SignedFile")
    SignedFile.objects.bulk_create(
        SignedFile(
            code=secrets.token_urlsafe(12),
            sha256=r.sha256,
            size=r.size,
            kind="annual_report",
            body_id=r.body_id,
            issued_at=r.issued_at,
            signed=False,
        )
        for r in AnnualReport.objects.order_by("pk").iterator(chunk_size=500)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("stats", "0002_annual_report"),
        ("documents", "0004_signed_files"),
    ]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
