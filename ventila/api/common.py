"""What the API's routers share: the answers' schemas, the errors as problems, the token's scope, the
Idempotency-Key, the case as the API shows it, the uploaded evidence's checks."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.http import HttpRequest
from ninja import Router, Schema
from pydantic import Field

from ventila import clock
from ventila.bodies.models import Person
from ventila.cases import uploads
from ventila.cases.access import access_cases_for_user
from ventila.cases.actions import ActRefused, UploadedDocument
from ventila.cases.evaluation import rulebook_and_kind
from ventila.cases.models import Case, CaseDeadline
from ventila.cases.rule_messages import plain_html
from ventila.filing import conf as filing_conf
from ventila.rules import RULEBOOKS

from .models import ApiToken, FiledCase, IdempotencyRecord
from .problems import Problem, text


def reported_events(body: Any = None) -> tuple[str, ...]:
    """The acts an outside evaluator reports through the API (``Obligations.reported_events``): the
    body's, or every registered rulebook's."""
    rulebooks = [RULEBOOKS[body.rulebook]] if body is not None else list(RULEBOOKS.values())
    return tuple(
        e for rb in rulebooks if rb.register.obligations is not None for e in rb.register.obligations.reported_events
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


def year_error(request: HttpRequest, field: str, year: int | None) -> None:
    """Refuse (422, naming ``field``) a year a report cannot cover."""
    if year is not None and not YEAR_MIN <= year <= YEAR_MAX:
        msg = f"{YEAR_MIN}–{YEAR_MAX}"
        raise Problem(422, text(request, "invalid"), [{"field": field, "message": msg}])


ERRORS: dict[int, Any] = {c: ProblemOut for c in (400, 401, 403, 404, 409, 413, 422, 429)}


# -- helpers ----------------------------------------------------------------------------------------


def require_scope(request: HttpRequest, scope: str) -> ApiToken:
    """The request's token, refused (403) unless it carries ``scope``."""
    token: ApiToken = request.auth
    if scope not in token.scopes:
        raise Problem(403, text(request, "forbidden", scope=scope))
    return token


def _fingerprint(request: HttpRequest) -> str:
    """The SHA-256 of what the request asks (path, body, form fields and files): the same key with other
    content is told apart."""
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


def idempotent(request: HttpRequest, token: ApiToken, work: Callable[[], tuple[int, dict[str, Any]]]) -> Any:
    """Run ``work`` once per Idempotency-Key: a retry gets the first answer; the same key with another
    content is refused (422). The answer is stored in the transaction that did the work."""
    key = idempotency_key(request, required=True)
    fp = _fingerprint(request)

    def replay(rec: IdempotencyRecord) -> Any:
        """The stored answer of the first request with this key, if it asked the same (else a 422)."""
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


def idempotency_key(request: HttpRequest, *, required: bool) -> str:
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


def refusal(request: HttpRequest, exc: ActRefused) -> Problem:
    """An act's refusal (:class:`ActRefused`) as a 422 problem naming each field, in plain text."""
    errors = [{"field": f or "(acto)", "message": plain_html(m)} for f, ms in exc.field_errors.items() for m in ms]
    return Problem(422, plain_html(exc.message) or str(exc) or text(request, "refused"), errors)


def office_for(request: HttpRequest, token: ApiToken, person_id: int, kind: str) -> Any:
    """The office the person holds that ``kind`` of case may be filed against (their latest); 422 where none
    or no such kind."""
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


def term_out(d: Any) -> dict[str, Any]:
    """A case's term as the API shows it (:class:`TermOut`)."""
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
    """A case as the API shows it (:class:`CaseOut`), with its open terms."""
    opened = getattr(case, OPEN_TERMS, None)
    if opened is None:
        opened = case.deadlines.filter(status="open").order_by("position")
    terms = [term_out(d) for d in opened]
    return {
        "number": case.number,
        "kind": case.kind,
        "status": case.status,
        "stage": case.stage,
        "next_due": case.next_due.isoformat() if case.next_due else None,
        "open_terms": terms,
    }


def check_files(request: HttpRequest, files: list[Any]) -> list[UploadedDocument]:
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


def mark_filed(token: ApiToken, case: Case) -> None:
    """Remember that the organisation filed or posted to ``case``: it may read it afterwards."""
    FiledCase.objects.get_or_create(client=token.client, case=case)


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


def recording_post(
    router: Router, path: str, out: Any, *, summary: str, description: str, tag: str
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The decorator of a POST that records something: answered with ``out`` (201; 200 where a retry with the
    same Idempotency-Key replays the first answer) or a problem, its Idempotency-Key header required."""
    return router.post(
        path,
        response={201: out, 200: out, **ERRORS},
        summary=summary,
        description=description,
        openapi_extra=IDEM_HEADER,
        tags=[tag],
    )
