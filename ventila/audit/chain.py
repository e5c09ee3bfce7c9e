"""Append to and verify the hash chain (see :mod:`ventila.audit.models`).

``append(kind, obj)`` is the one call for any module that writes something the record must keep:
call it inside the transaction that creates ``obj``, after everything that belongs to ``obj`` is
written (a docket entry's attachments and votes). Kinds: this app's ``access``, ``state`` (a
version of a row that changes, :mod:`ventila.audit.state`) and ``operator_action``; those the apps
above register from their ``AppConfig.ready`` (:func:`register_kind`: ``docket_entry`` by
``cases``, ``document`` by ``documents``); or any ``"app_label.ModelName"``.

The link covers the SHA-256 of the object's canonical content: every concrete column of its row
(as read back from the database, so what is hashed is what is stored), plus the parts its kind
registers (for a docket entry, its attachments, roll call and ballots). ``hash = SHA-256(seq | kind | object_id | content_hash |
prev_hash)``.
"""

from __future__ import annotations

import datetime as dt
import decimal
import functools
import hashlib
import json
import urllib.request
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connections, models, router, transaction
from django.db.models.fields.files import FieldFile
from django.utils import timezone

from ventila.fields import attributes

from .models import GENESIS, AccessChain, AccessLog, ChainHead, ChainLink, PublishedHead, StateRecord
from .registry import REGISTRY, fields_of

STATE_KIND = "state"

# The kinds this app chains itself; the apps above register theirs from ``AppConfig.ready``
# (:func:`register_kind`), so this module imports no app.
KIND_MODELS = {
    "access": "audit.AccessLog",  # the access rows written before the per-case chains
    "access_chain": "audit.AccessChain",
    "state": "audit.StateRecord",
    "operator_action": "audit.OperatorAction",
}
# Kinds whose every row must be in the chain (verify reports a row that is not). An access row is in
# its case's access chain instead (checked by :func:`_check_access_chains`), or, if older, in this one.
REQUIRED_KINDS = ["access_chain", "state", "operator_action"]


@dataclass(frozen=True)
class Part:
    """Rows that belong to a chained row and are digested with it (a docket entry's attachments).

    ``read`` gives the part of a row: one row, a list of rows, or None when it has none (then the
    content has no such key). ``owner`` is the attname on the part's rows naming the chained row,
    used to name it when a part's stored file no longer matches."""

    key: str
    model: str  # "app_label.ModelName"
    read: Callable[[Any], models.Model | list[Any] | None]
    owner: str = ""


@dataclass(frozen=True)
class ChainedKind:
    kind: str
    model: str  # "app_label.ModelName"
    label: str  # in Spanish, for the problems verify reports
    parts: tuple[Part, ...] = ()
    select_related: tuple[str, ...] = ()
    prefetch_related: tuple[str, ...] = ()
    describe: Callable[[Any], str] | None = None


KINDS: dict[str, ChainedKind] = {}


def register_kind(kind: ChainedKind, *, required: bool = True) -> None:
    """Chain rows of ``kind.model`` under ``kind.kind`` (called from the owning app's ``ready``);
    ``required``: verify reports each row that is not in the chain."""
    KINDS[kind.kind] = kind
    KIND_MODELS[kind.kind] = kind.model
    KIND_LABELS[kind.kind] = kind.label
    if required and kind.kind not in REQUIRED_KINDS:
        REQUIRED_KINDS.append(kind.kind)


def model_for(kind: str) -> type[models.Model] | None:
    label = KIND_MODELS.get(kind, kind)
    try:
        return apps.get_model(label)
    except (LookupError, ValueError):
        return None


def _plain(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        if timezone.is_naive(value):
            value = timezone.make_aware(value, dt.UTC)
        return value.astimezone(dt.UTC).isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, FieldFile):
        return value.name or ""
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    return value


def row_content(obj: models.Model, fields: list[str] | None = None) -> dict[str, Any]:
    """The row's columns in plain JSON values: those named in ``fields`` (what a link covered when it
    was written, so a column added later does not change old digests), else every concrete column."""
    names = fields if fields is not None else [f.attname for f in obj._meta.concrete_fields]
    return {name: _plain(getattr(obj, name, None)) for name in names}


def state_content(label: str, row: models.Model, names: list[str] | None = None) -> dict[str, Any]:
    """A row of a model kept as versions (:mod:`ventila.audit.state`) as its version records it: the
    registered columns (or ``names``, those an older version recorded) and the computed values."""
    reg = REGISTRY.get(label)
    computed = reg.computed if reg is not None else {}
    names = names if names is not None else fields_of(label, type(row))
    return {
        name: _plain(computed[name](row)) if name in computed else _plain(getattr(row, name, None)) for name in names
    }


def covered_now(kind: str, obj: models.Model) -> dict[str, list[str]]:
    """The columns a new link covers: every concrete column of the row and of its parts."""
    cols = {"row": [f.attname for f in obj._meta.concrete_fields]}
    spec = KINDS.get(kind)
    for part in spec.parts if spec is not None else ():
        cols[part.key] = [f.attname for f in apps.get_model(part.model)._meta.concrete_fields]
    return cols


def content_of(kind: str, obj: models.Model, covered: dict[str, list[str]]) -> dict[str, Any]:
    data = row_content(obj, covered.get("row"))
    spec = KINDS.get(kind)
    for part in spec.parts if spec is not None else ():
        value = part.read(obj)
        if isinstance(value, list):
            data[part.key] = [row_content(row, covered.get(part.key)) for row in value]
        elif value is not None:
            data[part.key] = row_content(value, covered.get(part.key))
    return data


def plain_json(content: Any) -> Any:
    """``content`` as a JSON column gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(content, default=str))


def digest(content: dict[str, Any]) -> str:
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def link_hash(seq: int, kind: str, object_id: str, content_hash: str, prev_hash: str) -> str:
    return hashlib.sha256(f"{seq}|{kind}|{object_id}|{content_hash}|{prev_hash}".encode()).hexdigest()


def _fresh(kind: str, obj: models.Model) -> models.Model:
    model = type(obj)
    qs = model._base_manager.filter(pk=obj.pk)
    spec = KINDS.get(kind)
    if spec is not None and spec.prefetch_related:
        qs = qs.prefetch_related(*spec.prefetch_related)
    return qs.get()


@dataclass(frozen=True)
class Prepared:
    """A link's content, digested from the stored rows, waiting for its place in the chain."""

    kind: str
    object_id: str
    content_hash: str
    covered: dict[str, list[str]]


def prepare(kind: str, obj: models.Model) -> Prepared:
    """Read ``obj`` back as stored and digest it (no lock taken). Call after everything that belongs
    to ``obj`` is written, in the transaction that wrote it."""
    fresh = _fresh(kind, obj)
    covered = covered_now(kind, fresh)
    return Prepared(kind, str(obj.pk), digest(content_of(kind, fresh, covered)), covered)


def prepare_from(kind: str, obj: models.Model, parts: dict[str, Any] | None = None) -> Prepared:
    """Digest ``obj`` as it is in memory, for a row just inserted by the app (every column set by it:
    no default, trigger or conversion of the database's), with ``parts`` (key → what its
    :class:`Part` would read: rows, a row or None; a part not given is read): the read back of
    :func:`prepare` saved. JSON columns are taken as their column gives them back."""
    covered = covered_now(kind, obj)
    data = _inserted(obj, covered["row"])
    spec = KINDS.get(kind)
    for part in spec.parts if spec is not None else ():
        value = parts[part.key] if parts is not None and part.key in parts else part.read(obj)
        if isinstance(value, list):
            data[part.key] = [_inserted(row, covered[part.key]) for row in sorted(value, key=lambda r: r.pk)]
        elif value is not None:
            data[part.key] = _inserted(value, covered[part.key])
    return Prepared(kind, str(obj.pk), digest(data), covered)


def _inserted(obj: models.Model, names: list[str]) -> dict[str, Any]:
    content = row_content(obj, names)
    for f in obj._meta.concrete_fields:
        if isinstance(f, models.JSONField) and f.attname in content:
            content[f.attname] = json.loads(json.dumps(content[f.attname], cls=f.encoder))
    return content


def lock_head() -> ChainHead:
    """Lock the head row until the caller's transaction commits (must be inside one)."""
    head = ChainHead.objects.select_for_update().filter(pk=1).first()
    if head is None:
        ChainHead.objects.get_or_create(pk=1)
        head = ChainHead.objects.select_for_update().get(pk=1)
    return head


def append_prepared(prepared: Prepared) -> ChainLink:
    """Add the link: the head row is locked from here until the transaction commits, so callers do
    this as late as they can."""
    return append_many([prepared])[0]


def append_many(prepared: Iterable[Prepared], head: ChainHead | None = None) -> list[ChainLink]:
    """Add the links one after the other with one lock of the head, one insert and one update of the
    head (the head row stays locked until the transaction commits). ``head``: the head as the caller
    locked it in this transaction (:func:`lock_head`), not read again."""
    prepared = list(prepared)
    if not prepared:
        return []
    with transaction.atomic(savepoint=False):  # part of the caller's transaction (one is opened if none)
        head = head or lock_head()
        seq, prev = head.seq, head.hash
        at = timezone.now()
        links = []
        for p in prepared:
            seq += 1
            h = link_hash(seq, p.kind, p.object_id, p.content_hash, prev)
            links.append(
                ChainLink(
                    seq=seq,
                    **attributes(p, "kind", "object_id", "content_hash", "covered"),
                    prev_hash=prev,
                    hash=h,
                    at=at,
                )
            )
            prev = h
        if len(links) == 1:
            links[0].save(force_insert=True)
        else:
            ChainLink.objects.bulk_create(links)
        ChainHead.objects.filter(pk=1).update(seq=seq, hash=prev)
    return links


def append(kind: str, obj: models.Model) -> ChainLink:
    """Chain ``obj``: call inside the transaction that wrote it (one is opened if there is none)."""
    with transaction.atomic(savepoint=False):
        return append_prepared(prepare(kind, obj))


# -- the per-case access chains (docs/decisions.md, «Access log: per-case chains») ----------------------

# What an access row's hash covers: every column but its id and its own hash.
ACCESS_FIELDS = [
    "at",
    "user_id",
    "username",
    "object_kind",
    "object_ref",
    "case_number",
    "action",
    "granted",
    "confidential",
    "chain_id",
    "chain_seq",
    "prev_hash",
]
# What the main chain's link of an access chain covers: the columns that never change.
ACCESS_CHAIN_COVERED = {"row": ["id", "key", "started_at"]}


def access_hash(row: AccessLog) -> str:
    """``SHA-256(canonical content | prev_hash)`` of one access row (its position is in the content)."""
    return hashlib.sha256(f"{digest(row_content(row, ACCESS_FIELDS))}|{row.prev_hash}".encode()).hexdigest()


def lock_access_chain(key: str) -> AccessChain:
    """The access chain of case ``key``, locked until the caller's transaction commits (must be in
    one). The first access of a case creates it and chains it into the main chain (the only time a
    read takes the main chain's lock); two first reads at once: the second waits, then takes it."""
    found = list(AccessChain.objects.select_for_update().filter(key=key)[:1])
    if found:
        return found[0]
    try:
        with transaction.atomic():
            created = AccessChain.objects.create(key=key, started_at=timezone.now())
            covered = ACCESS_CHAIN_COVERED
            append_prepared(
                Prepared("access_chain", str(created.pk), digest(content_of("access_chain", created, covered)), covered)
            )
            return created
    except IntegrityError:  # another transaction created it first
        return AccessChain.objects.select_for_update().get(key=key)


def append_access(row: AccessLog) -> AccessLog:
    """Write ``row`` (unsaved) as the next access of its case: lock that case's chain, link, insert,
    move the chain's head. Call inside a transaction; locks nothing shared by other cases.

    Where the database returns rows from an UPDATE (PostgreSQL; SQLite ≥ 3.35), the lock and the read
    of the head are one statement that also moves its number (``UPDATE … SET seq = seq + 1 … RETURNING``,
    the head's hash still the previous row's until the end of the transaction), and on PostgreSQL the
    insert and the head's new hash are one statement too (a data-modifying ``WITH``): two statements
    inside BEGIN … COMMIT instead of three. The rows written are the same."""
    using = router.db_for_write(AccessLog)
    conn = connections[using]
    if not conn.features.can_return_columns_from_insert:
        return _append_access_orm(row)
    # The SQL below is built from the models' own table and column names, quoted; every value is a parameter.
    qn = conn.ops.quote_name
    heads = qn(AccessChain._meta.db_table)
    with transaction.atomic(using=using, savepoint=False), conn.cursor() as cur:
        cur.execute(
            f"UPDATE {heads} SET {qn('seq')} = {qn('seq')} + 1 WHERE {qn('key')} = %s"  # nosec B608
            f" RETURNING {qn('id')}, {qn('seq')}, {qn('hash')}",
            [row.case_number],
        )
        found = cur.fetchone()
        if found is None:  # the case's first access: create its chain (chained into the main chain)
            chained = lock_access_chain(row.case_number)
            found = (chained.pk, chained.seq + 1, chained.hash)
        row.chain_id, row.chain_seq, row.prev_hash = found
        row.hash = access_hash(row)
        fields = [f for f in AccessLog._meta.concrete_fields if not f.primary_key]
        columns = ", ".join(qn(f.column) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        values = [f.get_db_prep_save(getattr(row, f.attname), connection=conn) for f in fields]
        rows = qn(AccessLog._meta.db_table)
        move = f"UPDATE {heads} SET {qn('seq')} = %s, {qn('hash')} = %s WHERE {qn('id')} = %s"  # nosec B608
        insert = f"INSERT INTO {rows} ({columns}) VALUES ({marks}) RETURNING {qn('id')}"  # nosec B608
        if conn.vendor == "postgresql":
            cur.execute(
                f"WITH ins AS ({insert}) {move} RETURNING (SELECT {qn('id')} FROM ins)",  # nosec B608
                [*values, row.chain_seq, row.hash, row.chain_id],
            )
            row.pk = cur.fetchone()[0]
        else:
            cur.execute(insert, values)
            row.pk = cur.fetchone()[0]
            cur.execute(move, [row.chain_seq, row.hash, row.chain_id])
    row._state.adding = False
    row._state.db = using
    return row


def _append_access_orm(row: AccessLog) -> AccessLog:
    with transaction.atomic(savepoint=False):
        chained = lock_access_chain(row.case_number)
        row.chain = chained
        row.chain_seq = chained.seq + 1
        row.prev_hash = chained.hash
        row.hash = access_hash(row)
        row.save(force_insert=True)
        AccessChain.objects.filter(pk=chained.pk).update(seq=row.chain_seq, hash=row.hash)
    return row


def _check_access_chains(legacy_chained: set[str]) -> list[Problem]:
    """Each case's access rows follow one another from 1 without a gap, each hash covers its row and
    the previous hash, the chain's head names its last row; an access row without a chain of its
    own (written before the per-case chains) is a link of the main chain."""
    out: list[Problem] = []
    where: dict[int, tuple[int, str]] = {}  # chain id → (next seq expected, previous hash)
    rows = AccessLog.objects.filter(chain__isnull=False).order_by("chain_id", "chain_seq")
    for row in rows.iterator(chunk_size=2000):
        expected, prev = where.get(row.chain_id, (1, GENESIS))
        ref = f"{row.pk} (expediente {row.case_number}, acceso n.º {row.chain_seq})"
        if row.chain_seq != expected:
            out.append(
                Problem(
                    None,
                    "access",
                    ref,
                    f"se esperaba el acceso n.º {expected} de la cadena del expediente: faltan o se movieron accesos",
                )
            )
        if row.prev_hash != prev:
            out.append(Problem(None, "access", ref, "la huella anterior no es la del acceso que lo precede"))
        if access_hash(row) != row.hash:
            out.append(Problem(None, "access", ref, "el registro cambió después de encadenarse"))
        where[row.chain_id] = (row.chain_seq + 1, row.hash)
    for head_row in AccessChain.objects.order_by("pk"):
        expected, last = where.get(head_row.pk, (1, GENESIS))
        if (head_row.seq, head_row.hash) != (expected - 1, last):
            out.append(
                Problem(
                    None,
                    "access_chain",
                    head_row.key,
                    f"la cabeza de la cadena de accesos (n.º {head_row.seq}) no coincide con su último acceso "
                    f"(n.º {expected - 1}): faltan o sobran accesos",
                )
            )
    legacy = AccessLog.objects.filter(chain__isnull=True).values_list("pk", flat=True)
    for pk in legacy.iterator(chunk_size=2000):
        if str(pk) not in legacy_chained:
            out.append(Problem(None, "access", str(pk), "el registro de acceso no está en ninguna cadena"))
    return out


def head() -> tuple[int, str]:
    row = ChainHead.objects.filter(pk=1).first()
    return (row.seq, row.hash) if row else (0, GENESIS)


# -- verification ---------------------------------------------------------------------------------


KIND_LABELS = {
    "access": "registro de acceso",
    "access_chain": "cadena de accesos del expediente",
    "state": "versión registrada",
    "operator_action": "acción de operador",
}


def kind_label(kind: str) -> str:
    if kind in KIND_LABELS:
        return KIND_LABELS[kind]
    model = model_for(kind)
    return str(model._meta.verbose_name) if model is not None else kind


@dataclass
class Problem:
    seq: int | None
    kind: str
    object_id: str
    message: str

    def __str__(self) -> str:
        where = f"eslabón {self.seq}" if self.seq is not None else "fuera de la cadena"
        label = kind_label(self.kind)
        return f"{where} ({label} {self.object_id}): {self.message}"


@dataclass
class Verification:
    links: int = 0
    head_seq: int = 0
    head_hash: str = GENESIS
    problems: list[Problem] = field(default_factory=list)
    files_checked: int = 0
    heads_checked: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def first(self) -> Problem | None:
        return self.problems[0] if self.problems else None


def _describe(kind: str, obj: Any) -> str:
    spec = KINDS.get(kind)
    return spec.describe(obj) if spec is not None and spec.describe is not None else str(obj.pk)


def _chunks(it: Iterable[ChainLink], size: int = 1000) -> Iterator[list[ChainLink]]:
    chunk: list[ChainLink] = []
    for x in it:
        chunk.append(x)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _key(pk_field: Any, text: str) -> Any:
    """The primary key named by ``text``; None if malformed (then reported as a missing object)."""
    try:
        return pk_field.to_python(text)
    except (ValueError, TypeError, ValidationError):
        return None


def _objects(kind: str, ids: list[str]) -> dict[str, Any]:
    model = model_for(kind)
    if model is None:
        return {}
    pk_field = model._meta.pk
    keys = [k for k in (_key(pk_field, i) for i in ids) if k is not None]
    qs = model._base_manager.filter(pk__in=keys)
    spec = KINDS.get(kind)
    if spec is not None:
        qs = qs.select_related(*spec.select_related).prefetch_related(*spec.prefetch_related)
    return {str(o.pk): o for o in qs}


def verify(*, heads_file: Path | str | None = None, check_files: bool = True) -> Verification:
    """Walk the chain from the first link; report every link that does not match, first first."""
    result = Verification()
    prev, expected_seq = GENESIS, 1
    seen: dict[str, set[str]] = defaultdict(set)
    hashes: dict[int, str] = {}
    state_links: dict[str, int] = {}  # StateRecord id → its link's seq
    with transaction.atomic():
        for chunk in _chunks(ChainLink.objects.order_by("seq").iterator(chunk_size=1000)):
            by_kind: dict[str, list[str]] = defaultdict(list)
            for link in chunk:
                by_kind[link.kind].append(link.object_id)
            objects = {k: _objects(k, ids) for k, ids in by_kind.items()}
            for link in chunk:
                result.links += 1
                seen[link.kind].add(link.object_id)
                if link.kind == STATE_KIND:
                    state_links[link.object_id] = link.seq
                hashes[link.seq] = link.hash
                p = _check_link(link, expected_seq, prev, objects.get(link.kind, {}).get(link.object_id))
                result.problems.extend(p)
                prev, expected_seq = link.hash, link.seq + 1
        result.head_seq, result.head_hash = expected_seq - 1, prev
        stored = head()
        if stored != (result.head_seq, result.head_hash):
            result.problems.append(
                Problem(
                    stored[0],
                    "head",
                    "",
                    (
                        f"la cabeza guardada (eslabón {stored[0]}, {stored[1][:16]}…) no coincide con el final de la cadena "
                        f"(eslabón {result.head_seq}, {result.head_hash[:16]}…): faltan o sobran eslabones"
                    ),
                )
            )
        for kind in REQUIRED_KINDS:
            model = model_for(kind)
            if model is None:
                continue
            ids = {str(pk) for pk in model._base_manager.values_list("pk", flat=True)}
            for missing in sorted(ids - seen[kind], key=_sort_key):
                result.problems.append(
                    Problem(None, kind, missing, "el objeto existe en la base de datos pero no está en la cadena")
                )
        result.problems.extend(_check_access_chains(seen["access"]))
        result.problems.extend(_check_states(state_links))
        if check_files:
            result.problems.extend(_check_files(result))
        result.problems.extend(_check_published_heads(hashes, result))
    if heads_file is not None:
        result.problems.extend(_check_exported_heads(str(heads_file), hashes, result))
    result.problems.sort(key=lambda p: (p.seq is None, p.seq or 0))
    return result


def _sort_key(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdigit() else (0, text)


def _check_link(link: ChainLink, expected_seq: int, prev: str, obj: Any) -> list[Problem]:
    out = []
    if link.seq != expected_seq:
        out.append(
            Problem(link.seq, link.kind, link.object_id, f"se esperaba el eslabón {expected_seq}: faltan eslabones")
        )
    if link.prev_hash != prev:
        out.append(
            Problem(link.seq, link.kind, link.object_id, "la huella anterior no es la del eslabón que lo precede")
        )
    if link_hash(link.seq, link.kind, link.object_id, link.content_hash, link.prev_hash) != link.hash:
        out.append(Problem(link.seq, link.kind, link.object_id, "la huella del eslabón no corresponde a su contenido"))
    if obj is None:
        out.append(Problem(link.seq, link.kind, link.object_id, "el objeto encadenado ya no está en la base de datos"))
    elif digest(content_of(link.kind, obj, link.covered or covered_now(link.kind, obj))) != link.content_hash:
        out.append(
            Problem(
                link.seq, link.kind, _describe(link.kind, obj), "el contenido guardado cambió después de encadenarse"
            )
        )
    return out


def _check_states(state_links: dict[str, int]) -> list[Problem]:
    """Every row of a registered model equals its latest recorded version (:mod:`ventila.audit.state`):
    a row changed, inserted or deleted behind the app does not."""
    out = []
    for label in REGISTRY:
        model = model_for(label)
        if model is None:
            continue
        latest: dict[str, StateRecord] = {}
        for record in StateRecord.objects.filter(kind=label).order_by("version").iterator(chunk_size=1000):
            latest[record.object_id] = record
        rows = set()
        for row in model._base_manager.order_by("pk").iterator(chunk_size=1000):
            object_id = str(row.pk)
            rows.add(object_id)
            record = latest.get(object_id)
            if record is None:
                out.append(
                    Problem(
                        None,
                        label,
                        object_id,
                        "el objeto existe en la base de datos pero ninguna versión suya está en la cadena",
                    )
                )
                continue
            seq = state_links.get(str(record.pk))
            if record.removed:
                out.append(
                    Problem(seq, label, object_id, "la cadena registra que se eliminó, pero está en la base de datos")
                )
                continue
            names = list(record.content) if isinstance(record.content, dict) else fields_of(label, model)
            now = plain_json(state_content(label, row, names))
            if now != record.content:
                changed = sorted(k for k in names if now.get(k) != (record.content or {}).get(k))
                out.append(
                    Problem(
                        seq,
                        label,
                        object_id,
                        "cambió fuera de la aplicación: no coincide con su última "
                        f"versión registrada ({', '.join(changed)})",
                    )
                )
        for object_id, record in latest.items():
            if not record.removed and object_id not in rows:
                out.append(
                    Problem(
                        state_links.get(str(record.pk)),
                        label,
                        object_id,
                        "se eliminó fuera de la aplicación: su última versión registrada no dice que se eliminara",
                    )
                )
    return out


def _check_files(result: Verification) -> list[Problem]:
    """Stored files (docket attachments, issued documents, and the files of rows kept as versions,
    such as follow-up evidence) still have the SHA-256 recorded — and chained — for them."""
    out = []
    sources: list[tuple[Any, str, str]] = []
    for spec in KINDS.values():
        for part in spec.parts:
            model = apps.get_model(part.model)
            if part.owner and _has_file(model):
                sources.append((model, spec.kind, part.owner))
        model = model_for(spec.kind)
        if model is not None and _has_file(model):
            sources.append((model, spec.kind, "pk"))
    for label in REGISTRY:
        model = model_for(label)
        if model is not None and _has_file(model):
            sources.append((model, label, "pk"))
    for model, kind, owner in sources:
        for row in model._base_manager.order_by("pk"):
            if not row.file:  # a row without a file (evidence described, not uploaded)
                continue
            result.files_checked += 1
            label = f"{model._meta.verbose_name} {row.pk}"
            try:
                with row.file.open("rb") as fh:
                    h = hashlib.sha256()
                    for block in iter(functools.partial(fh.read, 1 << 20), b""):
                        h.update(block)
            except (OSError, ValueError):
                out.append(Problem(None, kind, str(getattr(row, owner)), f"falta el archivo de {label}"))
                continue
            if h.hexdigest() != row.sha256:
                out.append(
                    Problem(
                        None,
                        kind,
                        str(getattr(row, owner)),
                        f"el archivo de {label} cambió: su SHA-256 no es el registrado",
                    )
                )
    return out


def _has_file(model: type[models.Model]) -> bool:
    return {"file", "sha256"} <= {f.name for f in model._meta.concrete_fields}


# -- the head, exported outside the database --------------------------------------------------------


def head_line(moment: dt.datetime | None = None) -> str:
    seq, h = head()
    moment = moment or timezone.now()
    return f"{moment.astimezone(dt.UTC).isoformat(timespec='seconds')} {seq} {h}"


def export_head(path: Path) -> str:
    """Append the current head to ``path`` (one line per export) and return the line."""
    line = head_line()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(line + "\n")
    return line


def publish_head(now: dt.datetime, zone: dt.tzinfo) -> PublishedHead | None:
    """Publish the chain's head for the day of ``now`` in ``zone`` if it is not published yet (the
    worker's round, ``ventila audit publish-head``); the new row, or None when the day already has one."""
    day = now.astimezone(zone).date()
    if PublishedHead.objects.filter(day=day).exists():
        return None
    seq, h = head()
    try:
        with transaction.atomic():
            return PublishedHead.objects.create(day=day, seq=seq, hash=h, published_at=now)
    except IntegrityError:  # another process published it meanwhile
        return None


def published_lines() -> list[str]:
    """The published heads, oldest first, one line each as ``export_head`` writes them: moment, seq, hash."""
    return [
        f"{p.published_at.astimezone(dt.UTC).isoformat(timespec='seconds')} {p.seq} {p.hash}"
        for p in PublishedHead.objects.order_by("day")
    ]


MAX_HEADS_BYTES = 32 * 1024 * 1024  # a list of daily heads is ~100 bytes a day: this is centuries


def read_heads(source: str, *, timeout: float = 20) -> list[tuple[str, int, str]]:
    """The heads listed in ``source``: a file, or an http(s) URL of the public record's list (text, one
    ``moment seq hash`` per line, or its JSON). Each as (label, seq, hash); lines that are not heads are
    skipped. Raises ``OSError``/``ValueError`` when the source cannot be read."""
    if source.startswith(("http://", "https://")):
        request = urllib.request.Request(source, headers={"User-Agent": "ventila-audit-verify"})
        # Only http(s), checked above; the operator typed the URL.
        with urllib.request.urlopen(request, timeout=timeout) as response:  # nosec B310
            raw = response.read(MAX_HEADS_BYTES + 1)
        if len(raw) > MAX_HEADS_BYTES:
            raise ValueError(f"la lista de cabezas de {source} es demasiado grande")
        text = raw.decode("utf-8")
    else:
        path = Path(source)
        if not path.exists():
            raise OSError(f"no existe el archivo de cabezas exportadas {path}")
        text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        return [
            (str(h.get("published_at") or h.get("day") or ""), int(h["seq"]), str(h["hash"]))
            for h in data.get("heads", [])
            if isinstance(h, dict) and str(h.get("seq", "")).isdigit() and isinstance(h.get("hash"), str)
        ]
    out = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1].isdigit():
            out.append((parts[0], int(parts[1]), parts[2]))
    return out


def _check_heads(heads: list[tuple[str, int, str]], hashes: dict[int, str], where: str) -> list[Problem]:
    out = []
    for n, (label, seq, h) in enumerate(heads, 1):
        if seq == 0:
            continue
        if seq not in hashes:
            out.append(
                Problem(
                    seq,
                    "head",
                    "",
                    f"la cabeza {where} el {label} (línea {n}) nombra un eslabón que ya no existe: la cadena se acortó",
                )
            )
        elif hashes[seq] != h:
            out.append(
                Problem(
                    seq, "head", "", f"la cabeza {where} el {label} (línea {n}) no coincide: la cadena fue reescrita"
                )
            )
    return out


def _check_exported_heads(source: str, hashes: dict[int, str], result: Verification) -> list[Problem]:
    try:
        heads = read_heads(source)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return [Problem(None, "head", "", f"no se pudo leer la lista de cabezas {source[:200]}: {exc}")]
    result.heads_checked += len(heads)
    return _check_heads(heads, hashes, "exportada")


def _check_published_heads(hashes: dict[int, str], result: Verification) -> list[Problem]:
    """The heads this database published (the public record's list) still name links of the chain."""
    heads = [(p.day.isoformat(), p.seq, p.hash) for p in PublishedHead.objects.order_by("day")]
    result.heads_checked += len(heads)
    return _check_heads(heads, hashes, "publicada")
