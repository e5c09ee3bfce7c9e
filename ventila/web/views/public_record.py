"""The public record (issue 17, Secs. 5(5), 21(d)): each body's finally resolved matters, without an
account — a list with its own search, a page per matter, the public PDF of its documents and the
same record as open data (CSV and JSON, docs/open-data.md). What is published and how it is redacted
is decided in :mod:`ventila.documents.publication` only; a matter that is not final is a 404 here,
exactly like one that does not exist."""

from __future__ import annotations

import csv
import io
from typing import Any

from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from ventila import clock
from ventila.audit import chain
from ventila.audit.models import PublishedHead
from ventila.bodies.models import Body
from ventila.cases import access
from ventila.documents import pdf, publication
from ventila.rules import RULEBOOKS
from ventila.web.forms import controls_blanked, has_control_characters

SEARCH_MAX = 200


def _no_control(value: str) -> None:
    if has_control_characters(value):
        raise forms.ValidationError(
            _("La búsqueda no puede contener caracteres de control ni saltos de línea: escriba solo palabras."),
            code="control",
        )


class PublicSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Buscar en el registro"),
        help_text=_("Número de expediente, nombre, cargo o palabras de la resolución. No distingue acentos."),
        required=False,
        strip=True,
        validators=[_no_control],
        error_messages={"max_length": _("La búsqueda puede tener a lo sumo %(limit_value)d caracteres.")},
        max_length=SEARCH_MAX,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["q"]  # its NUL check is _no_control's (one message, in words)
        field.validators = [v for v in field.validators if not isinstance(v, ProhibitNullCharactersValidator)]

    def clean_q(self) -> str:
        return str(self.cleaned_data.get("q") or "")

    def shown(self) -> PublicSearchForm:
        """After validation: the page shows what was typed, less any control character (never echoed)."""
        if self.is_bound and not self.is_valid():
            data = self.data.copy()
            data["q"] = controls_blanked(str(data.get("q", "")))
            self.data = data
        return self


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


def _matters(body: Body) -> list[publication.PublicMatter]:
    return publication.public_matters(access.public_cases(body))


def _detail_url(request: HttpRequest, m: publication.PublicMatter) -> str:
    return request.build_absolute_uri(reverse("web:public_matter", args=[m.body_slug, m.number]))


def _pdf_url(request: HttpRequest, m: publication.PublicMatter) -> Any:
    def url(d: publication.PublicDocument) -> str:
        return request.build_absolute_uri(reverse("web:public_document_pdf", args=[m.body_slug, m.number, d.id]))

    return url


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
    """A body's resolved matters, with the public search (published items only)."""
    b = _body(body)
    form = PublicSearchForm(request.GET or None)
    matters = _matters(b)
    total = len(matters)
    query = ""
    status = 200
    if form.is_bound:
        if form.is_valid():
            query = form.cleaned_data["q"]
            matters = publication.search(matters, query)
        else:
            matters, status = [], 400
    return render(
        request,
        "web/public_record_list.html",
        {"body": b, "form": form.shown(), "matters": matters, "total": total, "query": query},
        status=status,
    )


@require_safe
def matter(request: HttpRequest, body: str, number: str) -> HttpResponse:
    b = _body(body)
    m = publication.published(access.public_case(b, number))
    if m is None:
        raise Http404("not public")
    return render(request, "web/public_record_detail.html", {"body": b, "m": m})


@require_safe
def document_pdf(request: HttpRequest, body: str, number: str, doc_id: int) -> HttpResponse:
    """The public version of an issued document: its published sections, redacted, laid out as the
    issued PDF is (the issued file itself, with its addressees, is never served here)."""
    b = _body(body)
    m = publication.published(access.public_case(b, number))
    if m is None:
        raise Http404("not public")
    found = next((d for d in m.documents if d.id == doc_id), None)
    if found is None:
        raise Http404("no such public document")
    data = pdf.render_pdf(publication.public_pdf_source(found), public_version=True)
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{m.number}-{found.id}-publico.pdf"'
    return response


@require_safe
def open_data_json(request: HttpRequest, body: str) -> HttpResponse:
    b = _body(body)
    with translation.override("es"):
        matters = _matters(b)
        records = [publication.matter_record(m, _detail_url(request, m), _pdf_url(request, m)) for m in matters]
    payload = {
        "schema": "ventila-registro-publico",
        "schema_version": publication.SCHEMA_VERSION,
        "body": {"slug": b.slug, "name": b.name, "rulebook": b.rulebook},
        "generated_at": clock.now().isoformat(),
        "count": len(records),
        "matters": records,
        # The audit chain's latest published head (issue 32; all of them: /registro-publico/cadena.json).
        "audit_head": _head_record(latest) if (latest := PublishedHead.objects.first()) is not None else None,
    }
    response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'inline; filename="registro-publico-{b.slug}.json"'
    return response


@require_safe
def open_data_csv(request: HttpRequest, body: str) -> HttpResponse:
    b = _body(body)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(publication.CSV_COLUMNS)
    with translation.override("es"):
        for m in _matters(b):
            writer.writerow(publication.csv_row(m, _detail_url(request, m), _pdf_url(request, m)))
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="registro-publico-{b.slug}.csv"'
    return response
