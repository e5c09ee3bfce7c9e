"""The public record (issue 17): what becomes public of a matter once it is finally resolved, and
the redaction of everything the rules keep confidential — the one place where both are decided.

**When** (decided in the door, :func:`ventila.cases.access.is_final`). Confidentiality ends at the final
determination or resolution (House: Secs. 5(5), 21(d), CAM-05-02, CAM-21D-01; the rulebook's
``auto_unseal_on_final``, A-5). Each rulebook says which stages of a kind may be final
(:attr:`~ventila.rules.engine.KindSpec.final_stages`) and which acts make it final for publication
(:attr:`~ventila.rules.engine.KindSpec.final_acts`: a final act with its notice to the parties and the
closing; issue 26) — a withdrawal or a closing without the notice is never published. A case re-opened by a
correction (the closing entry superseded) is re-derived in that same transaction and leaves the public
record at once. Nothing of a case that is not final is ever read here.

**What.** Only the acts the texts make public (the rulebook's ``public.record``): the House's dismissal
determination, the resolution, the Final Report once acted on (a sanction decided on it, Sec. 26),
the sanctions and the closing; the municipal Commission's decision (¶29–¶32), its dismissal (¶14),
the dismissal with prejudice (¶17) and a sanction for a frivolous complaint (¶33). Of each act, only
the fields listed there; of its issued documents (:data:`PUBLISHED_DOCUMENTS`), the sections other
than the addressees, redacted. Docket notes, details, attachments, votes, hearings and every other
act are never published.

**Redaction** (:class:`Redactor`): every private person the case records (the complainant, counsel, the
persons the rulebook marks private: witnesses) in every form a clerk writes, their contact data, every
party's contact data, and anything shaped like an e-mail address, a telephone or a social security number
are replaced by :data:`REDACTED` wherever they appear in a published text. The respondent's name and
office stay: the matter is about them. A matter whose text cannot be redacted safely by rule waits for a
person's review (:class:`~ventila.documents.models.PublicationReview`, :func:`do_review_publication`).
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from ventila import clock
from ventila.audit import chain
from ventila.cases.access import Acts, is_final
from ventila.cases.labels import FIELDS, KINDS, choice_label
from ventila.cases.models import Case, DocketEntry, Party
from ventila.exports import safe_cell
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.engine import KindSpec

from .models import Document, PublicationReview

REDACTED = gettext_noop("[dato suprimido]")

# The documents the public record carries, by template: the final acts' own.
PUBLISHED_DOCUMENTS = frozenset(
    {"determination", "resolution", "final_report", "mun_decision", "mun_dismissal", "mun_dismissal_with_prejudice"}
)
# Sections that name the parties (their addressees): never published.
WITHHELD_SECTIONS = frozenset({"addressee"})

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.UNICODE)
# Numbers of the shapes Puerto Rico's documents use (issue 26): a telephone in any grouping — 787-555-0199,
# (787) 555-0199, 787.555.0199, +1 787 555 0199, 787-555-01-99, 7875550199 —, a social security number
# (123-45-6789, 123 45 6789, 123456789) and a local number (555-0199) unless its last four digits read as
# a year (a law: «Ley 115-2017»). Dates (2027-03-17), amounts and case numbers (CE-2027-0001) stay.
_SEP = r"[\s.\-‐–]?"
_NUMBERS = re.compile(
    r"(?<![\w\-/])(?:"
    rf"(?:\+?1{_SEP})?(?:\(\d{{3}}\)|\d{{3}}){_SEP}\d{{3}}{_SEP}(?:\d{{4}}|\d{{2}}{_SEP}\d{{2}})"
    rf"|\d{{3}}{_SEP}\d{{2}}{_SEP}\d{{4}}"
    r"|\d{3}[\s.\-‐–](?!(?:19|20)\d\d(?!\d))\d{4}"
    r")(?![\w\-/])"
)
# Courtesy and professional titles a clerk writes before a name (folded): part of the name they precede.
HONORIFICS = frozenset(
    "sr sra srta srita sres sras don dona lcdo lcda lic licdo licda licenciado licenciada dr dra doctor doctora "
    "hon honorable ing ingeniero ingeniera prof profa profesor profesora senor senora senorita rev cpa agte "
    "sgto teniente".split()
)
# Words that join the parts of a Spanish name («Pérez de Jesús», «del Toro», «Santos y Rivera»).
PARTICLES = frozenset("de del la las los y e da das do dos van von".split())
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_JOIN = re.compile(r"[\s.\-‐–'’]*")  # what may stand between two words of one name


def fold(text: str) -> str:
    """``text`` without accents, in lower case, its runs of white space one space (what the public
    search compares: «contratacion» finds «Contratación»)."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def kind_spec(case: Case) -> KindSpec | None:
    return RULEBOOKS[case.body.rulebook].kinds.get(case.kind)


@dataclass(frozen=True)
class NameParts:
    """A person's name as a clerk may write it: the given names' words, the surnames' words (without
    their particles) and the initials of both."""

    given: frozenset[str]
    surnames: frozenset[str]

    @property
    def initials(self) -> frozenset[str]:
        return frozenset(w[0] for w in self.given | self.surnames)

    @classmethod
    def of(cls, name: str) -> NameParts:
        """Spanish usage: the last two units are the surnames (a hyphenated surname is one unit, a
        particle joins the word after it: «de Jesús»), what comes before them the given names; a name of
        two units is a given name and a surname; a single word counts as a surname (it is redacted alone)."""
        units: list[list[str]] = []
        pending: list[str] = []
        for raw in re.split(r"\s+", fold(name)):
            parts = [fold(m.group()) for m in _WORD.finditer(raw)]
            if not parts or (not units and not pending and parts[0] in HONORIFICS and len(parts) == 1):
                continue
            if len(parts) == 1 and parts[0] in PARTICLES:
                pending += parts
                continue
            units.append(pending + parts)
            pending = []
        if not units:
            return cls(frozenset(), frozenset())
        split = len(units) - 2 if len(units) >= 3 else len(units) - 1
        given = {w for u in units[:split] for w in u if w not in PARTICLES}
        surnames = {w for u in units[split:] for w in u if w not in PARTICLES}
        return cls(frozenset(given), frozenset(w for w in surnames if len(w) >= 2))


@dataclass
class _Person:
    name: str
    contact: list[str] = field(default_factory=list)


def witnesses_in(text: str) -> list[_Person]:
    """The persons a witnesses' field lists: one per line or «;», each its name and, after «—», « - » or
    the first comma, its address («Sr. Juan Ficticio — Calle 1, Ponce»)."""
    out = []
    for item in re.split(r"[;\n]+", text or ""):
        name, rest = (part.strip() for part in (_NAME_END.split(item.strip(), maxsplit=1) + [""])[:2])
        if name:
            out.append(_Person(name, [rest] if rest else []))
    return out


_NAME_END = re.compile(r"\s[—–-]\s|,")  # where a witness's name ends and their address begins


class Redactor:
    """Removes from a text what the rules keep confidential in a case (issue 26): every private person
    it records — the complainant, counsel, the witnesses — in every form a clerk writes (accents, hyphens,
    case, a title before it, the surnames alone, a given name and a surname, initials), their contact
    data, every party's contact data, and any e-mail address or number of the shapes above. The
    respondent's name stays: the matter is about them.

    ``concerns`` lists why a text of the case cannot be redacted safely by rule alone (a private person
    who shares a name with the respondent, a witness without a name that can be read): the matter then
    waits for a person to review its redacted text (:class:`PublicationReview`). ``terms`` are what such a
    reviewer added to remove."""

    def __init__(self, parties: Iterable[Party], witnesses: Iterable[str] = (), terms: Iterable[str] = ()) -> None:
        secrets: set[str] = set()
        people: list[_Person] = []
        public_words: set[str] = set()
        self._public: list[str] = []  # the respondent's full name: kept even where it shares a word
        self.concerns: list[str] = []
        for p in parties:
            for value in (p.email, p.phone, p.postal_address):
                secrets.update(_variants(value))
            if p.role == Party.Role.RESPONDENT:
                public_words |= {fold(m.group()) for m in _WORD.finditer(p.name)}
                self._public.append(p.name)
            else:
                people.append(_Person(p.name))
        for text in witnesses:
            found = witnesses_in(text)
            if not found and (text or "").strip():
                self.concerns.append(gettext_noop("Hay testigos anotados cuyo nombre no se puede leer."))
            people += found
        self._given: set[str] = set()
        self._surnames: set[str] = set()
        self._initials: set[str] = set()
        for person in people:
            parts = NameParts.of(person.name)
            if any(c.isdigit() for c in person.name) or len(parts.given | parts.surnames) < 2:
                self.concerns.append(gettext_noop("Hay un nombre anotado que no se puede leer como nombre y apellido."))
            self._given |= parts.given
            self._initials |= parts.initials
            self._surnames |= parts.surnames
            for value in person.contact:
                secrets.update(_variants(value))
        if (self._surnames | self._given) & (public_words - PARTICLES):
            self.concerns.append(
                gettext_noop("Una persona cuyo nombre se suprime comparte un nombre con la parte querellada.")
            )
        secrets.update(t.strip() for t in terms if t.strip())
        ordered = sorted((s for s in secrets if len(s) >= 3), key=len, reverse=True)
        # Whole words only: «Ana» is not taken out of «mañana».
        pattern = r"(?<!\w)(?:" + "|".join(re.escape(s) for s in ordered) + r")(?!\w)"
        self._secrets = re.compile(pattern, re.IGNORECASE) if ordered else None
        self.concerns = list(dict.fromkeys(self.concerns))

    def _names(self, value: str, mark: str) -> str:
        """Each run of words that names a private person: at least one of their surnames, with the given
        names, initials, titles and particles around it (joined by spaces, dots or hyphens only)."""
        words = list(_WORD.finditer(value))
        kinds = [self._kind(w) for w in words]
        spans: list[tuple[int, int]] = []
        i = 0
        while i < len(words):
            if kinds[i] in (None, "particle"):  # a run never starts with a particle
                i += 1
                continue
            j = i
            while (
                j + 1 < len(words)
                and kinds[j + 1] is not None
                and _JOIN.fullmatch(value[words[j].end() : words[j + 1].start()])
            ):
                j += 1
            if any(kinds[k] == "surname" for k in range(i, j + 1)):
                last = max(k for k in range(i, j + 1) if kinds[k] in ("surname", "given", "initial"))
                end = words[last].end()
                if kinds[last] == "initial" and value[end : end + 1] == ".":
                    end += 1
                spans.append((words[i].start(), end))
            i = j + 1
        for start, end in reversed(spans):
            value = value[:start] + mark + value[end:]
        return value

    def _kind(self, word: re.Match[str]) -> str | None:
        folded = fold(word.group())
        if folded in self._surnames:
            return "surname"
        if folded in self._given:
            return "given"
        if len(folded) == 1 and word.group().isupper() and folded in self._initials:
            return "initial"
        if folded in HONORIFICS:
            return "title"
        if folded in PARTICLES:
            return "particle"
        return None

    def _initials_runs(self, value: str, mark: str) -> str:
        """Initials written together («M.J.P.S.», «MJPS», «M. J. P.»): three or more of a person's."""
        if not self._initials:
            return value
        letters = "".join(sorted(self._initials)).upper()
        run = rf"(?<![\w.])(?:[{letters}]\.?\s?){{2,}}[{letters}](?:\.|(?![\w]))"
        return re.sub(run, lambda m: mark if sum(c.isalpha() for c in m.group()) >= 3 else m.group(), value)

    def text(self, value: str) -> str:
        mark = gettext(REDACTED)
        kept: list[str] = []
        out = self._keep_public(value, kept)
        out = self._secrets.sub(mark, out) if self._secrets is not None else out
        out = _EMAIL.sub(mark, out)
        out = _NUMBERS.sub(mark, out)
        out = self._names(out, mark)
        out = self._initials_runs(out, mark)
        for i, name in enumerate(kept):
            out = out.replace(f"\ue000{i}\ue001", name)
        return out

    def _keep_public(self, value: str, kept: list[str]) -> str:
        """The respondent's full name, written in any case or accents, set aside (a private person who
        shares a word of it is then removed everywhere else; the matter is reviewed: ``concerns``)."""
        bare = "".join(fold(c)[:1] or " " if c.strip() else c for c in value)  # one character per character
        spans = []
        for name in self._public:
            words = [fold(m.group()) for m in _WORD.finditer(name)]
            if words:
                pattern = r"(?<!\w)" + r"[\s.\-‐–]+".join(re.escape(w) for w in words) + r"(?!\w)"
                spans += [(m.start(), m.end()) for m in re.finditer(pattern, bare)]
        for start, end in sorted(spans, reverse=True):
            kept.append(value[start:end])
            value = value[:start] + f"\ue000{len(kept) - 1}\ue001" + value[end:]
        return value


def _variants(value: str) -> set[str]:
    """A value as it may appear in a text: whole, its lines joined by commas, and each line or comma-separated
    part of a postal address that identifies (a street, a box, a postal code: it has a digit or three words
    or more) — a town's name alone is not taken out (the mayor's office names it)."""
    value = (value or "").strip()
    if not value:
        return set()
    lines = [line.strip(" ,") for line in value.splitlines() if line.strip(" ,")]
    found = {value, ", ".join(lines)}
    parts = lines + [p.strip() for line in lines for p in line.split(",") if p.strip()]
    found.update(p for p in parts if any(c.isdigit() for c in p) or len(p.split()) >= 3)
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
    concerns: list[str] = field(default_factory=list)  # why a person must review it (msgids)
    review: Any = None  # the latest PublicationReview of the case, if any

    def public_text(self) -> str:
        """Every published text of the matter, redacted, one per line: what the public search reads (stored,
        :class:`~ventila.search.models.PublishedMatter`) and what a review approves (:attr:`digest`)."""
        parts = [self.number, self.caption, self.respondent_name, self.respondent_office, self.outcome_label]
        for item in self.items:
            parts.append(item.title)
            parts.extend(str(v) for _, _, v in item.fields)
            for d in item.documents:
                parts.append(d.title)
                for s in d.sections:
                    parts.append(s["heading"])
                    parts.extend(s["paragraphs"])
        return "\n".join(parts)

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.public_text().encode()).hexdigest()

    @property
    def reviewed(self) -> bool:
        return self.review is not None and self.review.digest == self.digest

    @property
    def publishable(self) -> bool:
        """Redacted safely by rule, or its redacted text approved by a person as it now reads."""
        return not self.concerns or self.reviewed

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


def private_texts(spec: KindSpec, entries: Iterable[DocketEntry]) -> list[str]:
    """The texts of ``entries`` that name persons the rulebook keeps private (``private_fields``: the
    witnesses), from their payload or their details."""
    out = []
    for e in entries:
        for name in spec.private_fields.get(e.event_type, ()):
            for source in (e.payload, e.details):
                value = (source or {}).get(name)
                if isinstance(value, str) and value.strip():
                    out.append(value)
                elif isinstance(value, list):
                    out.extend(str(v.get("name", "")) if isinstance(v, dict) else str(v) for v in value)
    return out


@dataclass(frozen=True)
class Known:
    """What :func:`public_matter` reads of a case besides its parties and entries, read beforehand for many
    cases at once (:func:`known_of`): its live acts, its latest publication review and its published
    documents."""

    acts: Acts
    review: PublicationReview | None
    documents: list[Document]


def known_of(cases: Sequence[Case]) -> dict[int, Known]:
    """:class:`Known` of each of ``cases``, whose parties and entries are prefetched: two queries for all of
    them (the reviews and the documents), the acts from the entries."""
    ids = [c.pk for c in cases]
    reviews: dict[int, PublicationReview] = {}
    for review in PublicationReview.objects.filter(case_id__in=ids):  # newest first (the model's order)
        reviews.setdefault(review.case_id, review)
    documents: dict[int, list[Document]] = {}
    for doc in Document.objects.filter(case_id__in=ids, template__in=PUBLISHED_DOCUMENTS).order_by("id"):
        documents.setdefault(doc.case_id, []).append(doc)
    out = {}
    for case in cases:
        entries = _live(sorted(case.entries.all(), key=lambda e: e.seq))
        acts = [(e.event_type, e.payload or {}, e.occurred_at) for e in entries]
        out[case.pk] = Known(acts, reviews.get(case.pk), documents.get(case.pk, []))
    return out


def public_matter(case: Case, terms: str | None = None, known: Known | None = None) -> PublicMatter:
    """What the public record shows of ``case``, redacted (also of what its latest review added to
    remove, or of ``terms`` when given: a review's preview). The case must be final (:func:`is_final`);
    the matter is shown only if :attr:`PublicMatter.publishable`. ``known``: what else it reads of the
    case, read beforehand (a writer of many, :mod:`ventila.search.public`)."""
    if not is_final(case, known.acts if known is not None else None):
        raise ValueError("not a final case")
    spec = kind_spec(case)
    assert spec is not None
    acts = RULEBOOKS[case.body.rulebook].public.record.acts
    parties = list(case.parties.all())
    entries = _live(sorted(case.entries.all(), key=lambda e: e.seq))  # prefetched by a writer of many (search.public)
    if terms is not None:
        review = None
    else:
        review = known.review if known is not None else PublicationReview.objects.filter(case=case).first()
    redactor = Redactor(
        parties,
        private_texts(spec, entries),
        (review.terms if review is not None else terms or "").splitlines(),
    )
    respondent = next((p for p in parties if p.role == Party.Role.RESPONDENT), None)
    present = {e.event_type for e in entries}
    docs_by_entry: dict[int, list[Document]] = {}
    published = (
        known.documents
        if known is not None
        else Document.objects.filter(case=case, template__in=PUBLISHED_DOCUMENTS).order_by("id")
    )
    for doc in published:
        docs_by_entry.setdefault(doc.source_id, []).append(doc)
    items: list[PublicItem] = []
    outcome = ""
    for e in entries:
        published = acts.get(e.event_type)
        if published is None:
            continue
        only = published.only_if
        if only is not None and e.payload.get(only[0]) != only[1]:
            continue
        if published.once_acted_on and published.once_acted_on not in present:
            continue
        title, names = published.title, published.fields
        raw = {n: _redacted(redactor, e.payload[n]) for n in names if e.payload.get(n) not in (None, "", [])}
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
        concerns=redactor.concerns,
        review=review,
    )


def _redacted(redactor: Redactor, value: Any) -> Any:
    """A published field's value with the free texts in it redacted (codes, amounts and dates read the same)."""
    if isinstance(value, str):
        return redactor.text(value)
    if isinstance(value, list):
        return [_redacted(redactor, v) for v in value]
    return value


def public_matters(cases: Iterable[Case]) -> list[PublicMatter]:
    """Of ``cases`` (:func:`~ventila.cases.access.public_cases`: final for publication), those the public
    may read: redacted safely by rule, or reviewed. The public record, its open data and the annual
    report read this list only."""
    return [m for m in (public_matter(c) for c in cases) if m.publishable]


def awaiting_review(cases: Iterable[Case]) -> list[PublicMatter]:
    """Of ``cases`` (final for publication), those that wait for a person to review their redacted text."""
    return [m for m in (public_matter(c) for c in cases) if not m.publishable]


def do_review_publication(*, user: Any, case: Case, terms: str, digest: str) -> PublicationReview:
    """Approve the public text of ``case`` as the reviewer read it (``digest``), with what else they
    asked to remove (``terms``, one per line): recorded and chained in one transaction. Refused when the
    text has changed since it was read."""
    terms = "\n".join(t.strip() for t in terms.replace("\x00", "").splitlines() if t.strip())
    with transaction.atomic():
        if not is_final(case):
            raise ValueError("not a final case")
        if public_matter(case, terms).digest != digest:
            raise ValueError("the public text changed")
        review = PublicationReview.objects.create(
            case=case, digest=digest, terms=terms, reviewed_by=user, reviewed_at=clock.now()
        )
        chain.append("publication_review", review)
    return review


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


def csv_cell(value: Any) -> str:
    """A CSV cell no spreadsheet runs as a formula (the one neutraliser, :func:`ventila.exports.safe_cell`),
    as text, without NUL characters."""
    text = "" if value is None else str(value)
    return str(safe_cell(text.replace("\x00", "")))


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


def csv_row(record: dict[str, Any]) -> list[str]:
    """One matter as the open data's CSV gives it, from its JSON record (:func:`matter_record`)."""
    acts = record["acts"]
    amounts = [str(a["fields"][f]) for a in acts for f in ("fine_amount", "amount") if f in a["fields"]]
    values = {
        **record,
        "schema_version": SCHEMA_VERSION,
        "sanctions": "; ".join(str(s) for a in acts for s in a["fields"].get("sanctions", [])),
        "fine_amount": amounts[-1] if amounts else "",
        "filed_on": record["filed_on"] or "",
        "final_on": record["final_on"] or "",
        "documents": " ".join(d["pdf_url"] for a in acts for d in a["documents"]),
    }
    return [csv_cell(values[c]) for c in CSV_COLUMNS]
