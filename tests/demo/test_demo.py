"""``ventila demo``: idempotent demo data, built through the same actions as the web app."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from ventila.accounts.models import User
from ventila.bodies.models import Body, Membership, OfficeTerm, Person
from ventila.cases.models import Case, DocketEntry
from ventila.documents.models import Delivery, Document

pytestmark = pytest.mark.django_db


def _counts() -> tuple[int, ...]:
    """How many bodies, people, cases, docket entries, users, documents and deliveries there are."""
    models = (Body, Person, Case, DocketEntry, User, Document, Delivery)
    return tuple(model.objects.count() for model in models)


def test_demo_data_is_idempotent_and_realistic(demo):
    now = demo.now
    printed = demo.printed
    # Issue 32: the demo CA and each body's certificate, under the var dir, printed.
    assert str(demo.var_dir / "signing" / "etica-camara.pem") in printed
    for username in ("secretaria", "comisionado", "presidente", "presidencia", "admin"):
        assert username in printed
    counts = _counts()
    call_command("demo", stdout=io.StringIO())
    assert _counts() == counts
    _check_demo_documents()
    camara = Body.objects.get(slug="etica-camara")
    municipal = Body.objects.get(slug="querellas-municipales")
    assert camara.members_on(now.set("2027-06-15 09:00").date()).count() == 7
    assert Membership.objects.filter(body=municipal).count() == 3
    assert set(OfficeTerm.objects.values_list("role", flat=True)) >= {
        "representative",
        "officer",
        "department_head",
        "employee",
        "mayor",
    }
    cases = Case.objects.filter(body=camara)
    assert cases.count() >= 12
    assert len(set(cases.values_list("stage", flat=True))) >= 8
    assert cases.filter(status="open", next_due__isnull=False).count() >= 6
    # Every case is a real docket: numbers gapless per year and series (the summary demo case is of 2024; the
    # confidential kinds have series of their own), each with its derived terms.
    for year, series in set(cases.values_list("year", "series")):
        numbers = sorted(cases.filter(year=year, series=series).values_list("sequence", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
    # (but the tenure under 60 days: no report owed, no term, CAM-14F-01)
    assert all(c.deadlines.exists() for c in cases.exclude(stage="report_not_required"))
    _check_demo_financial_reports(camara)
    # The printed password signs in.
    password = next(line.split()[1] for line in printed.splitlines() if line.strip().startswith("secretaria "))
    from django.test import Client

    c = Client()
    assert c.post("/entrar/", {"username": "secretaria", "password": password}).status_code == 302
    # The demo users are pre-enrolled in the second factor; the printed key gives the code (issue 7).
    import segno  # noqa: F401  (installed: the enrolment page draws the QR code)
    from django_otp.oath import totp

    secret = next(
        line.split(None, 2)[2] for line in printed.splitlines() if line.strip().startswith("totp secretaria ")
    )
    import base64

    key = base64.b32decode(secret.replace(" ", "") + "=" * (-len(secret.replace(" ", "")) % 8))
    r = c.post("/entrar/verificar/", {"code": f"{totp(key):06d}", "next": "/expedientes/"})
    assert r.status_code == 302 and r["Location"] == "/expedientes/"
    assert "CE-2027-0001" in c.get("/expedientes/?status=all").content.decode()


def _check_demo_financial_reports(camara) -> None:
    """Issue 16: the register's people in each state — on time, due this month, late, the OEG's
    findings pending an answer, referred to the Commission (a referral case with the OEG's evidence)."""
    from ventila import clock
    from ventila.compliance.board import BoardFilter, compute_board
    from ventila.compliance.models import FinancialReferral, TenureCase

    today = clock.today()
    board = compute_board(camara, today, BoardFilter(today.replace(day=1)))
    names = {r.person for r in board.rows}
    assert board.due_count >= 1 and board.late_count >= 1
    assert "Marisol Tirado Benítez" in names and "Reinaldo Mojica Santaella" in names
    on_time = TenureCase.objects.get(person__hr_number="DEMO-104").case
    duties = ("initial_report", "annual_report", "final_report", "notify_secretary")
    assert not on_time.deadlines.filter(deadline_id__in=duties, status="missed", satisfied_on__isnull=True).exists()
    assert TenureCase.objects.get(person__hr_number="DEMO-107").case.stage == "awaiting_reply"
    referral = FinancialReferral.objects.get(source__tenure__person__hr_number="DEMO-108")
    assert referral.referral.kind == "referral" and referral.referral.entries.get().attachments.count() == 1


def _check_demo_documents() -> None:
    """The demo issues real documents through the same actions, each docketed with its PDF's hash,
    served by hand, by mail and by e-mail — and not one message left through the mail settings."""
    import hashlib

    from django.core import mail

    from ventila.documents.mail import DemoBackend
    from ventila.documents.models import DeliveryAttempt

    templates = set(Document.objects.values_list("template", flat=True))
    assert templates >= {
        "notice_of_complaint",
        "determination",
        "hearing_summons",
        "mun_notice",
        "mun_hearing_notice",
        "mun_decision",
    }
    from ventila.documents import signing

    for doc in Document.objects.select_related("case"):
        with doc.file.open("rb") as fh:
            data = fh.read()
        assert data.startswith(b"%PDF") and hashlib.sha256(data).hexdigest() == doc.sha256
        status = signing.validate(data)  # issue 32: signed by its body, valid against the demo CA
        assert status.bottom_line and status.signing_cert.subject.native["common_name"] == doc.case.body.name
        [entry] = doc.case.entries.filter(event_type="document_issued", payload__document=doc.pk)
        assert entry.payload["sha256"] == doc.sha256
        assert (
            doc.case.entries.filter(event_type="service_attempted", payload__document=doc.pk).count()
            == doc.deliveries.count()
            >= 1
        )
    methods = set(Delivery.objects.values_list("method", flat=True))
    assert methods == {"email_attachment", "hand", "mail"}
    # Receipts recorded the acts that start the terms, with the served PDF on the docket.
    receipts = Delivery.objects.filter(receipt_entry__isnull=False).select_related("receipt_entry", "document")
    assert {d.receipt_entry.event_type for d in receipts} >= {
        "respondent_notified",
        "determination_notified",
        "decision_notified",
    }
    for d in receipts:
        if d.receipt_entry.event_type != "service_received":  # an act: it carries the served PDF
            assert d.receipt_entry.attachments.get().sha256 == d.document.sha256
    attempts = DeliveryAttempt.objects.all()
    assert attempts and all(a.ok and a.server_answer == DemoBackend.ANSWER for a in attempts)
    assert mail.outbox == []  # never through the configured backend


def test_the_demo_prints_an_oeg_token_that_opens_the_api(demo):
    """Issue 26: a newcomer can try the API with the token printed beside the demo sign-ins; a second run keeps it."""
    import re

    from django.test import Client

    from ventila.api.tokens import TOKEN_PREFIX

    token = re.search(rf"\n  ({re.escape(TOKEN_PREFIX)}\S+)", demo.printed)
    assert token, demo.printed[-600:]
    answer = Client().get("/api/v1/cases", headers={"Authorization": f"Bearer {token.group(1)}"})
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/json")
    again = io.StringIO()
    call_command("demo", stdout=again)
    assert token.group(1) in again.getvalue()
