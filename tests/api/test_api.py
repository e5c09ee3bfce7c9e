"""/api/v1/ as its clients use it: each endpoint's success and refusals, with tokens of each scope."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from ventila import files
from ventila.api.models import ApiRequest, ApiToken, IdempotencyRecord
from ventila.api.tokens import do_revoke_token
from ventila.audit.models import StateRecord
from ventila.cases.models import Case
from ventila.cases.procedures import system_user
from ventila.compliance.tenures import sync_person

from .conftest import PDF, access_request

pytestmark = pytest.mark.django_db


def _auth(secret: str, key: str | None = None, **extra: str) -> dict[str, str]:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {secret}", **extra}
    if key:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    return headers


def _referral(secret: str, person: Any, key: str = "ref-1", received: str = "2027-03-01", pdf: bytes = PDF) -> Any:
    data = {
        "person_id": str(person.pk),
        "received_on": received,
        "evidence": [SimpleUploadedFile("informe-oeg.pdf", pdf, content_type="application/pdf")],
    }
    return Client().post("/api/v1/referrals", data, **_auth(secret, key))


def test_cam_16b_02_an_oeg_referral_with_a_pdf_becomes_a_referral_case_with_its_terms(world, now, clients):
    r = _referral(clients["oeg_referrals"], world.respondent)
    assert r.status_code == 201, r.content
    body = r.json()
    case = Case.objects.get(number=body["number"])
    assert case.kind == "referral" and body["kind"] == "referral"
    entry = case.entries.get()
    assert entry.event_type == "referral_received" and entry.payload["evidence_attached"] is True
    assert entry.attachments.get().content_type == "application/pdf"
    # The organisation is the actor: its own account, named after it, recorded the act and the case's versions.
    assert entry.recorded_by == clients["oeg"].user and "Oficina de Ética Gubernamental" in entry.recorded_by.first_name
    assert StateRecord.objects.filter(object_id=str(case.pk), username=clients["oeg"].user.username).exists()
    assert body["open_terms"], body
    assert {t["deadline_id"] for t in body["open_terms"]} == {
        d.deadline_id for d in case.deadlines.filter(status="open")
    }


def test_a_retried_referral_makes_no_second_case_and_another_body_with_the_same_key_is_refused(world, now, clients):
    first = _referral(clients["oeg_token"], world.respondent, key="ref-retry")
    again = _referral(clients["oeg_token"], world.respondent, key="ref-retry")
    assert first.status_code == 201 and again.status_code == 201
    assert first.json() == again.json()
    assert Case.objects.filter(kind="referral").count() == 1
    other = _referral(clients["oeg_token"], world.respondent, key="ref-retry", received="2027-03-02")
    assert other.status_code == 422 and other["Content-Type"] == "application/problem+json"
    assert other.json()["errors"][0]["field"] == "Idempotency-Key"
    missing = _referral(clients["oeg_token"], world.respondent, key="")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "Idempotency-Key"
    assert Case.objects.filter(kind="referral").count() == 1
    assert IdempotencyRecord.objects.count() == 1


def test_an_upload_is_checked_by_its_content_not_its_name(world, now, clients):
    r = _referral(clients["oeg_token"], world.respondent, pdf=b"MZ\x90\x00 not a pdf at all" * 10)
    assert r.status_code == 422
    problem = r.json()
    assert problem["errors"][0]["field"] == "evidence[0]" and "no se aceptó" in problem["detail"]
    assert not Case.objects.filter(kind="referral").exists()


def test_errors_are_problems_in_spanish_and_in_english_on_request(world, now, clients):
    c = Client()
    r = c.get("/api/v1/cases")
    assert r.status_code == 401 and r["Content-Type"] == "application/problem+json"
    assert r.json()["title"] == "No autorizado" and r.json()["errors"][0]["field"] == "Authorization"
    r = c.get("/api/v1/cases", HTTP_ACCEPT_LANGUAGE="en")
    assert r.json()["title"] == "Unauthorized" and "token" in r.json()["detail"]
    r = c.post("/api/v1/referrals", {"received_on": "ayer"}, **_auth(clients["oeg_token"], "k-bad"))
    assert r.status_code == 422
    fields = {e["field"] for e in r.json()["errors"]}
    assert {"person_id", "received_on"} <= fields


def test_each_scope_reaches_only_its_endpoints(world, now, clients):
    c = Client()
    r = c.get("/api/v1/cases", **_auth(clients["oeg_referrals"]))
    assert r.status_code == 403 and "cases_read" in r.json()["detail"]
    assert c.get("/api/v1/cases", **_auth(clients["oeg_cases_read"])).status_code == 200
    r = _referral(clients["oeg_cases_read"], world.respondent)
    assert r.status_code == 403
    r = c.post("/api/v1/deadlines", "{}", content_type="application/json", **_auth(clients["oeg_financial"]))
    assert r.status_code == 403


def test_a_token_of_one_organisation_cannot_read_another_organisations_cases(world, now, clients):
    number = _referral(clients["oeg_token"], world.respondent).json()["number"]
    c = Client()
    assert c.get(f"/api/v1/cases/{number}", **_auth(clients["oeg_cases_read"])).json()["number"] == number
    for other in ("muni_token", "speaker_token"):
        r = c.get(f"/api/v1/cases/{number}", **_auth(clients[other]))
        assert r.status_code == 404, other
        assert c.get("/api/v1/cases/CE-1999-9999", **_auth(clients[other])).json() == {
            **r.json(),
            "instance": "/api/v1/cases/CE-1999-9999",
        }
        assert number not in c.get("/api/v1/cases", **_auth(clients[other])).content.decode()


def test_revoked_and_expired_tokens_are_refused_and_last_use_is_kept(world, now, clients):
    token = ApiToken.objects.get(client=clients["oeg"], label="cases_read")
    c = Client()
    assert c.get("/api/v1/cases", **_auth(clients["oeg_cases_read"])).status_code == 200
    token.refresh_from_db()
    assert token.last_used_at is not None
    do_revoke_token(user=world.users["secretaria"], token=token)
    assert c.get("/api/v1/cases", **_auth(clients["oeg_cases_read"])).status_code == 401
    assert StateRecord.objects.filter(object_id=str(token.pk), reason__contains="Revocación").exists()
    now.set("2028-03-02 11:00")  # a year and a day later: the other tokens expired
    assert c.get("/api/v1/cases", **_auth(clients["oeg_token"])).status_code == 401
    assert ApiRequest.objects.filter(status=401).count() >= 2


def test_rate_limit_per_token(world, now, clients, settings):
    settings.VENTILA_API_RATE_PER_MINUTE = 3
    c = Client()
    codes = [c.get("/api/v1/cases", **_auth(clients["speaker_token"])).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    assert c.get("/api/v1/cases", **_auth(clients["oeg_token"])).status_code == 200  # another token


def test_request_size_limit(world, now, clients, settings):
    settings.VENTILA_API_MAX_REQUEST_MB = 1
    r = _referral(clients["oeg_token"], world.respondent, pdf=PDF + b"0" * (2 * 1024 * 1024))
    assert r.status_code == 413 and r["Content-Type"] == "application/problem+json"


def test_cam_15_01_financial_events_go_onto_the_persons_tenure_case(world, now, clients):
    sync_person(user=system_user(), body=world.camara, person=world.respondent, reason="Registro de prueba")
    c = Client()
    event = {
        "person_id": world.respondent.pk,
        "event": "report_filed",
        "day": "2027-02-20",
        "covers_year": 2026,
        "report_type": "annual",
    }
    r = c.post(
        "/api/v1/financial-events",
        json.dumps(event),
        content_type="application/json",
        **_auth(clients["oeg_financial"], "fin-1"),
    )
    assert r.status_code == 201, r.content
    case = Case.objects.get(number=r.json()["case"]["number"])
    assert case.kind == "financial_report"
    assert case.entries.get(seq=r.json()["seq"]).recorded_by == clients["oeg"].user
    bad = c.post(
        "/api/v1/financial-events",
        json.dumps({**event, "event": "took_office"}),
        content_type="application/json",
        **_auth(clients["oeg_financial"], "fin-2"),
    )
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "event"
    nobody = c.post(
        "/api/v1/financial-events",
        json.dumps({**event, "person_id": 999999}),
        content_type="application/json",
        **_auth(clients["oeg_financial"], "fin-3"),
    )
    assert nobody.status_code == 422 and nobody.json()["errors"][0]["field"] == "person_id"


def test_cam_17_03_an_access_request_opens_a_report_access_request_case(world, now, clients):
    req = access_request(world.respondent)
    c = Client()
    r = c.post(
        "/api/v1/access-requests",
        json.dumps(req),
        content_type="application/json",
        **_auth(clients["oeg_access_requests"], "acc-1"),
    )
    assert r.status_code == 201, r.content
    assert Case.objects.get(number=r.json()["number"]).kind == "report_access_request"
    muni = c.post(
        "/api/v1/access-requests",
        json.dumps(req),
        content_type="application/json",
        **_auth(clients["muni_token"], "acc-1"),
    )
    assert muni.status_code == 422  # the municipal Commission's rulebook keeps no such cases


def test_deadlines_is_the_cli_as_a_service(world, now, clients):
    import io

    from ventila.rules.cli import run_deadlines

    scenario = {
        "rulebook": "camara-171",
        "kind": "complaint",
        "events": [{"type": "complaint_filed", "at": "2027-03-01", "knowledge_date": "2027-02-10"}],
    }
    out = io.StringIO()
    assert run_deadlines([], stdin=io.StringIO(json.dumps(scenario)), stdout=out) == 0
    c = Client()
    r = c.post(
        "/api/v1/deadlines", json.dumps(scenario), content_type="application/json", **_auth(clients["oeg_deadlines"])
    )
    assert r.status_code == 200 and r.json() == json.loads(out.getvalue())
    bad = c.post(
        "/api/v1/deadlines",
        json.dumps({**scenario, "events": [{"type": "complaint_filed"}]}),
        content_type="application/json",
        **_auth(clients["oeg_deadlines"]),
    )
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"].startswith("events[0]")


def test_schema_is_openapi_3_1_with_spanish_descriptions_and_docs(world, now):
    c = Client()
    schema = c.get("/api/v1/openapi.json").json()
    assert schema["openapi"].startswith("3.1")
    assert "/api/v1/referrals" in schema["paths"]
    assert "referido" in schema["paths"]["/api/v1/referrals"]["post"]["summary"]
    assert c.get("/api/v1/docs").status_code == 200


def test_the_management_command_creates_issues_lists_and_revokes(world, now):
    import io

    from django.core.management import call_command
    from factories import make_user, totp_code

    from ventila.accounts import twofactor
    from ventila.accounts.models import Proposal
    from ventila.accounts.proposals import do_approve

    admin2 = make_user("admin2", superuser=True)
    for admin in (world.users["admin"], admin2):
        twofactor.demo_device(admin)
    # An organisation is proposed by one administrator and approved by another (issue 26, finding 6).
    call_command(
        "api_tokens",
        "client",
        "OEG de prueba",
        "--role",
        "oeg",
        "--body",
        world.camara.slug,
        "--operator",
        "admin",
        "--reason",
        "Convenio con la OEG",
        stdout=io.StringIO(),
    )
    do_approve(proposal=Proposal.objects.get(), user=admin2, password="clave-de-prueba-123", code=totp_code(admin2))
    out = io.StringIO()
    call_command("api_tokens", "issue", "OEG de prueba", "--scopes", "cases_read", stdout=out)
    secret = out.getvalue().split()[-1]
    assert Client().get("/api/v1/cases", **_auth(secret)).status_code == 200
    token = ApiToken.objects.get(client__name="OEG de prueba")
    assert token.digest != secret and secret not in str(list(ApiToken.objects.values()))
    listing = io.StringIO()
    call_command("api_tokens", "list", stdout=listing)
    assert token.prefix in listing.getvalue() and "último uso" in listing.getvalue()
    call_command("api_tokens", "revoke", token.prefix, stdout=io.StringIO())
    assert Client().get("/api/v1/cases", **_auth(secret)).status_code == 401


def test_the_secretary_issues_a_token_on_the_page_sees_it_once_and_revokes_it(world, now, clients):
    c = Client()
    c.force_login(world.users["secretaria"])
    url = f"/cuerpos/{world.camara.slug}/api/"
    page = c.get(url)
    assert page.status_code == 200 and "Tokens de la API" in page.content.decode()
    r = c.post(
        url, {"client": clients["oeg"].pk, "label": "Sistema de referidos", "scopes": ["cases_read"], "days": 30}
    )
    html = r.content.decode()
    assert r.status_code == 200 and "Copie el token ahora" in html
    token = ApiToken.objects.get(label="Sistema de referidos")
    secret = html.split('<code class="token-secret">')[1].split("</code>")[0]
    assert Client().get("/api/v1/cases", **_auth(secret)).status_code == 200
    assert secret not in c.get(url).content.decode()  # shown once
    assert StateRecord.objects.filter(object_id=str(token.pk), username="secretaria").exists()
    # Refusals next to the field, what was typed kept.
    bad = c.post(url, {"client": clients["oeg"].pk, "label": "Uno\x00dos", "days": 0})
    assert bad.status_code == 400 and 'id="id_scopes_error"' in bad.content.decode()
    assert c.post(f"{url}{token.pk}/revocar/").status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert Client().get("/api/v1/cases", **_auth(secret)).status_code == 401
    # Another body's secretary: the page does not exist for them, nor this body's tokens.
    m = Client()
    m.force_login(world.users["secretaria_municipal"])
    assert m.get(url).status_code == 404
    assert m.post(f"/cuerpos/{world.municipal.slug}/api/{token.pk}/revocar/").status_code == 404


def test_cam_16a_01_a_referral_of_a_person_in_the_register_goes_through_the_tenure_case_and_its_30_days(
    world, now, clients, monkeypatch
):
    import datetime as dt

    from factories import make_person

    marta = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    now.set("2027-01-10 09:00")
    sync_person(user=system_user(), body=world.camara, person=marta, reason="Registro de prueba")
    now.set("2027-07-09 10:00")
    c = Client()
    for i, (event, day) in enumerate(
        (
            ("report_filed", "2027-03-25"),
            ("preliminary_findings_received", "2027-06-01"),
            ("findings_answered", "2027-06-07"),
        )
    ):
        data = {"person_id": marta.pk, "event": event, "day": day, "covers_year": 2026}
        if event == "report_filed":
            data["report_type"] = "initial"
        r = c.post(
            "/api/v1/financial-events",
            json.dumps(data),
            content_type="application/json",
            **_auth(clients["oeg_token"], f"m-{i}"),
        )
        assert r.status_code == 201, r.content
    form = {
        "person_id": str(marta.pk),
        "received_on": "2027-07-09",
        "covers_year": "2026",
        "evidence": [SimpleUploadedFile("hallazgos.pdf", PDF, content_type="application/pdf")],
    }
    stored_writes: list[str] = []
    real_put = files.put
    monkeypatch.setattr(files, "put", lambda name, data: stored_writes.append(name) or real_put(name, data))
    r = c.post("/api/v1/referrals", form, **_auth(clients["oeg_token"], "m-ref"))
    assert r.status_code == 201, r.content
    body = r.json()
    # Due Wed 7 Jul 2027 (30 calendar days from the answer of Mon 7 Jun); met on Fri 9 Jul, two days late.
    assert body["referral_term"]["rule_id"] == "CAM-16A-01"
    assert (body["referral_term"]["due"], body["referral_term"]["satisfied_on"]) == ("2027-07-07", "2027-07-09")
    referral = Case.objects.get(number=body["number"])
    assert referral.kind == "referral" and body["source_number"]
    copy = referral.entries.get().attachments.get()
    assert copy.filename == "hallazgos.pdf"
    # The evidence is written once: the referral's first act attaches the very file the OEG's act stored.
    original = Case.objects.get(number=body["source_number"]).entries.get(event_type="oeg_final_action")
    assert [(a.file.name, a.sha256, a.size) for a in original.attachments.all()] == [
        (copy.file.name, copy.sha256, copy.size)
    ]
    assert stored_writes == [copy.file.name]
    assert c.get(f"/api/v1/cases/{body['source_number']}", **_auth(clients["oeg_token"])).status_code == 200
