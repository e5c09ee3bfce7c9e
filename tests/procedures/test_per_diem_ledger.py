"""The municipal Commission's per-diem ledger (¶4) through the UI: a second per diem for the same
commissioner and day is confirmed (or refused, one a day), and an item is reversed with a reason —
a new record, chained, never a delete — with the month's totals net of it."""

from __future__ import annotations

import pytest
from django.test import Client

from ventila.audit import chain
from ventila.audit.models import ChainLink
from ventila.bodies.models import LedgerReversal, Meeting
from ventila.cases import procedures
from ventila.cases.procedures import LedgerRefused, do_reverse_ledger_item
from ventila.rules.rulebooks.municipal.per_diem import per_diem_policy

pytestmark = pytest.mark.django_db

URL = "/cuerpos/querellas-municipales/dietas/"


@pytest.fixture
def sec(world):
    c = Client()
    c.force_login(world.users["secretaria_municipal"])
    return c


def _meeting(sec, person, day="2027-03-02", **extra):
    return sec.post(
        URL,
        {
            "form": "meeting",
            "person": person.pk,
            "day": day,
            "description": "Vista",
            "official_business": "on",
            **extra,
        },
    )


def test_mun_die_02_second_per_diem_same_day_is_confirmed_and_a_reversal_needs_its_reason(world, now, sec):
    president = world.municipal_members[0]
    associate = world.municipal_members[1]
    assert _meeting(sec, president).status_code == 302
    # The same commissioner, the same day: asked to confirm, with the rulebook's amount ($75, MUN-DIE-02).
    r = _meeting(sec, president)
    body = r.content.decode()
    assert r.status_code == 200 and Meeting.objects.count() == 1
    assert "ya tiene una reunión anotada el martes, 2 de marzo de 2027, con la dieta de $75.00 (MUN-DIE-02)" in body
    assert 'name="confirm"' in body and 'value="Vista"' in body  # what was typed is kept
    # Another commissioner that day, or the same one another day, is not asked.
    assert _meeting(sec, associate).status_code == 302
    assert _meeting(sec, president, day="2027-03-09").status_code == 302
    # A meeting that is not official business earns no per diem: not asked either.
    r = sec.post(URL, {"form": "meeting", "person": president.pk, "day": "2027-03-02", "description": "Almuerzo"})
    assert r.status_code == 302
    assert _meeting(sec, president, confirm="on").status_code == 302  # confirmed: another meeting
    assert Meeting.objects.filter(person=president, day="2027-03-02", official_business=True).count() == 2
    page = sec.get(URL + "?mes=2027-03").content.decode()
    # Hand-computed, MUN-DIE-02: the president 3 official meetings × $75 = $225; the associate $75; $300.
    assert "<td>$225.00</td>" in page and "<strong>$300.00</strong>" in page
    # Reversing needs a reason; nothing is written without one.
    duplicate = Meeting.objects.filter(person=president, day="2027-03-02", official_business=True).last()
    r = sec.post(URL + "?mes=2027-03", {"form": "reversal", "item": f"m-{duplicate.pk}", "reason": "  "})
    assert r.status_code == 200 and "Escriba por qué se anula la partida" in r.content.decode()
    assert not LedgerReversal.objects.exists()
    r = sec.post(URL + "?mes=2027-03", {"form": "reversal", "item": f"m-{duplicate.pk}", "reason": "Anotada dos veces"})
    assert r.status_code == 302 and r["Location"] == URL + "?mes=2027-03"
    reversal = LedgerReversal.objects.get()
    assert (reversal.meeting_id, reversal.reason, reversal.recorded_by) == (
        duplicate.pk,
        "Anotada dos veces",
        world.users["secretaria_municipal"],
    )
    assert Meeting.objects.filter(pk=duplicate.pk).exists()  # never deleted
    assert ChainLink.objects.filter(kind="bodies.LedgerReversal", object_id=str(reversal.pk)).exists()
    assert ChainLink.objects.filter(kind="bodies.Meeting").count() == Meeting.objects.count()
    assert chain.verify(check_files=False).ok
    page = sec.get(URL + "?mes=2027-03").content.decode()
    # Hand-computed after the reversal: the president $225 − $75 = $150 (2 meetings); the month $300 − $75 = $225.
    assert "<td>$150.00</td>" in page and "<strong>$225.00</strong>" in page
    assert "\u2212$75.00" in page and "Anotada dos veces" in page and "anulada abajo" in page
    president_row = page.split(f'<th scope="row">{president}</th>')[1].split("</tr>")[0]
    assert president_row.startswith("<td>2</td>")
    # The reversed item is no longer offered, and cannot be reversed twice.
    assert f'value="m-{duplicate.pk}"' not in page
    r = sec.post(URL + "?mes=2027-03", {"form": "reversal", "item": f"m-{duplicate.pk}", "reason": "Otra vez"})
    assert r.status_code == 200 and "Elija una partida de la lista" in r.content.decode()
    with pytest.raises(LedgerRefused, match="ya está anulada"):
        do_reverse_ledger_item(
            user=world.users["secretaria_municipal"], body=world.municipal, item=duplicate, reason="x"
        )
    assert LedgerReversal.objects.count() == 1
    # The day's per diem was reversed, so a meeting that day is again the second one (1 left standing).
    r = _meeting(sec, president)
    assert r.status_code == 200 and "ya tiene una reunión anotada" in r.content.decode()


def test_mun_die_02_one_per_diem_a_day_refuses_the_second(world, now, sec, monkeypatch):
    """With ``per_diem_per_meeting`` false (ambiguity 17), a second per diem of the day is refused."""
    monkeypatch.setattr(procedures, "_policy", lambda body: per_diem_policy({"per_diem_per_meeting": False}))
    president = world.municipal_members[0]
    assert _meeting(sec, president).status_code == 302
    r = _meeting(sec, president, confirm="on")
    body = r.content.decode()
    assert r.status_code == 200 and "una dieta por día (MUN-DIE-02" in body and 'id="id_day_error"' in body
    assert Meeting.objects.count() == 1


def test_an_expense_is_reversed_too(world, now, sec):
    president = world.municipal_members[0]
    data = {"form": "expense", "person": president.pk, "day": "2027-03-09", "amount": "42.50", "description": "Millaje"}
    assert sec.post(URL, data).status_code == 302
    page = sec.get(URL + "?mes=2027-03").content.decode()
    assert "<strong>$42.50</strong>" in page
    claim = president.expense_claims.get()
    r = sec.post(
        URL + "?mes=2027-03", {"form": "reversal", "item": f"e-{claim.pk}", "reason": "Sin recibo de Hacienda"}
    )
    assert r.status_code == 302
    page = sec.get(URL + "?mes=2027-03").content.decode()
    assert "\u2212$42.50" in page and "<strong>$0.00</strong>" in page
