"""The public form's steps. Fields hold what the person typed; the rulebook checks the whole."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ventila import clock

from .procedures import Procedure

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


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
            else:
                out[name] = str(self.data.get(self.add_prefix(name), "") or "").strip()[:20000]
        return out


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
            self.fields["complainant_kind"].choices = list(self.proc.complainant_kinds().items())  # type: ignore[attr-defined]
        else:
            del self.fields["complainant_kind"]
        if self.proc.phone_required:
            self.fields["complainant_phone"].help_text = _(
                "Requerido: un número donde se le pueda contactar o citar (Sec. 20(7))."
            )


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
        label=_("Es candidato o candidata en las próximas elecciones (si lo sabe)"), required=False, help_text=""
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
    knowledge_date = forms.DateField(
        label=_("Fecha en que usted conoció los hechos"),
        required=False,
        widget=DATE_WIDGET,
        error_messages={"invalid": _("Escriba una fecha válida (día, mes y año).")},
    )
    personal_knowledge = forms.BooleanField(
        label=_("Declaro que conozco estos hechos de propio y personal conocimiento"),
        required=False,
        help_text=_("Sec. 21(a)(3): es esencial para que la Comisión pueda evaluar la querella."),
    )
    provisions = forms.MultipleChoiceField(
        label=_("Disposiciones del Código de Ética que se alegan infringidas"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[],
        help_text=_("Marque una o más secciones del Código (Sec. 21(a)(12))."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        spec = self.proc.spec
        if spec.knowledge_term_rule:
            rule = self.proc.rule(spec.knowledge_term_rule)
            self.fields["knowledge_date"].help_text = _(
                "La querella debe presentarse dentro de %(n)s días calendario desde que conoció los hechos "
                "(%(citation)s)."
            ) % {"n": rule.term.amount, "citation": rule.citation}
        else:
            self.fields["knowledge_date"].help_text = _("Si la recuerda.")
        if not self.proc.asks_personal_knowledge:
            del self.fields["personal_knowledge"]
        if not spec.provisions:
            del self.fields["provisions"]
        else:
            self.fields["provisions"].choices = [(k, _(v)) for k, v in spec.provisions.items()]  # type: ignore[attr-defined]


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
        self.fields["kind"].choices = [("", "—"), *kinds.items()]  # type: ignore[attr-defined]
