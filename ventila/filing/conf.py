"""The public form's limits, read from Django settings (tests override them) or the environment.

- ``VENTILA_FILING_MAX_FILE_MB`` (10): largest accepted file.
- ``VENTILA_FILING_MAX_FILES`` (10): most files in one filing (and in one follow-up).
- ``VENTILA_FILING_MAX_TOTAL_MB`` (40): most bytes in one filing.
- ``VENTILA_FILING_RATE`` (``5/3600``): filings one client may submit per window of seconds.
- ``VENTILA_FILING_KEY_RATE`` (``20/3600``): follow-up key attempts per client per window.
- ``VENTILA_FILING_SUPPLEMENT_MAX`` (20): most pieces of evidence added to one case with its follow-up key.
- ``VENTILA_FILING_SUPPLEMENT_MAX_TOTAL_MB`` (40): most bytes of the files added to one case that way.
- ``VENTILA_FILING_SUPPLEMENT_RATE`` (``10/3600``): pieces of evidence one client may add per window.
- ``VENTILA_VERIFY_RATE`` (``60/3600``): look-ups one client may make on the verification page per window.
- ``VENTILA_VERIFY_MAX_MB`` (20): largest PDF the verification page accepts.
- ``VENTILA_FILING_CLAIM_WAIT_SECONDS`` (30): how long a repeated submit of a draft waits for the first.
- ``VENTILA_FILING_QUARANTINE_HOURS`` (48): after this, abandoned uploads are purged.
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings

from ventila.accounts.ratelimit import parse_rate

MB = 1024 * 1024


def _setting(name: str, default: Any) -> Any:
    if hasattr(settings, name):
        return getattr(settings, name)
    return os.environ.get(name, default)


def max_file_bytes() -> int:
    return int(float(_setting("VENTILA_FILING_MAX_FILE_MB", 10)) * MB)


def max_files() -> int:
    return int(_setting("VENTILA_FILING_MAX_FILES", 10))


def max_total_bytes() -> int:
    return int(float(_setting("VENTILA_FILING_MAX_TOTAL_MB", 40)) * MB)


def _rate(name: str, default: str) -> tuple[int, int]:
    return parse_rate(str(_setting(name, default)))


def filing_rate() -> tuple[int, int]:
    return _rate("VENTILA_FILING_RATE", "5/3600")


def key_rate() -> tuple[int, int]:
    return _rate("VENTILA_FILING_KEY_RATE", "20/3600")


def supplement_rate() -> tuple[int, int]:
    return _rate("VENTILA_FILING_SUPPLEMENT_RATE", "10/3600")


def verify_rate() -> tuple[int, int]:
    return _rate("VENTILA_VERIFY_RATE", "60/3600")


def verify_max_bytes() -> int:
    return int(float(_setting("VENTILA_VERIFY_MAX_MB", 20)) * MB)


def max_supplements() -> int:
    return int(_setting("VENTILA_FILING_SUPPLEMENT_MAX", 20))


def max_supplement_total_bytes() -> int:
    return int(float(_setting("VENTILA_FILING_SUPPLEMENT_MAX_TOTAL_MB", 40)) * MB)


def claim_wait_seconds() -> float:
    return float(_setting("VENTILA_FILING_CLAIM_WAIT_SECONDS", 30))


def quarantine_hours() -> int:
    return int(_setting("VENTILA_FILING_QUARANTINE_HOURS", 48))


# What a piece of evidence may be, recognised by its content (``filetype``), never by its name.
ACCEPTED_TYPES: dict[str, str] = {
    "application/pdf": "PDF",
    "image/jpeg": "JPEG",
    "image/png": "PNG",
    "image/webp": "WebP",
    "image/heic": "HEIC",
    "image/gif": "GIF",
    "image/tiff": "TIFF",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word (DOCX)",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel (XLSX)",
    "application/vnd.oasis.opendocument.text": "ODT",
    "audio/mpeg": "MP3",
    "audio/x-wav": "WAV",
    "audio/m4a": "M4A",
    "video/mp4": "MP4",
    "video/quicktime": "MOV",
}
