"""Each compliance kind in its own words (issue 29): a financial-report case names an obligated person,
not «Parte querellada»; states no complaint's confidentiality (Secs. 5(5) y 21(d)); offers no candidate
mark (Sec. 24) and no legal representation; and its waiting line reads «al funcionario» (never «a el»).
The words are the rulebook's (``KindSpec.party_labels``, ``confidentiality``, ``side_acts``)."""

from __future__ import annotations

from factories import file_complaint

from ventila.bodies.models import Person
from ventila.rules import RULEBOOKS
from ventila.web.views.turns import contracted

from .test_financial import HEADER, _case, _import, _only_the_tests_people, secretaria  # noqa: F401


def test_a_financial_report_case_in_its_own_words(world, now, secretaria):  # noqa: F811
    now.set("2027-01-10 09:00")
    _import(secretaria, "RRHH.csv", HEADER + "E-010;Marta;Ficticia Ruiz;Funcionaria;Subsecretaria;04/01/2027;\r\n")
    case = _case(Person.objects.get(hr_number="E-010"))
    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    assert "<strong>Funcionario obligado:</strong> " in page and "Marta Ficticia Ruiz" in page
    assert "Parte querellada" not in page and "parte querellada" not in page
    assert "Secs. 5(5) y 21(d)" not in page
    assert "Acceso restringido: solo lo ven las personas autorizadas en este expediente." in page
    assert "candidata" not in page and "Añadir representación legal" not in page
    assert "Se espera al funcionario obligado" in page and " a el " not in page
    spec = RULEBOOKS[case.body.rulebook].kinds[case.kind]
    assert spec.party_labels["respondent"] == "Funcionario obligado" and spec.side_acts == ()


def test_a_complaint_keeps_the_complaints_words(world, now, secretaria):  # noqa: F811
    case = file_complaint(world)
    page = secretaria.get(f"/expedientes/{case.number}/").content.decode()
    assert "Parte querellada" in page or "parte querellada" in page
    assert "Secs. 5(5) y 21(d)" in page and "Añadir representación legal" in page


def test_spanish_contractions():
    assert contracted("Se espera a el funcionario obligado y de el Representante.") == (
        "Se espera al funcionario obligado y del Representante."
    )
    assert contracted("Se espera a la Oficina.") == "Se espera a la Oficina."
