"""The engine's findings in English (issue 15, English): a case page's warnings, the check-your-answers
step of an act and a refusal show the rulebook's finding translated — its dates in English, its
values (the parties, the acts) translated too — and nothing of the page is left in Spanish
(``english_check``). The Spanish text stays what the engine printed (``CaseFinding.message_es``).

Dates hand-computed: the municipal hearing needs not less than 15 days' notice, the notice day
excluded and the hearing day included (MUN-HEA-02, decision 7): notice Mon 2027-03-15 → hearing
Tue 2027-03-30 at the earliest. The House Code reaches facts from 2025-02-25 (CAM-02-01, A-3).
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from factories import complaint_act

from ventila.bodies.models import Person
from ventila.cases.models import CaseFinding, DocketEntry

from .english_check import spanish_in, visible_texts
from .helpers import file_house_complaint, open_municipal_complaint

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def english(client):
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def no_spanish(html: str, *known: str) -> None:
    assert '<html lang="en"' in html
    found = spanish_in(visible_texts(html, frozenset(known)))
    assert not found, "\n".join(found)


@pytest.fixture
def answered(client, world, now):
    """A municipal complaint against a mayor, served Wed 2027-03-03 and answered Wed 2027-03-10."""
    client = english(client)  # in English from the start (the success messages too)
    case = open_municipal_complaint(client, world)
    now.set("2027-03-15 12:00")
    for act, day in (("respondent_notified", "2027-03-03"), ("answer_filed", "2027-03-10")):
        assert client.post(f"/expedientes/{case.number}/actos/{act}/", {"occurred_date": day}).status_code == 302
    return client, case


NOTICE = {"occurred_date": "2027-03-15", "hearing_date": "2027-04-20T10:00", "recipients": ["respondent"]}
MISSING_EN = (
    "The hearing must be noticed to the respondent Mayor and to the complainant; missing: the complainant (¶15)."
)
MISSING_ES = "La vista debe notificarse al Alcalde querellado y al querellante; falta: el querellante (¶15)."


def test_mun_hea_03_check_step_says_in_english_what_the_docket_will_flag(answered):
    client, case = answered
    url = f"/expedientes/{case.number}/actos/hearing_noticed/"
    page = client.post(url, {**NOTICE, "step": "check"}).content.decode()
    assert 'name="step" value="confirm"' in page  # the check-your-answers step
    assert MISSING_EN in page and "MUN-HEA-03" in page
    no_spanish(page, "Eduardo Cordero Ficticio", "Ciudadana Ficticia", case.caption)
    assert not DocketEntry.objects.filter(case=case, event_type="hearing_noticed").exists()


def test_mun_hea_03_case_page_shows_the_stored_finding_in_english(answered):
    client, case = answered
    url = f"/expedientes/{case.number}/actos/hearing_noticed/"
    assert client.post(url, {**NOTICE, "step": "confirm"}).status_code == 302
    finding = CaseFinding.objects.get(case=case, finding_id="hearing_notice_recipients_missing")
    assert finding.message.startswith("{")  # the message is stored as its catalogue message
    assert finding.message_es() == MISSING_ES  # the engine's Spanish, unchanged
    page = client.get(f"/expedientes/{case.number}/").content.decode()
    assert MISSING_EN in page and MISSING_ES not in page
    no_spanish(page, "Eduardo Cordero Ficticio", "Ciudadana Ficticia", case.caption)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "es"
    assert MISSING_ES in client.get(f"/expedientes/{case.number}/").content.decode()


def test_mun_hea_02_refusal_names_the_earliest_hearing_date_in_english(answered):
    client, case = answered
    url = f"/expedientes/{case.number}/actos/hearing_noticed/"
    r = client.post(url, {**NOTICE, "hearing_date": "2027-03-25T10:00", "recipients": ["respondent", "complainant"]})
    page = r.content.decode()
    assert r.status_code in (200, 409)
    assert (
        "The hearing of Thursday, March 25, 2027 was noticed on Monday, March 15, 2027: no less than 15 days' "
        "notice is required, so the earliest date allowed is Tuesday, March 30, 2027. (MUN-HEA-02, ¶15)"
    ) in page
    no_spanish(page, "Eduardo Cordero Ficticio", "Ciudadana Ficticia", case.caption)
    assert not DocketEntry.objects.filter(case=case, event_type="hearing_noticed").exists()


def test_cam_02_01_facts_outside_the_code_in_english_on_the_case_page(client, world, now):
    case = file_house_complaint(world, complaint_act(facts_date="2024-08-27"))
    client.force_login(world.users["secretaria"])
    page = english(client).get(f"/expedientes/{case.number}/").content.decode()
    assert "The facts (Tuesday, August 27, 2024) fall outside the reach of the Code (Tuesday, February 25, 2025" in page
    no_spanish(page, "Rafael Quiñones Ficticio", "Ana Ejemplo Ficticia", case.caption)


def test_mun_com_04_composition_check_and_rule_summaries_in_english(client, world):
    """The qualification check of a person proposed for the President's seat (MUN-COM-04: a lawyer
    with no less than 5 years of practice) and the page's rule summaries (MUN-COM-03, MUN-COM-05)."""
    client = english(client)
    client.force_login(world.users["secretaria_municipal"])
    url = "/cuerpos/querellas-municipales/composicion/"
    page = client.get(url, {"seat": "president", "is_lawyer": "on", "years_of_practice": "3"}).content.decode()
    assert (
        "The President must be a lawyer with no less than 5 years of experience in the practice of law (¶2); the "
        "proposed person has 3 years of practice of law."
    ) in page
    assert "Three seats: a President and two Associate Commissioners" in page
    assert "Terms of 4 years; each member stays in office until a successor is appointed and takes office" in page
    assert "ambiguity 17" not in page and "term_start" not in page  # the developers' cross-references
    people = [str(p) for p in Person.objects.all()]
    no_spanish(page, world.municipal.name, world.municipal.short_name, *people)
