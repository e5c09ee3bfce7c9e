"""Rows that change over time, in the chain: each saved version is a :class:`StateRecord`.

A docket entry never changes, so chaining the row once is enough. A case's state, a party's contact
data, the public filing record, a closure day or a seat do change, legitimately, through the app;
each change writes a new version (the registered columns, who, why), chained like an entry, and the
row must always equal its latest version. ``ventila audit verify`` then catches a change made behind
the app: an UPDATE (the row no longer equals its version), an INSERT (a row with no version) or a
DELETE (a version with no row), and an altered version breaks its link.

Each app registers, from its ``AppConfig.ready``, the models it keeps here and the columns that
matter (:func:`register`); this module imports no app. Versions are written by ``post_save`` and
``post_delete`` signals, so every write through the ORM is recorded (``bulk_create`` and
``QuerySet.update`` send none: callers of those call :func:`touch`). Who and why come from
:func:`acting`. Inside :func:`deferred` the versions are written when the block ends, so that an
action that locks cases (re-evaluating every open term) takes the chain's head last, in the order
every act takes.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import connections, models, router, transaction
from django.db.models import OuterRef, Q, Subquery
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from . import chain
from .models import ChainLink, StateRecord
from .registry import REGISTRY, Registered, fields_of, label_of

KIND = "state"
MIGRATION = "migración"  # who wrote the first versions of rows that existed before (audit migration 0003)


@dataclass(frozen=True)
class Actor:
    user: Any = None
    name: str = ""
    reason: str = ""


_ACTOR: contextvars.ContextVar[Actor | None] = contextvars.ContextVar("ventila_state_actor", default=None)
_PENDING: contextvars.ContextVar[dict[tuple[str, str], tuple[Any, Actor]] | None] = contextvars.ContextVar(
    "ventila_state_pending", default=None
)
_LINKS: contextvars.ContextVar[list[chain.Prepared] | None] = contextvars.ContextVar(
    "ventila_state_links", default=None
)


def register(
    model: type[models.Model] | str,
    fields: Sequence[str] | None = None,
    computed: dict[str, tuple[str, Callable[[Any], Any]]] | None = None,
) -> None:
    """Keep ``model``'s rows in the chain: ``fields`` (attnames) are the columns that matter (the
    others, such as caches derived from the date, may change without a new version); all concrete
    columns when omitted. ``computed``: values kept in place of a column the chain must not copy,
    name → (the column, how the value is computed from the row), such as the SHA-256 of a key."""
    model_cls = apps.get_model(model) if isinstance(model, str) else model
    label = label_of(model_cls)
    computed = computed or {}
    REGISTRY[label] = Registered(
        label,
        tuple(fields) if fields is not None else None,
        {name: fn for name, (_column, fn) in computed.items()},
        tuple(column for column, _fn in computed.values()),
    )
    post_save.connect(_saved, sender=model_cls, dispatch_uid=f"ventila-state-save-{label}")
    post_delete.connect(_deleted, sender=model_cls, dispatch_uid=f"ventila-state-delete-{label}")


@contextlib.contextmanager
def acting(user: Any = None, reason: str = "", *, name: str = "") -> Iterator[None]:
    """Versions written inside the block say who (``user``, or an operator's ``name``) and why."""
    username = name or (user.get_username() if user is not None and hasattr(user, "get_username") else "")
    token = _ACTOR.set(Actor(user if getattr(user, "pk", None) else None, username[:150], reason))
    try:
        yield
    finally:
        _ACTOR.reset(token)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Write the versions of everything saved inside the block when it ends (inside the caller's
    transaction), together with the links passed to :func:`append_last`: the chain's head is locked
    and moved once for all of them. Nested blocks join the outermost one."""
    if _PENDING.get() is not None:
        yield
        return
    pending: dict[tuple[str, str], tuple[Any, Actor]] = {}
    links: list[chain.Prepared] = []
    token = _PENDING.set(pending)
    links_token = _LINKS.set(links)
    done = False  # reset before the versions are written; else on the way out
    try:
        yield
        _PENDING.reset(token)
        _LINKS.reset(links_token)
        done = True
        with transaction.atomic(savepoint=False):
            _record_many(
                [(label, object_id, removed, actor) for (label, object_id), (removed, actor) in pending.items()], links
            )
    finally:
        if not done:
            _PENDING.reset(token)
            _LINKS.reset(links_token)


def append_last(prepared: chain.Prepared) -> None:
    """Chain ``prepared`` with the versions of the enclosing :func:`deferred` block (one lock of the
    chain's head for all of them), or now, outside one."""
    links = _LINKS.get()
    if links is None:
        chain.append_prepared(prepared)
    else:
        links.append(prepared)


def touch(objs: Iterable[models.Model]) -> None:
    """Record the current version of rows written without signals (``bulk_create``, ``update``)."""
    for obj in objs:
        label = label_of(type(obj))
        if label in REGISTRY and obj.pk is not None:
            _queue(label, str(obj.pk), None)


def _saved(sender: type[models.Model], instance: models.Model, raw: bool = False, **kwargs: Any) -> None:
    if raw:  # loaddata: the restore of a backup brings the versions with it
        return
    reg = REGISTRY.get(label_of(sender))
    update_fields = kwargs.get("update_fields")
    if reg is None or (
        update_fields is not None
        and reg.fields is not None
        and not ({_attname(sender, f) for f in update_fields} & {*reg.fields, *reg.reads})
    ):
        return
    _queue(reg.label, str(instance.pk), None)


def _deleted(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    label = label_of(sender)
    if label in REGISTRY:
        _queue(label, str(instance.pk), chain.state_content(label, instance))


def _attname(model: type[models.Model], name: str) -> str:
    try:
        return model._meta.get_field(name).attname
    except Exception:  # noqa: BLE001 - an unknown name is compared as given
        return name


def _queue(label: str, object_id: str, removed: Any) -> None:
    actor = _ACTOR.get() or Actor()
    pending = _PENDING.get()
    if pending is not None:
        previous = pending.pop((label, object_id), None)
        pending[(label, object_id)] = (removed if removed is not None or previous is None else None, actor)
        return
    with transaction.atomic(savepoint=False):
        _record(label, object_id, removed, actor)


def _record(label: str, object_id: str, removed: dict[str, Any] | None, actor: Actor) -> Any:
    """Append a version of the object unless its latest one already says the same. ``removed`` is
    the content of a deleted row (None: read the row as stored)."""
    records = _record_many([(label, object_id, removed, actor)])
    return records[0] if records else None


def _record_many(
    items: Sequence[tuple[str, str, dict[str, Any] | None, Actor]], links: Sequence[chain.Prepared] = ()
) -> list[StateRecord | None]:
    """Append a version of each object (label, id, content if deleted else None, actor) unless its
    latest one already says the same, and chain the versions written and ``links``: the rows are read
    as stored (one query per model), then, under one lock of the chain's head, the latest versions
    (one query), the new versions and their links (bulk) and the head (one update). Gives, per item,
    its latest version (None: the row was created and deleted in the same transaction)."""
    ids: dict[str, list[str]] = defaultdict(list)
    for label, object_id, removed, _actor in items:
        if removed is None:
            ids[label].append(object_id)
    stored: dict[tuple[str, str], dict[str, Any]] = {}
    for label, wanted in ids.items():
        model = apps.get_model(label)
        fields = fields_of(label, model)
        for row in model._base_manager.filter(pk__in=wanted):
            stored[(label, str(row.pk))] = chain.state_content(label, row, fields)
    contents: list[tuple[str, str, Any, bool, Actor] | None] = []
    for label, object_id, removed, actor in items:
        content = removed if removed is not None else stored.get((label, object_id))
        contents.append(
            None if content is None else (label, object_id, chain.plain_json(content), removed is not None, actor)
        )
    if not any(contents) and not links:
        return [None] * len(items)
    head = chain.lock_head()  # versions of one object are numbered under the head's lock
    latest = _latest([(c[0], c[1]) for c in contents if c is not None])
    out: list[StateRecord | None] = []
    new: list[StateRecord] = []
    now = timezone.now()
    for c in contents:
        if c is None:
            out.append(None)
            continue
        label, object_id, content, is_removed, actor = c
        last = latest.get((label, object_id))
        if last is not None and last.removed == is_removed and last.content == content:
            out.append(last)
            continue
        record = StateRecord(
            kind=label,
            object_id=object_id,
            version=(last.version + 1) if last else 1,
            content=content,
            removed=is_removed,
            actor=actor.user,
            username=actor.name,
            reason=actor.reason,
            at=now,
        )
        latest[(label, object_id)] = record  # the same object twice in one batch: numbered one after the other
        new.append(record)
        out.append(record)
    _insert(new)
    # A version's link digests the row just inserted: every value is the one written (the content
    # already as its JSON column gives it back), so it is not read again.
    chain.append_many([*links, *(chain.prepare_from(KIND, record) for record in new)], head)
    return out


def _latest(keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], StateRecord]:
    if not keys:
        return {}
    by_label: dict[str, set[str]] = defaultdict(set)
    for label, object_id in keys:
        by_label[label].add(object_id)
    where = Q()
    for label, object_ids in by_label.items():
        where |= Q(kind=label, object_id__in=sorted(object_ids))
    top = (
        StateRecord.objects.filter(kind=OuterRef("kind"), object_id=OuterRef("object_id"))
        .order_by("-version")
        .values("version")[:1]
    )
    return {(r.kind, r.object_id): r for r in StateRecord.objects.filter(where, version=Subquery(top))}


def _insert(records: list[StateRecord]) -> None:
    if not records:
        return
    if connections[router.db_for_write(StateRecord)].features.can_return_rows_from_bulk_insert:
        StateRecord.objects.bulk_create(records)
    else:
        for record in records:
            record.save(force_insert=True)


def record_all(label: str, model: type[models.Model] | None = None) -> int:
    """Record a first version of every row of ``label`` that has none (a migration, on an install
    that already has rows). ``model`` may be a migration's historical model."""
    return _record_rows(label, model, changed=False)


def record_changed(label: str, model: type[models.Model] | None = None) -> int:
    """Record a new version of every row of ``label`` whose registered columns differ from its latest
    version, or that has none (a migration that adds a column the chain keeps): the row as it is."""
    return _record_rows(label, model, changed=True)


def _record_rows(label: str, model: type[models.Model] | None, *, changed: bool) -> int:
    """The versions a migration writes, as the migration (``changed``: also of rows that differ from
    their latest version, else only of rows that have none)."""
    model = model or apps.get_model(label)
    n = 0
    with transaction.atomic():
        chain.lock_head()
        latest = _latest([(label, str(pk)) for pk in model._base_manager.values_list("pk", flat=True)])
        for row in model._base_manager.order_by("pk"):
            content = chain.plain_json(chain.state_content(label, row, fields_of(label, model)))
            last = latest.get((label, str(row.pk)))
            if last is not None and (not changed or (not last.removed and last.content == content)):
                continue
            record = StateRecord.objects.create(
                kind=label,
                object_id=str(row.pk),
                version=(last.version + 1) if last else 1,
                content=content,
                removed=False,
                username=MIGRATION,
                at=timezone.now(),
            )
            chain.append(KIND, record)
            n += 1
    return n


def migration_links() -> models.QuerySet[Any]:
    """The links a fresh install got from its migrations alone (the first versions of the rows they
    seed, such as the election days): not data of its own, a backup restored over it replaces them."""
    ids = StateRecord.objects.filter(username=MIGRATION, version=1).values_list("pk", flat=True)
    return ChainLink.objects.filter(kind=KIND, object_id__in=[str(pk) for pk in ids])
