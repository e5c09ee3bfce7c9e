"""The page of a long work (issue 30, item 6: :mod:`ventila.web.longwork`): how far along it is — refreshed by
the browser itself every few seconds, no script — and its file once it is there, for the user who asked and
the staff of the work's body only (anyone else: not found)."""

from __future__ import annotations

import uuid

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from ventila import files
from ventila.cases import access
from ventila.exports import XLSX_TYPE

from ..longwork import may_see
from ..models import LongWork

REFRESH_SECONDS = 3


def _work(request: HttpRequest, work_id: uuid.UUID) -> LongWork:
    work = LongWork.objects.select_related("body").filter(pk=work_id).first()
    if work is None or not may_see(request.user, work, access.staff_body_ids(request.user)):
        raise Http404("work not found")
    return work


@login_required
@require_http_methods(["GET"])
def long_work(request: HttpRequest, work_id: uuid.UUID) -> HttpResponse:
    work = _work(request, work_id)
    finished = work.status in (LongWork.Status.DONE, LongWork.Status.FAILED)
    return render(
        request,
        "web/long_work.html",
        {
            "work": work,
            "finished": finished,
            "refresh": None if finished else REFRESH_SECONDS,
            "percent": (100 * work.done // work.total) if work.total else 0,
        },
    )


@login_required
@require_http_methods(["GET"])
def long_work_file(request: HttpRequest, work_id: uuid.UUID) -> HttpResponse:
    work = _work(request, work_id)
    if work.status != LongWork.Status.DONE or not work.stored_as:
        raise Http404("no file yet")
    data = files.read_verified(work.stored_as, work.sha256)
    kind = XLSX_TYPE if work.file_name.endswith(".xlsx") else "text/csv; charset=utf-8"
    response = HttpResponse(data, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{work.file_name}"'
    return response
