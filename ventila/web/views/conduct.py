"""A person's gifts (Secs. 10(k), 10(n)), court summonses (10(w)) and the nepotism check for a hiring
(10(t)), under the register of obligated people: who may read and record is the register's
(:mod:`ventila.compliance.access`); every change is a ``do_*`` of :mod:`ventila.compliance.conduct_actions`;
every check and term is the engine's (:mod:`ventila.compliance.conduct`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.mixins import LoginRequiredMixin
from django.forms.models import model_to_dict
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django.views.generic import CreateView, UpdateView

from ventila import clock
from ventila.cases.rule_messages import term_label
from ventila.compliance import access as register_access
from ventila.compliance import conduct
from ventila.compliance.conduct_actions import (
    ConductRefused,
    GiftInput,
    SummonsInput,
    do_correct_gift,
    do_correct_summons,
    do_record_gift,
    do_record_nepotism_check,
    do_record_summons,
)
from ventila.compliance.conduct_models import CourtSummons, GiftRecord

from ..conduct_display import check_rows, findings_rows, gift_rows, kinship_text, summons_rows
from ..conduct_forms import (
    GiftCorrectionForm,
    GiftForm,
    NepotismForm,
    SummonsCorrectionForm,
    SummonsForm,
)


def _apply_refusal(form: forms.Form, exc: ConductRefused) -> None:
    for name, text in exc.field_errors.items():
        form.add_error(name if name in form.fields else None, text)


def _person_url(body: Any, person: Any, anchor: str = "") -> str:
    return reverse("web:person", args=[body.slug, person.pk]) + anchor


def _rule(rule_id: str) -> dict[str, str]:
    r = conduct.rule(rule_id)
    return {"id": r.id, "citation": r.citation, "quote": r.quote}


# -- a person's gifts and summonses: a page that lists and records them, and one that corrects one ----------


def _gift_input(c: dict[str, Any]) -> GiftInput:
    return GiftInput(c["received_on"], c["description"], c["value"], c["source"], c["kind"], c["foreign"], c["waiver"])


def _summons_term_label(body: Any) -> str:
    term = conduct.rule(conduct.conduct_of(body).summons_rule).term
    assert term is not None
    return term_label(term.es())


def _summons_input(c: dict[str, Any]) -> SummonsInput:
    return SummonsInput(c["case_number"], c["formally_notified_on"], c["role"], c["secretary_notified_on"])


class ConductPage(LoginRequiredMixin):
    """What the pages of a person's gifts and summonses share: the door each names (the register's
    ``access_obligated_person``: to read, or to record on a POST and on every correction page), the
    row written only through its ``do_*`` (never ``form.save()``), a refusal on its field with what was
    typed kept (400), and back to the row on the person's page."""

    http_method_names = ["get", "post"]
    door: Any = None  # each view names its door (the access walk reads it there)
    list_url = anchor = ""  # the person's page of these rows, and the rows' anchor on it
    always_records = False  # a correction page is for those who record, on a GET too

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated and request.method and request.method.lower() in self.http_method_names:
            recording = self.always_records or request.method == "POST"
            self.body, self.person = self.door(request.user, kwargs["body"], kwargs["person_id"], record=recording)
        return super().dispatch(request, *args, **kwargs)

    def list_page(self) -> str:
        return reverse(self.list_url, args=[self.body.slug, self.person.pk])

    def write(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def done(self, row: Any) -> str:
        raise NotImplementedError

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            row = self.write(form.cleaned_data)
        except ConductRefused as exc:
            _apply_refusal(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, self.done(row))
        return redirect(f"{self.list_page()}#{self.anchor}-{row.pk}")

    def form_invalid(self, form: Any) -> HttpResponse:
        return self.render_to_response(self.get_context_data(form=form), status=400)


class RecordPage(ConductPage, CreateView):
    """The person's rows of one kind, and the form that records another."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        can_record = register_access.can_record_register(self.request.user, self.body)
        return super().get_context_data(body=self.body, person=self.person, can_record=can_record, **kwargs)


class Gifts(RecordPage):
    form_class, template_name = GiftForm, "web/gifts.html"
    door = staticmethod(register_access.access_obligated_person)
    list_url, anchor = "web:gifts", "regalo"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        rows, rules = gift_rows(self.body, self.person), conduct.conduct_of(self.body)
        return super().get_context_data(
            rows=rows,
            findings=sum(len(r["findings"]) for r in rows),
            rules=[_rule(r) for r in rules.gift_rules],
            cap=rules.gift_cap,
            foreign_cap=rules.foreign_gift_cap,
            **kwargs,
        )

    def write(self, data: dict[str, Any]) -> Any:
        return do_record_gift(user=self.request.user, body=self.body, person=self.person, gift=_gift_input(data))

    def done(self, row: Any) -> str:
        return _("Se anotó «%(what)s» de %(source)s, recibido el %(day)s.") % {
            "what": row.description,
            "source": row.source,
            "day": row.received_on.strftime("%d/%m/%Y"),
        }


class SummonsFormKwargs:
    """The summons form's help texts name the rulebook's term and confidentiality rule (Sec. 10(w))."""

    body: Any

    def get_form_kwargs(self) -> dict[str, Any]:
        rule = conduct.conduct_of(self.body).summons_confidentiality_rule
        return {**super().get_form_kwargs(), "term": _summons_term_label(self.body), "rule": rule}  # type: ignore[misc]


class Summonses(SummonsFormKwargs, RecordPage):
    form_class, template_name = SummonsForm, "web/summonses.html"
    door = staticmethod(register_access.access_obligated_person)
    list_url, anchor = "web:summonses", "citacion"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        rules = conduct.conduct_of(self.body)
        return super().get_context_data(
            rows=summons_rows(self.body, self.person),
            rule=_rule(rules.summons_rule),
            term=_summons_term_label(self.body),
            confidentiality=_rule(rules.summons_confidentiality_rule),
            conduct_rules=rules,
            **kwargs,
        )

    def write(self, data: dict[str, Any]) -> Any:
        summons = _summons_input(data)
        return do_record_summons(user=self.request.user, body=self.body, person=self.person, summons=summons)

    def done(self, row: Any) -> str:
        term = conduct.summons_term(self.body, row, clock.today())
        return _("Se anotó la citación del caso %(case)s; la notificación a la Secretaría vence el %(due)s.") % {
            "case": row.case_number,
            "due": term.due.strftime("%d/%m/%Y") if term.due else "—",
        }


class CorrectionPage(ConductPage, UpdateView):
    """A row as recorded, to correct: the form starts from what it says, and it changes only through its
    ``do_correct_*`` (with the reason; the chain keeps what it said before)."""

    template_name = "web/conduct_correct.html"
    always_records = True
    title = back_label = message = ""

    def get_object(self, queryset: Any = None) -> Any:
        pk = self.kwargs[self.pk_url_kwarg]
        return get_object_or_404(self.model, pk=pk, person=self.person, body=self.body)

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        # The form never writes the row: the action compares it with what was typed, then changes it.
        kwargs["initial"] = model_to_dict(kwargs.pop("instance"), fields=self.form_class._meta.fields)
        return kwargs

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(
            body=self.body,
            person=self.person,
            title=self.title,
            back=self.list_page(),
            back_label=self.back_label,
            **kwargs,
        )

    def done(self, row: Any) -> str:
        return str(self.message)


class GiftCorrection(CorrectionPage):
    model, form_class, pk_url_kwarg = GiftRecord, GiftCorrectionForm, "gift_id"
    door = staticmethod(register_access.access_obligated_person)
    list_url, anchor = "web:gifts", "regalo"
    title = gettext_lazy("Corregir un regalo anotado")
    back_label = gettext_lazy("Regalos recibidos")
    message = gettext_lazy("Se corrigió el regalo; el motivo queda en el registro.")

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["initial"]["value"] = f"{self.object.value:.2f}"  # dollars as they are typed
        return kwargs

    def write(self, data: dict[str, Any]) -> Any:
        gift = _gift_input(data)
        return do_correct_gift(user=self.request.user, record=self.object, gift=gift, reason=data["reason"])


class SummonsCorrection(SummonsFormKwargs, CorrectionPage):
    model, form_class, pk_url_kwarg = CourtSummons, SummonsCorrectionForm, "summons_id"
    door = staticmethod(register_access.access_obligated_person)
    list_url, anchor = "web:summonses", "citacion"
    title = gettext_lazy("Corregir una citación anotada")
    back_label = gettext_lazy("Citaciones judiciales y administrativas")
    message = gettext_lazy("Se corrigió la citación; el motivo queda en el registro.")

    def write(self, data: dict[str, Any]) -> Any:
        summons = _summons_input(data)
        return do_correct_summons(user=self.request.user, record=self.object, summons=summons, reason=data["reason"])


# -- nepotism -------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def nepotism(request: HttpRequest, body: str, person_id: int) -> HttpResponse:
    action = request.POST.get("action", "check") if request.method == "POST" else ""
    recording = action == "record"
    body_obj, person = register_access.access_obligated_person(request.user, body, person_id, record=recording)
    form = NepotismForm(request.POST if request.method == "POST" else None)
    result = None
    if request.method == "POST" and form.is_valid():
        c = form.cleaned_data
        flags = {
            "waiver": c["waiver"],
            "recommended_by_speaker": c["recommended_by_speaker"],
            "employed_before": c["employed_before"],
        }
        try:
            computed = conduct.nepotism(c["path"], **flags)
        except ValueError:
            form.add_error(
                "relation",
                _(
                    "Ese camino no describe a un pariente (baja y vuelve a subir); descríbalo subiendo hasta el ancestro común y bajando después."
                ),
            )
        else:
            if recording:
                try:
                    check = do_record_nepotism_check(
                        user=request.user,
                        body=body_obj,
                        person=person,
                        candidate=c["candidate"],
                        path=c["path"],
                        **flags,
                    )
                except ConductRefused as exc:
                    _apply_refusal(form, exc)
                else:
                    messages.success(
                        request,
                        _("Se anotó la comprobación de nepotismo de %(candidate)s.") % {"candidate": check.candidate},
                    )
                    return redirect(_person_url(body_obj, person, "#nepotismo"))
            result = {
                "kinship": kinship_text(computed.kinship),
                "within": conduct.within_bar(computed.kinship),
                "barred": computed.barred,
                "findings": findings_rows(computed.findings),
                "candidate": c["candidate"],
            }
    return render(
        request,
        "web/nepotism.html",
        {
            "body": body_obj,
            "person": person,
            "form": form,
            "result": result,
            "checks": check_rows(body_obj, person),
            "can_record": register_access.can_record_register(request.user, body_obj),
            "rule": _rule(conduct.conduct_of(body_obj).nepotism_rule),
            "max_blood": conduct.conduct_of(body_obj).nepotism_max_blood,
            "max_affinity": conduct.conduct_of(body_obj).nepotism_max_affinity,
            "conduct_rules": conduct.conduct_of(body_obj),
        },
        status=400 if form.errors else 200,
    )
