"""Demo data for the register of obligated people (issue 16): fictitious officials (never real persons)
whose offices put their financial-report duties in each state the Code knows, dated back from today
so that every term is real — new in office, an annual report due, left office, reelected, exempt
for serving under 60 days — and a few reports received. Idempotent: a person already in the register
is left as is."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ventila import clock
from ventila.accounts.models import User
from ventila.audit import state
from ventila.bodies.models import Body, OfficeTerm, Person
from ventila.compliance.actions import ReportInput, do_record_report
from ventila.compliance.models import FinancialReport

REASON = "Datos de demostración"


def _days(n: int) -> dt.timedelta:
    return dt.timedelta(days=n)


def people(today: dt.date) -> list[tuple[str, str, str, str, list[tuple[str, str, dt.date, dt.date | None]]]]:
    """(given name, family name, employee number, e-mail, offices as (role, title, start, end))."""
    return [
        # New in office: the initial report (Sec. 14(d), 90 days) is open.
        ("Zoraida", "Quiles Montañez", "DEMO-101", "", [("officer", "Subsecretaria de la Cámara", today - _days(20), None)]),
        # In office since 2 January 2025, nothing recorded: the annual reports (Sec. 14(c)) are due or late.
        ("Reinaldo", "Mojica Santaella", "DEMO-102", "", [("department_head", "Director de Informática", dt.date(2025, 1, 2), None)]),
        # Left office a month ago: the exit report (Sec. 14(e)(2), 90 calendar days) is open.
        ("Evelyn", "Carrasquillo Ruiz", "DEMO-103", "", [("department_head", "Directora de Compras", dt.date(2025, 1, 2), today - _days(30))]),
        # Filled a vacancy in 2024 and was elected in 2025: reelected, no exit report (Sec. 14(e)(3)).
        ("Tomás Enrique", "Villafañe Ocasio", "DEMO-104", "", [
            ("representative", "Representante del Distrito 14 (vacante)", dt.date(2024, 3, 4), dt.date(2025, 1, 1)),
            ("representative", "Representante del Distrito 14", dt.date(2025, 1, 2), None),
        ]),
        # Served 40 days: under 60 calendar days, no report is owed (Sec. 14(f)).
        ("Nereida", "Alvarado Pomales", "DEMO-105", "", [("officer", "Oficial de Protocolo", today - _days(100), today - _days(61))]),
    ]  # fmt: skip


def reports(today: dt.date) -> list[tuple[str, ReportInput]]:
    """Reports received: the reelected Representative's initial and 2024 reports."""
    return [
        ("DEMO-104", ReportInput(2023, "initial", dt.date(2024, 5, 20), True, True, "Acuse OEG-2024-0518 (demostración)", dt.date(2024, 5, 21))),
        ("DEMO-104", ReportInput(2024, "annual", dt.date(2025, 8, 11), True, True, "Acuse OEG-2025-2210 (demostración)", dt.date(2025, 8, 12))),
    ]  # fmt: skip


def load(stdout: Any, camara: Body, secretary: User) -> None:
    today = clock.today()
    with state.acting(secretary, REASON):
        for given, family, number, email, offices in people(today):
            person, created = Person.objects.get_or_create(
                hr_number=number, defaults={"given_name": given, "family_name": family, "email": email}
            )
            if created:
                for role, title, start, end in offices:
                    OfficeTerm.objects.create(person=person, role=role, title=title, start=start, end=end)
    for number, report in reports(today):
        person = Person.objects.get(hr_number=number)
        if not FinancialReport.objects.filter(
            person=person, covers_year=report.covers_year, report_type=report.report_type
        ).exists():
            do_record_report(user=secretary, body=camara, person=person, report=report)
    stdout.write("Registro de personas obligadas: 5 personas de demostración con sus cargos e informes.")
