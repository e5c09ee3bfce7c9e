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
from ventila.cases.actions import ActInput, UploadedDocument, do_record_act
from ventila.compliance.actions import ReportInput, do_record_report
from ventila.compliance.models import FinancialReport, TenureCase
from ventila.compliance.referrals import do_turn_referral_into_case
from ventila.compliance.tenures import sync_person
from ventila.rules.rulebooks import DEMOS

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
        # The initial report falls due this month (Sec. 14(d): 90 days from taking office).
        ("Marisol", "Tirado Benítez", "DEMO-106", "", [("officer", "Asesora Legal", due_this_month(today) - _days(90), None)]),
        # Filed on time; the OEG sent preliminary findings five days ago: the 10-day answer runs (Sec. 15(3)).
        ("Gilberto", "Maldonado Frontera", "DEMO-107", "", [("department_head", "Director de Finanzas", today - _days(100), None)]),
        # The OEG referred the report to the Commission with its evidence; it is a referral case (Sec. 16).
        ("Wilfredo", "Colón Batista", "DEMO-108", "", [("officer", "Administrador de Servicios", today - _days(300), None)]),
    ]  # fmt: skip


def due_this_month(today: dt.date) -> dt.date:
    """A day of this month, five days ahead when the month has them (the board's «vencen este mes»)."""
    ahead = today + _days(5)
    return ahead if ahead.month == today.month else today


def reports(today: dt.date) -> list[tuple[str, ReportInput]]:
    """Reports received: the reelected Representative's initial and 2024 reports; the initial reports
    of the person awaiting the OEG's findings and of the one referred."""
    start_107, start_108 = today - _days(100), today - _days(300)
    return [
        ("DEMO-107", ReportInput(start_107.year - 1, "initial", today - _days(60), True, True, "Acuse OEG (demostración)", today - _days(59))),
        ("DEMO-108", ReportInput(start_108.year - 1, "initial", today - _days(250), True, True, "Acuse OEG (demostración)", today - _days(249))),
        ("DEMO-104", ReportInput(2023, "initial", dt.date(2024, 5, 20), True, True, "Acuse OEG-2024-0518 (demostración)", dt.date(2024, 5, 21))),
        ("DEMO-104", ReportInput(2024, "annual", dt.date(2025, 8, 11), True, True, "Acuse OEG-2025-2210 (demostración)", dt.date(2025, 8, 12))),
        *[
            ("DEMO-104", ReportInput(y, "annual", dt.date(y + 1, 8, 2), True, True, "Acuse OEG (demostración)", dt.date(y + 1, 8, 3)))
            for y in range(2025, today.year)
            if dt.date(y + 1, 8, 3) <= today
        ],
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
            if created or not TenureCase.objects.filter(person=person).exists():
                # Each tenure a financial-report case, its acts docketed as the import would.
                sync_person(user=secretary, body=camara, person=person, reason=REASON)
    for number, report in reports(today):
        person = Person.objects.get(hr_number=number)
        if not FinancialReport.objects.filter(
            person=person, covers_year=report.covers_year, report_type=report.report_type
        ).exists():
            do_record_report(user=secretary, body=camara, person=person, report=report)
    _oeg_evaluation(camara, secretary, today)
    stdout.write("Registro de personas obligadas: 8 personas de demostración con sus cargos, informes y expedientes.")


def _act(
    case: Any, secretary: User, event_type: str, day: dt.date, files: tuple[Any, ...] = (), **payload: Any
) -> None:
    moment = clock.start_of_day(day)
    do_record_act(
        user=secretary, case=case, act=ActInput(event_type, moment, False, payload, attachments=files, note=REASON)
    )


def _oeg_evaluation(camara: Body, secretary: User, today: dt.date) -> None:
    """The OEG's preliminary findings on DEMO-107's report, and the referral of DEMO-108's (Secs. 15–16),
    turned into a referral case with its evidence. Recorded once."""
    findings, answered, final = DEMOS[camara.rulebook].flows["oeg_evaluation"]  # the acts (the House's demo data)
    pending = TenureCase.objects.filter(person__hr_number="DEMO-107").first()
    if pending is not None and not pending.case.entries.filter(event_type=findings.act).exists():
        year = (today - _days(100)).year - 1
        _act(pending.case, secretary, findings.act, today - _days(5), covers_year=year)
    referred = TenureCase.objects.filter(person__hr_number="DEMO-108").first()
    if referred is None or referred.case.entries.filter(event_type=final.act).exists():
        return
    case, year = referred.case, (today - _days(300)).year - 1
    _act(case, secretary, findings.act, today - _days(findings.after), covers_year=year)
    _act(case, secretary, answered.act, today - _days(answered.after), covers_year=year)
    evidence = UploadedDocument(
        "hallazgos-oeg-demostracion.txt",
        "Hallazgos de la OEG (documento ficticio de demostración).\n".encode(),
        "text/plain",
    )
    _act(case, secretary, final.act, today - _days(final.after), (evidence,), **final.payload, covers_year=year)
    with state.acting(secretary, REASON):
        do_turn_referral_into_case(user=secretary, case=case, received_on=today - _days(178))
