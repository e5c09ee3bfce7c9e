"""The House's Ethics Commission in ``ventila demo`` (:mod:`ventila.rules.demo`): its fictitious members,
a dozen complaints and a referral at different stages, the documents their acts call for, and the act
sequences of the other demo loaders. Every person and text here is fictitious."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ...demo import Alternate, Demo, DemoBody, Issue, Opening, Plan, Serve, Step
from ...parts import Days
from . import samples

MEMBERS = (  # fictitious Representatives seated on the Ethics Commission
    ("Marisol", "Figueroa Santiago", "president", "representative", "Representante del Distrito 7"),
    ("Héctor Luis", "Rivera Colón", "vice_president", "representative", "Representante del Distrito 15"),
    ("Carmen Delia", "Ortiz Maldonado", "secretary", "representative", "Representante del Distrito 22"),
    ("Ramón", "Pagán Vélez", "minority_spokesperson", "representative", "Representante por Acumulación"),
    ("Luz Enid", "Cruz Morales", "member", "representative", "Representante del Distrito 3"),
    ("Gilberto", "Alicea Rosario", "member", "representative", "Representante del Distrito 31"),
    ("Yolanda", "Nieves Quiñones", "member", "representative", "Representante del Distrito 36"),
)


def _ordinary(role: str = "representative") -> tuple[Step, ...]:
    """A complaint through the ordinary procedure to its close; the referral and sanction by ``role``."""
    sanction: dict[str, Any] = (
        {"sanctions": ["fine"], "fine_amount": 1500}
        if role == "representative"
        else {"sanctions": ["written_reprimand"]}
    )
    return (
        *samples.ORDINARY[:7],  # from the notice to the end of the evidentiary hearing, as ``ventila generate``
        Step(
            "resolved",
            10,
            {"outcome": "charges_proven"},
            {
                "report_findings": "La Comisión determina probados los hechos de la querella.",
                "recommendation": "Se recomienda la sanción que dispone la Sec. 26.",
            },
            votes=(5, 1),
        ),
        Step("report_referred", 0, {"to": "house" if role in ("representative", "officer") else "speaker"}),
        Step("sanction_decided", 5, sanction),
        Step("case_closed", 1),
    )


_FULL = _ordinary()
_EXTENSION = (
    Step("respondent_notified", 2),
    Step("extension_requested", 5, {"reasons": "Acopio de prueba documental."}),
    Step("extension_granted", 1, {"business_days": 10}),
)
_DISMISSAL = (
    Step("respondent_notified", 2),
    Step("answer_filed", 6),
    Step("determination_made", 9, {"outcome": "dismissed", "grounds": ["frivolous"]}, votes=(6, 1)),
    Step("determination_notified", 2),
    Step("case_closed", 3),
)

PLANS = (
    Plan(0, (), 0, facts="Uso de un vehículo oficial para fines personales."),
    Plan(1, _FULL[:1], 3, facts="Contratación de un familiar en su oficina.", documents=True),
    Plan(2, _FULL[:1], 20, facts="Recibo de un regalo de más de $250 de un contratista."),
    Plan(3, _EXTENSION, 2, facts="Ingresos extra-legislativos sin notificar."),
    Plan(4, _FULL[:2], 4, facts="Uso de información confidencial."),
    Plan(5, _DISMISSAL, 10, facts="Expresiones ofensivas en una vista pública.", documents=True),
    Plan(6, _FULL[:4], 1, facts="Gestión a favor de un donante."),
    Plan(7, _FULL[:5], 0, facts="Conflicto de interés en una medida legislativa."),
    Plan(8, _FULL[:7], 5, facts="Uso de fondos de la oficina para actividades políticas.", documents=True),
    Plan(9, _ordinary("officer")[:8], 1, facts="Compras sin el trámite de subasta."),
    # Resolved, referred, sanctioned and closed: the public record shows its resolution, its Final
    # Report (acted on) and the sanction (issue 17).
    Plan(0, _FULL, 10, facts="Cobro de dietas por sesiones a las que no asistió.", documents=True),
    Plan(10, _ordinary("department_head")[:9], 2, facts="Nombramientos sin convocatoria."),
    Plan(
        11,
        (Step("respondent_notified", 2),),
        1,
        kind="referral",
        facts="Referido de la OEG por informes tardíos.",
        documents=True,
    ),
)

_EMAIL, _HAND = "email_attachment", "hand"

DEMO = Demo(
    body=DemoBody(
        slug="etica-camara",
        name="Comisión de Ética de la Cámara de Representantes",
        short_name="Ética (Cámara)",
        case_prefix="CE",
        seats=7,
        secretary="secretaria",
        members=MEMBERS,
        seated=dt.date(2025, 1, 13),
    ),
    plans=PLANS,
    openings={
        "complaint": Opening(
            {"knowledge_date": Days(-12), "facts_date": Days(-15), "channel": Alternate(("in_person", "email"))},
            {"provisions": "Sec. 10(i), Sec. 10(j)"},
        ),
        "referral": Opening({"facts_date": Days(-20), "evidence_attached": True}, complainant=False),
    },
    receipts={
        "respondent_notified": Issue(
            "notice_of_complaint",
            (Serve("respondent", _EMAIL), Serve("respondent", _HAND, "Acuse de recibo firmado en su oficina.")),
        ),
        "determination_notified": Issue(
            "determination",
            (
                Serve("respondent", _HAND, "Entregada en su oficina."),
                Serve("complainant", "mail", "Acuse de recibo del correo certificado."),
            ),
            source="determination_made",
        ),
    },
    issues={
        # Sec. 21(c)(11): the respondent's initial summons is served in person.
        "hearing_noticed": Issue(
            "hearing_summons", (Serve("respondent", _HAND, "Citación entregada en mano."), Serve("complainant", _EMAIL))
        ),
        "resolved": Issue("resolution", (Serve("respondent", _EMAIL), Serve("complainant", _EMAIL))),
        "report_referred": Issue("final_report", (Serve("speaker", _EMAIL),)),  # Sec. 25: the House or the Speaker
    },
    flows={
        # The loaders of the Code's preventive half (web/demo_matters.py, web/demo_register.py) replay these
        # acts, dating each themselves. Sec. 11: a notice of an outside activity and the Commission's
        # objection (by roll call).
        "outside_activity": (
            Step("outside_activity_notified", 0),
            Step(
                "objection_decided",
                0,
                {"objected": True, "grounds": "Sec. 11(A)(b): negocio con una agencia gubernamental sin excepción."},
            ),
        ),
        # Sec. 17: a request for access to a financial report, the notice to its subject, an objection and
        # its resolution.
        "report_access": (
            Step("access_requested", 0),
            Step("subject_notified", 0),
            Step("objection_filed", 0),
            Step("objection_resolved", 0, {"upheld": True, "resolver": "oeg_director"}),
        ),
        # Sec. 27: a regulation filed, one the House rejected, and the Code's approval.
        "regulation": (
            Step("regulation_filed", 0),
            Step("regulation_rejected", 0, {"yes_votes": 30}),
            Step("code_approved", 0),
        ),
        # Secs. 15–16: the OEG's preliminary findings on a report, the answer, and its final action (a
        # referral to the Commission with its evidence); ``after``: calendar days before today.
        "oeg_evaluation": (
            Step("preliminary_findings_received", 200),
            Step("findings_answered", 195),
            Step("oeg_final_action", 180, {"outcome": "referral", "evidence_attached": True}),
        ),
    },
    edits={
        "hearing_summons": {"witnesses": "Sr. Juan Testigo Ficticio, empleado de la oficina del Representante."},
        "resolution": {"conclusions_of_law": "La conducta probada infringe la Sec. 10(i) del Código de Ética."},
    },
)
