"""``ventila demo``: idempotent demo data, built through the same actions as the web app."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from ventila.accounts.models import User
from ventila.bodies.models import Body, Membership, OfficeTerm, Person
from ventila.cases.models import Case, DocketEntry

pytestmark = pytest.mark.django_db


def test_demo_data_is_idempotent_and_realistic(now, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    now.set("2027-06-15 09:00")
    out = io.StringIO()
    call_command("demo", stdout=out)
    printed = out.getvalue()
    for username in ("secretaria", "comisionado", "presidente", "presidencia", "admin"):
        assert username in printed
    counts = (Body.objects.count(), Person.objects.count(), Case.objects.count(), DocketEntry.objects.count(),
              User.objects.count())
    call_command("demo", stdout=io.StringIO())
    assert (Body.objects.count(), Person.objects.count(), Case.objects.count(), DocketEntry.objects.count(),
            User.objects.count()) == counts
    camara = Body.objects.get(slug="etica-camara")
    municipal = Body.objects.get(slug="querellas-municipales")
    assert camara.members_on(now.set("2027-06-15 09:00").date()).count() == 7
    assert Membership.objects.filter(body=municipal).count() == 3
    assert set(OfficeTerm.objects.values_list("role", flat=True)) >= {
        "representative", "officer", "department_head", "employee", "mayor"}
    cases = Case.objects.filter(body=camara)
    assert cases.count() >= 12
    assert len(set(cases.values_list("stage", flat=True))) >= 8
    assert cases.filter(status="open", next_due__isnull=False).count() >= 6
    # Every case is a real docket: numbers gapless, each with its derived terms.
    for year in set(cases.values_list("year", flat=True)):  # per year (the summary demo case is of 2024)
        numbers = sorted(cases.filter(year=year).values_list("sequence", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
    assert all(c.deadlines.exists() for c in cases)
    # The printed password signs in.
    password = next(line.split()[1] for line in printed.splitlines() if line.strip().startswith("secretaria "))
    from django.test import Client

    c = Client()
    assert c.post("/entrar/", {"username": "secretaria", "password": password}).status_code == 302
    # The demo users are pre-enrolled in the second factor; the printed key gives the code (issue 7).
    import segno  # noqa: F401  (installed: the enrolment page draws the QR code)
    from django_otp.oath import totp

    secret = next(line.split(None, 2)[2] for line in printed.splitlines()
                  if line.strip().startswith("totp secretaria "))
    import base64

    key = base64.b32decode(secret.replace(" ", "") + "=" * (-len(secret.replace(" ", "")) % 8))
    r = c.post("/entrar/verificar/", {"code": f"{totp(key):06d}", "next": "/expedientes/"})
    assert r.status_code == 302 and r["Location"] == "/expedientes/"
    assert "CE-2027-0001" in c.get("/expedientes/?status=all").content.decode()
