"""Demo cases for the procedures of issue 6, loaded by ``ventila demo`` (idempotent: each scenario
has its own fictitious respondent and is built once).

- a House complaint where a member recused himself (the «comisionado» demo user: he no longer sees
  it) and the Speaker appointed a substitute pro tempore;
- a House complaint whose terms a court case suspended (Sec. 23) and its final decision resumed;
- a summary-procedure complaint against a candidate, filed before the 2024 general election (Sec. 24;
  its terms are in hours);
- municipal complaints whose decision term ran out (dismissed with prejudice by the sweep, ¶17) and
  whose decision term is about to run out (warned); a special suspension proceeding; a deadlock;
- the municipal commissioners' meetings and an expense this month (per-diem ledger, ¶4).

Every person here is fictitious; every act goes through the same ``do_*`` actions as the web app.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from ventila import clock
from ventila.accounts.models import User
from ventila.bodies.models import Body, ExpenseClaim, Meeting, Person
from ventila.cases.actions import ActInput, do_record_act
from ventila.cases.evaluation import compute_calendar
from ventila.cases.labels import PROCEDURES, STAGES
from ventila.cases.models import Case, Party
from ventila.cases.procedures import do_record_expense, do_record_meeting, do_sweep_compulsory_terms
from ventila.cases.queries import case_facts
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.rulebooks import DEMOS

from .demo_common import business_days_back, file_against, person_in_office

REPS = {  # fictitious Representatives
    "recusal": ("Tomás", "Ferrer Avilés", "Representante del Distrito 9"),
    "suspension": ("Noemí", "Báez Serrano", "Representante del Distrito 27"),
    "summary": ("Wilfredo", "Santos Lugo", "Representante del Distrito 19"),
    "substitute": ("Arturo", "Medina Cancel", "Representante del Distrito 12"),
}
MAYORS = {  # fictitious mayors of real municipalities
    "expired": ("Ivelisse", "Torres Zayas", "Alcaldesa de Guayama", "Guayama"),
    "warned": ("Jorge Iván", "Maldonado Ríos", "Alcalde de Aguadilla", "Aguadilla"),
    "suspension_proceeding": ("Wanda", "Colón Irizarry", "Alcaldesa de Cabo Rojo", "Cabo Rojo"),
    "deadlock": ("Rafael", "Vázquez Ortega", "Alcalde de Fajardo", "Fajardo"),
}
# The summary case: filed on Tue Sep 10 2024, 56 days before the general election of Tue Nov 5 2024.
SUMMARY_FILED = dt.datetime(2024, 9, 10, 10, 0, tzinfo=PR_TZ)


def _person(given: str, family: str, role: str, title: str, municipality: str = "") -> Person:
    return person_in_office(given, family, role, title, municipality, start=dt.date(2021, 1, 2))


def _at(day: dt.date, hour: int = 10) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, 0), PR_TZ)


def _exists(body: Body, person: Person, kind: str) -> bool:
    return Case.objects.filter(
        body=body, kind=kind, parties__person=person, parties__role=Party.Role.RESPONDENT
    ).exists()


def _business_back(day: dt.date, n: int) -> dt.date:
    calendar, _ = compute_calendar(
        case_facts(Case(body=Body.objects.get(slug="etica-camara"), kind="complaint", respondent_role="representative"))
    )
    return business_days_back(calendar, day, n)


def _file_house(
    secretary: User, body: Body, person: Person, at: dt.datetime, facts: str, candidate: bool = False
) -> Case:
    office = person.offices.first()
    assert office is not None
    payload = {
        "knowledge_date": (at.date() - dt.timedelta(days=10)).isoformat(),
        "facts_date": (at.date() - dt.timedelta(days=14)).isoformat(),
        "channel": "in_person",
    }
    complainant = {
        "name": "Querellante Ficticio de Demostración",
        "email": "demo@example.org",
        "phone": "787-555-0150",
        "postal_address": "Apartado 9000, San Juan, PR 00902",
    }
    act = ActInput("complaint_filed", at, True, payload, {"facts": facts, "provisions": "Sec. 10(j)"})
    return file_against(
        secretary, body, "complaint", person, office, act, respondent_candidate=candidate, complainant=complainant
    )


def _file_mayor(user: User, body: Body, kind: str, mayor: Person, act: ActInput, **more: Any) -> Case:
    office = mayor.offices.first()  # a mayor's: the demo's mayors hold no other office
    assert office is not None
    return file_against(user, body, kind, mayor, office, act, **more)


def _act(
    user: User,
    case: Case,
    act: str,
    at: dt.datetime,
    payload: dict[str, Any] | None = None,
    details: dict[str, Any] | None = None,
    ballots: dict[int, str] | None = None,
) -> None:
    do_record_act(user=user, case=case, act=ActInput(act, at, True, payload or {}, details or {}, ballots=ballots))


def load(out: Any, camara: Body, municipal: Body) -> None:
    today = clock.today()
    secretary = User.objects.get(username="secretaria")
    msecretary = User.objects.get(username="secretaria-municipal")
    people = {k: _person(g, f, "representative", t) for k, (g, f, t) in REPS.items()}
    mayors = {k: _person(g, f, "mayor", title, town) for k, (g, f, title, town) in MAYORS.items()}
    made: list[str] = []
    recusal = RULEBOOKS[camara.rulebook].docket.recusal  # the House's recusal and substitute acts (Secs. 8–9)
    filing = {kind: spec.filing_act for kind, spec in RULEBOOKS[municipal.rulebook].kinds.items()}

    # A member recuses himself (Sec. 9): decided without him; the Speaker appoints a substitute.
    if not _exists(camara, people["recusal"], "complaint"):
        members = [m.person for m in camara.members_on(today)]
        # The «comisionado» demo user: signed in as him, the case is not there (404).
        recused = User.objects.get(username="comisionado").person or members[-1]
        d0 = _business_back(today, 12)
        case = _file_house(
            secretary, camara, people["recusal"], _at(d0, 9), "Uso de personal de la oficina en una campaña privada."
        )
        d1 = _business_back(today, 11)
        _act(secretary, case, "respondent_notified", _at(d1, 9))
        _act(
            secretary,
            case,
            recusal.requested,
            _at(d1, 11),
            {"member": str(recused.pk), "by": "member", "grounds": ["kinship"]},
            {
                "recusal_reasons": "El querellado es primo hermano de mi cónyuge.",
                "kinship_check": "Parentesco de cuarto grado de afinidad: causa de la Sec. 9(c) "
                f"({recusal.kinship_rule}, Sec. 9(c)).",
            },
        )
        _act(
            secretary,
            case,
            recusal.decided,
            _at(d1, 15),
            {"member": str(recused.pk), "granted": True},
            ballots={p.pk: "yes" for p in members if p.pk != recused.pk},
        )
        _act(secretary, case, recusal.substitute_requested, _at(d1, 16), {"member": str(recused.pk)})
        _act(
            secretary,
            case,
            recusal.substitute_appointed,
            _at(_business_back(today, 9), 10),
            {"member": str(recused.pk), "substitute": str(people["substitute"].pk)},
        )
        made.append(case.number)

    # A court case on the same facts suspends the terms (Sec. 23); its final decision resumes them.
    if not _exists(camara, people["suspension"], "complaint"):
        case = _file_house(
            secretary,
            camara,
            people["suspension"],
            _at(_business_back(today, 20), 9),
            "Cobro de dietas por gestiones no realizadas.",
        )
        _act(secretary, case, "respondent_notified", _at(_business_back(today, 19)))
        _act(
            secretary,
            case,
            "proceedings_suspended",
            _at(_business_back(today, 16)),
            {"reason": "Proceso penal por los mismos hechos"},
            {"court_case": "Pueblo de Puerto Rico v. Báez Serrano, SJ2026CR00412 (TPI, Sala de San Juan) — ficticio"},
        )
        _act(
            secretary,
            case,
            "proceedings_resumed",
            _at(_business_back(today, 6)),
            {},
            {"final_decision": "Sentencia final y firme del Tribunal de Primera Instancia (ficticia)."},
        )
        made.append(case.number)

    # The summary procedure (Sec. 24): a candidate, filed within 120 days before the 2024 election.
    filed = SUMMARY_FILED
    if filed.date() < today and not _exists(camara, people["summary"], "complaint"):
        case = _file_house(
            secretary,
            camara,
            people["summary"],
            filed,
            "Uso de recursos legislativos en anuncios de campaña.",
            candidate=True,
        )
        _act(secretary, case, "respondent_notified", filed.replace(hour=15))
        made.append(case.number)

    # Municipal: a decision term that ran out (the sweep dismisses with prejudice) and one about to.
    for key, back in (("expired", 60), ("warned", 45)):
        if _exists(municipal, mayors[key], "complaint"):
            continue
        start = today - dt.timedelta(days=back)
        case = _file_mayor(
            msecretary,
            municipal,
            "complaint",
            mayors[key],
            ActInput(
                "complaint_filed",
                _at(start, 9),
                True,
                {"complainant_kind": "municipal_assembly", "sworn": True, "evidence_attached": True},
                {"facts": "Contratos otorgados sin subasta (demostración)."},
            ),
            complainant={
                "name": "Asamblea Municipal (ficticia)",
                "email": "asamblea@example.org",
                "phone": "787-555-0160",
            },
        )
        # The municipal body's demo data: the acts from the notice to the hearing's end (days after filing).
        notified, answered, noticed, concluded = DEMOS[municipal.rulebook].flows["to_hearing"]
        _act(msecretary, case, notified.act, _at(start + dt.timedelta(days=notified.after)), dict(notified.payload))
        _act(msecretary, case, answered.act, _at(start + dt.timedelta(days=answered.after)), dict(answered.payload))
        hearing = start + dt.timedelta(days=back - 13 if key == "warned" else 30)
        _act(
            msecretary,
            case,
            noticed.act,
            _at(start + dt.timedelta(days=noticed.after)),
            {"hearing_date": f"{hearing.isoformat()}T10:00", **noticed.payload},
        )
        _act(msecretary, case, concluded.act, _at(hearing, 16), dict(concluded.payload))
        made.append(case.number)

    # The special suspension proceeding (¶19) and an Assembly–Mayor deadlock (¶35).
    def special(kind: str, days: int, payload: dict[str, Any], facts: str) -> Case | None:
        """A municipal proceeding of ``kind`` against its own demo mayor, opened ``days`` ago (once)."""
        if _exists(municipal, mayors[kind], kind):
            return None
        act = ActInput(filing[kind], _at(today - dt.timedelta(days=days)), True, payload, {"facts": facts})
        case = _file_mayor(msecretary, municipal, kind, mayors[kind], act)
        made.append(case.number)
        return case

    special(
        "suspension_proceeding",
        8,
        {
            "charges_notified_on": (today - dt.timedelta(days=12)).isoformat(),
            "factors": ["weight_of_evidence", "urgency"],
            "public_interest_determined": True,
        },
        "Cargos por malversación de fondos federales (demostración).",
    )
    facts = "La Asamblea no aprueba el presupuesto desde hace cinco meses (demostración)."
    if deadlock := special("deadlock", 3, {"by": "municipal_assembly"}, facts):
        _act(msecretary, deadlock, "referred_to_commission", _at(today - dt.timedelta(days=3), 15))

    # The per-diem ledger (¶4): this month's meetings and an expense.
    if not Meeting.objects.filter(body=municipal).exists():
        first = today.replace(day=1)
        days = sorted({first, first + dt.timedelta(days=min(7, (today - first).days)), today})
        for m in municipal.members_on(today):
            for day in days:
                do_record_meeting(
                    user=msecretary,
                    body=municipal,
                    person=m.person,
                    day=day,
                    description="Reunión ordinaria de la Comisión (demostración)",
                )
        president = municipal.members_on(today).first()
        if president is not None and not ExpenseClaim.objects.filter(body=municipal).exists():
            do_record_expense(
                user=msecretary,
                body=municipal,
                person=president.person,
                day=today,
                amount=Decimal("38.40"),
                description="Millaje a una vista en Guayama (demostración)",
            )

    for r in do_sweep_compulsory_terms():
        out.write(f"  {r.case}: {r.message}")
    for number in made:
        case = Case.objects.get(number=number)
        out.write(
            f"  {case.number}: {STAGES.get(case.stage, case.stage)} ({PROCEDURES.get(case.procedure, case.procedure)})"
        )
