"""The synthetic docket of ``ventila generate`` (issue 14): N fictitious cases for the benchmarks.

Cases are spread over the demo's two bodies (the House Ethics Commission, ``camara-171``: complaints
and OEG referrals; the municipal Commission: complaints, special suspension proceedings and
deadlocks). Each docket is one of the sequences the demo records (``ventila demo`` and
:mod:`ventila.web.demo_procedures`), cut at a random stage, with its dates drawn and counted in
business days on the body's legal calendar, and some cases padded with the acts the rulebook allows
at any time (summonses of witnesses, requests for documents) — 2 to 40 entries, and a few cases of
about 200 for the case-page benchmark. Every act is checked by :func:`ventila.cases.actions.check_act`
against the docket as it stood when the act happened (the door every act of the web app goes
through); an act it refuses ends the docket there.

The rows are written in bulk (one transaction per batch; on PostgreSQL by ``COPY``, :func:`_insert`):
cases under numbers taken in blocks from the body's counter, parties, docket entries, roll calls and
ballots; the entries are chained into the audit chain in bulk, and so are the first versions of the
cases and parties (:mod:`ventila.audit.state`), so ``ventila audit verify`` passes; the search index
rows of the cases and entries are written with them (no ``reindexar`` after a run). Then each case is
derived by the real derivation (:func:`derive`), the batch's public rows written together
(:func:`ventila.search.public.deferred`).

Every person is fictitious: names are drawn from the lists below. Generated cases are recorded by
the account ``generador`` (inactive, no password), which is how a later run tells them from real ones.
"""

from __future__ import annotations

import datetime as dt
import operator
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, models, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ventila import clock
from ventila.accounts import twofactor
from ventila.accounts.models import RoleGrant, User
from ventila.audit import chain, state
from ventila.audit.models import ChainLink, StateRecord
from ventila.audit.registry import fields_of
from ventila.bodies.models import Body, Closure, ElectionDay, OfficeTerm, Person
from ventila.cases.actions import ActInput, ActRefused, case_number, check_act, rederive, roll_call_row, take_numbers
from ventila.cases.evaluation import CaseFacts, PlannedEvent, compute_calendar, compute_caption, rulebook_and_kind
from ventila.cases.models import Ballot, Case, DocketEntry, Party, RollCall
from ventila.cases.voting import vote_rule
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.parts import SAMPLE_NAME, Choice, Days, SampleFlow
from ventila.rules.votes import tally
from ventila.search import index as search_index
from ventila.search import public as public_record
from ventila.stats import stored as stored_stats

GENERATOR = "generador"  # the account that records every generated entry
BENCH_USER = "secretaria-general"  # secretary of both bodies: sees every case (the benchmarks sign in as her)

# Invented people: a given name and two family names drawn from these lists (the demo's names are
# not among them, so no generated witness is ever taken for a seated member).
GIVEN_NAMES = (
    "Adalberto", "Adriana", "Alexis", "Amarilis", "Anabel", "Armando", "Belkis", "Benjamín", "Carmelo",
    "Damaris", "Elba", "Eliezer", "Evelyn", "Ezequiel", "Frances", "Gerardo", "Glenda", "Gustavo",
    "Idalia", "Ileana", "Ismael", "Jackeline", "Joel", "Keila", "Lizmarie", "Lorenzo", "Madeline",
    "Marangely", "Moisés", "Nelson", "Norma", "Obed", "Omayra", "Pablo", "Raquel", "Reinaldo",
    "Sheila", "Tamara", "Ulises", "Víctor", "Xiomara", "Yadira", "Zoraida",
)  # fmt: skip
FAMILY_NAMES = (
    "Agosto", "Alvarado", "Andino", "Aponte", "Báez", "Barreto", "Bonilla", "Caraballo", "Carrasquillo",
    "Cartagena", "Centeno", "Cotto", "Crespo", "Dávila", "Delgado", "Escobar", "Espada", "Fontánez",
    "Guzmán", "Hernández", "Jiménez", "Laboy", "Lozada", "Marín", "Merced", "Miranda", "Montañez",
    "Negrón", "Olmo", "Osorio", "Pacheco", "Peña", "Robles", "Rolón", "Sanabria", "Sierra", "Toledo",
    "Valentín", "Varela", "Zayas",
)  # fmt: skip
MUNICIPALITIES = (  # real municipalities, fictitious mayors
    "Adjuntas", "Aibonito", "Añasco", "Barceloneta", "Barranquitas", "Bayamón", "Camuy", "Canóvanas",
    "Carolina", "Cataño", "Cayey", "Ciales", "Cidra", "Coamo", "Comerío", "Corozal", "Culebra", "Dorado",
    "Florida", "Guánica", "Gurabo", "Hatillo", "Hormigueros", "Isabela", "Jayuya", "Juana Díaz", "Juncos",
    "Lajas", "Lares", "Las Marías", "Loíza", "Luquillo", "Manatí", "Maricao", "Maunabo", "Moca", "Morovis",
    "Naguabo", "Naranjito", "Orocovis", "Patillas", "Peñuelas", "Quebradillas", "Rincón", "Sabana Grande",
    "Salinas", "San Germán", "San Lorenzo", "Santa Isabel", "Toa Alta", "Toa Baja", "Utuado", "Vega Alta",
    "Vega Baja", "Vieques", "Villalba", "Yabucoa", "Yauco",
)  # fmt: skip
FACTS = (  # fictitious facts
    "Uso de un vehículo oficial para fines personales (datos sintéticos).",
    "Contratación de un familiar en su oficina (datos sintéticos).",
    "Gestión a favor de un donante (datos sintéticos).",
    "Uso de fondos públicos en actividades políticas (datos sintéticos).",
    "Contratos otorgados sin subasta (datos sintéticos).",
)
FIRST_DAY = dt.date(2025, 3, 17)  # after both bodies' members took their seats (the demo's dates)


LARGE_DOCKET = 200  # entries of the few large cases


@dataclass
class Planned:
    """One case to write: its body, flow, respondent, complainant and the acts checked so far."""

    body: Body
    flow: SampleFlow
    respondent: Person
    office: OfficeTerm
    complainant: dict[str, str] | None
    acts: list[ActInput]
    facts: CaseFacts


@dataclass
class Report:
    cases: int = 0
    entries: int = 0
    refused: int = 0  # acts the rulebook refused (the docket ends before them)
    seconds: float = 0.0
    derive_seconds: float = 0.0
    by_body: dict[str, int] = field(default_factory=dict)


class GenerateRefused(Exception):
    pass


# -- the derivation, in one place ------------------------------------------------------------------


def derive(cases: Sequence[Case], now: dt.datetime) -> None:
    """Derive every case (stage, terms, findings, next due) from its docket by the real derivation,
    the batch path ``ventila rederive`` takes (:func:`ventila.cases.actions.rederive`)."""
    rederive(Case.objects.filter(pk__in=[c.pk for c in cases]), now=now, batch=200, force=True)


# -- set-up: bodies, users, people ---------------------------------------------------------------------


def generator_user() -> User:
    return User.machine(GENERATOR, "Datos", "sintéticos")


def real_cases() -> int:
    """Cases not written by the generator (their first entry is someone else's)."""
    generated = DocketEntry.objects.filter(seq=1, recorded_by__username=GENERATOR).values("case_id")
    return Case.objects.exclude(pk__in=generated).count()


def staff(setup_demo: Callable[[], tuple[Body, Body]]) -> tuple[Body, Body, User]:
    """The demo's bodies, members and users (``setup_demo``), and the benchmarks' secretary of both."""
    camara, municipal = setup_demo()
    user, _created = User.objects.get_or_create(
        username=BENCH_USER, defaults={"first_name": "Secretaría", "last_name": "General (sintética)"}
    )
    for body in (camara, municipal):
        RoleGrant.objects.get_or_create(user=user, body=body, role=RoleGrant.Role.SECRETARY)
    twofactor.demo_device(user)
    return camara, municipal, user


def _name(rng: random.Random) -> tuple[str, str]:
    return rng.choice(GIVEN_NAMES), f"{rng.choice(FAMILY_NAMES)} {rng.choice(FAMILY_NAMES)}"


def _people(rng: random.Random, n: int) -> tuple[list[Person], list[Person], dict[int, OfficeTerm]]:
    """``n`` fictitious Representatives and a fictitious mayor for each municipality of the list."""
    reps = [Person(given_name=g, family_name=f) for g, f in (_name(rng) for _ in range(n))]
    mayors = [Person(given_name=g, family_name=f) for g, f in (_name(rng) for _ in MUNICIPALITIES)]
    Person.objects.bulk_create(reps + mayors)
    terms = [
        OfficeTerm(person=p, role="representative", title=f"Representante del Distrito {i % 40 + 1}", start=FIRST_DAY)
        for i, p in enumerate(reps)
    ] + [
        OfficeTerm(person=p, role="mayor", title=f"Alcaldía de {town}", municipality=town, start=FIRST_DAY)
        for p, town in zip(mayors, MUNICIPALITIES, strict=True)
    ]
    OfficeTerm.objects.bulk_create(terms)
    # The register is kept in the audit chain (bodies.Person, bodies.OfficeTerm): bulk writes send no
    # signal, so their first versions are written here, as the cases' and parties' are.
    _versions_in_bulk(reps + mayors, "Datos sintéticos (ventila generate)")
    _versions_in_bulk(terms, "Datos sintéticos (ventila generate)")
    return reps, mayors, {t.person.pk: t for t in terms}


# -- planning one case ---------------------------------------------------------------------------------


def _drawn(value: Any, day: dt.date, rng: random.Random) -> Any:
    if isinstance(value, Days):
        return (day + dt.timedelta(days=value.offset)).isoformat()
    if isinstance(value, Choice):
        return rng.choice(value.values)
    return value


def _first_act(flow: SampleFlow, at: dt.datetime, rng: random.Random) -> ActInput:
    day = at.date()
    facts = rng.choice(FACTS)
    payload = {name: _drawn(value, day, rng) for name, value in flow.first_payload.items()}
    return ActInput(flow.first, at, True, payload, {"facts": facts, **flow.first_details})


def _plan_acts(
    flow: SampleFlow, calendar: Any, filed: dt.datetime, today: dt.date, target: int, rng: random.Random, *, full: bool
) -> list[ActInput]:
    """The docket: the flow cut at a random stage (and at today), padded to about ``target`` entries."""
    acts = [_first_act(flow, filed, rng)]
    cut = len(flow.steps) if full or rng.random() < 0.4 else rng.randint(0, len(flow.steps))
    day = filed.date()
    days: list[dt.date] = [day]
    padded_until = None  # the index of the last act that padding may follow
    for step in flow.steps[:cut]:
        day = calendar.add_business_days(day, step.after).due if step.after else day
        if day >= today:
            break
        at = dt.datetime.combine(day, dt.time(10, 0) if step.after else dt.time(15, 0), PR_TZ)
        payload = dict(step.payload)
        if step.hearing_in:
            hearing = calendar.add_business_days(day, step.hearing_in).due
            payload["hearing_date"] = f"{hearing.isoformat()}T10:00"
        if step.last_padded and padded_until is None:
            padded_until = len(acts) - 1
        acts.append(ActInput(step.act, at, True, payload, dict(step.details)))
        days.append(day)
    if padded_until is None:
        padded_until = len(acts) - 1
    if flow.padding and target > len(acts):
        # The padding goes after an act whose next act is on a later day (or after the last act), in
        # the afternoon, a minute apart; never once the case is dismissed or resolved.
        gaps = [i for i in range(padded_until + 1) if i + 1 >= len(acts) or days[i + 1] > days[i]]
        extra: dict[int, int] = {}
        for _n in range(target - len(acts)):
            g = rng.choice(gaps)
            extra[g] = extra.get(g, 0) + 1
        out: list[ActInput] = []
        for i, act in enumerate(acts):
            out.append(act)
            for k in range(extra.get(i, 0)):
                at = dt.datetime.combine(days[i], dt.time(16, 0), PR_TZ) + dt.timedelta(minutes=k)
                what = rng.choice(tuple(flow.padding))
                given, family = _name(rng)
                payload = {k: f"{given} {family}" if v == SAMPLE_NAME else v for k, v in flow.padding[what].items()}
                out.append(ActInput(what, at, True, payload))
        acts = out
    return acts


def _checked(facts: CaseFacts, acts: list[ActInput], now: dt.datetime, report: Report) -> list[ActInput]:
    """The acts the rulebook accepts, in order, each against the docket as it stood (``check_act``)."""
    kept: list[ActInput] = []
    events: list[PlannedEvent] = []
    current = None  # the docket so far, evaluated as of now: what the previous act's check returned
    for act in acts:
        try:
            current, _voters, _outcome = check_act(None, facts, events, act, now, current=current)
        except ActRefused:
            report.refused += 1
            break
        kept.append(act)
        events.append(PlannedEvent(act.event_type, act.occurred_at, act.has_time, act.payload))
    return kept


def _target(rng: random.Random) -> int:
    """Entries wanted: mostly a short docket, some up to 40."""
    return rng.choice((2, 3, 4, 6, 8, 10, 12, 14, 16, 20, 25, 30, 40)) if rng.random() < 0.5 else 0


# -- writing ---------------------------------------------------------------------------------------------


def _insert(objs: Sequence[Any]) -> None:
    """Insert new rows of one model as ``bulk_create`` would (same ids, in order; same values), by
    ``COPY`` on PostgreSQL: the ids are taken from the table's sequence in one statement, then the rows
    stream in as one ``COPY … FROM STDIN`` (no parameter arrays to build and dump). Elsewhere (SQLite),
    ``bulk_create``. Sends no signal, as ``bulk_create``."""
    if not objs:
        return
    model = type(objs[0])
    if connection.vendor != "postgresql":
        model.objects.bulk_create(objs, batch_size=1000)
        return
    meta = model._meta
    fields = list(meta.concrete_fields)
    table = connection.ops.quote_name(meta.db_table)
    with connection.cursor() as cursor:
        if meta.pk.attname == "id" and getattr(objs[0], "id", None) is None:
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                [meta.db_table, len(objs)],
            )
            for obj, (pk,) in zip(objs, cursor.fetchall(), strict=True):
                obj.id = pk
        columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
        values = [_db_value(f) for f in fields]
        with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:  # nosec B608 (model's own names)
            for obj in objs:
                copy.write_row([value(obj) for value in values])
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias


# Columns whose Python value is what the database stores (Django's preparation of them only checks it):
# read straight from the object. Any other (JSON, decimals, a default taken when saved…) goes through
# the field's own ``pre_save`` and ``get_db_prep_save``, as ``bulk_create`` does.
_PLAIN = (
    models.AutoField, models.BigAutoField, models.BigIntegerField, models.BooleanField, models.CharField,
    models.DateField, models.ForeignKey, models.IntegerField, models.TextField,
)  # fmt: skip


def _db_value(f: Any) -> Callable[[Any], Any]:
    if isinstance(f, _PLAIN) and not (getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)):
        return operator.attrgetter(f.attname)  # DateTimeField is a DateField: aware datetimes, as written
    return lambda obj: f.get_db_prep_save(f.pre_save(obj, True), connection)


_TALLIES: dict[tuple[str, str, int, tuple[tuple[str, str], ...]], Any] = {}


def _roll_call(body: Body, facts: CaseFacts, act: ActInput, members: list[Person], votes: tuple[int, int]) -> Any:
    yes, no = votes
    yes, no = min(yes, len(members)), min(no, max(0, len(members) - yes))
    act.ballots = {p.pk: ("yes" if i < yes else "no" if i < yes + no else "abstain") for i, p in enumerate(members)}
    rule_id = vote_rule(facts.rulebook, act.event_type)
    if rule_id is None:
        return None
    named = tuple((str(p), act.ballots[p.pk]) for p in members)
    key = (facts.rulebook, rule_id, body.seats, named)
    if key not in _TALLIES:
        _TALLIES[key] = tally(facts.rulebook, dict(named), seats=body.seats, motion_rule_id=rule_id)
    return _TALLIES[key]


def _chain_in_bulk(kind: str, objs: Sequence[Any]) -> list[Any]:
    """Append a link for each of ``objs`` (read back as stored), in one go, under the head's lock; the rows
    as read back."""
    if not objs:
        return []
    model = type(objs[0])
    qs = model._base_manager.filter(pk__in=[o.pk for o in objs]).order_by("pk")
    spec = chain.KINDS.get(kind)
    if spec is not None and spec.prefetch_related:
        qs = qs.prefetch_related(*spec.prefetch_related)
    head = chain.lock_head()
    seq, prev = head.seq, head.hash
    links = []
    moment = timezone.now()
    stored = list(qs)
    for obj in stored:
        covered = chain.covered_now(kind, obj)
        content_hash = chain.digest(chain.content_of(kind, obj, covered))
        seq += 1
        h = chain.link_hash(seq, kind, str(obj.pk), content_hash, prev)
        links.append(
            ChainLink(
                seq=seq,
                kind=kind,
                object_id=str(obj.pk),
                content_hash=content_hash,
                covered=covered,
                prev_hash=prev,
                hash=h,
                at=moment,
            )
        )
        prev = h
    _insert(links)
    type(head).objects.filter(pk=head.pk).update(seq=seq, hash=prev)
    return stored


def _versions_in_bulk(objs: Sequence[Any], reason: str) -> None:
    """The first version of each new row of a registered model (:mod:`ventila.audit.state`), chained."""
    if not objs:
        return
    model = type(objs[0])
    label = f"{model._meta.app_label}.{model.__name__}"
    names = fields_of(label, model)
    rows = model._base_manager.filter(pk__in=[o.pk for o in objs]).order_by("pk")
    moment = timezone.now()
    records = [
        StateRecord(
            kind=label,
            object_id=str(row.pk),
            version=1,
            content=chain.state_content(label, row, names),
            removed=False,
            username=GENERATOR,
            reason=reason,
            at=moment,
        )
        for row in rows
    ]
    _insert(records)
    _chain_in_bulk(state.KIND, records)


def _write(plans: list[Planned], user: User, now: dt.datetime, report: Report) -> None:
    """One batch: cases, parties, entries, roll calls and ballots in bulk; the entries and the first
    versions chained in bulk; then the derivation."""
    numbers: dict[tuple[int, int, str], list[Planned]] = {}
    for p in plans:
        series = RULEBOOKS[p.body.rulebook].series_of(p.flow.kind)
        numbers.setdefault((p.body.pk, p.acts[0].occurred_at.astimezone(PR_TZ).year, series), []).append(p)
    cases: list[Case] = []
    order: list[Planned] = []
    with translation.override("es"):
        for (_body_id, year, series), group in sorted(numbers.items(), key=lambda kv: kv[0]):
            body = group[0].body
            first = take_numbers(body, year, series, len(group))
            for i, p in enumerate(group):
                _rb, kind = rulebook_and_kind(body.rulebook, p.flow.kind)
                cases.append(
                    Case(
                        body=body,
                        kind=p.flow.kind,
                        number=case_number(body, year, series, first + i),
                        year=year,
                        series=series,
                        sequence=first + i,
                        caption=compute_caption(kind, str(p.respondent), p.office.title),
                        respondent_role=p.office.role,
                    )
                )
                order.append(p)
    _insert(cases)
    parties: list[Party] = []
    for case, p in zip(cases, order, strict=True):
        parties.append(
            Party(
                case=case,
                role=Party.Role.RESPONDENT,
                person=p.respondent,
                name=str(p.respondent),
                office=p.office.title,
                email=p.respondent.email,
            )
        )
        if p.complainant:
            parties.append(Party(case=case, role=Party.Role.COMPLAINANT, **p.complainant))
    _insert(parties)
    entries: list[DocketEntry] = []
    voted: list[tuple[int, Planned, ActInput, Any, list[Person]]] = []  # entry index, plan, act, tally, voters
    members_on: dict[tuple[int, dt.date], list[Person]] = {}
    for case, p in zip(cases, order, strict=True):
        for seq, act in enumerate(p.acts, 1):
            step = next((s for s in p.flow.steps if s.act == act.event_type and s.votes), None)
            if step is not None and step.votes:
                day = act.occurred_at.astimezone(PR_TZ).date()
                key = (p.body.pk, day)
                if key not in members_on:
                    members_on[key] = [m.person for m in p.body.members_on(day).select_related("person")]
                outcome = _roll_call(p.body, p.facts, act, members_on[key], step.votes)
                if outcome is not None:
                    voted.append((len(entries), p, act, outcome, members_on[key]))
            entries.append(
                DocketEntry(
                    case=case,
                    seq=seq,
                    event_type=act.event_type,
                    occurred_at=act.occurred_at,
                    has_time=act.has_time,
                    payload=act.payload,
                    details=act.details,
                    recorded_by=user,
                    recorded_at=min(act.occurred_at + dt.timedelta(minutes=30), now),
                )
            )
    _insert(entries)
    roll_calls: list[RollCall] = []
    for index, p, act, outcome, _voters in voted:
        roll_calls.append(roll_call_row(entries[index], p.body.rulebook, p.flow.kind, act, outcome))
    _insert(roll_calls)
    ballots = [
        Ballot(roll_call=rc, person=person, vote=(act.ballots or {})[person.pk])
        for rc, (_i, _p, act, _outcome, voters) in zip(roll_calls, voted, strict=True)
        for person in voters
    ]
    _insert(ballots)
    stored = _chain_in_bulk("docket_entry", entries)
    # Their rows of the search index as ``reindexar`` writes them (from the entries as stored: PostgreSQL gives
    # a payload's keys back in its own order), so no reindexing is needed after a run.
    by_id = {c.pk: c for c in cases}
    for entry in stored:
        entry.case = by_id[entry.case_id]
    _insert(search_index.rows_of_new(cases, parties, stored))
    started = time.perf_counter()
    with state.deferred():
        with public_record.deferred():  # the public rows of the batch in one statement, not one per case
            derive(cases, now)
        # The first version of each case (as derived) and party, in bulk: the versions the derivation
        # queued then find their content already recorded.
        _versions_in_bulk(cases, "Datos sintéticos (ventila generate)")
        _versions_in_bulk(parties, "Datos sintéticos (ventila generate)")
    report.derive_seconds += time.perf_counter() - started
    report.cases += len(cases)
    report.entries += len(entries)
    for p in order:
        report.by_body[p.body.slug] = report.by_body.get(p.body.slug, 0) + 1


# -- the run ---------------------------------------------------------------------------------------------


def generate(
    n: int,
    *,
    seed: int = 14,
    batch: int = 500,
    force: bool = False,
    setup_demo: Callable[[], tuple[Body, Body]],
    progress: Callable[[str], None] = lambda _line: None,
) -> Report:
    """Add ``n`` fictitious cases (see the module's docstring); refuses a database with real cases
    unless ``force``."""
    started = time.perf_counter()
    report = Report()
    with transaction.atomic():
        generator = generator_user()
        if not force and (real := real_cases()):
            raise GenerateRefused(
                _(
                    "La base de datos tiene %(n)s expedientes que no son sintéticos: generate no mezcla datos "
                    "sintéticos con datos reales. Use --force si de verdad quiere añadirlos."
                )
                % {"n": real}
            )
        camara, municipal, _user = staff(setup_demo)
    # A second run draws other dockets; the draws make synthetic data, no secret (bandit B311).
    rng = random.Random(seed * 1_000_003 + Case.objects.count())  # nosec B311
    now = clock.now()
    today = now.astimezone(PR_TZ).date()
    bodies = [camara, municipal]
    calendars: dict[int, Any] = {}
    elections = tuple(ElectionDay.objects.order_by("day").values_list("kind", "day"))
    closures = {
        b.pk: tuple(Closure.objects.filter(body=b).order_by("day").values_list("day", flat=True)) for b in bodies
    }
    flows = [(body, flow) for body in bodies for flow in RULEBOOKS[body.rulebook].samples if flow.kind in _kinds(body)]
    weights = [flow.weight for _b, flow in flows]
    with transaction.atomic():
        reps, mayors, offices = _people(rng, min(max(n // 20, 20), 2000))
    large = min(n, 2 + n // 20000)
    span = (today - FIRST_DAY).days
    done = 0
    # The bulk rows send no signal, and the derivation's ask nothing case by case: every stored statistic of
    # the two bodies is forgotten once, after the last batch (issue 30).
    with stored_stats.bulk_write([camara.pk, municipal.pk]):
        while done < n:
            size = min(batch, n - done)
            plans: list[Planned] = []
            for i in range(size):
                index = done + i
                if index < large:  # the few large dockets: a House complaint, from the start
                    body, flow = camara, RULEBOOKS[camara.rulebook].samples[0]
                    target = LARGE_DOCKET
                else:
                    body, flow = rng.choices(flows, weights)[0]
                    target = _target(rng)
                respondent = rng.choice(reps if body is camara else mayors)
                office = offices[respondent.pk]
                facts = CaseFacts(body.rulebook, flow.kind, office.role, False, closures[body.pk], elections)
                if body.pk not in calendars:
                    calendars[body.pk] = compute_calendar(facts)[0]
                acts: list[ActInput] = []
                for _attempt in range(20):  # a filing the rulebook refused (none so far) is drawn again on another day
                    if acts:
                        break
                    back = rng.randint(2, span) if index >= large else span - rng.randint(0, 30)
                    day = _business_day_before(calendars[body.pk], today - dt.timedelta(days=back))
                    filed = dt.datetime.combine(day, dt.time(9, rng.randint(0, 59)), PR_TZ)
                    acts = _plan_acts(flow, calendars[body.pk], filed, today, target, rng, full=index < large)
                    acts = _checked(facts, acts, now, report)
                if not acts:
                    raise GenerateRefused(
                        _("El reglamento rechaza toda presentación de «%(kind)s» en %(body)s.")
                        % {"kind": flow.kind, "body": body.slug}
                    )
                g, f = _name(rng)
                complainant = (
                    {
                        "name": f"{g} {f}",
                        "email": f"querellante.{index}@example.org",
                        "phone": f"787-555-{index % 10000:04d}",
                        "postal_address": "Apartado 9000, San Juan, PR 00902",
                    }
                    if flow.first == "complaint_filed"
                    else None  # referrals, special proceedings and deadlocks have no complainant
                )
                plans.append(Planned(body, flow, respondent, office, complainant, acts, facts))
            with transaction.atomic():
                _write(plans, generator, now, report)
            done += size
            elapsed = time.perf_counter() - started
            progress(f"{done}/{n} expedientes, {report.entries} anotaciones, {elapsed:.1f} s")
    with connection.cursor() as cursor:  # the planner's statistics of the tables just filled
        cursor.execute("ANALYZE")
    report.seconds = time.perf_counter() - started
    return report


def _business_day_before(calendar: Any, day: dt.date) -> dt.date:
    """``day`` if it is a business day, else the last business day before it."""
    while not calendar.is_business_day(day):
        day -= dt.timedelta(days=1)
    return day


def _kinds(body: Body) -> set[str]:
    return set(RULEBOOKS[body.rulebook].kinds)
