"""The staff search's form (a GET form): the words searched, checked before anything is asked."""

from __future__ import annotations

from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext_lazy as _

from ventila.search.query import MAX_QUERY


class SearchForm(forms.Form):
    q = forms.CharField(
        label=_("Buscar en los expedientes"),
        help_text=_("Un número de expediente, un nombre o palabras de las anotaciones y los documentos."),
        max_length=MAX_QUERY,
        strip=True,
        error_messages={
            "required": _("Escriba lo que busca."),
            "max_length": _("Escriba como máximo %(limit_value)d caracteres (la búsqueda tiene %(show_value)d)."),
        },
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["q"]
        # A NUL is refused with this form's own words (below), not Django's generic message.
        field.validators = [v for v in field.validators if not isinstance(v, ProhibitNullCharactersValidator)]

    def clean_q(self) -> str:
        value: str = self.cleaned_data["q"]
        if "\x00" in value:
            raise forms.ValidationError(_("La búsqueda contiene un carácter nulo; escríbala de nuevo."))
        return value
