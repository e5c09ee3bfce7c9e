"""Documents as PDFs (WeasyPrint): the body's letterhead, the case number and "página x de y" on
every page, the rule that requires the document, and real text (extractable, searchable).

The stylesheet and the font configuration are parsed once per process; rendering a one- or
two-page notice is then a matter of layout (see ``bench/documents_pdf.py``).

WeasyPrint fetches nothing but the app's own static files (:class:`StaticOnlyFetcher`): not
``file:`` (the server's disk), not ``http:``/``https:`` (the network behind the firewall), not
``data:``, ``ftp:`` or anything else. Every PDF the app makes goes through :func:`weasy_html`.
"""

from __future__ import annotations

import functools
import mimetypes
import posixpath
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation
from django.template.loader import render_to_string
from django.utils import translation

from ventila.rules import PR_TZ, RULEBOOKS

from . import signing
from .catalog import long_date, quotation
from .models import Document, Draft

STYLESHEET = """
@page {
  size: letter; margin: 3.2cm 2.3cm 2.4cm 2.3cm;
  @top-center { content: element(letterhead); width: 100%; }
  @bottom-left { content: string(case-number); font-size: 8.5pt; color: #444; }
  @bottom-right { content: string(page-label) " " counter(page) " " string(of-label) " " counter(pages);
                  font-size: 8.5pt; color: #444; }
}
html { font-family: "Liberation Serif", "DejaVu Serif", serif; font-size: 11pt; line-height: 1.4; color: #111; }
.letterhead { position: running(letterhead); text-align: center; border-bottom: 1px solid #555;
              padding-bottom: 4pt; }
.letterhead .gov { font-size: 8.5pt; letter-spacing: 0.04em; text-transform: uppercase; margin: 0; }
.letterhead .body { font-size: 11pt; font-weight: bold; margin: 1pt 0 0 0; }
.strings { string-set: case-number attr(data-case) , page-label attr(data-page), of-label attr(data-of);
           height: 0; margin: 0; font-size: 1pt; color: white; }
h1 { font-size: 14pt; margin: 0 0 2pt 0; }
.meta { font-size: 9.5pt; color: #333; margin: 0 0 10pt 0; }
.rule { font-size: 9pt; border-left: 3px solid #888; padding-left: 6pt; margin: 0 0 12pt 0; color: #222; }
h2 { font-size: 10.5pt; margin: 12pt 0 3pt 0; }
p { margin: 0 0 6pt 0; text-align: justify; }
.draft { color: #a00; font-weight: bold; font-size: 10pt; }
.signature { margin-top: 24pt; }
"""


# The base URL of every PDF's HTML: a host that cannot exist (RFC 2606 ".invalid"), so a relative
# "/static/…" resolves here and is read from disk by the fetcher; nothing is ever asked of the network.
BASE_URL = "https://ventila.invalid/"


def static_file(url: str) -> Path | None:
    """The app's static file ``url`` names (``BASE_URL`` + ``STATIC_URL`` + a path), or None."""
    base = urlsplit(BASE_URL)
    parts = urlsplit(url)
    prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    if (parts.scheme, parts.netloc) != (base.scheme, base.netloc) or not parts.path.startswith(prefix):
        return None
    relative = unquote(parts.path[len(prefix) :])
    clean = posixpath.normpath(relative)
    if not relative or clean != relative or clean.startswith(("/", "..")) or "\\" in relative:
        return None
    try:
        found = finders.find(clean)  # the app's static directories (safe_join refuses a way out)
    except SuspiciousFileOperation:
        return None
    path = Path(found) if isinstance(found, str) else Path(settings.STATIC_ROOT) / clean  # collectstatic's copy
    return path if path.is_file() else None


@functools.lru_cache(maxsize=1)
def _fetcher_class() -> type:
    """The class is made on first use: WeasyPrint is imported only when a PDF is made."""
    # WeasyPrint is heavy: it is loaded when the first PDF is made, on purpose.
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticOnlyFetcher(URLFetcher):
        """WeasyPrint's URL fetcher for ventila: the app's own static files, read from disk; nothing else."""

        def fetch(self, url: str, headers: Any = None) -> Any:
            path = static_file(url)
            if path is None:
                raise ValueError(f"ventila does not fetch resources into a PDF: {url[:120]}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, body=path.read_bytes(), headers={"Content-Type": kind})

    return StaticOnlyFetcher


def url_fetcher() -> Any:
    """A new ``StaticOnlyFetcher`` (WeasyPrint's fetchers keep per-request state)."""
    return _fetcher_class()()


# Every PDF is tagged for assistive technology (PDF/UA-1: a structure tree, /MarkInfo Marked, the
# document's title from <title> shown by viewers, its language from <html lang>).
PDF_VARIANT = "pdf/ua-1"


@functools.lru_cache(maxsize=1)
def _html_class() -> type:
    from weasyprint import HTML  # loaded on first use, on purpose (see _fetcher_class)

    class AccessibleHTML(HTML):
        """WeasyPrint's ``HTML`` whose PDFs are PDF/UA-1 unless a caller asks for another variant."""

        def write_pdf(self, target: Any = None, zoom: float = 1, finisher: Any = None, **options: Any) -> Any:
            options.setdefault("pdf_variant", PDF_VARIANT)
            return super().write_pdf(target, zoom, finisher, **options)

    return AccessibleHTML


def weasy_html(html: str) -> Any:
    """WeasyPrint's ``HTML`` for ``html``, with the base URL and the fetcher that serve only static files;
    its ``write_pdf`` makes a tagged PDF (PDF/UA-1). The HTML must carry ``<title>`` and ``<html lang>``."""
    return _html_class()(string=html, base_url=BASE_URL, url_fetcher=url_fetcher())


@functools.lru_cache(maxsize=1)
def _assets() -> tuple[Any, Any]:
    from weasyprint import CSS  # loaded on first use, on purpose (see _fetcher_class)
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    return CSS(string=STYLESHEET, font_config=fonts, base_url=BASE_URL, url_fetcher=url_fetcher()), fonts


def document_html(doc: Document | Draft, public_version: bool = False, verify_url: str = "") -> str:
    """The HTML a PDF is laid out from; a :class:`Draft` is marked as a draft, the public record's
    redacted copy of an issued document (``public_version``) as such. With ``verify_url`` (the issued
    document, :mod:`ventila.documents.signing`), the place of the signature and the verification link."""
    lang = doc.language
    rule = RULEBOOKS[doc.case.body.rulebook].rules.get(doc.rule_id)
    moment = doc.issued_at if isinstance(doc, Document) else None
    with translation.override(lang):
        return render_to_string(
            "documents/pdf.html",
            {
                "doc": doc,
                "case": doc.case,
                "body": doc.case.body,
                "rule": rule,
                "quote": quotation(doc.case.body.rulebook, rule) if rule is not None else "",
                "paragraphs": [
                    {"heading": s.get("heading", ""), "paras": [p for p in s.get("text", "").split("\n") if p.strip()]}
                    for s in doc.sections
                ],
                "issued": moment is not None,
                "public_version": public_version,
                "issued_on": long_date(moment.astimezone(PR_TZ).date(), lang) if moment else "",
                "issued_by": doc.issued_by if isinstance(doc, Document) else None,
                "letterhead": RULEBOOKS[doc.case.body.rulebook].documents.letterhead,
                "verify_url": verify_url,
            },
        )


def render_pdf(doc: Document | Draft, public_version: bool = False) -> bytes:
    """The PDF of ``doc``, unsigned: a draft says so, and so does the public record's version (the issued
    PDF is :func:`render_issued`'s)."""
    css, fonts = _assets()
    html = document_html(doc, public_version)
    return weasy_html(html).write_pdf(stylesheets=[css], font_config=fonts)


def render_issued(doc: Document) -> signing.Signed:
    """The issued document's PDF, signed with its body's certificate, with its verification link."""
    css, fonts = _assets()
    return render_signed(
        lambda url: document_html(doc, verify_url=url),
        body=doc.case.body,
        issued_at=doc.issued_at,
        language=doc.language,
        stylesheets=[css],
        font_config=fonts,
    )


def render_signed(html_for: Any, *, body: Any, issued_at: Any, language: str = "es", **options: Any) -> signing.Signed:
    """Any issued PDF (a document, an annual report, a filing receipt): ``html_for(verify_url)`` gives
    its HTML, with the signature's place and the verification link; laid out as :func:`weasy_html`
    does (tagged PDF/UA-1) and signed with ``body``'s certificate (:mod:`ventila.documents.signing`)."""
    return signing.render_signed(
        lambda url: weasy_html(html_for(url)),
        body=body,
        issued_at=issued_at,
        language=language,
        pdf_variant=PDF_VARIANT,
        **options,
    )
