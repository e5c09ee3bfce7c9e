"""The public record's stored rows (:class:`~ventila.search.models.PublishedMatter`, issue 30): kept in
step with the cases in the writer's transaction, and read a page at a time.

**Written** by :func:`refresh`: when a case's derived rows are brought in line with its docket
(:data:`ventila.cases.signals.derived`) and its stage is, or was, one of its kind's final stages; when a
document is issued, a party changes or a publication review is recorded on such a case. The row holds what
:func:`ventila.documents.publication.public_matter` publishes, redacted, in Spanish (the open data's
language); a case that is not final for publication, or whose redacted text waits for a person's review,
has no row. A writer in bulk defers them to the end of its block (:func:`deferred`: one delete and one insert
for all its cases). ``ventila publicar`` (:func:`rebuild`) writes them all again (after an import or a
change of the rulebooks' code). Every write gives the body a new publication :func:`stamp` (in Django's
shared cache), under which the public pages cache what they render.

**Read** by :func:`page`: one body's rows newest first, keyset-paginated on ``(year, case)``, optionally
matched by the same full-text machinery as the staff search (:func:`ventila.search.query.match_condition`)
over the published text only, or by case number through its index.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import QuerySet, prefetch_related_objects
from django.db.models.signals import post_save
from django.urls import reverse
from django.utils import translation

from ventila import clock
from ventila.bodies.models import Body
from ventila.cases import access, signals
from ventila.cases.models import Case, Party
from ventila.documents import publication
from ventila.documents.models import Document, PublicationReview
from ventila.fields import attributes

from . import query, stemmer
from .index import clean
from .models import PublishedMatter

log = logging.getLogger(__name__)

PAGE = 50
BATCH = 200
_CURSOR = re.compile(r"(\d{1,4})\.(\d{1,18})")


def _final_stage(case: Case, stage: str) -> bool:
    spec = publication.kind_spec(case)
    return spec is not None and stage in spec.final_stages


def _paths(m: publication.PublicMatter) -> tuple[str, Any]:
    def pdf_path(d: publication.PublicDocument) -> str:
        return reverse("web:public_document_pdf", args=[m.body_slug, m.number, d.id])

    return reverse("web:public_matter", args=[m.body_slug, m.number]), pdf_path


def row_of(case: Case) -> PublishedMatter | None:
    """The public row of ``case`` as it should now read, or None when the case may not be published."""
    if not _final_stage(case, case.stage) or not access.is_public(case):
        return None
    with translation.override("es"):
        try:
            m = publication.public_matter(case)
        except ValueError:  # not final for publication
            return None
        if not m.publishable:
            return None
        url, pdf_path = _paths(m)
        record = publication.matter_record(m, url, pdf_path)
        text = clean(m.public_text())
    return PublishedMatter(
        case=case,
        body_id=case.body_id,
        year=case.year,
        number=case.number,
        **attributes(m, "caption", "respondent_name", "respondent_office", "outcome", "final_on"),
        record=record,
        text=text,
        stems=" ".join(stemmer.stems(text)) if connection.vendor == "sqlite" else "",
        updated_at=clock.now(),
    )


def refresh(case: Case) -> bool:
    """Write, rewrite or delete the public row of ``case`` (in the caller's transaction); whether it is
    now on the public record."""
    row = row_of(case)
    with transaction.atomic(savepoint=False):
        if row is None:
            deleted, _by_model = PublishedMatter.objects.filter(case_id=case.pk).delete()
            if deleted:
                changed(case.body_id)
        else:
            row.save()
            changed(case.body_id)
    return row is not None


_DEFERRED: contextvars.ContextVar[dict[int, Case] | None] = contextvars.ContextVar("public_deferred", default=None)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Write the public rows the derivations inside the block call for when it ends (in the caller's
    transaction): each case's row as :func:`refresh` would write it, all of them in one delete and one
    insert, and one new stamp per body — for a writer in bulk (``ventila generate``). The insert sends no
    ``post_save``: the writer forgets the stored statistics itself (``stats.stored.bulk_write``, as
    ``generate`` does). Nested blocks join the outermost one."""
    if _DEFERRED.get() is not None:
        yield
        return
    pending: dict[int, Case] = {}
    token = _DEFERRED.set(pending)
    try:
        yield
    finally:
        _DEFERRED.reset(token)
    refresh_many(list(pending.values()))  # not reached when the block raised


def refresh_many(cases: list[Case]) -> int:
    """:func:`refresh` of each of ``cases``, written together; the number of cases now on the public record."""
    prefetch_related_objects(cases, "parties", "entries")  # what publication.public_matter reads of each case
    rows = [r for r in (row_of(c) for c in cases) if r is not None]
    with transaction.atomic(savepoint=False):
        stored = PublishedMatter.objects.filter(case_id__in=[c.pk for c in cases])
        bodies = set(stored.values_list("body_id", flat=True)) | {r.body_id for r in rows}
        stored.delete()
        PublishedMatter.objects.bulk_create(rows, batch_size=BATCH)
        for body_id in sorted(bodies):
            changed(body_id)
    return len(rows)


# -- the publication stamp: what a cached public page is keyed by -------------------------------------

_STAMP = "ventila:stamp:publico:{}"


def stamp(body_id: int) -> str:
    """The body's publication stamp (Django's shared cache): a new one whenever a public row of the body
    is written or deleted, so that a page cached under the old one is never served again. Empty when the
    cache cannot be read (then nothing is cached)."""
    key = _STAMP.format(body_id)
    try:
        value = cache.get(key)
        if value is None:
            cache.add(key, uuid.uuid4().hex, None)
            value = cache.get(key)
    except Exception as exc:  # the cache is down: the page is built from the database
        log.warning("could not read the publication stamp: %s", exc)
        return ""
    return str(value or "")


def changed(body_id: int) -> None:
    """A public row of the body changed: a new stamp now (this transaction's own reads) and again once
    the writer's transaction commits (a page another request read before the commit, and cached under
    the first new stamp, is not served after it)."""

    def write() -> None:
        try:
            cache.set(_STAMP.format(body_id), uuid.uuid4().hex, None)
        except Exception as exc:  # the cache is down: its entries cannot be read either
            log.warning("could not write the publication stamp: %s", exc)

    write()
    transaction.on_commit(write)


# -- signals ----------------------------------------------------------------------------------------


def _derived(sender: Any, case: Case, stage_before: str, **kw: Any) -> None:
    if _final_stage(case, case.stage) or _final_stage(case, stage_before):
        pending = _DEFERRED.get()
        if pending is not None:
            pending[case.pk] = case
        else:
            refresh(case)


def _of_case(case: Case) -> None:
    # The writer's case (cached on the row saved): nothing is read unless its stage is final.
    if _final_stage(case, case.stage):
        refresh(case)


def _document_saved(sender: Any, instance: Document, raw: bool = False, **kw: Any) -> None:
    if not raw and instance.template in publication.PUBLISHED_DOCUMENTS:
        _of_case(instance.case)


def _case_row_saved(sender: Any, instance: Any, raw: bool = False, **kw: Any) -> None:
    if not raw:
        _of_case(instance.case)


def _case_saved(sender: Any, instance: Case, raw: bool = False, update_fields: Any = None, **kw: Any) -> None:
    # The derived fields' saves are :func:`_derived`'s; a caption or a number changed here.
    if not raw and update_fields is None and not kw.get("created") and _final_stage(instance, instance.stage):
        refresh(instance)


def connect() -> None:
    signals.derived.connect(_derived, sender=Case, dispatch_uid="public.derived")
    post_save.connect(_case_saved, sender=Case, dispatch_uid="public.case")
    post_save.connect(_document_saved, sender=Document, dispatch_uid="public.document")
    post_save.connect(_case_row_saved, sender=Party, dispatch_uid="public.party")
    post_save.connect(_case_row_saved, sender=PublicationReview, dispatch_uid="public.review")


# -- rebuilding ---------------------------------------------------------------------------------------


def rebuild(body: Body | None = None, *, out: Any = None) -> int:
    """Write every public row again (of ``body``, or of all), each batch its own transaction. Returns the
    number of rows written."""
    cases = Case.objects.select_related("body").order_by("pk")
    if body is not None:
        cases = cases.filter(body=body)
    final = [c.pk for c in cases.only("pk", "body", "kind", "stage") if _final_stage(c, c.stage)]
    stale = PublishedMatter.objects.exclude(case_id__in=final)
    if body is not None:
        stale = stale.filter(body=body)
    stale.delete()
    for body_id in [body.pk] if body is not None else Body.objects.values_list("pk", flat=True):
        changed(body_id)
    written = 0
    for start in range(0, len(final), BATCH):
        with transaction.atomic():
            for case in cases.filter(pk__in=final[start : start + BATCH]):
                written += refresh(case)
        if out is not None:
            out.write(f"{min(start + BATCH, len(final))}/{len(final)}\n")
    return written


# -- reading ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    rows: list[PublishedMatter]
    next_cursor: str  # "" on the last page
    matched: int | None  # with a query: how many match, counted up to query.COUNT_CAP + 1


def cursor_of(row: PublishedMatter) -> str:
    return f"{row.year}.{row.case_id}"


def parse_cursor(value: str) -> tuple[int, int] | None:
    found = _CURSOR.fullmatch(value or "")
    return (int(found.group(1)), int(found.group(2))) if found else None


def matching(body: Body, text: str) -> QuerySet[PublishedMatter]:
    """The body's rows whose published text holds every word of ``text`` (stems, accents ignored); a case
    number, or the part of one that names it, by the number's index."""
    rows = PublishedMatter.objects.filter(body=body)
    text = stemmer.clean_query(text)[: query.MAX_QUERY]
    number = query.number_query(text)
    if number is not None:
        return rows.filter(number=number) if query.is_full_number(number) else rows.filter(number__icontains=number)
    words, terms = query.query_words(text), query.query_stems(text)
    if not terms:
        return rows.none()
    return rows.annotate(
        hit=query.match_condition(PublishedMatter._meta.db_table, "case_id", "published_fts", words, terms)
    ).filter(hit=True)


def page(body: Body, *, text: str = "", after: str = "", size: int = PAGE) -> Page:
    """A page of the body's public rows, newest first, from after the row named by ``after``."""
    rows = matching(body, text) if text.strip() else PublishedMatter.objects.filter(body=body)
    matched = query.capped_count(rows) if text.strip() else None
    key = parse_cursor(after)
    if key is not None:
        year, case_id = key
        rows = rows.filter(year__lte=year).exclude(year=year, case_id__gte=case_id)
    found = list(
        rows.order_by("-year", "-case_id").only(
            "case_id", "year", "number", "caption", "respondent_name", "respondent_office", "outcome", "final_on"
        )[: size + 1]
    )
    more = len(found) > size
    found = found[:size]
    return Page(found, cursor_of(found[-1]) if more and found else "", matched)


def records(body: Body) -> Iterator[dict[str, Any]]:
    """Every public row's open-data record of ``body``, newest first, read in chunks (constant memory)."""
    qs = PublishedMatter.objects.filter(body=body).order_by("-year", "-case_id").values_list("record", flat=True)
    yield from qs.iterator(chunk_size=BATCH)
