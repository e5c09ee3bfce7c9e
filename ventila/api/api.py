"""/api/v1/: the OEG's and the House's API (django-ninja, OpenAPI 3.1, schema at /api/v1/openapi.json)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.http import HttpRequest
from django.utils import translation
from ninja import File, Form, NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.files import UploadedFile
from ninja.security import HttpBearer
from pydantic import Field

from ventila import clock
from ventila.accounts import ratelimit
from ventila.bodies.models import Person
from ventila.cases import uploads
from ventila.cases.access import access_cases_for_user
from ventila.cases.actions import ActInput, ActRefused, UploadedDocument, do_file_case, do_record_act
from ventila.cases.evaluation import rulebook_and_kind
from ventila.cases.models import Case, CaseDeadline
from ventila.cases.rule_messages import plain_html
from ventila.compliance.models import TenureCase
from ventila.compliance.referrals import do_receive_referral, referral_kind
from ventila.filing import conf as filing_conf
from ventila.rules import RULEBOOKS
from ventila.rules.check import check
from ventila.rules.engine import InputError, evaluate

from .models import ApiToken, FiledCase, IdempotencyRecord
from .problems import PROBLEM_TYPE, Problem, english, problem, text
from .tokens import token_for

ACCESS_KIND = "report_access_request"


def reported_events(body: Any = None) -> tuple[str, ...]:
    """The acts an outside evaluator reports through the API (``Obligations.reported_events``): the
    body's, or every registered rulebook's."""
    rulebooks = [RULEBOOKS[body.rulebook]] if body is not None else list(RULEBOOKS.values())
    return tuple(e for rb in rulebooks if rb.obligations is not None for e in rb.obligations.reported_events)


class VentilaApi(NinjaAPI):
    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        schema = super().get_openapi_schema(*args, **kwargs)
        # Errors are RFC 9457 problems: say so in the schema (the media type the responses carry).
        for ops in schema.get("paths", {}).values():
            for op in ops.values():
                for code, resp in op.get("responses", {}).items():
                    content = resp.get("content", {})
                    if str(code) >= "400" and "application/json" in content:
                        content[PROBLEM_TYPE] = content.pop("application/json")
        return schema


class TokenAuth(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        # The acts' refusals are translated when raised: the language of the request, not the site's cookie.
        translation.activate("en" if english(request) else "es")
        found = token_for(token)
        if found is None:
            return None
        request.api_token = found  # the request log reads it
        # The project's one rate limiter, shared by every worker and node (ventila/accounts/ratelimit.py).
        limit = int(getattr(settings, "VENTILA_API_RATE_PER_MINUTE", 120))
        if not ratelimit.hit("api", found.digest[:24], limit, 60, now=clock.now().timestamp())[0]:
            raise Problem(429, text(request, "rate"))
        now = clock.now()
        if found.last_used_at is None or now - found.last_used_at > dt.timedelta(seconds=60):
            ApiToken.objects.filter(pk=found.pk).update(last_used_at=now)  # a use, not a change of the token
        return found


api = VentilaApi(
    title="API de ventila",
    version="1.0.0",
    description=(
        "API para la Oficina de Ética Gubernamental (OEG), la Oficina del Presidente de la Cámara y las "
        "Comisiones: referidos (Sec. 16), eventos de informes financieros (Secs. 14–16), solicitudes de acceso "
        "(Sec. 17), el estado de sus casos y el cálculo de términos. Autenticación: `Authorization: Bearer <token>`. "
        "Todo POST lleva `Idempotency-Key`. Los errores son RFC 9457 (application/problem+json), en español; "
        "envíe `Accept-Language: en` para inglés."
    ),
    urls_namespace="api-v1",
    auth=TokenAuth(),
)


# -- schemas -------------------------------------------------------------------------------------


class FieldError(Schema):
    field: str = Field(description="El campo en falta o con error")
    message: str


class ProblemOut(Schema):
    type: str
    title: str
    status: int
    detail: str
    instance: str
    errors: list[FieldError] = []


class TermOut(Schema):
    deadline_id: str = Field(description="El término (identificador del reglamento)")
    rule_id: str = Field(description="La regla del catálogo que lo fija")
    citation: str
    term: str
    due: dt.date
    status: str
    satisfied_on: dt.date | None = None


class CaseOut(Schema):
    number: str = Field(description="Número del expediente", examples=["CE-2027-0001"])
    kind: str = Field(examples=["referral"])
    status: str
    stage: str
    next_due: dt.date | None = None
    open_terms: list[TermOut] = []
    source_number: str | None = Field(
        default=None, description="El expediente de informes financieros del que viene el referido (Sec. 16)"
    )
    referral_term: TermOut | None = Field(
        default=None, description="El término de la OEG para referir (Sec. 16(a)), en ese expediente"
    )


# A line of text: no control character (a NUL, which PostgreSQL refuses in text, a CR/LF, an escape); a
# paragraph may hold line breaks and tabs. Years: what a report may cover, not any integer.
LINE = r"^[^\x00-\x1f\x7f]*$"
PARAGRAPH = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$"
YEAR_MIN, YEAR_MAX = 1900, 2200


def _year_error(request: HttpRequest, field: str, year: int | None) -> None:
    if year is not None and not YEAR_MIN <= year <= YEAR_MAX:
        msg = f"{YEAR_MIN}–{YEAR_MAX}"
        raise Problem(422, text(request, "invalid"), [{"field": field, "message": msg}])


class FinancialEventIn(Schema):
    person_id: int = Field(description="La persona obligada (su número en ventila)", examples=[1])
    event: str = Field(
        description=", ".join(reported_events()),
        examples=list(reported_events()[:1]),
        max_length=40,
        pattern=LINE,
    )
    day: dt.date = Field(description="Fecha del evento", examples=["2027-03-01"])
    covers_year: int | None = Field(
        default=None, description="Año que cubre el informe", examples=[2026], ge=YEAR_MIN, le=YEAR_MAX
    )
    report_type: str | None = Field(
        default=None, description="initial, annual o final", examples=["annual"], max_length=20, pattern=LINE
    )
    outcome: str | None = Field(
        default=None,
        description="En oeg_final_action: final o referral",
        examples=["final"],
        max_length=20,
        pattern=LINE,
    )


class EntryOut(Schema):
    case: CaseOut
    seq: int = Field(description="Número de la anotación en el expediente")


class AccessRequestIn(Schema):
    person_id: int = Field(description="La persona cuyo informe se pide", examples=[1])
    day: dt.date = Field(description="Fecha en que la OEG recibió la solicitud", examples=["2027-03-01"])
    requester_name: str = Field(min_length=1, max_length=300, pattern=LINE, examples=["Periódico Ficticio"])
    requester_address: str = Field(default="", max_length=500, pattern=PARAGRAPH)
    requester_occupation: str = Field(default="", max_length=200, pattern=LINE)
    on_behalf_of: str = Field(default="", max_length=300, pattern=LINE)
    interest_statement: str = Field(default="", max_length=5000, pattern=PARAGRAPH)
    # The four statements of the sworn request (Sec. 17): each stated by the requester, none assumed.
    sworn: bool = Field(description="La solicitud se presentó bajo juramento")
    report_is_final: bool = Field(description="El solicitante sabe que pide un informe final")
    knows_use_limits: bool = Field(description="El solicitante conoce los límites del uso de la información")
    knows_penalty: bool = Field(description="El solicitante conoce la penalidad por el mal uso")


ERRORS: dict[int, Any] = {c: ProblemOut for c in (400, 401, 403, 404, 409, 413, 422, 429)}


# -- errors as problems ----------------------------------------------------------------------------


@api.exception_handler(Problem)
def _problem(request: HttpRequest, exc: Problem) -> Any:
    return problem(request, exc.status, exc.detail, exc.errors)


@api.exception_handler(AuthenticationError)
def _unauthorized(request: HttpRequest, exc: Exception) -> Any:
    # Requests without a valid token are limited per address (a flood of bad tokens is no free ride).
    limit = int(getattr(settings, "VENTILA_API_ANONYMOUS_RATE_PER_MINUTE", 30))
    if not ratelimit.hit("api-anonymous", ratelimit.address(request), limit, 60, now=clock.now().timestamp())[0]:
        request.api_refused = True  # the request log leaves it out
        return problem(request, 429, text(request, "rate_anonymous"))
    return problem(
        request,
        401,
        text(request, "unauthorized"),
        [{"field": "Authorization", "message": text(request, "unauthorized")}],
    )


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> Any:
    errors = []
    for e in exc.errors:
        loc = [str(p) for p in e.get("loc", ()) if p not in ("body", "form", "query", "path", "file", "payload")]
        errors.append({"field": ".".join(loc) or "(cuerpo)", "message": str(e.get("msg", ""))})
    return problem(request, 422, text(request, "invalid"), errors)


@api.exception_handler(HttpError)
def _http(request: HttpRequest, exc: HttpError) -> Any:
    return problem(request, exc.status_code, str(exc))


# -- helpers ----------------------------------------------------------------------------------------


def _scope(request: HttpRequest, scope: str) -> ApiToken:
    token: ApiToken = request.auth
    if scope not in token.scopes:
        raise Problem(403, text(request, "forbidden", scope=scope))
    return token


def _fingerprint(request: HttpRequest) -> str:
    h = hashlib.sha256(request.path.encode())
    if request.content_type == "multipart/form-data":
        for k in sorted(request.POST):
            h.update(f"\0{k}={request.POST.getlist(k)}".encode())
        for k in sorted(request.FILES):
            for f in request.FILES.getlist(k):
                f.seek(0)
                h.update(f"\0{k}:{f.name}:".encode() + hashlib.sha256(f.read()).digest())
                f.seek(0)
    else:
        h.update(request.body)
    return h.hexdigest()


def _idempotent(request: HttpRequest, token: ApiToken, work: Callable[[], tuple[int, dict[str, Any]]]) -> Any:
    """Run ``work`` once per Idempotency-Key: a retry gets the first answer; the same key with another
    content is refused (422). The answer is stored in the transaction that did the work."""
    key = _idempotency_key(request, required=True)
    fp = _fingerprint(request)

    def replay(rec: IdempotencyRecord) -> Any:
        if rec.fingerprint != fp:
            msg = text(request, "idem_mismatch")
            raise Problem(422, msg, [{"field": "Idempotency-Key", "message": msg}])
        return rec.status, rec.response

    found = IdempotencyRecord.objects.filter(client=token.client, key=key).first()
    if found is not None:
        return replay(found)
    try:
        with transaction.atomic():
            status, body = work()
            IdempotencyRecord.objects.create(
                client=token.client, key=key, fingerprint=fp, status=status, response=body, created_at=clock.now()
            )
    except IntegrityError:  # the same key at the same moment: the other one won
        return replay(IdempotencyRecord.objects.get(client=token.client, key=key))
    return status, body


IDEM_MAX = 200  # IdempotencyRecord.key


def _idempotency_key(request: HttpRequest, *, required: bool) -> str:
    """The request's Idempotency-Key: 1 to 200 printable characters. Missing (when ``required``), empty,
    too long or with a control character, it is refused (400) saying which."""
    raw = request.headers.get("Idempotency-Key")
    key = str(raw or "").strip()
    if raw is None:
        if not required:
            return ""
        msg = text(request, "idem_missing")
    elif not key:
        msg = text(request, "idem_empty")
    elif len(key) > IDEM_MAX:
        msg = text(request, "idem_too_long", n=IDEM_MAX)
    elif not key.isprintable():
        msg = text(request, "idem_invalid")
    else:
        return key
    raise Problem(400, msg, [{"field": "Idempotency-Key", "message": msg}])


def _refusal(request: HttpRequest, exc: ActRefused) -> Problem:
    errors = [{"field": f or "(acto)", "message": plain_html(m)} for f, ms in exc.field_errors.items() for m in ms]
    return Problem(422, plain_html(exc.message) or str(exc) or text(request, "refused"), errors)


def _office(request: HttpRequest, token: ApiToken, person_id: int, kind: str) -> Any:
    body = token.client.body
    try:
        _rb, spec = rulebook_and_kind(body.rulebook, kind)
    except Exception:  # noqa: BLE001 - the body's rulebook has no such kind
        raise Problem(422, text(request, "kind")) from None
    roles = tuple(getattr(spec, "respondent_roles", ()) or ())
    person = Person.objects.filter(pk=person_id).first() if 0 < person_id < 2**31 else None
    office = person.offices.filter(role__in=roles).order_by("-start", "-pk").first() if person else None
    if office is None:
        msg = text(request, "person")
        raise Problem(422, msg, [{"field": "person_id", "message": msg}])
    return office


def _term(d: Any) -> dict[str, Any]:
    return {
        "deadline_id": d.deadline_id,
        "rule_id": d.rule_id,
        "citation": d.citation,
        "term": d.term,
        "due": d.due.isoformat(),
        "status": d.status,
        "satisfied_on": d.satisfied_on.isoformat() if d.satisfied_on else None,
    }


OPEN_TERMS = "open_terms_prefetched"


def with_open_terms(cases: Any) -> Any:
    """``cases`` with their open terms read in one more query (not one per case)."""
    terms = CaseDeadline.objects.filter(status="open").order_by("position")
    return cases.prefetch_related(Prefetch("deadlines", queryset=terms, to_attr=OPEN_TERMS))


def case_out(case: Case) -> dict[str, Any]:
    opened = getattr(case, OPEN_TERMS, None)
    if opened is None:
        opened = case.deadlines.filter(status="open").order_by("position")
    terms = [_term(d) for d in opened]
    return {
        "number": case.number,
        "kind": case.kind,
        "status": case.status,
        "stage": case.stage,
        "next_due": case.next_due.isoformat() if case.next_due else None,
        "open_terms": terms,
    }


def _check_files(request: HttpRequest, files: list[Any]) -> list[UploadedDocument]:
    """The public filing's checks: size, count, total, and the type by content, parsed (not by name)."""
    out: list[UploadedDocument] = []
    total = 0
    for i, f in enumerate(files):
        field = f"evidence[{i}]"
        name = Path(str(f.name or "archivo")).name[:200] or "archivo"
        size = int(f.size or 0)
        total += size
        if (
            size == 0
            or size > filing_conf.max_file_bytes()
            or total > filing_conf.max_total_bytes()
            or i >= filing_conf.max_files()
        ):
            msg = text(request, "file") + f" ({name}: {size} B)"
            raise Problem(422, msg, [{"field": field, "message": msg}])
        f.seek(0)
        data = f.read()
        mime = uploads.guess(data)
        if mime is None or mime not in filing_conf.ACCEPTED_TYPES or not uploads.opens_as(mime, data):
            msg = text(request, "file") + f" ({name}: {mime or '?'})"
            raise Problem(422, msg, [{"field": field, "message": msg}])
        out.append(UploadedDocument(name, data, mime, hashlib.sha256(data).hexdigest()))
    return out


def visible_cases(token: ApiToken) -> Any:
    """The cases this organisation may read: those it filed or posted to, and those the access rules let
    its account see (the Speaker's office: referred Final Reports, Sec. 25)."""
    filed = FiledCase.objects.filter(client=token.client).values("case_id")
    return Case.objects.filter(pk__in=filed) | access_cases_for_user(token.client.user)


def _filed(token: ApiToken, case: Case) -> None:
    FiledCase.objects.get_or_create(client=token.client, case=case)


# -- endpoints ----------------------------------------------------------------------------------------

IDEM_HEADER = {
    "parameters": [
        {
            "name": "Idempotency-Key",
            "in": "header",
            "required": True,
            "schema": {"type": "string", "minLength": 1, "maxLength": IDEM_MAX},
            "description": "Clave única por operación: un reintento con la misma clave no repite nada.",
        }
    ]
}


@api.post(
    "/referrals",
    response={201: CaseOut, 200: CaseOut, **ERRORS},
    summary="Presentar un referido de la OEG (Sec. 16)",
    description=(
        "Abre un caso `referral` con el referido recibido y su evidencia (PDF o imágenes, revisados por su "
        "contenido). El término de 30 días de la Sec. 16 lo evalúa el motor de reglas. Requiere el alcance "
        "`referrals`. Ejemplo: `curl -H 'Authorization: Bearer vnt_…' -H 'Idempotency-Key: ref-2027-001' "
        "-F person_id=12 -F received_on=2027-03-01 -F evidence=@informe.pdf …/api/v1/referrals`."
    ),
    openapi_extra=IDEM_HEADER,
    tags=["referidos"],
)
def post_referral(
    request: HttpRequest,
    person_id: Form[int],
    received_on: Form[dt.date],
    facts_date: Form[dt.date | None] = None,
    covers_year: Form[int | None] = None,
    evidence: File[list[UploadedFile]] = None,  # type: ignore[assignment]  # ninja: an optional file list is declared so
) -> Any:
    token = _scope(request, "referrals")
    _year_error(request, "covers_year", covers_year)

    def work() -> tuple[int, dict[str, Any]]:
        body = token.client.body
        office = _office(request, token, person_id, referral_kind(body))
        docs = _check_files(request, list(evidence or []))
        try:
            received = do_receive_referral(
                user=token.client.user,
                body=body,
                office=office,
                received_on=received_on,
                evidence=docs,
                reason=f"Referido de la OEG (Sec. 16) recibido por la API de {token.client.name}",
                facts_date=facts_date,
                covers_year=covers_year,
            )
        except ActRefused as exc:
            raise _refusal(request, exc) from None
        out = case_out(received.case)
        obligations = RULEBOOKS[body.rulebook].obligations
        if received.source is not None and obligations is not None:
            _filed(token, received.source)
            out["source_number"] = received.source.number
            rule = obligations.referral_term_rule
            term = received.source.deadlines.filter(rule_id=rule).order_by("-due").first()
            out["referral_term"] = _term(term) if term else None
        _filed(token, received.case)
        return 201, out

    return _idempotent(request, token, work)


@api.post(
    "/financial-events",
    response={201: EntryOut, 200: EntryOut, **ERRORS},
    summary="Anotar un evento del informe financiero de una persona (Secs. 14–16)",
    description=(
        "Anota en el expediente `financial_report` de la persona (el de su cargo en esa fecha) un informe "
        "radicado, los hallazgos preliminares, la contestación o la determinación final de la OEG. Requiere "
        "el alcance `financial`."
    ),
    openapi_extra=IDEM_HEADER,
    tags=["informes financieros"],
)
def post_financial_event(request: HttpRequest, payload: FinancialEventIn) -> Any:
    token = _scope(request, "financial")

    def work() -> tuple[int, dict[str, Any]]:
        allowed = reported_events(token.client.body)
        if payload.event not in allowed:
            msg = ", ".join(allowed)
            raise Problem(422, text(request, "invalid"), [{"field": "event", "message": msg}])
        link = (
            TenureCase.objects.filter(body=token.client.body, person_id=payload.person_id, start__lte=payload.day)
            .select_related("case")
            .order_by("-start")
            .first()
            if 0 < payload.person_id < 2**31
            else None
        )
        if link is None:
            msg = text(request, "tenure")
            raise Problem(422, msg, [{"field": "person_id", "message": msg}])
        data = {
            k: v
            for k, v in (
                ("covers_year", payload.covers_year),
                ("report_type", payload.report_type),
                ("outcome", payload.outcome),
            )
            if v is not None
        }
        note = f"Recibido por la API de {token.client.name}"
        try:
            entry = do_record_act(
                user=token.client.user,
                case=link.case,
                act=ActInput(payload.event, clock.start_of_day(payload.day), False, data, note=note),
            )
        except ActRefused as exc:
            raise _refusal(request, exc) from None
        _filed(token, link.case)
        return 201, {"case": case_out(Case.objects.get(pk=link.case_id)), "seq": entry.seq}

    return _idempotent(request, token, work)


@api.post(
    "/access-requests",
    response={201: CaseOut, 200: CaseOut, **ERRORS},
    summary="Presentar una solicitud de acceso a un informe financiero (Sec. 17)",
    description="Abre un caso `report_access_request`; los términos de la Sec. 17 corren desde su recibo. Alcance `access_requests`.",
    openapi_extra=IDEM_HEADER,
    tags=["solicitudes de acceso"],
)
def post_access_request(request: HttpRequest, payload: AccessRequestIn) -> Any:
    token = _scope(request, "access_requests")

    def work() -> tuple[int, dict[str, Any]]:
        office = _office(request, token, payload.person_id, ACCESS_KIND)
        opening = RULEBOOKS[token.client.body.rulebook].kinds[ACCESS_KIND].opening[0]  # the request received
        data = payload.dict(exclude={"person_id", "day"})
        reason = f"Solicitud de acceso (Sec. 17) recibida por la API de {token.client.name}"
        try:
            case = do_file_case(
                user=token.client.user,
                body=token.client.body,
                kind=ACCESS_KIND,
                respondent=office.person,
                respondent_role=office.role,
                respondent_office=office.title,
                act=ActInput(opening, clock.start_of_day(payload.day), False, data, note=reason),
                reason=reason,
            )
        except ActRefused as exc:
            raise _refusal(request, exc) from None
        _filed(token, case)
        return 201, case_out(case)

    return _idempotent(request, token, work)


@api.get(
    "/cases",
    response={200: list[CaseOut], **ERRORS},
    summary="Los casos de la organización",
    description="Estado, etapa y términos abiertos de los casos que la organización presentó o puede ver. Alcance `cases_read`.",
    tags=["casos"],
)
def list_cases(request: HttpRequest) -> Any:
    token = _scope(request, "cases_read")
    return 200, [case_out(c) for c in with_open_terms(visible_cases(token).distinct().order_by("-id")[:200])]


@api.get(
    "/cases/{number}",
    response={200: CaseOut, **ERRORS},
    summary="Un caso de la organización",
    description="Un caso que la organización presentó o puede ver; cualquier otro es 404, exista o no.",
    tags=["casos"],
)
def get_case(request: HttpRequest, number: str) -> Any:
    token = _scope(request, "cases_read")
    case = visible_cases(token).filter(number=number[:40]).first() if number.isprintable() else None
    if case is None:
        raise Problem(404, text(request, "not_found"))
    return 200, case_out(case)


def _engine_json(request: HttpRequest, work: Callable[[Any], dict[str, Any]]) -> Any:
    """A pure question to the rules engine: the JSON body in, its JSON answer out; nothing is stored.
    Where the command exits 2, a 422 problem naming the field."""
    _scope(request, "deadlines")
    _idempotency_key(request, required=False)  # optional here: nothing is stored
    try:
        data = json.loads(request.body or b"null")
        return 200, work(data)
    except (ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, InputError):
            raise Problem(422, exc.message, [{"field": exc.field, "message": exc.message}]) from None
        raise Problem(422, text(request, "invalid"), [{"field": "(raíz)", "message": str(exc)[:300]}]) from None
    except RecursionError:
        raise Problem(422, text(request, "invalid"), [{"field": "(raíz)", "message": "nesting"}]) from None


def _engine_doc(example: dict[str, Any]) -> dict[str, Any]:
    return {
        **IDEM_HEADER,
        "parameters": [{**IDEM_HEADER["parameters"][0], "required": False}],
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object"}, "example": example}},
        },
    }


# The examples of the engine's endpoints: the first registered rulebook's complaint, the first with norms of conduct.
_DEADLINES_EXAMPLE = {
    "rulebook": next(iter(RULEBOOKS)),
    "kind": "complaint",
    "events": [{"type": "complaint_filed", "at": "2027-03-01"}],
}
_EXAMPLE_CONDUCT_RULEBOOK = next((rb.id for rb in RULEBOOKS.values() if rb.conduct is not None), "")


@api.post(
    "/deadlines",
    response={200: dict[str, Any], **ERRORS},
    summary="Calcular los términos de un escenario (el motor de reglas)",
    description=(
        "El mismo JSON de entrada y de salida que `ventila deadlines` (docs/deadlines-contract.md); no guarda "
        "nada. Alcance `deadlines`. Ejemplo de entrada: `" + json.dumps(_DEADLINES_EXAMPLE) + "`."
    ),
    openapi_extra=_engine_doc(_DEADLINES_EXAMPLE),
    tags=["términos"],
)
def post_deadlines(request: HttpRequest) -> Any:
    return _engine_json(request, lambda data: evaluate(data).to_json())


@api.post(
    "/check",
    response={200: dict[str, Any], **ERRORS},
    summary="Verificar las normas de conducta (regalos, citaciones, nepotismo, normas por cargo)",
    description=(
        "El mismo JSON de entrada y de salida que `ventila conduct` (docs/deadlines-contract.md, «Conduct "
        "checks»): `check` es `gifts` (Sec. 10(k), (n)), `summons` (el aviso de una citación, Sec. 10(w)), "
        "`nepotism` (Sec. 10(t)), `norms` (qué normas obligan a un cargo, Sec. 13) o `term_of_office` (el "
        "término de un miembro de la Comisión municipal, ¶2); no guarda nada. "
        "Alcance `deadlines`."
    ),
    openapi_extra=_engine_doc(
        {
            "rulebook": _EXAMPLE_CONDUCT_RULEBOOK,
            "check": "summons",
            "formal_notice": "2027-03-01",
            "as_of": "2027-03-05",
        }
    ),
    tags=["términos"],
)
def post_check(request: HttpRequest) -> Any:
    return _engine_json(request, check)
