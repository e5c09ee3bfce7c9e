"""One search API over both databases: :func:`search` (a query, a :class:`Scope` of what may be searched).

The scope is applied in the same SQL statement as the match, as a condition on the rows, before any
rank is computed, counted or sorted: a row outside it is never ranked, counted, sliced or read back,
and snippets are cut only from the rows returned. Ranks are computed from each row alone (PostgreSQL's
``ts_rank``; on SQLite the weighted count of the query's stems in the row, not FTS5's ``bm25``, whose
inverse document frequencies would be taken over every row, hidden cases' included), so the order of
what a user sees does not depend on what the user may not see.

PostgreSQL: ``search_vector @@ to_tsquery('ventila_es', …)`` over the GIN index. SQLite: ``search_fts
MATCH`` over the FTS5 table of stems. The query's words go through the same steps on both: lower
case, accents off, Spanish stop words out, Snowball Spanish stem (:mod:`.stemmer`); every word must be
present (AND). A query that is a case number (or part of one) also finds the case by its number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Case as CaseWhen
from django.db.models import F, FloatField, Q, QuerySet, Value, When
from django.db.models.expressions import RawSQL
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from ventila.cases.models import Case

from . import stemmer
from .models import SearchEntry

Kind = SearchEntry.Kind
ALL_KINDS = frozenset(Kind.values)
MAX_TERMS = 12
MAX_QUERY = 200  # characters; the form refuses longer queries with a message
SNIPPET_WORDS = 14  # words either side of the first match
# A case number or the part of one that names it: «CE-2027-0001», «CE-2027», «2027-0001» (not a bare «2027»).
# A case number is the body's prefix, the series' code when its kind has one, the year and the sequence
# («CE-2027-0001», «CE-R-2027-0001»); a part of one names it too («2027-0001», «CE-R-2027»).
_NUMBER = re.compile(r"(?:[A-Za-z]{1,6}-){0,2}\d{4}-\d{1,6}|[A-Za-z]{1,6}(?:-[A-Za-z]{1,6})?-\d{4}", re.ASCII)
_FULL_NUMBER = re.compile(r"[A-Z]{1,6}(?:-[A-Z]{1,6})?-\d{4}-\d{1,6}", re.ASCII)
COUNT_CAP = 1000  # matches counted beyond this are shown as «más de 1,000»


@dataclass(frozen=True)
class Part:
    """The rows of these ``kinds`` belonging to these ``cases`` (a queryset, applied as a subquery)."""

    cases: QuerySet[Case]
    kinds: frozenset[str] = ALL_KINDS


@dataclass(frozen=True)
class Scope:
    """What may be searched: the union of its parts. An empty scope finds nothing (and asks nothing)."""

    parts: tuple[Part, ...] = ()

    def q(self) -> Q:
        q = Q(pk__in=[])
        for part in self.parts:
            q |= Q(case_id__in=part.cases.values("pk"), kind__in=sorted(part.kinds))
        return q


@dataclass(frozen=True)
class Hit:
    entry: SearchEntry
    case_number: str
    rank: float
    snippet: SafeString


@dataclass(frozen=True)
class Results:
    query: str
    terms: tuple[str, ...]  # the stems searched
    total: int  # counted up to COUNT_CAP + 1: more than that is «más de 1,000»
    hits: list[Hit] = field(default_factory=list)


def query_stems(query: str) -> tuple[str, ...]:
    """The distinct stems of the query's words, in order, at most :data:`MAX_TERMS`."""
    out: list[str] = []
    for s in stemmer.stems(query):
        if s not in out:
            out.append(s)
    return tuple(out[:MAX_TERMS])


def number_query(query: str) -> str | None:
    """The query in upper case if it is a case number or the part of one that names it; else None."""
    q = query.strip()
    return q.upper() if _NUMBER.fullmatch(q) else None


def is_full_number(number: str) -> bool:
    """Whether ``number`` (from :func:`number_query`) is a whole case number («CE-2027-0001»): looked up
    by equality, through the number's index, not by a scan for a part of it."""
    return _FULL_NUMBER.fullmatch(number) is not None


def capped_count(qs: QuerySet[Any]) -> int:
    """How many rows ``qs`` holds, counted up to :data:`COUNT_CAP` + 1 (shown as «más de 1,000»): the
    count stops there instead of reading every match."""
    return qs.order_by()[: COUNT_CAP + 1].count()


def match_condition(table: str, key: str, fts_table: str, words: tuple[str, ...], terms: tuple[str, ...]) -> RawSQL:
    """Whether a row of ``table`` holds every word of the query, in this database's SQL: PostgreSQL's
    ``search_vector @@ plainto_tsquery('ventila_es', …)`` over its GIN index, SQLite's ``MATCH`` over the
    FTS5 table ``fts_table`` of the row's stems, whose rowid is the row's ``key`` (values as parameters)."""
    if connection.vendor == "postgresql":
        # PostgreSQL stems the words itself, with the configuration its column was built with.
        text = " ".join(words)  # letters and digits only: nothing of any query syntax
        return RawSQL(f"{table}.search_vector @@ plainto_tsquery('ventila_es', %s)", [text])  # nosec B611
    fts = " ".join(f'"{t}"' for t in terms)  # each stem a quoted string: AND of them all
    sql = f"{table}.{key} IN (SELECT rowid FROM {fts_table} WHERE {fts_table} MATCH %s)"  # nosec B608: names only
    return RawSQL(sql, [fts])  # nosec B611


def query_words(query: str) -> tuple[str, ...]:
    """The query's words (lower case, no accents) that are not stop words, at most :data:`MAX_TERMS`."""
    out: list[str] = []
    for w in stemmer.words(query):
        if stemmer.stem(w) and w not in out:
            out.append(w)
    return tuple(out[:MAX_TERMS])


def _matching(words: tuple[str, ...], terms: tuple[str, ...]) -> tuple[RawSQL, RawSQL]:
    """The match condition and the rank of a row, in this database's SQL (values as parameters)."""
    table = SearchEntry._meta.db_table
    cond = match_condition(table, "id", "search_fts", words, terms)
    if connection.vendor == "postgresql":
        text = " ".join(words)
        rank = RawSQL(f"ts_rank({table}.search_vector, plainto_tsquery('ventila_es', %s))", [text])  # nosec B611
        return cond, rank
    # Occurrences of each stem in the title (x10) and the text, counted in the row's own stems.
    counts = []
    params: list[str] = []
    for t in terms:
        for column, weight in (("title_stems", 10), ("stems", 1)):
            padded = f"(' ' || replace({table}.{column}, ' ', '  ') || ' ')"
            counts.append(f"{weight} * (length({padded}) - length(replace({padded}, %s, ''))) / %s")
            params += [f" {t} ", str(len(t) + 2)]
    rank = RawSQL("(" + " + ".join(counts) + ") * 1.0", params)  # nosec B611
    return cond, rank


def search(query: str, scope: Scope, *, limit: int = 20, offset: int = 0) -> Results:
    """The rows of ``scope`` matching ``query``, best first (rank, then newest), ``limit`` of them from
    ``offset``, with the total count (up to :data:`COUNT_CAP` + 1) and a highlighted snippet each. A whole
    case number finds its case alone, by the number's index."""
    query = stemmer.clean_query(query)[:MAX_QUERY]
    words = query_words(query)
    terms = query_stems(query)
    number = number_query(query)
    if not scope.parts or (not terms and number is None):
        return Results(query, terms, 0)
    qs = SearchEntry.objects.filter(scope.q())
    if number is not None and is_full_number(number):
        # A whole case number: its case by the number's unique index, nothing scanned (issue 30).
        exact = list(
            qs.filter(kind=Kind.CASE, case__number=number)
            .annotate(case_number=F("case__number"))
            .only("id", "case_id", "kind", "object_id", "ref", "title", "text")[:1]
        )
        if exact:
            hits = [Hit(r, r.case_number, 1000.0, snippet(r.text or r.title, terms)) for r in exact]
            return Results(query, terms, 1, hits if offset == 0 else [])
    match = Q(pk__in=[])
    rank_expr: Any = Value(0.0, output_field=FloatField())
    if terms:
        cond, rank = _matching(words, terms)
        qs = qs.annotate(hit=cond)
        match |= Q(hit=True)
        rank_expr = rank
    if number is not None:
        by_number = Q(kind=Kind.CASE, case__number__icontains=number)
        match |= by_number
        rank_expr = CaseWhen(When(by_number, then=Value(1000.0)), default=rank_expr, output_field=FloatField())
    qs = qs.filter(match)
    total = capped_count(qs)  # more than COUNT_CAP is shown as «más de 1,000»: the count stops there
    if total == 0 or (offset >= total and total <= COUNT_CAP):
        return Results(query, terms, total)
    rows = list(
        qs.annotate(rank=rank_expr, case_number=F("case__number"))
        .order_by("-rank", "-case_id", "kind", "-object_id")
        .only("id", "case_id", "kind", "object_id", "ref", "title", "text")[offset : offset + limit]
    )
    hits = [Hit(r, r.case_number, float(r.rank), snippet(r.text or r.title, terms)) for r in rows]
    return Results(query, terms, total, hits)


# -- snippets -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"[^\W_]+|[\W_]+")


def snippet(text: str, terms: Iterable[str], words_around: int = SNIPPET_WORDS) -> SafeString:
    """A stretch of ``text`` around its first word whose stem is among ``terms``, every such word in
    ``<mark>``; everything escaped. Whitespace (line breaks included) shown as single spaces."""
    wanted = set(terms)
    tokens = _TOKEN.findall(" ".join(text.split()))
    word_idx = [i for i, t in enumerate(tokens) if t[0].isalnum() or t[0].isalpha()]
    first = next((n for n, i in enumerate(word_idx) if stemmer.stem_of(tokens[i]) in wanted), 0)
    lo = max(0, first - words_around)
    hi = min(len(word_idx), first + words_around + 1)
    if not word_idx:
        return mark_safe("")  # nosec B703 B308: empty
    start = 0 if lo == 0 else word_idx[lo]
    end = len(tokens) if hi == len(word_idx) else word_idx[hi - 1] + 1
    out = ["… " if lo > 0 else ""]
    for tok in tokens[start:end]:
        if (tok[0].isalnum()) and stemmer.stem_of(tok) in wanted:
            out.append(f"<mark>{escape(tok)}</mark>")
        else:
            out.append(str(escape(tok)))
    out.append(" …" if hi < len(word_idx) else "")
    return mark_safe("".join(out))  # nosec B703 B308: every piece of text is escaped above
