"""What an uploaded file is, by its content — and whether it really is that.

The type is recognised by its first bytes (``filetype``), never by its name; then the file is parsed as that
type before it is accepted (issue 26, finding 9): a PDF must open with pypdf and have a page, an image must
decode with Pillow, an Office or OpenDocument file must be a readable ZIP archive. A few bytes of
``%PDF-`` in front of anything else (a polyglot) are refused. The types without a parser here (audio,
video, HEIC photos) are accepted by their signature alone.
"""

from __future__ import annotations

import io
import logging
import warnings
import zipfile

import filetype
from PIL import Image
from pypdf import PdfReader

# Pillow's limit: more pixels than a photograph has is a decompression bomb, not evidence.
MAX_IMAGE_PIXELS = 80_000_000
ZIP_TYPES = {
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.oasis.opendocument.text",
}
IMAGE_TYPES = {"image/jpeg", "image/png", "image/webp", "image/gif", "image/tiff"}


def guess(data: bytes) -> str | None:
    """The MIME type the content starts as (``filetype``), or None."""
    kind = filetype.guess(data[:8192])
    return kind.mime if kind is not None else None


def opens_as(mime: str, data: bytes) -> bool:
    """Whether ``data`` parses as ``mime`` (True for the types without a parser here)."""
    try:
        if mime == "application/pdf":
            return _pdf(data)
        if mime in IMAGE_TYPES:
            return _image(data)
        if mime in ZIP_TYPES:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                return bool(archive.namelist()) and archive.testzip() is None
    except Exception:  # noqa: BLE001 - a hostile file may break a parser in any way: it is refused, never a 500
        return False
    return True


def _pdf(data: bytes) -> bool:
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # a damaged file's warnings are our refusal, not log noise
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reader = PdfReader(io.BytesIO(data), strict=False)
        return len(reader.pages) > 0


def _image(data: bytes) -> bool:
    with Image.open(io.BytesIO(data)) as image:
        width, height = image.size
        if width * height > MAX_IMAGE_PIXELS:
            return False
        image.verify()
    with Image.open(io.BytesIO(data)) as image:
        image.load()  # verify() reads the structure; load() decodes the pixels
    return True
