"""The draft of a filing, kept server-side beside its uploads, and the uploads kept in quarantine.

An anonymous filer's drafts are not in the database session (a SELECT and an UPDATE on every
request): they are a JSON file, ``quarantine/<box id>/borrador.json`` in the file storage
(:mod:`ventila.files`: the disk, or the object storage every app node shares), next to the uploads
(so a deployment that keeps the uploads keeps the drafts), and the browser holds only the box's id in
a cookie signed with :mod:`django.core.signing` (about 100 characters, whatever the draft holds: a
20,000-character narrative does not fit the 4 KB a browser keeps per cookie). The cookie is bound to
the browser's CSRF secret, so a draft cookie copied into another browser opens nothing; a cookie
altered, too long or not this browser's is refused with a message in Spanish (:class:`DraftBox`).
The follow-up pages (with the key) still keep their upload draft in the session.

Nothing typed is lost: every step stores what it received (valid or not) before validating, and
going back stores too. Uploaded files go to ``quarantine/<draft id>/`` in the file storage with their
SHA-256 computed while they are written; they reach a case only when the filing is submitted,
in the same transaction that creates it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
import uuid
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import gettext as _

from ventila import files
from ventila.cases import uploads

from . import conf


def _groups(raw: str) -> str:
    raw = raw.rstrip("=")[:25]
    return "-".join(raw[i : i + 5] for i in range(0, 25, 5))


ROOT = "quarantine"  # the folder of the file storage (ventila.files) the drafts and their uploads wait in


DRAFT_SALT = "ventila.filing.drafts"
RECEIPT_SALT = "ventila.filing.receipts"
MAX_COOKIE_CHARS = 1000  # a signed box id is ≈ 110 characters; the receipts cookie a few hundred
MAX_DRAFT_BYTES = 1024 * 1024  # far above what the steps' forms accept (a 20,000-character narrative…)
_BOX_ID = re.compile(r"^[0-9a-f]{32}$")


def _cookie_name(base: str) -> str:
    # __Host-: only this host, path /, HTTPS (production); a plain name over HTTP (development).
    return f"__Host-{base}" if settings.SESSION_COOKIE_SECURE else base


def drafts_cookie() -> str:
    return _cookie_name("ventila_borrador")


def receipts_cookie() -> str:
    return _cookie_name("ventila_acuses")


def browser_binding(request: HttpRequest) -> str:
    """A digest of this browser's CSRF secret (created now if it has none): what a draft is bound to."""
    if "CSRF_COOKIE" in request.META:  # the browser's secret: what get_token does, without masking a token
        request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # (32 random characters) that nothing here uses
    else:
        get_token(request)  # a new secret in request.META["CSRF_COOKIE"], and its cookie on the response
    secret = str(request.META.get("CSRF_COOKIE", ""))
    mac = hmac.new(settings.SECRET_KEY.encode(), f"ventila.filing.browser:{secret}".encode(), hashlib.sha256)
    return mac.hexdigest()[:32]


def _set_cookie(response: HttpResponse, name: str, value: str, max_age: int | None) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


class DraftBox(MutableMapping[str, Any]):
    """A browser's drafts (one per body), stored beside the uploads and named by a signed cookie.

    Used by :class:`Draft` as the session was. :attr:`refused` says why the cookie was not accepted
    (``"tampered"``: the signature does not match; ``"oversize"``: longer than any cookie ventila
    sets; ``"other"``: signed, but bound to another browser); the box is then empty and
    :meth:`commit` deletes the cookie."""

    def __init__(self, box_id: str | None, binding: str, state: dict[str, Any], refused: str = "") -> None:
        self.box_id = box_id
        self.binding = binding
        self.state = state
        self.refused = refused
        self.modified = False

    @classmethod
    def of(cls, request: HttpRequest) -> DraftBox:
        binding = browser_binding(request)
        raw = request.COOKIES.get(drafts_cookie())
        if not raw:  # none, or deleted (an empty value)
            return cls(None, binding, {})
        if len(raw) > MAX_COOKIE_CHARS:
            return cls(None, binding, {}, refused="oversize")
        try:
            value = signing.loads(raw, salt=DRAFT_SALT, max_age=quarantine_seconds())
        except signing.SignatureExpired:
            return cls(None, binding, {}, refused="expired")  # its uploads are purged too: a new draft, no alarm
        except signing.BadSignature:
            return cls(None, binding, {}, refused="tampered")
        box_id = value.get("d") if isinstance(value, dict) else None
        if not isinstance(box_id, str) or not _BOX_ID.match(box_id):
            return cls(None, binding, {}, refused="tampered")
        if not hmac.compare_digest(str(value.get("b", "")), binding):
            return cls(None, binding, {}, refused="other")
        raw_state = files.read(f"{ROOT}/{box_id}/borrador.json")
        if raw_state is not None and len(raw_state) > MAX_DRAFT_BYTES:
            return cls(None, binding, {}, refused="oversize")
        try:
            state = json.loads(raw_state) if raw_state is not None else {}
        except ValueError:
            state = {}  # purged (abandoned) or never written: an empty draft
        return cls(box_id, binding, state if isinstance(state, dict) else {})

    # -- the mapping the Draft reads and writes ------------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        return self.state[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.state[key] = value
        self.modified = True

    def __delitem__(self, key: str) -> None:
        del self.state[key]
        self.modified = True

    def __iter__(self) -> Any:
        return iter(self.state)

    def __len__(self) -> int:
        return len(self.state)

    # -- storage -------------------------------------------------------------------------------------
    def save(self) -> bool:
        """Write the drafts (atomically: a reader sees the old file or the new); True if the box is new."""
        new = self.box_id is None
        if new:
            self.box_id = uuid.uuid4().hex
        data = json.dumps(self.state, ensure_ascii=False, separators=(",", ":")).encode()
        if len(data) > MAX_DRAFT_BYTES:
            raise DraftTooLarge
        files.write(f"{ROOT}/{self.box_id}/borrador.json", data)
        self.modified = False
        return new

    def cookie_value(self) -> str:
        return signing.dumps({"d": self.box_id, "b": self.binding}, salt=DRAFT_SALT, compress=False)

    def commit(self, response: HttpResponse) -> None:
        """After the view: store what changed, and set (or, when refused, delete) the cookie."""
        if self.refused:
            response.delete_cookie(drafts_cookie(), path="/", samesite="Lax")
        if self.modified:
            if not self.state and self.box_id is not None:
                files.delete_folder(f"{ROOT}/{self.box_id}")
                response.delete_cookie(drafts_cookie(), path="/", samesite="Lax")
                self.box_id = None
                self.modified = False
            elif self.save():
                _set_cookie(response, drafts_cookie(), self.cookie_value(), quarantine_seconds())


class DraftTooLarge(Exception):
    """The drafts would exceed :data:`MAX_DRAFT_BYTES` (no form lets that much through)."""


def quarantine_seconds() -> int:
    return conf.quarantine_hours() * 3600


def read_receipts(request: HttpRequest) -> dict[str, Any]:
    """This browser's receipts: ``{"r": {case number: follow-up key}, "m": {case number: mail sent}}``."""
    raw = request.COOKIES.get(receipts_cookie())
    if not raw or len(raw) > 4 * MAX_COOKIE_CHARS:
        return {"r": {}, "m": {}}
    try:
        value = signing.loads(raw, salt=RECEIPT_SALT)
    except signing.BadSignature:
        return {"r": {}, "m": {}}
    if not isinstance(value, dict) or not hmac.compare_digest(str(value.get("b", "")), browser_binding(request)):
        return {"r": {}, "m": {}}
    return {"r": dict(value.get("r") or {}), "m": dict(value.get("m") or {})}


def remember_receipt(request: HttpRequest, response: HttpResponse, number: str, key: str, mail: bool | None) -> None:
    """Keep the receipt's key for this browser (until it closes), as the session did; the last few only."""
    receipts = read_receipts(request)
    receipts["r"][number] = key
    if mail is not None:
        receipts["m"][number] = mail
    for old in list(receipts["r"])[:-5]:
        receipts["r"].pop(old, None)
        receipts["m"].pop(old, None)
    value = signing.dumps({**receipts, "b": browser_binding(request)}, salt=RECEIPT_SALT)
    _set_cookie(response, receipts_cookie(), value, None)


class Draft:
    """One person's filing in progress before one body."""

    def __init__(self, session: MutableMapping[str, Any], body_slug: str) -> None:
        self.session = session
        self.key = f"filing:{body_slug}"
        stored = session.get(self.key)
        if not isinstance(stored, dict) or "id" not in stored:
            stored = {
                "id": uuid.uuid4().hex,
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
        """The follow-up key the filing of this draft will have: derived from the draft's id and the secret
        key, so that every submit of it (a double click) gives the same receipt, and the key itself is never
        stored (not in the draft, not in a session; the filing keeps its SHA-256). A draft saved before
        this holds its own, which it keeps. 25 base-32 characters (125 bits) in groups of five."""
        key = self.state.get("key")
        if not key:
            mac = hmac.new(settings.SECRET_KEY.encode(), f"ventila.filing.key:{self.id}".encode(), hashlib.sha256)
            key = _groups(base64.b32encode(mac.digest()[:16]).decode())
        return str(key)

    @property
    def data(self) -> dict[str, Any]:
        return self.state["data"]

    @property
    def evidence(self) -> list[dict[str, Any]]:
        return self.state["evidence"]

    @property
    def witnesses(self) -> list[dict[str, str]]:
        return self.state["witnesses"]

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
        self.session.modified = True  # type: ignore[attr-defined]  # a Django session, typed as its mapping

    def files(self) -> list[dict[str, Any]]:
        out = [e["file"] for e in self.evidence if e.get("file")]
        if self.pending:
            out.append(self.pending)
        return out

    def total_bytes(self) -> int:
        return sum(int(f["size"]) for f in self.files())

    def clear(self, *, keep_files: bool = False) -> None:
        if not keep_files:
            files.delete_folder(f"{ROOT}/{self.id}")
        self.session.pop(self.key, None)
        self.session.modified = True  # type: ignore[attr-defined]  # a Django session, typed as its mapping


class UploadRejected(Exception):
    """Why an upload was refused, in Spanish."""


def damaged_message(name: str, label: str) -> str:
    """Why a file that starts as a type but does not open as it was refused (plain Spanish)."""
    return _(
        "El archivo «%(name)s» no se aceptó: parece un %(label)s, pero no se puede abrir como tal (está dañado "
        "o no es lo que parece). Ábralo en su computadora o teléfono, guárdelo de nuevo y súbalo otra vez."
    ) % {"name": name, "label": label}


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
    content = upload.read()
    mime = uploads.guess(content)
    if mime is None or mime not in conf.ACCEPTED_TYPES:
        found = mime or _("un tipo no reconocido")
        raise UploadRejected(
            _(
                "El archivo «%(name)s» no se aceptó: por su contenido es %(found)s, no importa cómo se llame. "
                "Se aceptan: %(types)s."
            )
            % {"name": name, "found": found, "types": ", ".join(sorted(set(conf.ACCEPTED_TYPES.values())))}
        )
    if not uploads.opens_as(mime, content):
        raise UploadRejected(damaged_message(name, conf.ACCEPTED_TYPES[mime]))
    file_id = uuid.uuid4().hex
    files.write(f"{ROOT}/{draft.id}/{file_id}", content)
    return {
        "id": file_id,
        "name": name,
        "size": len(content),
        "sha256": hashlib.sha256(content).hexdigest(),
        "content_type": mime,
        "label": conf.ACCEPTED_TYPES[mime],
    }


def quarantined_name(draft: Draft, record: dict[str, Any]) -> str:
    """The name, in the file storage, of an upload kept in quarantine."""
    return f"{ROOT}/{draft.id}/{record['id']}"


def read_quarantined(draft: Draft, record: dict[str, Any]) -> bytes:
    """An upload kept in quarantine, checked against the SHA-256 taken when it came in
    (:class:`ventila.files.FileDamaged` when it is gone or differs)."""
    return files.read_verified(quarantined_name(draft, record), str(record["sha256"]))


def discard(draft: Draft, record: dict[str, Any] | None) -> None:
    if record:
        files.delete(quarantined_name(draft, record))


def purge_quarantine(max_age_hours: int | None = None) -> int:
    """Remove abandoned quarantine folders older than the limit; return how many."""
    hours = conf.quarantine_hours() if max_age_hours is None else max_age_hours
    cutoff = time.time() - hours * 3600
    removed = 0
    folders, _names = files.listdir(ROOT)
    for folder in folders:
        newest = files.newest_change(f"{ROOT}/{folder}")
        if newest is None or newest < cutoff:
            files.delete_folder(f"{ROOT}/{folder}")
            removed += 1
    return removed


def human_size(n: int) -> str:
    if n >= conf.MB:
        return f"{n / conf.MB:.1f} MB".replace(".", ",")
    if n >= 1024:
        return f"{n / 1024:.0f} kB"
    return f"{n} B"
