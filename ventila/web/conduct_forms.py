"""The forms of a person's gifts (Secs. 10(k), 10(n)), court summonses (10(w)) and the nepotism check
for a hiring (10(t)). They only take what was typed; every legal check is the engine's."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ventila.compliance.conduct_models import CourtSummons, GiftRecord
from ventila.rules.kinship import STEPS
from ventila.web.forms import DATE_WIDGET
from ventila.web.procedure_forms import KINSHIP_PATHS

_MONEY = re.compile(r"(\d{1,10}|\d{1,3}(,\d{3}){1,3})(\.\d{1,2})?")  # «250», «1,250.00»: a comma only groups thousands
MAX_STEPS = 6  # steps offered to describe a relationship by hand (a fifth-degree relative needs five)
STEP_CHOICES = (
    ("parent", _("padre o madre de")),
    ("child", _("hijo o hija de")),
    ("sibling", _("hermano o hermana de")),
    ("spouse", _("cónyuge de")),
)
assert {s for s, _label in STEP_CHOICES} == set(STEPS)  # the calculator's own vocabulary
STEPS_CHOICE = "steps"


def parse_money(text: str) -> Decimal:
    """Dollars as typed: «250», «250.01», «$1,250.00». ValueError when it is not an amount."""
    cleaned = text.strip().removeprefix("$").strip()
    if not _MONEY.fullmatch(cleaned):
        raise ValueError(text)
    try:
        return Decimal(cleaned.replace(",", ""))
    except InvalidOperation:
        raise ValueError(text) from None


def one_line(value: str) -> None:
    """A single-line field refuses line breaks (a pasted header, «\\r\\nBcc: …») with the reason."""
    if "\r" in value or "\n" in value:
        raise forms.ValidationError(_("Escriba este dato en una sola línea, sin saltos de línea."))


_DATE_ERRORS = {"invalid": _("Escriba una fecha válida, por ejemplo 15/08/2027.")}


class ConductForm(forms.ModelForm):
    """A row of a person's conduct record as typed: its one-line texts refuse line breaks."""

    one_line_fields: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self.one_line_fields:
            self.fields[name].validators.insert(0, one_line)


class GiftForm(ConductForm):
    one_line_fields = ("description", "value", "source", "waiver")

    value = forms.CharField(  # dollars as typed («$1,250.00»): ``clean_value`` reads them
        label=_("Valor en dólares"),
        max_length=20,
        help_text=_("El valor o valor aparente, al centavo: por ejemplo 250.00."),
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "class": "input-short"}),
        error_messages={
            "required": _("Escriba el valor en dólares, por ejemplo 250.00."),
            "max_length": _("Escriba el valor en dólares, por ejemplo 250.00."),
        },
    )

    class Meta:
        model = GiftRecord
        fields = ["received_on", "description", "value", "source", "kind", "foreign", "waiver"]
        widgets = {"received_on": DATE_WIDGET, "kind": forms.RadioSelect}
        labels = {
            "received_on": _("Fecha en que se recibió"),
            "description": _("Qué se recibió"),
            "source": _("Quién lo dio"),
            "kind": _("Qué es"),
            "foreign": _("De un país extranjero o de un funcionario extranjero (Sec. 10(n))"),
            "waiver": _("Dispensa de la Cámara (opcional)"),
        }
        help_texts = {
            "received_on": "",
            "description": _("Por ejemplo, «cesta de frutas» o «placa de reconocimiento»."),
            "source": _(
                "La persona o entidad: varios regalos de una misma fuente pueden formar un patrón (Sec. 10(k))."
            ),
            "foreign": "",
            "waiver": _("Si es de fuente extranjera y la Cámara lo dispensó, el número de la Resolución."),
        }
        error_messages = {
            "received_on": {"required": _("Escriba la fecha en que se recibió."), **_DATE_ERRORS},
            "description": {
                "required": _("Describa lo que se recibió."),
                "max_length": _("Escriba como máximo 300 caracteres."),
            },
            "source": {"required": _("Escriba quién lo dio."), "max_length": _("Escriba como máximo 200 caracteres.")},
            "kind": {"required": _("Elija qué es lo recibido."), "invalid_choice": _("Elija una de las opciones.")},
            "waiver": {"max_length": _("Escriba como máximo 200 caracteres.")},
        }

    def clean_value(self) -> Decimal:
        try:
            return parse_money(self.cleaned_data["value"])
        except ValueError:
            raise forms.ValidationError(
                _("Escriba el valor en dólares con punto decimal y hasta dos decimales, por ejemplo 250.01.")
            ) from None


class ReasonMixin(forms.Form):
    field_order = ["reason"]  # the reason first, then the corrected fields
    reason = forms.CharField(
        label=_("Motivo de la corrección"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Queda en el registro con la corrección."),
        error_messages={
            "required": _("Escriba por qué se corrige."),
            "max_length": _("Escriba como máximo 500 caracteres."),
        },
    )


class GiftCorrectionForm(GiftForm, ReasonMixin):
    pass


class SummonsForm(ConductForm):
    one_line_fields = ("case_number",)

    role = forms.ChoiceField(  # a radio button each, and none chosen until one is
        label=_("Papel en el caso"),
        choices=CourtSummons.Role.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Elija si la persona es parte o testigo."),
            "invalid_choice": _("Elija una de las opciones."),
        },
    )

    class Meta:
        model = CourtSummons
        fields = ["case_number", "formally_notified_on", "role", "secretary_notified_on"]
        widgets = {"formally_notified_on": DATE_WIDGET, "secretary_notified_on": DATE_WIDGET}
        labels = {
            "case_number": _("Número del caso o de la citación"),
            "formally_notified_on": _("Fecha de la notificación formal"),
            "secretary_notified_on": _("Fecha en que notificó por escrito a la Secretaría de la Cámara (opcional)"),
        }
        help_texts = {
            "secretary_notified_on": _("En blanco si aún no consta; puede añadirse después con una corrección."),
        }
        error_messages = {
            "case_number": {
                "required": _("Escriba el número del caso o de la citación."),
                "max_length": _("Escriba como máximo 80 caracteres."),
            },
            "formally_notified_on": {"required": _("Escriba la fecha de la notificación formal."), **_DATE_ERRORS},
            "secretary_notified_on": _DATE_ERRORS,
        }

    def __init__(self, *args: Any, term: str = "", rule: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if rule:  # the rulebook's rule that keeps the summons confidential (Sec. 10(w))
            self.fields["case_number"].help_text = _(
                "Solo el número: la notificación no incluye detalles del testimonio ni del propósito de la "
                "citación (Sec. 10(w), %(rule)s)."
            ) % {"rule": rule}
        if term:  # the rulebook's term (CAM-10W-01), in the reader's language
            self.fields["formally_notified_on"].help_text = _(
                "El día en que se le notificó formalmente: el término de %(term)s cuenta desde ahí."
            ) % {"term": term}


class SummonsCorrectionForm(SummonsForm, ReasonMixin):
    pass


def _step_field(n: int) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("Paso %(n)s") % {"n": n},
        required=False,
        choices=[("", "—"), *STEP_CHOICES],
        error_messages={"invalid_choice": _("Elija uno de los pasos de la lista.")},
    )


class NepotismForm(forms.Form):
    candidate = forms.CharField(
        validators=[one_line],
        label=_("Nombre del candidato"),
        max_length=200,
        help_text=_("La persona que se recomendaría, mantendría o contrataría."),
        error_messages={
            "required": _("Escriba el nombre del candidato."),
            "max_length": _("Escriba como máximo 200 caracteres."),
        },
    )
    relation = forms.ChoiceField(
        label=_("Parentesco del candidato con la persona obligada"),
        choices=[("", "—"), *KINSHIP_PATHS, (STEPS_CHOICE, _("Otro: describirlo paso a paso"))],
        help_text=_("El candidato es … de la persona obligada."),
        error_messages={
            "required": _("Elija el parentesco."),
            "invalid_choice": _("Elija uno de los parentescos de la lista."),
        },
    )
    waiver = forms.BooleanField(label=_("El Presidente de la Cámara lo dispensó expresamente"), required=False)
    recommended_by_speaker = forms.BooleanField(
        label=_("Lo recomendó el Presidente de la Cámara (la dispensa se presume)"), required=False
    )
    employed_before = forms.BooleanField(
        label=_("Ya trabajaba en la Cámara antes de la elección o designación de la persona obligada"),
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, MAX_STEPS + 1):
            self.fields[f"step_{n}"] = _step_field(n)

    def step_fields(self) -> list[Any]:
        return [self[f"step_{n}"] for n in range(1, MAX_STEPS + 1)]

    def main_fields(self) -> list[Any]:
        return [self[n] for n in ("candidate", "relation")]

    def flag_fields(self) -> list[Any]:
        return [self[n] for n in ("waiver", "recommended_by_speaker", "employed_before")]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        relation = data.get("relation")
        if relation == STEPS_CHOICE:
            steps = [data.get(f"step_{n}") or "" for n in range(1, MAX_STEPS + 1)]
            while steps and not steps[-1]:
                steps.pop()
            if not steps:
                self.add_error("step_1", _("Elija al menos un paso: el candidato es … de … de la persona obligada."))
            elif "" in steps:
                self.add_error(f"step_{steps.index('') + 1}", _("Elija este paso o deje en blanco los siguientes."))
            else:
                # Read as typed («hijo de hermano de»: the candidate is the child of a sibling), the path
                # from the obligated person to the candidate goes the other way.
                data["path"] = tuple(reversed(steps))
        elif relation:
            data["path"] = tuple(relation.split("+"))
        return data
