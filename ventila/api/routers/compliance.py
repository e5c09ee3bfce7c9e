"""The evaluator's and the Commission's reports through the API: the OEG's referrals (Sec. 16), the events of a
person's financial report (Secs. 14–16) and the requests for access to a report (Sec. 17)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import HttpRequest
from ninja import File, Form, Router, Schema
from ninja.files import UploadedFile
from pydantic import Field

from ventila import clock
from ventila.cases.actions import ActInput, ActRefused, do_file_case, do_record_act
from ventila.cases.models import Case
from ventila.compliance.referrals import do_receive_referral, referral_kind
from ventila.compliance.tenures import tenure_case_on
from ventila.rules import RULEBOOKS

from ..common import (
    LINE,
    PARAGRAPH,
    YEAR_MAX,
    YEAR_MIN,
    CaseOut,
    case_out,
    check_files,
    idempotent,
    mark_filed,
    office_for,
    recording_post,
    refusal,
    reported_events,
    require_scope,
    term_out,
    year_error,
)
from ..problems import Problem, text

router = Router()

ACCESS_KIND = "report_access_request"


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


@recording_post(
    router,
    "/referrals",
    CaseOut,
    summary="Presentar un referido de la OEG (Sec. 16)",
    description=(
        "Abre un caso `referral` con el referido recibido y su evidencia (PDF o imágenes, revisados por su "
        "contenido). El término de 30 días de la Sec. 16 lo evalúa el motor de reglas. Requiere el alcance "
        "`referrals`. Ejemplo: `curl -H 'Authorization: Bearer vnt_…' -H 'Idempotency-Key: ref-2027-001' "
        "-F person_id=12 -F received_on=2027-03-01 -F evidence=@informe.pdf …/api/v1/referrals`."
    ),
    tag="referidos",
)
def post_referral(
    request: HttpRequest,
    person_id: Form[int],
    received_on: Form[dt.date],
    facts_date: Form[dt.date | None] = None,
    covers_year: Form[int | None] = None,
    evidence: File[list[UploadedFile]] = None,  # type: ignore[assignment]  # ninja: an optional file list is declared so
) -> Any:
    """Receive an evaluator's referral (Sec. 16) with its evidence: one action (:func:`do_receive_referral`)
    decides which case and records it, its evidence written once."""
    token = require_scope(request, "referrals")
    year_error(request, "covers_year", covers_year)

    def work() -> tuple[int, dict[str, Any]]:
        """The endpoint's work, run once per Idempotency-Key in one transaction: (status, answer)."""
        body = token.client.body
        office = office_for(request, token, person_id, referral_kind(body))
        docs = check_files(request, list(evidence or []))
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
            raise refusal(request, exc) from None
        out = case_out(received.case)
        obligations = RULEBOOKS[body.rulebook].register.obligations
        if received.source is not None and obligations is not None:
            mark_filed(token, received.source)
            out["source_number"] = received.source.number
            rule = obligations.referral_term_rule
            term = received.source.deadlines.filter(rule_id=rule).order_by("-due").first()
            out["referral_term"] = term_out(term) if term else None
        mark_filed(token, received.case)
        return 201, out

    return idempotent(request, token, work)


@recording_post(
    router,
    "/financial-events",
    EntryOut,
    summary="Anotar un evento del informe financiero de una persona (Secs. 14–16)",
    description=(
        "Anota en el expediente `financial_report` de la persona (el de su cargo en esa fecha) un informe "
        "radicado, los hallazgos preliminares, la contestación o la determinación final de la OEG. Requiere "
        "el alcance `financial`."
    ),
    tag="informes financieros",
)
def post_financial_event(request: HttpRequest, payload: FinancialEventIn) -> Any:
    """Record a reported event on the financial-report case of the person's tenure on that day."""
    token = require_scope(request, "financial")

    def work() -> tuple[int, dict[str, Any]]:
        """The endpoint's work, run once per Idempotency-Key in one transaction: (status, answer)."""
        allowed = reported_events(token.client.body)
        if payload.event not in allowed:
            msg = ", ".join(allowed)
            raise Problem(422, text(request, "invalid"), [{"field": "event", "message": msg}])
        link = tenure_case_on(token.client.body, payload.person_id, payload.day)
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
            raise refusal(request, exc) from None
        mark_filed(token, link.case)
        return 201, {"case": case_out(Case.objects.get(pk=link.case_id)), "seq": entry.seq}

    return idempotent(request, token, work)


@recording_post(
    router,
    "/access-requests",
    CaseOut,
    summary="Presentar una solicitud de acceso a un informe financiero (Sec. 17)",
    description="Abre un caso `report_access_request`; los términos de la Sec. 17 corren desde su recibo. Alcance `access_requests`.",
    tag="solicitudes de acceso",
)
def post_access_request(request: HttpRequest, payload: AccessRequestIn) -> Any:
    """Open an access-request case (Sec. 17) against the person's office, its first act the request received."""
    token = require_scope(request, "access_requests")

    def work() -> tuple[int, dict[str, Any]]:
        """The endpoint's work, run once per Idempotency-Key in one transaction: (status, answer)."""
        office = office_for(request, token, payload.person_id, ACCESS_KIND)
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
            raise refusal(request, exc) from None
        mark_filed(token, case)
        return 201, case_out(case)

    return idempotent(request, token, work)
