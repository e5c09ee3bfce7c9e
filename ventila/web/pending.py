"""An attachment chosen on an act form, kept between the form and its check-your-answers step.

A browser cannot send a file again from a hidden field, and the staff UI keeps no database session on
its hot paths: the file waits under ``MEDIA_ROOT/pending/`` (a random name), and the page carries a
token signed with Django's ``signing`` that names it, its SHA-256 and the user and case it belongs to.
A token of another user or case, altered or older than :data:`MAX_AGE`, is not honoured; the bytes are
checked against the signed SHA-256 before they are attached. Files older than :data:`MAX_AGE` are
removed whenever a new one is kept.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import signing

from ventila.cases.actions import UploadedDocument

SALT = "ventila.web.pending-attachment"
MAX_AGE = 24 * 3600  # seconds a kept file waits for its act to be confirmed


def _root() -> Path:
    return Path(settings.MEDIA_ROOT) / "pending"


@dataclass(frozen=True)
class PendingFile:
    token: str
    key: str
    filename: str
    content_type: str
    sha256: str
    size: int

    def document(self) -> UploadedDocument:
        data = (_root() / self.key).read_bytes()
        if hashlib.sha256(data).hexdigest() != self.sha256:
            raise ValueError("the kept file changed")
        return UploadedDocument(self.filename, data, self.content_type, sha256=self.sha256)

    def discard(self) -> None:
        (_root() / self.key).unlink(missing_ok=True)


def keep(upload: Any, *, user: Any, case: Any) -> PendingFile:
    """Keep an uploaded file until its act is confirmed; returns it with its signed token."""
    root = _root()
    root.mkdir(parents=True, exist_ok=True)
    _purge(root)
    key = secrets.token_hex(16)
    digest = hashlib.sha256()
    size = 0
    with (root / key).open("wb") as out:
        for chunk in upload.chunks():
            digest.update(chunk)
            size += len(chunk)
            out.write(chunk)
    name = str(upload.name)[:255]
    ctype = str(getattr(upload, "content_type", "") or "")[:120]
    value = {"k": key, "n": name, "t": ctype, "h": digest.hexdigest(), "s": size, "u": user.pk, "c": case.pk}
    token = signing.dumps(value, salt=SALT, compress=True)
    return PendingFile(token, key, name, ctype, digest.hexdigest(), size)


def load(token: str, *, user: Any, case: Any) -> PendingFile | None:
    """The kept file a token names, if it is this user's for this case and still there."""
    if not token or len(token) > 2000:
        return None
    try:
        v = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except (signing.BadSignature, ValueError):
        return None
    if not isinstance(v, dict) or v.get("u") != user.pk or v.get("c") != case.pk:
        return None
    key = str(v.get("k", ""))
    if not key.isalnum() or not (_root() / key).is_file():
        return None
    return PendingFile(token, key, str(v["n"]), str(v["t"]), str(v["h"]), int(v["s"]))


def _purge(root: Path) -> None:
    limit = time.time() - MAX_AGE
    for path in root.iterdir():
        try:
            if path.is_file() and path.stat().st_mtime < limit:
                path.unlink()
        except OSError:  # removed meanwhile by another request
            continue
