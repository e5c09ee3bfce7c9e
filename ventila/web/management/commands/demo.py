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
from django.contrib.auth.hashers import Argon2PasswordHasher, check_password, get_hasher, make_password
from django.core.management.base import BaseCommand
from django.db import transaction

from ventila import clock
from ventila.accounts import twofactor
from ventila.accounts.models import RoleGrant, User
from ventila.accounts.twofactor import demo_device
from ventila.api.models import ApiClient, ApiToken
from ventila.api.tokens import digest_of, do_create_client, do_issue_token
from ventila.bodies.models import Body, Membership, OfficeTerm, Person
from ventila.cases.access import public_cases
from ventila.cases.actions import ActInput, do_file_case, do_record_act, do_refresh_case
from ventila.cases.evaluation import compute_calendar
from ventila.cases.labels import STAGES
from ventila.cases.models import Case, DocketEntry
from ventila.cases.queries import case_facts
from ventila.documents import publication, signing
from ventila.documents.actions import (
    do_create_draft,
    do_issue_document,
    do_order_delivery,
    do_update_draft,
)
from ventila.documents.mail import demo_outbox
from ventila.documents.models import Delivery, Document
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.search import index as search_index
from ventila.web.demo_advisory import load as load_advisory
from ventila.web.demo_conduct import load as load_conduct
from ventila.web.demo_matters import load as load_matters
from ventila.web.demo_procedures import load as load_procedures
from ventila.web.demo_register import load as load_register

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
    # Issue 26: a second administrator, who approves what the first proposes (/administracion/propuestas/).
    ("admin2", "Segunda administración", "del sistema", "admin"),
    ("miembro-camara", "", "", "house_member"),  # issue 17: a Representative's own opinion requests (Sec. 19)
]
HOUSE_MEMBER = ("Wanda Ivette", "Meléndez Ayala")  # the demo house member: a fictitious Representative
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
        {"sanctions": ["fine"], "fine_amount": 1500}
        if role == "representative"
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
        Step(
            "resolved",
            10,
            {"outcome": outcome},
            {
                "report_findings": "La Comisión determina probados los hechos de la querella.",
                "recommendation": "Se recomienda la sanción que dispone la Sec. 26.",
            },
            votes=(5, 1),
        ),
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
    documents: bool = False  # issue and serve the documents the acts call for (notices, summonses…)


def _plans() -> list[Plan]:
    full = _ordinary()
    extension = [
        Step("respondent_notified", 2),
        Step("extension_requested", 5, {"reasons": "Acopio de prueba documental."}),
        Step("extension_granted", 1, {"business_days": 10}),
    ]
    dismissal = [
        Step("respondent_notified", 2),
        Step("answer_filed", 6),
        Step("determination_made", 9, {"outcome": "dismissed", "grounds": ["frivolous"]}, votes=(6, 1)),
        Step("determination_notified", 2),
        Step("case_closed", 3),
    ]
    return [
        Plan(0, [], 0, facts="Uso de un vehículo oficial para fines personales."),
        Plan(1, full[:1], 3, facts="Contratación de un familiar en su oficina.", documents=True),
        Plan(2, full[:1], 20, facts="Recibo de un regalo de más de $250 de un contratista."),
        Plan(3, extension, 2, facts="Ingresos extra-legislativos sin notificar."),
        Plan(4, full[:2], 4, facts="Uso de información confidencial."),
        Plan(5, dismissal, 10, facts="Expresiones ofensivas en una vista pública.", documents=True),
        Plan(6, full[:4], 1, facts="Gestión a favor de un donante."),
        Plan(7, full[:5], 0, facts="Conflicto de interés en una medida legislativa."),
        Plan(8, full[:7], 5, facts="Uso de fondos de la oficina para actividades políticas.", documents=True),
        Plan(9, _ordinary(role="officer")[:8], 1, facts="Compras sin el trámite de subasta."),
        # Resolved, referred, sanctioned and closed: the public record shows its resolution, its Final
        # Report (acted on) and the sanction (issue 17).
        Plan(0, full, 10, facts="Cobro de dietas por sesiones a las que no asistió.", documents=True),
        Plan(10, _ordinary(role="department_head")[:9], 2, facts="Nombramientos sin convocatoria."),
        Plan(
            11,
            [Step("respondent_notified", 2)],
            1,
            kind="referral",
            facts="Referido de la OEG por informes tardíos.",
            documents=True,
        ),
    ]


def _municipal_plans() -> list[Plan]:
    flow = [
        Step("respondent_notified", 2),
        Step("answer_filed", 6),
        Step("hearing_noticed", 5, {"public": True}),
        Step("hearing_concluded", 20, {"before": "full"}),
        Step("decision_issued", 5, {"outcome": "admonition"}, votes=(2, 1)),
    ]
    return [
        Plan(0, flow[:1], 2, facts="Uso de fondos municipales en actividades partidistas."),
        Plan(1, flow[:2], 3, facts="Contratos otorgados sin subasta.", documents=True),
        Plan(2, flow[:3], 1, facts="Negativa a entregar informes a la Asamblea Municipal.", documents=True),
        Plan(
            3,
            [*flow, Step("decision_notified", 1)],
            2,
            facts="Nombramiento de un familiar en el municipio.",
            documents=True,
        ),
    ]


class DemoPasswordHasher(Argon2PasswordHasher):
    """Argon2id with light parameters, for the demo's sign-ins only: their passwords are random (72 bits from
    ``secrets``), so the hash's cost adds nothing a guesser would notice, while the full parameters cost a
    newcomer's first ``./run serve`` ≈ 2 s of CPU for nine accounts. Django verifies the hash with the parameters it
    carries and re-hashes it with the installation's own (``settings.PASSWORD_HASHERS``) at the first sign-in."""

    time_cost = 1
    memory_cost = 1024  # KiB
    parallelism = 1


def demo_password_hash(raw: str) -> str:
    """``raw`` hashed for a demo account: light Argon2id where the installation hashes with Argon2 (its default),
    else with its own default hasher."""
    default = get_hasher()
    return make_password(raw, hasher=DemoPasswordHasher() if default.algorithm == "argon2" else default)


class Command(BaseCommand):
    help = "Carga los datos de demostración (idempotente) e imprime las credenciales de demostración."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--quiet", action="store_true", help="No imprimir las credenciales.")
        parser.add_argument(
            "--address", default="127.0.0.1:8000", help="Dónde se servirá la aplicación (la que imprime para entrar)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        passwords = self._passwords()
        with transaction.atomic():
            camara, municipal = self._bodies()
            people = self._register()
            self._users(camara, municipal, passwords)
            for username, *_ in USERS:  # pre-enrolled in the second factor (issue 7)
                demo_device(User.objects.get(username=username))
        # Issue 32: a demo CA and each body's certificate, which sign every PDF issued below.
        certificates = signing.demo_certificates([camara, municipal])
        if not Case.objects.filter(body=camara).exists():
            self._cases(camara, people, _plans())
        if "complaint" in RULEBOOKS[municipal.rulebook].kinds and not Case.objects.filter(body=municipal).exists():
            mayors = [o.person for o in OfficeTerm.objects.filter(role="mayor").order_by("pk")]
            self._cases(municipal, mayors, _municipal_plans(), municipal=True)
        # Issue 6: recusal and substitutes, suspensions, the summary procedure, the municipal Commission.
        load_procedures(self.stdout, camara, municipal)
        # Issue 16: the register of obligated people and their financial-report duties.
        load_register(self.stdout, camara, User.objects.get(username="secretaria"))
        # Issue 16, Sec. 10: gifts, court summonses and nepotism checks of the demo register's people.
        load_conduct(self.stdout, camara, User.objects.get(username="secretaria"))
        # Issue 16: outside activities, access requests and regulations (Secs. 11, 17, 27), in several states.
        load_matters(self.stdout, camara, User.objects.get(username="secretaria"))
        # Issue 17: advisory opinions (Sec. 19) in several states, one on a complaint's respondent.
        load_advisory(self.stdout, camara, User.objects.get(username="secretaria"))
        # Issue 26: each body's secretary reviews the redacted text of the final matters that wait for it (the
        # demo's complainants share the respondents' fictitious surnames) and approves their publication.
        for body, username in ((camara, "secretaria"), (municipal, "secretaria-municipal")):
            reviewer = User.objects.get(username=username)
            for m in publication.awaiting_review(public_cases(body)):
                publication.do_review_publication(user=reviewer, case=m.case, terms="", digest=m.digest)
        # Issue 17: the search index, rebuilt from everything above (acts keep it current as they are written).
        search_index.rebuild()
        api_token = self._api_demo(camara)
        if not options["quiet"]:
            self._print(passwords, options["address"])
            self.stdout.write(
                "API (/api/v1/, documentación en /api/v1/docs): token de demostración de la Oficina de Ética "
                f"Gubernamental (ficticia), cabecera «Authorization: Bearer …»:\n  {api_token}"
            )
            for path in certificates:
                self.stdout.write(f"Certificado de firma de demostración (sin validez legal): {path}")

    # -- sign-ins ----------------------------------------------------------------------------

    def _api_demo(self, camara: Body) -> str:
        """Issue 26: an OEG organisation (fictitious) with a token a newcomer can try the API with, printed
        beside the sign-ins. Its secret is kept, like the demo passwords, in ``var/demo_signins.json`` (only
        its SHA-256 is in the database); a run that finds it there issues none."""
        path = settings.VAR_DIR / "demo_signins.json"
        stored: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
        secret = stored.get("api:oeg", "")
        if secret and ApiToken.objects.filter(digest=digest_of(secret), revoked_at=None).exists():
            return secret
        approver = User.objects.get(username="admin2")
        name = "Oficina de Ética Gubernamental (demostración)"
        client = ApiClient.objects.filter(name=name).first() or do_create_client(
            user=approver, name=name, role=ApiClient.Role.OEG, body=camara, reason="Demostración de la API"
        )
        _token, secret = do_issue_token(
            user=approver,
            client=client,
            label="demostración",
            scopes=["referrals", "financial", "cases_read", "deadlines"],
        )
        stored["api:oeg"] = secret
        path.write_text(json.dumps(stored, indent=2))
        path.chmod(0o600)
        return secret

    def _passwords(self) -> dict[str, str]:
        path = settings.VAR_DIR / "demo_signins.json"
        stored: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
        for username, *_ in USERS:
            stored.setdefault(username, "demo-" + secrets.token_urlsafe(9))
        path.write_text(json.dumps(stored, indent=2))
        path.chmod(0o600)
        return stored

    def _print(self, passwords: dict[str, str], address: str) -> None:
        labels = {
            "secretaria": "Secretaria de la Comisión de Ética",
            "personal": "Personal de la Comisión de Ética",
            "comisionado": "Comisionado (miembro de la Comisión)",
            "presidente": "Presidenta de la Comisión",
            "presidencia": "Oficina del Presidente de la Cámara",
            "secretaria-municipal": "Secretaria de la Comisión de Querellas Municipales",
            "admin": "Administración del sistema",
            "admin2": "Segunda administración (aprueba lo que propone la otra)",
            "miembro-camara": "Representante (sus solicitudes de opinión consultiva)",
        }
        self.stdout.write(f"Credenciales de demostración (http://{address}/entrar/):")
        for username, *_ in USERS:
            self.stdout.write(f"  {username:<22} {passwords[username]:<20} {labels[username]}")
        self._print_second_factors()

    def _print_second_factors(self) -> None:
        """Every demo user is pre-enrolled in the second factor (issue 7): print each TOTP key."""
        self.stdout.write(
            "Segundo factor (obligatorio para quien ve expedientes): añada la clave a su aplicación de "
            "autenticación, o pida el código del momento con ./run manage codigo-demo USUARIO"
        )
        for username, *_ in USERS:
            device = twofactor.demo_device(User.objects.get(username=username))
            self.stdout.write(f"  totp {username:<22} {twofactor.grouped(twofactor.secret_base32(device))}")

    # -- bodies, people, users ----------------------------------------------------------------

    def _bodies(self) -> tuple[Body, Body]:
        camara, _ = Body.objects.get_or_create(
            slug="etica-camara",
            defaults=dict(
                name="Comisión de Ética de la Cámara de Representantes",
                short_name="Ética (Cámara)",
                rulebook="camara-171",
                case_prefix="CE",
                seats=7,
                approved=True,  # the demo's bodies stand for ones two administrators approved
            ),
        )
        municipal, _ = Body.objects.get_or_create(
            slug="querellas-municipales",
            defaults=dict(
                name="Comisión para Ventilar Querellas Municipales",
                short_name="Querellas Municipales",
                rulebook="municipal",
                case_prefix="CVQM",
                seats=3,
                approved=True,
            ),
        )
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
            OfficeTerm.objects.create(
                person=person, role=role, title=title, municipality=municipality, start=TERM_START
            )
        return person

    def _register(self) -> list[Person]:
        reps = [self._person(g, f, "representative", t) for g, f, t in REPRESENTATIVES]
        others = [self._person(g, f, role, t) for g, f, role, t in OFFICERS]
        for g, f, town in MAYORS:
            self._person(
                g,
                f,
                "mayor",
                f"Alcalde de {town}" if not g.endswith("a") else f"Alcaldesa de {town}",
                municipality=town,
            )
        # respondents by plan index: 0–8 Representatives (wrapping), 9 officer, 10 department head, 11 head
        return [*reps, reps[0], others[0], others[2], others[3]]

    def _users(self, camara: Body, municipal: Body, passwords: dict[str, str]) -> None:
        members = {m.position: m.person for m in camara.memberships.all()}
        for username, first, last, function in USERS:
            person = {"member": members.get("member"), "president": members.get("president")}.get(function)
            if function == "house_member":
                person = Person.objects.filter(given_name=HOUSE_MEMBER[0], family_name=HOUSE_MEMBER[1]).first()
            if person is not None:
                first, last = person.given_name, person.family_name
            user, _ = User.objects.get_or_create(username=username)
            user.first_name, user.last_name, user.person = first, last, person
            user.is_superuser = user.is_staff = function == "admin"
            if not check_password(passwords[username], user.password):  # new, or changed in demo_signins.json
                user.password = demo_password_hash(passwords[username])
            user.save()
            grant = {
                "secretary": (camara, RoleGrant.Role.SECRETARY),
                "staff": (camara, RoleGrant.Role.STAFF),
                "speakers_office": (camara, RoleGrant.Role.SPEAKERS_OFFICE),
                "municipal_secretary": (municipal, RoleGrant.Role.SECRETARY),
                "house_member": (camara, RoleGrant.Role.HOUSE_MEMBER),
            }.get(function)
            if grant:
                RoleGrant.objects.get_or_create(user=user, body=grant[0], role=grant[1])

    # -- cases --------------------------------------------------------------------------------

    def _cases(self, camara: Body, respondents: list[Person], plans: list[Plan], *, municipal: bool = False) -> None:
        """The demo cases of one body (``municipal``: the municipal Commission this command built)."""
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
                payload: dict[str, Any] = {
                    "complainant_kind": "citizen" if n % 2 else "municipal_assembly",
                    "sworn": True,
                    "evidence_attached": True,
                }
                details = {"facts": plan.facts}
            elif plan.kind == "referral":
                payload = {"facts_date": (day - dt.timedelta(days=20)).isoformat(), "evidence_attached": True}
                details = {"facts": plan.facts}
            else:
                payload = {
                    "knowledge_date": (day - dt.timedelta(days=12)).isoformat(),
                    "facts_date": (day - dt.timedelta(days=15)).isoformat(),
                    "channel": "email" if n % 2 else "in_person",
                }
                details = {"facts": plan.facts, "provisions": "Sec. 10(i), Sec. 10(j)"}
            first = ActInput(
                "referral_received" if plan.kind == "referral" else "complaint_filed", filed_at, True, payload, details
            )
            case = do_file_case(
                user=secretary,
                body=camara,
                kind=plan.kind,
                respondent=respondent,
                respondent_role=office.role,
                respondent_office=office.title,
                complainant=None
                if plan.kind == "referral"
                else {
                    "name": f"Querellante Ficticio {n + 1}",
                    "email": f"querellante{n + 1}@example.org",
                    "phone": f"787-555-01{n:02d}",
                    "postal_address": "Apartado 9000, San Juan, PR 00902",
                },
                act=first,
                now=filed_at + dt.timedelta(minutes=5),
            )
            papers = _DemoDocuments(secretary, case, n, municipal) if plan.documents else None
            for step in plan.steps:
                day = calendar.add_business_days(day, step.after).due if step.after else day
                at = dt.datetime.combine(day, dt.time(10, 0), PR_TZ)
                if papers is not None and papers.serve(step.act, day, at):
                    continue  # the receipt of the document recorded the act
                payload = dict(step.payload)
                if step.act == "hearing_noticed":
                    hearing = calendar.add_business_days(day, 20 if municipal else 12).due
                    payload["hearing_date"] = f"{hearing.isoformat()}T10:00"
                ballots = None
                if step.votes:
                    members = [m.person for m in camara.members_on(day)]
                    yes, no = step.votes
                    yes, no = min(yes, len(members)), min(no, max(0, len(members) - yes))
                    ballots = {
                        p.pk: ("yes" if i < yes else "no" if i < yes + no else "abstain") for i, p in enumerate(members)
                    }
                entry = do_record_act(
                    user=secretary,
                    case=case,
                    now=at + dt.timedelta(minutes=30),
                    act=ActInput(step.act, at, True, payload, dict(step.details), ballots=ballots),
                )
                if papers is not None:
                    papers.after(entry)
            do_refresh_case(case)
            stage = Case.objects.get(pk=case.pk).stage
            self.stdout.write(f"  {case.number}: {STAGES.get(stage, stage)}")
        if municipal and "complaint" not in RULEBOOKS[camara.rulebook].kinds:
            self.stdout.write(
                "  (el reglamento municipal aún no define querellas: sin casos municipales de demostración)"
            )


# The sections of a draft that staff complete by hand before issuing (fictitious texts).
DEMO_EDITS: dict[str, dict[str, str]] = {
    "hearing_summons": {"witnesses": "Sr. Juan Testigo Ficticio, empleado de la oficina del Representante."},
    "resolution": {"conclusions_of_law": "La conducta probada infringe la Sec. 10(i) del Código de Ética."},
    "mun_decision": {
        "findings_of_fact": "Se probó el nombramiento de un familiar del Alcalde en el municipio.",
        "conclusions_of_law": "Procede la amonestación (¶30).",
    },
}


class _DemoDocuments:
    """The documents of a demo case, issued and served through the same actions as the web app's.

    The notice of the complaint (and the municipal notice to the mayor) is e-mailed — to the demo
    outbox, never to a real server — and then received by hand: that receipt records
    ``respondent_notified``, as in the Secretariat. The determination and the municipal decision are
    served by hand and by mail (their receipt records the notice act); hearing summonses and the
    resolution are served when issued."""

    def __init__(self, secretary: User, case: Case, n: int, municipal: bool) -> None:
        self.secretary, self.case, self.n, self.municipal = secretary, case, n, municipal

    def serve(self, act: str, day: dt.date, at: dt.datetime) -> bool:
        """Serve the document whose receipt is ``act`` (received on ``day``); False if none is."""
        if act == "respondent_notified":
            first = self.case.entries.get(seq=1)
            doc = self._issue(first, "mun_notice" if self.municipal else "notice_of_complaint")
            self._email(doc, "respondent", doc.issued_at + dt.timedelta(minutes=20))
            self._by_hand(
                doc,
                "respondent",
                dt.datetime.combine(day, dt.time(9, 0), PR_TZ),
                day,
                "Acuse de recibo firmado en su oficina.",
            )
            return True
        source = {"determination_notified": "determination_made", "decision_notified": "decision_issued"}.get(act)
        if source is None:
            return False
        entry = self.case.entries.filter(event_type=source).order_by("-seq").first()
        assert entry is not None
        doc = self._issue(entry, "mun_decision" if self.municipal else "determination")
        when = dt.datetime.combine(day, dt.time(9, 0), PR_TZ)
        self._by_hand(doc, "respondent", when, day, "Entregada en su oficina.")
        self._by_hand(doc, "complainant", when, day, "Acuse de recibo del correo certificado.", method="mail")
        return True

    def after(self, entry: DocketEntry) -> None:
        """Issue and serve the document an act just recorded calls for (hearing summons, resolution)."""
        later = entry.occurred_at + dt.timedelta(hours=2)
        if entry.event_type == "hearing_noticed":
            doc = self._issue(entry, "mun_hearing_notice" if self.municipal else "hearing_summons")
            if self.municipal:
                self._email(doc, "respondent", later)
            else:  # Sec. 21(c)(11): the respondent's initial summons is served in person
                self._by_hand(doc, "respondent", later, later.astimezone(PR_TZ).date(), "Citación entregada en mano.")
            self._email(doc, "complainant", later)
        elif entry.event_type == "resolved":
            doc = self._issue(entry, "resolution")
            self._email(doc, "respondent", later)
            self._email(doc, "complainant", later)
        elif entry.event_type == "report_referred":  # Sec. 25: to the House or the Speaker
            self._email(self._issue(entry, "final_report"), "speaker", later)

    def _issue(self, entry: DocketEntry, template: str) -> Document:
        when = entry.occurred_at + dt.timedelta(hours=1)
        draft = do_create_draft(user=self.secretary, case=self.case, entry=entry, template=template, now=when)
        edits = DEMO_EDITS.get(template)
        if edits:  # what staff write in before issuing (the generated text leaves it to them)
            draft = do_update_draft(draft=draft, title=draft.title, texts=edits)
        return do_issue_document(user=self.secretary, draft=draft, now=when)

    def _party(self, role: str) -> tuple[str, str]:
        party = self.case.party(role) or self.case.parties.filter(role=role).first()
        name = party.name if party else role
        email = (party.email if party else "") or f"{role}.{self.n + 1}@example.org"
        return name, email

    def _email(self, doc: Document, role: str, now: dt.datetime) -> None:
        name, email = self._party(role)
        with demo_outbox():  # never a real server: the demo's messages stay in memory
            do_order_delivery(
                user=self.secretary,
                document=doc,
                role=role,
                name=name,
                email=email,
                method=Delivery.Method.EMAIL_ATTACHMENT,
                now=now,
            )

    def _by_hand(
        self,
        doc: Document,
        role: str,
        now: dt.datetime,
        received_on: dt.date,
        note: str,
        method: str = Delivery.Method.HAND,
    ) -> None:
        name, _email = self._party(role)
        do_order_delivery(
            user=self.secretary,
            document=doc,
            role=role,
            name=name,
            email="",
            method=method,
            received_on=received_on,
            receipt_note=note,
            now=now,
        )


def _back(calendar: Any, day: dt.date, n: int) -> dt.date:
    """The day ``n`` business days before ``day``."""
    while n > 0:
        day -= dt.timedelta(days=1)
        if calendar.is_business_day(day):
            n -= 1
    return day
