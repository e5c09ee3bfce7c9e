from typing import Any

from django.apps import AppConfig
from django.db import models
from django.utils.translation import gettext_lazy as _


def _attachments(entry: Any) -> list[Any]:
    return sorted(entry.attachments.all(), key=lambda a: a.pk)


def _roll_call(entry: Any) -> Any:
    try:
        return entry.roll_call
    except models.ObjectDoesNotExist:
        return None


def _ballots(entry: Any) -> list[Any] | None:
    roll_call = _roll_call(entry)
    return None if roll_call is None else sorted(roll_call.ballots.all(), key=lambda b: b.pk)


def _describe_entry(entry: Any) -> str:
    return f"{entry.pk} = {entry.case.number} #{entry.seq} {entry.event_type}"


def _is_substitute(person_id: int) -> bool:
    """A substitute appointed for a case sits on it (Sec. 8): the account needs a second factor."""
    from .models import CaseSubstitute

    return CaseSubstitute.objects.filter(person_id=person_id).exists()


class CasesConfig(AppConfig):
    name = "ventila.cases"
    label = "cases"
    verbose_name = _("Expedientes")

    # The columns of a case row that the audit chain keeps: what it is and where it stands (status
    # open/closed decides confidentiality). Caches refreshed from the date (next due, allowed acts,
    # evaluated on) are left out: they change daily without anyone acting.
    CASE_STATE = (
        "id",
        "body_id",
        "kind",
        "number",
        "year",
        "sequence",
        "caption",
        "respondent_role",
        "respondent_candidate",
        "status",
        "stage",
        "procedure",
        "final_report_sent",
        "created_at",
    )

    def ready(self) -> None:
        from django.urls import register_converter

        from ventila.accounts import twofactor
        from ventila.audit import backup, chain, state

        from . import queue_counts
        from .converters import CaseNumberConverter

        # Registered at set-up, before any app's URLs (which take <case_number:number>) are imported.
        register_converter(CaseNumberConverter, "case_number")

        # A docket entry is chained once, with its attachments, roll call and ballots.
        chain.register_kind(
            chain.ChainedKind(
                "docket_entry",
                "cases.DocketEntry",
                "anotación",
                parts=(
                    chain.Part("attachments", "cases.Attachment", _attachments, owner="entry_id"),
                    chain.Part("roll_call", "cases.RollCall", _roll_call),
                    chain.Part("ballots", "cases.Ballot", _ballots),
                ),
                select_related=("case",),
                prefetch_related=("attachments", "roll_call__ballots"),
                describe=_describe_entry,
            )
        )
        # The financial report an access request asks to inspect (Sec. 17), kept sealed on its case.
        chain.register_kind(chain.ChainedKind("requested_report", "cases.RequestedReport", "informe solicitado"))
        backup.register_data("cases.Case")  # an install with cases is not one a restore may land on
        backup.register_derived("cases.QueueCount", queue_counts.rebuild)  # the queue's counts, kept by triggers
        twofactor.register_seat(_is_substitute)
        state.register("cases.Case", self.CASE_STATE)
        state.register("cases.Party")
        # Who may not sit on a case and who sits on it instead: derived from the docket, decide who reads it.
        state.register("cases.CaseExclusion")
        state.register("cases.CaseSubstitute")
