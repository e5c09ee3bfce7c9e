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
from ventila.cases.actions import ActInput, do_record_act, do_refresh_case
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
from ventila.rules.demo import Demo, Issue, resolved
from ventila.rules.rulebooks import DEMOS
from ventila.search import index as search_index
from ventila.web.demo_advisory import load as load_advisory
from ventila.web.demo_common import business_days_back, file_against, person_in_office
from ventila.web.demo_conduct import load as load_conduct
from ventila.web.demo_matters import load as load_matters
from ventila.web.demo_procedures import load as load_procedures
from ventila.web.demo_register import load as load_register

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
            self._cases(camara, people)
        if not Case.objects.filter(body=municipal).exists():
            mayors = [o.person for o in OfficeTerm.objects.filter(role="mayor").order_by("pk")]
            self._cases(municipal, mayors)
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
        for body in (camara, municipal):
            reviewer = User.objects.get(username=DEMOS[body.rulebook].body.secretary)
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
        """The demo's two bodies, as their rulebooks' demo data declares them (House, municipal)."""
        bodies = []
        for rulebook, demo in DEMOS.items():
            spec = demo.body
            body, _ = Body.objects.get_or_create(
                slug=spec.slug,
                defaults=dict(
                    name=spec.name,
                    short_name=spec.short_name,
                    rulebook=rulebook,
                    case_prefix=spec.case_prefix,
                    seats=spec.seats,
                    approved=True,  # the demo's bodies stand for ones two administrators approved
                ),
            )
            if not body.memberships.exists():
                for given, family, position, role, title in spec.members:
                    p = self._person(given, family, role, title)
                    Membership.objects.create(body=body, person=p, position=position, start=spec.seated)
            bodies.append(body)
        camara, municipal = bodies
        return camara, municipal

    def _person(self, given: str, family: str, role: str | None, title: str, municipality: str = "") -> Person:
        return person_in_office(given, family, role, title, municipality, start=TERM_START)

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
            user, created = User.objects.get_or_create(username=username)
            user.first_name, user.last_name, user.person = first, last, person
            user.is_superuser = user.is_staff = function == "admin"
            # New (no hash to check: Django would hash a random password with the full Argon2id to even out the
            # timing, ≈ 0.25 s of CPU an account), or changed in demo_signins.json.
            if created or not check_password(passwords[username], user.password):
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

    def _cases(self, body: Body, respondents: list[Person]) -> None:
        """The demo cases of one body, as its rulebook's demo data plans them."""
        demo = DEMOS[body.rulebook]
        kinds = RULEBOOKS[body.rulebook].kinds
        if any(plan.kind not in kinds for plan in demo.plans):
            self.stdout.write(
                f"  ({body.short_name}: su reglamento aún no define esos asuntos: sin casos de demostración)"
            )
            return
        secretary = User.objects.get(username=demo.body.secretary)
        today = clock.today()
        probe = Case(body=body, kind="complaint", respondent_role="representative")
        calendar, _ = compute_calendar(case_facts(probe))
        for n, plan in enumerate(demo.plans):
            respondent = respondents[plan.respondent]
            office = respondent.offices.first()
            assert office is not None
            total = sum(s.after for s in plan.steps) + plan.pad
            day = business_days_back(calendar, today, total)
            filed_at = dt.datetime.combine(day, dt.time(9 + n % 6, 15), PR_TZ)
            opening = demo.openings[plan.kind]
            payload = resolved(opening.payload, day, n)
            details = {"facts": plan.facts, **opening.details}
            first = ActInput(kinds[plan.kind].filing_act, filed_at, True, payload, details)
            case = file_against(
                secretary,
                body,
                plan.kind,
                respondent,
                office,
                first,
                complainant={
                    "name": f"Querellante Ficticio {n + 1}",
                    "email": f"querellante{n + 1}@example.org",
                    "phone": f"787-555-01{n:02d}",
                    "postal_address": "Apartado 9000, San Juan, PR 00902",
                }
                if opening.complainant
                else None,
                now=filed_at + dt.timedelta(minutes=5),
            )
            papers = _DemoDocuments(secretary, case, n, demo) if plan.documents else None
            for step in plan.steps:
                day = calendar.add_business_days(day, step.after).due if step.after else day
                at = dt.datetime.combine(day, dt.time(10, 0), PR_TZ)
                if papers is not None and papers.serve(step.act, day, at):
                    continue  # the receipt of the document recorded the act
                payload = dict(step.payload)
                if step.hearing_in:
                    hearing = calendar.add_business_days(day, step.hearing_in).due
                    payload["hearing_date"] = f"{hearing.isoformat()}T10:00"
                ballots = None
                if step.votes:
                    members = [m.person for m in body.members_on(day)]
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


class _DemoDocuments:
    """The documents of a demo case, issued and served through the same actions as the web app's.

    Which documents, and how each is served, the body's demo data says (:class:`ventila.rules.demo.Demo`):
    a notice e-mailed — to the demo outbox, never to a real server — and then received by hand, its
    receipt recording the notice act as in the Secretariat; a decision served by hand and by mail; a
    summons or a resolution served when issued."""

    def __init__(self, secretary: User, case: Case, n: int, demo: Demo) -> None:
        self.secretary, self.case, self.n, self.demo = secretary, case, n, demo

    def serve(self, act: str, day: dt.date, at: dt.datetime) -> bool:
        """Serve the document whose receipt is ``act`` (received on ``day``); False if none is."""
        paper = self.demo.receipts.get(act)
        if paper is None:
            return False
        if paper.source:
            entry = self.case.entries.filter(event_type=paper.source).order_by("-seq").first()
        else:
            entry = self.case.entries.get(seq=1)
        assert entry is not None
        doc = self._issue(entry, paper.template)
        self._deliver(
            doc, paper, doc.issued_at + dt.timedelta(minutes=20), dt.datetime.combine(day, dt.time(9, 0), PR_TZ)
        )
        return True

    def after(self, entry: DocketEntry) -> None:
        """Issue and serve the document an act just recorded calls for (hearing summons, resolution)."""
        paper = self.demo.issues.get(entry.event_type)
        if paper is not None:
            later = entry.occurred_at + dt.timedelta(hours=2)
            self._deliver(self._issue(entry, paper.template), paper, later, later)

    def _deliver(self, doc: Document, paper: Issue, emailed: dt.datetime, handed: dt.datetime) -> None:
        for serve in paper.served:
            if serve.method == Delivery.Method.EMAIL_ATTACHMENT:
                self._email(doc, serve.role, emailed)
            else:
                self._by_hand(doc, serve.role, handed, handed.astimezone(PR_TZ).date(), serve.note, serve.method)

    def _issue(self, entry: DocketEntry, template: str) -> Document:
        when = entry.occurred_at + dt.timedelta(hours=1)
        draft = do_create_draft(user=self.secretary, case=self.case, entry=entry, template=template, now=when)
        edits = self.demo.edits.get(template)
        if edits:  # what staff write in before issuing (the generated text leaves it to them)
            draft = do_update_draft(draft=draft, title=draft.title, texts=dict(edits))
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
