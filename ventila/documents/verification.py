"""What the public verification page (``/verificar/``, issue 32) answers about a PDF, a SHA-256 or a
verification link: which body issued it, when, what kind of document — and whether the file is the
one issued, byte for byte. Nothing else of a confidential matter: the page (``ventila.web``) adds the
public record's link only for a matter that is public.

An uploaded file is never parsed as a PDF here: it is hashed, and its earlier revisions (the bytes
up to each ``%%EOF``) are hashed in the same pass, so a signed document to which someone appended
changes (annotations, a form filled in, another signature) is recognised and reported as changed.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from . import catalog, signing
from .models import SignedFile

SHA256 = re.compile(r"[0-9a-f]{64}")
MAX_REVISIONS = 100  # a file with more is not examined revision by revision (the page says so)
EOF_MARK = re.compile(rb"%%EOF(\r\n|\r|\n)?")
PDF_HEADER = b"%PDF-"

KIND_TITLES = {
    signing.ANNUAL_REPORT: gettext_noop("Informe anual"),
    signing.FILING_RECEIPT: gettext_noop("Acuse de recibo de querella"),
}


class NotAPdf(ValueError):
    """The file does not start as a PDF does."""


class TooManyRevisions(ValueError):
    """The file has more revisions than :data:`MAX_REVISIONS`; ``count`` says how many."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


@dataclass(frozen=True)
class Finding:
    """What the record says of a file: ``record`` is the issued file; ``unchanged`` is False when the
    file holds the issued one with changes appended after it."""

    record: SignedFile
    unchanged: bool = True


def kind_title(kind: str) -> str:
    """The kind of document in the reader's language (a document template's title, or the report's)."""
    spec = catalog.BY_KEY.get(kind)
    return _(spec.title) if spec is not None else _(KIND_TITLES.get(kind, kind))


def normal_sha256(text: str) -> str | None:
    """``text`` as a SHA-256 (spaces and case forgiven), or None when it is not one."""
    clean = "".join(text.split()).lower()
    return clean if SHA256.fullmatch(clean) else None


def by_sha256(digest: str) -> SignedFile | None:
    return SignedFile.objects.select_related("body", "case").filter(sha256=digest).order_by("issued_at", "id").first()


def by_code(code: str) -> SignedFile | None:
    if not code or len(code) > 32:
        return None
    return SignedFile.objects.select_related("body", "case").filter(code=code).first()


def examine(data: bytes) -> Finding | None:
    """The issued file ``data`` is, or holds as an earlier revision; None when it is neither.

    Raises :class:`NotAPdf` for a file that is not a PDF and :class:`TooManyRevisions` when it has more
    revisions than are examined (and is not itself an issued file)."""
    if PDF_HEADER not in data[:1024]:
        raise NotAPdf()
    whole = hashlib.sha256(data).hexdigest()
    found = by_sha256(whole)
    if found is not None:
        return Finding(found)
    marks = list(EOF_MARK.finditer(data))
    if len(marks) > MAX_REVISIONS:
        raise TooManyRevisions(len(marks))
    # Each revision ends at its %%EOF, with or without the end of line after it.
    ends = sorted({e for m in marks for e in (m.start() + len(b"%%EOF"), m.end()) if e < len(data)})
    digests: dict[str, int] = {}
    h = hashlib.sha256()
    done = 0
    for end in ends:  # one pass: the hash of each prefix is a copy of the running hash
        h.update(data[done:end])
        done = end
        digests[h.copy().hexdigest()] = end
    if not digests:
        return None
    earlier = (
        SignedFile.objects.select_related("body", "case")
        .filter(sha256__in=list(digests))
        .order_by("issued_at", "id")
        .first()
    )
    return Finding(earlier, unchanged=False) if earlier is not None else None


def answer(record: SignedFile) -> dict[str, Any]:
    """What the page may say of an issued file, whatever the matter: body, day, kind, hash, signed."""
    return {
        "body": record.body.name,
        "issued_at": record.issued_at,
        "kind": kind_title(record.kind),
        "sha256": record.sha256,
        "signed": record.signed,
    }
