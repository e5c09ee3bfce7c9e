"""The Spanish texts of the rulebooks' form hints (``ventila/rules/rulebooks/*/forms.py``), marked
for ``makemessages``: the rulebooks import no Django, so their texts are listed here for the
catalogue, and the forms translate them when shown (``cases.evaluation.rulebook_text``).
``tests/web/test_form_hints.py`` checks that every text a hint can show has its English."""

from __future__ import annotations

from django.utils.translation import gettext_noop

TEXTS = (
    # Cámara (camara_171/forms.py)
    gettext_noop("Con notificación hoy, la vista %(which)sno puede celebrarse antes del %(day)s (%(rule)s)."),
    gettext_noop("inicial "),
    gettext_noop(
        "Notificación insuficiente: una vista %(which)snotificada el %(notice)s no puede celebrarse antes "
        "del %(earliest)s («%(quote)s», %(rule)s, %(citation)s)."
    ),
    gettext_noop("Las causas de desestimación no aplican a una determinación de causa probable."),
    gettext_noop(
        "Sec. 25: el Informe sobre un Representante o funcionario va a la Cámara en Pleno; sobre un jefe "
        "de dependencia, al Presidente de la Cámara."
    ),
    gettext_noop("Hay una cantidad de multa pero no se marcó la sanción «Multa»."),
    gettext_noop("Caso judicial sobre los mismos hechos"),
    gettext_noop(
        "Tribunal, número y epígrafe del caso que motiva la suspensión (Sec. 23; ¶28 para la Comisión municipal)."
    ),
    gettext_noop("Indique el caso judicial que suspende los términos."),
    gettext_noop("Cámara de Representantes"),
    # the staff's docketing form (camara_171/forms.py, ``_filing_hints``: Secs. 20–21(a))
    gettext_noop("La persona y el cargo que ocupa, del registro (Sec. 21(a)(1))."),
    gettext_noop(
        "Una querella presentada 120 días o menos antes de las elecciones sigue el procedimiento sumario (Sec. 24)."
    ),
    gettext_noop("Requerido (Sec. 20(7))."),
    gettext_noop("Sec. 21(a)(2)."),
    gettext_noop("Sec. 21(a)(12); por ejemplo «Sec. 10(j)»."),
    gettext_noop("Sec. 21(a)(11)."),
    gettext_noop("Sec. 20(4): en persona en la Oficina de la Comisión o por correo electrónico."),
    gettext_noop("Sec. 20(2): sin juramento no se puede presentar."),
    gettext_noop("La querella debe estar jurada bajo apercibimiento de perjurio (Sec. 20(2))."),
    gettext_noop("Sec. 21(a)(3)."),
    gettext_noop("La querella debe declarar conocimiento propio y personal (Sec. 21(a)(3))."),
    # the public e-filing (camara_171/__init__.py, ``public_filing``)
    gettext_noop(
        "Querellas contra Representantes, funcionarios de la Cámara o jefes de dependencia (Código de Ética "
        "de la Cámara, Sec. 20)."
    ),
    # Municipal (municipal/forms.py)
    gettext_noop("La querella está jurada"),
    # each body's oath on its public form (``PublicFiling.oath``, issue 29)
    gettext_noop(
        "Esta querella se presenta por escrito y bajo juramento (Sec. 20(2) del Código de Ética de la Cámara "
        "de Representantes). Al firmarla, usted jura que lo que declara es cierto y que conoce los hechos de "
        "propio y personal conocimiento."
    ),
    gettext_noop(
        "Esta querella se presenta por escrito y bajo juramento (¶12 de la ley de la Comisión para Ventilar "
        "Querellas Municipales). Al firmarla, usted jura que lo que declara es cierto."
    ),
    gettext_noop("Querellas contra un alcalde o alcaldesa."),
    gettext_noop("Elija al alcalde o alcaldesa del registro"),
    gettext_noop("Alcalde o alcaldesa"),
    gettext_noop("Documentos"),
    gettext_noop("Fotografías, grabaciones o vídeos"),
    gettext_noop("Documentos oficiales o certificaciones de una agencia"),
    gettext_noop("Otra evidencia"),
    gettext_noop("Con notificación hoy, la vista no puede celebrarse antes del %(day)s (¶15, %(rule)s)."),
    gettext_noop("La orden o resolución del tribunal que paraliza los procedimientos (¶28): tribunal, número y fecha."),
    gettext_noop("Indique la orden del tribunal: solo una orden del tribunal paraliza los procedimientos (¶28)."),
    gettext_noop("Relación de hechos y determinaciones"),
    gettext_noop("La resolución de desestimación contiene relación de hechos y determinaciones (¶14)."),
    gettext_noop("La resolución debe contener la relación de hechos y las determinaciones (¶14)."),
    gettext_noop("Conclusiones de derecho"),
    gettext_noop("Y sus conclusiones de derecho (¶14)."),
    gettext_noop("La resolución debe contener las conclusiones de derecho (¶14)."),
    # Cámara, the preventive matters (issue 16): Sec. 11 (s10_s13_conduct), Sec. 17 (s14_s18_financial),
    # Sec. 27 (s25_s31_reports).
    gettext_noop("Indique si es otro empleo, un contrato o un negocio."),
    gettext_noop("Una oposición debe indicar sus fundamentos en la Ley o en las Reglas (Sec. 11(C))."),
    gettext_noop("La solicitud debe indicar %(what)s (Sec. 17(4), %(rule)s)."),
    gettext_noop("(a) el nombre del solicitante"),
    gettext_noop("(a) su dirección"),
    gettext_noop("(a) su ocupación"),
    gettext_noop("(b) para quién se solicita"),
    gettext_noop("(c) el interés legítimo, la pertinencia y la necesidad"),
    gettext_noop("(d) que conoce las restricciones de uso"),
    gettext_noop("(e) que conoce la pena por mal uso"),
    gettext_noop("el juramento"),
    gettext_noop("Indique el título del reglamento."),
)
