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
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django.views.generic import UpdateView

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


# -- gifts ----------------------------------------------------------------------------------------


def _gift_input(c: dict[str, Any]) -> GiftInput:
    return GiftInput(c["received_on"], c["description"], c["value"], c["source"], c["kind"], c["foreign"], c["waiver"])


@login_required
@require_http_methods(["GET", "POST"])
def gifts(request: HttpRequest, body: str, person_id: int) -> HttpResponse:
    recording = request.method == "POST"
    body_obj, person = register_access.access_obligated_person(request.user, body, person_id, record=recording)
    form = GiftForm(request.POST if recording else None)
    if recording:
        if form.is_valid():
            try:
                gift = do_record_gift(
                    user=request.user, body=body_obj, person=person, gift=_gift_input(form.cleaned_data)
                )
            except ConductRefused as exc:
                _apply_refusal(form, exc)
            else:
                messages.success(
                    request,
                    _("Se anotó «%(what)s» de %(source)s, recibido el %(day)s.")
                    % {"what": gift.description, "source": gift.source, "day": gift.received_on.strftime("%d/%m/%Y")},
                )
                return redirect(reverse("web:gifts", args=[body_obj.slug, person.pk]) + f"#regalo-{gift.pk}")
    rows = gift_rows(body_obj, person)
    return render(
        request,
        "web/gifts.html",
        {
            "body": body_obj,
            "person": person,
            "rows": rows,
            "findings": sum(len(r["findings"]) for r in rows),
            "form": form,
            "can_record": register_access.can_record_register(request.user, body_obj),
            "rules": [_rule(r) for r in conduct.conduct_of(body_obj).gift_rules],
            "cap": conduct.conduct_of(body_obj).gift_cap,
            "foreign_cap": conduct.conduct_of(body_obj).foreign_gift_cap,
        },
        status=400 if form.errors else 200,
    )


# -- court summonses ------------------------------------------------------------------------------


def _summons_term_label(body: Any) -> str:
    term = conduct.rule(conduct.conduct_of(body).summons_rule).term
    assert term is not None
    return term_label(term.es())


def _summons_input(c: dict[str, Any]) -> SummonsInput:
    return SummonsInput(c["case_number"], c["formally_notified_on"], c["role"], c["secretary_notified_on"])


@login_required
@require_http_methods(["GET", "POST"])
def summonses(request: HttpRequest, body: str, person_id: int) -> HttpResponse:
    recording = request.method == "POST"
    body_obj, person = register_access.access_obligated_person(request.user, body, person_id, record=recording)
    form = SummonsForm(
        request.POST if recording else None,
        term=_summons_term_label(body_obj),
        rule=conduct.conduct_of(body_obj).summons_confidentiality_rule,
    )
    if recording:
        if form.is_valid():
            try:
                summons = do_record_summons(
                    user=request.user, body=body_obj, person=person, summons=_summons_input(form.cleaned_data)
                )
            except ConductRefused as exc:
                _apply_refusal(form, exc)
            else:
                term = conduct.summons_term(body_obj, summons, clock.today())
                messages.success(
                    request,
                    _("Se anotó la citación del caso %(case)s; la notificación a la Secretaría vence el %(due)s.")
                    % {"case": summons.case_number, "due": term.due.strftime("%d/%m/%Y") if term.due else "—"},
                )
                return redirect(reverse("web:summonses", args=[body_obj.slug, person.pk]) + f"#citacion-{summons.pk}")
    return render(
        request,
        "web/summonses.html",
        {
            "body": body_obj,
            "person": person,
            "rows": summons_rows(body_obj, person),
            "form": form,
            "can_record": register_access.can_record_register(request.user, body_obj),
            "rule": _rule(conduct.conduct_of(body_obj).summons_rule),
            "term": _summons_term_label(body_obj),
            "confidentiality": _rule(conduct.conduct_of(body_obj).summons_confidentiality_rule),
            "conduct_rules": conduct.conduct_of(body_obj),
        },
        status=400 if form.errors else 200,
    )


# -- corrections: one row of a person's record edited, through its ``do_correct_*`` ---------------------


class CorrectionView(LoginRequiredMixin, UpdateView):
    """A gift or a summons as recorded, to correct: the form starts from what the row says, and the row
    changes only through its action (with the reason; the chain keeps what it said before). Who may is
    the register's (``access_obligated_person(record=True)``), on a GET too."""

    http_method_names = ["get", "post"]
    template_name = "web/conduct_correct.html"
    list_url = ""  # the person's page of these rows
    anchor = ""  # of the row on that page
    title = back_label = done = ""
    door: Any = None  # who may: each view names its door (the access walk reads it there)

    def get_object(self, queryset: Any = None) -> Any:
        self.body, self.person = self.door(
            self.request.user, self.kwargs["body"], self.kwargs["person_id"], record=True
        )
        record = self.model.objects.filter(
            pk=self.kwargs[self.pk_url_kwarg], person=self.person, body=self.body
        ).first()
        if record is None:
            raise Http404("record not found")
        return record

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        # The form never writes the row: the action compares it with what was typed, then changes it.
        kwargs["initial"] = model_to_dict(kwargs.pop("instance"), fields=self.form_class._meta.fields)
        return kwargs

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        back = reverse(self.list_url, args=[self.body.slug, self.person.pk])
        return super().get_context_data(
            body=self.body, person=self.person, title=self.title, back=back, back_label=self.back_label, **kwargs
        )

    def correct(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            self.correct(form.cleaned_data)
        except ConductRefused as exc:
            _apply_refusal(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, self.done)
        return redirect(
            reverse(self.list_url, args=[self.body.slug, self.person.pk]) + f"#{self.anchor}-{self.object.pk}"
        )

    def form_invalid(self, form: Any) -> HttpResponse:
        return self.render_to_response(self.get_context_data(form=form), status=400)


class GiftCorrection(CorrectionView):
    model, form_class, pk_url_kwarg = GiftRecord, GiftCorrectionForm, "gift_id"
    door = staticmethod(register_access.access_obligated_person)
    list_url, anchor = "web:gifts", "regalo"
    title = gettext_lazy("Corregir un regalo anotado")
    back_label = gettext_lazy("Regalos recibidos")
    done = gettext_lazy("Se corrigió el regalo; el motivo queda en el registro.")

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["initial"]["value"] = f"{self.object.value:.2f}"  # dollars as they are typed
        return kwargs

    def correct(self, data: dict[str, Any]) -> None:
        do_correct_gift(user=self.request.user, record=self.object, gift=_gift_input(data), reason=data["reason"])


class SummonsCorrection(CorrectionView):
    model, form_class, pk_url_kwarg = CourtSummons, SummonsCorrectionForm, "summons_id"
    door = staticmethod(register_access.access_obligated_person)
    list_url, anchor = "web:summonses", "citacion"
    title = gettext_lazy("Corregir una citación anotada")
    back_label = gettext_lazy("Citaciones judiciales y administrativas")
    done = gettext_lazy("Se corrigió la citación; el motivo queda en el registro.")

    def get_form_kwargs(self) -> dict[str, Any]:
        rule = conduct.conduct_of(self.body).summons_confidentiality_rule
        return {**super().get_form_kwargs(), "term": _summons_term_label(self.body), "rule": rule}

    def correct(self, data: dict[str, Any]) -> None:
        summons = _summons_input(data)
        do_correct_summons(user=self.request.user, record=self.object, summons=summons, reason=data["reason"])


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
