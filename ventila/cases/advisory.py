"""The binding register of advisory opinions (Sec. 19(e)–(f)): every opinion the Commission issued,
with its requester, facts, dates, status and text, read from the opinion cases' dockets; and the links
the Commission needs — a request's related complaints (Sec. 19(a), CAM-19A-02) and, on a later
complaint, the respondent's own opinions (the good-faith defence, CAM-19E-01).

Read-only: the acts are the ordinary ``do_*`` actions on the ``advisory_opinion`` case. Who may read
what is :mod:`ventila.cases.access` (staff of the body) and the member's own requests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import Person
from ventila.rules import RULEBOOKS

from .labels import choice_label
from .models import Case, DocketEntry, Party

KIND = "advisory_opinion"
COMPLAINT_KIND = "complaint"

# The register's status of an opinion (Sec. 19(e)–(f)).
STATUS = {
    "requested": _("Solicitada"),
    "rejected": _("Rechazada de plano"),
    "binding": _("Vigente"),
    "amended": _("Vigente, enmendada"),
    "revoked": _("Revocada o dejada sin efecto"),
}


@dataclass
class Version:
    """One text of the opinion: as issued, or as a Sec. 19(f) revision left it (every one is kept)."""

    day: dt.date
    event_type: str
    revision: str
    reason: str
    text: str

    @property
    def revision_label(self) -> str:
        return str(choice_label(self.revision, self.event_type, "revision")) if self.revision else ""

    @property
    def reason_label(self) -> str:
        return str(choice_label(self.reason, self.event_type, "reason")) if self.reason else ""


@dataclass
class Opinion:
    case: Case
    requester: str
    office: str
    person_id: int | None
    facts: str
    facts_date: dt.date | None
    filed: dt.date | None
    issued: dt.date | None
    status: str
    rejection_grounds: str = ""
    versions: list[Version] = field(default_factory=list)
    rejection_act: str = ""  # the act that rejected the request (its field's words name the ground)

    @property
    def status_label(self) -> str:
        return str(STATUS[self.status])

    @property
    def status_day(self) -> dt.date | None:
        """The day of the revision that amended or revoked the opinion (Sec. 19(f)); None otherwise."""
        return self.versions[-1].day if self.status in ("amended", "revoked") and self.versions else None

    @property
    def rejection_grounds_label(self) -> str:
        """The ground of a rejection in words: the Sec. 19 field's own, never another field's."""
        return (
            str(choice_label(self.rejection_grounds, self.rejection_act, "grounds")) if self.rejection_grounds else ""
        )

    @property
    def text(self) -> str:
        """The opinion's text as it now stands (the last version with a text); none once revoked (Sec. 19(e):
        it binds «a menos que sea enmendada o revocada») — the history keeps every text."""
        if self.status == "revoked":
            return ""
        for v in reversed(self.versions):
            if v.text:
                return v.text
        return ""

    @property
    def binding(self) -> bool:
        return self.status in ("binding", "amended")


def _live(entries: Iterable[DocketEntry]) -> list[DocketEntry]:
    entries = list(entries)
    superseded = {e.supersedes_id for e in entries if e.supersedes_id is not None}
    return sorted((e for e in entries if e.pk not in superseded), key=lambda e: e.seq)


def _day(value: Any) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def opinion_of(case: Case) -> Opinion:
    """The register's row for one opinion case (its entries and parties prefetched or read)."""
    entries = _live(case.entries.all())
    party = next((p for p in case.parties.all() if p.role == Party.Role.RESPONDENT), None)
    acts = RULEBOOKS[case.body.rulebook].docket.advisory
    request = next((e for e in entries if e.event_type == acts.requested), None)
    issued = next((e for e in entries if e.event_type == acts.issued), None)
    rejected = next((e for e in entries if e.event_type == acts.rejected), None)
    versions: list[Version] = []
    status = "requested"
    if rejected is not None and (issued is None or rejected.seq < issued.seq):
        status = "rejected"
    elif issued is not None:
        status = "binding"
        versions.append(
            Version(issued.occurred_at.date(), issued.event_type, "", "", issued.payload.get("opinion_text", ""))
        )
        for e in entries:
            if e.event_type != acts.revised or e.seq < issued.seq:
                continue
            kind = str(e.payload.get("revision") or "modify")
            versions.append(
                Version(
                    e.occurred_at.date(),
                    e.event_type,
                    kind,
                    str(e.payload.get("reason") or ""),
                    str(e.payload.get("opinion_text") or ""),
                )
            )
            status = "amended" if acts.revision_keeps_opinion.get(kind, True) else "revoked"
    payload = request.payload if request is not None else {}
    return Opinion(
        case=case,
        requester=party.name if party else "",
        office=party.office if party else "",
        person_id=party.person_id if party else None,
        facts=str(payload.get("facts") or ""),
        facts_date=_day(payload.get("facts_date")),
        filed=request.occurred_at.date() if request is not None else None,
        issued=issued.occurred_at.date() if issued is not None and status != "rejected" else None,
        status=status,
        rejection_grounds=str(rejected.payload.get("grounds") or "") if rejected is not None else "",
        versions=versions,
        rejection_act=acts.rejected,
    )


def _with_rows(qs: QuerySet[Case]) -> QuerySet[Case]:
    # Newest first by id (the order of opening): the number's sequence restarted when opinions got their own
    # series (docs/decisions.md, «Case numbers: one series per group of kinds»).
    return (
        qs.filter(kind=KIND)
        .select_related("body")
        .prefetch_related("entries", "parties")
        .order_by("-body", "-year", "-id")
    )


def register(cases: QuerySet[Case], *, issued_only: bool = True) -> list[Opinion]:
    """The binding register over ``cases`` (already limited to what the reader may see)."""
    rows = [opinion_of(c) for c in _with_rows(cases)]
    return [r for r in rows if r.issued is not None] if issued_only else rows


def opinions_of(person: Person | int | None, cases: QuerySet[Case]) -> list[Opinion]:
    """The issued opinions requested by ``person`` (Sec. 19(e), CAM-19E-01), over ``cases``."""
    if person is None:
        return []
    pid = person if isinstance(person, int) else person.pk
    own = Party.objects.filter(person_id=pid, role=Party.Role.RESPONDENT).values("case_id")
    return register(cases.filter(pk__in=own))


def respondents_opinions(case: Case, cases: QuerySet[Case]) -> list[Opinion]:
    """The issued opinions requested by the respondent of ``case`` (Sec. 19(e), CAM-19E-01), over ``cases``:
    one statement when there are none (the respondent is looked up inside it), for the case page."""
    respondent = Party.objects.filter(case=case, role=Party.Role.RESPONDENT, person__isnull=False).values("person_id")
    own = Party.objects.filter(person_id__in=respondent, role=Party.Role.RESPONDENT).values("case_id")
    # Unordered in SQL (a person has a handful of opinions: sorted here, newest first, with no sort node).
    qs = (
        cases.filter(kind=KIND, pk__in=own)
        .exclude(pk=case.pk)
        .select_related("body")
        .prefetch_related("entries", "parties")
        .order_by()
    )
    rows = sorted(qs, key=lambda c: (c.year, c.pk), reverse=True)
    return [r for r in (opinion_of(c) for c in rows) if r.issued is not None]


def related_complaints(person: Person) -> list[Case]:
    """The complaints against ``person`` on record (Sec. 19(a), CAM-19A-02: no opinion on a matter with a
    related complaint); shown to staff on the check step so they can answer «related complaint»."""
    return list(
        Case.objects.filter(kind=COMPLAINT_KIND, parties__person=person, parties__role=Party.Role.RESPONDENT)
        .distinct()
        .order_by("-year", "-sequence")[:20]
    )
