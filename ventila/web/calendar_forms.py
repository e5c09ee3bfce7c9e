"""The forms of a body's calendar: a declared closure, an election day, and why either is removed."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import Body, Closure, ElectionDay
from ventila.web.forms import DATE_WIDGET


class ClosureForm(forms.ModelForm):
    class Meta:
        model = Closure
        fields = ["day", "reason"]
        widgets = {"day": DATE_WIDGET}
        labels = {"day": _("Día de cierre"), "reason": _("Motivo")}
        help_texts = {
            "day": _("No contará como día laborable en ningún término del cuerpo."),
            "reason": _("Por ejemplo «Orden Ejecutiva OE-2027-041 (huracán)»."),
        }

    def __init__(self, *args: Any, body: Body, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.body = body

    def clean_day(self) -> dt.date:
        day = self.cleaned_data["day"]
        if self.body.closures.filter(day=day).exists():
            raise forms.ValidationError(_("Ese día ya está declarado como cierre."))
        return day


class ElectionForm(forms.ModelForm):
    kind = forms.ChoiceField(label=_("Tipo"), choices=ElectionDay.Kind.choices, widget=forms.RadioSelect)
    reason = forms.CharField(
        label=_("Motivo"),
        max_length=200,
        help_text=_("De dónde sale la fecha, por ejemplo «Código Electoral, Art. 10.1»."),
    )

    class Meta:
        model = ElectionDay
        fields = ["kind", "day"]
        widgets = {"day": DATE_WIDGET}
        labels = {"day": _("Día de la elección")}
        help_texts = {"day": ""}
        error_messages = {"day": {"unique": _("Ese día ya está anotado como elección.")}}


class RemovalForm(forms.Form):
    """Why a closure or an election day is removed (it moves every open term of the body)."""

    reason = forms.CharField(
        label=_("Motivo"),
        max_length=300,
        help_text=_("Por qué se elimina; queda en el registro de auditoría."),
    )
