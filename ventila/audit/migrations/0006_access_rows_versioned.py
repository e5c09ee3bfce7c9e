"""Every row that grants or removes access in the chain (issue 26): accounts (their person, flags),
second-factor devices (the SHA-256 of the key) and recovery codes, a case's exclusions and substitutes,
the API's filed cases, the two-person proposals. On an install that already has such rows, each gets
its first version; a body's version is renewed to cover its new columns (approved, active)."""

from django.db import migrations

LABELS = (
    "accounts.User",
    "otp_totp.TOTPDevice",
    "accounts.RecoveryCode",
    "accounts.Proposal",
    "cases.CaseExclusion",
    "cases.CaseSubstitute",
    "api.FiledCase",
)


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    from ventila.audit import state

    for label in LABELS:
        state.record_all(label, apps.get_model(label))
    state.record_changed("bodies.Body", apps.get_model("bodies", "Body"))


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0005_published_heads"),
        ("accounts", "0008_proposal"),
        ("bodies", "0008_body_approved_active"),
        ("cases", "0010_case_number_series_per_kind_group"),
        ("api", "0001_initial"),
        ("otp_totp", "0003_add_timestamps"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
