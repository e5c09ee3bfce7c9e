"""One of each (issue 28): the shared helpers that replaced the copies — the start of a day and an act's
moment (ventila/clock.py on ventila/rules), the rate limiter's refusal (ventila/accounts/ratelimit.py), the CSV
line writer (ventila/exports.py), "held on a day" for an office already read (ventila/bodies/models.py), the
tenure's case on a day and the referral received in one action (ventila/compliance)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest
from factories import make_person, tiny_pdf

from ventila import clock, exports, files, rules
from ventila.accounts import ratelimit
from ventila.bodies.models import OfficeTerm, in_force_on
from ventila.cases.actions import ActInput, UploadedDocument, do_record_act
from ventila.cases.models import Case
from ventila.cases.procedures import system_user
from ventila.compliance.referrals import do_receive_referral
from ventila.compliance.tenures import sync_person, tenure_case_on

PR = rules.PR_TZ


def test_the_start_of_a_day_is_one_function_midnight_in_puerto_rico() -> None:
    assert clock.start_of_day is rules.start_of_day
    start = clock.start_of_day(dt.date(2027, 3, 14))  # the day the mainland moves its clocks; Puerto Rico does not
    assert start == dt.datetime(2027, 3, 14, 4, 0, tzinfo=dt.UTC)
    assert (start.tzinfo, start.hour, start.minute) == (PR, 0, 0)


def test_an_acts_moment_is_the_start_of_its_day_without_an_hour_and_the_hour_with_one() -> None:
    day = dt.date(2027, 3, 1)
    assert clock.moment(day, None) == (clock.start_of_day(day), False)
    assert clock.moment(day, dt.time(15, 30)) == (dt.datetime(2027, 3, 1, 15, 30, tzinfo=PR), True)


@pytest.mark.django_db
def test_the_rate_limiters_check_refuses_past_the_limit_saying_the_wait_in_minutes() -> None:
    for _i in range(2):
        ratelimit.check("prueba", "192.0.2.9", (2, 3600), now=7200.0)
    with pytest.raises(ratelimit.RateLimited) as refused:
        ratelimit.check("prueba", "192.0.2.9", (2, 3600), now=7200.0 + 125)
    assert (refused.value.limit, refused.value.wait, refused.value.minutes) == (2, 3476, 58)
    ratelimit.check("prueba", "192.0.2.10", (2, 3600), now=7200.0)  # another client: its own count
    ratelimit.check("prueba", "192.0.2.9", (2, 3600), now=10800.0)  # the next window
    assert ratelimit.RateLimited(1, 1).minutes == 1  # never «0 minutes»


def test_the_csv_line_writer_hands_back_each_line_with_the_delimiter_asked() -> None:
    cells = [exports.safe_cell(v) for v in ("=1+1", "@SUM(A1)", "-2", "texto; con punto y coma", 3)]
    assert exports.line_writer().writerow(cells) == "'=1+1;'@SUM(A1);'-2;\"texto; con punto y coma\";3\r\n"
    assert exports.line_writer(",").writerow(["a", "b,c"]) == 'a,"b,c"\r\n'


@pytest.mark.django_db
def test_an_office_read_is_held_on_the_same_days_the_query_finds_it() -> None:
    person = make_person("Ana", "Ficticia", role="officer", start=dt.date(2027, 1, 4))
    office = person.offices.get()
    office.end = dt.date(2027, 6, 30)
    office.save()
    for day in (dt.date(2027, 1, 3), dt.date(2027, 1, 4), dt.date(2027, 6, 30), dt.date(2027, 7, 1)):
        assert office.held_on(day) == OfficeTerm.objects.filter(in_force_on(day), pk=office.pk).exists(), day
    office.end = None
    assert office.held_on(dt.date(2099, 1, 1)) and not office.held_on(dt.date(2027, 1, 3))


def _tenured(world: Any, now: Any) -> Any:
    marta = make_person("Marta", "Ficticia Ruiz", role="officer", title="Subsecretaria", start=dt.date(2027, 1, 4))
    now.set("2027-01-10 09:00")
    sync_person(user=system_user(), body=world.camara, person=marta, reason="Registro de prueba")
    return marta


def test_the_tenure_case_on_a_day_is_the_tenure_begun_by_then(world, now) -> None:
    marta = _tenured(world, now)
    link = tenure_case_on(world.camara, marta.pk, dt.date(2027, 3, 1))
    assert link is not None and link.person_id == marta.pk and link.case.kind == "financial_report"
    assert tenure_case_on(world.camara, marta.pk, dt.date(2027, 1, 3)) is None  # before the tenure began
    assert tenure_case_on(world.camara, 2**31, dt.date(2027, 3, 1)) is None  # out of range: no query refused
    assert tenure_case_on(world.municipal, marta.pk, dt.date(2027, 3, 1)) is None  # another body's docket


def _receive(world: Any, person: Any, received_on: dt.date, **more: Any) -> Any:
    """The evaluator's referral of ``person`` received in the House's Commission, with one PDF of evidence."""
    evidence = [UploadedDocument("informe-oeg.pdf", tiny_pdf(), "application/pdf")]
    return do_receive_referral(
        user=system_user(),
        body=world.camara,
        office=person.offices.get(),
        received_on=received_on,
        evidence=evidence,
        reason="Referido de prueba",
        **more,
    )


def test_a_referral_of_a_tenured_person_is_one_action_through_the_tenure_case_writing_its_evidence_once(
    world, now, settings, tmp_path, monkeypatch
) -> None:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    marta = _tenured(world, now)
    link = tenure_case_on(world.camara, marta.pk, dt.date(2027, 3, 25))
    assert link is not None
    now.set("2027-07-09 10:00")
    for event, day in (
        ("report_filed", dt.date(2027, 3, 25)),
        ("preliminary_findings_received", dt.date(2027, 6, 1)),
        ("findings_answered", dt.date(2027, 6, 7)),
    ):
        data = {"covers_year": 2026, **({"report_type": "initial"} if event == "report_filed" else {})}
        act = ActInput(event, clock.start_of_day(day), False, data, note="Prueba")
        do_record_act(user=system_user(), case=link.case, act=act)
    writes: list[str] = []
    real_put = files.put
    monkeypatch.setattr(files, "put", lambda name, data: writes.append(name) or real_put(name, data))
    received = _receive(world, marta, dt.date(2027, 7, 9))
    assert received.source == link.case
    final = link.case.entries.get(event_type="oeg_final_action")
    assert final.payload["outcome"] == "referral"
    assert received.case.kind == "referral" and received.case.respondent.person == marta
    copy = received.case.entries.get().attachments.get()
    assert [a.file.name for a in final.attachments.all()] == [copy.file.name]
    assert writes == [copy.file.name]  # the evidence written once, attached twice


def test_a_referral_of_a_person_without_a_tenure_case_opens_the_referral_case_directly(
    world, now, settings, tmp_path
) -> None:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    person = make_person("Luis", "Ficticio", role="officer", title="Auxiliar", start=dt.date(2027, 1, 4))
    now.set("2027-03-05 10:00")
    before = Case.objects.count()
    received = _receive(world, person, dt.date(2027, 3, 5), facts_date=dt.date(2027, 2, 1))
    assert received.source is None and Case.objects.count() == before + 1
    first = received.case.entries.get()
    assert first.payload["facts_date"] == "2027-02-01" and first.attachments.count() == 1


# Each shared helper's copies, as they were written by hand before (issue 28): the pattern, and its one home.
COPIES = {
    r"datetime\.combine\([^,]+,\s*(dt\.)?time\(\),\s*PR_TZ|time\.min\b|replace\(hour=0, minute=0": "ventila/rules/calendar.py",
    r"\.end is None or \w+\.end >=|end__isnull=True\) \| Q\(end__gte": "ventila/bodies/models.py",
    r"class RateLimited\b": "ventila/accounts/ratelimit.py",
    r"class _Echo\b|lineterminator=": "ventila/exports.py",
    r"FORMULA_STARTS = |startswith\(\(\"=\"": "ventila/exports.py",
    r"TenureCase\.objects\.filter\([^)]*start__lte": "ventila/compliance/tenures.py",
}


def test_each_helper_is_written_once_in_its_home() -> None:
    root = Path(exports.__file__).parent
    found = []
    for pattern, home in COPIES.items():
        for f in sorted(root.rglob("*.py")):
            if "migrations" in f.parts:
                continue
            where = f"ventila/{f.relative_to(root).as_posix()}"
            if where != home and re.search(pattern, f.read_text()):
                found.append(f"{where}: {pattern}")
    assert found == []
