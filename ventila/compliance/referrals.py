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
from ventila.audit import state
from ventila.cases.actions import ActInput, ActRefused, UploadedDocument, do_file_case, do_record_act
from ventila.cases.models import Case, DocketEntry
from ventila.rules import RULEBOOKS

from .models import FinancialReferral
from .tenures import tenure_case_on

# The outcome of the evaluator's final action that refers the report to the body; the act itself, and
# the kind and first act of the case it opens, are the rulebook's (``Obligations.final_action_event``,
# ``referral_kind``, ``referral_event``).
REFERRAL_OUTCOME = "referral"


def _obligations(body: Any) -> Any:
    obligations = RULEBOOKS[body.rulebook].register.obligations
    if obligations is None or not obligations.referral_kind:
        raise ActRefused(_("Este expediente no tiene un referido de la OEG pendiente de convertir en caso."))
    return obligations


def referral_kind(body: Any) -> str:
    """The kind of case an evaluator's referral opens in ``body`` ("": its rulebook receives none)."""
    obligations = RULEBOOKS[body.rulebook].register.obligations
    return obligations.referral_kind if obligations is not None else ""


@dataclass(frozen=True)
class CaseLink:
    """A link between two cases, as a page shows it: the other case, and which way."""

    case: Case
    direction: str  # "to" (this case's referral became it) or "from" (it came from that case)


def pending_referral(case: Case) -> DocketEntry | None:
    """The OEG's referral on this financial-report case not yet turned into a case, if any."""
    superseded = set(case.entries.exclude(supersedes=None).values_list("supersedes_id", flat=True))
    turned = set(FinancialReferral.objects.filter(source=case).values_list("entry_id", flat=True))
    obligations = RULEBOOKS[case.body.rulebook].register.obligations
    if obligations is None or not obligations.final_action_event:
        return None
    for e in case.entries.filter(event_type=obligations.final_action_event).order_by("seq"):
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
        files = [UploadedDocument.of(a) for a in entry.attachments.all()]  # the same stored files
        payload: dict[str, Any] = {"evidence_attached": bool(files) or bool(entry.payload.get("evidence_attached"))}
        reason = f"Referido de la OEG (Sec. 16) del expediente {locked.number}"
        referral = _open_referral(
            user,
            locked.body,
            (respondent.person, locked.respondent_role, respondent.office),
            received_on,
            payload,
            files,
            reason,
            now,
        )
        with state.acting(user, reason):
            FinancialReferral.objects.create(source=locked, entry=entry, referral=referral)
    return referral


@dataclass(frozen=True)
class ReferralReceived:
    """What receiving a referral did: the referral case opened, and the person's financial-report case
    the evaluator's final action was docketed on first (None: there was none)."""

    case: Case
    source: Case | None


def do_receive_referral(
    *,
    user: Any,
    body: Any,
    office: Any,
    received_on: dt.date,
    evidence: list[UploadedDocument],
    reason: str,
    facts_date: dt.date | None = None,
    covers_year: int | None = None,
    now: dt.datetime | None = None,
) -> ReferralReceived:
    """Sec. 16: an evaluator's referral of a financial report, received on ``received_on`` with its
    ``evidence``, against the holder of ``office``. Where the person has a financial-report case (their
    tenure's on that day), the final action that refers is docketed there with the evidence (the engine
    checks its term, CAM-16A-01) and turned into the referral case, whose first act attaches the same
    stored files (written once); otherwise the referral case is opened with the evidence directly.
    One transaction: refused (``ActRefused``) as a whole."""
    obligations = _obligations(body)
    link = tenure_case_on(body, office.person_id, received_on)
    with transaction.atomic():
        if link is not None:
            data: dict[str, Any] = {"outcome": REFERRAL_OUTCOME, "evidence_attached": bool(evidence)}
            if covers_year is not None:
                data["covers_year"] = covers_year
            act = ActInput(
                obligations.final_action_event,
                clock.start_of_day(received_on),
                False,
                data,
                note=reason,
                attachments=evidence,
            )
            do_record_act(user=user, case=link.case, act=act, now=now)
            case = do_turn_referral_into_case(user=user, case=link.case, received_on=received_on, now=now)
            return ReferralReceived(case, link.case)
        payload: dict[str, Any] = {"evidence_attached": bool(evidence)}
        if facts_date is not None:
            payload["facts_date"] = facts_date.isoformat()
        case = _open_referral(
            user, body, (office.person, office.role, office.title), received_on, payload, evidence, reason, now
        )
        return ReferralReceived(case, None)


def _open_referral(
    user: Any,
    body: Any,
    respondent: tuple[Any, str, str],
    received_on: dt.date,
    payload: dict[str, Any],
    files: list[UploadedDocument],
    reason: str,
    now: dt.datetime | None,
) -> Case:
    """Open the referral case (the rulebook's ``Obligations.referral_kind``): its first act the referral
    received on ``received_on`` with ``files``; ``respondent`` is (person, role, office)."""
    obligations = _obligations(body)
    person, role, office = respondent
    return do_file_case(
        user=user,
        body=body,
        kind=obligations.referral_kind,
        respondent=person,
        respondent_role=role,
        respondent_office=office,
        act=ActInput(
            obligations.referral_event, clock.start_of_day(received_on), False, payload, note=reason, attachments=files
        ),
        now=now,
        reason=reason,
    )
