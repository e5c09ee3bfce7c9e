"""``ventila deadlines --explain``: the explanation a clerk reads (issue 11, item 5).

It never shows an internal id as the start of a term, names the real start of the ``file_complaint``
term (the day the complainant learned of the facts, Sec. 20(6), CAM-20-06) and writes hour terms as
Spanish dates and times. Every date below was computed by hand.
"""

from __future__ import annotations

import re

from rule_input import case, ev, municipal_heard, readme_complaint

from ventila.rules import evaluate
from ventila.rules.explain import explain

# A date-time in ISO form (2028-10-02T09:30…): never in the text a clerk reads.
ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")
# An identifier (snake_case) where the start of a term is named: «commissioner_report_due».
ID_AS_START = re.compile(r"desde «[a-z]+(?:_[a-z]+)+»")


def _text(scenario: dict) -> str:  # type: ignore[type-arg]
    return explain(evaluate(scenario))


def test_cam_20_06_file_complaint_runs_from_the_knowledge_date() -> None:
    # Knew of the facts Wed 10 Feb 2027; filed Mon 1 Mar 2027; 10 Feb + 30 days = Fri 12 Mar 2027.
    text = _text(readme_complaint())
    block = text.split("[file_complaint]", 1)[1].split("■", 1)[0]
    assert (
        "Término: 30 días calendario, desde «fecha en que conoció los hechos» "
        "(miércoles, 10 de febrero de 2027)." in block
    )
    assert "vence el viernes, 12 de marzo de 2027" in text
    assert "desde «Querella presentada»" not in block
    assert "Acto: «Querella presentada» el lunes, 1 de marzo de 2027." in block


def test_mun_dec_02_late_report_start_is_named_not_its_id() -> None:
    # MUN-REP-01: 15 days from Fri 4 Jun 2027 = Sat 19 Jun (Juneteenth) → Mon 21 Jun. No report:
    # MUN-DEC-02 runs from that due date (ambiguity 10): 21 Jun + 15 = Tue 6 Jul 2027.
    text = _text(municipal_heard("2027-06-04", "commissioner", as_of="2027-07-10"))
    assert "commissioner_report_due" not in text
    assert not ID_AS_START.search(text)
    block = text.split("[decide]", 1)[1]
    assert "desde «vencimiento del término para el informe (ambigüedad 10)» (lunes, 21 de junio de 2027)." in block
    assert "vence el martes, 6 de julio de 2027" in block


def test_cam_24c_hour_terms_are_spanish_dates_and_times() -> None:
    # A candidate's complaint filed Sun 1 Oct 2028, within 120 days of the 7 Nov 2028 election: the
    # summary procedure. Notified Mon 2 Oct 2028 09:30: 24 h (CAM-24C-01) → Tue 3 Oct 09:30; 48 h
    # (CAM-24C-03) → Wed 4 Oct 09:30.
    text = _text(
        case(
            "camara-171",
            "complaint",
            ev("complaint_filed", "2028-10-01T10:15", knowledge_date="2028-09-20"),
            ev("respondent_notified", "2028-10-02T09:30"),
            as_of="2028-10-10T12:00",
            respondent={"candidate": True},
        )
    )
    assert not ISO_MOMENT.search(text), ISO_MOMENT.findall(text)
    assert (
        "Desde el lunes, 2 de octubre de 2028 a las 09:30 (notificación al querellado) se cuentan 24 horas "
        "corridas (hora de Puerto Rico): vence el martes, 3 de octubre de 2028 a las 09:30." in text
    )
    assert "vence el miércoles, 4 de octubre de 2028 a las 09:30." in text
    assert "Término: 24 horas, desde «notificación al querellado» (lunes, 2 de octubre de 2028 a las 09:30)." in text
