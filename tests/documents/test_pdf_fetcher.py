"""Issue 11 item 15: WeasyPrint fetches nothing but the app's own static files.

The real entry points (a document's PDF, the filing receipt's PDF) render hostile templates that
point at the server's disk (``file:``), at a real HTTP server on loopback that records every hit,
at ``data:`` and ``ftp:`` URLs and at a way out of the static directory; nothing is fetched, no
image reaches the PDF, and the PDF is still made. A static file of the app's own is embedded."""

from __future__ import annotations

import base64
import gc
import http.server
import io
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from factories import file_complaint
from filing.helpers import camara_steps, walk
from pypdf import PdfReader

from ventila.documents.pdf import BASE_URL, render_pdf, static_file
from ventila.filing.models import Filing
from ventila.filing.services import receipt_pdf

from .helpers import draft_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _collect() -> Iterator[None]:
    """The process's font configuration saw the hostile @font-face: replace it, and free the old one now
    (WeasyPrint removes its temporary font folder when it is freed, which fails at interpreter exit)."""
    yield
    from ventila.documents import pdf

    pdf._assets.cache_clear()
    gc.collect()


def png_bytes(colour: tuple[int, int, int]) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(out, format="PNG")
    return out.getvalue()


class Recorder(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (the standard library's hook name)
        type(self).hits.append(self.path)
        body = png_bytes((0, 0, 255)) if self.path.endswith(".png") else b"body { color: red }"
        self.send_response(200)
        self.send_header("Content-Type", "image/png" if self.path.endswith(".png") else "text/css")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def http_server() -> Iterator[tuple[str, list[str]]]:
    """A real HTTP server on a free loopback port that records the path of every request."""
    Recorder.hits = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", Recorder.hits
    finally:
        server.shutdown()
        server.server_close()


def hostile(http: str, secret: Path) -> str:
    data = base64.b64encode(png_bytes((0, 255, 0))).decode()
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="{http}/style.css">
<style>
@import url("{http}/import.css");
@font-face {{ font-family: Fuera; src: url("{http}/font.woff2"), url("file://{secret}"); }}
body {{ background: url("{http}/background.png"); font-family: Fuera, serif; }}
h1 {{ background-image: url("file://{secret}"); }}
</style></head><body>
<h1>Documento de prueba</h1>
<img src="file:///etc/passwd" alt="a">
<img src="file://{secret}" alt="b">
<img src="{http}/image.png" alt="c">
<img src="{http.replace("http:", "https:")}/tls.png" alt="d">
<img src="data:image/png;base64,{data}" alt="e">
<img src="ftp://127.0.0.1/f.png" alt="f">
<img src="/static/../../../../etc/passwd" alt="g">
<img src="/static/%2e%2e/%2e%2e/etc/passwd" alt="h">
<object data="{http}/object.png" type="image/png"></object>
<embed src="file://{secret}" type="image/png">
<svg width="10" height="10"><image href="file://{secret}" width="10" height="10"/></svg>
<p>Texto que sí se imprime.</p>
</body></html>"""


def images(pdf: bytes) -> int:
    return sum(len(page.images) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture
def templates(settings, tmp_path: Path) -> Path:
    """Templates looked up first in ``tmp_path`` (the real entry points, hostile templates)."""
    folder = tmp_path / "templates"
    folder.mkdir()
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [str(folder)]}]
    return folder


def test_a_document_pdf_fetches_nothing_from_disk_or_network(world, templates, tmp_path, http_server):
    url, hits = http_server
    secret = tmp_path / "secreto.png"
    secret.write_bytes(png_bytes((255, 0, 0)))
    (templates / "documents").mkdir()
    (templates / "documents" / "pdf.html").write_text(hostile(url, secret))
    case = file_complaint(world)
    draft = draft_of(world, case, "notice_of_complaint")
    pdf = render_pdf(draft)
    assert hits == []
    assert images(pdf) == 0
    assert "Texto que sí se imprime" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def test_the_filing_receipt_pdf_fetches_nothing_from_disk_or_network(world, templates, tmp_path, http_server, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "media"
    url, hits = http_server
    secret = tmp_path / "secreto.png"
    secret.write_bytes(png_bytes((255, 0, 0)))
    (templates / "filing").mkdir()
    (templates / "filing" / "receipt_pdf.html").write_text(hostile(url, secret))
    walk(Client(), "etica-camara", camara_steps(world))  # the receipt e-mailed carries the PDF too
    pdf = receipt_pdf(Filing.objects.get(), None)
    assert hits == []
    assert images(pdf) == 0
    assert pdf.startswith(b"%PDF")


def test_the_apps_own_static_files_are_served_to_the_pdf(world, templates, settings, tmp_path, http_server):
    """The one thing a PDF may fetch: a file among the app's static files, read from disk."""
    url, hits = http_server
    static = tmp_path / "static"
    (static / "web").mkdir(parents=True)
    (static / "web" / "sello.png").write_bytes(png_bytes((0, 0, 0)))
    settings.STATICFILES_DIRS = [str(static)]
    assert static_file(BASE_URL + "static/web/sello.png") == static / "web" / "sello.png"
    assert static_file(BASE_URL + "static/web/ventila.css") is not None  # the app's own stylesheet
    for outside in (
        "file:///etc/passwd",
        f"{url}/static/web/sello.png",
        BASE_URL + "static/../secret_key",
        BASE_URL + "static/web/%2e%2e/%2e%2e/x",
        "https://otro.example/static/web/sello.png",
        BASE_URL + "media/x.pdf",
    ):
        assert static_file(outside) is None, outside
    (templates / "documents").mkdir()
    (templates / "documents" / "pdf.html").write_text(
        '<!DOCTYPE html><html><body><img src="/static/web/sello.png" alt="sello">'
        f'<img src="{url}/image.png" alt="x"><p>Con sello.</p></body></html>'
    )
    case = file_complaint(world)
    draft = draft_of(world, case, "notice_of_complaint")
    assert images(render_pdf(draft)) == 1
    assert hits == []
