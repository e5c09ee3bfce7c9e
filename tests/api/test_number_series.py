"""Issue 26, finding 10: one number series per group of kinds. A public filer who files twice used to learn, from
the two numbers, how many confidential matters (opinions, access requests, referrals) the Commission opened in
between; now only complaints share the complaints' series, as each rulebook declares, and the numbers issued
before stay as they are."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from factories import file_complaint

from ventila.cases.models import Case, CaseCounter
from ventila.filing.procedures import Procedure
from ventila.rules import RULEBOOKS

from .conftest import PDF, access_request

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("rulebook", sorted(RULEBOOKS))
def test_only_the_kind_the_public_files_is_numbered_in_the_main_series(rulebook):
    rb = RULEBOOKS[rulebook]
    main = {kind for kind in rb.kinds if rb.series_of(kind) == ""}
    assert main == {Procedure.kind}, main
    assert all(len(code) <= 8 and code.isalnum() for code in rb.docket.number_series.values())


def _auth(secret: str, key: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}", "HTTP_IDEMPOTENCY_KEY": key}


def test_two_complaints_in_a_row_reveal_nothing_of_the_confidential_matters_between_them(world, now, clients):
    first = file_complaint(world)
    # Between the public filer's two complaints, the OEG files a referral and two access requests.
    referral = Client().post(
        "/api/v1/referrals",
        {
            "person_id": str(world.respondent.pk),
            "received_on": "2027-03-01",
            "evidence": [SimpleUploadedFile("r.pdf", PDF)],
        },
        **_auth(clients["oeg_token"], "r-1"),
    )
    assert referral.status_code == 201, referral.content
    access = access_request(world.respondent)
    numbers = [referral.json()["number"]]
    for key in ("a-1", "a-2"):
        r = Client().post(
            "/api/v1/access-requests",
            json.dumps(access),
            content_type="application/json",
            **_auth(clients["oeg_token"], key),
        )
        assert r.status_code == 201, r.content
        numbers.append(r.json()["number"])
    second = file_complaint(world)
    assert (first.number, second.number) == ("CE-2027-0001", "CE-2027-0002")
    assert numbers == ["CE-R-2027-0001", "CE-IF-2027-0001", "CE-IF-2027-0002"]
    assert set(Case.objects.values_list("series", flat=True)) == {"", "R", "IF"}


def test_numbers_issued_before_stay_and_each_series_goes_on(world, now):
    """Before the series, every kind shared the body's counter: a case of 2027 numbered CE-2027-0007 keeps
    its number, the complaints' counter goes on from 7, and a confidential kind starts its own series."""
    CaseCounter.objects.create(body=world.camara, year=2027, series="", last=7)
    earlier = file_complaint(world)
    assert earlier.number == "CE-2027-0008" and earlier.series == "" and earlier.sequence == 8
    Case.objects.filter(pk=earlier.pk).update(kind="advisory_opinion")  # as an opinion numbered in the old way
    assert file_complaint(world).number == "CE-2027-0009"
    assert Case.objects.get(pk=earlier.pk).number == "CE-2027-0008"
