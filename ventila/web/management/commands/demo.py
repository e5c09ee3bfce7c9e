"""``ventila demo``: load the demo data (idempotent) and print the demo sign-ins.

Both bodies with their members and officers, a register of fictitious Representatives, officers,
department heads and employees, fictitious mayors of real municipalities, demo users, and a dozen
cases at different stages. Every case is built by replaying docket acts through the same
``do_*`` actions the web app uses, dated back from today, so every term is real.

Every person here is fictitious. Passwords are generated once per machine into
``var/demo_signins.json`` (git-ignored) and printed on every run.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction

from ventila import clock
from ventila.accounts.models import RoleGrant, User
from ventila.bodies.models import Body, Membership, OfficeTerm, Person
from ventila.cases.actions import ActInput, case_facts, do_file_case, do_record_act, do_refresh_case
from ventila.cases.evaluation import compute_calendar
from ventila.cases.labels import STAGES
from ventila.cases.models import Case
from ventila.rules import PR_TZ, RULEBOOKS

CAMARA_MEMBERS = [  # fictitious Representatives seated on the Ethics Commission
    ("Marisol", "Figueroa Santiago", "president", "Representante del Distrito 7"),
    ("Héctor Luis", "Rivera Colón", "vice_president", "Representante del Distrito 15"),
    ("Carmen Delia", "Ortiz Maldonado", "secretary", "Representante del Distrito 22"),
    ("Ramón", "Pagán Vélez", "minority_spokesperson", "Representante por Acumulación"),
    ("Luz Enid", "Cruz Morales", "member", "Representante del Distrito 3"),
    ("Gilberto", "Alicea Rosario", "member", "Representante del Distrito 31"),
    ("Yolanda", "Nieves Quiñones", "member", "Representante del Distrito 36"),
]
REPRESENTATIVES = [  # fictitious respondents and other members of the House
    ("Rafael Antonio", "Soto Benítez", "Representante del Distrito 12"),
    ("Wanda Ivette", "Meléndez Ayala", "Representante del Distrito 18"),
    ("José Miguel", "Torres Irizarry", "Representante del Distrito 25"),
    ("Nydia", "Vázquez Lugo", "Representante por Acumulación"),
    ("Edwin", "Castro Feliciano", "Representante del Distrito 9"),
    ("Aida Luz", "Ramos Pizarro", "Representante del Distrito 28"),
    ("Orlando", "Medina Acevedo", "Representante del Distrito 33"),
    ("Brenda", "Santana Oquendo", "Representante del Distrito 5"),
]
OFFICERS = [
    ("Lourdes", "Marrero Echevarría", "officer", "Secretaria de la Cámara"),
    ("Ángel Manuel", "Díaz Serrano", "officer", "Sargento de Armas"),
    ("Iris Nereida", "Collazo Vega", "department_head", "Directora de la Oficina de Finanzas"),
    ("Félix", "Burgos Arroyo", "department_head", "Director de Servicios Generales"),
    ("Migdalia", "Rosa Cintrón", "department_head", "Directora de Recursos Humanos"),
    ("Javier", "Ocasio Lebrón", "employee", "Asesor legislativo"),
    ("Sonia", "Velázquez Mercado", "employee", "Oficinista"),
]
MAYORS = [  # fictitious mayors of real municipalities
    ("Eduardo", "Cordero Villanueva", "Ponce"),
    ("Maritza", "Galarza Nazario", "Mayagüez"),
    ("Carlos Rubén", "Bermúdez Ortiz", "Caguas"),
    ("Gloria Esther", "Soto Rivas", "Arecibo"),
    ("Luis Alberto", "Pérez Matos", "Humacao"),
]
MUNICIPAL_MEMBERS = [
    ("Ana Celia", "Mercado Rodríguez", "president"),
    ("Roberto", "Quintana Padilla", "associate"),
    ("Elsa Iris", "Montalvo Ríos", "associate"),
]
USERS = [  # username, first name, last name, function
    ("secretaria", "Nilda", "Acosta Reyes", "secretary"),
    ("personal", "Pedro", "Lozada Vega", "staff"),
    ("comisionado", "", "", "member"),
    ("presidente", "", "", "president"),
    ("presidencia", "Oficina del Presidente", "de la Cámara", "speakers_office"),
    ("secretaria-municipal", "Teresa", "Ruiz Calderón", "municipal_secretary"),
    ("admin", "Administración", "del sistema", "admin"),
]
TERM_START = dt.date(2025, 1, 2)


@dataclass
class Step:
    act: str
    after: int  # business days after the previous step
    payload: dict[str, Any] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    votes: tuple[int, int] | None = None  # (yes, no) when the act is voted; the rest abstain


def _ordinary(outcome: str = "charges_proven", role: str = "representative") -> list[Step]:
    sanction: dict[str, Any] = (
        {"sanctions": ["fine"], "fine_amount": 1500} if role == "representative"
        else {"sanctions": ["written_reprimand"]}
    )
    return [
        Step("respondent_notified", 2),
        Step("answer_filed", 8),
        Step("determination_made", 10, {"outcome": "probable_cause"}, votes=(5, 2)),
        Step("determination_notified", 1),
        Step("hearing_noticed", 1, {"initial": True}),  # hearing_date filled in: 12 business days later
        Step("hearing_held", 12),
        Step("evidentiary_hearing_concluded", 3),
        Step("resolved", 10, {"outcome": outcome},
             {"report_findings": "La Comisión determina probados los hechos de la querella.",
              "recommendation": "Se recomienda la sanción que dispone la Sec. 26."}, votes=(5, 1)),
        Step("report_referred", 0, {"to": "house" if role in ("representative", "officer") else "speaker"}),
        Step("sanction_decided", 5, sanction),
        Step("case_closed", 1),
    ]


@dataclass
class Plan:
    respondent: int  # index into the register of respondents
    steps: list[Step]
    pad: int  # business days between the last act and today
    kind: str = "complaint"
    facts: str = ""


def _plans() -> list[Plan]:
    full = _ordinary()
    extension = [Step("respondent_notified", 2), Step("extension_requested", 5, {"reasons": "Acopio de prueba documental."}),
                 Step("extension_granted", 1, {"business_days": 10})]
    dismissal = [Step("respondent_notified", 2), Step("answer_filed", 6),
                 Step("determination_made", 9, {"outcome": "dismissed", "grounds": ["frivolous"]}, votes=(6, 1)),
                 Step("determination_notified", 2), Step("case_closed", 3)]
    return [
        Plan(0, [], 0, facts="Uso de un vehículo oficial para fines personales."),
        Plan(1, full[:1], 3, facts="Contratación de un familiar en su oficina."),
        Plan(2, full[:1], 20, facts="Recibo de un regalo de más de $250 de un contratista."),
        Plan(3, extension, 2, facts="Ingresos extra-legislativos sin notificar."),
        Plan(4, full[:2], 4, facts="Uso de información confidencial."),
        Plan(5, dismissal, 10, facts="Expresiones ofensivas en una vista pública."),
        Plan(6, full[:4], 1, facts="Gestión a favor de un donante."),
        Plan(7, full[:5], 0, facts="Conflicto de interés en una medida legislativa."),
        Plan(8, full[:7], 5, facts="Uso de fondos de la oficina para actividades políticas."),
        Plan(9, _ordinary(role="officer")[:8], 1, facts="Compras sin el trámite de subasta."),
        Plan(0, full, 10, facts="Cobro de dietas por sesiones a las que no asistió."),
        Plan(10, _ordinary(role="department_head")[:9], 2, facts="Nombramientos sin convocatoria."),
        Plan(11, [Step("respondent_notified", 2)], 1, kind="referral", facts="Referido de la OEG por informes tardíos."),
    ]


def _municipal_plans() -> list[Plan]:
    flow = [Step("respondent_notified", 2), Step("answer_filed", 6),
            Step("hearing_noticed", 5, {"public": True}), Step("hearing_concluded", 20, {"before": "full"}),
            Step("decision_issued", 5, {"outcome": "admonition"}, votes=(2, 1))]
    return [
        Plan(0, flow[:1], 2, facts="Uso de fondos municipales en actividades partidistas."),
        Plan(1, flow[:2], 3, facts="Contratos otorgados sin subasta."),
        Plan(2, flow[:3], 1, facts="Negativa a entregar informes a la Asamblea Municipal."),
        Plan(3, flow, 2, facts="Nombramiento de un familiar en el municipio."),
    ]


class Command(BaseCommand):
    help = "Carga los datos de demostración (idempotente) e imprime las credenciales de demostración."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--quiet", action="store_true", help="No imprimir las credenciales.")

    def handle(self, *args: Any, **options: Any) -> None:
        passwords = self._passwords()
        with transaction.atomic():
            camara, municipal = self._bodies()
            people = self._register()
            self._users(camara, municipal, passwords)
            for username, *_ in USERS:  # pre-enrolled in the second factor (issue 7)
                from ventila.accounts.twofactor import demo_device

                demo_device(User.objects.get(username=username))
        if not Case.objects.filter(body=camara).exists():
            self._cases(camara, people, _plans())
        if "complaint" in RULEBOOKS["municipal"].kinds and not Case.objects.filter(body=municipal).exists():
            mayors = [o.person for o in OfficeTerm.objects.filter(role="mayor").order_by("pk")]
            self._cases(municipal, mayors, _municipal_plans())
        # Issue 6: recusal and substitutes, suspensions, the summary procedure, the municipal Commission.
        from ventila.web.demo_procedures import load as load_procedures

        load_procedures(self.stdout, camara, municipal)
        if not options["quiet"]:
            self._print(passwords)

    # -- sign-ins ----------------------------------------------------------------------------

    def _passwords(self) -> dict[str, str]:
        path = settings.VAR_DIR / "demo_signins.json"
        stored: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
        for username, *_ in USERS:
            stored.setdefault(username, "demo-" + secrets.token_urlsafe(9))
        path.write_text(json.dumps(stored, indent=2))
        path.chmod(0o600)
        return stored

    def _print(self, passwords: dict[str, str]) -> None:
        labels = {
            "secretaria": "Secretaria de la Comisión de Ética", "personal": "Personal de la Comisión de Ética",
            "comisionado": "Comisionado (miembro de la Comisión)", "presidente": "Presidenta de la Comisión",
            "presidencia": "Oficina del Presidente de la Cámara",
            "secretaria-municipal": "Secretaria de la Comisión de Querellas Municipales",
            "admin": "Administración del sistema",
        }
        self.stdout.write("Credenciales de demostración (http://127.0.0.1:8000/entrar/):")
        for username, *_ in USERS:
            self.stdout.write(f"  {username:<22} {passwords[username]:<20} {labels[username]}")
        self._print_second_factors()

    def _print_second_factors(self) -> None:
        """Every demo user is pre-enrolled in the second factor (issue 7): print each TOTP key."""
        from ventila.accounts import twofactor

        self.stdout.write("Segundo factor (obligatorio para quien ve expedientes): añada la clave a su aplicación de "
                          "autenticación, o pida el código del momento con ./run manage codigo-demo USUARIO")
        for username, *_ in USERS:
            device = twofactor.demo_device(User.objects.get(username=username))
            self.stdout.write(f"  totp {username:<22} {twofactor.grouped(twofactor.secret_base32(device))}")

    # -- bodies, people, users ----------------------------------------------------------------

    def _bodies(self) -> tuple[Body, Body]:
        camara, _ = Body.objects.get_or_create(slug="etica-camara", defaults=dict(
            name="Comisión de Ética de la Cámara de Representantes", short_name="Ética (Cámara)",
            rulebook="camara-171", case_prefix="CE", seats=7))
        municipal, _ = Body.objects.get_or_create(slug="querellas-municipales", defaults=dict(
            name="Comisión para Ventilar Querellas Municipales", short_name="Querellas Municipales",
            rulebook="municipal", case_prefix="CVQM", seats=3))
        if not camara.memberships.exists():
            for given, family, position, title in CAMARA_MEMBERS:
                p = self._person(given, family, "representative", title)
                Membership.objects.create(body=camara, person=p, position=position, start=dt.date(2025, 1, 13))
        if not municipal.memberships.exists():
            for given, family, position in MUNICIPAL_MEMBERS:
                p = self._person(given, family, None, "")
                Membership.objects.create(body=municipal, person=p, position=position, start=dt.date(2025, 3, 1))
        return camara, municipal

    def _person(self, given: str, family: str, role: str | None, title: str, municipality: str = "") -> Person:
        person, created = Person.objects.get_or_create(given_name=given, family_name=family)
        if created and role:
            OfficeTerm.objects.create(person=person, role=role, title=title, municipality=municipality,
                                      start=TERM_START)
        return person

    def _register(self) -> list[Person]:
        reps = [self._person(g, f, "representative", t) for g, f, t in REPRESENTATIVES]
        others = [self._person(g, f, role, t) for g, f, role, t in OFFICERS]
        for g, f, town in MAYORS:
            self._person(g, f, "mayor", f"Alcalde de {town}" if not g.endswith("a") else f"Alcaldesa de {town}",
                         municipality=town)
        # respondents by plan index: 0–8 Representatives (wrapping), 9 officer, 10 department head, 11 head
        return [*reps, reps[0], others[0], others[2], others[3]]

    def _users(self, camara: Body, municipal: Body, passwords: dict[str, str]) -> None:
        members = {m.position: m.person for m in camara.memberships.all()}
        for username, first, last, function in USERS:
            person = {"member": members.get("member"), "president": members.get("president")}.get(function)
            if person is not None:
                first, last = person.given_name, person.family_name
            user, _ = User.objects.get_or_create(username=username)
            user.first_name, user.last_name, user.person = first, last, person
            user.is_superuser = user.is_staff = function == "admin"
            user.set_password(passwords[username])
            user.save()
            grant = {"secretary": (camara, RoleGrant.Role.SECRETARY), "staff": (camara, RoleGrant.Role.STAFF),
                     "speakers_office": (camara, RoleGrant.Role.SPEAKERS_OFFICE),
                     "municipal_secretary": (municipal, RoleGrant.Role.SECRETARY)}.get(function)
            if grant:
                RoleGrant.objects.get_or_create(user=user, body=grant[0], role=grant[1])

    # -- cases --------------------------------------------------------------------------------

    def _cases(self, camara: Body, respondents: list[Person], plans: list[Plan]) -> None:
        municipal = camara.rulebook == "municipal"
        secretary = User.objects.get(username="secretaria-municipal" if municipal else "secretaria")
        today = clock.today()
        probe = Case(body=camara, kind="complaint", respondent_role="representative")
        calendar, _ = compute_calendar(case_facts(probe))
        for n, plan in enumerate(plans):
            respondent = respondents[plan.respondent]
            office = respondent.offices.first()
            assert office is not None
            total = sum(s.after for s in plan.steps) + plan.pad
            day = _back(calendar, today, total)
            filed_at = dt.datetime.combine(day, dt.time(9 + n % 6, 15), PR_TZ)
            if municipal:
                payload: dict[str, Any] = {"complainant_kind": "citizen" if n % 2 else "municipal_assembly",
                                           "sworn": True, "evidence_attached": True}
                details = {"facts": plan.facts}
            elif plan.kind == "referral":
                payload = {"facts_date": (day - dt.timedelta(days=20)).isoformat(), "evidence_attached": True}
                details = {"facts": plan.facts}
            else:
                payload = {"knowledge_date": (day - dt.timedelta(days=12)).isoformat(),
                           "facts_date": (day - dt.timedelta(days=15)).isoformat(),
                           "channel": "email" if n % 2 else "in_person"}
                details = {"facts": plan.facts, "provisions": "Sec. 10(i), Sec. 10(j)"}
            first = ActInput("referral_received" if plan.kind == "referral" else "complaint_filed", filed_at, True,
                             payload, details)
            case = do_file_case(
                user=secretary, body=camara, kind=plan.kind, respondent=respondent, respondent_role=office.role,
                respondent_office=office.title,
                complainant=None if plan.kind == "referral" else {
                    "name": f"Querellante Ficticio {n + 1}", "email": f"querellante{n + 1}@example.org",
                    "phone": f"787-555-01{n:02d}", "postal_address": "Apartado 9000, San Juan, PR 00902"},
                act=first, now=filed_at + dt.timedelta(minutes=5),
            )
            for step in plan.steps:
                day = calendar.add_business_days(day, step.after).due if step.after else day
                at = dt.datetime.combine(day, dt.time(10, 0), PR_TZ)
                payload = dict(step.payload)
                if step.act == "hearing_noticed":
                    hearing = calendar.add_business_days(day, 20 if municipal else 12).due
                    payload["hearing_date"] = f"{hearing.isoformat()}T10:00"
                ballots = None
                if step.votes:
                    members = [m.person for m in camara.members_on(day)]
                    yes, no = step.votes
                    yes, no = min(yes, len(members)), min(no, max(0, len(members) - yes))
                    ballots = {p.pk: ("yes" if i < yes else "no" if i < yes + no else "abstain")
                               for i, p in enumerate(members)}
                do_record_act(user=secretary, case=case, now=at + dt.timedelta(minutes=30), act=ActInput(
                    step.act, at, True, payload, dict(step.details), ballots=ballots))
            do_refresh_case(case)
            stage = Case.objects.get(pk=case.pk).stage
            self.stdout.write(f"  {case.number}: {STAGES.get(stage, stage)}")
        if "complaint" not in RULEBOOKS["municipal"].kinds:
            self.stdout.write("  (el reglamento municipal aún no define querellas: sin casos municipales de demostración)")


def _back(calendar: Any, day: dt.date, n: int) -> dt.date:
    """The day ``n`` business days before ``day``."""
    while n > 0:
        day -= dt.timedelta(days=1)
        if calendar.is_business_day(day):
            n -= 1
    return day
