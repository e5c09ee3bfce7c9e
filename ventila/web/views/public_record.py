"""The public record (issue 17, Secs. 5(5), 21(d)): each body's finally resolved matters, without an
account — a list with its own search, a page per matter, the public PDF of its documents and the
same record as open data (CSV and JSON, docs/open-data.md). What is published and how it is redacted
is decided in :mod:`ventila.documents.publication` only; a matter that is not final is a 404 here,
exactly like one that does not exist."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext_lazy as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from ventila import clock
from ventila.audit import chain
from ventila.audit.models import PublishedHead
from ventila.bodies.models import Body
from ventila.cases import access
from ventila.cases.labels import choice_label
from ventila.documents import pdf, publication
from ventila.exports import line_writer
from ventila.rules import RULEBOOKS
from ventila.search import public
from ventila.search import query as query_module
from ventila.search.models import PublishedMatter
from ventila.web.forms import OneLinePublicForm, one_line_field

SEARCH_MAX = 200
CACHE_SECONDS = 24 * 3600  # a cached public page: replaced by a new stamp long before, dropped after a day


class PublicSearchForm(OneLinePublicForm):
    line = "q"

    q = one_line_field(
        _("Buscar en el registro"),
        _("Número de expediente, nombre, cargo o palabras de la resolución. No distingue acentos."),
        controls=_("La búsqueda no puede contener caracteres de control ni saltos de línea: escriba solo palabras."),
        too_long=_("La búsqueda puede tener a lo sumo %(limit_value)d caracteres."),
        max_length=SEARCH_MAX,
    )

    def clean_q(self) -> str:
        return str(self.cleaned_data.get("q") or "")


def _bodies() -> list[Body]:
    return [b for b in Body.objects.public().order_by("name") if _publishes(b)]


def _publishes(body: Body) -> bool:
    rulebook = RULEBOOKS.get(body.rulebook)
    return rulebook is not None and any(k.final_stages for k in rulebook.kinds.values())


def _body(slug: str) -> Body:
    body = get_object_or_404(Body.objects.public(), slug=slug)
    if not _publishes(body):
        raise Http404("no public record")
    return body


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """The public record's start: one entry per body, the verification page, the chain's latest head."""
    return render(request, "web/public_record_index.html", {"bodies": _bodies(), "head": PublishedHead.objects.first()})


# -- the audit chain's published heads (issue 32) ------------------------------------------------------


def _head_record(h: PublishedHead) -> dict[str, Any]:
    return {"day": h.day.isoformat(), "published_at": h.published_at.isoformat(), "seq": h.seq, "hash": h.hash}


@require_safe
def heads(request: HttpRequest) -> HttpResponse:
    """Every head the chain published, newest first, and how to check them."""
    return render(
        request,
        "web/public_heads.html",
        {
            "heads": list(PublishedHead.objects.all()),
            "txt_url": request.build_absolute_uri(reverse("web:public_heads_txt")),
        },
    )


@require_safe
def heads_txt(request: HttpRequest) -> HttpResponse:
    """The heads as ``ventila audit export-head`` writes them (moment, link, hash), oldest first: the list
    ``ventila audit verify --heads`` reads."""
    body = "".join(line + "\n" for line in chain.published_lines())
    response = HttpResponse(body, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="cadena-cabezas.txt"'
    return response


@require_safe
def heads_json(request: HttpRequest) -> HttpResponse:
    payload = {
        "schema": "ventila-cabezas-de-la-cadena",
        "schema_version": 1,
        "generated_at": clock.now().isoformat(),
        "heads": [_head_record(h) for h in PublishedHead.objects.order_by("day")],
    }
    response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = 'inline; filename="cadena-cabezas.json"'
    return response


@require_safe
def body_record(request: HttpRequest, body: str) -> HttpResponse:
    """A body's resolved matters a page at a time, newest first, with the public search (published text
    only): read from the stored public rows (issue 30), a constant number of statements at any size."""
    b = _body(body)
    form = PublicSearchForm(request.GET or None)
    query = ""
    status = 200
    if form.is_bound and not form.is_valid():
        status = 400
    elif form.is_bound:
        query = form.cleaned_data["q"]
    after = str(request.GET.get("desde", ""))[:40]
    context: dict[str, Any] = {
        "body": b,
        "form": form.shown(),
        "query": query,
        "paged": bool(after),
        "matched": 0,
        "more_than": False,
    }
    # The first page of the list (no search, no cursor: the page most visitors ask for) is kept rendered in
    # the shared cache under the body's publication stamp, which every write of a public row replaces.
    key = ""
    if status == 200 and not query and not after and (stamp := public.stamp(b.pk)):
        key = f"ventila:publico:lista:{b.pk}:{stamp}:{translation.get_language()}"
        cached = cache.get(key)
        if cached is not None:
            return render(request, "web/public_record_list.html", {**context, **cached, "cached": True})
    found = public.page(b, text=query, after=after) if status == 200 else None
    rows = found.rows if found is not None else []
    for row in rows:
        row.outcome_label = str(choice_label(row.outcome)) if row.outcome else ""
    matched = found.matched if found is not None else None
    context.update(
        matters=rows,
        matched=min(matched, query_module.COUNT_CAP) if matched is not None else 0,
        more_than=matched is not None and matched > query_module.COUNT_CAP,
        next_cursor=found.next_cursor if found is not None else "",
    )
    parts = {
        "matters_html": render_to_string("web/_public_matters.html", context),
        "total": PublishedMatter.objects.filter(body=b).count(),
    }
    if key:
        cache.set(key, parts, CACHE_SECONDS)
    return render(request, "web/public_record_list.html", {**context, **parts}, status=status)


def _published(b: Body, number: str) -> publication.PublicMatter:
    """The matter numbered ``number`` as the public reads it, in the reader's language; 404 unless it is
    final now and on the public record (its stored row: published, redacted safely or reviewed — a review
    approves the Spanish text, so whether it may be published is decided in Spanish, when the row is written)."""
    case = access.public_case(b, number)
    if case is None or not PublishedMatter.objects.filter(case=case).exists():
        raise Http404("not public")
    return publication.public_matter(case)


@require_safe
def matter(request: HttpRequest, body: str, number: str) -> HttpResponse:
    b = _body(body)
    m = _published(b, number)
    return render(request, "web/public_record_detail.html", {"body": b, "m": m})


@require_safe
def document_pdf(request: HttpRequest, body: str, number: str, doc_id: int) -> HttpResponse:
    """The public version of an issued document: its published sections, redacted, laid out as the
    issued PDF is (the issued file itself, with its addressees, is never served here)."""
    b = _body(body)
    m = _published(b, number)
    found = next((d for d in m.documents if d.id == doc_id), None)
    if found is None:
        raise Http404("no such public document")
    data = pdf.render_pdf(publication.public_pdf_source(found), public_version=True)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{m.number}-{found.id}-publico.pdf"'
    return response


# -- open data (docs/open-data.md): streamed from the stored rows, with an ETag -----------------------


def _absolute(record: dict[str, Any], base: str) -> dict[str, Any]:
    """A stored record with its addresses made absolute (stored relative: the host is the request's)."""
    acts = [{**a, "documents": [{**d, "pdf_url": base + d["pdf_url"]} for d in a["documents"]]} for a in record["acts"]]
    return {**record, "url": base + record["url"], "acts": acts}


def _open_data(request: HttpRequest, b: Body, kind: str) -> tuple[HttpResponse | None, dict[str, Any]]:
    """The record's state (how many rows, when one last changed, the chain's latest head) and its ETag: a
    304 when the client has it already."""
    state = PublishedMatter.objects.filter(body=b).aggregate(count=Count("pk"), changed=Max("updated_at"))
    head = PublishedHead.objects.first()
    state["head"] = head
    tag = f"{kind}|{publication.SCHEMA_VERSION}|{b.pk}|{state['count']}|{state['changed']}|{head.seq if head else ''}"
    etag = '"' + hashlib.sha256(tag.encode()).hexdigest()[:32] + '"'
    state["etag"] = etag
    return get_conditional_response(request, etag=etag), state


def _served(response: HttpResponseBase, state: dict[str, Any]) -> HttpResponseBase:
    response["ETag"] = state["etag"]
    response["Cache-Control"] = "public, max-age=0, must-revalidate"
    return response


def _open_data_file(
    request: HttpRequest, body: str, kind: str, content: Callable[[Body, dict[str, Any], str], Iterator[str]]
) -> HttpResponseBase:
    """The body's open data as ``kind`` (``json``, ``csv``): ``304`` while it has not changed, else streamed
    from ``content(body, state, base)`` (``base``: this site's address, for the links in each record)."""
    b = _body(body)
    not_modified, state = _open_data(request, b, kind)
    if not_modified is not None:
        return _served(not_modified, state)
    base = request.build_absolute_uri("/").rstrip("/")
    content_type, disposition = OPEN_DATA_TYPES[kind]
    response = StreamingHttpResponse(content(b, state, base), content_type=content_type)
    response["Content-Disposition"] = f'{disposition}; filename="registro-publico-{b.slug}.{kind}"'
    return _served(response, state)


OPEN_DATA_TYPES = {
    "json": ("application/json", "inline"),
    "csv": ("text/csv; charset=utf-8", "attachment"),
}


def _json_content(b: Body, state: dict[str, Any], base: str) -> Iterator[str]:
    changed = state["changed"]
    head = {
        "schema": "ventila-registro-publico",
        "schema_version": publication.SCHEMA_VERSION,
        "body": {"slug": b.slug, "name": b.name, "rulebook": b.rulebook},
        # When the record last changed (the file is the same until it changes again: its ETag).
        "generated_at": (changed or clock.now()).isoformat(),
        "count": state["count"],
    }
    # The audit chain's latest published head (issue 32; all of them: /registro-publico/cadena.json).
    latest = _head_record(state["head"]) if state["head"] is not None else None

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, indent=1)

    yield dump(head)[:-2] + ',\n "matters": ['
    for i, record in enumerate(public.records(b)):
        yield ("," if i else "") + "\n" + dump(_absolute(record, base))
    yield '\n],\n "audit_head": ' + dump(latest) + "\n}"


def _csv_content(b: Body, state: dict[str, Any], base: str) -> Iterator[str]:
    writer = line_writer(",")  # the open data's CSV: commas, cells neutralised by publication.csv_row
    yield "\ufeff" + writer.writerow(publication.CSV_COLUMNS)
    for record in public.records(b):
        yield writer.writerow(publication.csv_row(_absolute(record, base)))


@require_safe
@gzip_page  # no secret in it (no form, no token, no session): safe to compress (BREACH)
def open_data_json(request: HttpRequest, body: str) -> HttpResponseBase:
    return _open_data_file(request, body, "json", _json_content)


@require_safe
@gzip_page  # no secret in it (no form, no token, no session): safe to compress (BREACH)
def open_data_csv(request: HttpRequest, body: str) -> HttpResponseBase:
    return _open_data_file(request, body, "csv", _csv_content)
