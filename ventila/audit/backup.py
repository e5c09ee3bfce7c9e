"""Backups that restore: one archive with a consistent snapshot of the database and the stored files.

The archive (``.tar.gz``) holds ``manifest.json`` (what, when, how, the chain's head at the snapshot,
and the SHA-256 of every other member), ``manifest.sig`` (the manifest's HMAC-SHA256 under
``VENTILA_BACKUP_KEY``, a key kept outside every archive), the database snapshot and ``files/…`` (the
stored uploads). Restore checks the signature before anything else: an archive edited and its
manifest's digests recomputed is refused, since whoever edited it does not hold the key.

- **SQLite**: the database file is copied with SQLite's online backup API (``sqlite3.Connection.backup``):
  a page-by-page copy that is consistent even while the app keeps writing.
- **PostgreSQL**: a Django-level dump (every row of every model, Django's JSON serialization) read
  inside one ``REPEATABLE READ READ ONLY`` transaction, so every table is read at the same instant.
  Chosen over ``pg_dump`` because it needs no client binaries matching the server's version on the
  machine that runs the backup, it restores through the same migrations onto any empty install, and
  the round trip runs in the test suite. (``pg_dump`` remains a good second line: docs/deploy.md.)

Files are content-addressed and never rewritten or deleted (``attachments/<sha256>``), and each is
written before the transaction that references it commits; so copying them after the database
snapshot gives every file the snapshot references. Restore refuses an install that already has data,
checks every member's SHA-256 against the manifest before touching anything, and verifies the audit
chain afterwards.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import io
import json
import sqlite3
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management import call_command
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.operations import RenameField
from django.utils import timezone

from ventila import files as stored

from . import chain
from .models import ChainHead, ChainLink, StateRecord
from .state import migration_links

FORMAT = 1
SIGNATURE = "manifest.sig"
SIGNATURE_ALG = "HMAC-SHA256"
EXCLUDED_MODELS = {"contenttypes.contenttype", "auth.permission", "sessions.session"}
# Models whose rows mean an install holds data of its own (a restore refuses to land on it): each app
# registers its own from ``AppConfig.ready`` (:func:`register_data`), so this module imports no app.
DATA_MODELS: list[str] = []


def register_data(label: str) -> None:
    """Rows of ``label`` ("app_label.ModelName") are data a restore must not overwrite."""
    if label not in DATA_MODELS:
        DATA_MODELS.append(label)


# Tables an app derives from its other rows (a cache kept by triggers or by the derivation): left out of a
# copy, and rebuilt after a restore by the function the app registers (:func:`register_derived`).
DERIVED: dict[str, Callable[[], None]] = {}


def register_derived(label: str, rebuild: Callable[[], None]) -> None:
    """``label``'s rows are derived: not copied; ``rebuild()`` makes them again after a restore."""
    DERIVED[label.lower()] = rebuild


def _renames() -> dict[str, dict[str, str]]:
    """Every field the migrations renamed, by model label (``app.model``): old name → new name (a chain of
    renames followed to its end), so that a copy taken before a rename loads into today's models."""
    loader = MigrationLoader(None, ignore_no_migrations=True, load=True)
    out: dict[str, dict[str, str]] = {}
    for key in sorted(loader.disk_migrations):  # an app's migrations in their numbered order
        for op in loader.disk_migrations[key].operations:
            if isinstance(op, RenameField):
                names = out.setdefault(f"{key[0]}.{op.model_name_lower}", {})
                for old, new in list(names.items()):
                    if new == op.old_name:
                        names[old] = op.new_name
                names[op.old_name] = op.new_name
    return out


def _upgrade_dump(path: Path) -> None:
    """Bring a JSON copy to today's models before ``loaddata``: derived tables dropped (rebuilt after),
    renamed fields under their new names (a copy taken before the rename)."""
    rows = json.loads(path.read_text(encoding="utf-8"))
    renames = _renames()
    kept = []
    for row in rows:
        if row["model"] in DERIVED:
            continue
        for old, new in renames.get(row["model"], {}).items():
            if old in row["fields"] and new not in row["fields"]:
                row["fields"][new] = row["fields"].pop(old)
        kept.append(row)
    path.write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")


class BackupError(Exception):
    """A backup or restore that cannot proceed; the message is Spanish, for the operator."""


@dataclass
class BackupResult:
    path: Path
    seconds: float
    files: int
    database_bytes: int
    chain_seq: int
    method: str


def _key() -> bytes:
    key = str(getattr(settings, "VENTILA_BACKUP_KEY", "") or "")
    if not key:
        raise BackupError(
            "Falta VENTILA_BACKUP_KEY en el entorno: la clave que firma las copias (y sin la que no se "
            "restaura ninguna) se guarda fuera de ellas (docs/deploy.md)."
        )
    return key.encode("utf-8")


def key_id(key: bytes) -> str:
    """Names the key (which one signed a copy) without revealing it."""
    return hmac.new(key, b"ventila-backup-key-id", hashlib.sha256).hexdigest()[:16]


def sign(manifest_bytes: bytes) -> bytes:
    key = _key()
    mac = hmac.new(key, manifest_bytes, hashlib.sha256).hexdigest()
    return json.dumps({"alg": SIGNATURE_ALG, "key_id": key_id(key), "mac": mac}).encode()


def check_signature(manifest_bytes: bytes, signature: bytes | None) -> None:
    """Refuse a manifest that the configured key did not sign (edited, re-signed with another key, or unsigned)."""
    key = _key()
    if signature is None:
        raise BackupError("La copia no está firmada (falta manifest.sig): no se restaura.")
    try:
        sig = json.loads(signature)
        alg, kid, mac = str(sig["alg"]), str(sig["key_id"]), str(sig["mac"])
    except (ValueError, KeyError, TypeError):
        raise BackupError("La firma de la copia es ilegible: no se restaura.") from None
    if alg != SIGNATURE_ALG:
        raise BackupError(f"Firma de clase desconocida: {alg[:40]}.")
    if not hmac.compare_digest(kid, key_id(key)):
        raise BackupError(
            "La copia se firmó con otra clave que la de VENTILA_BACKUP_KEY: no se restaura "
            "(configure la clave con la que se hizo)."
        )
    if not hmac.compare_digest(mac, hmac.new(key, manifest_bytes, hashlib.sha256).hexdigest()):
        raise BackupError(
            "La firma de la copia no corresponde a su manifiesto: la copia se alteró después de hacerse. No se restaura."
        )


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _models() -> list[Any]:
    chosen = [
        m
        for m in apps.get_models()
        if m._meta.label_lower not in EXCLUDED_MODELS | DERIVED.keys() and not m._meta.proxy and m._meta.managed
    ]
    app_list: dict[Any, list[Any]] = {}
    for m in chosen:
        app_list.setdefault(m._meta.app_config, []).append(m)
    return serializers.sort_dependencies(app_list.items(), allow_cycles=True)


class _ExactEncoder(DjangoJSONEncoder):
    """Django's encoder cuts datetimes to milliseconds; the chain hashes microseconds: keep them."""

    def default(self, o: Any) -> Any:
        if isinstance(o, dt.datetime):
            return o.isoformat()
        if isinstance(o, dt.time):
            return o.isoformat()
        return super().default(o)


def _dump_django(target: Path) -> tuple[int, str]:
    """Every row, read in one REPEATABLE READ transaction; returns the chain head seen in it."""
    outer = connection.in_atomic_block  # inside a caller's transaction, its snapshot is the one read
    with transaction.atomic():
        if connection.vendor == "postgresql" and not outer:
            with connection.cursor() as cur:
                cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")

        def rows() -> Any:
            for model in _models():
                yield from model._base_manager.order_by("pk").iterator(chunk_size=2000)

        with target.open("w", encoding="utf-8") as fh:
            serializers.serialize("json", rows(), stream=fh, use_natural_foreign_keys=True, cls=_ExactEncoder)
        head = ChainHead.objects.filter(pk=1).values_list("seq", "hash").first() or (0, "0" * 64)
    return head


def _snapshot_sqlite(target: Path) -> tuple[int, str]:
    connection.ensure_connection()
    dst = sqlite3.connect(target)
    try:
        connection.connection.backup(dst)
        row = dst.execute("SELECT seq, hash FROM audit_chainhead WHERE id = 1").fetchone()
    finally:
        dst.close()
    return (row[0], row[1]) if row else (0, "0" * 64)


def backup(destination: Path | None = None) -> BackupResult:
    """Write one archive; ``destination`` is a file or a directory (default ``VENTILA_BACKUP_DIR``)."""
    start = time.perf_counter()
    stamp = timezone.now().strftime("%Y%m%dT%H%M%SZ")
    out_dir = Path(getattr(settings, "VENTILA_BACKUP_DIR", Path(settings.VAR_DIR) / "backups"))
    if destination is not None and (destination.suffixes[-2:] == [".tar", ".gz"]):
        path = destination
    else:
        path = (destination or out_dir) / f"ventila-{stamp}.tar.gz"
    path.parent.mkdir(parents=True, exist_ok=True)
    _key()  # no copy without the key that signs it
    with tempfile.TemporaryDirectory() as tmp:
        if connection.vendor == "sqlite":
            db_name, method = "database.sqlite3", "sqlite-backup-api"
            head = _snapshot_sqlite(Path(tmp) / db_name)
        elif connection.vendor == "postgresql":
            db_name, method = "database.json", "django-json-repeatable-read"
            head = _dump_django(Path(tmp) / db_name)
        else:
            raise BackupError(f"ventila no sabe copiar una base de datos {connection.vendor}.")
        db_path = Path(tmp) / db_name
        names = stored.walk()  # through the file storage (ventila.files): the disk, or the object storage
        manifest = {
            "format": FORMAT,
            "created_at": timezone.now().isoformat(),
            "vendor": connection.vendor,
            "method": method,
            "database": db_name,
            "chain_head": {"seq": head[0], "hash": head[1]},
            "members": {db_name: _sha256_file(db_path)},
        }
        for n in names:
            manifest["members"][f"files/{n}"] = stored.sha256_of(n)
        partial = path.with_name(path.name + ".partial")
        with tarfile.open(partial, "w:gz") as tar:
            data = json.dumps(manifest, indent=2, ensure_ascii=False).encode()
            for name, content in (("manifest.json", data), (SIGNATURE, sign(data))):
                info = tarfile.TarInfo(name)
                info.size, info.mtime = len(content), int(time.time())
                tar.addfile(info, io.BytesIO(content))
            tar.add(db_path, arcname=db_name)
            for n in names:
                info = tarfile.TarInfo(f"files/{n}")
                info.size, info.mtime, info.mode = stored.storage().size(n), int(time.time()), 0o600
                with stored.storage().open(n, "rb") as fh:
                    tar.addfile(info, fh)
        partial.replace(path)  # never a half-written archive under the final name
        path.chmod(0o600)
        return BackupResult(path, time.perf_counter() - start, len(names), db_path.stat().st_size, head[0], method)


def _member_bytes(tar: tarfile.TarFile, name: str) -> bytes | None:
    try:
        member = tar.extractfile(name)
    except KeyError:
        return None
    return member.read() if member is not None else None


def read_manifest(tar: tarfile.TarFile) -> dict[str, Any]:
    """The archive's manifest, once its signature is checked."""
    data = _member_bytes(tar, "manifest.json")
    if data is None:
        raise BackupError("El archivo no contiene manifest.json: no es una copia de ventila.")
    check_signature(data, _member_bytes(tar, SIGNATURE))
    manifest: dict[str, Any] = json.loads(data)
    if manifest.get("format") != FORMAT:
        raise BackupError(f"Formato de copia desconocido: {manifest.get('format')}.")
    return manifest


def _install_has_data() -> bool:
    seeded = list(migration_links().values_list("pk", flat=True))
    return (
        any(apps.get_model(label)._base_manager.exists() for label in DATA_MODELS)
        or ChainLink.objects.exclude(pk__in=seeded).exists()
    )


def _forget_migration_versions() -> None:
    """On a fresh install, drop the chain its migrations wrote (versions of the seeded rows): the
    archive brings its own chain, which covers the same rows."""
    links = list(migration_links())
    StateRecord.objects.filter(pk__in=[int(link.object_id) for link in links]).delete()
    ChainLink.objects.filter(pk__in=[link.pk for link in links]).delete()
    ChainHead.objects.all().delete()


def restore(archive: Path) -> dict[str, Any]:
    """Bring an archive back onto an empty install; return the manifest and the chain verification."""
    start = time.perf_counter()
    if not archive.is_file():
        raise BackupError(f"No existe la copia {archive}.")
    with tarfile.open(archive, "r:gz") as tar:
        read_manifest(tar)  # an archive not signed with the key is refused first, whatever the install holds
    if _install_has_data():
        raise BackupError(
            "Esta instalación ya tiene datos (usuarios, expedientes o registro). Restaure sobre "
            "una instalación vacía: una base de datos nueva, migrada, sin datos."
        )
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(archive, "r:gz") as tar:
        manifest = read_manifest(tar)
        names = set(manifest["members"])
        for member in tar.getmembers():
            if member.name in ("manifest.json", SIGNATURE):
                continue
            if member.name not in names or not member.isfile():
                raise BackupError(f"Miembro inesperado en la copia: {member.name}.")
        tar.extractall(tmp, members=[m for m in tar.getmembers() if m.name in names], filter="data")
        for name, expected in manifest["members"].items():
            got = _sha256_file(Path(tmp) / name)
            if got != expected:
                raise BackupError(f"La copia está dañada: {name} no tiene el SHA-256 del manifiesto.")
        db_file = Path(tmp) / manifest["database"]
        if manifest["method"] == "sqlite-backup-api":
            if connection.vendor != "sqlite":
                raise BackupError("Esta copia es de SQLite; restáurela sobre una instalación con SQLite.")
            connection.ensure_connection()
            src = sqlite3.connect(db_file)
            try:
                src.backup(connection.connection)
            finally:
                src.close()
            call_command("migrate", verbosity=0)  # an install newer than the copy
        else:
            call_command("migrate", verbosity=0)
            _upgrade_dump(db_file)
            with transaction.atomic():
                _forget_migration_versions()
                call_command("loaddata", str(db_file), verbosity=0)
        for rebuild in DERIVED.values():
            rebuild()
        for name in names:
            if name.startswith("files/"):
                dest = name.removeprefix("files/")
                if stored.storage().exists(dest):
                    if stored.sha256_of(dest) != manifest["members"][name]:
                        raise BackupError(f"Ya existe un archivo distinto en {dest}; no se sobrescribe.")
                    continue
                stored.write(dest, (Path(tmp) / name).read_bytes())
    verification = chain.verify()
    return {
        "manifest": manifest,
        "verification": verification,
        "seconds": time.perf_counter() - start,
        "restored_at": dt.datetime.now(dt.UTC).isoformat(),
    }
