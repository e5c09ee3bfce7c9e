"""Every file ventila stores, through Django's storage API (``settings.STORAGES["default"]``).

One machine keeps them on its disk (:class:`~django.core.files.storage.FileSystemStorage` under
``VENTILA_VAR_DIR/media``, the default); several app nodes keep them in S3-compatible object storage
(django-storages' ``S3Storage``), chosen by ``VENTILA_STORAGE_URL`` (see ``ventila/settings.py`` and
docs/deploy.md). Whatever the backend:

- **Content-addressed**: a document is stored once under its SHA-256 (the models' ``upload_to``);
  :func:`put` writes a name only if it is not there yet (same name, same bytes).
- **Verified on every read**: :func:`open_verified` and :func:`read_verified` hash the bytes before
  handing them over; a file whose hash is not the one recorded is refused with :class:`FileDamaged`
  (a view answers with a page saying so, :class:`FileDamagedMiddleware`), never served.
- **Never a public URL**: nothing calls ``storage.url``; the permission-checked views stream the
  bytes (the S3 objects are private and unsigned URLs do not open them).

The working files that are not documents yet (a filing's drafts and quarantined uploads, an act
form's kept attachment) are stored here too, under ``quarantine/`` and ``pending/``, so that the
next request of the same browser may reach another node.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import tempfile
import uuid
from pathlib import Path
from typing import IO, Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.http import FileResponse, HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

CHUNK = 1024 * 1024
SPOOL_BYTES = 8 * 1024 * 1024  # a verified file larger than this waits in a temporary file, not in memory


class FileDamaged(Exception):
    """A stored file is missing or its bytes are not the ones recorded: it is not handed over."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


def storage() -> Any:
    return default_storage


def put(name: str, data: bytes) -> str:
    """Store ``data`` under the content-addressed ``name`` unless it is there already; the name."""
    st = storage()
    if st.exists(name):
        return name
    saved = st.save(name, ContentFile(data))
    if saved != name:  # another process stored the same bytes meanwhile: keep one copy
        st.delete(saved)
    return name


def store(field_file: Any, filename: str, data: bytes) -> None:
    """Store ``data`` for a model's ``FileField`` under the name its ``upload_to`` gives (its hash)."""
    name = field_file.field.generate_filename(field_file.instance, filename)
    field_file.name = put(name, data)


def _name(file: Any) -> str:
    return str(file if isinstance(file, str) else file.name)


def open_verified(file: Any, sha256: str) -> IO[bytes]:
    """The stored file (a ``FieldFile`` or a name), opened for reading after its SHA-256 was checked
    against ``sha256``; raises :class:`FileDamaged` when it is missing or differs."""
    name = _name(file)
    if not name:
        raise FileDamaged(name, "no file")
    out = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
    digest = hashlib.sha256()
    try:
        with storage().open(name, "rb") as fh:
            while chunk := fh.read(CHUNK):
                digest.update(chunk)
                out.write(chunk)
    except (OSError, ValueError) as exc:  # missing (FileNotFoundError; S3: OSError), unreadable
        out.close()
        raise FileDamaged(name, f"unreadable: {exc}") from exc
    except Exception as exc:  # a backend's own error (botocore's ClientError…) is the same refusal
        out.close()
        raise FileDamaged(name, f"unreadable: {type(exc).__name__}: {exc}") from exc
    if digest.hexdigest() != sha256:
        out.close()
        log.error("stored file %s does not match its SHA-256 (%s recorded, %s read)", name, sha256, digest.hexdigest())
        raise FileDamaged(name, "SHA-256 mismatch")
    out.seek(0)
    return out


def served(row: Any, *, attachment: bool = False, content_type: str = "application/pdf") -> FileResponse:
    """A stored row's file (its ``file``, ``sha256`` and ``filename``), checked against its fingerprint
    (:func:`open_verified`), as the response that serves it: shown in the browser, or downloaded."""
    return FileResponse(
        open_verified(row.file, row.sha256), as_attachment=attachment, filename=row.filename, content_type=content_type
    )


def read_verified(file: Any, sha256: str) -> bytes:
    with open_verified(file, sha256) as fh:
        return fh.read()


# -- working files (drafts, quarantine): written, replaced and purged ------------------------------
def read(name: str) -> bytes | None:
    """The bytes stored under ``name``, or None when there are none."""
    try:
        with storage().open(name, "rb") as fh:
            data: bytes = fh.read()
            return data
    except FileNotFoundError:
        return None
    except Exception:  # S3: a missing key is an OSError or a ClientError, depending on the call
        if not storage().exists(name):
            return None
        raise


def write(name: str, data: bytes) -> None:
    """Store ``data`` under ``name``, replacing what was there (a reader sees the old bytes or the new)."""
    st = storage()
    try:
        path = st.path(name)
    except NotImplementedError:  # object storage: one PUT replaces the object atomically
        if getattr(st, "file_overwrite", True) is False and st.exists(name):
            st.delete(name)
        st.save(name, ContentFile(data))
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.parent / f".{target.name}.{uuid.uuid4().hex}.tmp"
    tmp.write_bytes(data)
    os.replace(tmp, target)


def delete(name: str) -> None:
    try:
        storage().delete(name)
    except FileNotFoundError:
        pass


def delete_folder(prefix: str) -> None:
    """Delete every file under the folder ``prefix`` (and, on disk, the folder)."""
    st = storage()
    try:
        dirs, names = st.listdir(prefix)
    except FileNotFoundError:
        return
    for d in dirs:
        delete_folder(f"{prefix}/{d}")
    for n in names:
        delete(f"{prefix}/{n}")
    try:
        shutil.rmtree(st.path(prefix), ignore_errors=True)
    except NotImplementedError:
        pass


def modified_time(name: str) -> float | None:
    """When ``name`` was last written (epoch seconds), or None when it is not there: a working file listed a
    moment ago may have been removed meanwhile, by another request or another node."""
    try:
        return float(storage().get_modified_time(name).timestamp())
    except FileNotFoundError:
        return None
    except Exception:  # S3: a missing key is a ClientError (404) from its HEAD request
        if not storage().exists(name):
            return None
        raise


def newest_change(prefix: str) -> float | None:
    """The time (epoch seconds) of the newest file under the folder ``prefix``; None if empty."""
    try:
        dirs, names = storage().listdir(prefix)
    except FileNotFoundError:
        return None
    times = [t for n in names if (t := modified_time(f"{prefix}/{n}")) is not None]
    times += [t for d in dirs if (t := newest_change(f"{prefix}/{d}")) is not None]
    return max(times) if times else None


def listdir(prefix: str) -> tuple[list[str], list[str]]:
    try:
        dirs, names = storage().listdir(prefix)
    except FileNotFoundError:
        return [], []
    return list(dirs), list(names)


def walk(prefix: str = "") -> list[str]:
    """Every stored name under the folder ``prefix`` (all of them by default), sorted."""
    dirs, names = listdir(prefix)
    base = f"{prefix}/" if prefix else ""
    out = [base + n for n in names]
    for d in dirs:
        out += walk(base + d)
    return sorted(out)


def sha256_of(name: str) -> str:
    """The SHA-256 of the bytes stored under ``name`` (read through the storage)."""
    digest = hashlib.sha256()
    with storage().open(name, "rb") as fh:
        while chunk := fh.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def reachable() -> bool:
    """Whether the storage answers (``/readyz``): a listing of its root."""
    try:
        storage().listdir("")
    except FileNotFoundError:  # an empty disk storage whose folder is not made yet
        return True
    except Exception as exc:
        log.warning("storage not reachable: %s", exc)
        return False
    return True


class FileDamagedMiddleware:
    """A view that would hand over a damaged or missing file answers with a page saying so (503)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response: HttpResponse = self.get_response(request)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, FileDamaged):
            return None
        log.error("refused to serve %s: %s", exception.name, exception.reason)
        message = _(
            "El archivo guardado no coincide con la huella SHA-256 que se anotó al recibirlo (o ya no está): "
            "no se entrega. Avise a la administración del sistema; el archivo original debe restaurarse de la copia "
            "de seguridad."
        )
        lang = escape(get_language() or "es")
        body = (
            f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>ventila</title><p>{escape(message)}</p>'
        )
        return HttpResponse(body, status=503, content_type="text/html; charset=utf-8")
