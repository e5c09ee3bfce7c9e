"""Sec. 10 for each obligated person (issue 16): the gifts register with the engine's findings
(10(k), 10(n)), the court summonses with the 10(w) term and whether the Secretary was told in time,
and the nepotism check for a hiring (10(t)) — through the web pages, as the secretary uses them.

Dates counted by hand (CAM-10W-01: 5 business days after the formal notice; that day does not count):
- Formal notice Mon 1 Mar 2027. Tue 2 Mar is a Puerto Rico holiday (Día de la Ciudadanía Americana);
  Wed 3 (1), Thu 4 (2), Fri 5 (3), Sat 6 and Sun 7 skipped, Mon 8 (4), Tue 9 (5) → due Tue 9 Mar 2027.
- The same with a closure declared on Wed 3 Mar: Thu 4 (1), Fri 5 (2), Mon 8 (3), Tue 9 (4), Wed 10 (5)
  → due Wed 10 Mar 2027.
- Formal notice Thu 18 Mar 2027: Fri 19 (1), Mon 22 holiday (Abolición de la Esclavitud), Tue 23 (2),
  Wed 24 (3), Thu 25 (4), Fri 26 Good Friday, Mon 29 (5) → due Mon 29 Mar 2027.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.test import Client

from ventila.audit.models import StateRecord
from ventila.compliance.conduct_models import CourtSummons, GiftRecord, NepotismCheck

pytestmark = pytest.mark.django_db


@pytest.fixture
def secretaria(world, now):
    now.set("2027-04-15 10:00")
    c = Client()
    c.force_login(world.users["secretaria"])
    return c


def _base(world) -> str:
    return f"/cuerpos/etica-camara/obligados/{world.respondent.pk}/"


def _gift(client, world, **over):
    data = {
        "received_on": "2027-02-10",
        "description": "Cesta de frutas",
        "value": "250.00",
        "source": "Asociación Ficticia",
        "kind": "social",
        **over,
    }
    return client.post(_base(world) + "regalos/", data)


def _findings(html: str) -> list[tuple[str, str]]:
    return re.findall(r'data-finding="([a-z_]+)" data-rule="([A-Z0-9-]+)"', html)


def _summons(client, world, formal, notified="", number="TPI-2027-001", role="witness"):
    return client.post(
        _base(world) + "citaciones/",
        {"case_number": number, "formally_notified_on": formal, "role": role, "secretary_notified_on": notified},
    )


# -- gifts: CAM-10K-01, CAM-10N-01 ------------------------------------------------------------------


def test_cam_10k_01_a_social_gift_of_250_00_is_excluded_and_250_01_is_not(world, secretaria):
    assert _gift(secretaria, world, value="250.00", source="Club Uno").status_code == 302
    html = secretaria.get(_base(world) + "regalos/").content.decode()
    assert _findings(html) == []
    assert "$250.00" in html and "sin alertas" in html
    assert _gift(secretaria, world, value="$250.01", description="Pluma", source="Club Dos").status_code == 302
    gift = GiftRecord.objects.get(description="Pluma")
    assert gift.value == Decimal("250.01")
    html = secretaria.get(_base(world) + "regalos/").content.decode()
    assert _findings(html) == [("gift_not_excluded", "CAM-10K-01")]
    assert "CAM-10K-01 (Sec. 10(k))" in html and "$250.01" in html
    # The person's page shows the same finding with its rule and citation.
    person = secretaria.get(_base(world)).content.decode()
    assert _findings(person) == [("gift_not_excluded", "CAM-10K-01")]
    assert "regalos/" in person and "citaciones/" in person and "nepotismo/" in person


def test_cam_10n_01_foreign_gift_over_250_00_without_waiver_is_barred_to_the_cent(world, secretaria):
    # A foreign award of $250.00 is not over the cap: nothing; of $250.01, barred by 10(n) (an award is
    # excluded from 10(k), so only 10(n) speaks).
    _gift(secretaria, world, value="250.00", kind="award", foreign="on", source="Consulado Ficticio A")
    html = secretaria.get(_base(world) + "regalos/").content.decode()
    assert _findings(html) == []
    _gift(secretaria, world, value="250.01", kind="award", foreign="on", source="Consulado Ficticio B")
    html = secretaria.get(_base(world) + "regalos/").content.decode()
    assert _findings(html) == [("foreign_gift_prohibited", "CAM-10N-01")]
    # With the House's waiver (a Resolution), no finding.
    gift = GiftRecord.objects.get(source="Consulado Ficticio B")
    url = _base(world) + f"regalos/{gift.pk}/corregir/"
    form = {
        "received_on": "2027-02-10",
        "description": "Cesta de frutas",
        "value": "250.01",
        "source": "Consulado Ficticio B",
        "kind": "award",
        "foreign": "on",
        "waiver": "R. de la C. 999 (ficticia)",
    }
    assert secretaria.post(url, form).status_code == 400  # a correction needs its reason
    assert secretaria.post(url, {**form, "reason": "Consta la dispensa"}).status_code == 302
    assert _findings(secretaria.get(_base(world) + "regalos/").content.decode()) == []
    # A foreign donation is barred whatever its amount.
    _gift(secretaria, world, value="1.00", kind="donation", foreign="on", source="Gobierno Ficticio")
    assert _findings(secretaria.get(_base(world) + "regalos/").content.decode()) == [
        ("foreign_gift_prohibited", "CAM-10N-01")
    ]


def test_cam_10k_01_a_second_excluded_gift_from_one_source_in_a_year_is_a_pattern(world, secretaria):
    _gift(secretaria, world, received_on="2026-12-20", value="100.00", source="Asociación Ficticia")
    _gift(secretaria, world, received_on="2027-01-10", value="100.00", source="asociación ficticia")
    assert _findings(secretaria.get(_base(world) + "regalos/").content.decode()) == []  # two calendar years
    _gift(secretaria, world, received_on="2027-02-10", value="90.00", source="ASOCIACIÓN FICTICIA")
    html = secretaria.get(_base(world) + "regalos/").content.decode()
    assert _findings(html) == [("gift_pattern", "CAM-10K-01")]
    pattern = GiftRecord.objects.get(received_on=dt.date(2027, 2, 10))
    row = html[html.index(f'id="regalo-{pattern.pk}"') :]
    assert row.index('data-finding="gift_pattern"') < row.index("</tr>")  # shown on the gift that completes it


def test_a_gift_correction_is_chained_with_its_reason_and_must_change_something(world, secretaria):
    _gift(secretaria, world, value="300.00")
    gift = GiftRecord.objects.get()
    url = _base(world) + f"regalos/{gift.pk}/corregir/"
    page = secretaria.get(url).content.decode()
    assert 'value="300.00"' in page
    same = {
        "received_on": "2027-02-10",
        "description": "Cesta de frutas",
        "value": "300.00",
        "source": "Asociación Ficticia",
        "kind": "social",
        "reason": "Sin cambio",
    }
    r = secretaria.post(url, same)
    assert r.status_code == 400 and "no cambia nada" in r.content.decode()
    assert secretaria.post(url, {**same, "value": "200.00", "reason": "El acuse dice $200.00"}).status_code == 302
    gift.refresh_from_db()
    assert gift.value == Decimal("200.00") and gift.correction_reason == "El acuse dice $200.00"
    versions = StateRecord.objects.filter(kind="compliance.GiftRecord", object_id=str(gift.pk)).order_by("version")
    assert versions.count() == 2
    assert "El acuse dice $200.00" in versions.last().reason
    assert _findings(secretaria.get(_base(world) + "regalos/").content.decode()) == []


# -- court summonses: CAM-10W-01, CAM-10W-02 ---------------------------------------------------------


def _due(html: str) -> list[str]:
    return re.findall(r'data-due="([0-9-]+)"', html)


def test_cam_10w_01_notice_due_5_business_days_after_formal_notice_skipping_a_pr_holiday(world, secretaria):
    assert _summons(secretaria, world, "2027-03-01", notified="2027-03-09").status_code == 302
    html = secretaria.get(_base(world) + "citaciones/").content.decode()
    assert _due(html) == ["2027-03-09"]
    assert 'data-timely="yes"' in html
    assert "Ciudadanía Americana" in html  # the "why this date" trace names the holiday skipped
    assert "CAM-10W-01 (Sec. 10(w))" in html
    # The person's page shows the term too.
    assert _due(secretaria.get(_base(world)).content.decode()) == ["2027-03-09"]


def test_cam_10w_01_a_notice_the_day_after_the_due_day_is_late(world, secretaria):
    _summons(secretaria, world, "2027-03-01", notified="2027-03-10")
    html = secretaria.get(_base(world) + "citaciones/").content.decode()
    assert _due(html) == ["2027-03-09"] and 'data-timely="no"' in html and "tarde" in html


def test_cam_10w_01_good_friday_and_abolition_day_are_skipped(world, secretaria):
    _summons(secretaria, world, "2027-03-18")
    html = secretaria.get(_base(world) + "citaciones/").content.decode()
    assert _due(html) == ["2027-03-29"]
    assert "Viernes Santo" in html and "Abolición de la Esclavitud" in html
    assert "no consta; el término venció" in html  # today (15 Apr) is past it and no notice is recorded


def test_cam_10w_01_a_declared_closure_moves_the_due_day(world, secretaria):
    from ventila.cases.actions import do_add_closure

    _summons(secretaria, world, "2027-03-01", notified="2027-03-10")
    do_add_closure(
        user=world.users["secretaria"], body=world.camara, day=dt.date(2027, 3, 3), reason="Huracán ficticio"
    )
    world.camara.refresh_from_db()
    html = secretaria.get(_base(world) + "citaciones/").content.decode()
    assert _due(html) == ["2027-03-10"] and 'data-timely="yes"' in html
    assert "cierre declarado" in html


def test_cam_10w_02_only_number_date_and_role_are_recorded(world, secretaria):
    page = secretaria.get(_base(world) + "citaciones/").content.decode()
    assert "CAM-10W-02" in page and "testimonio" in page
    form = page[page.index('id="anotar"') :]
    form = form[: form.index("</form>")]
    fields = set(re.findall(r'name="([a-z_]+)"', form)) - {"csrfmiddlewaretoken"}
    assert fields == {"case_number", "formally_notified_on", "role", "secretary_notified_on"}
    assert {f.name for f in CourtSummons._meta.get_fields()} >= {"case_number", "formally_notified_on", "role"}
    assert not any("testimon" in f.name or "purpose" in f.name for f in CourtSummons._meta.get_fields())


def test_cam_10w_01_the_notice_to_the_secretary_is_added_later_by_a_correction(world, secretaria):
    _summons(secretaria, world, "2027-04-12")
    summons = CourtSummons.objects.get()
    html = secretaria.get(_base(world) + "citaciones/").content.decode()
    # Mon 12 Apr 2027: Tue 13 (1), Wed 14 (2), Thu 15 (3), Fri 16 (4), Mon 19 (5); today is Thu 15 Apr.
    assert _due(html) == ["2027-04-19"] and "quedan 4 días" in html
    url = _base(world) + f"citaciones/{summons.pk}/corregir/"
    data = {"case_number": "TPI-2027-001", "formally_notified_on": "2027-04-12", "role": "witness"}
    r = secretaria.post(url, {**data, "secretary_notified_on": "2027-04-11", "reason": "Consta el acuse"})
    assert r.status_code == 400 and "posterior a la notificación formal" in r.content.decode()
    r = secretaria.post(url, {**data, "secretary_notified_on": "2027-04-14", "reason": "Consta el acuse"})
    assert r.status_code == 302
    assert 'data-timely="yes"' in secretaria.get(_base(world) + "citaciones/").content.decode()


# -- nepotism: CAM-10T-01 ----------------------------------------------------------------------------


def _check(client, world, relation, **over):
    return client.post(
        _base(world) + "nepotismo/",
        {"candidate": "Candidato Ficticio", "relation": relation, "action": "check", **over},
    )


def _barred(html: str) -> str:
    return re.search(r'data-barred="(yes|no)"', html)[1]


def test_cam_10t_01_third_degree_of_blood_is_barred_and_fourth_is_not(world, secretaria):
    html = _check(secretaria, world, "sibling+child").content.decode()  # a nephew
    assert _barred(html) == "yes" and "tercer grado de consanguinidad" in html
    assert "hasta el tercer grado de consanguinidad o segundo de afinidad" in html  # the text, quoted
    assert "nepotism_alert" in html and "CAM-10T-01" in html
    html = _check(secretaria, world, "parent+sibling+child").content.decode()  # a first cousin
    assert _barred(html) == "no" and "cuarto grado de consanguinidad" in html
    assert NepotismCheck.objects.count() == 0  # checking records nothing


def test_cam_10t_01_second_degree_of_affinity_is_barred_and_third_is_not(world, secretaria):
    html = _check(secretaria, world, "spouse+sibling").content.decode()  # a brother-in-law
    assert _barred(html) == "yes" and "segundo grado de afinidad" in html
    # The spouse's nephew, described step by step: «hijo de» «hermano de» «cónyuge de» the obligated person.
    steps = {"step_1": "child", "step_2": "sibling", "step_3": "spouse"}
    html = _check(secretaria, world, "steps", **steps).content.decode()
    assert _barred(html) == "no" and "tercer grado de afinidad" in html
    # A waiver by the Speaker lifts the bar of a relative within the degrees.
    html = _check(secretaria, world, "spouse+sibling", waiver="on").content.decode()
    assert _barred(html) == "no" and "consta la dispensa" in html


def test_cam_10t_01_a_check_recorded_shows_on_the_persons_page(world, secretaria):
    r = secretaria.post(
        _base(world) + "nepotismo/", {"candidate": "Sobrino Ficticio", "relation": "sibling+child", "action": "record"}
    )
    assert r.status_code == 302
    check = NepotismCheck.objects.get()
    assert (check.kinship, check.degree, check.barred, check.path) == ("blood", 3, True, "sibling+child")
    assert StateRecord.objects.filter(kind="compliance.NepotismCheck", object_id=str(check.pk)).count() == 1
    page = secretaria.get(_base(world)).content.decode()
    assert "Sobrino Ficticio" in page and "prohibido" in page and "CAM-10T-01" in page


def test_a_member_reads_and_checks_but_does_not_record(world, now):
    now.set("2027-04-15 10:00")
    c = Client()
    c.force_login(world.users["comisionado"])
    assert c.get(_base(world) + "regalos/").status_code == 200
    assert "Anotar el regalo" not in c.get(_base(world) + "regalos/").content.decode()
    assert _gift(c, world).status_code == 403
    assert _summons(c, world, "2027-03-01").status_code == 403
    assert _check(c, world, "sibling+child").status_code == 200
    assert _check(c, world, "sibling+child", action="record").status_code == 403
    assert GiftRecord.objects.count() == CourtSummons.objects.count() == NepotismCheck.objects.count() == 0


# -- hostile input ---------------------------------------------------------------------------------

HOSTILE = ["Ana\x00Ejemplo", "x" * 10_000, "ana@example.org\r\nBcc: todos@example.org"]


@pytest.mark.parametrize("value", HOSTILE, ids=["nul", "long", "crlf"])
def test_hostile_input_on_every_form_gets_a_reason_never_a_500(world, secretaria, value):
    _gift(secretaria, world)
    _summons(secretaria, world, "2027-03-01")
    gift, summons = GiftRecord.objects.get(), CourtSummons.objects.get()
    base = _base(world)
    forms = [
        (base + "regalos/", ["description", "value", "source", "kind", "received_on", "waiver"], _gift_data()),
        (
            base + f"regalos/{gift.pk}/corregir/",
            ["description", "value", "reason", "kind"],
            {**_gift_data(), "reason": "Motivo"},
        ),
        (base + "citaciones/", ["case_number", "formally_notified_on", "role"], _summons_data()),
        (
            base + f"citaciones/{summons.pk}/corregir/",
            ["case_number", "role", "reason", "secretary_notified_on"],
            {**_summons_data(), "reason": "Motivo"},
        ),
        (
            base + "nepotismo/",
            ["candidate", "relation", "step_1"],
            {"candidate": "Ana", "relation": "steps", "step_1": "child"},
        ),
    ]
    for url, fields, good in forms:
        for name in fields:
            r = secretaria.post(url, {**good, name: value})
            html = r.content.decode()
            if name == "reason" and "\r\n" in value:  # a reason may take several lines: kept on one
                assert r.status_code == 302
                continue
            assert r.status_code == 400, (url, name, r.status_code)
            assert "error-message" in html and "alert-error" in html, (url, name)
            assert len(html) < 200_000
    assert GiftRecord.objects.count() <= 2 and CourtSummons.objects.count() == 1
    assert not any("\x00" in g.source + g.description for g in GiftRecord.objects.all())
    assert not any("\n" in g.correction_reason for g in GiftRecord.objects.all())


def _gift_data():
    return {
        "received_on": "2027-02-10",
        "description": "Cesta",
        "value": "10.00",
        "source": "Club",
        "kind": "social",
    }


def _summons_data():
    return {"case_number": "TPI-1", "formally_notified_on": "2027-03-01", "role": "party"}


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("250,01", "punto decimal"),  # a decimal comma is not read as thousands ($25,001)
        ("250.001", "punto decimal"),
        ("-5", "punto decimal"),
        ("doscientos", "punto decimal"),
        ("1e3", "punto decimal"),
    ],
)
def test_a_gift_value_is_dollars_to_the_cent(world, secretaria, value, why):
    r = _gift(secretaria, world, value=value)
    assert r.status_code == 400 and why in r.content.decode()
    assert f'value="{value}"' in r.content.decode()  # the form keeps what was typed
    assert GiftRecord.objects.count() == 0


def test_a_gift_value_with_dollar_sign_and_thousands_is_read_to_the_cent(world, secretaria):
    assert _gift(secretaria, world, value="$1,250.50").status_code == 302
    assert GiftRecord.objects.get().value == Decimal("1250.50")


def test_dates_in_the_future_and_waivers_of_domestic_gifts_are_refused_beside_the_field(world, secretaria):
    r = _gift(secretaria, world, received_on="2027-04-16")
    assert r.status_code == 400 and "posterior a hoy" in r.content.decode()
    r = _gift(secretaria, world, waiver="R. de la C. 1")
    assert r.status_code == 400 and "fuente extranjera" in r.content.decode()
    r = _summons(secretaria, world, "2027-04-16")
    assert r.status_code == 400 and "posterior a hoy" in r.content.decode()
    r = _summons(secretaria, world, "1890-01-01")
    assert r.status_code == 400 and "calendario legal" in r.content.decode()
    assert GiftRecord.objects.count() == CourtSummons.objects.count() == 0


# -- English ---------------------------------------------------------------------------------------


def test_the_pages_of_sec_10_say_nothing_in_spanish_in_english_mode(world, secretaria):
    """What is Spanish stays marked: the law's quotations and the engine's findings not yet in the
    catalogue (``lang="es"``), what people typed (``translate="no"``)."""
    from django.conf import settings as django_settings

    from .english_check import known_data, spanish_in, visible_texts

    _gift(secretaria, world, value="250.01", source="Club Ficticio")
    _gift(secretaria, world, value="400.00", foreign="on", source="Consulado Ficticio")
    _summons(secretaria, world, "2027-03-18", notified="2027-03-30")
    _summons(secretaria, world, "2027-04-12", number="TPI-2027-002")
    secretaria.post(_base(world) + "nepotismo/", {"candidate": "Ana", "relation": "sibling+child", "action": "record"})
    secretaria.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    base = _base(world)
    gift, summons = GiftRecord.objects.first(), CourtSummons.objects.first()
    pages = [
        secretaria.get(base),
        secretaria.get(base + "regalos/"),
        _gift(secretaria, world, value="250,01"),  # with errors
        secretaria.get(base + f"regalos/{gift.pk}/corregir/"),
        secretaria.get(base + "citaciones/"),
        _summons(secretaria, world, ""),
        secretaria.get(base + f"citaciones/{summons.pk}/corregir/"),
        secretaria.get(base + "nepotismo/"),
        _check(secretaria, world, "spouse+sibling"),
        _check(secretaria, world, "steps"),
        _check(secretaria, world, "child+spouse+parent"),
    ]
    data = known_data()
    found = {}
    for r in pages:
        html = r.content.decode()
        assert '<html lang="en"' in html
        if r.request["PATH_INFO"] == base:  # the person's page: its Sec. 10 part (the rest is the duties')
            html = html[html.index('<section aria-labelledby="conducta"') :]
            html = html[: html.index("</section>") + len("</section>")]
        for line in spanish_in(visible_texts(html, data)):
            found.setdefault(line, r.request["PATH_INFO"])
    assert found == {}, "\n".join(f"{k}  ← {v}" for k, v in found.items())


def test_cam_10t_01_a_path_that_describes_no_one_is_refused_beside_the_field(world, secretaria):
    # «padre de» «hijo de» the obligated person: the obligated person himself, or a stranger — ambiguous.
    r = _check(secretaria, world, "steps", step_1="parent", step_2="child")
    assert r.status_code == 400 and "ancestro común" in r.content.decode()
    r = _check(secretaria, world, "steps", step_1="child", step_3="sibling")  # a gap in the steps
    assert r.status_code == 400 and "deje en blanco los siguientes" in r.content.decode()
    r = _check(secretaria, world, "child+spouse+parent")  # a child's parent-in-law: affinity creates none
    assert r.status_code == 200 and _barred(r.content.decode()) == "no"
    assert "la afinidad no crea afinidad" in r.content.decode()
