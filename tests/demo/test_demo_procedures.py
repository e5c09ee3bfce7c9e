"""``ventila demo`` shows the procedures of issue 6 (and stays idempotent)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from ventila.bodies.models import Meeting
from ventila.cases.models import Case, CaseExclusion, CaseSubstitute, DocketEntry

pytestmark = pytest.mark.django_db


def test_demo_has_a_recusal_a_suspension_a_summary_case_and_an_expired_municipal_term(demo):
    counts = (Case.objects.count(), DocketEntry.objects.count(), Meeting.objects.count())
    call_command("demo", "--quiet", stdout=io.StringIO())
    assert (Case.objects.count(), DocketEntry.objects.count(), Meeting.objects.count()) == counts
    # A recused member (the «comisionado» demo user) and the substitute the Speaker appointed.
    recusal = CaseExclusion.objects.get(reason="recused")
    from ventila.accounts.models import User

    assert User.objects.get(username="comisionado").person_id == recusal.person_id
    assert CaseSubstitute.objects.filter(case=recusal.case, replaces_id=recusal.person_id).exists()
    # A suspended-then-resumed case whose answer term moved.
    moved = Case.objects.filter(deadlines__moved_from__isnull=False).distinct()
    assert moved.exists() and "reanudado" in moved.first().deadlines.exclude(moved_from=None).first().moved_reason
    # A summary case (2024, a candidate before the general election).
    assert Case.objects.filter(procedure="summary", respondent_candidate=True, year=2024).exists()
    # A municipal complaint dismissed with prejudice by the sweep, and one warned about.
    dwp = DocketEntry.objects.get(event_type="dismissed_with_prejudice")
    assert dwp.recorded_by.username == "sistema" and dwp.case.stage == "dismissed_with_prejudice"
    assert Case.objects.filter(body__rulebook="municipal", stage="awaiting_decision").exists()
    assert set(Case.objects.filter(body__rulebook="municipal").values_list("kind", flat=True)) == {
        "complaint",
        "suspension_proceeding",
        "deadlock",
    }
    assert Meeting.objects.exists()


def test_demo_case_dismissed_with_prejudice_reads_consistently(demo):
    # Issue 11, item 3: the demo's municipal complaint whose decision term ran out showed at once
    # «Estado: Abierto», an open overdue «Decidir la querella», the finding «debe desestimarse» and the
    # banner «ventila lo anota automáticamente», although the dismissal with prejudice was on record.
    from django.test import Client

    from ventila.accounts.models import User

    case = DocketEntry.objects.get(event_type="dismissed_with_prejudice").case
    assert case.status == Case.Status.CLOSED and case.next_due is None
    decide = case.deadlines.get(deadline_id="decide")
    assert (decide.status, decide.satisfied_by) == ("missed", "dismissed_with_prejudice")
    assert not case.findings.filter(finding_id="dismissal_with_prejudice_required").exists()
    client = Client()
    client.force_login(User.objects.get(username="secretaria-municipal"))
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    assert "Desestimada con perjuicio" in page and "<dd>Cerrado</dd>" in page
    assert "ventila lo anota automáticamente" not in page and "debe desestimarse" not in page
    assert 'id="termino-decide"' not in page
    # The missed term reads as missed and closed by the dismissal, not as missed on the dismissal's day.
    from ventila.web.templatetags.web_tags import long_date

    closed_by = f"Vencido; cerrado por el acto del {long_date(decide.satisfied_on)}"
    assert closed_by in page, page[page.find("cumplidos") :][:2000]
    assert case.number not in client.get("/expedientes/").content.decode()  # not in the open queue
