"""The public form's steps. Fields hold what the person typed; the rulebook checks the whole."""

from __future__ import annotations

import datetime as dt
from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from ventila import clock

from .procedures import Procedure

OPTIONAL = _("%(label)s (opcional)")


class DatePartsWidget(forms.Widget):
    """A date typed as day, month and year (GOV.UK's date input): three boxes named ``<name>_day``,
    ``_month`` and ``_year``. Its value is the text ``year-month-day`` as typed (digits only, a part
    left empty stays empty), so a partial or impossible date is kept and shown again; a single
    ``<name>`` (ISO ``YYYY-MM-DD``, as the draft stores it) is also read."""

    PARTS = ("day", "month", "year")

    def value_from_datadict(self, data: Any, files: Any, name: str) -> str:
        if any(f"{name}_{p}" in data for p in self.PARTS):
            day, month, year = (_digits(data.get(f"{name}_{p}")) for p in self.PARTS)
            return "" if not (day or month or year) else f"{year}-{month}-{day}"
        return str(data.get(name) or "").strip()

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data and not any(f"{name}_{p}" in data for p in self.PARTS)

    @staticmethod
    def parts(value: Any) -> dict[str, str]:
        """``{"day", "month", "year"}`` of a stored or typed value (a date, ``YYYY-MM-DD`` or as typed)."""
        if isinstance(value, dt.date):
            return {"day": str(value.day), "month": str(value.month), "year": str(value.year)}
        bits = str(value or "").split("-")
        if len(bits) != 3:
            return {"day": "", "month": "", "year": ""}
        year, month, day = bits
        return {"day": day, "month": month, "year": year}


def _digits(value: Any) -> str:
    return "".join(c for c in str(value or "") if c.isdigit())[:4]


class PartsDateField(forms.Field):
    """A date from :class:`DatePartsWidget`: what is missing, or that it is not a real date, said plainly."""

    widget = DatePartsWidget

    def __init__(self, *, what: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.what = what  # «La fecha en que conoció los hechos», the subject of the messages

    def to_python(self, value: Any) -> dt.date | None:
        if value in (None, ""):
            return None
        if isinstance(value, dt.date):
            return value
        p = DatePartsWidget.parts(value)
        missing = [w for k, w in (("day", _("el día")), ("month", _("el mes")), ("year", _("el año"))) if not p[k]]
        if missing:
            listed = missing[0] if len(missing) == 1 else _("%(a)s y %(b)s") % {"a": missing[0], "b": missing[1]}
            raise forms.ValidationError(
                _("%(what)s debe incluir %(missing)s.") % {"what": self.what, "missing": listed}, code="incomplete"
            )
        if len(p["year"]) != 4:
            raise forms.ValidationError(_("El año debe tener 4 cifras, por ejemplo 2027."), code="year")
        try:
            return dt.date(int(p["year"]), int(p["month"]), int(p["day"]))
        except ValueError:
            raise forms.ValidationError(
                _("%(what)s debe ser una fecha real.") % {"what": self.what}, code="invalid"
            ) from None


class StepForm(forms.Form):
    """A step: initial values come from the draft; ``values()`` gives what to store back."""

    stored: tuple[str, ...] = ()

    def __init__(self, *args: Any, proc: Procedure, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.proc = proc

    def raw_values(self) -> dict[str, Any]:
        """What was typed, valid or not (kept in the draft so nothing is lost)."""
        out: dict[str, Any] = {}
        for name in self.stored:
            if name not in self.fields:
                continue
            field = self.fields[name]
            if isinstance(field, forms.MultipleChoiceField):
                out[name] = [v for v in self.data.getlist(self.add_prefix(name)) if v in dict(field.choices)]
            elif isinstance(field, forms.BooleanField):
                out[name] = self.data.get(self.add_prefix(name)) in ("on", "true", "1")
            elif isinstance(field, PartsDateField):
                typed = cast(DatePartsWidget, field.widget).value_from_datadict(
                    self.data, self.files, self.add_prefix(name)
                )
                try:
                    day = field.to_python(typed)
                except forms.ValidationError:
                    day = None
                out[name] = day.isoformat() if day else typed  # as typed when not a date: shown again
            else:
                out[name] = str(self.data.get(self.add_prefix(name), "") or "").strip()[:20000]
        return out

    def optional(self, *names: str) -> None:
        """Mark the fields a person may leave empty: «(opcional)» after the label (GOV.UK)."""
        for name in names:
            if name in self.fields:
                self.fields[name].label = OPTIONAL % {"label": self.fields[name].label}


class ComplainantForm(StepForm):
    stored = ("complainant_name", "complainant_kind", "complainant_address", "complainant_email", "complainant_phone")

    complainant_name = forms.CharField(
        label=_("Su nombre completo"),
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    complainant_kind = forms.ChoiceField(label=_("Presenta la querella como"), required=False, widget=forms.RadioSelect)
    complainant_address = forms.CharField(
        label=_("Dirección postal"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "street-address"}),
        help_text=_("Su dirección postal o su correo electrónico: al menos uno de los dos."),
    )
    complainant_email = forms.EmailField(
        label=_("Correo electrónico"),
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=_("Si lo da, le enviaremos el acuse de recibo a esta dirección."),
        error_messages={"invalid": _("Escriba una dirección de correo electrónico válida, como nombre@ejemplo.com.")},
    )
    complainant_phone = forms.CharField(
        label=_("Teléfono"),
        required=False,
        max_length=40,
        widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}),
        help_text=_("Un número donde se le pueda contactar o citar."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.proc.asks_complainant_kind:
            self.fields["complainant_kind"].choices = list(self.proc.complainant_kinds().items())
        else:
            del self.fields["complainant_kind"]
        if self.proc.phone_required:
            self.fields["complainant_phone"].help_text = _(
                "Requerido: un número donde se le pueda contactar o citar (Sec. 20(7))."
            )
        else:
            self.optional("complainant_phone")


class RespondentForm(StepForm):
    stored = (
        "respondent_office",
        "respondent_name",
        "respondent_role",
        "respondent_title",
        "respondent_municipality",
        "respondent_candidate",
    )

    respondent_office = forms.ChoiceField(
        label=_("Elija a la persona del registro"),
        required=False,
        help_text=_("Si no aparece en la lista, déjela en «No está en la lista» y escriba sus datos abajo."),
    )
    respondent_name = forms.CharField(label=_("Nombre completo"), required=False, max_length=200)
    respondent_role = forms.ChoiceField(label=_("Cargo que ocupa"), required=False)
    respondent_title = forms.CharField(
        label=_("Título del cargo"),
        required=False,
        max_length=200,
        help_text=_("Por ejemplo «Representante del Distrito 12»."),
    )
    respondent_municipality = forms.CharField(label=_("Municipio"), required=False, max_length=80)
    respondent_candidate = forms.BooleanField(
        label=_("Es candidato o candidata en las próximas elecciones"), required=False, help_text=""
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        day = clock.today()
        offices = self.proc.register(day)
        self.fields["respondent_office"].choices = [("", _("No está en la lista"))] + [
            (str(o.pk), f"{o.person} — {o.title}" + (f" ({o.municipality})" if o.municipality else "")) for o in offices
        ]
        roles = self.proc.respondent_roles()
        if len(roles) == 1:
            del self.fields["respondent_role"]
        else:
            self.fields["respondent_role"].choices = [("", "—"), *roles.items()]
        spec = self.proc.spec
        if spec.asks_municipality:
            del self.fields["respondent_title"]
        else:
            del self.fields["respondent_municipality"]
        if spec.office_label:
            self.fields["respondent_office"].label = _(spec.office_label)
        if not spec.candidate_rule:
            del self.fields["respondent_candidate"]
        else:
            rule = self.proc.rule(spec.candidate_rule)
            self.fields["respondent_candidate"].help_text = _(
                "Una querella contra un candidato presentada %(n)s días o menos antes de las elecciones sigue un "
                "procedimiento sumario (%(citation)s)."
            ) % {"n": rule.term.amount, "citation": rule.citation}
        self.optional("respondent_title", "respondent_municipality", "respondent_candidate")

    def raw_values(self) -> dict[str, Any]:
        out = super().raw_values()
        if "respondent_role" not in self.fields:
            out["respondent_role"] = next(iter(self.proc.respondent_roles()))
        return out


class FactsForm(StepForm):
    stored = ("facts", "knowledge_date", "personal_knowledge", "provisions")

    facts = forms.CharField(
        label=_("Los hechos, de forma detallada y específica"),
        required=False,
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text=_("Qué pasó, cuándo, dónde y quién participó. Sea específico: fechas, lugares, cantidades."),
    )
    knowledge_date = PartsDateField(
        label=_("Fecha en que usted conoció los hechos"),
        what=_("La fecha en que conoció los hechos"),
        required=False,
    )
    personal_knowledge = forms.BooleanField(
        label=_("Declaro que conozco estos hechos de propio y personal conocimiento"),
        required=False,
        help_text=_("Sec. 21(a)(3): es esencial para que la Comisión pueda evaluar la querella."),
    )
    provisions = forms.MultipleChoiceField(
        label=_("Qué normas del Código de Ética cree que se violaron"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[],
        help_text=_(
            "Marque una o más. Están agrupadas por tema; cada una dice su sección del Código (Sec. 21(a)(12))."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        spec = self.proc.spec
        self.fields["knowledge_date"].help_text = _("Por ejemplo, 20 2 2027.")
        if not spec.knowledge_term_rule:
            self.optional("knowledge_date")
        if not self.proc.asks_personal_knowledge:
            del self.fields["personal_knowledge"]
        if not spec.provisions:
            del self.fields["provisions"]
        else:
            self.fields["provisions"].choices = [(k, _(v)) for k, v in spec.provisions.items()]


class EvidenceForm(StepForm):
    """One piece of evidence or one witness to add; the lists live in the draft."""

    stored = ("ev_kind", "ev_description", "wit_name", "wit_address")

    ev_kind = forms.ChoiceField(label=_("Tipo de evidencia"), required=False)
    ev_description = forms.CharField(
        label=_("Descripción de la evidencia"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Qué es y qué demuestra."),
    )
    ev_file = forms.FileField(
        label=_("Archivo (opcional)"), required=False, help_text=_("PDF, imagen, documento, audio o vídeo.")
    )
    wit_name = forms.CharField(label=_("Nombre del testigo"), required=False, max_length=200)
    wit_address = forms.CharField(
        label=_("Dirección del testigo"), required=False, max_length=500, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ev_kind"].choices = [("", "—"), *self.proc.evidence_kinds().items()]


class SwornForm(StepForm):
    stored = ("perjury_acknowledged", "signature")

    perjury_acknowledged = forms.BooleanField(
        label=_(
            "He leído el apercibimiento de perjurio, entiendo sus consecuencias y juro que lo que declaro es cierto"
        ),
        required=False,
    )
    signature = forms.CharField(
        label=_("Firma: escriba su nombre completo"),
        required=False,
        max_length=200,
        help_text=_("Igual que lo escribió en el primer paso."),
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    # Honeypot: hidden from people (and from screen readers); automated senders fill it.
    sitio_web = forms.CharField(label=_("No escriba nada aquí"), required=False)


class SupplementForm(forms.Form):
    """Evidence added later with the follow-up key (Sec. 21(a)(4)–(10)): checked like the filing's."""

    kind = forms.ChoiceField(
        label=_("Tipo de evidencia"),
        error_messages={
            "required": _("Elija el tipo de evidencia de la lista."),
            "invalid_choice": _("Elija el tipo de evidencia de la lista."),
        },
    )
    description = forms.CharField(
        label=_("Descripción"),
        max_length=2000,
        error_messages={"required": _("Describa brevemente esta evidencia: qué es y qué demuestra.")},
    )
    file = forms.FileField(label=_("Archivo (opcional)"), required=False)

    def __init__(self, *args: Any, kinds: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [("", "—"), *kinds.items()]
