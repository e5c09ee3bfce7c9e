"""The draft of a filing, kept server-side in the session, and its uploads kept in quarantine.

Nothing typed is lost: every step stores what it received (valid or not) before validating, and
going back stores too. Uploaded files go to ``MEDIA_ROOT/quarantine/<draft id>/`` with their
SHA-256 computed while they are written; they reach a case only when the filing is submitted,
in the same transaction that creates it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import shutil
import time
import uuid
from pathlib import Path
from typing import Any

import filetype
from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.utils.translation import gettext as _

from . import conf


def new_key() -> str:
    """A follow-up key: 25 base-32 characters (125 bits) in groups of five, easy to copy by hand."""
    return _groups(base64.b32encode(secrets.token_bytes(16)).decode())


def _groups(raw: str) -> str:
    raw = raw.rstrip("=")[:25]
    return "-".join(raw[i : i + 5] for i in range(0, 25, 5))


def _root() -> Path:
    return Path(settings.MEDIA_ROOT) / "quarantine"


class Draft:
    """One person's filing in progress before one body."""

    def __init__(self, session: SessionBase, body_slug: str) -> None:
        self.session = session
        self.key = f"filing:{body_slug}"
        stored = session.get(self.key)
        if not isinstance(stored, dict) or "id" not in stored:
            stored = {
                "id": uuid.uuid4().hex,
                "key": new_key(),
                "data": {},
                "evidence": [],
                "witnesses": [],
                "pending": None,
                "reached": 0,
            }
        self.state: dict[str, Any] = stored

    @property
    def id(self) -> str:
        return str(self.state["id"])

    @property
    def follow_up_key(self) -> str:
        """The follow-up key the filing of this draft will have, chosen with the draft so that every
        submit of it (a double click) gives the same receipt. A draft from before it had one gets one
        derived from its id and the secret key (the same for every request of the draft)."""
        key = self.state.get("key")
        if not key:
            mac = hmac.new(settings.SECRET_KEY.encode(), f"ventila.filing.key:{self.id}".encode(), hashlib.sha256)
            key = _groups(base64.b32encode(mac.digest()[:16]).decode())
        return str(key)

    @property
    def data(self) -> dict[str, Any]:
        return self.state["data"]  # type: ignore[no-any-return]

    @property
    def evidence(self) -> list[dict[str, Any]]:
        return self.state["evidence"]  # type: ignore[no-any-return]

    @property
    def witnesses(self) -> list[dict[str, str]]:
        return self.state["witnesses"]  # type: ignore[no-any-return]

    @property
    def pending(self) -> dict[str, Any] | None:
        """A file received with an evidence entry that still had errors: kept, not yet listed."""
        return self.state.get("pending")

    @pending.setter
    def pending(self, value: dict[str, Any] | None) -> None:
        self.state["pending"] = value

    def reach(self, index: int) -> None:
        self.state["reached"] = max(int(self.state.get("reached", 0)), index)

    @property
    def reached(self) -> int:
        return int(self.state.get("reached", 0))

    def update(self, values: dict[str, Any]) -> None:
        self.data.update(values)

    def save(self) -> None:
        self.session[self.key] = self.state
        self.session.modified = True

    def files(self) -> list[dict[str, Any]]:
        out = [e["file"] for e in self.evidence if e.get("file")]
        if self.pending:
            out.append(self.pending)
        return out

    def total_bytes(self) -> int:
        return sum(int(f["size"]) for f in self.files())

    def clear(self, *, keep_files: bool = False) -> None:
        if not keep_files:
            shutil.rmtree(_root() / self.id, ignore_errors=True)
        self.session.pop(self.key, None)
        self.session.modified = True


class UploadRejected(Exception):
    """Why an upload was refused, in Spanish."""


def quarantine(draft: Draft, upload: Any) -> dict[str, Any]:
    """Check an upload (size, count, total, type by content) and keep it in quarantine.

    Returns its record ``{id, name, size, sha256, content_type, label}``; raises
    :class:`UploadRejected` saying why it was refused.
    """
    name = Path(str(getattr(upload, "name", "") or "archivo")).name[:200] or "archivo"
    size = int(getattr(upload, "size", 0) or 0)
    limit = conf.max_file_bytes()
    if size == 0:
        raise UploadRejected(_("El archivo «%(name)s» está vacío.") % {"name": name})
    if size > limit:
        raise UploadRejected(
            _("El archivo «%(name)s» pesa %(size)s; el máximo por archivo es %(max)s.")
            % {"name": name, "size": human_size(size), "max": human_size(limit)}
        )
    if len(draft.files()) >= conf.max_files():
        raise UploadRejected(
            _("Ya adjuntó %(n)s archivos, el máximo por querella; quite alguno para añadir «%(name)s».")
            % {"n": conf.max_files(), "name": name}
        )
    if draft.total_bytes() + size > conf.max_total_bytes():
        raise UploadRejected(
            _("Con «%(name)s» los archivos sumarían %(size)s; el máximo por querella es %(max)s.")
            % {"name": name, "size": human_size(draft.total_bytes() + size), "max": human_size(conf.max_total_bytes())}
        )
    upload.seek(0)
    head = upload.read(8192)
    kind = filetype.guess(head)
    if kind is None or kind.mime not in conf.ACCEPTED_TYPES:
        found = kind.mime if kind else _("un tipo no reconocido")
        raise UploadRejected(
            _(
                "El archivo «%(name)s» no se aceptó: por su contenido es %(found)s, no importa cómo se llame. "
                "Se aceptan: %(types)s."
            )
            % {"name": name, "found": found, "types": ", ".join(sorted(set(conf.ACCEPTED_TYPES.values())))}
        )
    file_id = uuid.uuid4().hex
    folder = _root() / draft.id
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    written = 0
    upload.seek(0)
    with open(folder / file_id, "wb") as out:
        for chunk in upload.chunks():
            digest.update(chunk)
            written += len(chunk)
            out.write(chunk)
    return {
        "id": file_id,
        "name": name,
        "size": written,
        "sha256": digest.hexdigest(),
        "content_type": kind.mime,
        "label": conf.ACCEPTED_TYPES[kind.mime],
    }


def quarantined_path(draft: Draft, record: dict[str, Any]) -> Path:
    return _root() / draft.id / str(record["id"])


def discard(draft: Draft, record: dict[str, Any] | None) -> None:
    if record:
        quarantined_path(draft, record).unlink(missing_ok=True)


def purge_quarantine(max_age_hours: int | None = None) -> int:
    """Remove abandoned quarantine folders older than the limit; return how many."""
    hours = conf.quarantine_hours() if max_age_hours is None else max_age_hours
    cutoff = time.time() - hours * 3600
    removed = 0
    root = _root()
    if not root.exists():
        return 0
    for folder in root.iterdir():
        if folder.is_dir() and folder.stat().st_mtime < cutoff:
            shutil.rmtree(folder, ignore_errors=True)
            removed += 1
    return removed


def human_size(n: int) -> str:
    if n >= conf.MB:
        return f"{n / conf.MB:.1f} MB".replace(".", ",")
    if n >= 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n} B"
