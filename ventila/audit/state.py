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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import models, transaction
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


def register(model: type[models.Model] | str, fields: Sequence[str] | None = None) -> None:
    """Keep ``model``'s rows in the chain: ``fields`` (attnames) are the columns that matter (the
    others, such as caches derived from the date, may change without a new version); all concrete
    columns when omitted."""
    model_cls = apps.get_model(model) if isinstance(model, str) else model
    label = label_of(model_cls)
    REGISTRY[label] = Registered(label, tuple(fields) if fields is not None else None)
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
    transaction). Nested blocks join the outermost one."""
    if _PENDING.get() is not None:
        yield
        return
    pending: dict[tuple[str, str], tuple[Any, Actor]] = {}
    token = _PENDING.set(pending)
    try:
        yield
        _PENDING.reset(token)
        token = None
        with transaction.atomic(savepoint=False):
            for (label, object_id), (removed, actor) in pending.items():
                _record(label, object_id, removed, actor)
    finally:
        if token is not None:
            _PENDING.reset(token)


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
        and not ({_attname(sender, f) for f in update_fields} & set(reg.fields))
    ):
        return
    _queue(reg.label, str(instance.pk), None)


def _deleted(sender: type[models.Model], instance: models.Model, **kwargs: Any) -> None:
    label = label_of(sender)
    if label in REGISTRY:
        _queue(label, str(instance.pk), chain.row_content(instance, fields_of(label, sender)))


def _attname(model: type[models.Model], name: str) -> str:
    try:
        return model._meta.get_field(name).attname  # type: ignore[union-attr]
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
    model = apps.get_model(label)
    if removed is None:
        row = model._base_manager.filter(pk=object_id).first()
        if row is None:  # created and deleted in the same transaction: nothing ever existed
            return None
        content, is_removed = chain.row_content(row, fields_of(label, model)), False
    else:
        content, is_removed = removed, True
    chain.lock_head()  # versions of one object are numbered under the head's lock
    last = StateRecord.objects.filter(kind=label, object_id=object_id).order_by("-version").first()
    if last is not None and last.removed == is_removed and last.content == chain.plain_json(content):
        return last
    record = StateRecord.objects.create(
        kind=label,
        object_id=object_id,
        version=(last.version + 1) if last else 1,
        content=content,
        removed=is_removed,
        actor=actor.user,
        username=actor.name,
        reason=actor.reason,
        at=timezone.now(),
    )
    chain.append(KIND, record)
    return record


def record_all(label: str, model: type[models.Model] | None = None) -> int:
    """Record a first version of every row of ``label`` that has none (a migration, on an install
    that already has rows). ``model`` may be a migration's historical model."""
    model = model or apps.get_model(label)
    n = 0
    with transaction.atomic():
        chain.lock_head()
        known = set(StateRecord.objects.filter(kind=label).values_list("object_id", flat=True))
        for row in model._base_manager.order_by("pk"):
            if str(row.pk) in known:
                continue
            record = StateRecord.objects.create(
                kind=label,
                object_id=str(row.pk),
                version=1,
                content=chain.row_content(row, fields_of(label, model)),
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
