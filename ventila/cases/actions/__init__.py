"""Every change to a case is a ``do_*`` action here, in one database transaction.

Flow of one act: the rulebook says whether the act is allowed at the moment it happened and
validates its payload → the roll call, if the texts put the act to a vote, must carry it
(:mod:`.acts`) → one transaction appends the docket entry (with its attachments and votes),
re-evaluates the case and brings the derived rows in line (stage, terms, findings, recusals, the
case's ``next_due``), writing only the ones that changed (:mod:`.docket`, :mod:`.derived`). Reads
never recompute: they show those rows, and re-derive a case first only when time reached the moment
its evaluation said it could change (``rederive_at``) or its body's configuration changed since
(``config_version``): :func:`refresh_if_stale`, :func:`rederive`.

The modules: :mod:`.acts` (an act's input and its check), :mod:`.docket` (numbers, filing, acts,
record-only entries, counsel), :mod:`.preview` (what an act would change, a dry run), :mod:`.derived`
(the derived rows and their re-derivation), :mod:`.configuration` (closures, elections, seats) and
:mod:`.own_votes` (a member's own vote, decision 11). Callers import from this package.
"""

from __future__ import annotations

from ..queries import case_facts
from .acts import (
    REFUSING_FINDINGS,
    ActInput,
    ActRefused,
    UploadedDocument,
    check_act,
    choice_label,
    stage_label,
    voting_members,
)
from .configuration import (
    CALENDAR_PREVIEW_LIMIT,
    CalendarEffect,
    do_add_closure,
    do_add_election,
    do_add_membership,
    do_end_membership,
    do_remove_closure,
    do_remove_election,
    preview_calendar_change,
    rederive_budget,
)
from .derived import RederiveResult, do_refresh_case, is_stale, rederive, refresh_if_stale, stale_cases
from .docket import (
    case_number,
    do_add_counsel,
    do_file_case,
    do_record_act,
    do_record_entry,
    provisional_number,
    roll_call_row,
    take_numbers,
)
from .own_votes import (
    OwnVoteRefused,
    awaits_vote,
    current_own_votes,
    do_record_own_vote,
    own_vote_refusal,
    votes_in,
)
from .preview import ActPreview, TermChange, compute_act_effect, preview_act, preview_filing

__all__ = [
    "CALENDAR_PREVIEW_LIMIT",
    "REFUSING_FINDINGS",
    "ActInput",
    "ActPreview",
    "ActRefused",
    "CalendarEffect",
    "OwnVoteRefused",
    "RederiveResult",
    "TermChange",
    "UploadedDocument",
    "awaits_vote",
    "case_facts",
    "case_number",
    "check_act",
    "choice_label",
    "compute_act_effect",
    "current_own_votes",
    "do_add_closure",
    "do_add_counsel",
    "do_add_election",
    "do_add_membership",
    "do_end_membership",
    "do_file_case",
    "do_record_act",
    "do_record_entry",
    "do_record_own_vote",
    "do_refresh_case",
    "do_remove_closure",
    "do_remove_election",
    "is_stale",
    "own_vote_refusal",
    "preview_act",
    "preview_calendar_change",
    "preview_filing",
    "provisional_number",
    "rederive",
    "rederive_budget",
    "refresh_if_stale",
    "roll_call_row",
    "stage_label",
    "stale_cases",
    "take_numbers",
    "voting_members",
    "votes_in",
]
