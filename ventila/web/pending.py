"""An attachment chosen on an act form, kept between the form and its check-your-answers step.

A browser cannot send a file again from a hidden field, and the staff UI keeps no database session on
its hot paths: the file waits under ``pending/`` in the file storage (:mod:`ventila.files`, which every app
node shares; a random name), and the page carries a
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
from typing import Any

from django.core import signing

from ventila import files
from ventila.cases.actions import UploadedDocument

SALT = "ventila.web.pending-attachment"
MAX_AGE = 24 * 3600  # seconds a kept file waits for its act to be confirmed


ROOT = "pending"  # the folder of the file storage (ventila.files)


@dataclass(frozen=True)
class PendingFile:
    token: str
    key: str
    filename: str
    content_type: str
    sha256: str
    size: int

    def document(self) -> UploadedDocument:
        try:
            data = files.read_verified(f"{ROOT}/{self.key}", self.sha256)
        except files.FileDamaged as exc:
            raise ValueError("the kept file changed") from exc
        return UploadedDocument(self.filename, data, self.content_type, sha256=self.sha256)

    def discard(self) -> None:
        files.delete(f"{ROOT}/{self.key}")


def keep(upload: Any, *, user: Any, case: Any) -> PendingFile:
    """Keep an uploaded file until its act is confirmed; returns it with its signed token."""
    _purge()
    key = secrets.token_hex(16)
    data = b"".join(upload.chunks())
    digest = hashlib.sha256(data)
    size = len(data)
    files.write(f"{ROOT}/{key}", data)
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
    if not key.isalnum() or not files.storage().exists(f"{ROOT}/{key}"):
        return None
    return PendingFile(token, key, str(v["n"]), str(v["t"]), str(v["h"]), int(v["s"]))


def _purge() -> None:
    limit = time.time() - MAX_AGE
    for name in files.listdir(ROOT)[1]:
        changed = files.modified_time(f"{ROOT}/{name}")  # None: removed meanwhile by another request or node
        if changed is not None and changed < limit:
            files.delete(f"{ROOT}/{name}")
