"""Sec. 16: an OEG referral to the Commission, recorded as the OEG's final action on a person's
``financial_report`` case, turned into a ``referral`` case in one action — the referral received
(``referral_received``) with the OEG's evidence (the files attached to the OEG's act) and the link
between the two cases (:class:`~ventila.compliance.models.FinancialReferral`), shown on both."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ventila import clock
from ventila import files as stored
from ventila.audit import state
from ventila.cases.actions import ActInput, ActRefused, UploadedDocument, do_file_case
from ventila.cases.models import Case, DocketEntry

from .models import FinancialReferral

# The act of the financial-report case that refers, and its outcome (the rulebook's vocabulary,
# ventila/rules/rulebooks/camara_171/s14_s18_financial.py: FINANCIAL_EVENTS); the referral case's
# first act (s20_s24_complaints: «referral_received», Sec. 16(b)).
FINAL_ACTION = "oeg_final_action"
REFERRAL_OUTCOME = "referral"
REFERRAL_KIND = "referral"
REFERRAL_RECEIVED = "referral_received"


@dataclass(frozen=True)
class CaseLink:
    """A link between two cases, as a page shows it: the other case, and which way."""

    case: Case
    direction: str  # "to" (this case's referral became it) or "from" (it came from that case)


def pending_referral(case: Case) -> DocketEntry | None:
    """The OEG's referral on this financial-report case not yet turned into a case, if any."""
    superseded = set(case.entries.exclude(supersedes=None).values_list("supersedes_id", flat=True))
    turned = set(FinancialReferral.objects.filter(source=case).values_list("entry_id", flat=True))
    for e in case.entries.filter(event_type=FINAL_ACTION).order_by("seq"):
        if e.pk in superseded or e.pk in turned:
            continue
        if e.payload.get("outcome") == REFERRAL_OUTCOME:
            return e
    return None


def links_of(case: Case) -> list[CaseLink]:
    """The cases linked to ``case`` by an OEG referral, either way."""
    out = [
        CaseLink(f.referral, "to")
        for f in FinancialReferral.objects.filter(source=case).select_related("referral").order_by("id")
    ]
    out += [
        CaseLink(f.source, "from")
        for f in FinancialReferral.objects.filter(referral=case).select_related("source").order_by("id")
    ]
    return out


def do_turn_referral_into_case(*, user: Any, case: Case, received_on: dt.date, now: dt.datetime | None = None) -> Case:
    """Open the ``referral`` case of the OEG's referral on ``case`` (Sec. 16(b), CAM-16B-02): its first
    act the referral received on ``received_on``, the OEG act's files attached as its evidence, the
    link kept. Refused (``ActRefused``) when there is no referral to turn, or it was already turned."""
    now = now or clock.now()
    with transaction.atomic():
        locked = Case.objects.select_for_update(of=("self",)).select_related("body").get(pk=case.pk)
        entry = pending_referral(locked)
        if entry is None:
            raise ActRefused(_("Este expediente no tiene un referido de la OEG pendiente de convertir en caso."))
        if received_on < entry.occurred_day:
            raise ActRefused(
                _("Revise la fecha."),
                {"received_on": [_("El referido se recibe el día de la determinación de la OEG o después.")]},
            )
        respondent = locked.respondent
        assert respondent is not None and respondent.person is not None
        files = [
            UploadedDocument(a.filename, stored.read_verified(a.file, a.sha256), a.content_type, a.sha256)
            for a in entry.attachments.all()
        ]
        payload: dict[str, Any] = {"evidence_attached": bool(files) or bool(entry.payload.get("evidence_attached"))}
        reason = f"Referido de la OEG (Sec. 16) del expediente {locked.number}"
        referral = do_file_case(
            user=user,
            body=locked.body,
            kind=REFERRAL_KIND,
            respondent=respondent.person,
            respondent_role=locked.respondent_role,
            respondent_office=respondent.office,
            act=ActInput(
                REFERRAL_RECEIVED,
                clock.start_of_day(received_on),
                False,
                payload,
                note=reason,
                attachments=files,
            ),
            now=now,
            reason=reason,
        )
        with state.acting(user, reason):
            FinancialReferral.objects.create(source=locked, entry=entry, referral=referral)
    return referral
