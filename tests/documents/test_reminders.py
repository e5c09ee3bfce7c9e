"""The daily reminder sweep: terms due soon and missed, most urgent first, fatal terms called out."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from factories import file_complaint, past_the_hearing, record

from ventila.documents.models import ReminderLog

pytestmark = pytest.mark.django_db


def _emails(world):
    for name in ("secretaria", "comisionado", "ajeno", "secretaria_municipal"):
        u = world.users[name]
        u.email = f"{name}@example.org"
        u.save(update_fields=["email"])


def test_sweep_mails_each_user_their_terms_most_urgent_first_with_fatal_terms_called_out(world, now, smtp):
    _emails(world)
    late = file_complaint(world)  # notified Mar 3; answer due Thu Mar 25 (15 business days, Mar 22 a holiday)
    now.set("2027-03-03 18:00")
    record(world, late, "respondent_notified", "2027-03-03")
    trial = file_complaint(world, when="2027-03-02 09:00", knowledge="2027-02-20")
    past_the_hearing(world, trial, now)
    # May 27: the answer in `late` was due Mar 25 (missed); `trial` must be resolved by Tue Jun 1
    # (CAM-22-01, 45 calendar days from Apr 16 → Mon May 31, Memorial Day → Jun 1): fatal, in 5 days.
    now.set("2027-05-27 07:30")
    out = io.StringIO()
    call_command("reminders", "--days", "7", stdout=out)
    by_user = {m["To"]: m for m in smtp.messages}
    assert set(by_user) == {"secretaria@example.org", "comisionado@example.org"}
    msg = by_user["secretaria@example.org"]
    assert msg["Subject"].strip().startswith("TÉRMINO FATAL · Términos de sus casos · jueves, 27 de mayo de 2027")
    body = msg.get_body(("plain",)).get_content()
    lines = [ln.strip() for ln in body.splitlines()]
    fatal_block = lines[lines.index(next(ln for ln in lines if ln.startswith("TÉRMINOS FATALES"))) + 1]
    assert fatal_block.startswith(
        f"!! {trial.number}: Resolver en sus méritos (Informe Final) [TÉRMINO FATAL], "
        "martes, 1 de junio de 2027, vence en 5 días (CAM-22-01, Sec. 22)"
    )
    everything = lines[lines.index("Todos los términos:") + 1 :]
    first_late = next(i for i, ln in enumerate(everything) if ln.startswith(f"- {late.number}:"))
    first_trial = next(i for i, ln in enumerate(everything) if trial.number in ln)
    assert first_late < first_trial  # the missed term (Mar 25) is more urgent than Jun 1
    assert f"- {late.number}: Contestar la querella, jueves, 25 de marzo de 2027, VENCIDO hace 63 días" in body
    assert "Recordatorios enviados: 2" in out.getvalue()
    assert ReminderLog.objects.count() == 2
    # Once a day: a second sweep the same day sends nothing.
    call_command("reminders", stdout=io.StringIO())
    assert len(smtp.messages) == 2
