"""The public record (issue 17): what becomes public of a matter once it is finally resolved, and
the redaction of everything the rules keep confidential — the one place where both are decided.

**When** (decided in the door, :func:`ventila.cases.access.is_final`). Confidentiality ends at the final determination or resolution (House: Secs. 5(5), 21(d),
CAM-05-02, CAM-21D-01; the rulebook's ``auto_unseal_on_final``, A-5). Each rulebook says which
stages of a kind are final (:attr:`~ventila.rules.engine.KindSpec.final_stages`) and which acts,
still allowed next, mean it is not final yet (``final_pending``: the municipal decision is issued
only once notified, ambiguity 10). The case's stored stage is the engine's: a case re-opened by a
correction (the closing entry superseded) is re-derived in that same transaction and leaves the
public record at once. Nothing of a case that is not final is ever read here.

**What.** Only the acts the texts make public (:data:`PUBLISHED_ACTS`): the House's dismissal
determination, the resolution, the Final Report once acted on (a sanction decided on it, Sec. 26),
the sanctions and the closing; the municipal Commission's decision (¶29–¶32), its dismissal (¶14),
the dismissal with prejudice (¶17) and a sanction for a frivolous complaint (¶33). Of each act, only
the fields listed there; of its issued documents (:data:`PUBLISHED_DOCUMENTS`), the sections other
than the addressees, redacted. Docket notes, details, attachments, votes, hearings and every other
act are never published.

**Redaction** (:class:`Redactor`): the complainant — name and contact data — and every party's
contact data (postal address, e-mail, telephone) are replaced by :data:`REDACTED` wherever they
appear in a published text, and so is anything that looks like an e-mail address or a telephone
number. The respondent's name and office stay: the matter is about them.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, gettext_noop

from ventila.cases.access import is_final
from ventila.cases.labels import FIELDS, KINDS, choice_label
from ventila.cases.models import Case, DocketEntry, Party
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.engine import KindSpec

from .models import Document

REDACTED = gettext_noop("[dato suprimido]")

# What the texts make public of a final matter, per rulebook and act: the fields of the act that are
# published (nothing else of it is), and a title (a msgid). The House's probable-cause determination
# is not a final determination and stays out; the Final Report only once acted on (see below).
PUBLISHED_ACTS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "camara-171": {
        "determination_made": (
            gettext_noop("Determinación final de desestimación (Sec. 21(c))"),
            ("outcome", "grounds"),
        ),
        "resolved": (gettext_noop("Resolución de la Comisión (Sec. 22)"), ("outcome",)),
        "report_referred": (gettext_noop("Informe Final (Sec. 25)"), ("to", "recommendation")),
        "sanction_decided": (gettext_noop("Sanción (Sec. 26)"), ("sanctions", "fine_amount")),
        "case_closed": (gettext_noop("Caso cerrado"), ()),
    },
    "municipal": {
        "dismissed": (gettext_noop("Resolución de desestimación (¶14)"), ()),
        "decision_issued": (gettext_noop("Decisión de la Comisión (¶29–¶32)"), ("outcome", "suspension_date")),
        "dismissed_with_prejudice": (gettext_noop("Desestimación con perjuicio (¶17)"), ()),
        "frivolous_sanction_imposed": (
            gettext_noop("Sanción por querella frívola o sin evidencia (¶33)"),
            ("grounds", "amount"),
        ),
        "decision_notified": (gettext_noop("Decisión notificada a las partes"), ()),
    },
}
# The House's determination is published only when it dismisses (the final determination, Sec. 21(c)).
_ONLY_IF = {"determination_made": ("outcome", "dismissed")}
# The documents the public record carries, by template: the final acts' own.
PUBLISHED_DOCUMENTS = frozenset(
    {"determination", "resolution", "final_report", "mun_decision", "mun_dismissal", "mun_dismissal_with_prejudice"}
)
# Sections that name the parties (their addressees): never published.
WITHHELD_SECTIONS = frozenset({"addressee"})
# The act that acts on the House's Final Report (Sec. 26): until it is on record the report stays out.
_ACTED_ON = {"report_referred": "sanction_decided"}

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.UNICODE)
_PHONE = re.compile(r"(?<!\w)(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\w)")


def fold(text: str) -> str:
    """``text`` without accents, in lower case, its runs of white space one space (what the public
    search compares: «contratacion» finds «Contratación»)."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def kind_spec(case: Case) -> KindSpec | None:
    return RULEBOOKS[case.body.rulebook].kinds.get(case.kind)


class Redactor:
    """Removes from a text what the rules keep confidential in ``case``: the complainant's name and
    contact data, every party's contact data, and anything shaped like an e-mail or a telephone."""

    def __init__(self, parties: Iterable[Party]) -> None:
        secrets: set[str] = set()
        for p in parties:
            for value in (p.email, p.phone, p.postal_address):
                secrets.update(_variants(value))
            if p.role != Party.Role.RESPONDENT:
                secrets.update(_variants(p.name))
                words = p.name.split()
                if len(words) >= 3:  # «Ana Ejemplo Ficticia» also as «Ejemplo Ficticia»
                    secrets.add(" ".join(words[1:]))
        ordered = sorted((s for s in secrets if len(s) >= 3), key=len, reverse=True)
        # Whole words only: «Ana» is not taken out of «mañana».
        pattern = r"(?<!\w)(?:" + "|".join(re.escape(s) for s in ordered) + r")(?!\w)"
        self._secrets = re.compile(pattern, re.IGNORECASE) if ordered else None

    def text(self, value: str) -> str:
        mark = gettext(REDACTED)
        out = self._secrets.sub(mark, value) if self._secrets is not None else value
        out = _EMAIL.sub(mark, out)
        return _PHONE.sub(mark, out)


def _variants(value: str) -> set[str]:
    """A value as it may appear in a text: whole, its lines joined by commas, and each line of a postal
    address that identifies (a street, a box, a postal code: it has a digit or three words or more) —
    a town's name alone is not taken out (the mayor's office names it)."""
    value = (value or "").strip()
    if not value:
        return set()
    lines = [line.strip(" ,") for line in value.splitlines() if line.strip(" ,")]
    found = {value, ", ".join(lines)}
    found.update(line for line in lines if any(c.isdigit() for c in line) or len(line.split()) >= 3)
    return found


@dataclass
class PublicDocument:
    id: int
    title: str
    language: str
    rule_id: str
    citation: str
    issued_on: dt.date
    sections: list[dict[str, Any]]  # {"heading": str, "paragraphs": [str]}, redacted
    source: Document = field(repr=False)


@dataclass
class PublicItem:
    event_type: str
    title: str
    day: dt.date
    fields: list[tuple[str, str, str]]  # (field, label, value as read), published fields only
    raw: dict[str, Any]  # the same fields as recorded (codes, amounts, dates): the open data's
    documents: list[PublicDocument]


@dataclass
class PublicMatter:
    case: Case
    number: str
    body_slug: str
    body_name: str
    kind: str
    kind_label: str
    caption: str
    respondent_name: str
    respondent_office: str
    respondent_role: str
    outcome: str
    outcome_label: str
    filed_on: dt.date | None
    final_on: dt.date | None
    final_rule: str
    items: list[PublicItem]

    def haystack(self) -> str:
        parts = [self.number, self.caption, self.respondent_name, self.respondent_office, self.outcome_label]
        for item in self.items:
            parts.append(item.title)
            parts.extend(str(v) for _, _, v in item.fields)
            for d in item.documents:
                parts.append(d.title)
                for s in d.sections:
                    parts.append(s["heading"])
                    parts.extend(s["paragraphs"])
        return fold(" ".join(parts))

    @property
    def sanctions(self) -> list[str]:
        return [str(s) for i in self.items for s in i.raw.get("sanctions", [])]

    @property
    def fine_amount(self) -> str:
        amounts = [str(i.raw[f]) for i in self.items for f in ("fine_amount", "amount") if f in i.raw]
        return amounts[-1] if amounts else ""

    @property
    def documents(self) -> list[PublicDocument]:
        return [d for i in self.items for d in i.documents]


_MONEY = frozenset({"fine_amount", "amount"})


def _shown(name: str, value: Any, event_type: str = "") -> str:
    """A published field's value as people read it: an amount in dollars, a choice by its label (the
    field's own: Sec. 21(c)(2)'s grounds are not Sec. 19(c)'s)."""
    if name in _MONEY:
        try:
            return f"${float(value):,.2f}"
        except (TypeError, ValueError):
            return str(value)
    return _label(value, event_type, name)


def _label(value: Any, event_type: str = "", name: str = "") -> str:
    if isinstance(value, list):
        return "; ".join(_label(v, event_type, name) for v in value)
    return str(choice_label(value, event_type, name))


def _live(entries: Sequence[DocketEntry]) -> list[DocketEntry]:
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    return [e for e in entries if e.pk not in superseded]


def _day(entry: DocketEntry) -> dt.date:
    return entry.occurred_at.astimezone(PR_TZ).date()


def public_matter(case: Case) -> PublicMatter:
    """What the public record shows of ``case``, redacted. The case must be final (:func:`is_final`)."""
    if not is_final(case):
        raise ValueError("not a final case")
    spec = kind_spec(case)
    assert spec is not None
    acts = PUBLISHED_ACTS.get(case.body.rulebook, {})
    parties = list(case.parties.all())
    redactor = Redactor(parties)
    respondent = next((p for p in parties if p.role == Party.Role.RESPONDENT), None)
    entries = _live(list(case.entries.all().order_by("seq")))
    present = {e.event_type for e in entries}
    docs_by_entry: dict[int, list[Document]] = {}
    for doc in Document.objects.filter(case=case, template__in=PUBLISHED_DOCUMENTS).order_by("id"):
        docs_by_entry.setdefault(doc.source_id, []).append(doc)
    items: list[PublicItem] = []
    outcome = ""
    for e in entries:
        if e.event_type not in acts:
            continue
        only = _ONLY_IF.get(e.event_type)
        if only is not None and e.payload.get(only[0]) != only[1]:
            continue
        if e.event_type in _ACTED_ON and _ACTED_ON[e.event_type] not in present:
            continue
        title, names = acts[e.event_type]
        raw = {n: e.payload[n] for n in names if e.payload.get(n) not in (None, "", [])}
        fields = [(n, gettext(_field_label(n)), _shown(n, v, e.event_type)) for n, v in raw.items()]
        if e.payload.get("outcome"):
            outcome = str(e.payload["outcome"])
        documents = [_public_document(d, redactor) for d in docs_by_entry.get(e.pk, [])]
        items.append(PublicItem(e.event_type, gettext(title), _day(e), fields, raw, documents))
    filed = entries[0] if entries else None
    return PublicMatter(
        case=case,
        number=case.number,
        body_slug=case.body.slug,
        body_name=case.body.name,
        kind=case.kind,
        kind_label=str(KINDS.get(case.kind, case.kind)),
        caption=redactor.text(case.caption),
        respondent_name=respondent.name if respondent else "",
        respondent_office=redactor.text(respondent.office) if respondent else "",
        respondent_role=case.respondent_role,
        outcome=outcome,
        outcome_label=_label(outcome) if outcome else "",
        filed_on=_day(filed) if filed else None,
        final_on=items[-1].day if items else None,
        final_rule=spec.final_rule,
        items=items,
    )


def _field_label(name: str) -> str:
    return str(FIELDS.get(name, name))


def _public_document(doc: Document, redactor: Redactor) -> PublicDocument:
    sections = [
        {
            "heading": redactor.text(s.get("heading", "")),
            "paragraphs": [redactor.text(p) for p in s.get("text", "").split("\n") if p.strip()],
        }
        for s in doc.sections
        if s.get("key") not in WITHHELD_SECTIONS
    ]
    return PublicDocument(
        id=doc.pk,
        title=redactor.text(doc.title),
        language=doc.language,
        rule_id=doc.rule_id,
        citation=doc.citation,
        issued_on=doc.issued_at.astimezone(PR_TZ).date(),
        sections=sections,
        source=doc,
    )


def public_pdf_source(public: PublicDocument) -> Document:
    """An unsaved copy of the issued document with the public sections, to lay out as the public PDF
    (the issued PDF itself carries the addressees and is never served here)."""
    doc = copy.copy(public.source)
    doc.sections = [
        {"key": f"s{i}", "heading": s["heading"], "text": "\n".join(s["paragraphs"])}
        for i, s in enumerate(public.sections)
    ]
    doc.title = public.title
    return doc


def search(matters: Iterable[PublicMatter], query: str) -> list[PublicMatter]:
    """The matters whose public text holds every word of ``query``, accent- and case-insensitive."""
    words = fold(query).split()
    if not words:
        return list(matters)
    return [m for m in matters if all(w in m.haystack() for w in words)]


# Open data (docs/open-data.md): the schema's version and its columns, in order. Change the version
# whenever a field changes meaning or goes away; new fields are added at the end.
SCHEMA_VERSION = 1
CSV_COLUMNS = (
    "schema_version",
    "number",
    "body",
    "kind",
    "caption",
    "respondent_name",
    "respondent_office",
    "respondent_role",
    "outcome",
    "outcome_label",
    "sanctions",
    "fine_amount",
    "filed_on",
    "final_on",
    "final_rule",
    "url",
    "documents",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")


def csv_cell(value: Any) -> str:
    """A CSV cell no spreadsheet runs as a formula: a text starting with = + - @ (or a tab or a line
    break) gets a leading apostrophe (OWASP's advice on CSV injection)."""
    text = "" if value is None else str(value)
    text = text.replace("\x00", "")
    if text.startswith(_FORMULA_START):
        return "'" + text
    return text


def matter_record(m: PublicMatter, url: str, pdf_url: Any) -> dict[str, Any]:
    """One matter as the open data's JSON gives it (``pdf_url(doc)`` gives a document's PDF address)."""
    return {
        "number": m.number,
        "body": m.body_slug,
        "kind": m.kind,
        "caption": m.caption,
        "respondent_name": m.respondent_name,
        "respondent_office": m.respondent_office,
        "respondent_role": m.respondent_role,
        "outcome": m.outcome,
        "outcome_label": m.outcome_label,
        "filed_on": m.filed_on.isoformat() if m.filed_on else None,
        "final_on": m.final_on.isoformat() if m.final_on else None,
        "final_rule": m.final_rule,
        "url": url,
        "acts": [
            {
                "type": i.event_type,
                "title": i.title,
                "date": i.day.isoformat(),
                "fields": i.raw,
                "documents": [
                    {
                        "title": d.title,
                        "language": d.language,
                        "rule_id": d.rule_id,
                        "citation": d.citation,
                        "issued_on": d.issued_on.isoformat(),
                        "pdf_url": pdf_url(d),
                        "text": "\n\n".join("\n".join([s["heading"], *s["paragraphs"]]).strip() for s in d.sections),
                    }
                    for d in i.documents
                ],
            }
            for i in m.items
        ],
    }


def csv_row(m: PublicMatter, url: str, pdf_url: Any) -> list[str]:
    values = {
        "schema_version": SCHEMA_VERSION,
        "number": m.number,
        "body": m.body_slug,
        "kind": m.kind,
        "caption": m.caption,
        "respondent_name": m.respondent_name,
        "respondent_office": m.respondent_office,
        "respondent_role": m.respondent_role,
        "outcome": m.outcome,
        "outcome_label": m.outcome_label,
        "sanctions": "; ".join(m.sanctions),
        "fine_amount": m.fine_amount,
        "filed_on": m.filed_on.isoformat() if m.filed_on else "",
        "final_on": m.final_on.isoformat() if m.final_on else "",
        "final_rule": m.final_rule,
        "url": url,
        "documents": " ".join(pdf_url(d) for d in m.documents),
    }
    return [csv_cell(values[c]) for c in CSV_COLUMNS]
