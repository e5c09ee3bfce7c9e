"""The forms of the register of obligated people: the file to import, which column is which, and
a financial report received."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from ventila.bodies.models import OfficeTerm
from ventila.compliance.importer import COLUMNS
from ventila.compliance.models import FinancialReport
from ventila.web.forms import DATE_WIDGET


def max_upload_bytes() -> int:
    return int(getattr(settings, "VENTILA_REGISTER_MAX_MB", 2) * 1024 * 1024)


def _size(n: float) -> str:
    """A file size as people read it: «850 KB», «3,2 MB»."""
    if n < 1024 * 1024:
        return f"{max(1, round(n / 1024))} KB"
    return f"{n / (1024 * 1024):.1f}".replace(".", ",") + " MB"


def _date_field(label: Any, help_text: Any, required: Any) -> forms.DateField:
    """A required date typed in the browser's date picker; ``required``: the message when it is left empty."""
    return forms.DateField(
        label=label,
        widget=DATE_WIDGET,
        help_text=help_text,
        error_messages={"required": required, "invalid": _("Escriba una fecha válida, por ejemplo 15/08/2027.")},
    )


class RegisterFileForm(forms.Form):
    file = forms.FileField(
        label=_("Archivo de Recursos Humanos"),
        help_text=_(
            "Un CSV (.csv) o un libro de Excel (.xlsx) con una fila por cargo: nombre, apellidos, categoría, "
            "cargo, fecha de toma de posesión y, si cesó, fecha de cese. La primera fila debe tener los "
            "nombres de las columnas."
        ),
        error_messages={
            "required": _("Elija el archivo que va a importar."),
            "empty": _("El archivo está vacío."),
            "invalid": _("No se recibió un archivo; elíjalo de nuevo."),
        },
    )

    def clean_file(self) -> Any:
        f = self.cleaned_data["file"]
        limit = max_upload_bytes()
        if f.size > limit:
            raise forms.ValidationError(
                _(
                    "El archivo pesa %(size)s; el máximo es %(max)s. Divida el archivo o quite las columnas que no se usan."
                )
                % {"size": _size(f.size), "max": _size(limit)}
            )
        return f


class MappingForm(forms.Form):
    """For each field of the register, the column of the file that holds it."""

    def __init__(self, *args: Any, headers: Sequence[str], initial_mapping: Mapping[str, int | None], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.headers = list(headers)
        choices = [("", _("— no está en el archivo —"))] + [
            (str(i), f"{h or _('(sin nombre)')} · {_('columna')} {i + 1}") for i, h in enumerate(headers)
        ]
        for name, (label, required, _words) in COLUMNS.items():
            guess = initial_mapping.get(name)
            self.fields[f"col_{name}"] = forms.ChoiceField(
                label=label,
                choices=choices,
                required=required,
                initial="" if guess is None else str(guess),
                error_messages={"required": _("Diga qué columna del archivo tiene este dato.")},
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        used: dict[str, str] = {}
        for name in COLUMNS:
            value = data.get(f"col_{name}")
            if not value:
                continue
            if value in used:
                self.add_error(
                    f"col_{name}",
                    _("Esa columna ya se usa para «%(other)s»; cada columna sirve para un dato.")
                    % {"other": COLUMNS[used[value]][0]},
                )
            else:
                used[value] = name
        return data

    def mapping(self) -> dict[str, int | None]:
        out: dict[str, int | None] = {}
        for name in COLUMNS:
            value = self.cleaned_data.get(f"col_{name}") if hasattr(self, "cleaned_data") else None
            out[name] = int(value) if value not in (None, "") else None
        return out


class ReportForm(forms.Form):
    covers_year = forms.IntegerField(
        label=_("Año que cubre el informe"),
        min_value=1990,
        max_value=2100,
        help_text=_("El año natural que cubre: el informe inicial cubre el año antes de la toma de posesión."),
        error_messages={
            "required": _("Escriba el año que cubre el informe, por ejemplo 2026."),
            "invalid": _("Escriba el año con cuatro cifras, por ejemplo 2026."),
            "min_value": _("Escriba un año a partir de 1990."),
            "max_value": _("Escriba un año hasta 2100."),
        },
    )
    report_type = forms.ChoiceField(
        label=_("Tipo de informe"),
        choices=FinancialReport.ReportType.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Elija el tipo de informe.")},
    )
    filed_on = _date_field(
        _("Fecha de radicación en la OEG"),
        _("El día en que se radicó por el sistema electrónico de la OEG."),
        _("Escriba la fecha en que se radicó el informe."),
    )
    sworn = forms.BooleanField(label=_("Consta radicado bajo juramento (Sec. 14(a))"), required=False)
    electronic = forms.BooleanField(
        label=_("Consta radicado por el sistema de radicación electrónica de la OEG (Sec. 14(a)–(b))"),
        required=False,
    )
    secretary_notified_on = forms.DateField(
        label=_("Fecha en que notificó a la Secretaría de la Cámara (opcional)"),
        widget=DATE_WIDGET,
        required=False,
        help_text=_("Quien radica notifica a la Secretaría de la Cámara dentro de 2 días laborables (Sec. 14(c))."),
        error_messages={"invalid": _("Escriba una fecha válida, por ejemplo 17/08/2027.")},
    )
    note = forms.CharField(
        label=_("Nota (opcional)"),
        max_length=300,
        required=False,
        help_text=_("Por ejemplo, el número del acuse de la OEG."),
    )


ROLE_FILTER_CHOICES = OfficeTerm.Role.choices


class ReferralForm(forms.Form):
    """The day the Commission received the OEG's referral (Sec. 16(b)): the referral case's first act."""

    received_on = _date_field(
        _("Fecha en que la Comisión recibió el referido"),
        _("Desde ese día el referido se atiende como una querella (Sec. 16(b))."),
        _("Escriba la fecha en que se recibió el referido."),
    )
