"""A document served by any means stops its e-mails' retries to the same recipient (issue 29): the notice
was served by hand, so the worker no longer tries the failed e-mail, and says why."""

from __future__ import annotations

import datetime as dt

import pytest
from factories import file_complaint

from ventila.documents.actions import SERVED_OTHERWISE
from ventila.documents.models import Delivery, DeliveryAttempt
from ventila.jobs.schedule import run_now

from .helpers import deliver, issue

pytestmark = pytest.mark.django_db


def test_service_by_hand_stops_the_failed_emails_retries(world, now, no_smtp):
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    respondent = case.parties.get(role="respondent")
    mail = deliver(world, doc, "email_attachment", name=respondent.name)  # fmt: skip
    other = deliver(world, doc, "email_attachment", role="other", name="Otra Persona Ficticia", email="otra@example.org")  # fmt: skip
    assert mail.status == Delivery.Status.RETRYING and other.status == Delivery.Status.RETRYING
    now.set("2027-03-03 09:00")
    deliver(world, doc, "hand", name=respondent.name, received_on=dt.date(2027, 3, 2))  # fmt: skip
    now.set("2027-03-03 18:00")
    run_now("deliveries")
    mail.refresh_from_db()
    other.refresh_from_db()
    assert mail.status == Delivery.Status.FAILED and mail.next_attempt_at is None
    assert mail.last_error == SERVED_OTHERWISE
    assert DeliveryAttempt.objects.filter(delivery=mail).count() == 1  # the first try only
    assert other.attempts == 2 and other.last_error != SERVED_OTHERWISE  # another recipient: still tried
