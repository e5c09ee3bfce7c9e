"""Demo data for Sec. 10 (issue 16): the gifts, court summonses and nepotism checks of fictitious
obligated people of the demo register (never real persons or entities), so that every check and
term shows — a gift over the cap, a foreign one without waiver, a pattern from one source, a
summons notified on time, one late and one still running. Dates are counted back from today;
idempotent: what is already recorded is left as is."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from ventila import clock
from ventila.accounts.models import User
from ventila.bodies.models import Body, Person
from ventila.compliance.conduct import summons_term
from ventila.compliance.conduct_actions import (
    GiftInput,
    SummonsInput,
    do_record_gift,
    do_record_nepotism_check,
    do_record_summons,
)
from ventila.compliance.conduct_models import CourtSummons, GiftRecord, NepotismCheck

REPRESENTATIVE = "DEMO-104"  # Tomás Enrique Villafañe Ocasio (demo_register)
HEAD = "DEMO-102"  # Reinaldo Mojica Santaella (demo_register)


def gifts(year: int) -> list[GiftInput]:
    """Last year's gifts: a pattern from one source, one at the cap, one a cent over, a foreign one."""
    return [
        GiftInput(dt.date(year, 2, 10), "Cesta de frutas (demostración)", Decimal("120.00"), "Asociación Ficticia de Comerciantes"),
        GiftInput(dt.date(year, 6, 15), "Libro de fotografía (demostración)", Decimal("95.50"), "Asociación Ficticia de Comerciantes"),
        GiftInput(dt.date(year, 3, 3), "Reloj de mesa (demostración)", Decimal("250.00"), "Club Cívico de Ejemplo"),
        GiftInput(dt.date(year, 4, 22), "Pluma grabada (demostración)", Decimal("250.01"), "Fundación Ficticia del Norte"),
        GiftInput(dt.date(year, 9, 20), "Jarrón de cerámica (demostración)", Decimal("400.00"), "Consulado de la República Ficticia", foreign=True),
    ]  # fmt: skip


def load(stdout: Any, camara: Body, secretary: User) -> None:
    today = clock.today()
    rep = Person.objects.filter(hr_number=REPRESENTATIVE).first()
    head = Person.objects.filter(hr_number=HEAD).first()
    if rep is None or head is None:
        return
    for gift in gifts(today.year - 1):
        if not GiftRecord.objects.filter(person=rep, description=gift.description).exists():
            do_record_gift(user=secretary, body=camara, person=rep, gift=gift)
    # Court summonses (Sec. 10(w)): notified on the last day of the term, two days late, and one running.
    plans = [("DEMO-TPI-0101", 40, 0), ("DEMO-TPI-0202", 25, 2), ("DEMO-OAT-0303", 1, None)]
    for number, back, late in plans:
        if CourtSummons.objects.filter(person=rep, case_number=number).exists():
            continue
        formal = today - dt.timedelta(days=back)
        draft = CourtSummons(body=camara, person=rep, case_number=number, formally_notified_on=formal)
        due = summons_term(camara, draft, today).due
        notified = None if late is None or due is None else min(today, due + dt.timedelta(days=late))
        role = "witness" if late != 2 else "party"
        do_record_summons(user=secretary, body=camara, person=rep, summons=SummonsInput(number, formal, role, notified))
    # Nepotism checks (Sec. 10(t)): a nephew (3rd degree of blood, barred) and a first cousin (4th, not).
    for candidate, path in (("Candidato Ficticio Sobrino", ("sibling", "child")), ("Candidata Ficticia Prima", ("parent", "sibling", "child"))):  # fmt: skip
        if not NepotismCheck.objects.filter(person=head, candidate=candidate).exists():
            do_record_nepotism_check(user=secretary, body=camara, person=head, candidate=candidate, path=path)
    stdout.write("Sec. 10: regalos, citaciones y comprobaciones de nepotismo de demostración.")
