"""Long work off the request (issue 30, item 6): an import or an XLSX export of more than
``VENTILA_LONG_WORK_ROWS`` rows is not done in the request that asks for it. The request records a
:class:`~ventila.web.models.LongWork` row and enqueues :func:`run_long_work` in the worker (``ventila worker``,
:mod:`ventila.jobs`); the page it is sent to (``/trabajos/<id>/``) says how far along the work is, refreshes
itself, and offers the file once it is there (stored through :mod:`ventila.files`), to the user who asked and
the staff of the body only.

What each kind does lives beside the view that asks for it (the same filters, the same permission checks); it
is named here by its dotted path (:data:`RUNNERS`), so this module imports no view.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.module_loading import import_string
from django_tasks import task

from ventila import clock, files

from .models import LongWork

log = logging.getLogger("ventila.web")

RUNNERS = {
    LongWork.Kind.REGISTER_IMPORT: "ventila.web.views.register.run_import_work",
    LongWork.Kind.QUEUE_EXPORT: "ventila.web.views.queue.run_export_work",
    LongWork.Kind.BOARD_EXPORT: "ventila.web.views.register.run_board_export_work",
}
PROGRESS_EVERY = 200  # rows between two writes of an export's progress


@dataclass
class Outcome:
    """What a runner gives back: a file to offer (or none), and a sentence for the page."""

    message: str = ""
    data: bytes | None = None
    file_name: str = ""


class WorkFailed(Exception):
    """The work could not be done; its message is shown on the page, in Spanish."""


def start(kind: str, *, user: Any, body: Any = None, params: dict[str, Any], total: int = 0) -> LongWork:
    """Record the work and hand it to the worker; the page to send the user to is ``web:long_work``."""
    work = LongWork.objects.create(
        kind=kind, requested_by=user, body=body, params=params, total=total, created_at=clock.now()
    )
    run_long_work.enqueue(str(work.pk))
    return work


def progress(work: LongWork) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` that writes how far along ``work`` is (one short UPDATE each time)."""

    def tell(done: int, total: int) -> None:
        LongWork.objects.filter(pk=work.pk).update(done=done, total=total)

    return tell


def may_see(user: Any, work: LongWork, staff_body_ids: set[int]) -> bool:
    """The user who asked, or the staff of the work's body."""
    return work.requested_by_id == user.pk or (work.body_id is not None and work.body_id in staff_body_ids)


@task()
def run_long_work(work_id: str) -> str:
    """Do one long work (run again by the lease if its worker died: each kind is safe to run twice — an import
    recognises what it already wrote, an export is written anew); its final status."""
    work = LongWork.objects.select_related("requested_by", "body").filter(pk=work_id).first()
    if work is None or work.status == LongWork.Status.DONE:
        return "gone" if work is None else str(work.status)
    LongWork.objects.filter(pk=work.pk).update(status=LongWork.Status.RUNNING)
    runner: Callable[[LongWork, Callable[[int, int], None]], Outcome] = import_string(RUNNERS[work.kind])
    try:
        outcome = runner(work, progress(work))
    except WorkFailed as exc:
        _finish(work, LongWork.Status.FAILED, message=str(exc))
        return str(LongWork.Status.FAILED)
    except Exception:
        log.exception("trabajo largo %s (%s) falló", work.pk, work.kind)
        _finish(work, LongWork.Status.FAILED, message="")
        raise
    fields: dict[str, Any] = {"message": outcome.message}
    if outcome.data is not None:
        digest = hashlib.sha256(outcome.data).hexdigest()
        name = f"work/{work.pk}/{digest}"
        files.write(name, outcome.data)
        fields.update(stored_as=name, sha256=digest, file_name=outcome.file_name[:200])
    _finish(work, LongWork.Status.DONE, **fields)
    return str(LongWork.Status.DONE)


def _finish(work: LongWork, status: str, **fields: Any) -> None:
    # What it needed (an import's rows: names, e-mails) is not kept once it is done.
    LongWork.objects.filter(pk=work.pk).update(status=status, finished_at=clock.now(), params={}, **fields)


def prune(before: Any) -> int:
    """The long works asked for before ``before`` and their files; how many."""
    old = list(LongWork.objects.filter(created_at__lt=before))
    for work in old:
        if work.stored_as:
            files.delete(work.stored_as)
    LongWork.objects.filter(pk__in=[w.pk for w in old]).delete()
    return len(old)
