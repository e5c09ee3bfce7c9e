"""Closure days and election dates: staff declare them; the open cases are re-derived in short
batches (some in the request, the rest by the worker or on their next read), and the page says how
many are still to recompute."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from ventila import clock
from ventila.bodies.models import ElectionDay
from ventila.cases import access
from ventila.cases.actions import (
    do_add_closure,
    do_add_election,
    do_remove_closure,
    do_remove_election,
    preview_calendar_change,
    stale_cases,
)
from ventila.compliance import conduct
from ventila.documents.calendars import agenda
from ventila.rules import RULEBOOKS

from ..calendar_forms import ClosureForm, ElectionForm, RemovalForm
from ..templatetags.web_tags import long_date


@login_required
@require_http_methods(["GET", "POST"])
def body_calendar(request: HttpRequest, body: str) -> HttpResponse:
    body_obj = access.access_body_calendar(request.user, body)
    closure_form = ClosureForm(request.POST if request.POST.get("form") == "closure" else None, body=body_obj)
    election_form = ElectionForm(request.POST if request.POST.get("form") == "election" else None)
    confirmed = request.POST.get("step", "confirm") == "confirm"  # no step named: a script records at once
    if request.method == "POST":
        if request.POST.get("form") == "closure" and closure_form.is_valid() and not confirmed:
            day = closure_form.cleaned_data["day"]
            return _confirm_add(
                request,
                body_obj,
                closure_form,
                what=_("el cierre del %(day)s") % {"day": long_date(day)},
                effect=preview_calendar_change(bodies=[body_obj], with_closure=day),
                action=_("Declarar el cierre"),
            )
        if request.POST.get("form") == "election" and election_form.is_valid() and not confirmed:
            d = election_form.cleaned_data
            return _confirm_add(
                request,
                body_obj,
                election_form,
                what=_("la elección del %(day)s (%(kind)s)")
                % {"day": long_date(d["day"]), "kind": ElectionDay.Kind(d["kind"]).label},
                # Election days are the same for every body: every body's open cases are concerned.
                effect=preview_calendar_change(bodies=None, with_election=(d["kind"], d["day"])),
                action=_("Anotar la elección"),
            )
        if request.POST.get("form") == "closure" and closure_form.is_valid():
            do_add_closure(
                user=request.user,
                body=body_obj,
                day=closure_form.cleaned_data["day"],
                reason=closure_form.cleaned_data["reason"],
            )
            messages.success(request, _("Se declaró el cierre.") + " " + _recomputed(body_obj))
            return redirect("web:calendar", body=body_obj.slug)
        if request.POST.get("form") == "election" and election_form.is_valid():
            do_add_election(
                kind=election_form.cleaned_data["kind"],
                day=election_form.cleaned_data["day"],
                user=request.user,
                reason=election_form.cleaned_data["reason"],
            )
            messages.success(request, _("Se anotó la elección.") + " " + _recomputed(body_obj))
            return redirect("web:calendar", body=body_obj.slug)
    return _render(request, body_obj, closure_form=closure_form, election_form=election_form)


def _confirm_add(
    request: HttpRequest, body_obj: Any, form: Any, *, what: str, effect: Any, action: str
) -> HttpResponse:
    """The confirmation of a closure or election day about to be declared: what it moves (a dry run);
    what was typed goes on in hidden fields."""
    carried = [("form", request.POST.get("form", ""))]
    carried += [(name, v) for name in form.fields for v in form.data.getlist(form.add_prefix(name))]
    return render(
        request,
        "web/calendar_add.html",
        {
            "body": body_obj,
            "what": what,
            "effect": effect,
            "action": action,
            "carried": carried,
            "reason": form.cleaned_data["reason"],
        },
    )


def _pending(body_obj: Any) -> int:
    """The body's open cases not yet re-derived with its current calendar."""
    return int(stale_cases(clock.now(), bodies=[body_obj], by_time=False).count())


def _recomputed(body_obj: Any) -> str:
    pending = _pending(body_obj)
    if not pending:
        return _("Los términos abiertos se recalcularon.")
    return ngettext(
        "Queda %(n)s expediente por recalcular; se recalcula en segundo plano o al abrirlo.",
        "Quedan %(n)s expedientes por recalcular; se recalculan en segundo plano o al abrirlos.",
        pending,
    ) % {"n": pending}


def _render(request: HttpRequest, body_obj: Any, *, status: int = 200, **forms: Any) -> HttpResponse:
    elections = list(ElectionDay.objects.all())
    defaults = [] if elections else list(RULEBOOKS[body_obj.rulebook].elections)
    return render(
        request,
        "web/calendar.html",
        {
            "body": body_obj,
            "pending": _pending(body_obj),
            "closures": list(body_obj.closures.all()),
            "elections": elections,
            "default_elections": defaults,
            "closure_form": forms.get("closure_form") or ClosureForm(body=body_obj),
            "election_form": forms.get("election_form") or ElectionForm(),
        },
        status=status,
    )


# Removing a closure or an election day moves every open term that counts it: a confirmation page first
# says how many open cases and terms it would move (a dry run, ``preview_calendar_change``) and asks for
# the reason; its button records the removal. A POST that names no step (a script) records it too.


def _remove(
    request: HttpRequest,
    body_obj: Any,
    *,
    what: str,
    day: Any,
    effect: Any,
    action: str,
    refused: str,
    do: Any,
    done: str,
) -> HttpResponse:
    form = RemovalForm(request.POST if request.method == "POST" and request.POST.get("step") != "check" else None)
    status = 200
    if request.method == "POST" and request.POST.get("step", "confirm") == "confirm":
        if form.is_valid():
            do(form.cleaned_data["reason"])
            messages.success(request, done + " " + _recomputed(body_obj))
            return redirect("web:calendar", body=body_obj.slug)
        status = 400
    return render(
        request,
        "web/calendar_remove.html",
        {
            "body": body_obj,
            "what": what,
            "day": day,
            "effect": effect(),
            "form": form,
            "action": action,
            "refused": refused if form.errors else "",
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def remove_closure(request: HttpRequest, body: str, closure_id: int) -> HttpResponse:
    body_obj = access.access_body_calendar(request.user, body)
    closure = get_object_or_404(body_obj.closures, pk=closure_id)
    return _remove(
        request,
        body_obj,
        what=_("el cierre del %(day)s (%(reason)s)") % {"day": long_date(closure.day), "reason": closure.reason},
        day=closure.day,
        effect=lambda: preview_calendar_change(bodies=[body_obj], without_closure=closure.day),
        action=_("Eliminar el cierre"),
        refused=_("No se eliminó el cierre del %(day)s: falta un motivo válido.") % {"day": long_date(closure.day)},
        do=lambda reason: do_remove_closure(closure=closure, user=request.user, reason=reason),
        done=_("Se eliminó el cierre."),
    )


@login_required
@require_http_methods(["GET", "POST"])
def remove_election(request: HttpRequest, body: str, election_id: int) -> HttpResponse:
    body_obj = access.access_body_calendar(request.user, body)
    election = get_object_or_404(ElectionDay, pk=election_id)
    return _remove(
        request,
        body_obj,
        what=_("la elección del %(day)s (%(kind)s)")
        % {"day": long_date(election.day), "kind": election.get_kind_display()},
        day=election.day,
        # Election days are the same for every body: every body's open cases are concerned.
        effect=lambda: preview_calendar_change(bodies=None, without_election=(election.kind, election.day)),
        action=_("Eliminar la elección"),
        refused=_("No se eliminó la elección del %(day)s: falta un motivo válido.") % {"day": long_date(election.day)},
        do=lambda reason: do_remove_election(election=election, user=request.user, reason=reason),
        done=_("Se eliminó la elección."),
    )


# -- the month and the week: hearings and terms, a page per body and month or week --------------------


def _start_day(raw: str, today: dt.date, *, month: bool) -> dt.date:
    """The first day of the month (``2027-03``) or the Sunday of the week (``2027-03-01``, any of its days) that
    ``raw`` names; this month or this week when it names none or a day too near the ends of the calendar to step
    from (a bad parameter is the current period, never an error)."""
    try:
        if month:
            year, number = (int(x) for x in raw.split("-"))
            first = dt.date(year, number, 1)
        else:
            first = dt.date.fromisoformat(raw)
    except ValueError:
        first = today
    if not dt.MINYEAR < first.year < dt.MAXYEAR:
        first = today
    return first.replace(day=1) if month else _sunday_of(first)


def _sunday_of(day: dt.date) -> dt.date:
    """The Sunday that begins ``day``'s week: weeks run from Sunday, as the calendar of Puerto Rico does."""
    return day - dt.timedelta(days=(day.weekday() + 1) % 7)


def _agenda_days(request: HttpRequest, body: str, first: dt.date, last: dt.date) -> tuple[Any, list[dict[str, Any]]]:
    """The body (404 unless the user sees its cases) and each day from ``first`` to ``last``: its hearings and
    terms among the cases the user may see, and why it is no business day when it is a holiday or a closure."""
    body_obj = next((b for b in access.visible_bodies(request.user) if b.slug == body), None)
    if body_obj is None:
        raise Http404("body not found")
    visible = access.access_cases_for_user(request.user).filter(body=body_obj).values("pk")
    by_day: dict[Any, list[Any]] = {}
    for item in agenda(visible, first, last):
        by_day.setdefault(item.day, []).append(item)
    holidays = conduct.body_calendar(body_obj).holidays
    closures = {c.day: c.reason for c in body_obj.closures.filter(day__range=(first, last))}
    days = []
    for i in range((last - first).days + 1):
        day = first + dt.timedelta(days=i)
        off = _("Cierre: %(reason)s") % {"reason": closures[day]} if day in closures else holidays.get(day, "")
        days.append({"day": day, "items": by_day.get(day, []), "off": off})
    return body_obj, days


def _agenda_context(request: HttpRequest, body_obj: Any, days: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "body": body_obj,
        "today": clock.today(),
        "count": sum(len(d["items"]) for d in days),
        "is_staff": body_obj.pk in access.staff_body_ids(request.user),
    }


@login_required
def body_month(request: HttpRequest, body: str) -> HttpResponse:
    """The hearings and the terms of one month of a body's cases that the user may see: a grid of weeks on a
    wide screen, a list of the days that hold something on a narrow one (the same markup: each day a cell)."""
    first = _start_day(str(request.GET.get("mes", "")), clock.today(), month=True)
    last = (first + dt.timedelta(days=31)).replace(day=1) - dt.timedelta(days=1)
    body_obj, days = _agenda_days(request, body, first, last)
    # Weeks from Sunday (the calendar of Puerto Rico), the days of the months around left empty.
    lead = (first - _sunday_of(first)).days
    cells: list[Any] = [None] * lead + [{**d, "week": f"{_sunday_of(d['day']):%Y-%m-%d}"} for d in days]
    cells += [None] * (-len(cells) % 7)
    previous = (first - dt.timedelta(days=1)).replace(day=1)
    following = last + dt.timedelta(days=1)
    return render(
        request,
        "web/calendar_month.html",
        {
            **_agenda_context(request, body_obj, days),
            "first": first,
            "weeks": [cells[i : i + 7] for i in range(0, len(cells), 7)],
            "previous": f"{previous:%Y-%m}",
            "following": f"{following:%Y-%m}",
            "weekdays": WEEKDAYS,
        },
    )


@login_required
def body_week(request: HttpRequest, body: str) -> HttpResponse:
    """The seven days of one week, from Sunday, of a body's cases that the user may see: each day its hearings
    (hour, case) and the terms that end on it (case, rule, what is due), holidays and closures marked; seven
    columns on a wide screen, a list of the days on a narrow one."""
    first = _start_day(str(request.GET.get("semana", "")), clock.today(), month=False)
    last = first + dt.timedelta(days=6)
    body_obj, days = _agenda_days(request, body, first, last)
    return render(
        request,
        "web/calendar_week.html",
        {
            **_agenda_context(request, body_obj, days),
            "first": first,
            "last": last,
            "days": days,
            "month": f"{first + dt.timedelta(days=3):%Y-%m}",  # the month that holds most of the week
            "previous": f"{first - dt.timedelta(days=7):%Y-%m-%d}",
            "following": f"{last + dt.timedelta(days=1):%Y-%m-%d}",
        },
    )


WEEKDAYS = (  # each a literal gettext_lazy call: a keyword makemessages knows (an alias such as ``_l`` is not)
    gettext_lazy("domingo"),
    gettext_lazy("lunes"),
    gettext_lazy("martes"),
    gettext_lazy("miércoles"),
    gettext_lazy("jueves"),
    gettext_lazy("viernes"),
    gettext_lazy("sábado"),
)
