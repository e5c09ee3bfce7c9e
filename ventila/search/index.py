"""What the search index holds, and keeping it current in the same transaction as each write.

Four kinds of row (:class:`~ventila.search.models.SearchEntry`): a case (its number, caption and the
names and offices of its parties), a docket entry (the act's title, its note and the free text of its
payload and details), an issued document and a draft (their titles and sections). The apps below this
one write them without knowing of search: the ``post_save`` / ``post_delete`` signals connected here run
inside the writer's transaction, so an act and its index row commit — or roll back — together.
``ventila generate`` writes the rows of what it writes in bulk itself (:func:`rows_of_new`); other rows
written in bulk without signals (``import_records``) are indexed by ``ventila reindexar``, which rebuilds
the whole index.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save

from ventila.cases.evaluation import rulebook_and_kind
from ventila.cases.models import Case, DocketEntry, Party
from ventila.documents.models import Document, Draft

from . import stemmer
from .models import SearchEntry

Kind = SearchEntry.Kind

# A payload or details value that is a code, an id, a number or a date is not text anyone searches.
# So is an address or a message id (an e-mail, ``<…@…>``): one word with an «@».
_CODE = re.compile(r"[A-Za-z0-9_\-:.+]*|\S*@\S*")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
TITLE_MAX = 300


def clean(text: str) -> str:
    """Text as stored in the index: no NUL or other control characters (PostgreSQL refuses NUL)."""
    return _CONTROL.sub(" ", text)


def _free_text(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        if value.strip() and not _CODE.fullmatch(value):
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _free_text(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _free_text(v)


def _sections_text(sections: Any) -> str:
    parts: list[str] = []
    for s in sections or []:
        if isinstance(s, dict):
            parts.extend(str(s[k]) for k in ("heading", "title", "text") if s.get(k))
    return "\n\n".join(parts)


def case_row(case: Case) -> dict[str, Any]:
    parties = sorted(case.parties.all(), key=lambda p: p.pk)  # prefetched by :func:`rebuild`
    return _case_fields(case, _parties_text(parties))


def _parties_text(parties: Iterable[Party]) -> str:
    return "\n".join(" · ".join(x for x in (p.name, p.office) if x) for p in parties)


def _case_fields(case: Case, text: str) -> dict[str, Any]:
    # The number is found by the search's own look-up of numbers (:func:`ventila.search.query.search`):
    # the two databases' parsers split «CE-2027-0001» into different words.
    return {"case_id": case.pk, "ref": 0, "title": case.caption, "text": text}


def entry_row(entry: DocketEntry) -> dict[str, Any]:
    case = entry.case
    try:
        spec = rulebook_and_kind(case.body.rulebook, case.kind)[1].events.get(entry.event_type)
    except KeyError:
        spec = None
    title = spec.title if spec else entry.event_type
    texts = [entry.note, *_free_text(entry.payload), *_free_text(entry.details)]
    text = "\n".join(dict.fromkeys(t.strip() for t in texts if t.strip()))  # each text once, in order
    return {"case_id": entry.case_id, "ref": entry.seq, "title": title, "text": text.strip()}


def document_row(doc: Document | Draft) -> dict[str, Any]:
    return {"case_id": doc.case_id, "ref": doc.pk, "title": doc.title, "text": _sections_text(doc.sections)}


def _fields(row: dict[str, Any]) -> dict[str, Any]:
    row = {**row, "title": clean(row["title"])[:TITLE_MAX], "text": clean(row["text"])}
    if connection.vendor == "sqlite":  # PostgreSQL computes its tsvector column itself
        row["title_stems"] = " ".join(stemmer.stems(row["title"]))
        row["stems"] = " ".join(stemmer.stems(row["text"]))
    return row


def put(kind: str, object_id: int, row: dict[str, Any]) -> None:
    """Write (insert or replace) the index row of one object, in the caller's transaction."""
    with transaction.atomic(savepoint=False):
        SearchEntry.objects.update_or_create(kind=kind, object_id=object_id, defaults=_fields(row))


def index_case(case: Case) -> None:
    put(Kind.CASE, case.pk, case_row(case))


def index_entry(entry: DocketEntry) -> None:
    put(Kind.ENTRY, entry.pk, entry_row(entry))


def index_document(doc: Document) -> None:
    put(Kind.DOCUMENT, doc.pk, document_row(doc))


def index_draft(draft: Draft) -> None:
    put(Kind.DRAFT, draft.pk, document_row(draft))


# -- signals ----------------------------------------------------------------------------------

_CASE_FIELDS = frozenset({"number", "caption"})


def _case_saved(sender: Any, instance: Case, created: bool, update_fields: Any = None, raw: bool = False, **kw: Any):
    # A derived-rows save (stage, terms, next_due…) changes nothing the index holds.
    if raw or (update_fields is not None and not (_CASE_FIELDS & set(update_fields))):
        return
    index_case(instance)


def _party_saved(sender: Any, instance: Party, raw: bool = False, **kw: Any) -> None:
    if not raw:
        index_case(instance.case)


def _entry_saved(sender: Any, instance: DocketEntry, raw: bool = False, **kw: Any) -> None:
    if not raw:
        index_entry(instance)


def _document_saved(sender: Any, instance: Document, raw: bool = False, **kw: Any) -> None:
    if not raw:
        index_document(instance)


def _draft_saved(sender: Any, instance: Draft, raw: bool = False, **kw: Any) -> None:
    if not raw:
        index_draft(instance)


def _draft_deleted(sender: Any, instance: Draft, **kw: Any) -> None:
    SearchEntry.objects.filter(kind=Kind.DRAFT, object_id=instance.pk).delete()


def _party_deleted(sender: Any, instance: Party, **kw: Any) -> None:
    case = Case.objects.filter(pk=instance.case_id).first()
    if case is not None:
        index_case(case)


def connect() -> None:
    post_save.connect(_case_saved, sender=Case, dispatch_uid="search.case")
    post_save.connect(_party_saved, sender=Party, dispatch_uid="search.party")
    post_delete.connect(_party_deleted, sender=Party, dispatch_uid="search.party_deleted")
    post_save.connect(_entry_saved, sender=DocketEntry, dispatch_uid="search.entry")
    post_save.connect(_document_saved, sender=Document, dispatch_uid="search.document")
    post_save.connect(_draft_saved, sender=Draft, dispatch_uid="search.draft")
    post_delete.connect(_draft_deleted, sender=Draft, dispatch_uid="search.draft_deleted")


# -- rebuilding -----------------------------------------------------------------------------------

BATCH = 500


def rows_of_new(cases: Iterable[Case], parties: Iterable[Party], entries: Iterable[DocketEntry]) -> list[SearchEntry]:
    """The index rows of cases, parties and docket entries just written in bulk (no signal was sent), as
    :func:`rebuild` would write them, from the objects in memory (each entry's ``case`` set, with its
    ``body``): for a writer in bulk (``ventila generate``) to store with its rows, no ``reindexar``
    after it."""
    of_case: dict[int, list[Party]] = {}
    for p in parties:
        of_case.setdefault(p.case_id, []).append(p)
    rows = []
    for case in cases:
        mine = sorted(of_case.get(case.pk, []), key=lambda p: p.pk)
        rows.append(SearchEntry(kind=Kind.CASE, object_id=case.pk, **_fields(_case_fields(case, _parties_text(mine)))))
    rows.extend(SearchEntry(kind=Kind.ENTRY, object_id=e.pk, **_fields(entry_row(e))) for e in entries)
    return rows


def rebuild(*, out: Any = None) -> int:
    """Empty the index and write it again from the cases, docket entries, documents and drafts, in
    batches (one transaction for the whole: a search during the rebuild sees the old index). Returns
    the number of rows written."""
    total = 0
    with transaction.atomic():
        SearchEntry.objects.all().delete()
        sources: list[tuple[str, Any, Any]] = [
            (Kind.CASE, Case.objects.prefetch_related("parties").order_by("pk"), case_row),
            (Kind.ENTRY, DocketEntry.objects.select_related("case__body").order_by("pk"), entry_row),
            (Kind.DOCUMENT, Document.objects.order_by("pk"), document_row),
            (Kind.DRAFT, Draft.objects.order_by("pk"), document_row),
        ]
        for kind, qs, make in sources:
            rows: list[SearchEntry] = []
            for obj in qs.iterator(chunk_size=BATCH):
                rows.append(SearchEntry(kind=kind, object_id=obj.pk, **_fields(make(obj))))
                if len(rows) >= BATCH:
                    SearchEntry.objects.bulk_create(rows)
                    total += len(rows)
                    rows = []
            SearchEntry.objects.bulk_create(rows)
            total += len(rows)
            if out is not None:
                out.write(f"{kind}: {qs.count()}\n")
    return total
